"""Brackets page: PARSEVAL after alignment, pair by pair, with the trees drawn.

Everything shown is read from jpcore's
:class:`~jpcore.parseval.result.ParsevalResult` (loaded by
:mod:`inspector.brackets.loader`): the EVALB-style table (one row per
aligned pair), the per-label chart, each constituent's status.  Filters
(``?merged=true&word_groups=true&crossing=true&label=NP&length=1-10``) and
the selected pair (``?pair=N``, numbered from 0 as every unit of the app;
EVALB's ID is N + 1) live in the URL, the bundled tree pair too
(``?trees=KEY``), so a link reopens the same view.  Previous / Next (keys
K / J) step through the pairs the filters show; the pair's detail is a
fragment (stepping reruns only it) and the table is paged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from jpcore.align import display_kind_counts
from jpcore.parseval.tree_crossing import crossing_sentence
from jpcore import parseval
from jpcore.parseval.result import ParsevalResult, TreePair
from jpcore.stats.scale import score_text
from inspector.brackets import view as bv
from inspector.common import linked_selection, loader_state, review, review_outcome, system_b
from inspector.common import widgets as components
from inspector.brackets.chart import label_figure, selected_labels
from inspector.brackets.loader import SLOT, SPEC, BracketsLoaded
from inspector.common.plotly_selection import CLEAR_HINT
from inspector.common.significance import show_significance
from inspector.common.table_downloads import totals_downloads
from inspector.common.markup import kind_text, md_text
from inspector.common.state import show_nothing_loaded
from inspector.common.wording import of_total, plural, side_name
from inspector.brackets.trees import ARRANGEMENTS, AUTO, ZOOMS, legend_svg_html, pair_svg_html, side_text

#: Rows per page of the pairs table.
TABLE_ROWS = 500
#: Session key of the per-label chart, whose selection is the Label filter's value.
CHART_KEY = "bk_label_chart"


def _pick_from_table() -> None:
    """Show the pair of the row clicked in the table."""
    rows = st.session_state.get("bk_table", {}).get("selection", {}).get("rows", [])
    ids = st.session_state.get("bk_table_ids", [])
    if rows and 0 <= rows[0] < len(ids):
        st.session_state["pair"] = ids[rows[0]]


def reviewing(loaded: BracketsLoaded) -> review.Reviewed | None:
    """The loaded trees as the review sees them (a pair with an error is a mismatch)."""
    view = loaded.view
    pairs = loaded.result.pairs
    return review.reviewing("parseval", loaded, "bk_", pairs, lambda pair: pair.has_error,
                            lambda index, side: view.text(pairs[index], side))


@st.fragment
def pair_detail(loaded: BracketsLoaded, shown_ids: list[int], reviewed: review.Reviewed | None = None,
                reviews: Mapping[int, Any] | None = None) -> None:
    """The selected pair: navigation, its review, its trees drawn, its word units and constituents."""
    result = loaded.result
    view = loaded.view
    ids = [pair.index for pair in result.pairs]
    if not ids:
        return
    row = components.flow()
    with row:
        components.nav_buttons("pair", shown_ids, "pair")
    chosen = row.selectbox(
        "Pair shown below (or click a row of the table)", ids, key="pair", persist_state="session",
        width=2 * components.FILTER_WIDTH,
        format_func=loaded.pair_choices.__getitem__,
    )
    # kept in the URL by hand: a bound selectbox would write its label, not the number
    st.query_params["pair"] = str(chosen)
    components.position_caption("pair", shown_ids, "pair")
    pair = result.pairs[chosen]
    row = pair.row()
    st.subheader(f"Pair #{pair.index}: {pair.ratio} trees, {kind_text(pair.kind, pair.shape)}")
    review.review_panel(reviewed, pair.index, reviews)
    st.caption(
        f"gold {view.lines_phrase(pair, 'gold')} · system {view.lines_phrase(pair, 'sys')} · "
        f"matched {row.matched} of {row.gold} gold and {row.test} test constituents · "
        f"{row.cross} crossing (see under the trees) · {of_total(row.correct_tags, row.words, 'tag')} correct "
        "(on words that are one word on both sides)"
    )
    st.markdown(f"**Gold:** {md_text(view.text(pair, 'gold') or '∅')}  \n"
                f"**System:** {md_text(view.text(pair, 'sys') or '∅')}")
    st.markdown(f"**Word units** (a word group in [ ], its words joined by ~~~; ~~~ alone: a tree ends):  \n"
                f"gold: {md_text(bv.unit_groups_text(view, pair, 'gold'))}  \n"
                f"system: {md_text(bv.unit_groups_text(view, pair, 'sys'))}")
    # st.html would strip the SVG (DOMPurify's HTML profile); every value in
    # this markup is escaped by inspector.brackets.trees
    st.markdown(legend_svg_html(), unsafe_allow_html=True)
    controls = components.flow()  # wraps at 800 px: a column would cut the zoom's "200%"
    arrangement = controls.segmented_control(
        "Trees", list(ARRANGEMENTS), format_func=ARRANGEMENTS.get, default=AUTO, key="bk_tree_layout",
        help="Gold over system: each word unit at the same place in both trees. Words down the page: "
             "one word per row, gold tree left, system tree right (long sentences). Auto: gold over "
             "system unless that is wider than about 1,400 px.") or AUTO
    zoom = controls.segmented_control(
        "Zoom", list(ZOOMS), default="Fit", key="bk_tree_zoom",
        help="Fit: as wide as the box (never below 70 %: the box scrolls inside itself below that; "
             "at most 800 %).") or "Fit"
    gold_trees, sys_trees = view.pair_trees(pair, "gold"), view.pair_trees(pair, "sys")
    st.markdown(pair_svg_html(gold_trees, sys_trees, pair, result.gold_name, result.sys_name,
                              arrangement, ZOOMS[zoom]), unsafe_allow_html=True)
    st.caption(md_text(crossing_sentence(pair)))
    with st.expander("The trees as text (✓ matched, − gold only, + system only, ✗ crossing, ? not located)"):
        st.code(side_text(gold_trees, pair.gold_constituents), language=None, wrap_lines=True)
        st.code(side_text(sys_trees, pair.sys_constituents), language=None, wrap_lines=True)
    components.tables_side_by_side([
        ("**Word units** (constituent spans are counted in these)", bv.units_frame(view, pair), "bk_units"),
        ("**Constituents**", bv.constituents_frame(view, pair), "bk_constituents"),
    ])


def _what_is_loaded(loaded: BracketsLoaded) -> None:
    """The files, the normalisation and the cut-off; the sample's source and licence."""
    result = loaded.result
    st.caption(
        f"**{md_text(loaded.label)}** · {md_text(side_name('gold', result.gold_name))} · "
        f"{md_text(side_name('system', result.sys_name))}"
        f" · {md_text(result.normaliser.describe())} · cut-off {result.cutoff_len} gold words"
    )
    if loaded.sample_key is not None:
        with st.expander("Source and licence of these trees"):
            st.markdown(SPEC.sample(loaded.sample_key).source_path.read_text("utf-8"))


