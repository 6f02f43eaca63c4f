"""The Edits page in a real browser: Debian's chromium driven by Playwright.

Starts ``streamlit run inspector/main/app.py`` on a free port, opens ``/edits``
(which loads the re-segmented toy-en pair by itself), checks the headline
figures (the oracle-keep figures), that a merged unit is rendered with
``~~~`` and its highlighted edits, clicks bars of the per-type chart (see
:mod:`tests.plotly_clicks`) and reads the filtered tables, then opens the
UA-GEC sample by name from the URL
and finds its attribution.  Skipped only when no chromium binary exists.

Set ``JP_INSPECTOR_SCREENSHOT_EDITS=docs/screenshot-edits.png`` to also
write a screenshot of the page.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inspector.common.plotly_selection import CLEAR_HINT
from tests.browser_support import ROOT, app_page
from tests.plotly_clicks import WAIT, chart_points, click_point, double_click_background, wait_for_column


@pytest.mark.browser
def test_edits_page_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 1400) as (page, url):
        page.goto(f"{url}/edits")

        expect(page.get_by_role("heading", name="Edits", exact=True, level=1)).to_be_visible()
        metrics = page.locator('[data-testid="stMetric"]')
        expect(metrics.filter(has_text="F0.5").first).to_contain_text("0.8333")
        expect(metrics.filter(has_text="FN").first).to_contain_text("3")
        expect(page.get_by_text("Showing 6 of 6 units and 41 edits.")).to_be_visible()

        # a merged unit: ~~~ between its sentences, edits highlighted with their numbers
        merged = page.locator("table.gec-units tr").filter(has_text="± merged").filter(
            has=page.locator(".jp-sep"))
        expect(merged.first).to_be_visible()
        assert merged.count() >= 2
        assert "~~~" in merged.first.inner_text()
        assert merged.first.locator(".gec-edit").count() >= 1
        assert "no corrections" not in merged.first.inner_text()

        # the chart: real clicks on its bars filter the tables.  Categories:
        # M:PUNCT R:ADJ R:NOUN:NUM R:ORTH R:PART R:PREP R:PRON R:VERB:FORM
        # R:VERB:SVA R:VERB:TENSE U:DET U:PREP; bars: their P (0-11), R (12-23), F0.5 (24-35)
        bars = chart_points(page)
        expect(bars).to_have_count(36, timeout=WAIT)
        units = page.locator(".st-key-e_units [data-testid='stDataFrame']")

        def shows(names: str | None, n_units: int, n_edits: int) -> None:
            showing = page.get_by_text(f"Showing {n_units} of 6 units and {n_edits} edits.", exact=True)
            expect(showing).to_be_visible(timeout=WAIT)
            selection = page.get_by_text("Chart selection filters the tables:")
            if names is None:
                expect(selection).to_have_count(0)
            else:
                expect(selection).to_have_text(f"Chart selection filters the tables: {names} ({CLEAR_HINT}).")

        click_point(page, bars.nth(8))  # P of R:VERB:SVA
        shows("R:VERB:SVA", 4, 11)
        wait_for_column(page, units, ["0", "2", "4", "5"])
        double_click_background(page)
        shows(None, 6, 41)
        # R:ADJ's precision is 0 (a bar of height 0): a click above it, in its column, selects R:ADJ
        click_point(page, bars.nth(1), from_bottom=60)
        shows("R:ADJ", 1, 1)
        click_point(page, bars.nth(10), shift=True)  # + P of U:DET
        shows("R:ADJ, U:DET", 2, 3)
        click_point(page, bars.nth(0))  # P of M:PUNCT alone
        shows("M:PUNCT", 1, 2)
        wait_for_column(page, units, ["4"])
        page.screenshot(path=str(tmp_path / "edits.png"), full_page=True)
        target = os.environ.get("JP_INSPECTOR_SCREENSHOT_EDITS")
        if target:
            page.screenshot(path=str(ROOT / target), full_page=False)
        click_point(page, bars.nth(0))  # the selected bar again: cleared
        shows(None, 6, 41)

        # another sample by name from the URL: UA-GEC with its attribution
        page.goto(f"{url}/edits?m2=uagec-resegmented")
        expect(page.get_by_text("Showing 83 of 83 units", exact=False)).to_be_visible()
        expect(page.get_by_text("UA-GEC: Grammatical Error Correction and Fluency Corpus",
                                exact=False).first).to_be_visible()
        expect(page.get_by_text("CC BY 4.0", exact=False).first).to_be_visible()
