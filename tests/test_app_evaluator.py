"""Large evaluations in a child process (inspector/common/evaluator.py, issue 26 item 3).

Real data throughout: the 1 MB English EWT test CoNLL-U pair (../shared/data) and the
bundled samples; a real fork server and real children, killed for real.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from inspector.common import evaluator
from inspector.common.evaluator import CHILD_MIN_BYTES, EvaluationStopped
from jpcore.errors import InputError
from jpcore.formats.m2 import M2InputError
from jpcore.gec import evaluate_bytes as gec_evaluate_bytes
from jpcore.ud import evaluate_bytes as ud_evaluate_bytes

ROOT = Path(__file__).resolve().parents[1]
EWT = ROOT.parent / "shared" / "data" / "ud" / "UD_English-EWT"
GOLD = (EWT / "en_ewt-ud-test.conllu").read_bytes()
SYSTEM = (EWT / "en_ewt-ud-test.nltk.conllu").read_bytes()


@pytest.fixture(autouse=True)
def _fresh_pool():
    evaluator.shutdown()
    yield
    evaluator.shutdown()


def test_a_large_input_goes_to_a_child_a_small_one_stays_here():
    assert evaluator.evaluate(CHILD_MIN_BYTES, os.getpid) != os.getpid()
    assert evaluator.evaluate(CHILD_MIN_BYTES - 1, os.getpid) == os.getpid()


def test_the_child_runs_with_pythons_own_allocator_and_the_server_keeps_its_environment():
    before = os.environ.get("PYTHONMALLOC")
    assert evaluator.evaluate(CHILD_MIN_BYTES, os.getenv, "PYTHONMALLOC") == "pymalloc"
    assert os.environ.get("PYTHONMALLOC") == before


def test_a_large_conllu_pair_gives_the_same_figures_in_a_child():
    size = len(GOLD) + len(SYSTEM)
    assert size >= CHILD_MIN_BYTES
    child = evaluator.evaluate(size, ud_evaluate_bytes, GOLD, SYSTEM, "gold.conllu", "nltk.conllu")
    here = evaluator.evaluate(0, ud_evaluate_bytes, GOLD, SYSTEM, "gold.conllu", "nltk.conllu")
    assert child.totals == here.totals
    assert len(child.units) == len(here.units) == 1409
    las, words = child.totals["LAS"], child.totals["Words"]
    assert (las.tp, las.gold, las.system, las.aligned) == (273, 25094, 25299, 24267)
    assert (words.tp, words.gold, words.system) == (24267, 25094, 25299)
    assert [unit.kind for unit in child.units] == [unit.kind for unit in here.units]


def test_the_gold_self_check_of_a_large_file_runs_in_a_child_a_small_ones_here():
    """The app's gold self-check (inspector/common/gold_check.py) goes through the same door: the
    EWT test gold (1 MB) is checked by a child of the pool (which the check started), with the
    command's own report; a small gold file is checked without one."""
    from inspector.common import gold_check
    from inspector.common.files import NamedBytes
    from jpcore.check import self_check

    small = NamedBytes("evaluator-test-small.conllu", GOLD[:GOLD.index(b"\n\n") + 2])
    assert gold_check.start(small).result(120) == self_check(small.data, small.name)
    assert evaluator._pool is None  # checked in this process: no pool was started
    large = NamedBytes("evaluator-test-large.conllu", GOLD)
    report = gold_check.start(large).result(300)
    assert evaluator._pool is not None  # the check started the pool: its child checked the file
    assert report == self_check(large.data, large.name)
    assert report.problem is None
    assert [line.split(":", 1)[0] for line in report.lines] == ["preprocess", "ud"]


def test_a_large_saved_result_is_read_in_a_child_with_its_signature():
    """The "Open a JSON result" loaders (inspector/common/loader.py ``read_json``) too: the 3 MB
    result ``jpcore preprocess --json`` writes for the EWT test pair is read and validated by a
    child, the same result as read here, its figures and signature kept."""
    from inspector.common.files import NamedBytes
    from inspector.common.loader import _read_saved, read_json
    from inspector.tokens.loader import SPEC

    written = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(EWT / "en_ewt-ud-test.conllu"),
                              str(EWT / "en_ewt-ud-test.nltk.conllu"), "--json"],
                             capture_output=True, check=True, cwd=ROOT).stdout
    assert len(written) >= CHILD_MIN_BYTES
    data = written.replace(b"{", b"{ ", 1)  # bytes of its own: not a result another test cached
    result, comparison, signature = read_json(SPEC, NamedBytes("ewt-preprocess.json", data))
    assert evaluator._pool is not None  # read by the pool's child
    here = _read_saved(data, "ewt-preprocess.json", SPEC.result_type.from_dict, SPEC.task)
    assert result == here[0]
    assert comparison is None and signature == here[2]
    assert signature.startswith("jpcore ") and "| preprocess | level:words |" in signature
    sentences, words = result.totals["sentences"], result.totals["tokens"]
    assert (sentences.tp, sentences.fp, sentences.fn) == (1084, 349, 993)
    assert (words.tp, words.fp, words.fn) == (24267, 1032, 827)