def _headline(result: ParsevalResult) -> None:
    """EVALB's summary figures and what the pairs are."""
    summary = result.summary()
    totals = result.totals
    with components.flow("top"):
        for label, value in (("Bracketing recall", score_text(summary.recall)),
                             ("Bracketing precision", score_text(summary.precision)),
                             ("Bracketing F1", "–" if totals["f1"] is None else score_text(totals['f1'])),
                             ("Tagging accuracy", score_text(summary.tag_accuracy)),
                             ("Crossing brackets", f"{summary.cross}")):
            st.metric(label, value, border=True, width=components.METRIC_WIDTH)
    kinds = md_text(", ".join(f"{count} {kind}" for kind, count in display_kind_counts(result.pairs).items()
                            if count))
    st.caption(
        f"{plural(len(result.pairs), 'aligned pair')} ({kinds or 'none'}) of {len(result.gold_trees)} gold and "
        f"{len(result.sys_trees)} system trees · matched {summary.matched} of {summary.gold} gold and "
        f"{summary.test} test constituents · recall, precision and F1 in percent, as EVALB prints them."
    )


def _pair_filter(labels: list[str], chart_labels: list[str],
                 reviewed: review.Reviewed | None) -> tuple[bv.PairFilter, frozenset[str]]:
    """The filter widgets (bound to the URL) and what they choose (the verdicts apart); ``labels``
    are the result's constituent labels, most frequent first; the chart's selection is the
    Label filter's value (:mod:`inspector.common.linked_selection`)."""
    st.subheader("Aligned pairs")
    filters = components.flow()
    only_merged = filters.toggle("Split or merged sentences", key="merged", bind="query-params",
                                 help="Only pairs with more than one tree on a side (split, merged or regrouped).")
    only_groups = filters.toggle("Word groups", key="word_groups", bind="query-params",
                                       help="Only pairs with a word unit that is not one word = one word.")
    only_crossing = filters.toggle("Crossing brackets", key="crossing", bind="query-params",
                                           help="Only pairs with at least one crossing bracket.")
    chosen_labels = filters.multiselect("Label", labels, key="label", bind="query-params",
                                        placeholder="all labels", width=components.FILTER_WIDTH,
                                             help="Pairs with a constituent of this label (a bar "
                                                  "selected in the chart sets it).")
    buckets = filters.multiselect("Length (gold words)", list(bv.LENGTH_BUCKETS), key="length",
                                  bind="query-params", placeholder="all lengths", width=components.FILTER_WIDTH)
    with filters:
        verdicts = review.verdict_filter(reviewed, "bk_verdict", width=components.FILTER_WIDTH)
    if linked_selection.shows_selection("label", chart_labels):
        st.caption(f"Chart selection: {md_text(', '.join(chart_labels))} ({CLEAR_HINT}).")
    return (bv.PairFilter(only_merged, only_groups, only_crossing, frozenset(chosen_labels), frozenset(buckets)),
            verdicts)


