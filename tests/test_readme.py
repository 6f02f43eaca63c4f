"""The README's example output is the real output (documentation cannot drift)."""

from __future__ import annotations

import shlex
import subprocess
import sys

from tests.conftest import ROOT


def test_readme_cli_example_is_what_the_cli_prints():
    readme = (ROOT / "README.md").read_text("utf-8")
    block = readme[readme.index("```text\n$ ") + len("```text\n$ "):]
    block = block[: block.index("```\n")]
    command, _, expected = block.partition("\n")
    args = shlex.split(command)
    assert args[:3] == [".venv/bin/python", "-m", "jpcore"]
    out = subprocess.run([sys.executable, *args[1:]], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout == expected


def test_readme_opens_with_the_two_commands_and_ci_calls_the_test_one():
    readme = (ROOT / "README.md").read_text("utf-8")
    commands = [part.split("\n")[0] for part in readme.split("```bash\n")[1:3]]
    assert commands == ["bash scripts/run-app.sh", "bash scripts/run-tests.sh"]
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert [line for line in ci.splitlines() if line and not line.startswith("#")] == ["exec bash scripts/run-tests.sh"]
