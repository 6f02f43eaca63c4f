"""A results table downloadable for a paper: CSV, Markdown and LaTeX (booktabs), one row of buttons.

Contract: :func:`frame_table` turns a shown ``pandas.DataFrame`` into jpcore's
:class:`~jpcore.extras.tables.Table` (numbers written as the page shows
them: a float with two decimals, an integer as it is; a missing value as
``–``), and :func:`table_downloads` draws the three download buttons, whose
files are :func:`jpcore.extras.tables.render`'s: the same writers as the
command line's ``--table-format``, so a table reads the same in both.
:func:`totals_downloads` offers a result's totals so (each view's first
page, under its headline); the by-shape and ranking tables have theirs.
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import pandas as pd
import streamlit as st

from jpcore.extras.tables import Table, render, totals_table
from jpcore.stats.scale import score_cell

#: The downloads, in order: (format, button label, file suffix, MIME type).
DOWNLOADS = (("csv", "CSV", "csv", "text/csv"), ("markdown", "Markdown", "md", "text/markdown"),
             ("latex", "LaTeX", "tex", "application/x-tex"))
NO_VALUE = "\u2013"


def _cell(value: object) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return NO_VALUE
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Integral):
        return f"{value}"
    if isinstance(value, Real):
        return score_cell(float(value))
    return str(value)


def frame_table(frame: pd.DataFrame) -> Table:
    """``frame`` as a :class:`Table` (see the module doc)."""
    numeric = tuple(bool(pd.api.types.is_numeric_dtype(frame[column])) and not pd.api.types.is_bool_dtype(
        frame[column]) for column in frame.columns)
    rows = tuple(tuple(_cell(value) for value in row) for row in frame.itertuples(index=False, name=None))
    return Table(tuple(str(column) for column in frame.columns), rows, numeric)


def table_downloads(table: Table | pd.DataFrame, name: str, key: str, label: str = "") -> None:
    """Three download buttons for ``table`` (a :class:`Table` or a shown DataFrame): files
    ``NAME.csv``, ``NAME.md``, ``NAME.tex``; ``key`` prefixes the buttons' keys, ``label``
    names the table on them."""
    if isinstance(table, pd.DataFrame):
        table = frame_table(table)
    what = f"{label} " if label else ""
    columns = st.columns(len(DOWNLOADS))
    for column, (fmt, title, suffix, mime) in zip(columns, DOWNLOADS):
        with column:
            st.download_button(f"{what}({title})", render(table, fmt), file_name=f"{name}.{suffix}", mime=mime,
                               key=f"{key}_{fmt}", on_click="ignore", icon=":material/download:")


def totals_downloads(result: object, key: str) -> None:
    """The result's totals for a paper (:func:`jpcore.extras.tables.totals_table`: each measure's
    counts and score in percent, what ``--table-format`` prints) as the three downloads."""
    table_downloads(totals_table(result), "totals", key, "Totals")
