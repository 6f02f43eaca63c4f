"""Uploads over the app's limits, in Debian's chromium (issue 6, items 3 and 5).

A 21 MB gold file is over the app's 20 MB limit (inspector/input_limits.py):
the server refuses it with a message naming the file, its size and the
command line, and the sample loaded before stays on screen.  A 51 MB file is
over Streamlit's ``server.maxUploadSize`` (50 MB, .streamlit/config.toml):
the browser refuses it before sending, and nothing changes.  Skipped only
when no chromium binary exists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page, settled

MB = 1024 * 1024
LINE = b"a b c .\n"


def _tokenized(size: int) -> bytes:
    return LINE * (size // len(LINE)) + b"x" * (size % len(LINE))


@pytest.mark.browser
def test_uploads_over_the_limits_are_refused_with_a_pointer_to_the_cli(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path) as (page, url):
        page.goto(url)
        expect(page.get_by_role("heading", name="Overview")).to_be_visible()
        settled(page, 60_000)
        sidebar = page.locator('[data-testid="stSidebar"]')
        sidebar.get_by_text("Upload files", exact=True).click()
        settled(page, 60_000)
        uploads = sidebar.locator('input[type="file"]')
        expect(uploads).to_have_count(3)

        # over Streamlit's 50 MB: refused in the browser, never sent
        huge = tmp_path / "huge-gold.txt"  # Playwright passes buffers over 50 MB as files only
        huge.write_bytes(_tokenized(51 * MB))
        uploads.nth(0).set_input_files(huge)
        expect(sidebar.get_by_text("or smaller")).to_be_visible()
        expect(sidebar.get_by_text("Upload a gold and a system file to evaluate them.")).to_be_visible()

        # over the app's 20 MB: refused by the server with the command to use
        uploads.nth(0).set_input_files(files=[{
            "name": "big-gold.txt", "mimeType": "text/plain", "buffer": _tokenized(21 * MB)}])
        uploads.nth(1).set_input_files(files=[{
            "name": "sys.txt", "mimeType": "text/plain", "buffer": b"a b c .\n"}])
        alert = page.locator('[data-testid="stAlertContentError"]')
        expect(alert).to_contain_text(
            "big-gold.txt: expected at most 20 MB per file in the app, found 21.0 MB (22,020,096 bytes); "
            "evaluate it with the command line, which has no such limit: "
            "python -m jpcore preprocess GOLD SYSTEM --stream", timeout=120_000)
        expect(alert).to_contain_text("Still showing the previous data: English EWT excerpt: gold words vs nltk.")
        # the Overview still shows the sample's scores (sentences 101/9/10)
        expect(page.get_by_text("English EWT excerpt: gold words vs nltk").first).to_be_visible()