def test_bad_input_in_a_child_is_the_readers_own_error():
    bad = SYSTEM.replace(b"\t", b" ", 1)
    with pytest.raises(InputError) as caught:
        evaluator.evaluate(CHILD_MIN_BYTES, ud_evaluate_bytes, GOLD, bad, "gold.conllu", "bad.conllu")
    with pytest.raises(InputError) as here:
        ud_evaluate_bytes(GOLD, bad, "gold.conllu", "bad.conllu")
    assert type(caught.value) is type(here.value)
    assert str(caught.value) == str(here.value)
    assert str(caught.value).startswith("bad.conllu:")


def test_an_m2_error_keeps_its_class_and_block_across_the_process():
    m2 = (ROOT / "sample_data" / "m2" / "toy-en" / "gold.m2").read_bytes()
    broken = m2.replace(b"|||", b"||", 1)
    with pytest.raises(M2InputError) as caught:
        evaluator.evaluate(CHILD_MIN_BYTES, gec_evaluate_bytes, m2, broken, "gold.m2", "broken.m2")
    with pytest.raises(M2InputError) as here:
        gec_evaluate_bytes(m2, broken, "gold.m2", "broken.m2")
    assert (str(caught.value), caught.value.block) == (str(here.value), here.value.block)


def _kill_the_busy_child(done: threading.Event) -> list[int]:
    """SIGKILL the child that is evaluating (the first child with CPU time), as the OOM killer would."""
    killed: list[int] = []
    while not done.is_set() and not killed:
        for pid in evaluator.child_pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[11]) + int(fields[12]) > 10:  # 0.1 s of CPU: it evaluates
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                break
        time.sleep(0.01)
    return killed


def test_a_killed_child_is_a_clear_error_at_once_and_the_next_input_is_evaluated():
    done, killed = threading.Event(), []
    killer = threading.Thread(target=lambda: killed.extend(_kill_the_busy_child(done)))
    killer.start()
    started = time.monotonic()
    try:
        with pytest.raises(EvaluationStopped, match=r"^the process evaluating it stopped before it answered "
                                                    r"\(killed, or out of memory\), 2,\d{3},\d{3} bytes of input$"):
            evaluator.evaluate(len(GOLD) + len(SYSTEM), ud_evaluate_bytes, GOLD, SYSTEM, "g.conllu", "s.conllu")
    finally:
        done.set()
        killer.join()
    assert len(killed) == 1
    assert time.monotonic() - started < 60
    again = evaluator.evaluate(len(GOLD) + len(SYSTEM), ud_evaluate_bytes, GOLD, SYSTEM, "g.conllu", "s.conllu")
    assert len(again.units) == 1409


def test_an_idle_child_that_died_does_not_fail_the_next_input():
    assert evaluator.evaluate(CHILD_MIN_BYTES, os.getpid) != os.getpid()  # the pool runs; its next child waits
    deadline = time.monotonic() + 30
    while not evaluator.child_pids() and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in evaluator.child_pids():
        os.kill(pid, signal.SIGKILL)
    time.sleep(0.5)
    assert evaluator.evaluate(CHILD_MIN_BYTES, os.getpid) != os.getpid()


_SERVER = textwrap.dedent("""
    import os, sys
    from multiprocessing import forkserver
    from inspector.common import evaluator
    pid = evaluator.evaluate(evaluator.CHILD_MIN_BYTES, os.getpid)
    print(forkserver._forkserver._forkserver_pid, pid, *evaluator.child_pids(), flush=True)
    if sys.argv[1] == "kill":
        os.kill(os.getpid(), 9)
""")


def _gone(pids: list[int], seconds: float = 30) -> list[int]:
    deadline = time.monotonic() + seconds
    alive = pids
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = [pid for pid in pids if Path(f"/proc/{pid}").exists()
                 and Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"]
    return alive


@pytest.mark.parametrize("end", ["exit", "kill"])
def test_the_fork_server_and_its_children_end_with_the_server(end):
    """A server process that exits, or is killed (SIGKILL: no clean-up of its own runs), leaves
    no fork server and no child behind."""
    run = subprocess.run([sys.executable, "-c", _SERVER, end], cwd=ROOT, capture_output=True, text=True, timeout=120)
    pids = [int(word) for word in run.stdout.split()]
    assert len(pids) >= 2, run.stderr
    assert _gone(pids) == []


def test_a_child_does_not_run_the_servers_main_script(tmp_path, monkeypatch):
    """In the app's server ``__main__`` is the script Streamlit runs (inspector/main/app.py), which
    multiprocessing would run again in every new child: the child must not (it failed so)."""
    import types

    script = tmp_path / "app.py"
    script.write_text("raise SystemExit('the server script ran in a child')\n")
    main = types.ModuleType("__main__")
    main.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", main)
    assert evaluator.evaluate(CHILD_MIN_BYTES, os.getpid) != os.getpid()
