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
from tests.browser_support import ROOT, app_page, drawn
from tests.plotly_clicks import WAIT, chart_points, click_point, double_click_background, wait_for_column


@pytest.mark.browser
def test_edits_page_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 1400) as (page, url):
        page.goto(f"{url}/edits")
        drawn(page)  # the title comes before the sample is loaded: on a loaded machine, > 5 s before the metrics

        expect(page.get_by_role("heading", name="Edits", exact=True, level=1)).to_be_visible()
        metrics = page.locator('[data-testid="stMetric"]')
        expect(metrics.filter(has_text="F0.5").first).to_contain_text("83.33%")
        expect(metrics.filter(has_text="FN").first).to_contain_text("3")
        expect(page.get_by_text("Showing 6 of 6 units and 41 edits.")).to_be_visible()

        # a merged unit: ~~~ between its sentences, edits highlighted with their numbers
        merged = page.locator("table.gec-units tr").filter(has_text="∪ merged").filter(
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
            edits = "1 edit" if n_edits == 1 else f"{n_edits} edits"  # one edit is singular (issue 15, item 5)
            showing = page.get_by_text(f"Showing {n_units} of 6 units and {edits}.", exact=True)
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


#: Each ``st.dataframe``: the headers its accessible table holds (the columns drawn in its
#: box) and its scroller's widths; the grid fills the table in once it is laid out.
GRIDS = """() => Array.from(document.querySelectorAll('[data-testid="stDataFrame"]'), grid => {
  const scroller = grid.querySelector('.dvn-scroller');
  return {headers: Array.from(grid.querySelectorAll('table thead th'), th => th.textContent),
          scroll: scroller ? scroller.scrollWidth : null, client: scroller ? scroller.clientWidth : null};
})"""
EDIT_KEY_COLUMNS = ["Status", "Type", "Correction", "Sentence", "Orig start", "Orig end", "Start", "End", "Line",
                    "Annotator"]
PAGE_SCROLLS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def _grids(page) -> list[dict]:
    """The grids, once every one whose edits are listed, and the units table, has its headers
    (they are laid out; on a loaded machine the units table can come last)."""
    page.wait_for_function(f"() => ({GRIDS})().filter(g => g.headers[0] === '#' && g.scroll).length === 2 "
                           f"&& ({GRIDS})().some(g => g.headers[1] === 'Side' && g.scroll)"
                           f"&& ({GRIDS})().some(g => g.headers[0] === 'Unit' && g.headers[2] === 'Kind')",
                           polling="raf")
    return page.evaluate(GRIDS)


@pytest.mark.browser
def test_edits_are_checkable_by_eye_at_1400_px(tmp_path: Path) -> None:
    """Issue 15, items 3 and 5: the selected merged unit has every token's offsets under it,
    gold left and system right; every column of the edit tables is in its box at 1400 px
    (the unit's two tables, one above the other, and the page's edit table, also with
    UA-GEC's long types); the units table scrolls inside its own box, key columns first."""
    from playwright.sync_api import expect

    with app_page(tmp_path, 1400, 1000) as (page, url):
        for sample in ("toy-resegmented", "uagec-resegmented"):
            page.goto(f"{url}/edits?m2={sample}&e_unit=2")
            expect(page.get_by_role("heading", name="Unit #2:", exact=False)).to_be_visible()
            drawn(page)
            grids = _grids(page)
            details = [g for g in grids if g["headers"][:1] == ["#"]]
            assert [g["headers"] for g in details] == [["#", *EDIT_KEY_COLUMNS]] * 2, sample
            every = next(g for g in grids if g["headers"][1:2] == ["Side"])
            assert every["headers"] == ["Unit", "Side", *EDIT_KEY_COLUMNS], sample
            for grid in (*details, every):
                assert grid["scroll"] <= grid["client"], (sample, grid)
            units = next(g for g in grids if g["headers"][:3] == ["Unit", "Verdict", "Kind"])
            assert units["headers"][:9] == ["Unit", "Verdict", "Kind", "Gold:system", "TP", "FP", "FN", "Gold",
                                            "System"]
            page_width, viewport = page.evaluate(PAGE_SCROLLS)
            assert page_width <= viewport, sample

        # toy-en's unit 2: gold sentences 3 + 4 left, system sentence 2 right in its row; then
        # column by column (issue 25 item 11): gold over system, the offsets between them
        detail = page.locator("table.gec-units").first
        page.goto(f"{url}/edits?m2=toy-resegmented&e_unit=2")
        expect(page.get_by_role("heading", name="Unit #2: 2:1 sentences (gold:system)", exact=False)).to_be_visible()
        drawn(page)
        heads = [detail.get_by_role("columnheader", name=name, exact=True).bounding_box()
                 for name in ("Gold (reference)", "System (hypothesis)")]
        assert heads[0]["x"] + heads[0]["width"] <= heads[1]["x"]
        gold_cell, sys_cell = detail.locator("td.jp-side").nth(0), detail.locator("td.jp-side").nth(1)
        assert gold_cell.bounding_box()["x"] < sys_cell.bounding_box()["x"]
        expect(gold_cell.locator(".gec-notes .gec-type").filter(has_text="R:VERB:SVA")).to_be_visible()
        grid = page.locator(".gec-grid").first
        columns = grid.locator(".gec-col[data-offset]")
        expect(columns).to_have_count(16)
        boxes = page.evaluate("""() => [...document.querySelectorAll('.gec-grid .gec-col[data-offset]')].map(col => {
          const t = col.querySelectorAll('.gec-t'), n = col.querySelector('.gec-n:not(.gec-o)');
          const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
          return {gold: box(t[0]), sys: box(t[1]), unit: box(n), text: [t[0].innerText, n.innerText, t[1].innerText],
                  px: parseFloat(getComputedStyle(n).fontSize)};
        })""")
        for column in boxes:  # one column: gold over the offset over system, at the same x
            assert abs(column["gold"]["x"] - column["sys"]["x"]) < 0.5, column
            assert column["gold"]["y"] < column["unit"]["y"] < column["sys"]["y"], column
            assert column["px"] >= 11, column
        assert boxes[9]["text"] == ["is", "9", "is"]
        # the rows wrap together: a column's gold and system tokens are in the same line of columns,
        # and no label sits between two tokens of a sentence (labels are listed under the columns)
        rows = sorted({round(column["gold"]["y"]) for column in boxes})
        assert all(any(round(c["gold"]["y"]) == y for c in boxes) for y in rows)
        expect(grid.locator(".gec-type")).to_have_count(0)
        expect(page.locator(".gec-notes").filter(has_text="Gold edits:").locator(".gec-type")
               .filter(has_text="R:VERB:SVA").first).to_be_visible()
        page.screenshot(path=str(tmp_path / "edits-1400.png"), full_page=True)
