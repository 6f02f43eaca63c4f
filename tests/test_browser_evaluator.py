"""A large upload is evaluated in a child process of the server, in Debian's chromium (issue 26
item 3; inspector/common/evaluator.py).

The 1 MB English EWT test CoNLL-U pair (gold against nltk's parse, ../shared/data) uploaded on
the Dependencies page: the server's fork server forks a child that evaluates it (seen in
``/proc``: a child of the fork server, a child of the server, spending CPU), and the page shows
jpcore's figures (LAS F1 1.08 %, UAS F1 3.31 %, as ``python -m jpcore ud`` prints them).  The
same upload with that child killed (SIGKILL, as the out-of-memory killer would) shows one error
line naming the input, the page drawn and not running, within a minute.  Waits are for the
server's script runs and what the page shows, never a fixed time.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.browser_support import SERVER_PIDS, Watcher, after_rerun, app_page, drawn

EWT = Path(__file__).resolve().parents[2] / "shared" / "data" / "ud" / "UD_English-EWT"


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


class ChildWatch(Watcher):
    """Polls the server's process tree: the evaluating children (children of its fork server that
    spend CPU); with ``kill``, SIGKILLs the first one seen evaluating."""

    every = 0.02

    def __init__(self, server: int, kill: bool) -> None:
        super().__init__()
        self.server, self.kill = server, kill
        self.busy: set[int] = set()
        self.killed: list[int] = []

    def tick(self) -> None:
        """Note the children evaluating now (and kill the first, with ``kill``)."""
        for forkserver in _children(self.server):
            for child in _children(forkserver):
                try:
                    ticks = _cpu_ticks(child)
                except OSError:
                    continue
                if ticks > 20:  # 0.2 s of CPU: it evaluates (an idle child has used almost none)
                    self.busy.add(child)
                    if self.kill and not self.killed:
                        os.kill(child, signal.SIGKILL)
                        self.killed.append(child)


def _upload_on_dependencies(page, kill: bool, url: str, until) -> ChildWatch:
    """Upload the pair on the Dependencies page, watching the server's children until ``until()``
    (an ``expect`` of what the page shows once the load is over) has passed."""
    from playwright.sync_api import expect

    page.goto(f"{url}/deps")
    expect(page.get_by_role("heading", name="Dependencies", exact=True, level=1)).to_be_visible()
    drawn(page)
    sidebar = page.locator('[data-testid="stSidebar"]')
    after_rerun(page, lambda: sidebar.get_by_text("Upload files", exact=True).click())
    uploads = sidebar.locator('input[type="file"]')
    after_rerun(page, lambda: uploads.nth(0).set_input_files(EWT / "en_ewt-ud-test.conllu"))
    with ChildWatch(SERVER_PIDS[url], kill) as watch:
        after_rerun(page, lambda: uploads.nth(1).set_input_files(EWT / "en_ewt-ud-test.nltk.conllu"), 300_000)
        until()
    drawn(page)
    return watch


@pytest.mark.browser
def test_a_large_upload_is_evaluated_in_a_child_with_jpcores_figures(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    with app_page(tmp_path) as (page, url):
        metrics = page.locator('[data-testid="stMetric"]')
        watch = _upload_on_dependencies(page, False, url, lambda: expect(
            metrics.filter(has_text="LAS F1").first).to_contain_text("1.08%", timeout=300_000))
        expect(page.get_by_text("en_ewt-ud-test.conllu vs en_ewt-ud-test.nltk.conllu (uploaded)").first).to_be_visible()
        expect(metrics.filter(has_text="UAS F1").first).to_contain_text("3.31%")
        assert len(watch.busy) >= 1, "no child of the server's fork server evaluated the upload"


@pytest.mark.browser
def test_a_killed_child_is_one_error_line_not_a_hang(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    with app_page(tmp_path) as (page, url):
        started = time.monotonic()
        error = page.locator('[data-testid="stAlertContentError"]')
        watch = _upload_on_dependencies(page, True, url, lambda: expect(error).to_have_count(1, timeout=300_000))
        assert len(watch.killed) == 1
        size = f"{(EWT / 'en_ewt-ud-test.conllu').stat().st_size + (EWT / 'en_ewt-ud-test.nltk.conllu').stat().st_size:,}"
        expect(error.locator("p")).to_have_text(
            "Could not load en_ewt-ud-test.conllu vs en_ewt-ud-test.nltk.conllu (uploaded): the process evaluating "
            f"it stopped before it answered (killed, or out of memory), {size} bytes of input. Still showing the "
            "previous treebanks: EWT, 49 sentences: parse and tag errors, same tokens.")
        assert page.locator('[data-testid="stApp"]').get_attribute("data-test-script-state") == "notRunning"
        assert page.locator('[data-testid="stException"]').count() == 0
        assert time.monotonic() - started < 120
