"""The Overview's "where the mismatches are" chart, driven by AppTest.

Selecting markers (AppTest fakes plotly's selection event: the points with
their ``customdata``, the unit index every marker carries) lists their units
under the chart; a button opens the chosen unit on the Sentences & tokens
page.  Figures are those of the EWT excerpt (gold words vs nltk): 107 units,
19 with an error, 13 of them exact (one sentence each side, token errors) and
6 merged.  tests/test_browser_overview.py clicks the same chart in chromium.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
SENTENCES_PAGE = "../pages/sentences.py"
OVERVIEW_PAGE = "../pages/overview.py"
SCRIPT = "<script>alert(1)</script>"
#: The units with at least one error, as the chart's two traces list them.
EXACT_WITH_ERRORS = [1, 3, 12, 14, 39, 48, 52, 56, 58, 68, 83, 92, 98]
SPLIT, MERGED, REGROUPED = [10, 38], [2, 19, 80], [46]
CUT = sorted(SPLIT + MERGED + REGROUPED)  # the units whose sentences are cut differently
CLEAR = "(double-click the chart to clear the selection)"


@pytest.fixture
def app() -> AppTest:
    """The Overview after the first run (EWT excerpt words vs nltk)."""
    return _run(AppTest.from_file(str(APP), default_timeout=60))


def _select(at: AppTest, *units: object) -> AppTest:
    """Fake a selection of the markers of ``units`` (as plotly sends them: one
    point per marker, its unit index in ``customdata``)."""
    at.session_state["mismatch_chart"] = {"selection": {
        "points": [{"curve_number": 0, "point_index": 0, "point_number": 0, "x": 1, "y": 1,
                    "customdata": unit} for unit in units],
        "point_indices": [0], "box": [], "lasso": []}}
    return _run(at)


def _summary(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("**Selected in the chart:**")]


def _selection_table(at: AppTest) -> pd.DataFrame:
    return at.dataframe(key="mismatch_units").value


def _has_selection_table(at: AppTest) -> bool:
    return any(getattr(df, "key", None) == "mismatch_units" for df in at.dataframe)


def test_every_marker_carries_its_unit() -> None:
    at = _run(AppTest.from_file(str(APP), default_timeout=60))
    chart = at.get("plotly_chart")[0].proto
    traces = json.loads(chart.spec)["data"]
    # one trace pair per display word: split (1:n), merged (n:1), regrouped (m:n) apart
    assert [(t["yaxis"], t["customdata"]) for t in traces] == [
        ("y", EXACT_WITH_ERRORS), ("y2", EXACT_WITH_ERRORS), ("y", SPLIT), ("y2", SPLIT),
        ("y", MERGED), ("y2", MERGED), ("y", REGROUPED), ("y2", REGROUPED)]
    assert [t["name"] for t in traces[::2]] == ["✓ exact sentence, token errors", "÷ split", "∪ merged", "± regrouped"]
    # x is the first gold sentence (1-based) of each unit
    assert traces[4]["x"] == [3, 21, 84]
    assert list(chart.selection_mode) == [0, 1, 2]  # points, box, lasso


def test_without_a_selection_the_chart_invites_a_click(app: AppTest) -> None:
    assert any(c.value.startswith("Click a marker of the chart") for c in app.caption)
    assert not _summary(app) and not _has_selection_table(app)
    assert not [b for b in app.button if b.key == "mismatch_open"]


def test_selected_markers_list_their_units(app: AppTest) -> None:
    # unit 19 in both subplots, unit 2 in the top one, unit 80 in the bottom one
    _select(app, 19, 2, 80, 19)
    assert _summary(app) == [f"**Selected in the chart:** 3 units: #2, #19, #80 {CLEAR}"]
    table = _selection_table(app)
    assert table.columns.tolist() == ["Unit", "Kind", "Ratio", "Words FP", "Words FN", "Sent FP", "Sent FN",
                                      "Gold lines", "Gold", "System"]
    assert table.drop(columns=["Gold", "System"]).values.tolist() == [
        [2, "merged", "2:1", 0, 0, 1, 2, "3, 4"],
        [19, "merged", "2:1", 2, 8, 1, 2, "21, 22"],
        [80, "merged", "2:1", 0, 0, 1, 2, "84, 85"],
    ]
    gold, system = table.loc[1, "Gold"], table.loc[1, "System"]
    assert gold == "I 'm not fond of the Google - hates - privacy argument ~~~ ( You do n't need to…"
    assert system == "I 'm not fond of the Google-hates-privacy argument ( You do n't need to use the…"
    assert len(gold) == len(system) == 80
    assert [b.label for b in app.button if b.key == "mismatch_open"] == ["Open unit #2 on Sentences & tokens"]


def test_a_box_over_every_marker_lists_the_19_units(app: AppTest) -> None:
    _select(app, *EXACT_WITH_ERRORS, *CUT, *CUT)
    assert _summary(app) == [
        f"**Selected in the chart:** 19 units: #1, #2, #3, #10, #12, #14, #19, #38, #39, …, #98 {CLEAR}"]
    table = _selection_table(app)
    assert table["Unit"].tolist() == sorted(EXACT_WITH_ERRORS + CUT)
    # every error of the document is in these units: the headline FP/FN
    assert (table["Words FP"].sum(), table["Words FN"].sum()) == (36, 75)
    assert (table["Sent FP"].sum(), table["Sent FN"].sum()) == (9, 10)


def test_one_marker_and_unknown_points(app: AppTest) -> None:
    _select(app, 48, 999, -1, "48", None, True, 48.5)
    assert _summary(app) == [f"**Selected in the chart:** 1 unit: #48 {CLEAR}"]
    assert _selection_table(app).drop(columns=["Gold", "System"]).values.tolist() == [
        [48, "exact", "1:1", 3, 15, 0, 0, "52"]]
    _select(app, 999, "x")
    assert not _summary(app) and not _has_selection_table(app)


def _open_row(at: AppTest, row: int) -> AppTest:
    at.session_state["mismatch_units"] = {"selection": {"rows": [row], "columns": [], "cells": []}}
    _run(at)
    at.button(key="mismatch_open").click()
    return _run(at)


def _shown_unit(at: AppTest) -> str:
    return next(h.value for h in at.subheader if h.value.startswith("Unit #"))


def test_the_button_opens_the_chosen_unit_on_the_sentences_page(app: AppTest) -> None:
    _select(app, 2, 19, 80)
    _open_row(app, 1)
    assert _shown_unit(app) == "Unit #19: 2:1 sentences, ∪ merged"
    assert app.number_input(key="unit").value == 19
    assert app.query_params["unit"] == "19"


def test_the_button_wins_over_a_unit_seen_before(app: AppTest) -> None:
    app.switch_page(SENTENCES_PAGE)
    _run(app)
    app.session_state["units_table"] = {"selection": {"rows": [46]}}
    _run(app)
    assert _shown_unit(app) == "Unit #46: 2:2 sentences, ± regrouped"
    app.switch_page(OVERVIEW_PAGE)
    _run(app)
    _select(app, 80, 48)
    _open_row(app, 1)  # units 48, 80: the second row
    assert _shown_unit(app) == "Unit #80: 2:1 sentences, ∪ merged"
    assert app.number_input(key="unit").value == 80


def test_user_text_in_the_selection_is_plain_text(app: AppTest) -> None:
    app.radio(key="source").set_value("paste")
    _run(app)
    app.text_area(key="paste_gold").input(f"{SCRIPT} ok\n")
    app.text_area(key="paste_sys").input(f"{SCRIPT}ok\n")
    app.button(key="paste_submit").click()
    _run(app)
    _select(app, 0)
    table = _selection_table(app)
    # a dataframe cell shows its text as text; nothing from the file reaches Markdown
    assert table["Gold"].tolist() == [f"{SCRIPT} ok"] and table["System"].tolist() == [f"{SCRIPT}ok"]
    assert _summary(app) == [f"**Selected in the chart:** 1 unit: #0 {CLEAR}"]
    assert not any(re.search("<script", m.value) for m in app.markdown)
