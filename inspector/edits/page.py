"""Edits page: gold and system M2 edits after sentence alignment (jp-errant).

Loads a gold and a system M2 file (the sidebar's loader: sample, upload,
paste or a saved JSON result), shows the aligned units with their original
sentence ids on both sides (gold left, system right, as on every page), every
edit with its original and re-indexed offsets side by side, type, correction
and TP/FP/FN, the per-type P/R/F chart whose bars set the type filters (scores
in percent, as on every page; errant_compare's own report keeps its 0-1
figures), the annotator errant's rule chose per unit, and the downloads.
The selected unit shows each token's offsets under it, so a re-indexed edit
can be checked by eye; the edit tables put their key columns first and fit a
1400 px window.
Every number is read from the :class:`jpcore.gec.GecResult`; filters
and the selected unit (``?e_unit=N``) are bound to the URL so a link reopens
the same view.  Previous / Next (keys K / J) step through the units the
filters show; the unit's detail is a fragment (stepping reruns only it); the
tables and the rendered view are paged and every download is made on click,
so a 44,000-sentence pair renders quickly once loaded.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from jpcore.peers.errant_compare import render_output
from jpcore.gec import GecResult
from jpcore.gec.error_types import type_table
from jpcore.stats.scale import score_text
from inspector.common import linked_selection, loader_state, review, review_outcome, system_b
from inspector.common import widgets as components
from inspector.common.screen_width import table_and_unit
from inspector.edits import loader as gec_loading
from inspector.edits import tables as gec_tables
from inspector.edits.charts import selected_categories, type_figure
from inspector.edits.aligned import aligned_html
from inspector.edits.render import legend_html, units_html
from inspector.common.plotly_selection import CLEAR_HINT
from inspector.common.significance import show_significance
from inspector.common.table_downloads import totals_downloads
from inspector.common.markup import kind_text, md_text
from inspector.common.state import show_nothing_loaded
from inspector.common.wording import of_total, plural, side_name

#: Units per page of the rendered view.
UNITS_PER_PAGE = 20
#: Rows per page of the units and edits tables (a 44,000-sentence pair has 150,000 edits).
TABLE_ROWS = 500
#: URL/session key of the selected unit.
UNIT_KEY = "e_unit"
#: Session key of the per-type chart, whose selection is the type filters' value.
CHART_KEY = "e_chart"
CHART_LEVELS = {"type": "full type", "main": "main type", "operation": "operation (M/R/U)"}


def reviewing(loaded: gec_loading.GecLoaded) -> review.Reviewed | None:
    """The loaded M2 pair as the review sees it (a unit not exact or with a FP or FN is a mismatch)."""
    result = loaded.result
    sentences = result.errant.sentences
    return review.reviewing(
        "gec", loaded, "e_", result.units,
        lambda unit: unit.kind != "exact" or sentences[unit.index].fp > 0 or sentences[unit.index].fn > 0,
        lambda index, side: gec_tables.unit_text(result, result.units[index], side))


@st.fragment
def unit_detail(loaded: gec_loading.GecLoaded, ids: list[int], reviewed: review.Reviewed | None = None,
                reviews: Mapping[int, Any] | None = None) -> None:
    """The selected unit: navigation, its review, its sentences with their edits side by side, both
    edit tables."""
    result = loaded.result
    index = components.unit_navigation(UNIT_KEY, ids, len(result.units),
                                       "Click a row of the table to see the unit's sentences with their "
                                       "edits side by side.")
    if index is None:
        return
    unit = result.units[index]
    st.subheader(f"Unit #{unit.index}: {unit.ratio} sentences (gold:system), {kind_text(unit.kind, unit.shape)}")
    review.review_panel(reviewed, unit.index, reviews)
    ref_edits, hyp_edits = loaded.edit_index.edits[unit.index]
    st.html(units_html(result, [unit]))
    st.markdown("**Column by column**: gold over system, each token's offset in the unit between them "
                "(Start/End of the tables) and, on a side that joins sentences, its offset in its own "
                "sentence (Orig start/Orig end)")
    st.html(aligned_html(result, unit, ref_edits, hyp_edits))
    # one above the other, each as wide as the page: every column visible at 1400 px
    for label, side_edits, key in (("Gold edits", ref_edits, "e_unit_gold"),
                                   ("System edits", hyp_edits, "e_unit_sys")):
        st.markdown(f"**{label}** (# as in the sentence above; Orig start/Orig end as in the M2 file, "
                    "Start/End re-indexed into the unit)")
        frame = gec_tables.edits_frame(side_edits)
        frame.insert(0, "#", range(1, len(frame) + 1))
        st.dataframe(frame.drop(columns=["Unit", "Side"]), hide_index=True, key=key,
                     column_config=_edit_columns())
    st.caption("Click another row of the table, use Previous / Next (keys K / J) or type a unit number.")


def _edit_columns() -> dict[str, Any]:
    """The edit tables' columns: the text columns' widths, what the type and the offsets
    are (help on hover); the operation and main type (parts of the type) not drawn."""
    config: dict[str, Any] = {name: st.column_config.NumberColumn(name, help=text)
                              for name, text in gec_tables.OFFSET_HELP.items()}
    config["Type"] = st.column_config.TextColumn("Type", width=gec_tables.EDIT_WIDTHS["Type"],
                                                 help=gec_tables.TYPE_HELP)
    config["Correction"] = st.column_config.TextColumn("Correction", width=gec_tables.EDIT_WIDTHS["Correction"])
    config.update({name: None for name in gec_tables.EDIT_COLUMNS_HIDDEN})
    return config


def _report(result: GecResult) -> str:
    """errant_compare's report of the aligned pair, then the alignment's notes."""
    text = render_output(result.errant)
    notes = result.notes
    if notes:
        text += "\n" + "".join(f"Note: {note}\n" for note in notes)
    return text


def _what_is_loaded(loaded: gec_loading.GecLoaded) -> None:
    """The files, options and sample licence; the alignment's notes (or that none was needed)."""
    result, options = loaded.result, loaded.result.errant.options
    f_label = options.f_label
    st.caption(
        f"**{md_text(loaded.label)}** · {md_text(side_name('gold', result.gold_name))} "
        f"({plural(result.gold_count, 'sentence')}) · {md_text(side_name('system', result.sys_name))} "
        f"({plural(result.sys_count, 'sentence')}) · noop rule "
        f"{md_text(result.options.noop_rule)} · alpha {result.options.alpha} · "
        f"{md_text(options.title.strip())}, {md_text(f_label)}"
    )
    if loaded.sample_key is not None:
        attribution = gec_loading.SPEC.sample(loaded.sample_key).attribution()
        if attribution:
            st.caption(f"**Source and licence of this sample.** {attribution}")
    notes = result.notes  # computed on each access
    if result.aligned:
        st.info(md_text(notes[0]), icon=":material/join:")
        for note in notes[1:]:
            st.warning(md_text(note), icon=":material/warning:")
    else:
        st.success(
            "The two files have the same sentences: scored block by block exactly as errant_compare.",
            icon=":material/check_circle:",
        )


