"""The Overview's mismatch chart in a real browser: Debian's chromium driven by Playwright.

Clicks markers of the "where the mismatches are" chart (see
:mod:`tests.plotly_clicks`), reads the units listed under it, draws a box
with the chart's box tool, and follows a unit to the Sentences & tokens page,
after that page had shown another unit.  Skipped only when no chromium
binary exists.

Markers in document order (EWT excerpt, words vs nltk): token errors of the
13 exact units with errors (0-12: units 1, 3, 12, 14, 39, 48, 52, 56, 58, 68,
83, 92, 98), of the 6 units cut differently, one trace per word (13-14 split:
units 10, 38; 15-17 merged: units 2, 19, 80; 18 regrouped: unit 46), then the
same units' sentence errors (19-31, 32-37).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page, drawn
from tests.plotly_clicks import WAIT, chart_points, click_point, double_click_background, wait_for_column

CLEAR = "(double-click the chart to clear the selection)"


@pytest.mark.browser
def test_chart_selection_lists_units_and_opens_one_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 1300) as (page, url):
        # the Sentences page has shown unit 46 before
        page.goto(f"{url}/sentences?unit=46")
        expect(page.get_by_role("heading", name="Unit #46: 2:2 sentences, ± regrouped")).to_be_visible(timeout=WAIT)
        page.get_by_role("link", name="Overview").click()
        markers = chart_points(page, selector="path.point")
        expect(markers).to_have_count(38, timeout=WAIT)
        expect(page.get_by_text("Click a marker of the chart", exact=False)).to_be_visible()
        summary = page.locator('[data-testid="stMarkdownContainer"]').filter(has_text="Selected in the chart:")
        expect(summary).to_have_count(0)
        table = page.locator(".st-key-mismatch_units [data-testid='stDataFrame']")

        click_point(page, markers.nth(16), from_bottom=None)  # unit 19's token errors
        expect(summary).to_have_text(f"Selected in the chart: 1 unit: #19 {CLEAR}", timeout=WAIT)
        wait_for_column(page, table, ["19"])
        # shift+click adds a marker of the same panel (plotly keeps one selection per panel)
        click_point(page, markers.nth(5), shift=True, from_bottom=None)  # + unit 48's token errors
        expect(summary).to_have_text(f"Selected in the chart: 2 units: #19, #48 {CLEAR}", timeout=WAIT)
        wait_for_column(page, table, ["19", "48"])
        assert table.locator("table thead th").all_text_contents() == [
            "Unit", "Kind", "Ratio", "Words FP", "Words FN", "Sent FP", "Sent FN", "Gold lines", "Gold", "System"]
        wait_for_column(page, table, ["merged", "exact"], column=1)
        wait_for_column(page, table, ["2", "3"], column=3)  # Words FP
        wait_for_column(page, table, ["8", "15"], column=4)  # Words FN
        expect(page.get_by_role("button", name="Open unit #19 on Sentences & tokens")).to_be_visible()

        # a box over the token errors up to unit 19 (the toolbar's box tool)
        double_click_background(page)
        expect(summary).to_have_count(0, timeout=WAIT)
        chart = page.locator('[data-testid="stPlotlyChart"]').first
        chart.hover()
        chart.locator('.modebar-btn[data-val="select"]').click()
        area = chart.locator("rect.nsewdrag").first.bounding_box()
        unit_19 = markers.nth(16).bounding_box()
        assert area is not None and unit_19 is not None
        page.mouse.move(area["x"] + 2, area["y"] + 2)
        page.mouse.down()
        page.mouse.move(unit_19["x"] + 20, area["y"] + area["height"] / 2, steps=5)
        page.mouse.move(unit_19["x"] + 20, area["y"] + area["height"] - 1, steps=5)
        page.mouse.up()
        expect(summary).to_have_text(
            f"Selected in the chart: 7 units: #1, #2, #3, #10, #12, #14, #19 {CLEAR}", timeout=WAIT)
        wait_for_column(page, table, ["1", "2", "3", "10", "12", "14", "19"])

        # choose unit 10 (row 4) and open it on the Sentences page
        drawn(page)
        box = table.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + 15, box["y"] + 35 + 3 * 35 + 17)  # row 4, selection column
        button = page.get_by_role("button", name="Open unit #10 on Sentences & tokens")
        expect(button).to_be_visible(timeout=WAIT)
        page.screenshot(path=str(tmp_path / "overview.png"))
        button.click()
        expect(page.get_by_role("heading", name="Sentences & tokens")).to_be_visible(timeout=WAIT)
        expect(page.get_by_role("heading", name="Unit #10: 1:2 sentences, ÷ split")).to_be_visible(timeout=WAIT)
        expect(page.get_by_role("spinbutton", name="Unit #")).to_have_value("10")
        page.wait_for_function("() => new URLSearchParams(location.search).get('unit') === '10'")
        assert page.url.split("?")[0].endswith("/sentences")
