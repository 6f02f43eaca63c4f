"""Overview page: what is loaded, the headline scores and where the errors are.

Every number is read from the loaded :class:`PreprocessResult`.  Selecting
markers of the "where the mismatches are" chart (click, shift+click, or the
box and lasso tools of its toolbar) lists their units below it; a button
opens the chosen one on the Sentences & tokens page (``?unit=N``).
"""

from __future__ import annotations

import json
from pathlib import Path

import streamlit as st

from jpcore.preprocess import Counts
from jpcore.preprocess.report import render_text, token_label
from jpcore.stats.scale import score_text
from inspector.common import system_b
from inspector.common import widgets as components
from inspector.tokens import loader as loading
from inspector.tokens import tables
from inspector.tokens.charts import mismatch_figure
from inspector.tokens.mismatch_selection import selected_units, selection_frame, selection_summary
from inspector.tokens.loader import format_description
from inspector.common.by_shape import show_by_shape
from inspector.common.table_downloads import totals_downloads
from inspector.common.significance import show_significance
from inspector.common.markup import md_text
from inspector.common.wording import plural
from inspector.tokens.render import legend_html
from inspector.common import review_outcome
from inspector.tokens.state import require_loaded, reviewing

#: The Sentences & tokens page and its selected-unit key (``?unit=N``).
SENTENCES_PAGE = str(Path(__file__).resolve().parents[1] / "pages" / "sentences.py")
SENTENCES_UNIT_KEY = "unit"

#: What the headline numbers mean (``{token_name}``: how the level names a token).
DEFINITIONS = """
**What the numbers mean**

* **Sentence TP**: a gold sentence whose start and end (in the space-free,
  normalised text) equal those of a system sentence — a 1:1 unit.
* **{token_name} TP**: a gold token whose start and end equal those of a
  system token (same characters, same boundaries).
* **FP** = system units − TP (system sentences/tokens that match nothing);
  **FN** = gold units − TP (gold sentences/tokens that were not found).
* **P** = TP / (TP + FP) · **R** = TP / (TP + FN) · **F1** = 2TP / (2TP + FP + FN).

These are the counts of the CoNLL 2018 UD script (`conll18_ud_eval.py`)
where both sides have the same characters.
"""


def _open_on_sentences_page(index: int) -> None:
    """Go to the Sentences & tokens page showing unit ``index``: set in the session
    (what the page's ``ensure_selection`` reads) and in the URL (``?unit=N``)."""
    st.session_state[SENTENCES_UNIT_KEY] = index
    st.switch_page(SENTENCES_PAGE, query_params={SENTENCES_UNIT_KEY: str(index)})


def _metrics(label: str, counts: Counts) -> None:
    st.markdown(f"**{label}** — TP {md_text(counts.tp)} · FP {md_text(counts.fp)} · FN {md_text(counts.fn)}")
    with components.flow("top"):
        for name, value in (("precision", counts.precision), ("recall", counts.recall), ("F1", counts.f1)):
            st.metric(f"{label} {name}", score_text(100 * value), border=True, width=components.METRIC_WIDTH)


