"""Uploads over the app's limits, in Debian's chromium (issue 6, items 3 and 5).

The uploader says the app's real limit, 20 MB per file (Streamlit's
``server.maxUploadSize`` is the app's limit since issue 25 item 12): a 21 MB
gold file is refused in the browser before it is sent, nothing changes, and
the sample loaded before stays on screen.  (A paste or a JSON result over
20 MB is refused by the server with the command line to use:
tests/test_app_input_limits.py.)
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
def test_the_uploader_says_the_real_limit_and_refuses_a_larger_file(tmp_path: Path) -> None:
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

        # the uploader names the real limit
        expect(sidebar.get_by_text("20MB per file", exact=False).first).to_be_visible()
        expect(sidebar.get_by_text("50MB", exact=False)).to_have_count(0)
        # over 20 MB: refused in the browser, never sent
        uploads.nth(0).set_input_files(files=[{
            "name": "big-gold.txt", "mimeType": "text/plain", "buffer": _tokenized(21 * MB)}])
        expect(sidebar.get_by_text("or smaller")).to_be_visible()
        expect(sidebar.get_by_text("Upload a gold and a system file to evaluate them.")).to_be_visible()
        # the Overview still shows the sample's scores (sentences 101/9/10)
        expect(page.get_by_text("English EWT excerpt: gold words vs nltk").first).to_be_visible()
