"""Agreement page: two annotators' files as gold (annotator A) and system (annotator B).

Built over the registry like Compare: the evaluations offered are the
views the Compare page offers whose jpcore task has an ``agreement``
(:attr:`jpcore.task.Task.agreement`: ``ud`` and ``parseval``), chosen at the
top (``?ag_eval=``); the page reads what that view's loader holds -- A as
its gold file, B as its system file, chosen in the sidebar of the view's
own page; as Compare, it loads the bundled pair a link names
(:mod:`inspector.common.linked_loads`) -- and shows what ``jpcore TASK A B --agreement`` computes
(the task's own ``agreement`` on the loaded result, once per load): how many
words could be compared out of each side's total, the words left out per
reason, per column the observed agreement and Cohen's kappa, the confusion
of labels (``?ag_matrix=``), every item labelled differently
(``?ag_column=`` filters by column) and every word group the annotators cut
differently (regrouped, listed rather than dropped); a row of either list
opens its unit on the view's page.  The agreement's JSON (the command's
``"agreement"``) is a download.  Every text from a file is shown in tables
or escaped.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from inspector.agreement import tables
from inspector.common import linked_loads
from inspector.common import widgets as components
from inspector.common.evaluation_view import EvaluationView, compared_views
from inspector.common.markup import md_text
from inspector.common.wording import of_total, plural
from jpcore.json_text import dumps
from jpcore.stats.agreement import Agreement
from jpcore.task import TASKS

#: Rows per page of the two lists.
TABLE_ROWS = 2000
#: Session key of the agreements computed, by evaluation (the last load's only).
_MEMO = "_agreement_memo"
#: "Every column" in the column filter.
ALL = "all"


def agreement_views() -> dict[str, EvaluationView]:
    """The views whose task has an ``agreement`` (:class:`jpcore.task.Task`), by key, in registry order."""
    return {view.key: view for view in compared_views() if TASKS[view.loader().task].agreement is not None}


def agreement_of(task: str, loaded: Any) -> Agreement:
    """``jpcore TASK A B --agreement``'s agreement of the loaded result, once per load."""
    memo: dict = st.session_state.setdefault(_MEMO, {})
    key = (task, loaded.fingerprint)
    if key not in memo:
        for old in [k for k in memo if k[0] == task]:
            del memo[old]
        memo[key] = TASKS[task].load("agreement")(loaded.result)
    return memo[key]


def _open_unit(view: EvaluationView, index: int, key: str, noun: str) -> None:
    """A button that opens unit ``index`` on the view's unit page."""
    if view.unit_page is None or view.unit_param is None:
        return
    title = next((spec.title for spec in view.pages if spec.file == view.unit_page), view.title)
    if st.button(f"Open {noun} #{index} on {title}", key=key,
                 icon=":material/arrow_forward:", help="Tick another row of the table to choose another one."):
        st.session_state[view.unit_param] = index
        st.switch_page(view.unit_page, query_params={view.unit_param: str(index)})


def _listed(frame: Any, key: str, view: EvaluationView, unit_column: str, noun: str) -> None:
    """``frame`` paged, one row selectable; the ticked row's unit opens with a button."""
    page_rows, first = components.paged(list(range(len(frame))), TABLE_ROWS, f"{key}_rows", noun)
    shown = frame.iloc[first:first + len(page_rows)]
    event = st.dataframe(shown, key=key, hide_index=True, on_select="rerun", selection_mode="single-row",
                         height=min(420, 38 + 35 * max(len(shown), 1)))
    picked = event.selection.rows
    if picked and 0 <= picked[0] < len(shown):
        _open_unit(view, int(shown.iloc[picked[0]][unit_column]), f"{key}_open", unit_column.lower())


