"""Sentences & tokens page: one row per aligned unit, filters, detail, HTML view.

Filters and the selected unit are bound to the URL
(``?mismatches=true&kind=split&q=...&unit=46``; a kind is its display word,
:func:`jpcore.align.kind_word`: split, merged, regrouped...), so a link reopens the same
view.  The charts of units by kind and by shape stand for the Unit kind and
Shape filters: a bar selected sets the filter (and so the URL).  A unit is
chosen by clicking a table row, typing its number, or with
Previous / Next (keys K / J) over the units the filters show; before any
choice the first unit of sentences cut differently is shown (for the Korean
sample a merged sentence on the first screen).  The detail is a fragment, so stepping
through units reruns only it; the table and the rendered view are paged.  On a wide window
the table and the selected unit stand side by side
(:func:`inspector.common.screen_width.table_and_unit`), the unit under the table otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from jpcore.align import DISPLAY_KINDS
from inspector.common import linked_selection, loader_state, review, review_outcome, system_b
from inspector.common.plotly_selection import CLEAR_HINT
from inspector.common.screen_width import table_and_unit
from inspector.common import widgets as components
from inspector.tokens import explain, tables
from inspector.tokens import loader as loading
from inspector.common.wording import of_total
from inspector.common.markup import kind_text
from inspector.tokens.render import aligned_groups_html, legend_html, reasons_html, token_errors_text, units_html
from inspector.tokens.state import PREPROCESS, Loaded, require_loaded, reviewing
from inspector.tokens.unit_charts import selected_categories, units_figure

#: Units per page of the rendered HTML view.
UNITS_PER_PAGE = 40
#: Rows per page of the units table.
TABLE_ROWS = 500
#: URL/session key of the selected unit.
UNIT_KEY = "unit"
#: The chart standing for each filter (its session key), by the filter's URL key.
CHART_KEYS = {"kind": "units_by_kind_chart", "shape": "units_by_shape_chart"}


@st.fragment
def unit_detail(loaded: Loaded, ids: list[int], reviewed: review.Reviewed | None = None,
                reviews: Mapping[int, Any] | None = None) -> None:
    """The selected unit: navigation, its review, its word groups aligned, why each count is what it is."""
    result, view = loaded.result, loaded.view
    index = components.unit_navigation(UNIT_KEY, ids, len(result.units),
                                       "Click a row of the table, or type a unit number, to see its word groups.")
    if index is None:
        return
    unit = result.units[index]
    st.subheader(f"Unit #{unit.index}: {unit.ratio} sentences, {kind_text(unit.kind, unit.shape)}"
                 f"{token_errors_text(view, unit)}")
    review.review_panel(reviewed, unit.index, reviews)
    st.html(units_html(view, [unit]))
    st.markdown("**Word groups aligned** (top: gold, bottom: system; a bordered group is not one "
                "token = one token, numbered as in the tables)")
    st.html(aligned_groups_html(view, unit))
    st.markdown("**Why these counts**")
    st.html(reasons_html(explain.unit_reasons(view, unit)))
    components.tables_side_by_side([
        ("**Sentences in this unit** (file lines)", tables.sentences_frame(view, unit), "unit_sentences"),
        ("**Word groups** (# as in the rendering above)", tables.groups_frame(view, unit), "unit_groups"),
    ])
    if loaded.raw_text is not None and unit.raw_chars is not None:
        start, end = unit.raw_chars
        st.markdown(f"**In the raw text** (characters {start}–{end})")
        st.code(loaded.raw_text[start:end], language=None, wrap_lines=True)
    st.caption("Click another row of the table, use Previous / Next (keys K / J) or type a unit number.")


def _unit_charts(loaded: Loaded) -> None:
    """The units by kind and by shape, side by side; a bar selected sets the Unit kind / Shape
    filter (read before the filters are drawn: :mod:`inspector.common.linked_selection`)."""
    units = loaded.result.units
    columns = st.columns(2)
    for column, (by, order, title) in zip(columns, (("kind", DISPLAY_KINDS, "Units by kind"),
                                                     ("shape", tables.SHAPE_ORDER, "Units by shape (gold:system)"))):
        key = CHART_KEYS[by]
        linked_selection.follow_selection(key, by, selected_categories(st.session_state.get(key)), list(order))
        figure = linked_selection.figure_revision(units_figure(units, by, list(order), title), key)
        with column:
            st.plotly_chart(figure, key=key, on_select="rerun", selection_mode=("points", "box"))
    st.caption(f"Click a bar to show only those units (shift+click adds one; {CLEAR_HINT}): it sets the "
               "Unit kind or Shape filter below, and the URL.")


def _units_table(loaded: Loaded, units: list, reviewed: review.Reviewed | None,
                 reviews: Mapping[int, Any]) -> tuple[list, Any]:
    """The units table (paged) and its downloads: the units of its page and its selection event."""
    result, view = loaded.result, loaded.view
    table_units, _ = components.paged(units, TABLE_ROWS, "rows", "rows")
    frame = review.with_verdicts(tables.units_frame(view, table_units), [unit.index for unit in table_units],
                                 reviews)
    event = st.dataframe(
        frame,
        key="units_table",
        on_select="rerun",
        selection_mode="single-row",
        hide_index=True,
        height=min(330, 38 + 35 * max(len(frame), 1)),
        column_config=components.units_columns(frame, config={
            "OK": st.column_config.TextColumn("OK", help="✓ correct unit, ✗ at least one error",
                                              width="small"),
        }),
    )
    downloads = components.flow()
    downloads.download_button(
        "Table as CSV", lambda: tables.units_frame(view, units).to_csv(index=False), file_name="units.csv",
        mime="text/csv", key="download_units_csv", on_click="ignore",
    )
    downloads.download_button(
        "Table as JSON",
        lambda: tables.units_frame(view, units).to_json(orient="records", force_ascii=False, indent=1),
        file_name="units.json", mime="application/json", key="download_units_json", on_click="ignore",
    )
    with downloads:
        components.report_button(result, loading.SPEC.report_inputs(loaded), key="download_html",
                                 file_name="preprocess-report.html", comparison=system_b.shown(loading.SPEC),
                                 reviews=review_outcome.report_reviews(reviews),
                                 sections=review_outcome.report_sections(reviewed, result, reviews))
    return list(table_units), event


def show() -> None:
    """Draw the Sentences & tokens page (``inspector/pages/sentences.py`` runs it)."""
    loaded = require_loaded()
    result = loaded.result
    view = loaded.view

    st.title("Sentences & tokens")
    loading.loaded_caption(loaded)
    loading.attribution(loaded)

    # --- Units by kind and shape: each chart's selection is a filter's value -------
    _unit_charts(loaded)

    # --- Filters --------------------------------------------------------------
    filters = components.flow()
    only_mismatches = filters.toggle(
        "Only mismatches", key="mismatches", bind="query-params",
        help="Hide units that are one correct sentence with every token correct.",
    )
    kinds = filters.multiselect(  # no format_func: the URL keeps the plain word (?kind=split)
        "Unit kind", list(DISPLAY_KINDS), key="kind", bind="query-params", placeholder="all kinds",
        width=components.FILTER_WIDTH,
    )
    shapes = filters.multiselect(
        "Shape (gold:system sentences)", list(tables.SHAPE_ORDER), key="shape",
        bind="query-params", placeholder="all shapes", width=components.FILTER_WIDTH,
    )
    search = filters.text_input(
        "Search gold or system text", key="q", bind="query-params", width=components.SEARCH_WIDTH,
        help="Case-insensitive; spaces are ignored as a fallback, so can't finds ca n't.",
    )
    reviewed = reviewing(loaded)
    reviews = reviewed.reviews() if reviewed is not None else {}
    with filters:
        verdicts = review.verdict_filter(reviewed, "verdict", width=components.FILTER_WIDTH)

    units = tables.filter_units(
        view, only_mismatches=only_mismatches, kinds=kinds, shapes=shapes, search=search
    )
    units = review.filter_units(units, lambda unit: unit.index, reviews, verdicts)
    ids = [unit.index for unit in units]
    st.caption(f"Showing {of_total(len(units), len(result.units), 'unit')}.")

    # --- Table (paged) and the selected unit: side by side on a wide window ---------------
    table_box, unit_box = table_and_unit("sentences")
    with table_box:
        table_units, event = _units_table(loaded, units, reviewed, reviews)

    # --- The selected unit ----------------------------------------------------------
    first = tables.first_interesting(units) or tables.first_interesting(result.units)
    components.ensure_selection(UNIT_KEY, loaded.fingerprint, lambda i: 0 <= i < len(result.units),
                                first.index if first is not None else None,
                                from_link=loader_state.link_is_for(PREPROCESS, loaded))
    components.follow_filters(UNIT_KEY, ids)
    components.pick_from_table(event.selection.rows, [unit.index for unit in table_units], UNIT_KEY)

    with unit_box:
        unit_detail(loaded, ids, reviewed, reviews)

    # --- Rendered view --------------------------------------------------------
    st.subheader("Rendered units")
    st.html(legend_html())
    shown, _ = components.paged(units, UNITS_PER_PAGE, "page", "units", caption=False)
    if shown:
        st.caption(
            f"Units {shown[0].index}–{shown[-1].index} "
            f"({of_total(len(shown), len(units), 'unit')} shown)."
        )
    st.html(units_html(view, shown))

    review_outcome.corrected_gold_download(reviewed, loaded, reviews, "download_corrected_gold")
