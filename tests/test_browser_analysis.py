"""The Analysis page in a real browser: a click on a bucket row's checkbox or
on a bar filters the units, a click on a matrix cell lists its examples
(AppTest can only fake the events).

Debian's chromium driven by Playwright (see :mod:`tests.browser_support`);
skipped only when no chromium binary exists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page, drawn

#: Milliseconds to wait for a rerun or a chart (plotly loads lazily).
WAIT = 60_000


@pytest.mark.browser
def test_analysis_page_clicks_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 2600) as (page, url):
        # the Overview loads the EWT excerpt, the Brackets page the project's
        # tree pair; Analysis reads both
        page.goto(url)
        expect(page.get_by_role("heading", name="Overview")).to_be_visible(timeout=WAIT)
        page.get_by_role("link", name="Brackets").click()
        expect(page.get_by_role("heading", name="Brackets", exact=True)).to_be_visible(timeout=WAIT)
        page.get_by_role("link", name="Analysis").click()
        expect(page.get_by_role("heading", name="Analysis")).to_be_visible(timeout=WAIT)
        expect(page.get_by_text("Showing all 107 units")).to_be_visible(timeout=WAIT)  # tokens first

        # a click on the checkbox of the buckets table's 41+ row (the fourth,
        # below the 35 px header; the checkbox column is the first ~33 px)
        buckets = page.locator('[data-testid="stDataFrame"]').first
        expect(buckets).to_be_visible(timeout=WAIT)
        drawn(page)
        table = buckets.bounding_box()
        assert table is not None

        def tick(row: int) -> None:
            page.mouse.click(table["x"] + 16, table["y"] + 35 + 35 * row + 17)

        tick(3)
        expect(page.get_by_text("Table selection: 41+ — showing 15 of 107 units")).to_be_visible(timeout=WAIT)
        tick(3)  # untick: all units again
        expect(page.get_by_text("Showing all 107 units")).to_be_visible(timeout=WAIT)

        # a click on the bars of the 41+ bucket filters the units below
        chart = page.locator('[data-testid="stPlotlyChart"]').first
        expect(chart.locator("g.point path")).to_have_count(12, timeout=WAIT)  # 4 buckets x P, R, F
        drawn(page)
        bar = chart.locator("g.point path").nth(3).bounding_box()  # P of 41+
        assert bar is not None
        page.mouse.click(bar["x"] + bar["width"] / 2, bar["y"] + bar["height"] - 10)
        expect(page.get_by_text("Chart selection: 41+ — showing 15 of 107 units")).to_be_visible(timeout=WAIT)
        tick(0)  # and the 1-10 row: the units of either selection
        both = "Table selection: 1-10; chart selection: 41+ — showing 43 of 107 units"
        expect(page.get_by_text(both)).to_be_visible(timeout=WAIT)

        # brackets: a click on the NP/NP cell of the label matrix lists its constituents
        page.get_by_text("Brackets", exact=True).last.click()
        expect(page.get_by_text("Summed over the buckets (TP/FP/FN): Brackets 44/6/8")).to_be_visible(timeout=WAIT)
        page.get_by_text("bracket labels", exact=True).click()
        expect(page.get_by_text("58 items, 44 on the diagonal")).to_be_visible(timeout=WAIT)
        grid = page.locator('[data-testid="stDataFrame"]').nth(2)  # buckets, units, matrix
        expect(grid).to_be_visible(timeout=WAIT)
        drawn(page)
        box = grid.bounding_box()
        assert box is not None
        # row NP (first row, below the 35 px header); the NP column follows the
        # row-header column, a quarter of the way across the stretched grid
        page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + 35 + 17)
        expect(page.get_by_text("NP (gold) → NP (system): 18 examples")).to_be_visible(timeout=WAIT)
