"""Selection is one state (issue 15, item 4): a filter change moves the unit detail to
the first unit the filters show, on every page with a detail, instead of leaving it on
a unit they exclude ("This unit is not among the 1 the filters show"); a unit chosen
while the filters stay the same is kept, even outside them."""

from __future__ import annotations

import json
import re

from streamlit.testing.v1 import AppTest

from tests.app_support import APP
from tests.app_support import run as _run


def _page(path: str) -> AppTest:
    at = _run(AppTest.from_file(str(APP), default_timeout=60))
    at.switch_page(path)
    return _run(at)


def _heading(at: AppTest, start: str) -> str:
    return next(h.value for h in at.subheader if h.value.startswith(start))


def _captions(at: AppTest) -> str:
    """Every caption, Markdown escapes removed."""
    return re.sub(r"\\(.)", r"\1", "\n".join(c.value for c in at.caption))


def test_sentences_detail_follows_the_filters() -> None:
    at = _page("../pages/sentences.py")
    assert _heading(at, "Unit #").startswith("Unit #2:")  # the first merged unit
    at.multiselect(key="shape").set_value(["m:n"])  # unit 46 only
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #46: 2:2 sentences")
    assert "Unit 1 of the 1 the filters show." in _captions(at)
    at.number_input(key="unit").set_value(5)  # typed, filters unchanged: kept, and said
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #5:")
    assert "This unit is not among the 1 the filters show." in _captions(at)
    at.multiselect(key="shape").set_value(["n:1"])  # 2, 19, 80
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #2:")


def test_brackets_detail_follows_the_filters() -> None:
    at = _page("../pages/brackets.py")
    assert _heading(at, "Pair #").startswith("Pair #4:")
    at.toggle(key="crossing").set_value(True)
    at.multiselect(key="label").set_value(["PP"])  # pairs 0 and 3
    _run(at)
    assert _heading(at, "Pair #").startswith("Pair #0:")


def test_edits_detail_follows_the_filters() -> None:
    at = _page("../pages/edits.py")
    first = _heading(at, "Unit #")
    at.multiselect(key="e_op").set_value(["M"])  # unit 4 only
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #4:"), first


# --- A chart selection is the filter widget's value, and the URL's --------------------------


def _frame_with(at: AppTest, column: str):
    """The first table with ``column`` (only selectable tables keep their key in AppTest)."""
    return next(df.value for df in at.dataframe if column in df.value.columns)


def _bars(at: AppTest, key: str, points: list[dict]) -> AppTest:
    """Select bars of the chart ``key`` as plotly's event does (``x`` and the index in the trace)."""
    at.session_state[key] = {"selection": {"points": points, "point_indices": [p["point_index"] for p in points],
                                           "box": [], "lasso": []}}
    return _run(at)


def _url(at: AppTest) -> dict[str, object]:
    """The URL's parameters.  AppTest writes a bound widget's value into them when the app
    sets it (a chart selection), not when the test changes the widget (the browser does:
    tests/test_browser_selection.py)."""
    return {key: at.query_params[key] for key in at.query_params}


def _param(at: AppTest, key: str) -> list[str]:
    """The URL's values of ``key`` (one value is kept as a plain string)."""
    value = at.query_params[key]
    return [value] if isinstance(value, str) else list(value)


def _revision(at: AppTest, chart: int = 0) -> object:
    return json.loads(at.get("plotly_chart")[chart].proto.spec)["layout"].get("meta")


def test_brackets_chart_sets_the_label_filter_and_the_url() -> None:
    at = _page("../pages/brackets.py")
    _bars(at, "bk_label_chart", [{"x": "PP", "curve_number": 1, "point_index": 3},
                                 {"x": "ADVP", "curve_number": 2, "point_index": 4}])
    assert at.multiselect(key="label").value == ["PP", "ADVP"]
    assert _param(at, "label") == ["PP", "ADVP"]
    assert at.dataframe(key="bk_table").value["Pair"].tolist() == [0, 1, 3, 4, 5]
    assert "Chart selection: PP, ADVP (double-click" in _captions(at)
    assert _revision(at) is None
    at.multiselect(key="label").set_value([])  # the widget cleared by hand: the filter is gone
    _run(at)
    assert at.dataframe(key="bk_table").value["Pair"].tolist() == [0, 1, 2, 3, 4, 5, 6]
    assert "Chart selection" not in _captions(at)
    assert _revision(at) == {"selection_revision": [1]}  # a new chart: its bars unselected
    _bars(at, "bk_label_chart", [])  # what the new chart reports: nothing selected, nothing changes
    assert at.multiselect(key="label").value == []
    _bars(at, "bk_label_chart", [{"x": "SBAR", "curve_number": 0, "point_index": 5}])
    assert at.multiselect(key="label").value == ["SBAR"] and _param(at, "label") == ["SBAR"]
    assert at.dataframe(key="bk_table").value["Pair"].tolist() == [3]
    assert _heading(at, "Pair #").startswith("Pair #3:")  # the detail follows the chart's filter too
    _bars(at, "bk_label_chart", [])  # a double-click on the chart: the filter cleared
    assert at.multiselect(key="label").value == [] and "label" not in _url(at)


