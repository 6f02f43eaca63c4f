"""Error by shape: a result's totals split by unit shape, as a table of the page.

Contract: :func:`shape_frame` is one row per unit shape present in
``result`` (:func:`jpcore.extras.by_shape.shape_rows`, the split ``jpcore
TASK ... --by-shape`` prints and ``--json``'s ``"totals_by_shape"``
holds): the shape in the pages' words (``n:1 merged``), how many units
and gold and system sentences it holds, and for each of the task's
measures its counts and its score in percent (two decimals shown, as
every score of the app).  Over the shapes every count adds up to its
total.  Nothing is counted here: the counts are jpcore's per unit.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from jpcore.align import shape_name
from jpcore.extras.by_shape import shape_rows
from jpcore.extras.tables import COUNT_HEADERS
from jpcore.extras.totals import measures_of
from jpcore.stats.measures import Measure
from jpcore.stats.scale import percent
from inspector.common.table_downloads import table_downloads
from inspector.common.wording import short_header



def _prefix(measure: Measure, result: Any) -> str:
    """``Words`` of ``Words F1``; empty for a label of one word (``F0.5``)."""
    label = measure.label(result)
    return label.rsplit(" ", 1)[0] + " " if " " in label else ""


def shape_frame(result: Any, noun: str = "sentences") -> pd.DataFrame:
    """The table (see the module doc); ``noun`` names what a shape counts (``sentences``, ``trees``)."""
    measures = [m for m in measures_of(result) if m.in_tables]
    rows = []
    for row in shape_rows(result, measures):
        out: dict[str, object] = {"Shape": f"{row.shape} {shape_name(row.shape)}", "Units": row.units,
                                  f"Gold {noun}": row.gold, f"System {noun}": row.system}
        for measure in measures:
            prefix = _prefix(measure, result)
            sums = row.sums[measure.name]
            for name, value in zip(measure.counts, sums):
                out[f"{prefix}{COUNT_HEADERS.get(name, name)}"] = value
            out[f"{measure.label(result)} (%)"] = percent(measure, measure.score(result, sums))
        rows.append(out)
    return pd.DataFrame(rows)


def shape_columns(frame: pd.DataFrame, noun: str = "sentences") -> dict[str, Any]:
    """The table's column configuration: short headers (:func:`inspector.common.wording.short_header`:
    every column of the overview's table is in its box at 1400 px; ``Gold``/``System``
    for the gold and system counts of ``noun``), scores with two decimals."""
    config: dict[str, Any] = {}
    for name in frame.columns:
        label = str(name)
        if label in (f"Gold {noun}", f"System {noun}"):
            label = label.split(" ")[0]
        label = short_header(label)
        if str(name).endswith("(%)"):
            config[name] = st.column_config.NumberColumn(label, format="%.2f", help=str(name))
        elif label != name:
            config[name] = st.column_config.NumberColumn(label, help=str(name))
    return config


def show_by_shape(result: Any, noun: str = "sentences", key: str = "by_shape") -> None:
    """The table under a heading, with what it says."""
    frame = shape_frame(result, noun)
    st.markdown(f"**Error by shape**: the totals over the units of each shape alone (gold:system {noun}; "
                "`1:1` the same boundaries, `n:1` merged, `1:n` split, `m:n` regrouped); over the shapes "
                "every count adds up to its total (`--by-shape` on the command line).")
    st.dataframe(frame, hide_index=True, key=key, column_config=shape_columns(frame, noun))
    table_downloads(frame, "by-shape", f"{key}_dl", "By shape")