def show() -> None:
    """Draw the Overview page (``inspector/pages/overview.py`` runs it)."""
    loaded = require_loaded()
    result = loaded.result
    view = loaded.view
    token_name = token_label(result.level)

    st.title("Overview")
    loading.loaded_caption(loaded)

    # --- What is loaded -------------------------------------------------------
    st.subheader("What is loaded")
    # one above the other: side by side, the files table was narrower than its columns at 800 px
    files_column, normalisation_column = st.container(), st.container()
    with files_column:
        st.dataframe(tables.loaded_frame(result), hide_index=True, key="loaded_table")
        if loaded.raw_text is not None:
            st.caption(f"Raw text given: {plural(len(loaded.raw_text), 'character', grouped=True)} "
                       "(places units in the document).")
        loading.attribution(loaded)
    with normalisation_column:
        # describe() is the app's own wording of a validated table name and two flags
        st.markdown(f"**Normalisation in force:** {result.normaliser.describe()}")
        normalisation = tables.normalisation_frame(result)
        with st.expander(f"The table: {len(normalisation)} mappings, applied to both sides"):
            st.dataframe(normalisation, hide_index=True, key="normalisation_table")
        if result.streams_equal:
            st.success("Characters: identical on both sides after normalisation.",
                       icon=":material/check_circle:")
        else:
            st.warning(
                f"Characters: {len(result.differences)} stretch(es) differ between gold and system; "
                "units touching them are never counted correct.",
                icon=":material/warning:",
            )
    if not result.streams_equal:
        st.dataframe(tables.differences_frame(result), hide_index=True, key="differences_table")

    # --- Headline scores ------------------------------------------------------
    st.subheader("Headline scores")
    st.caption(f"Scored as read: {md_text(format_description(loaded))}, level {md_text(result.level)}.")

    scores, definitions = st.columns([3, 2])
    with scores:
        _metrics("Sentences", result.totals["sentences"])
        _metrics(token_name, result.totals["tokens"])
        reviewed = reviewing(loaded)
        reviews = reviewed.reviews() if reviewed is not None else {}
        review_outcome.after_review(reviewed, result, reviews)
    with definitions:
        st.markdown(DEFINITIONS.format(token_name=token_name))
    show_significance(loading.SPEC)
    totals_downloads(result, "totals_dl")

    st.markdown("**conll18 layout** (compare with `conll18_ud_eval.py --counts`)")
    conll_left, conll_right = st.columns([2, 3])
    conll_left.dataframe(tables.conll_frame(result), hide_index=True, key="conll_table")
    conll_right.dataframe(
        tables.scores_frame(result), hide_index=True, key="scores_table",
        column_config={name: st.column_config.NumberColumn(name, format="%.2f") for name in tables.SCORE_COLUMNS},
    )

    # --- Units ----------------------------------------------------------------
    st.subheader("Aligned units")
    units_left, units_right = st.columns([1, 3])
    with units_left:
        st.dataframe(tables.kinds_frame(result), hide_index=True, key="kinds_table")
        n_errors = sum(1 for unit in result.units if unit.is_mismatch)
        st.caption(f"{plural(len(result.units), 'unit')}, {n_errors} with at least one error.")
    with units_right:
        st.html(legend_html())
        chart = st.plotly_chart(mismatch_figure(view), key="mismatch_chart", on_select="rerun",
                                selection_mode=("points", "box", "lasso"))

    chosen_units = selected_units(view, chart)
    if not chosen_units:
        st.caption("Click a marker of the chart (shift+click adds markers of the same panel; the box and "
                   "lasso tools of its toolbar select several) to list its units here and open one on the "
                   "Sentences & tokens page.")
    else:
        st.markdown(f"**Selected in the chart:** {selection_summary(chosen_units)} "
                    "(double-click the chart to clear the selection)")
        selection_table = st.dataframe(
            selection_frame(view, chosen_units), key="mismatch_units", on_select="rerun",
            selection_mode="single-row", hide_index=True,
            column_config={"Gold": st.column_config.TextColumn("Gold", width="large"),
                           "System": st.column_config.TextColumn("System", width="large")},
        )
        rows = selection_table.selection.rows
        target = chosen_units[rows[0]] if rows and 0 <= rows[0] < len(chosen_units) else chosen_units[0]
        if st.button(f"Open unit #{target.index} on Sentences & tokens", key="mismatch_open",
                     icon=":material/arrow_forward:", help="Click a row of this table to choose another unit."):
            _open_on_sentences_page(target.index)

    st.subheader("Error by shape")
    show_by_shape(result, key="by_shape_table")

    # --- Downloads ------------------------------------------------------------
    st.subheader("Downloads")
    downloads = components.flow()
    downloads.download_button(
        "Text report (as the CLI prints it)", render_text(result), file_name="preprocess-report.txt",
        mime="text/plain", key="download_report", on_click="ignore",
    )
    downloads.download_button(
        components.RESULT_JSON_LABEL,
        lambda: json.dumps(result.to_dict(), ensure_ascii=False, indent=1),
        file_name="preprocess-result.json", mime="application/json", key="download_json",
        on_click="ignore",
    )
    with downloads:
        components.report_button(result, loading.SPEC.report_inputs(loaded), key="download_html",
                                 file_name="preprocess-report.html", comparison=system_b.shown(loading.SPEC),
                                 reviews=review_outcome.report_reviews(reviews),
                                 sections=review_outcome.report_sections(reviewed, result, reviews))
