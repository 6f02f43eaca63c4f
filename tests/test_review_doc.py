"""docs/reviewing.md's walkthrough is what the commands print (documentation cannot drift):
its CSV imported, then its preprocess command run, in a temporary folder."""

from __future__ import annotations

import shlex
import subprocess
import sys

from tests.conftest import ROOT


def _block(text: str, fence: str) -> str:
    start = text.index(fence) + len(fence)
    return text[start:text.index("```\n", start)]


def test_the_walkthrough_is_real_output(tmp_path):
    doc = (ROOT / "docs" / "reviewing.md").read_text("utf-8")
    (tmp_path / "reviews.csv").write_text(_block(doc, "```csv\n"), "utf-8")
    session = _block(doc, "```text\n").split("\n")
    assert session[0].startswith("$ ") and session[1].startswith("$ ")
    expected = "\n".join(session[2:])

    def run(line: str) -> subprocess.CompletedProcess:
        args = shlex.split(line[2:])
        assert args[:3] == [".venv/bin/python", "-m", "jpcore"]
        args = [str(tmp_path / a) if a in ("reviews.sqlite3", "reviews.csv", "corrected.tok.txt") else a
                for a in args[1:]]
        return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)

    imported = run(session[0])
    assert imported.returncode == 0 and imported.stdout == "", imported.stderr
    done = run(session[1])
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected.replace("written to corrected.tok.txt",
                                           f"written to {tmp_path / 'corrected.tok.txt'}")
    gold = (ROOT / session[1].split()[5]).read_bytes().split(b"\n")
    corrected = (tmp_path / "corrected.tok.txt").read_bytes().split(b"\n")
    assert corrected == [*gold[:2], gold[2] + b" " + gold[3], *gold[4:]]
