"""Sentences & tokens page: one row per aligned unit, filters, detail, HTML view.

Filters are bound to the URL (``?mismatches=true&kind=merged&q=...``), so a
link reopens the same view.  Clicking a table row shows the unit's word
groups and why each count is what it is.
"""

from __future__ import annotations

import math

import streamlit as st

from jpcore.align import KINDS
from inspector import components, explain, tables
from inspector.render import kind_style, legend_html, reasons_html, units_html
from inspector.state import require_loaded

#: Units per page of the rendered HTML view.
UNITS_PER_PAGE = 40

loaded = require_loaded()
result = loaded.result
view = loaded.view

st.title("Sentences & tokens")
components.loaded_caption(loaded)
components.attribution(loaded)

# --- Filters --------------------------------------------------------------
only_column, kind_column, shape_column, search_column = st.columns([1.6, 2, 2, 3], vertical_alignment="bottom")
only_mismatches = only_column.toggle(
    "Only mismatches", key="mismatches", bind="query-params",
    help="Hide units that are one correct sentence with every token correct.",
)
kinds = kind_column.multiselect(
    "Unit kind", list(KINDS), key="kind", bind="query-params", placeholder="all kinds",
    format_func=lambda kind: f"{kind_style(kind).symbol} {kind}",
)
shapes = shape_column.multiselect(
    "Shape (gold:system sentences)", list(tables.SHAPE_ORDER), key="shape",
    bind="query-params", placeholder="all shapes",
)
search = search_column.text_input(
    "Search gold or system text", key="q", bind="query-params",
    help="Case-insensitive; spaces are ignored as a fallback, so can't finds ca n't.",
)

units = tables.filter_units(
    view, only_mismatches=only_mismatches, kinds=kinds, shapes=shapes, search=search
)
st.caption(f"Showing {len(units)} of {len(result.units)} units.")

# --- Table ----------------------------------------------------------------
frame = tables.units_frame(view, units)
event = st.dataframe(
    frame,
    key="units_table",
    on_select="rerun",
    selection_mode="single-row",
    hide_index=True,
    height=min(330, 38 + 35 * max(len(frame), 1)),
    column_config={
        "OK": st.column_config.TextColumn("OK", help="✓ correct unit, ✗ at least one error",
                                          width="small"),
        "Gold": st.column_config.TextColumn("Gold", width="large"),
        "System": st.column_config.TextColumn("System", width="large"),
    },
)
csv_column, json_column, _ = st.columns([1, 1, 4])
csv_column.download_button(
    "Table as CSV", frame.to_csv(index=False), file_name="units.csv", mime="text/csv",
    key="download_units_csv", on_click="ignore",
)
json_column.download_button(
    "Table as JSON", frame.to_json(orient="records", force_ascii=False, indent=1),
    file_name="units.json", mime="application/json", key="download_units_json",
    on_click="ignore",
)

# --- Detail of the selected unit --------------------------------------------
selected = [row for row in event.selection.rows if 0 <= row < len(units)]
if selected:
    unit = units[selected[0]]
    st.subheader(f"Unit #{unit.index}: {unit.ratio} sentences, {kind_style(unit.kind).symbol} {unit.kind}")
    st.html(units_html(view, [unit]))
    st.markdown("**Why these counts**")
    st.html(reasons_html(explain.unit_reasons(view, unit)))
    sentences_column, groups_column = st.columns([2, 3])
    with sentences_column:
        st.markdown("**Sentences in this unit** (file lines)")
        st.dataframe(tables.sentences_frame(view, unit), hide_index=True, key="unit_sentences")
    with groups_column:
        st.markdown("**Word groups** (# as in the rendering above)")
        st.dataframe(tables.groups_frame(view, unit), hide_index=True, key="unit_groups")
    if loaded.raw_text is not None and unit.raw_chars is not None:
        start, end = unit.raw_chars
        st.markdown(f"**In the raw text** (characters {start}–{end})")
        st.code(loaded.raw_text[start:end], language=None, wrap_lines=True)
else:
    st.info("Click a row of the table to see its word groups and why each count is what it is.")

# --- Rendered view --------------------------------------------------------
st.subheader("Rendered units")
st.html(legend_html())
n_pages = max(1, math.ceil(len(units) / UNITS_PER_PAGE))
page = 1
if n_pages > 1:
    page = min(st.pagination(n_pages, key="page", bind="query-params"), n_pages)
first = (page - 1) * UNITS_PER_PAGE
shown = units[first : first + UNITS_PER_PAGE]
if shown:
    st.caption(
        f"Units {shown[0].index}–{shown[-1].index} "
        f"({len(shown)} of {len(units)} shown)."
    )
st.html(units_html(view, shown))
