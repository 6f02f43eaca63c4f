"""Dependencies page: every CoNLL 2018 metric after alignment, unit by unit and word by word.

Loads a gold and a system CoNLL-U file in the sidebar (:mod:`inspector.deps.loader`:
sample, upload, paste or a saved ``jpcore ud --json`` result) and shows what
jpcore's :class:`~jpcore.ud.UdResult` holds: the thirteen metrics of
``conll18_ud_eval.py`` in one table (counts, precision, recall, F1 and
aligned accuracy in percent, as the CLI prints them), whether the files'
characters are the same (the script's case) or where they differ, the
totals split by unit shape (:mod:`inspector.common.by_shape`, as on the
Overview), LAS and UAS per DEPREL, UPOS per UPOS, the confusion of labels,
then the units and their word groups: filters by kind of error and by DEPREL or UPOS
(``?d_err=...&d_deprel=nsubj&d_upos=VERB``), a units table whose row opens
the unit (``?d_unit=N``), the unit's words gold over system with every
wrong head, label and tag marked, and the word groups the filters keep.
Previous / Next (keys K / J) step through the units the filters show; the
unit's detail is a fragment; tables are paged and every download (the
conll18-style report, the JSON result, each table as CSV, the HTML report)
is made on click.  No figure is computed here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from jpcore.align import display_kind_counts
from jpcore.ud import UdResult, render_text
from jpcore.ud.breakdown import per_deprel, per_upos
from jpcore.stats.scale import score_text
from inspector.common import linked_selection, loader_state, review, review_outcome, system_b
from inspector.common import widgets as components
from inspector.common.screen_width import table_and_unit
from inspector.common.by_shape import show_by_shape
from inspector.common.significance import show_significance
from inspector.common.table_downloads import totals_downloads
from inspector.common.markup import kind_text, md_text
from inspector.common.state import show_nothing_loaded
from inspector.deps import tables
from inspector.deps.loader import SLOT, SPEC, DepsLoaded
from inspector.deps.arcs import arcs_html
from inspector.deps.render import legend_html, unit_html
from inspector.deps.words import ERRORS, WordFilter, WordRow, filter_rows, units_of

#: Rows per page of the units and word-group tables.
TABLE_ROWS = 500
#: URL/session key of the selected unit.
UNIT_KEY = "d_unit"
#: The metrics shown as headline figures (F1).
HEADLINE = ("UAS", "LAS", "CLAS", "MLAS", "BLEX")


def _percent(frame: pd.DataFrame) -> dict[str, object]:
    """Every ``... (%)`` column shown with two decimals, as the CLI prints it; a column made
    text because it has empty cells (:func:`inspector.deps.tables.with_dashes`: ``–``, never a
    number column's invalid-cell mark) is aligned right like the numbers."""
    config: dict[str, object] = {}
    for name in frame.columns:
        numeric = pd.api.types.is_numeric_dtype(frame[name])
        if str(name).endswith("(%)") and numeric:
            config[name] = st.column_config.NumberColumn(name, format="%.2f")
        elif not numeric and (name in tables.NUMBER_COLUMNS or str(name).endswith("(%)")):
            config[name] = st.column_config.TextColumn(name, alignment="right")
    return config


def _table_height(rows: int, cap: int = 420) -> int:
    return min(cap, 38 + 35 * max(rows, 1))


def _what_is_loaded(loaded: DepsLoaded) -> None:
    """The files and their sizes; whether the characters are the same; the sample's licence."""
    result = loaded.result
    gold, system = result.gold, result.system
    st.caption(f"**{md_text(loaded.label)}** · gold {md_text(gold.name)} ({gold.n_sentences:,} sentences, "
               f"{gold.n_words:,} words) · system {md_text(system.name)} ({system.n_sentences:,} sentences, "
               f"{system.n_words:,} words)")
    if result.streams_equal:
        st.caption("Characters: the same on both sides. These are files conll18_ud_eval.py accepts, and "
                   "every count below is the one it prints.")
    else:
        st.warning(f"The characters differ in {len(result.differences):,} stretch(es): conll18_ud_eval.py "
                   "refuses these files. Words are aligned by jp-inspector's alignment; a word in a differing "
                   "stretch is never correct, and a head is correct when the system head corresponds to the "
                   "gold head (see About).", icon=":material/difference:")
        with st.expander(f"Where the characters differ ({len(result.differences):,})"):
            st.dataframe(pd.DataFrame([{"Gold line": d.gold_line, "Gold text": d.gold_text,
                                        "System line": d.sys_line, "System text": d.sys_text}
                                       for d in result.differences]), hide_index=True, key="d_differences")
    if loaded.sample_key is not None:
        with st.expander("Source and licence of these treebanks"):
            st.markdown(SPEC.sample(loaded.sample_key).source_path.read_text("utf-8"))


def _headline(result: UdResult, reviewed: review.Reviewed | None, reviews: Mapping[int, Any]) -> None:
    """F1 of the attachment metrics (and after review), then the table of every metric."""
    with components.flow("top"):
        for name in HEADLINE:
            st.metric(f"{name} F1", score_text(100 * result.totals[name].f1), border=True,
                      width=components.METRIC_WIDTH)
    review_outcome.after_review(reviewed, result, reviews)
    kinds = ", ".join(f"{count} {kind}" for kind, count in display_kind_counts(result.units).items() if count)
    st.caption(f"{len(result.units):,} aligned units ({kinds or 'none'}).")
    st.subheader("CoNLL 2018 metrics")
    frame = tables.metrics_frame(result)
    st.dataframe(frame, key="d_metrics", hide_index=True, height=_table_height(len(frame), 520),
                 column_config=_percent(frame))
    st.caption("Precision = correct / system, recall = correct / gold, F1 = 2·correct / (gold + system), "
               "aligned accuracy = correct / aligned pairs; in percent, as `jpcore ud` and conll18_ud_eval.py "
               "print them. CLAS, MLAS and BLEX count content words only; UFeats compares universal features "
               "only; LAS compares the DEPREL's main type (before ':').")


def _label_table(frame: pd.DataFrame, key: str, column: str, widget: str, options: Sequence[str]) -> None:
    """A per-label table whose ticked rows are the filter ``widget``'s value (set before it is drawn)."""
    labels = frame[column].tolist()
    rows = linked_selection.selected_rows(linked_selection.keyed(key))
    ticked = [labels[row] for row in rows if 0 <= row < len(labels)]
    linked_selection.follow_selection(key, widget, ticked, options)
    st.dataframe(frame, key=linked_selection.keyed(key), hide_index=True, column_config=_percent(frame),
                 on_select="rerun", selection_mode="multi-row")


def _labels(loaded: DepsLoaded) -> None:
    """LAS and UAS per DEPREL, UPOS per UPOS (rows ticked set the DEPREL / UPOS filters), and
    the confusion of labels."""
    result, index = loaded.result, loaded.words
    st.subheader("Per DEPREL, per UPOS and the labels confused")
    deprel, upos, confusion = st.tabs(["Per DEPREL", "Per UPOS", "Label confusion"])
    with deprel:
        _label_table(tables.labels_frame(per_deprel(result), "LAS", "DEPREL"), "d_per_deprel", "DEPREL",
                     "d_deprel", index.labels)
        st.caption("By the DEPREL main type. Gold / System: words with the label; aligned pairs: those whose "
                   "gold word has it. LAS precision, recall and F1 restricted to the label, in percent. "
                   "Tick rows to show only their word groups (the DEPREL filter below).")
    with upos:
        _label_table(tables.labels_frame(per_upos(result), "UPOS", "UPOS"), "d_per_upos", "UPOS", "d_upos",
                     index.tags)
        st.caption("UPOS precision, recall and F1 restricted to the tag; UAS of the aligned words with the "
                   "tag (an attachment score per word class), in percent. Tick rows to show only their word "
                   "groups (the UPOS filter below).")
    with confusion:
        frame = tables.confusion_frame(result)
        st.dataframe(frame, key="d_confusion", hide_index=True, height=_table_height(len(frame), 460))
        diagonal = sum(int(frame.at[k, label]) for k, label in enumerate(frame["Gold \\ system"]))
        total = int(frame.drop(columns="Gold \\ system").to_numpy().sum()) if len(frame) else 0
        st.caption(f"Aligned pairs by gold (rows) and system (columns) DEPREL main type: {total:,} pairs, "
                   f"{diagonal:,} on the diagonal (the same label).")


def _word_filter(loaded: DepsLoaded, reviewed: review.Reviewed | None) -> tuple[WordFilter, frozenset[str]]:
    """The filter widgets (bound to the URL) and what they choose (the verdicts apart)."""
    index = loaded.words
    st.subheader("Units and word groups")
    filters = components.flow()
    errors = filters.multiselect(  # no format_func: the URL keeps the plain name (?d_err=head)
        "Kind of error", list(ERRORS), key="d_err", bind="query-params", placeholder="any, or none",
        width=components.SEARCH_WIDTH,
        help="Word groups with any of these errors: " + "; ".join(f"{key}: {text}" for key, text in ERRORS.items())
        + ".")
    labels = filters.multiselect("DEPREL (main type)", index.labels, key="d_deprel", bind="query-params",
                                 placeholder="all labels", width=components.FILTER_WIDTH,
                                 help="Word groups with this label on either side.")
    tags = filters.multiselect("UPOS", index.tags, key="d_upos", bind="query-params", placeholder="all tags",
                               width=components.FILTER_WIDTH,
                                  help="Word groups with this tag on either side.")
    with filters:
        verdicts = review.verdict_filter(reviewed, "d_verdict", width=components.FILTER_WIDTH)
    return WordFilter(frozenset(errors), frozenset(labels), frozenset(tags)), verdicts


def reviewing(loaded: DepsLoaded) -> review.Reviewed | None:
    """The loaded treebanks as the review sees them (a unit with any error is a mismatch)."""
    result = loaded.result
    return review.reviewing("ud", loaded, "d_", result.units, lambda unit: unit.has_error,
                            lambda index, side: tables.unit_text(result, result.units[index], side))


@st.fragment
def unit_detail(loaded: DepsLoaded, ids: list[int], reviewed: review.Reviewed | None = None,
                reviews: Mapping[int, Any] | None = None) -> None:
    """The selected unit: navigation, its review, its words gold over system, its word groups as a table."""
    result, index = loaded.result, loaded.words
    number = components.unit_navigation(UNIT_KEY, ids, len(result.units),
                                        "Click a row of the units table, or type a unit number, to see its words.")
    if number is None:
        return
    unit = result.units[number]
    counts = unit.counts
    st.subheader(f"Unit #{unit.index}: {unit.ratio} sentences, {kind_text(unit.kind, unit.shape)}")
    review.review_panel(reviewed, unit.index, reviews)
    st.caption(" · ".join(f"{name} {counts[name].tp}/{counts[name].gold}/{counts[name].system}"
                          for name in ("Words", "UPOS", "UAS", "LAS", "CLAS")) + " (correct/gold/system)")
    # st.html would strip the SVG (DOMPurify's HTML profile); every value in it is escaped
    st.markdown(arcs_html(index, unit.index), unsafe_allow_html=True)
    st.markdown("**Words, gold over system** (each word: FORM and ID, UPOS, → head, DEPREL)")
    st.html(legend_html())
    st.html(unit_html(index, unit.index))
    rows = index.unit_rows(unit.index)
    st.dataframe(tables.words_frame(index, rows), key="d_unit_words", hide_index=True,
                 height=_table_height(len(rows), 360), column_config={"Kind": components.kind_column()})
    st.caption("Click another row of the units table, use Previous / Next (keys K / J) or type a unit number.")


def _downloads(loaded: DepsLoaded, rows: Sequence[WordRow], units: Sequence[int],
               reviewed: review.Reviewed | None, reviews: Mapping[int, Any]) -> None:
    """Every download, made when its button is clicked."""
    result, index = loaded.result, loaded.words
    st.subheader("Downloads")
    first = components.flow()
    first.download_button("conll18-style report", lambda: render_text(result), file_name="ud-report.txt",
                             mime="text/plain", key="d_dl_report", on_click="ignore")
    first.download_button(components.RESULT_JSON_LABEL,
                             lambda: json.dumps(result.to_dict(), ensure_ascii=False), file_name="ud-result.json",
                             mime="application/json", key="d_dl_json", on_click="ignore")
    first.download_button("Metrics as CSV", lambda: tables.metrics_frame(result).to_csv(index=False),
                             file_name="ud-metrics.csv", mime="text/csv", key="d_dl_metrics", on_click="ignore")
    with first:
        shown = st.session_state.get(UNIT_KEY)
        components.report_button(result, SPEC.report_inputs(loaded), key="d_dl_html", file_name="ud-report.html",
                                 selected=[shown] if isinstance(shown, int) else [],
                                 comparison=system_b.shown(SPEC),
                                 reviews=review_outcome.report_reviews(reviews),
                                 sections=review_outcome.report_sections(reviewed, result, reviews))
    second = components.flow()
    second.download_button(
        "Per DEPREL as CSV", lambda: tables.labels_frame(per_deprel(result), "LAS", "DEPREL").to_csv(index=False),
        file_name="ud-per-deprel.csv", mime="text/csv", key="d_dl_deprel", on_click="ignore")
    second.download_button(
        "Per UPOS as CSV", lambda: tables.labels_frame(per_upos(result), "UPOS", "UPOS").to_csv(index=False),
        file_name="ud-per-upos.csv", mime="text/csv", key="d_dl_upos", on_click="ignore")
    second.download_button(
        "Label confusion as CSV", lambda: tables.confusion_frame(result).to_csv(index=False),
        file_name="ud-label-confusion.csv", mime="text/csv", key="d_dl_confusion", on_click="ignore")
    second.download_button(
        "Word groups shown as CSV", lambda: tables.words_frame(index, rows).to_csv(index=False),
        file_name="ud-word-groups.csv", mime="text/csv", key="d_dl_words", on_click="ignore")
    st.download_button(
        "Units shown as CSV", lambda: tables.units_frame(result, [result.units[i] for i in units], index).to_csv(
            index=False), file_name="ud-units.csv", mime="text/csv", key="d_dl_units", on_click="ignore")


def show() -> None:
    """Draw the Dependencies page (``inspector/pages/deps.py`` runs it)."""
    loaded = SPEC.run()
    st.title("Dependencies")
    if loaded is None:
        show_nothing_loaded(SLOT, "Nothing is loaded yet: choose bundled treebanks, upload or paste CoNLL-U "
                                  "files in the sidebar.")
        st.stop()
    result, index = loaded.result, loaded.words
    _what_is_loaded(loaded)
    reviewed = reviewing(loaded)
    reviews = reviewed.reviews() if reviewed is not None else {}
    _headline(result, reviewed, reviews)
    show_significance(SPEC)
    totals_downloads(result, "d_totals_dl")
    st.subheader("Error by shape")
    show_by_shape(result, key="d_by_shape")
    _labels(loaded)

    wanted, verdicts = _word_filter(loaded, reviewed)
    rows = filter_rows(index.rows, wanted)
    units = units_of(rows) if wanted.active else [unit.index for unit in result.units]
    if verdicts:
        units = review.filter_units(units, int, reviews, verdicts)
        kept = set(units)
        rows = [row for row in rows if row.unit in kept]
    st.caption(f"Showing {len(rows):,} of {len(index.rows):,} word groups, in {len(units):,} of "
               f"{len(result.units):,} units.")

    # --- Units (paged) ------------------------------------------------------------
    table_box, unit_box = table_and_unit("deps")  # side by side on a wide window
    with table_box:
        table_units, _ = components.paged(units, TABLE_ROWS, "d_rows", "units")
        units_frame = review.with_verdicts(tables.units_frame(result, [result.units[i] for i in table_units], index),
                                          list(table_units), reviews)
        event = st.dataframe(
            units_frame, key="d_units", on_select="rerun", selection_mode="single-row", hide_index=True,
            height=_table_height(len(units_frame), 330),
            column_config=components.units_columns(units_frame),
        )
    first = next((i for i in units if any(row.errors for row in index.unit_rows(i))), units[0] if units else None)
    components.ensure_selection(UNIT_KEY, loaded.fingerprint, lambda i: 0 <= i < len(result.units),
                                first if first is not None else (0 if result.units else None),
                                from_link=loader_state.link_is_for(SLOT, loaded))
    components.follow_filters(UNIT_KEY, units)
    components.pick_from_table(event.selection.rows, list(table_units), UNIT_KEY)

    with unit_box:
        unit_detail(loaded, units, reviewed, reviews)

    # --- Word groups (paged) --------------------------------------------------------
    st.subheader("Word groups")
    table_rows, _ = components.paged(rows, TABLE_ROWS, "d_wrows", "word groups")
    words = tables.words_frame(index, table_rows)
    st.dataframe(words, key="d_words", hide_index=True, height=_table_height(len(words), 400),
                 column_config={"Kind": components.kind_column()})

    _downloads(loaded, rows, units, reviewed, reviews)
    review_outcome.corrected_gold_download(reviewed, loaded, reviews, "d_dl_corrected_gold")
