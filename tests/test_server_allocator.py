"""The app's server runs on the allocator that gives a closed session's memory back (issue 26 item 3).

:mod:`inspector.main.allocator` says what the server's environment sets
(``PYTHONMALLOC=malloc``, ``MALLOC_ARENA_MAX=2``; why and the figures:
docs/robustness.md).  Tested here: the settings themselves, the words
``scripts/run-app.sh`` reads from ``python -m inspector.main.allocator``,
and real servers started both ways the app is started for people --
``scripts/run-app.sh``'s own ``exec`` line and ``jp-inspector``
(:mod:`inspector.launch`, which starts Python again with the settings) --
whose process environment (``/proc/PID/environ``, what the interpreter read
when it started) holds them, or the value a user gave instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from inspector.main.allocator import ALLOCATOR_ENV, missing, server_environment
from tests.browser_support import ROOT, SERVER_PIDS, served_app


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def _without_settings() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ALLOCATOR_ENV}


def test_the_settings_and_a_users_own_value_wins() -> None:
    assert ALLOCATOR_ENV == {"PYTHONMALLOC": "malloc", "MALLOC_ARENA_MAX": "2"}
    assert server_environment({"HOME": "/h"}) == {"PYTHONMALLOC": "malloc", "MALLOC_ARENA_MAX": "2", "HOME": "/h"}
    assert server_environment({"MALLOC_ARENA_MAX": "4"}) == {"PYTHONMALLOC": "malloc", "MALLOC_ARENA_MAX": "4"}
    assert missing({}) == ["PYTHONMALLOC=malloc", "MALLOC_ARENA_MAX=2"]
    assert missing({"PYTHONMALLOC": "pymalloc"}) == ["MALLOC_ARENA_MAX=2"]
    assert missing(ALLOCATOR_ENV) == []


def test_the_words_run_app_reads() -> None:
    def words(env: dict[str, str]) -> str:
        return subprocess.run([sys.executable, "-m", "inspector.main.allocator"], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True).stdout

    assert words(_without_settings()) == "PYTHONMALLOC=malloc MALLOC_ARENA_MAX=2\n"
    assert words({**_without_settings(), "PYTHONMALLOC": "pymalloc"}) == "MALLOC_ARENA_MAX=2\n"


def test_run_apps_server_runs_with_the_settings(tmp_path: Path) -> None:
    script = (ROOT / "scripts" / "run-app.sh").read_text()
    [line] = [line for line in script.splitlines() if line.startswith("exec ")]
    assert line == ('exec env $(.venv/bin/python -m inspector.main.allocator) '
                    '.venv/bin/streamlit run inspector/main/app.py "$@"')
    venv = Path(sys.executable).parent.parent  # the test's own .venv (a worktree may share it)
    line = line.replace(".venv/", f"{venv}/")
    with served_app(tmp_path, env=_without_settings(), command=("bash", "-c", line, "run-app.sh")) as url:
        pid = SERVER_PIDS[url]  # bash execs env, env execs streamlit: the same process
        environ, command = _environ(pid), Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    assert (environ["PYTHONMALLOC"], environ["MALLOC_ARENA_MAX"]) == ("malloc", "2")
    assert Path(command[1].decode()).name == "streamlit" and command[2:4] == [b"run", b"inspector/main/app.py"]


def test_jp_inspectors_server_runs_with_the_settings_or_the_users(tmp_path: Path) -> None:
    launch = (sys.executable, "-m", "inspector.launch")
    with served_app(tmp_path, env=_without_settings(), command=launch) as url:
        environ = _environ(SERVER_PIDS[url])
    assert (environ["PYTHONMALLOC"], environ["MALLOC_ARENA_MAX"]) == ("malloc", "2")
    with served_app(tmp_path, env={**_without_settings(), "PYTHONMALLOC": "pymalloc"}, command=launch) as url:
        environ = _environ(SERVER_PIDS[url])
    assert (environ["PYTHONMALLOC"], environ["MALLOC_ARENA_MAX"]) == ("pymalloc", "2")