def show() -> None:
    """Draw the Agreement page (``inspector/pages/agreement.py`` runs it)."""
    st.title("Agreement of two annotators")
    st.caption("Two annotators' files of the same text, loaded as gold (annotator A) and system (annotator B) in "
               "the sidebar of the evaluation's own page: Cohen's kappa on the words the alignment pairs 1:1, "
               "as `jpcore TASK A B --agreement` computes it, beside how many words could be compared and why "
               "the others could not, so a low comparable share is never hidden behind a high kappa.")
    views = agreement_views()
    linked_loads.follow_links(views.values())  # a link opened in a new browser loads what it names
    loaded_first = next((k for k, v in views.items() if v.loader().get_loaded() is not None), next(iter(views)))
    key = st.radio("Evaluation", list(views), format_func=lambda k: views[k].title, key="ag_eval",
                   index=list(views).index(loaded_first), horizontal=True, bind="query-params")
    view = views[key]
    linked_loads.keep_named("ag_eval", view.title)
    linked_loads.name_loaded(view, views.values())
    spec = view.loader()
    loaded = spec.get_loaded()
    if loaded is None:
        components.stop_until_loaded(
            f"Nothing is loaded for {view.title} yet: load annotator A as the gold file and annotator B as the "
            f"system file in {view.loader_hint}, then come back here.", view.loader_page, view.title,
            ":material/handshake:")
    agreement = agreement_of(spec.task, loaded)  # a saved --json result holds both files' labels too
    noun = tables.UNIT_NOUN.get(spec.task, "unit")
    st.markdown(f"**Annotator A** (gold file) against **annotator B** (system file): {md_text(loaded.label)}")
    first = st.columns(3)
    first[0].metric("Comparable words", f"{agreement.comparable:,}")
    first[1].metric("Share of A's words", tables.share(agreement.comparable, agreement.words_a),
                    help=f"{agreement.comparable:,} of {agreement.words_a:,} words of A")
    first[2].metric("Share of B's words", tables.share(agreement.comparable, agreement.words_b),
                    help=f"{agreement.comparable:,} of {agreement.words_b:,} words of B")
    line = (f"Comparable words: {agreement.comparable:,} of {agreement.words_a:,} in A "
            f"({tables.share(agreement.comparable, agreement.words_a)}), of {agreement.words_b:,} in B "
            f"({tables.share(agreement.comparable, agreement.words_b)}).")
    if agreement.spans is not None:
        comparable, spans_a, spans_b = agreement.spans
        line += (f" Comparable brackets (same span on both sides): {comparable:,} of {spans_a:,} in A, "
                 f"of {spans_b:,} in B.")
    st.caption(line)

    st.subheader("Per column")
    st.dataframe(tables.columns_frame(agreement), hide_index=True, key="ag_columns",
                 column_config={"Observed (%)": st.column_config.NumberColumn("Observed (%)", format="%.2f"),
                                "Expected (%)": st.column_config.NumberColumn("Expected (%)", format="%.2f"),
                                "Kappa": st.column_config.NumberColumn("Kappa", format="%.4f")})
    st.subheader("Words not compared")
    st.dataframe(tables.not_comparable_frame(agreement), hide_index=True, key="ag_not_comparable")

    names = list(agreement.columns)
    st.subheader("Confusion of labels")
    matrix = st.segmented_control("Column", names, key="ag_matrix", default=names[0], bind="query-params") \
        or names[0]
    st.dataframe(tables.confusion_frame(agreement, matrix), hide_index=True, key="ag_confusion")

    st.subheader("Items labelled differently")
    column = st.segmented_control("Column", [ALL, *names], key="ag_column", default=ALL,
                                  format_func=lambda c: "All columns" if c == ALL else c,
                                  bind="query-params") or ALL
    frame = tables.disagreements_frame(agreement, None if column == ALL else column, noun)
    st.caption(f"{of_total(len(frame), len(agreement.disagreeing), 'disagreement')}; tick a row to open its "
               f"{noun}.")
    _listed(frame, "ag_disagreements", view, noun.capitalize(), "disagreements")

    st.subheader("Word groups cut differently (not compared)")
    excluded = tables.excluded_frame(agreement, noun)
    st.caption(f"{plural(len(excluded), 'word group')} the annotators tokenized differently or whose text "
               "differs: regrouped by the alignment and left out of every kappa, listed here; tick a row to open "
               f"its {noun}.")
    _listed(excluded, "ag_excluded", view, noun.capitalize(), "word groups")

    st.download_button("Agreement (JSON, as --agreement --json)", dumps(agreement.to_dict()),
                       file_name=f"agreement-{spec.task}.json", mime="application/json", key="ag_json",
                       on_click="ignore")
