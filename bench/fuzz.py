"""``python -m bench.fuzz --minutes N``: a long differential fuzz run of the four C accelerators.

Not a CI test: the suite's budget is tests/test_c_hostile.py (and the
sanitized run); this runs for as long as it is given.  Each module gets an
equal share of the time, in its own subprocess, with one target that takes
fuzzer bytes and holds the C path equal to the Python path through the
tests' own helpers:

* ``treescan``: the bytes as a tree file, :func:`read_trees_bytes` (C first)
  against the Python reader (tests/test_tree_scan.py);
* ``pairscore``: the bytes as gold trees; when they read and every word keeps
  characters, system trees are made over the same words (tests'
  ``random_tree``, seeded from the bytes) and the C scorer is held equal to
  the general path (tests/test_parseval_same_words.py);
* ``fastlines``: the bytes cut in two at the first NUL-free split byte as gold
  and test files, scored under a parameter set picked by the first byte
  (tests/test_evalb_fastlines.py's ``PARAMS``), both paths equal;
* ``filescore``: the bytes cut in two as gold and system files, and the bytes
  as gold against a system over the same words with sentences split and
  merged (seeded from the bytes): ``jpcore parseval``'s compiled paths
  (:mod:`jpcore.parseval.quick`) give the rows of the Python path
  (tests/test_parseval_quick.py's ``any_rows`` and ``python_rows``), or step
  aside, where the Python reader refuses the input, without raising anything
  but its error.

Engine: atheris (libFuzzer, coverage of the Python reference guiding the
bytes) when it is installed (``pip install atheris``; it installs from PyPI
here), else hypothesis (``st.binary``, generation only, no shrinking).  A
finding is a difference or any exception; its input is written to
``bench/results/fuzz/`` and counted.  ``--sanitized`` runs every target with
the modules built under ASan/UBSan (tests/sanitizers.py; hypothesis engine,
since atheris brings its own runtime).  The last line per module says how
many inputs ran and how many findings there were; the status is 1 on any
finding.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from jpcore.atomic import write_atomic

ROOT = Path(__file__).resolve().parents[1]
FINDINGS = ROOT / "bench" / "results" / "fuzz"
MODULES = ("treescan", "pairscore", "fastlines", "filescore")

#: a few real inputs to start from (libFuzzer's corpus; hypothesis has its own)
SEEDS = [
    b"(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (PRT (RP down))) (. .)))\n",
    b"(S (A (NN a) (NN b)) (B (NN c) (NN d)))\n( (S (NP (PRP I)) (VP (VBD ran))))\n",
    b"(S (NN a))\x00(NP (NN a))\n",
]


def _target(module: str) -> Callable[[bytes], None]:
    """The differential check of one module: returns, or raises on a difference."""
    if module == "treescan":
        from tests.test_tree_scan import public_read, python_read

        def check(data: bytes) -> None:
            assert public_read(data, "fuzz") == python_read(data, "fuzz")
        return check
    if module == "pairscore":
        from jpcore.errors import InputError
        from jpcore.formats.trees import read_trees_bytes
        from jpcore.parseval import same_words
        from jpcore.parseval.evaluation import default_normaliser
        from jpcore.parseval.score import LabelCutter
        from tests.test_parseval_same_words import assert_same, both_paths, random_tree
        normaliser = default_normaliser()

        def check(data: bytes) -> None:
            try:
                gold_trees = read_trees_bytes(data, "gold")
            except InputError:
                return
            rng = random.Random(data)
            lines = [random_tree(tree.words, rng) for tree in gold_trees if tree.words]
            if len(lines) != len(gold_trees):
                return
            system = ("\n".join(lines) + "\n").encode()
            sys_trees = read_trees_bytes(system, "system")
            if same_words.same_words_pairs(gold_trees, sys_trees, normaliser, LabelCutter()) is None:
                return  # a word without characters after normalisation: not the shortcut's input
            assert_same(*both_paths(data, system))
        return check
    if module == "fastlines":
        from tests.test_evalb_fastlines import PARAMS, _both
        names = sorted(PARAMS)

        def check(data: bytes) -> None:
            if not data:
                return
            params = PARAMS[names[data[0] % len(names)]]
            cut = data[1] % max(1, len(data) - 1) + 1 if len(data) > 1 else 1
            gold, test = data[1:cut], data[cut:]
            result, python = _both(gold, test, params)
            assert result == python
        return check
    if module == "filescore":
        from jpcore.errors import InputError
        from jpcore.formats.trees import read_trees_bytes
        from tests.test_parseval_quick import any_rows, python_rows
        from tests.test_parseval_same_words import random_tree

        def same_rows(gold: bytes, system: bytes) -> None:
            try:
                expected = python_rows(gold, system)
            except InputError:
                try:
                    any_rows(gold, system)  # None (steps aside) or the reader's error: both fine
                except InputError:
                    pass
                return
            counted = any_rows(gold, system)
            assert counted is None or counted == expected, (counted, expected)

        def check(data: bytes) -> None:
            cut = data[0] % max(1, len(data)) if data else 0
            same_rows(data[:cut], data[cut:])
            try:
                gold_trees = read_trees_bytes(data, "gold")
            except InputError:
                return
            rng = random.Random(data)
            lines: list[str] = []
            for tree in gold_trees:
                words = list(tree.words)
                if len(words) > 1 and rng.random() < 0.2:  # a sentence split
                    at = rng.randrange(1, len(words))
                    lines += [random_tree(words[:at], rng), random_tree(words[at:], rng)]
                elif words:
                    lines.append(random_tree(words, rng))
                if len(lines) > 1 and rng.random() < 0.2:  # two sentences merged
                    lines[-2:] = [f"(S {lines[-2]} {lines[-1]})"]
            same_rows(data, ("\n".join(lines) + "\n").encode())
        return check
    raise ValueError(module)


def _record(module: str, data: bytes, error: BaseException) -> None:
    FINDINGS.mkdir(parents=True, exist_ok=True)
    path = FINDINGS / f"{module}-{abs(hash(data)):x}.bin"
    write_atomic(path, data)
    print(f"finding: {module}: {type(error).__name__}: {str(error)[:200]} (input: {path})", file=sys.stderr)


def run_hypothesis(module: str, seconds: float) -> dict:
    """Generate inputs until the time is up; every one checked."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    check = _target(module)
    counts = {"inputs": 0, "findings": 0}
    deadline = time.monotonic() + seconds

    class TimeUp(Exception):
        pass

    pieces = st.sampled_from([b"(", b")", b" ", b"\n", b"\r", b"\x00", b"\xff", b"\xc3\xa9", b"(NN a)", b"(S ",
                              b"(X)", b"()", b"-NONE-", b"TOP", b"a", b"\t"])
    data = st.one_of(st.binary(max_size=400), st.lists(pieces, max_size=60).map(b"".join))

    @settings(max_examples=10**9, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(data)
    def fuzz(data: bytes) -> None:
        if time.monotonic() > deadline:
            raise TimeUp
        counts["inputs"] += 1
        try:
            check(data)
        except Exception as error:  # noqa: BLE001 - every exception is a finding
            counts["findings"] += 1
            _record(module, data, error)

    def time_up(error: BaseException) -> bool:
        """The stop signal, alone or as all of a group (hypothesis replays the input that raised
        it; when that input first passed, it reports both runs as a ``FlakyFailure`` group)."""
        if isinstance(error, BaseExceptionGroup):
            return all(time_up(inner) for inner in error.exceptions)
        return isinstance(error, TimeUp)

    try:
        fuzz()
    except Exception as error:  # noqa: BLE001 - only the stop signal is expected here
        if not time_up(error):
            raise
    return counts


def run_atheris(module: str, seconds: float) -> dict:
    """libFuzzer through atheris for ``seconds``, in this process (it exits on a finding)."""
    import atheris
    import hypothesis  # noqa: F401 - the tests' helpers import it: not instrumented (slow, not ours)
    import pytest  # noqa: F401

    with atheris.instrument_imports(include=["jpcore"]):
        check = _target(module)
    corpus = FINDINGS.parent / f"fuzz-corpus-{module}"
    corpus.mkdir(parents=True, exist_ok=True)
    for i, seed in enumerate(SEEDS):
        write_atomic(corpus / f"seed{i}", seed)
    FINDINGS.mkdir(parents=True, exist_ok=True)
    atheris.Setup([sys.argv[0], f"-max_total_time={int(seconds)}", "-max_len=4096", "-print_final_stats=1",
                   f"-artifact_prefix={FINDINGS}/{module}-", str(corpus)], check)
    atheris.Fuzz()
    return {}


def _child(module: str, engine: str, seconds: float, env: dict[str, str]) -> dict:
    """One module's run in a subprocess: its inputs and findings."""
    command = [sys.executable, "-m", "bench.fuzz", "--child", module, "--engine", engine, "--seconds", str(seconds)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    output = done.stdout + done.stderr
    if engine == "atheris":
        runs = re.findall(r"stat::number_of_executed_units: (\d+)", output) or re.findall(r"Done (\d+) runs", output)
        inputs = int(runs[-1]) if runs else 0
        findings = 0 if done.returncode == 0 else 1
    else:
        last = [line for line in done.stdout.splitlines() if line.startswith("{")]
        figures = json.loads(last[-1]) if last else {"inputs": 0, "findings": 1}
        inputs, findings = figures["inputs"], figures["findings"] + (done.returncode != 0)
    if findings:
        print(output[-3000:], file=sys.stderr)
    return {"module": module, "engine": engine, "seconds": round(seconds), "inputs": inputs, "findings": findings}


def main(argv: list[str] | None = None) -> int:
    """Fuzz each module for its share of ``--minutes``; print one JSON line per module."""
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="the whole run's time (default 3)")
    parser.add_argument("--only", choices=MODULES, action="append", help="fuzz only this module (repeatable)")
    parser.add_argument("--engine", choices=("auto", "atheris", "hypothesis"), default="auto")
    parser.add_argument("--sanitized", action="store_true", help="the modules built under ASan/UBSan")
    parser.add_argument("--child", choices=MODULES, help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        if args.engine == "atheris":
            run_atheris(args.child, args.seconds)
            return 0
        print(json.dumps(run_hypothesis(args.child, args.seconds)))
        return 0
    engine = args.engine
    if engine == "auto":
        try:
            import atheris  # noqa: F401
            engine = "hypothesis" if args.sanitized else "atheris"
        except ImportError:
            engine = "hypothesis"
    env = dict(os.environ)
    if args.sanitized:
        from tests import sanitizers

        sanitizers.build()
        env = sanitizers.environment(env)
    modules = args.only or list(MODULES)
    seconds = args.minutes * 60 / len(modules)
    rows = [_child(module, engine, seconds, env) for module in modules]
    for row in rows:
        print(json.dumps(row))
    return 1 if any(row["findings"] for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
