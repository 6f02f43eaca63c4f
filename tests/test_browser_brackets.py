"""The Brackets page in a real browser: Debian's chromium driven by Playwright.

Starts ``streamlit run inspector/main/app.py`` on a free port, goes to the
Brackets page through the sidebar navigation (the page loads the project's
tree pair by itself) and checks that a tree pair with a merged sentence is
drawn: ``svg`` elements in the scrolling box, the ``~~~`` between the two
gold trees, the status boxes; then opens the page directly by URL with a
filter and another pair.  A second test clicks bars of the per-label chart
and reads the filtered table.  Skipped only when no chromium binary exists.

Set ``JP_INSPECTOR_SCREENSHOT_BRACKETS=docs/screenshot-brackets.png`` to
also write a screenshot of the page.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inspector.common.plotly_selection import CLEAR_HINT
from tests.browser_support import ROOT, app_page, drawn
from tests.plotly_clicks import WAIT, chart_points, click_point, double_click_background, wait_for_column


@pytest.mark.browser
def test_brackets_page_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 1400) as (page, url):
        page.goto(url)
        expect(page.get_by_role("heading", name="Overview")).to_be_visible()

        # Brackets through the sidebar navigation
        page.get_by_role("link", name="Brackets").click()
        expect(page.get_by_role("heading", name="Brackets", exact=True)).to_be_visible()
        expect(page.get_by_role("heading", name="Pair #4: 2:1 trees, ∪ merged")).to_be_visible()
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
        drawn(page)
        page.screenshot(path=str(tmp_path / "brackets.png"), full_page=True)
        target = os.environ.get("JP_INSPECTOR_SCREENSHOT_BRACKETS")
        if target:
            page.screenshot(path=str(ROOT / target), full_page=True)

        # a link with a filter and a pair reopens that view
        page.goto(f"{url}/brackets?crossing=true&pair=3")  # pairs are numbered from 0 (EVALB's ID 4)
        expect(page.get_by_text("Showing 2 of 7 pairs.")).to_be_visible()
        expect(page.get_by_role("heading", name="Pair #3: 1:1 trees, ✓ exact")).to_be_visible()
        expect(page.locator(".jp-trees g.jp-crossing").first).to_be_attached()

        # clicking a table row shows that pair
        grid = page.locator('[data-testid="stDataFrame"]').first
        expect(grid).to_be_visible()
        drawn(page)
        box = grid.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + 15, box["y"] + 35 + 17)  # row 1 (pair 0), selection column
        expect(page.get_by_role("heading", name="Pair #0: 1:1 trees, ✓ exact")).to_be_visible()


@pytest.mark.browser
def test_a_click_on_a_bar_filters_the_pairs_in_chromium(tmp_path: Path) -> None:
    """Real clicks on the per-label chart (a 1280x720 window: the chart starts
    below the fold, see :mod:`tests.plotly_clicks`).  Bars in document order:
    precision of NP, S, VP, PP, ADVP, SBAR (0-5), then recall (6-11, hatched),
    then F1 (12-17, crossed)."""
    from playwright.sync_api import expect

    def shows(labels: str | None, pairs: list[str]) -> None:
        expect(page.get_by_text(f"Showing {len(pairs)} of 7 pairs.", exact=True)).to_be_visible(timeout=WAIT)
        selection = page.get_by_text("Chart selection:")
        if labels is None:
            expect(selection).to_have_count(0)
        else:
            expect(selection).to_have_text(f"Chart selection: {labels} ({CLEAR_HINT}).")
        wait_for_column(page, page.locator('[data-testid="stDataFrame"]').first, pairs)

    with app_page(tmp_path, 1280, 720) as (page, url):
        page.goto(f"{url}/brackets")
        bars = chart_points(page)
        expect(bars).to_have_count(18, timeout=WAIT)
        shows(None, ["0", "1", "2", "3", "4", "5", "6"])

        click_point(page, bars.nth(9))  # recall of PP (a hatched bar)
        shows("PP", ["0", "3", "4", "5"])
        click_point(page, bars.nth(16), shift=True)  # + F1 of ADVP
        shows("PP, ADVP", ["0", "1", "3", "4", "5"])
        click_point(page, bars.nth(5))  # precision of SBAR alone
        shows("SBAR", ["3"])
        click_point(page, bars.nth(5))  # the selected bar again: cleared
        shows(None, ["0", "1", "2", "3", "4", "5", "6"])
        # above PP's bars (66.67 %), in its column: the chart's hovermode "x" selects PP
        click_point(page, bars.nth(3), from_bottom=bars.nth(3).bounding_box()["height"] + 30)
        shows("PP", ["0", "3", "4", "5"])
        click_point(page, bars.nth(4))  # precision of ADVP
        shows("ADVP", ["1", "5"])
        double_click_background(page)
        shows(None, ["0", "1", "2", "3", "4", "5", "6"])
