"""Shared helpers of the AppTest tests: the app's path and a run that fails on any exception."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"


def run(at: AppTest) -> AppTest:
    """Run the script once; fail the test with the messages of any exception shown."""
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def cli_json(*args: str) -> dict:
    """``python -m jpcore ARGS --json``'s JSON, run as a process from the repository's root."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "jpcore", *args, "--json"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)
