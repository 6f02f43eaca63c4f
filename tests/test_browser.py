"""The inspector in a real browser: Debian's chromium driven by Playwright.

Starts ``streamlit run inspector/main/app.py`` on a free port, opens the app
(which loads the EWT excerpt by itself), checks a headline number on the
Overview, switches to "Sentences & tokens" through the sidebar navigation
and finds a merged unit rendered with ``~~~``.  Skipped only when no
chromium binary exists (the README's test command installs it).

Set ``JP_INSPECTOR_SCREENSHOT=docs/screenshot-sentences.png`` to also write
the README's screenshot of the Sentences page (unit 46 selected).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser_support import ROOT, app_page, drawn


@pytest.mark.browser
def test_app_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 1300) as (page, url):
        page.goto(url)

        # Overview, with the EWT excerpt loaded without a click.
        expect(page.get_by_role("heading", name="Overview")).to_be_visible()
        expect(page.get_by_text("91.82%", exact=True)).to_be_visible()  # sentence P
        expect(page.get_by_text("97.83%", exact=True)).to_be_visible()  # words F1

        # Sentences & tokens through the sidebar navigation.
        page.get_by_role("link", name="Sentences & tokens").click()
        expect(page.get_by_role("heading", name="Sentences & tokens")).to_be_visible()
        merged_rows = page.locator("table.jp-units tr").filter(has_text="∪ sentences merged").filter(
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
        drawn(page)
        box = grid.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + 15, box["y"] + 35 + 17)  # row 1, selection column
        expect(page.get_by_role("heading", name="Unit #46")).to_be_visible()
        expect(page.get_by_text("1 gold word is split into 2 system words", exact=False).first).to_be_attached()
        drawn(page)
        page.screenshot(path=str(tmp_path / "sentences.png"))
        target = os.environ.get("JP_INSPECTOR_SCREENSHOT")
        if target:
            page.screenshot(path=str(ROOT / target))

        # Back to the Overview: the same numbers.
        page.get_by_role("link", name="Overview").click()
        expect(page.get_by_text("91.82%", exact=True)).to_be_visible()
