"""The Brackets page in a real browser: Debian's chromium driven by Playwright.

Starts ``streamlit run inspector/app.py`` on a free port, goes to the
Brackets page through the sidebar navigation (the page loads the project's
tree pair by itself) and checks that a tree pair with a merged sentence is
drawn: ``svg`` elements in the scrolling box, the ``~~~`` between the two
gold trees, the status boxes; then opens the page directly by URL with a
filter and another pair.  Skipped only when no chromium binary exists.

Set ``JP_INSPECTOR_SCREENSHOT_BRACKETS=docs/screenshot-brackets.png`` to
also write a screenshot of the page.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser_support import ROOT, app_page


@pytest.mark.browser
def test_brackets_page_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 1400) as (page, url):
        page.goto(url)
        expect(page.get_by_role("heading", name="Overview")).to_be_visible()

        # Brackets through the sidebar navigation
        page.get_by_role("link", name="Brackets").click()
        expect(page.get_by_role("heading", name="Brackets", exact=True)).to_be_visible()
        expect(page.get_by_role("heading", name="Pair #5: 2:1 trees, merged")).to_be_visible()
        trees = page.locator(".jp-trees")
        expect(trees).to_be_visible()
        assert trees.locator("svg").count() == 2  # gold and system side by side
        gold_svg = trees.locator("svg").first
        # the two gold trees of the merged pair, joined by ~~~
        expect(gold_svg.locator("text.jp-sep-t")).to_have_count(1)
        assert "~~~" in trees.inner_text()
        assert gold_svg.locator("g.jp-matched").count() == 10
        box = trees.bounding_box()
        assert box is not None and box["width"] > 300
        assert trees.evaluate("e => getComputedStyle(e).overflowX") == "auto"
        page.wait_for_timeout(300)
        page.screenshot(path=str(tmp_path / "brackets.png"), full_page=True)
        target = os.environ.get("JP_INSPECTOR_SCREENSHOT_BRACKETS")
        if target:
            page.screenshot(path=str(ROOT / target), full_page=True)

        # a link with a filter and a pair reopens that view
        page.goto(f"{url}/brackets?crossing=true&pair=4")
        expect(page.get_by_text("Showing 2 of 7 pairs.")).to_be_visible()
        expect(page.get_by_role("heading", name="Pair #4: 1:1 trees, exact")).to_be_visible()
        expect(page.locator(".jp-trees g.jp-crossing").first).to_be_attached()

        # clicking a table row shows that pair
        grid = page.locator('[data-testid="stDataFrame"]').first
        expect(grid).to_be_visible()
        page.wait_for_timeout(500)
        box = grid.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + 15, box["y"] + 35 + 17)  # row 1 (pair 1), selection column
        expect(page.get_by_role("heading", name="Pair #1: 1:1 trees, exact")).to_be_visible()