def test_edits_chart_sets_the_type_filters_and_the_url() -> None:
    at = _page("../pages/edits.py")
    types = _frame_with(at, "Category")["Category"].tolist()
    index = types.index("R:VERB:SVA")
    _bars(at, "e_chart", [{"curve_number": 0, "point_index": index}])
    assert at.multiselect(key="e_type").value == ["R:VERB:SVA"]
    assert _param(at, "e_type") == ["R:VERB:SVA"]
    assert set(_frame_with(at, "Side")["Type"]) == {"R:VERB:SVA"}
    assert _heading(at, "Unit #").startswith("Unit #0:")  # the first unit the filter shows
    at.multiselect(key="e_type").set_value([])
    _run(at)
    assert len(_frame_with(at, "Side")) == 41
    at.radio(key="e_level").set_value("operation")
    _run(at)
    _bars(at, "e_chart", [{"curve_number": 0, "point_index": 0}])  # M
    assert at.multiselect(key="e_op").value == ["M"] and _param(at, "e_op") == ["M"]
    assert at.multiselect(key="e_type").value == [] and at.multiselect(key="e_main").value == []
    assert at.dataframe(key="e_units").value["Unit"].tolist() == [4]
    at.radio(key="e_level").set_value("main")  # another chart: the filter stays as it is
    _run(at)
    assert at.multiselect(key="e_op").value == ["M"]


def _rows(at: AppTest, key: str, rows: list[int]) -> AppTest:
    at.session_state[key] = {"selection": {"rows": rows, "columns": [], "cells": []}}
    return _run(at)


def test_dependencies_label_rows_set_the_filters_and_the_detail_follows() -> None:
    at = _page("../pages/deps.py")
    assert _heading(at, "Unit #").startswith("Unit #0:")
    deprels = at.dataframe(key="d_per_deprel").value["DEPREL"].tolist()
    _rows(at, "d_per_deprel", [deprels.index("nsubj"), deprels.index("obj")])
    assert at.multiselect(key="d_deprel").value == ["nsubj", "obj"]
    assert _param(at, "d_deprel") == ["nsubj", "obj"]
    units = at.dataframe(key="d_units").value["Unit"].tolist()
    assert 0 < len(units) < 49
    tags = at.dataframe(key="d_per_upos").value["UPOS"].tolist()
    _rows(at, "d_per_upos", [tags.index("NUM")])
    assert at.multiselect(key="d_upos").value == ["NUM"] and _param(at, "d_upos") == ["NUM"]
    shown = at.dataframe(key="d_units").value["Unit"].tolist()
    assert len(shown) < len(units)
    assert _heading(at, "Unit #").startswith(f"Unit #{shown[0]}:")  # the detail follows the filters
    assert f"Unit 1 of the {len(shown)} the filters show." in _captions(at)
    at.multiselect(key="d_upos").set_value([])  # cleared by hand: the UPOS table is drawn unticked
    _run(at)
    assert at.multiselect(key="d_upos").value == [] and at.multiselect(key="d_deprel").value == ["nsubj", "obj"]
    assert "d_per_upos-r1" in [df.key for df in at.dataframe]
    _run(at)  # and stays cleared
    assert at.multiselect(key="d_upos").value == []
    assert at.dataframe(key="d_units").value["Unit"].tolist() == units


def test_dependencies_detail_follows_a_filter_widget() -> None:
    at = _page("../pages/deps.py")
    at.multiselect(key="d_upos").set_value(["NUM"])
    _run(at)
    shown = at.dataframe(key="d_units").value["Unit"].tolist()
    assert shown and shown[0] != 0  # unit 0, shown before, is not among them
    assert _heading(at, "Unit #").startswith(f"Unit #{shown[0]}:")


# --- Analysis: the worst sentences open their unit -----------------------------------------------


def test_worst_sentences_show_their_text_and_open_the_unit() -> None:
    at = _page("../pages/analysis.py")
    worst = at.dataframe(key="an_worst").value
    assert worst.columns[:5].tolist() == ["Rank", "Errors", "Unit", "Gold", "System"]
    assert worst[["Unit", "Errors"]].values.tolist()[:2] == [[48, 18], [46, 17]]
    markdown = "\n".join(m.value for m in at.markdown)
    assert "**Unit #48** (rank 1, 18 errors)" in markdown  # before any tick: the worst one
    _rows(at, "an_worst", [1])
    markdown = re.sub(r"\\(.)", r"\1", "\n".join(m.value for m in at.markdown))
    assert "**Unit #46** (rank 2, 17 errors)" in markdown
    assert f"**Gold:** {worst.loc[1, 'Gold']}" in markdown and " ~~~ " in worst.loc[1, "Gold"]
    at.button(key="an_worst_open").click()
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #46: 2:2 sentences")
    assert _param(at, "unit") == ["46"]


