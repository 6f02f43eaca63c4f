"""Analysis page: buckets, confusion matrices, the worst units and error by shape of any evaluation.

Analyses what an evaluation's own page has loaded (tokens & sentences,
brackets, edits, dependencies: each view's ``analysis_source``, found through
the registry, :func:`inspector.common.evaluation_view.analysed_views`; a view
without one is not offered), never aligning or scoring anything itself (a
link opened in a new browser loads the bundled data it names:
:mod:`inspector.common.linked_loads`); with a system B loaded, the buckets
table has B's units, F and B − A beside A's; every figure is a sum of the per-unit counts
jpcore stored, computed by :mod:`jpcore.analysis`.  Selecting rows of the
buckets table or bars of the bucket chart filters the table of units below
(the units of the buckets either selection picked); selecting a cell of a
confusion matrix lists its examples.  For tokens & sentences the matrix is
the UPOS of CoNLL-U words that align 1:1 with identical text, when both
sides have UPOS (otherwise one line says which side has none, and why).  The evaluation, the bucketing and the
measures live in the URL (Streamlit writes the options' labels:
``?an_eval=Brackets&an_by=unit+kind``); every table can be downloaded as
CSV, the whole analysis as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import pandas as pd
import streamlit as st

from jpcore.analysis import (
    ALL,
    BucketTable,
    MEASURES,
    NONE,
    Confusion,
    analyse,
    buckets_by_kind,
    buckets_by_length,
    confusions,
    error_type_confusion,
    task_of,
    unit_stats,
    upos_confusion,
    upos_missing,
    worst_units,
)
from jpcore.analysis.confusion import GOLD_SIDE, LABELS, POS, SYS_SIDE, TYPES, UPOS
from jpcore.formats.conllu import NO_TAG
from jpcore.gec.error_types import TYPE_LEVELS
from jpcore.stats.scale import points
from inspector.analysis import tables as at
from inspector.analysis.charts import bucket_figure, selected_buckets
from inspector.analysis.examples import examples_frame
from inspector.common import linked_loads, linked_selection
from inspector.common import widgets as components
from inspector.common.by_shape import show_by_shape
from inspector.common.plotly_selection import CLEAR_HINT
from inspector.common.evaluation_view import AnalysisSource, EvaluationView, analysed_views
from inspector.common.markup import md_text
from inspector.common.wording import NO_VALUE, of_total, plural

BY = {"length": "sentence length", "kind": "unit kind"}
#: What a unit shape counts, per task (as ``--by-shape`` says): trees for parseval, else sentences.
SHAPE_NOUNS = {"parseval": "trees"}
MATRIX_NAMES = {POS: "POS tags", LABELS: "bracket labels", TYPES: "error types", UPOS: "UPOS"}
TYPE_LEVEL_NAMES = {"type": "full type", "main": "main type", "operation": "operation (M/R/U)"}
#: What the diagonal of each matrix adds up to.
DIAGONAL = {POS: "the pairs' correct tags", LABELS: "the matched brackets",
            TYPES: "edits of the same type at the same span", UPOS: "words whose UPOS agree"}
_MEMO = "an_memo"
#: ``memo(name, compute)``: ``compute()`` once per loaded result and name (:func:`_memo`).
Memo = Callable[[str, Callable[[], Any]], Any]
#: URL/session key of the Buckets filter (the buckets whose units are listed).
BUCKETS_KEY = "an_bucket"
_BUCKETS_OF = "_an_bucket_of"  # the (evaluation, bucketing) the filter's buckets belong to
#: Examples of one cell listed (and downloaded as CSV) at most.
EXAMPLES_SHOWN = 2000


def _download(column: Any, label: str, data: Callable[[], str] | str, file_name: str, key: str) -> None:
    mime = "text/csv" if file_name.endswith(".csv") else "application/json"
    column.download_button(label, data, file_name=file_name, mime=mime, key=key, on_click="ignore")


def _table_height(rows: int, cap: int = 420) -> int:
    return min(cap, 38 + 35 * max(rows, 1))


def _units_table(frame: pd.DataFrame, key: str, cap: int, selectable: bool = False) -> Any:
    """A table of units, its Gold and System texts wide, at most ``cap`` pixels high
    (``selectable``: one row can be ticked; the table's event is returned)."""
    return st.dataframe(frame, key=key, hide_index=True, height=_table_height(len(frame), cap),
                        column_config={"Gold": st.column_config.TextColumn("Gold", width="large"),
                                       "System": st.column_config.TextColumn("System", width="large")},
                        **({"on_select": "rerun", "selection_mode": "single-row"} if selectable else {}))


def _open_unit(view: EvaluationView, index: int) -> None:
    """Go to the evaluation's unit page showing unit ``index`` (``?unit=N``, ``?pair=N``...)."""
    st.session_state[view.unit_param] = index
    st.switch_page(view.unit_page, query_params={view.unit_param: str(index)})


def _worst_detail(view: EvaluationView, frame: pd.DataFrame, rows: list[int]) -> None:
    """The ticked (else the first) worst unit: its number, errors and both texts in full,
    and a button that opens it on its evaluation's page."""
    if frame.empty:
        return
    row = frame.iloc[rows[0] if rows and 0 <= rows[0] < len(frame) else 0]
    index = int(row["Unit"])
    st.markdown(f"**Unit #{index}** (rank {int(row['Rank'])}, {plural(int(row['Errors']), 'error')}):  \n"
                f"**Gold:** {md_text(str(row['Gold']) or '∅')}  \n"
                f"**System:** {md_text(str(row['System']) or '∅')}")
    if view.unit_page is None or view.unit_param is None:
        return
    page_title = next((spec.title for spec in view.pages if spec.file == view.unit_page), view.title)
    if st.button(f"Open unit #{index} on {page_title}", key="an_worst_open", icon=":material/arrow_forward:",
                 help="Tick another row of the table to choose another unit."):
        _open_unit(view, index)


def _memo(evaluation: str, fingerprint: str, name: str, compute: Callable[[], Any]) -> Any:
    """``compute()`` once per loaded result of ``evaluation`` (keyed on its ``fingerprint``)
    and ``name``; what was computed for a result the evaluation no longer holds is dropped
    (it can be large)."""
    cache: dict = st.session_state.setdefault(_MEMO, {})
    key = (evaluation, fingerprint, name)
    if key not in cache:
        for old in [k for k in cache if k[0] == evaluation and k[1] != fingerprint]:
            del cache[old]
        if len(cache) > 48:
            cache.clear()
        cache[key] = compute()
    return cache[key]


def show_matrix(source: AnalysisSource, name: str, matrix: Confusion, widget_key: str) -> None:
    """The matrix as a table whose cells list their examples, every non-empty cell, the downloads."""
    title = matrix.title[:1].upper() + matrix.title[1:]
    st.markdown(f"**{md_text(title)}**: {plural(matrix.total, 'item')}, {matrix.agreement} on the diagonal "
                f"({DIAGONAL[name]}). Rows are gold, columns system; click a cell to list its examples.")
    frame = at.confusion_frame(matrix)
    event = st.dataframe(
        at.confusion_styler(matrix, frame), key=widget_key,
        on_select="rerun", selection_mode="single-cell", hide_index=True,
        height=_table_height(len(frame), 460),
    )
    cell = at.selected_cell(matrix, frame, event.selection.get("cells", []))
    cells = at.cells_frame(matrix)
    if cell is not None:
        examples = matrix.examples(*cell)
        st.markdown(f"**{md_text(cell[0])} (gold) → {md_text(cell[1])} (system)**: "
                    f"{plural(len(examples), 'example')}")
        if len(examples) > EXAMPLES_SHOWN:
            st.caption(f"Listing the first {EXAMPLES_SHOWN} in document order; the matrix JSON below "
                       "holds every reference.")
        examples_table = examples_frame(source, matrix, examples[:EXAMPLES_SHOWN])
        st.dataframe(examples_table, key="an_examples", hide_index=True,
                     height=_table_height(len(examples_table), 360))
    else:
        examples_table = pd.DataFrame()
        st.info("Click a non-empty cell of the matrix to list the items it counts.",
                icon=":material/touch_app:")
    with st.expander(f"Every non-empty cell ({len(cells)})"):
        st.dataframe(cells, key="an_cells", hide_index=True, height=_table_height(len(cells), 360))
    buttons = st.columns(4)
    _download(buttons[0], "Matrix as CSV", frame.to_csv(index=False), f"confusion-{name}.csv", "an_dl_matrix")
    _download(buttons[1], "Matrix with examples (JSON)",
              lambda: json.dumps(matrix.to_dict(), ensure_ascii=False), f"confusion-{name}.json",
              "an_dl_matrix_json")
    _download(buttons[2], "Cells as CSV", cells.to_csv(index=False), f"confusion-{name}-cells.csv",
              "an_dl_cells")
    if not examples_table.empty:
        _download(buttons[3], "Examples as CSV", examples_table.to_csv(index=False),
                  f"confusion-{name}-examples.csv", "an_dl_examples")


def no_upos_line(result: Any, missing: dict[str, str]) -> str:
    """Which side has no UPOS and why (:func:`jpcore.analysis.upos_missing`), escaped."""
    files = {GOLD_SIDE: md_text(result.gold.name), SYS_SIDE: md_text(result.system.name)}
    whys = set(missing.values())
    if len(missing) == 2 and len(whys) == 1:
        return (f"neither the gold file {files[GOLD_SIDE]} nor the system file {files[SYS_SIDE]} has UPOS: "
                f"{md_text(whys.pop())}")
    return "; ".join(f"the {side} file {files[side]} has no UPOS: {md_text(why)}"
                     for side, why in missing.items())


def _buckets(source: AnalysisSource, evaluation: str, memo: Memo, stats: Any, b: Any) -> None:
    """Buckets by sentence length or unit kind: the table (with system B's scores and B − A beside A's
    when ``b``, system B's loaded input, is given), the chart, the units of the chosen buckets."""
    result, measures = source.result, MEASURES[task_of(source.result)]
    st.subheader("Buckets")
    left, right = st.columns(2)
    by = left.radio("Buckets by", list(BY), format_func=BY.__getitem__, key="an_by", horizontal=True,
                    bind="query-params")
    if len(measures) > 1:
        measure = right.radio("Chart measure", list(measures), format_func=source.measure_labels.__getitem__,
                              key="an_measure", horizontal=True, bind="query-params")
    else:
        measure = measures[0]
    bucketing = buckets_by_length if by == "length" else buckets_by_kind
    if b is None:
        table = memo(f"buckets:{by}", lambda: bucketing(result, stats=stats))
        bucket_frame = at.bucket_frame(source, table)
    else:  # the buckets either system has units in, A's and B's side by side
        table_b = memo(f"buckets_b:{by}:{b.fingerprint}", lambda: bucketing(b.result))
        table = memo(f"buckets_with_b:{by}:{b.fingerprint}", lambda: _either(bucketing(result, stats=stats,
                                                                                        keep_empty=True), table_b))
        bucket_frame = at.with_system_b(at.bucket_frame(source, table), source, table, table_b)
        st.caption(f"Beside system A, system B ({md_text(b.label)}): each system's own units (aligned to gold on "
                   "its own) in each bucket, B's score and B − A in points.")
    percent = [header for m in table.measures for header in at.score_headers(source.measure_labels[m], source.f_label)]
    percent += [column for column in bucket_frame.columns if column.startswith("B ")]
    # the ticked rows and the selected bars are the Buckets filter's value (read before any is drawn)
    table_key, chart_key, selection_key = (f"an_buckets_{evaluation}_{by}", f"an_chart_{evaluation}_{by}",
                                           f"an_selection_{evaluation}_{by}")
    if st.session_state.get(_BUCKETS_OF) not in (None, (evaluation, by)):
        st.session_state[BUCKETS_KEY] = []  # another bucketing: its buckets are other ones
    st.session_state[_BUCKETS_OF] = (evaluation, by)
    rows_chosen = at.selected_bucket_rows(
        table, linked_selection.selected_rows(linked_selection.keyed(selection_key, table_key)))
    bars_chosen = selected_buckets(table, st.session_state.get(chart_key))
    either = [name for name in table.names() if name in rows_chosen or name in bars_chosen]
    linked_selection.follow_selection(selection_key, BUCKETS_KEY, either, table.names())
    # B − A as the one scale writes a difference (+1.28, −2.42 with the label's minus sign);
    # the CSV download keeps the numbers
    differences = {c: [NO_VALUE if pd.isna(v) else points(float(v)) for v in bucket_frame[c]]
                   for c in bucket_frame.columns if c.startswith("B − A ")}
    rows_event = st.dataframe(
        bucket_frame.assign(**differences), key=linked_selection.keyed(selection_key, table_key), hide_index=True,
        height=_table_height(len(bucket_frame)), on_select="rerun", selection_mode="multi-row",
        column_config={c: st.column_config.NumberColumn(c, format="%.2f") for c in percent if c not in differences},
    )
    totals = ", ".join(
        f"{source.measure_labels[m]} {'/'.join(map(str, table.total(m).as_tuple()))}" for m in measures
    )
    st.caption(f"Summed over the buckets (TP/FP/FN): {md_text(totals)}, the totals of the evaluation. "
               "A unit's length is all its gold words: a unit of several sentences counts as one long sentence.")
    figure = linked_selection.figure_revision(
        bucket_figure(table, measure, source.measure_labels[measure], source.f_label), selection_key)
    chart = st.plotly_chart(figure, key=chart_key, on_select="rerun", selection_mode=("points", "box"))
    rows_chosen = at.selected_bucket_rows(table, rows_event.selection.get("rows", []))
    bars_chosen = selected_buckets(table, chart)
    either = [name for name in table.names() if name in rows_chosen or name in bars_chosen]
    chosen = st.multiselect(
        "Buckets shown", table.names(), key=BUCKETS_KEY, bind="query-params", placeholder="all buckets",
        width=2 * components.FILTER_WIDTH,
        help="The units of these buckets are listed below; ticking rows of the table or selecting bars of the "
             "chart sets it.")
    all_units = memo("units_frame", lambda: at.units_frame(source, stats))  # one row per unit, in stats order
    if chosen:
        column = "Length bucket" if by == "length" else "Kind bucket"
        units_frame = all_units[all_units[column].isin(chosen)].reset_index(drop=True)
        shown = f"showing {of_total(len(units_frame), len(stats), 'unit')}"
        if not linked_selection.shows_selection(BUCKETS_KEY, either):
            st.caption(f"Buckets chosen: {md_text(', '.join(chosen))} — {shown}.")
        elif rows_chosen and bars_chosen:
            st.caption(f"Table selection: {md_text(', '.join(rows_chosen))}; chart selection: "
                       f"{md_text(', '.join(bars_chosen))} — {shown}, the units of either (untick the rows; "
                       f"{CLEAR_HINT} the chart's selection).")
        elif rows_chosen:
            st.caption(f"Table selection: {md_text(', '.join(rows_chosen))} — {shown} (untick the rows "
                       "to clear).")
        else:
            st.caption(f"Chart selection: {md_text(', '.join(bars_chosen))} — {shown} ({CLEAR_HINT}).")
    else:
        units_frame = all_units
        st.caption(f"Showing all {plural(len(units_frame), 'unit')}: tick rows of the buckets table, select bars of "
                   "the chart or choose buckets to show those buckets' units.")
    _units_table(units_frame, "an_units", 360)
    buttons = st.columns(3)
    _download(buttons[0], "Buckets as CSV", bucket_frame.to_csv(index=False), f"buckets-{by}.csv",
              "an_dl_buckets")
    _download(buttons[1], "Buckets as JSON", lambda: json.dumps(table.to_dict(), ensure_ascii=False),
              f"buckets-{by}.json", "an_dl_buckets_json")
    _download(buttons[2], "Units shown as CSV", units_frame.to_csv(index=False), "units.csv", "an_dl_units")


def _either(table: BucketTable, table_b: BucketTable) -> BucketTable:
    """``table`` (kept with its empty buckets) without the buckets empty in both systems."""
    in_b = {bucket.name for bucket in table_b.buckets}
    kept = tuple(bucket for bucket in table.buckets if bucket.units or bucket.name in in_b)
    return BucketTable(table.task, table.by, table.measures, kept)


def _matrices(source: AnalysisSource, evaluation: str, memo: Memo) -> None:
    """The confusion matrix the evaluation offers (UPOS; labels or POS; error types)."""
    result, task = source.result, task_of(source.result)
    st.subheader("Confusion matrices")
    if task == "ud":
        st.info("The Dependencies page shows the DEPREL and UPOS confusion of the loaded treebanks, with each "
                "word's error.", icon=":material/info:")
        return
    if task == "preprocess":
        missing = memo("upos_missing", lambda: upos_missing(result))
        if missing:
            st.info(f"No UPOS matrix — {no_upos_line(result, missing)}. It needs CoNLL-U with UPOS on both sides.",
                    icon=":material/info:")
        else:
            upos = memo("confusions:upos", lambda: upos_confusion(result))
            if result.level == "tokens" and NO_TAG in (*upos.gold_labels, *upos.sys_labels):
                st.caption("At the tokens level a multiword token (can't) is one unit without a UPOS of its "
                           f"own: it counts as “{md_text(NO_TAG)}”.")
            show_matrix(source, UPOS, upos, f"an_conf_{evaluation}_{UPOS}")
    else:
        options = st.columns(3)
        unpaired = options[0].toggle(
            f"Count items without a partner ({NONE})", value=True, key="an_unpaired", bind="query-params",
            help="A constituent (edit) with nothing at its span on the other side is counted against ∅.",
        )
        if task == "gec":
            level = options[1].radio("Error types", list(TYPE_LEVELS),
                                     format_func=TYPE_LEVEL_NAMES.__getitem__, key="an_level", horizontal=True,
                                     bind="query-params")
            matrices = {TYPES: memo(f"types:{level}:{unpaired}",
                                    lambda: error_type_confusion(result, unpaired, by=level))}
        else:
            level = "type"
            matrices = memo(f"confusions:{unpaired}", lambda: confusions(result, unpaired))
        if len(matrices) > 1:
            name = options[2].radio("Matrix", list(matrices), format_func=MATRIX_NAMES.__getitem__,
                                    key="an_matrix", horizontal=True, bind="query-params")
        else:
            name = next(iter(matrices))
        show_matrix(source, name, matrices[name], f"an_conf_{evaluation}_{name}_{level}_{unpaired}")


def _worst(source: AnalysisSource, view: EvaluationView, memo: Memo, stats: Any) -> None:
    """The units with the most errors (a ticked one shown in full and opened on its page), and
    the downloads of the whole analysis."""
    result, task = source.result, task_of(source.result)
    measures = MEASURES[task]
    st.subheader("Worst sentences")
    left, right = st.columns(2)
    if len(measures) > 1:
        worst_measure = left.radio(
            "Rank by errors (FP + FN) of", [ALL, *measures],
            format_func=lambda m: "all measures" if m == ALL else source.measure_labels[m],
            key="an_worst_by", horizontal=True, bind="query-params",
        )
    else:
        worst_measure = ALL
    limit = int(right.number_input("Show at most", min_value=1, value=20, step=10, key="an_worst_n",
                                   bind="query-params"))
    every_ranked = memo(f"worst:{worst_measure}", lambda: worst_units(result, worst_measure, stats=stats))
    ranked = every_ranked[:limit]
    worst_frame = at.worst_frame(source, ranked)
    st.caption(f"{len(ranked)} of the {plural(len(every_ranked), 'unit')} with errors, most errors first "
               "(ties in document order). Tick a row to read the unit and open it on its page.")
    event = _units_table(worst_frame, "an_worst", 420, selectable=True)
    _worst_detail(view, worst_frame, list(event.selection.get("rows", [])))
    buttons = st.columns(2)
    _download(buttons[0], "Worst units as CSV", worst_frame.to_csv(index=False), "worst-units.csv",
              "an_dl_worst")
    _download(buttons[1], "The whole analysis (JSON)",
              lambda: json.dumps(analyse(result, worst=None), ensure_ascii=False), f"analysis-{task}.json",
              "an_dl_all")


def show() -> None:
    """Draw the Analysis page (``inspector/pages/analysis.py`` runs it)."""
    st.title("Analysis")
    st.caption(
        "Buckets by sentence length and unit kind, confusion matrices and the worst units of what an "
        "evaluation page has loaded. Every figure adds up the per-unit counts jpcore stored: nothing "
        "is scored again. Scores in percent."
    )
    views = {view.key: view for view in analysed_views()}
    linked_loads.follow_links(views.values())  # a link opened in a new browser loads what it names
    evaluation = st.radio("Evaluation", list(views), format_func=lambda key: views[key].title,
                          key="an_eval", horizontal=True, bind="query-params")
    chosen = views[evaluation]
    linked_loads.name_loaded(chosen, views.values())
    source = chosen.analysis_source()
    if source is None:
        components.stop_until_loaded(f"Nothing is loaded for {chosen.title} yet: choose the data in "
                                     f"{chosen.loader_hint}, then come back here.", chosen.loader_page, chosen.title,
                                     ":material/info:")
    result = source.result
    task = task_of(result)
    measures = MEASURES[task]
    memo = partial(_memo, evaluation, source.fingerprint)
    stats = memo("stats", lambda: unit_stats(result))
    st.caption(f"**{md_text(source.label)}** · {plural(len(stats), 'aligned unit')} · measures: "
               f"{md_text(', '.join(source.measure_labels[m] for m in measures))}")

    b = chosen.loader().get_loaded_b() if chosen.loader is not None else None
    _buckets(source, evaluation, memo, stats, b)
    _matrices(source, evaluation, memo)
    _worst(source, chosen, memo, stats)
    st.subheader("Error by shape")
    show_by_shape(result, SHAPE_NOUNS.get(task, "sentences"), key=f"an_by_shape_{evaluation}")
