"""The app served on a free port and a page of Debian's chromium, for browser tests.

``with app_page(tmp_path) as (page, url): ...`` starts
``streamlit run inspector/main/app.py`` (headless, loopback only), waits for its
health endpoint, launches chromium by its executable path with the flags
this machine needs (Playwright cannot download a browser here), and stops
both afterwards.  The test is skipped only when no chromium binary exists
(the README's test command installs it).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_executable() -> str:
    """Debian's chromium, or skip the test."""
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    return executable


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_healthy(url: str, server: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"streamlit exited with {server.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read().strip() == b"ok":
                    return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"streamlit did not become healthy in {timeout} s:\n{log.read_text()}")


#: the server process of each URL served_app yields (bench/load.py reads its memory)
SERVER_PIDS: dict[str, int] = {}


@contextmanager
def served_app(tmp_path: Path, *options: str, env: Mapping[str, str] | None = None,
               command: Sequence[str] = ()) -> Iterator[str]:
    """Serve the app on a free loopback port (with Streamlit ``options`` such as
    ``--theme.base dark``, in the environment ``env``, else this process's, started by
    ``command``, else ``python -m streamlit run inspector/main/app.py``); yield its URL
    (:data:`SERVER_PIDS` has its process); stop it afterwards."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "streamlit.log"
    with log.open("w") as log_file:
        server = subprocess.Popen(
            [*(command or (sys.executable, "-m", "streamlit", "run", "inspector/main/app.py")),
             "--server.headless", "true", "--server.port", str(port),
             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", *options],
            cwd=ROOT, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True,
            env=None if env is None else dict(env),
        )
    try:
        _wait_healthy(url, server, log)
        SERVER_PIDS[url] = server.pid
        yield url
    finally:
        SERVER_PIDS.pop(url, None)
        try:
            os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)


@contextmanager
def app_page(tmp_path: Path, width: int = 1500, height: int = 1300, options: tuple[str, ...] = ()) -> Iterator[tuple]:
    """``(page, url)``: a chromium page (60 s default timeout, for its waits and for
    ``expect``'s, whose own default of 5 s a loaded machine outlasts) and the URL of the
    app served with Streamlit ``options``."""
    executable = chromium_executable()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=60_000)

    with served_app(tmp_path, *options) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_default_timeout(60_000)
            _RUNS[page] = ScriptRuns(page)
            yield page, url
        finally:
            browser.close()


SCRIPT_STATE = '[data-testid="stApp"]'


def settled(page, timeout: float = 120_000) -> None:
    """Wait until Streamlit's script state is ``notRunning`` (the page is drawn)."""
    page.wait_for_selector(f'{SCRIPT_STATE}[data-test-script-state="notRunning"]', timeout=timeout)


class ScriptRuns:
    """Counts the script runs the server reports finished to one page.

    Streamlit's ``data-test-script-state`` attribute cannot show a fast run:
    the frontend may handle "started", the deltas and "finished" in one render,
    so the attribute never reads ``running``.  The server's own message is
    exact: every run ends with a ``ForwardMsg`` whose ``script_finished`` is
    set, sent over the page's websocket, which Playwright lets us read.
    :attr:`page_name` is the menu title of the page the last counted run drew
    (each whole-page run starts with a ``navigation`` message naming its
    page): a run counted after a click on another page may be a rerun of the
    page left (until session 6 the gold self-check reran its page when its check was done).
    """

    def __init__(self, page, fragment_runs: bool = True) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self.finished = 0
        #: the menu title of the page the last counted run drew (``None`` before one)
        self.page_name: str | None = None
        self._running_page: str | None = None
        # a run cut short for a rerun is not counted; nor, without ``fragment_runs``, a run of
        # one fragment alone (such as the gold self-check's, every second while its check runs)
        self._not_counted = {ForwardMsg.FINISHED_EARLY_FOR_RERUN}
        if not fragment_runs:
            self._not_counted.add(ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
        page.on("websocket", lambda socket: socket.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        if isinstance(payload, str):
            return
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self.received(payload)
        message = ForwardMsg.FromString(payload)
        kind = message.WhichOneof("type")
        if kind == "navigation":
            shown = message.navigation
            self._running_page = next((entry.page_name for entry in shown.app_pages
                                       if entry.page_script_hash == shown.page_script_hash), None)
        elif kind == "script_finished" and message.script_finished not in self._not_counted:
            self.page_name = self._running_page
            self.finished += 1
            self.run_finished()

    def received(self, payload: bytes) -> None:
        """One binary frame arrived (a subclass's hook)."""

    def run_finished(self) -> None:
        """A counted run finished (a subclass's hook)."""


_RUNS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def runs_of(page) -> ScriptRuns:
    """The :class:`ScriptRuns` of a page opened by :func:`app_page` (how many runs finished, and
    the page the last one drew)."""
    return _RUNS[page]


def after_rerun(page, action, timeout: float = 120_000) -> None:
    """Do ``action`` (a click that makes Streamlit rerun) and wait until that run is drawn.

    A wait for ``notRunning`` right after a click can return before the rerun
    has started (the old page is still drawn); so we wait for the server's
    "script finished" message of a run after the action (:class:`ScriptRuns`),
    then for the script state ``notRunning`` and two animation frames (drawn).
    """
    runs = _RUNS[page]
    before = runs.finished
    action()
    deadline = time.monotonic() + timeout / 1000
    while runs.finished == before:
        if time.monotonic() > deadline:
            raise AssertionError(f"no script run finished within {timeout / 1000:.0f} s of the action")
        page.wait_for_timeout(50)  # lets Playwright deliver the websocket frames
    drawn(page, timeout)


#: Streamlit's stand-in for an element whose code is still loading (a lazily loaded chunk:
#: metrics, buttons, data grids...); the real element has another height, so the page below it moves.
SKELETON = '[data-testid="stSkeleton"]'


def drawn(page, timeout: float = 120_000) -> None:
    """:func:`settled`, no element still a loading skeleton, then two animation frames: what
    the run sent is laid out and painted.  (The script state alone is not enough: on a loaded
    machine the skeletons of lazily loaded elements outlast it, and the page's layout changes
    when they are replaced -- a tree scrolled to the top of the window moved 324 px down in CI.)"""
    settled(page, timeout)
    page.wait_for_function(f"() => !document.querySelector('{SKELETON}')", timeout=timeout)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def grid_row(grid, first_cell: str) -> list[str]:
    """The cells of a data grid's row whose first cell is ``first_cell`` (its accessible table)."""
    return grid.evaluate(
        """(grid, first) => {
             const row = Array.from(grid.querySelectorAll("table tbody tr"))
               .find(tr => tr.querySelector("td")?.textContent === first);
             return row ? Array.from(row.querySelectorAll("td"), td => td.textContent) : [];
           }""",
        first_cell,
    )


class Watcher:
    """:meth:`tick` every :attr:`every` seconds in a thread, from the start of a ``with`` block
    to its end (the samplers of the browser tests and ``bench.load``)."""

    every = 0.25

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def tick(self) -> None:
        """One look (a subclass's)."""
        raise NotImplementedError

    def _run(self) -> None:
        while not self._stop.is_set():
            self.tick()
            self._stop.wait(self.every)

    def __enter__(self) -> Watcher:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