def test_worst_pairs_open_on_the_brackets_page() -> None:
    at = _page("../pages/brackets.py")
    at.switch_page("../pages/analysis.py")
    _run(at)
    at.radio(key="an_eval").set_value("brackets")
    _run(at)
    worst = at.dataframe(key="an_worst").value
    _rows(at, "an_worst", [1])
    at.button(key="an_worst_open").click()
    _run(at)
    unit = int(worst.loc[1, "Unit"])
    assert _heading(at, "Pair #").startswith(f"Pair #{unit}:")
    assert _param(at, "pair") == [str(unit)]


def _analysis_units(at: AppTest) -> int:
    """How many units the Analysis page lists (its table of units, not the worst ones)."""
    frames = [df.value for df in at.dataframe if "Length bucket" in df.value.columns and "Rank" not in df.value.columns]
    assert len(frames) == 1
    return len(frames[0])


def test_analysis_buckets_chosen_in_the_chart_or_the_table_are_the_buckets_filter() -> None:
    at = _page("../pages/analysis.py")
    _bars(at, "an_chart_tokens_length", [{"curve_number": 0, "point_index": 3}])  # 41+
    assert at.multiselect(key="an_bucket").value == ["41+"] and _param(at, "an_bucket") == ["41+"]
    assert _analysis_units(at) == 15
    _rows(at, "an_buckets_tokens_length", [0])  # and 1-10 in the table: the units of either
    assert at.multiselect(key="an_bucket").value == ["1-10", "41+"]
    assert _param(at, "an_bucket") == ["1-10", "41+"]
    assert _analysis_units(at) == 28 + 15
    at.multiselect(key="an_bucket").set_value(["11-20"])  # chosen by hand: the table and chart start over
    _run(at)
    assert _analysis_units(at) == 23
    assert "Buckets chosen: 11-20 — showing 23 of 107 units." in _captions(at)
    assert "an_buckets_tokens_length-r1" in [df.key for df in at.dataframe]
    assert _revision(at) == {"selection_revision": [1]}
    _run(at)
    assert at.multiselect(key="an_bucket").value == ["11-20"]
    at.radio(key="an_by").set_value("kind")  # other buckets: the filter starts empty
    _run(at)
    assert at.multiselect(key="an_bucket").value == [] and _analysis_units(at) == 107


def test_analysis_buckets_from_a_link() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["an_bucket"] = "41+"
    _run(at)
    at.switch_page("../pages/analysis.py")
    _run(at)
    assert at.multiselect(key="an_bucket").value == ["41+"]
    assert _analysis_units(at) == 15


def test_sentences_charts_set_the_kind_and_shape_filters() -> None:
    at = _page("../pages/sentences.py")
    kinds = json.loads(at.get("plotly_chart")[0].proto.spec)
    # the display words (issue 25, item 7): the units cut differently by their shape's word
    assert kinds["data"][0]["x"] == ["exact", "split", "merged", "regrouped"]
    assert [trace["y"] for trace in kinds["data"]] == [[88, 0, 0, 0], [13, 2, 3, 1]]  # all correct, with an error
    shapes = json.loads(at.get("plotly_chart")[1].proto.spec)
    assert shapes["data"][0]["x"] == ["1:1", "1:n", "n:1", "m:n"]
    _bars(at, "units_by_kind_chart", [{"x": "split", "curve_number": 1, "point_index": 1}])
    assert at.multiselect(key="kind").value == ["split"] and _param(at, "kind") == ["split"]
    assert at.dataframe(key="units_table").value["Unit"].tolist() == [10, 38]
    _bars(at, "units_by_kind_chart", [{"x": "regrouped", "curve_number": 1, "point_index": 3}])
    assert at.multiselect(key="kind").value == ["regrouped"] and _param(at, "kind") == ["regrouped"]
    assert at.dataframe(key="units_table").value["Unit"].tolist() == [46]
    _bars(at, "units_by_shape_chart", [{"x": "m:n", "curve_number": 1, "point_index": 3}])
    assert at.multiselect(key="shape").value == ["m:n"] and _param(at, "shape") == ["m:n"]
    assert at.dataframe(key="units_table").value["Unit"].tolist() == [46]
    assert _heading(at, "Unit #").startswith("Unit #46: 2:2 sentences")  # the detail follows
    at.multiselect(key="kind").set_value([])
    _run(at)
    assert _revision(at) == {"selection_revision": [1]}  # the kind chart drawn unselected
    assert at.multiselect(key="shape").value == ["m:n"]
    assert at.dataframe(key="units_table").value["Unit"].tolist() == [46]
