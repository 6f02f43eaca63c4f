"""Reading plotly selection events: the shared reader and the three charts that use it.

The events are shaped as ``st.plotly_chart(..., on_select="rerun")`` returns
them (a read-only dict with attribute access) and as AppTest/session state
hold them (plain dicts).
"""

from __future__ import annotations

from types import SimpleNamespace

from streamlit.util import ReadOnlyAttributeDictionary

from jpcore.gec.error_types import TypeRow
from inspector.analysis.charts import selected_buckets
from inspector.brackets.chart import selected_labels
from inspector.edits.charts import selected_categories
from inspector.common.plotly_selection import point_index, selected_indices, selected_points, selected_values


def _event(*points: dict) -> dict:
    return {"selection": {"points": list(points), "point_indices": [], "box": [], "lasso": []}}


def test_nothing_selected_is_an_empty_list() -> None:
    for event in (None, {}, {"selection": None}, {"selection": {}}, _event(), SimpleNamespace(),
                  SimpleNamespace(selection=SimpleNamespace(points=None))):
        assert selected_points(event) == []
        assert selected_indices(event, 5) == []
        assert selected_values(event, "x") == []


def test_points_of_every_event_shape() -> None:
    point = {"x": "NP", "curve_number": 1, "point_index": 0, "point_number": 0}
    for event in (_event(point), ReadOnlyAttributeDictionary(_event(point)),
                  SimpleNamespace(selection=SimpleNamespace(points=[point]))):
        assert selected_points(event) == [point]
        assert type(selected_points(event)[0]) is dict


def test_point_index_falls_back_to_point_number() -> None:
    assert point_index({"point_index": 3, "point_number": 9}) == 3
    assert point_index({"point_number": 9}) == 9
    assert point_index({"point_index": None, "point_number": 2}) == 2
    assert point_index({"point_index": True}) is None
    assert point_index({"x": "a"}) is None


def test_indices_are_distinct_ascending_and_in_range() -> None:
    event = _event({"point_index": 4}, {"point_number": 1}, {"point_index": 4, "curve_number": 2},
                   {"point_index": 7}, {"point_index": -1}, {"x": "no index"})
    assert selected_indices(event, 5) == [1, 4]


def test_values_keep_the_event_order_without_repeats() -> None:
    event = _event({"x": "VP"}, {"x": "NP"}, {"x": "VP"}, {"y": 3}, {"customdata": [19, "a"]},
                   {"customdata": [2]}, {"customdata": 19}, {"customdata": []})
    assert selected_values(event, "x") == ["VP", "NP"]
    assert selected_values(event, "customdata") == [19, 2]


def test_the_charts_read_their_selections_through_it() -> None:
    labels = _event({"x": "ADVP", "point_index": 4}, {"x": "NP", "point_index": 0},
                    {"x": "ADVP", "point_index": 4, "curve_number": 2})
    assert selected_labels(labels) == ["ADVP", "NP"]
    rows = [TypeRow(name, 1, 0, 0, 1.0, 1.0, 1.0) for name in ("M:PUNCT", "R:ADJ", "U:DET")]
    assert selected_categories(rows, _event({"point_index": 2}, {"point_number": 0},
                                            {"point_index": 2, "curve_number": 1})) == ["M:PUNCT", "U:DET"]
    assert selected_categories(rows, None) == []
    table = SimpleNamespace(names=lambda: ["1-10", "11-20", "41+"])  # a BucketTable's names()
    assert selected_buckets(table, _event({"point_index": 2}, {"x": "1-10"}, {"x": "nope"})) == ["1-10", "41+"]