def _headline(result: GecResult) -> None:
    """TP, FP, FN, and P, R and F in percent (as every page shows scores); the units by kind and shape."""
    f_label = result.errant.options.f_label
    totals = result.totals
    scores = (score_text(gec_tables.percent(totals[name])) for name in ("precision", "recall", "f"))
    with components.flow("top"):
        for label, value in zip(("TP", "FP", "FN", "Precision", "Recall", f_label),
                                (totals["tp"], totals["fp"], totals["fn"], *scores)):
            narrow = label in ("TP", "FP", "FN")  # a count: a narrower box
            st.metric(label, value, border=True, width=110 if narrow else components.METRIC_WIDTH)
    with st.expander("Units by kind and shape"):
        st.dataframe(gec_tables.kinds_frame(result), hide_index=True, key="e_kinds")


def _widget_of(loaded: gec_loading.GecLoaded, level: str, name: str) -> str:
    """The filter widget (URL key) a chart category of ``level`` is a value of: a full type of
    Full type, a main type of Main type, an operation of Operation; at the operation level a
    type without an operation is named by its main type, a value of Main type."""
    if level == "type":
        return "e_type"
    operations = loaded.edit_index.options.operations
    if level == "operation" and name in operations and name != gec_tables.NO_OPERATION:
        return "e_op"
    return "e_main"


def _chart_filters(loaded: gec_loading.GecLoaded, level: str, names: Sequence[str]) -> None:
    """The chart's selection into the filter widgets it stands for (before they are drawn)."""
    choices = loaded.edit_index.options
    options = {"e_type": choices.types, "e_main": choices.mains, "e_op": choices.operations}
    for widget in CHART_WIDGETS:  # each, so a widget the level does not use forgets the last level's chart
        linked_selection.follow_selection(f"{CHART_KEY}_{widget}", widget,
                                          [name for name in names if _widget_of(loaded, level, name) == widget],
                                          options[widget], source=level)


#: The filter widgets a chart selection can set (URL keys).
CHART_WIDGETS = ("e_type", "e_main", "e_op")


