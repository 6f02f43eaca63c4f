"""Reading a plotly selection event, for every chart of the app that filters a table.

``st.plotly_chart(figure, key=..., on_select="rerun")`` returns the chart's
event state: ``{"selection": {"points": [...], "point_indices": [...],
"box": [...], "lasso": [...]}}``, a read-only dict with attribute access
(AppTest and ``st.session_state[key]`` give the same shape as a plain dict).
Each point is plotly's event point with snake_case keys (``x``, ``y``,
``curve_number``, ``point_index``, ``point_number``, ``customdata`` ...).

A real click on a bar selects that bar (plotly's ``clickmode`` is
``event+select`` once ``on_select`` is set); shift+click adds bars, a click
on the selected bar again or a double-click on the chart clears the
selection (a single click on an empty area does not): :data:`CLEAR_HINT`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

#: How a person clears a chart selection (measured in chromium, see tests/test_browser_*).
CLEAR_HINT = "double-click the chart, or click the selected bar again, to clear"


def _get(value: Any, key: str) -> Any:
    if isinstance(value, Mapping):
        return value.get(key)
    return getattr(value, key, None)


def selected_points(event: Any) -> list[dict[str, Any]]:
    """The points of a plotly selection event as plain dicts, in the event's order;
    ``[]`` for ``None``, an empty selection or anything without ``selection.points``."""
    if event is None:
        return []
    selection = _get(event, "selection")
    if not selection:
        return []
    points = _get(selection, "points") or []
    return [dict(point) for point in points if isinstance(point, Mapping)]


def point_index(point: Mapping[str, Any]) -> int | None:
    """The point's index in its trace (``point_index``, else ``point_number``), or ``None``."""
    for key in ("point_index", "point_number"):
        value = point.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def selected_indices(event: Any, size: int) -> list[int]:
    """The distinct point indices in ``range(size)`` of the selected points (any
    trace), ascending: for charts whose traces all share one x category per index."""
    return sorted({index for point in selected_points(event)
                   if (index := point_index(point)) is not None and 0 <= index < size})


def selected_values(event: Any, field: str) -> list[Hashable]:
    """The distinct values of ``field`` (e.g. ``"x"``, ``"customdata"``) of the
    selected points, in the event's order; points without it are skipped.
    A list value (plotly's customdata of several columns) gives its first item."""
    values: list[Hashable] = []
    for point in selected_points(event):
        value = point.get(field)
        if isinstance(value, (list, tuple)):
            value = value[0] if value else None
        if value is not None and isinstance(value, Hashable) and value not in values:
            values.append(value)
    return values
