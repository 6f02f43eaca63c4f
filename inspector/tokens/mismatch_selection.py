"""The units selected in the Overview's "where the mismatches are" chart.

Each marker of :func:`inspector.tokens.charts.mismatch_figure` carries its unit's
index as ``customdata``; :func:`selected_units` turns a selection event
(a click on a marker, a box or lasso over several) back into units, and
:func:`selection_frame` is the small table the Overview shows for them.
Texts go into ``st.dataframe`` cells, which show them as plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from jpcore.preprocess import Unit
from inspector.common.palette import group_word
from inspector.common.plotly_selection import selected_values
from inspector.common.wording import line_list, plural
from inspector.tokens.tables import count_headers
from inspector.tokens.view import GOLD, SYS, ResultView

#: Characters of each side's text shown in the table.
EXCERPT_CHARS = 80
#: Unit numbers named in :func:`selection_summary` before it elides.
SUMMARY_UNITS = 10


def _as_index(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def selected_units(view: ResultView, event: Any) -> list[Unit]:
    """The units of the markers selected in ``event`` (both subplots), in
    document order, without repeats; unknown indices are ignored."""
    units = view.result.units
    indices = {index for value in selected_values(event, "customdata")
               if (index := _as_index(value)) is not None and 0 <= index < len(units)}
    return [units[index] for index in sorted(indices)]


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with ``…`` when it was longer."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def selection_frame(view: ResultView, units: Sequence[Unit]) -> pd.DataFrame:
    """One row per unit: number, kind, gold:system ratio, its error counts,
    gold lines and the beginning of both texts; the token counts named for the level
    (:func:`inspector.tokens.tables.count_headers`: ``Tokens FP`` or ``Words FP``)."""
    _, fp, fn = count_headers(view)
    columns = ["Unit", "Kind", "Ratio", fp, fn, "Sent FP", "Sent FN", "Gold lines", "Gold", "System"]
    rows = [{
        "Unit": unit.index,
        "Kind": group_word(unit.kind, unit.shape),
        "Ratio": unit.ratio,
        fp: unit.tokens.fp,
        fn: unit.tokens.fn,
        "Sent FP": unit.sentences.fp,
        "Sent FN": unit.sentences.fn,
        "Gold lines": line_list(view.lines(unit, GOLD), ""),
        "Gold": excerpt(view.unit_text(unit, GOLD)),
        "System": excerpt(view.unit_text(unit, SYS)),
    } for unit in units]
    return pd.DataFrame(rows, columns=columns)


def selection_summary(units: Sequence[Unit], limit: int = SUMMARY_UNITS) -> str:
    """``"3 units: #2, #19, #80"`` (``"1 unit: #19"``); past ``limit`` numbers the
    first ``limit - 1`` and the last, with ``…`` between."""
    numbers = [f"#{unit.index}" for unit in units]
    if len(numbers) > limit:
        numbers = [*numbers[:limit - 1], "…", numbers[-1]]
    return f"{plural(len(units), 'unit')}: {', '.join(numbers)}"