def _type_chart(loaded: gec_loading.GecLoaded) -> None:
    """The per-type P/R/F chart, whose selection is the type filters' value."""
    result = loaded.result
    f_label = result.errant.options.f_label
    st.subheader(f"P / R / {f_label} per error type")  # F + the float beta: no text from a file
    level = st.radio(
        "Categories", list(CHART_LEVELS), format_func=CHART_LEVELS.__getitem__, key="e_level",
        horizontal=True, bind="query-params",
        help="Types are shown as the files write them; the operation (M/R/U) exists only for ERRANT types.",
    )
    rows = type_table(result, level)
    # read before the chart and the filters are drawn: the selection sets the filters
    _chart_filters(loaded, level, selected_categories(rows, st.session_state.get(CHART_KEY)))
    figure = linked_selection.figure_revision(type_figure(rows, f_label),
                                              *(f"{CHART_KEY}_{widget}" for widget in CHART_WIDGETS))
    chart = st.plotly_chart(figure, key=CHART_KEY, on_select="rerun", selection_mode=("points", "box"))
    chart_names = selected_categories(rows, chart)
    by_widget: dict[str, list[str]] = {}
    for name in chart_names:
        by_widget.setdefault(_widget_of(loaded, level, name), []).append(name)
    if chart_names and all(linked_selection.shows_selection(widget, names) for widget, names in by_widget.items()):
        st.caption(f"Chart selection filters the tables: {md_text(', '.join(chart_names))} ({CLEAR_HINT}).")
    with st.expander(f"Per-type table ({plural(len(rows), 'category', 'categories')})"):
        st.dataframe(gec_tables.types_frame(rows, f_label), hide_index=True, key="e_types",
                     column_config={name: st.column_config.NumberColumn(name, format="%.2f")
                                    for name in gec_tables.score_headers(f_label)})


def _edit_filter(loaded: gec_loading.GecLoaded,
                 reviewed: review.Reviewed | None) -> tuple[gec_tables.EditFilter, frozenset[str]]:
    """The filter widgets (bound to the URL; the chart's selection sets them) and what they choose
    (the verdicts apart)."""
    choices = loaded.edit_index.options
    filters = components.flow()
    width = components.FILTER_WIDTH
    operations = filters.multiselect("Operation", choices.operations, key="e_op", bind="query-params",
                                     placeholder="all", width=width,
                                     help="ERRANT's M (missing), R (replace), U (unnecessary).")
    mains = filters.multiselect("Main type", choices.mains, key="e_main", bind="query-params", placeholder="all",
                                width=width)
    types = filters.multiselect("Full type", choices.types, key="e_type", bind="query-params", placeholder="all",
                                width=width)
    statuses = filters.multiselect("Status", choices.statuses, key="e_status", bind="query-params",
                                   placeholder="all", width=width)
    annotators = filters.multiselect("Annotator", choices.annotators, key="e_ann", bind="query-params",
                                     placeholder="all", width=width, help="Coder id (last field of an edit line).")
    search = filters.text_input("Search text or correction", key="e_q", bind="query-params",
                                width=components.SEARCH_WIDTH, help="Case-insensitive; spaces are ignored as a fallback.")
    with filters:
        verdicts = review.verdict_filter(reviewed, "e_verdict", width=width)
    return gec_tables.EditFilter(
        frozenset(operations), frozenset(mains), frozenset(types), frozenset(statuses),
        frozenset(int(a) for a in annotators), search,
    ), verdicts


def _downloads(loaded: gec_loading.GecLoaded, units: Sequence[Any], edits: Sequence[Any],
               reviewed: review.Reviewed | None, reviews: Mapping[int, Any]) -> None:
    """Every download, made when its button is clicked (a large pair renders quickly)."""
    result = loaded.result
    st.subheader("Downloads")
    buttons = components.flow()
    buttons.download_button("errant-style report", lambda: _report(result), file_name="gec-report.txt",
                            mime="text/plain", key="e_dl_report", on_click="ignore")
    buttons.download_button(components.RESULT_JSON_LABEL, lambda: json.dumps(result.to_dict(), ensure_ascii=False),
                            file_name="gec-result.json", mime="application/json", key="e_dl_json",
                            on_click="ignore")
    buttons.download_button("Re-indexed gold M2", lambda: result.aligned_m2()[0], file_name="aligned.ref.m2",
                            mime="text/plain", key="e_dl_ref", on_click="ignore")
    buttons.download_button("Re-indexed system M2", lambda: result.aligned_m2()[1], file_name="aligned.hyp.m2",
                            mime="text/plain", key="e_dl_hyp", on_click="ignore")
    buttons.download_button("Edits as CSV", lambda: gec_tables.edits_frame(edits).to_csv(index=False),
                            file_name="edits.csv", mime="text/csv", key="e_dl_edits", on_click="ignore")
    buttons.download_button("Units as CSV", lambda: gec_tables.units_frame(result, units).to_csv(index=False),
                            file_name="units.csv", mime="text/csv", key="e_dl_units", on_click="ignore")
    with buttons:
        components.report_button(result, gec_loading.SPEC.report_inputs(loaded), key="e_dl_html",
                                 file_name="gec-report.html", comparison=system_b.shown(gec_loading.SPEC),
                                 reviews=review_outcome.report_reviews(reviews),
                                 sections=review_outcome.report_sections(reviewed, result, reviews))
    st.caption(
        "The re-indexed M2 files are the aligned pair: `errant_compare -hyp aligned.hyp.m2 -ref "
        "aligned.ref.m2` prints the report above (without the notes)."
    )


