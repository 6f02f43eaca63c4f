"""The command line as a process: start-up imports and a closed pipe.

* ``jpcore --help`` imports none of the subcommands (each is imported only
  when it runs), and one subcommand imports neither of the others;
* ``jpcore ... | head``: when the reader closes the pipe, the command ends
  quietly, status 0 and nothing on stderr (not ``error: : Broken pipe``),
  for text and ``--json`` output and in EVALB legacy mode.

(How fast start-up is, is measured by ``python -m bench``, never here.)
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench.shared_data import SHARED_DATA
from tests.conftest import ROOT, SAMPLE_DATA

EWT_FULL = SAMPLE_DATA / "ud" / "UD_English-EWT-full"
GOLD_TXT, SYS_TXT = EWT_FULL / "en_ewt-ud-test.gold.words.txt", EWT_FULL / "en_ewt-ud-test.nltk.tok.txt"
BUG = SHARED_DATA / "parseval" / "evalb-dist" / "bug"
COMMAND_MODULES = {"jpcore.preprocess.cli", "jpcore.parseval.cli", "jpcore.gec.cli", "jpcore.ud.cli"}


def _modules_after(argv: list[str]) -> set[str]:
    code = (
        "import sys\nfrom jpcore import cli\n"
        f"try:\n    cli.main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return set(done.stderr.split())


def test_help_imports_no_subcommand():
    modules = _modules_after(["--help"])
    assert "jpcore.cli" in modules
    assert not modules & COMMAND_MODULES
    evaluations = ("jpcore.preprocess", "jpcore.parseval", "jpcore.gec", "jpcore.ud", "jpcore.peers", "jpcore.formats")
    assert not [m for m in modules if m.startswith(evaluations)]


def test_one_subcommand_imports_only_itself():
    modules = _modules_after(["gec", "--help"])
    assert modules & COMMAND_MODULES == {"jpcore.gec.cli"}


def _read_a_little_then_close(args: list[str]) -> tuple[int, bytes, bytes]:
    process = subprocess.Popen([sys.executable, "-m", "jpcore", *args], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = process.stdout.read(100)
    process.stdout.close()  # as `| head -c 100` does
    stderr = process.stderr.read()
    return process.wait(timeout=300), head, stderr


@pytest.mark.parametrize("args", [
    ["preprocess", str(GOLD_TXT), str(SYS_TXT), "--json"],
    ["parseval", str(BUG / "bug.gld"), str(BUG / "bug.tst"), "--json"],
    ["parseval", "--evalb", "collins", *[str(BUG / "bug.gld")] * 2],
], ids=["preprocess --json", "parseval --json", "parseval legacy"])
def test_a_closed_pipe_ends_quietly(args, tmp_path):
    if args[1] == "--evalb":  # enough rows to fill the pipe: the bug trees 400 times
        big = tmp_path / "big.gld"
        big.write_bytes((BUG / "bug.gld").read_bytes() * 400)
        args = [*args[:3], str(big), str(big)]
    status, head, stderr = _read_a_little_then_close(args)
    assert head  # it had started writing
    assert (status, stderr) == (0, b"")


@pytest.mark.parametrize("task", ["gec", "preprocess"])
def test_json_names_a_file_whose_name_is_not_utf8(task, tmp_path):
    # a file name with a Latin-1 byte reaches Python as a lone surrogate; the
    # JSON writer must write its escape, not end in UnicodeEncodeError
    source = SAMPLE_DATA / "m2" / "toy-en" / "gold.m2" if task == "gec" else GOLD_TXT
    name = b"caf\xe9" + (b".m2" if task == "gec" else b".txt")
    path = bytes(tmp_path) + b"/" + name
    with open(path, "wb") as handle:
        handle.write(source.read_bytes())
    args = ["-hyp", path, "-ref", path] if task == "gec" else [path, path]
    done = subprocess.run([sys.executable, "-m", "jpcore", task, *args, "--json"], cwd=ROOT, capture_output=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert done.stderr == b""
    assert b'caf\\\\xe9' in done.stdout
