"""The Edits page in a real browser: Debian's chromium driven by Playwright.

Starts ``streamlit run inspector/app.py`` on a free port, opens ``/edits``
(which loads the re-segmented toy-en pair by itself), checks the headline
figures (the oracle-keep figures), that a merged unit is rendered with
``~~~`` and its highlighted edits, clicks a bar of the per-type chart and
sees the tables filtered, then opens the UA-GEC sample by name from the URL
and finds its attribution.  Skipped only when no chromium binary exists.

Set ``JP_INSPECTOR_SCREENSHOT_EDITS=docs/screenshot-edits.png`` to also
write a screenshot of the page.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser_support import ROOT, app_page


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

        # the chart: click a bar, the tables are filtered
        chart = page.locator('[data-testid="stPlotlyChart"]').first
        expect(chart).to_be_visible()
        bar = chart.locator("g.point path").first
        bar.scroll_into_view_if_needed()
        page.wait_for_timeout(800)
        bar.click(force=True)
        expect(page.get_by_text("Chart selection filters the tables:")).to_be_visible()
        expect(page.get_by_text("Showing 1 of 6 units")).to_be_visible()
        page.screenshot(path=str(tmp_path / "edits.png"), full_page=True)
        target = os.environ.get("JP_INSPECTOR_SCREENSHOT_EDITS")
        if target:
            page.screenshot(path=str(ROOT / target), full_page=False)

        # another sample by name from the URL: UA-GEC with its attribution
        page.goto(f"{url}/edits?m2=uagec-resegmented")
        expect(page.get_by_text("Showing 83 of 83 units", exact=False)).to_be_visible()
        expect(page.get_by_text("UA-GEC: Grammatical Error Correction and Fluency Corpus",
                                exact=False).first).to_be_visible()
        expect(page.get_by_text("CC BY 4.0", exact=False).first).to_be_visible()