def show() -> None:
    """Draw the Edits page (``inspector/pages/edits.py`` runs it)."""
    st.title("Edits")
    loaded = gec_loading.SPEC.run()
    if loaded is None:
        show_nothing_loaded(gec_loading.SLOT,
                            "Nothing is loaded yet: choose a sample, upload or paste M2 files in the sidebar.")
        st.stop()
    result = loaded.result
    _what_is_loaded(loaded)
    _headline(result)
    reviewed = reviewing(loaded)
    reviews = reviewed.reviews() if reviewed is not None else {}
    review_outcome.after_review(reviewed, result, reviews)
    show_significance(gec_loading.SPEC)
    totals_downloads(result, "e_totals_dl")
    _type_chart(loaded)
    chosen, verdicts = _edit_filter(loaded, reviewed)
    units, edits = gec_tables.apply_filter(result, chosen, loaded.edit_index.edits)
    if verdicts:
        units = review.filter_units(units, lambda unit: unit.index, reviews, verdicts)
        kept = {unit.index for unit in units}
        edits = [edit for edit in edits if edit.unit in kept]
    ids = [unit.index for unit in units]
    st.caption(f"Showing {of_total(len(units), len(result.units), 'unit')} and {plural(len(edits), 'edit')}.")

    # --- Units (paged) ------------------------------------------------------------
    table_box, unit_box = table_and_unit("edits")  # side by side on a wide window
    with table_box:
        st.subheader("Aligned units")
        table_units, _ = components.paged(units, TABLE_ROWS, "e_rows", "units")
        units_frame = review.with_verdicts(gec_tables.units_frame(result, table_units),
                                          [unit.index for unit in table_units], reviews)
        event = st.dataframe(
            units_frame, key="e_units", on_select="rerun", selection_mode="single-row", hide_index=True,
            height=min(330, 38 + 35 * max(len(units_frame), 1)),
            column_config=components.units_columns(units_frame),
        )
    first = next((unit for unit in units if unit.is_merged), units[0] if units else None)
    components.ensure_selection(UNIT_KEY, loaded.fingerprint, lambda i: 0 <= i < len(result.units),
                                first.index if first is not None else (0 if result.units else None),
                                from_link=loader_state.link_is_for(gec_loading.SLOT, loaded))
    components.follow_filters(UNIT_KEY, ids)
    components.pick_from_table(event.selection.rows, [unit.index for unit in table_units], UNIT_KEY)

    with unit_box:
        unit_detail(loaded, ids, reviewed, reviews)

    # --- Edits (paged) ----------------------------------------------------------------
    st.subheader("Edit table")
    table_edits, _ = components.paged(edits, TABLE_ROWS, "e_erows", "edits")
    edits_frame = gec_tables.edits_frame(table_edits)
    st.dataframe(edits_frame, key="e_edits", hide_index=True, height=min(400, 38 + 35 * max(len(edits_frame), 1)),
                 column_config=_edit_columns())

    with st.expander("Chosen annotator per unit (errant's per-sentence choice)"):
        st.dataframe(gec_tables.annotator_frame(result, table_units), hide_index=True, key="e_annotators")
        if len(table_units) < len(units):
            st.caption("The units of the table's current page.")

    # --- Rendered units -----------------------------------------------------------
    st.subheader("Rendered units")
    st.html(legend_html())
    shown, _ = components.paged(units, UNITS_PER_PAGE, "e_page", "units", caption=False)
    st.html(units_html(result, shown))

    _downloads(loaded, units, edits, reviewed, reviews)
    review_outcome.corrected_gold_download(reviewed, loaded, reviews, "e_dl_corrected_gold")