def _downloads(loaded: BracketsLoaded, view: bv.PairView, pairs: Sequence[TreePair],
               reviewed: review.Reviewed | None, reviews: Mapping[int, Any]) -> None:
    """The EVALB report, the JSON result, the table as CSV and the HTML report, made on click."""
    result = loaded.result
    st.subheader("Downloads")
    downloads = components.flow()
    downloads.download_button(
        "EVALB-format report", lambda: parseval.render_report(result), file_name="parseval-report.txt",
        mime="text/plain", key="bk_download_report", on_click="ignore",
    )
    downloads.download_button(
        components.RESULT_JSON_LABEL, lambda: json.dumps(result.to_dict(), ensure_ascii=False),
        file_name="parseval-result.json", mime="application/json", key="bk_download_json",
        on_click="ignore",
    )
    downloads.download_button(
        "Table as CSV", lambda: bv.pairs_frame(view, pairs).to_csv(index=False), file_name="parseval-pairs.csv",
        mime="text/csv", key="bk_download_csv", on_click="ignore",
    )
    with downloads:
        shown = st.session_state.get("pair")  # the report names pairs by EVALB's ID (from 1)
        components.report_button(result, SPEC.report_inputs(loaded), key="bk_download_html",
                                 file_name="parseval-report.html",
                                 selected=[shown + 1] if isinstance(shown, int) else [],
                                 comparison=system_b.shown(SPEC),
                                 reviews=review_outcome.report_reviews(reviews),
                                 sections=review_outcome.report_sections(reviewed, result, reviews))


def show() -> None:
    """Draw the Brackets page (``inspector/pages/brackets.py`` runs it)."""
    loaded = SPEC.run()
    st.title("Brackets")
    if loaded is None:
        show_nothing_loaded(SLOT, "Nothing is loaded yet: choose bundled trees, upload or paste tree files "
                                  "in the sidebar.")
        st.stop()
    result = loaded.result
    view = loaded.view

    _what_is_loaded(loaded)
    _headline(result)
    reviewed = reviewing(loaded)
    reviews = reviewed.reviews() if reviewed is not None else {}
    review_outcome.after_review(reviewed, result, reviews)
    show_significance(SPEC)
    totals_downloads(result, "bk_totals_dl")
    st.subheader("Per label")
    # the chart's selection is the Label filter's value (read before either is drawn)
    chart_labels = selected_labels(st.session_state.get(CHART_KEY))
    label_scores = loaded.label_scores  # made once per loaded result (0.14 s on GUM)
    labels = [score.label for score in label_scores]
    linked_selection.follow_selection(CHART_KEY, "label", chart_labels, labels)
    figure = linked_selection.figure_revision(label_figure(label_scores), CHART_KEY)
    chart = st.plotly_chart(figure, key=CHART_KEY, on_select="rerun", selection_mode=("points", "box"))
    wanted, verdicts = _pair_filter(labels, selected_labels(chart), reviewed)
    pairs = review.filter_units(bv.filter_pairs(result, wanted), lambda pair: pair.index, reviews, verdicts)
    st.caption(f"Showing {of_total(len(pairs), len(result.pairs), 'pair')}.")

    # --- Table (paged) -------------------------------------------------------------
    table_pairs, _ = components.paged(pairs, TABLE_ROWS, "bk_rows", "pairs")
    st.session_state["bk_table_ids"] = [pair.index for pair in table_pairs]

    frame = review.with_verdicts(bv.pairs_frame(view, table_pairs), [pair.index for pair in table_pairs], reviews,
                                 position=2)  # after the pair's two numbers (Pair, EVALB ID)
    st.dataframe(
        frame, key="bk_table", on_select=_pick_from_table, selection_mode="single-row", hide_index=True,
        height=min(360, 38 + 35 * max(len(frame), 1)),
        column_config=components.units_columns(frame, ("Gold text", "System text"), {
            **{name: st.column_config.NumberColumn(name, format="%.2f") for name in bv.PERCENT_COLUMNS},
            "EVALB ID": st.column_config.NumberColumn(
                "EVALB ID", help="The pair's row in the EVALB-format report (EVALB numbers from 1)."),
            "Gold text": st.column_config.TextColumn("Gold", width=components.TEXT_COLUMN_WIDTH),
            "System text": st.column_config.TextColumn("System", width=components.TEXT_COLUMN_WIDTH),
        }),
    )

    # --- The selected pair ----------------------------------------------------------
    # a pair named by a link to these trees (or by browser Back/Forward), else the one
    # chosen before in this session, else the first one EVALB could not score as it is
    first = bv.first_interesting(pairs) or bv.first_interesting(result.pairs)
    components.ensure_selection("pair", loaded.fingerprint, lambda i: 0 <= i < len(result.pairs),
                                first.index if first is not None else (0 if result.pairs else None),
                                from_link=loader_state.link_is_for(SLOT, loaded))
    pair_ids = [pair.index for pair in pairs]
    components.follow_filters("pair", pair_ids)

    pair_detail(loaded, pair_ids, reviewed, reviews)

    _downloads(loaded, view, pairs, reviewed, reviews)
    review_outcome.corrected_gold_download(reviewed, loaded, reviews, "bk_download_corrected_gold")
