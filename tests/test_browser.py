"""The inspector in a real browser: Debian's chromium driven by Playwright.

Starts ``streamlit run inspector/app.py`` on a free port, opens the app
(which loads the EWT excerpt by itself), checks a headline number on the
Overview, switches to "Sentences & tokens" through the sidebar navigation
and finds a merged unit rendered with ``~~~``.  Skipped only when no
chromium binary exists (the README's test command installs it).

Set ``JP_INSPECTOR_SCREENSHOT=docs/screenshot-sentences.png`` to also write
the README's screenshot of the Sentences page (unit 46 selected).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
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


def _chromium() -> str:
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


@pytest.mark.browser
def test_app_in_chromium(tmp_path: Path) -> None:
    executable = _chromium()
    from playwright.sync_api import expect, sync_playwright

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "streamlit.log"
    with log.open("w") as log_file:
        server = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "inspector/app.py",
             "--server.headless", "true", "--server.port", str(port),
             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
            cwd=ROOT, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True,
        )
    try:
        _wait_healthy(url, server, log)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1500, "height": 1300})
                page.set_default_timeout(60_000)
                page.goto(url)

                # Overview, with the EWT excerpt loaded without a click.
                expect(page.get_by_role("heading", name="Overview")).to_be_visible()
                expect(page.get_by_text("91.82%", exact=True)).to_be_visible()  # sentence P
                expect(page.get_by_text("97.83%", exact=True)).to_be_visible()  # words F1

                # Sentences & tokens through the sidebar navigation.
                page.get_by_role("link", name="Sentences & tokens").click()
                expect(page.get_by_role("heading", name="Sentences & tokens")).to_be_visible()
                merged_rows = page.locator("table.jp-units tr").filter(has_text="± merged").filter(
                    has=page.locator(".jp-sep")
                )
                expect(merged_rows.first).to_be_visible()
                assert "~~~" in merged_rows.first.inner_text()
                # unit 2 of the excerpt: two gold sentences against one nltk sentence
                assert merged_rows.filter(has_text="2:1 sentences").count() >= 1

                # A link with a filter in the URL, then a click on the table row.
                page.goto(f"{url}/sentences?shape=m%3An")
                grid = page.locator('[data-testid="stDataFrame"]').first
                expect(grid).to_be_visible()
                page.wait_for_timeout(500)
                box = grid.bounding_box()
                assert box is not None
                page.mouse.click(box["x"] + 15, box["y"] + 35 + 17)  # row 1, selection column
                expect(page.get_by_role("heading", name="Unit #46")).to_be_visible()
                expect(page.get_by_text("1 gold token is split into 2 system tokens", exact=False).first).to_be_attached()
                page.wait_for_timeout(500)
                page.screenshot(path=str(tmp_path / "sentences.png"))
                target = os.environ.get("JP_INSPECTOR_SCREENSHOT")
                if target:
                    page.screenshot(path=str(ROOT / target))

                # Back to the Overview: the same numbers.
                page.get_by_role("link", name="Overview").click()
                expect(page.get_by_text("91.82%", exact=True)).to_be_visible()
            finally:
                browser.close()
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
