"""Teaching page: run a sentence splitter and a tokenizer, see every count explained.

Start from raw text and its gold segmentation (a bundled text by name, an
upload or a paste), choose a splitter and a tokenizer (nltk, run by
:mod:`jpcore.systems`), and the system output, its alignment against gold
and the scores update as the choice changes.  Every count of every unit is
explained in words next to its row; a second system can be put side by
side; a short exercise set asks why a count is what it is.  Every number is
read from :func:`jpcore.preprocess.evaluate`'s result.
"""

from __future__ import annotations

import math

import streamlit as st

from jpcore.errors import InputError
from jpcore.formats.tokenized import write_tokenized
from jpcore.systems import punkt_source_description, uses_punkt
from inspector.tokens import explain, tables
from inspector.common.markup import md_text
from inspector.common.wording import of_total, plural, side_name
from inspector.tokens.render import legend_html
from inspector.teaching.exercises import Question, SystemChoice, load_exercises
from inspector.teaching.generated import questions_on
from inspector.teaching.handout import PAGE_STYLE, answer_html, handout_html, question_html
from inspector.teaching.inputs import TextInput, choose_system, choose_text, set_system
from inspector.teaching.punkt_view import show_punkt
from inspector.teaching.render import explained_units_html, raw_cuts_html, raw_legend_html, regions_html
from inspector.teaching.two_outputs import show_two_outputs
from inspector.teaching.run import Evaluated, compare, evaluate_system
from inspector.teaching.tables import tokens_frame
from inspector.teaching.texts import exercise_text_key

#: Units per page of the explained alignment.
UNITS_PER_PAGE = 25
#: Characters of raw text drawn with the system's cuts.
RAW_LIMIT = 20_000
#: Differing regions shown side by side.
REGIONS_SHOWN = 60
DEFAULT_A = SystemChoice("punkt", "nltkword")
DEFAULT_B = SystemChoice("punkt", "wordpunct")


def _show_error(what: str, error: InputError) -> None:
    st.error(f"{md_text(what)}: {md_text(error)}", icon=":material/error:")


def _scores(evaluated: Evaluated) -> None:
    """The result's TP/FP/FN and P/R/F1 (percent) as a static table."""
    frame = tables.scores_frame(evaluated.result)
    for name in tables.SCORE_COLUMNS:
        frame[name] = frame[name].map("{:.2f}".format)
    st.table(frame.set_index("Metric"))


def _evaluate(text: TextInput, choice: SystemChoice, what: str) -> Evaluated | None:
    try:
        return evaluate_system(text.raw_text, text.gold, choice)
    except InputError as error:
        _show_error(what, error)
        return None


def _quiz() -> bool:
    """Quiz mode: every explanation hidden (answers only on request)."""
    return bool(st.session_state.get("teach_quiz", False))


def _explained(evaluated: Evaluated) -> None:
    result = evaluated.result
    view = evaluated.view
    st.html(legend_html())
    only_errors = st.toggle("Only units with an error", value=True, key="teach_only_errors", persist_state="session")
    units = [unit for unit in result.units if unit.is_mismatch] if only_errors else list(result.units)
    n_pages = max(1, math.ceil(len(units) / UNITS_PER_PAGE))
    page = 1
    if n_pages > 1:
        page = min(st.pagination(n_pages, key="teach_page"), n_pages)
    shown = units[(page - 1) * UNITS_PER_PAGE : page * UNITS_PER_PAGE]
    st.caption(of_total(len(units), len(result.units), "unit") + (f", page {page} of {n_pages}" if n_pages > 1 else ""))
    if _quiz():
        st.caption("Quiz mode: the explanations are hidden.")
    st.html(explained_units_html(view, shown, None if _quiz() else explain.unit_reasons))


def _system_output(evaluated: Evaluated) -> None:
    run, result = evaluated.run, evaluated.result
    st.caption(
        f"{md_text(run.describe())}: {plural(len(run.segmentation.sentences), 'sentence')}, "
        f"{plural(run.segmentation.n_tokens, 'token')}. Each token is shown where it came from in the raw text."
    )
    st.html(raw_legend_html())
    st.html(raw_cuts_html(run, result, limit=RAW_LIMIT))
    st.dataframe(tokens_frame(run, limit=5000), hide_index=True, key="teach_tokens", height=260)
    st.download_button(
        "System output (one sentence per line)", write_tokenized(run.segmentation),
        file_name="system.tok.txt", mime="text/plain", key="teach_download_system", on_click="ignore",
    )


def _side_by_side(text: TextInput, evaluated: Evaluated) -> None:
    left, right = st.columns(2)
    with left:
        st.markdown("**System A** (chosen above)")
        st.caption(md_text(evaluated.run.describe()))
        _scores(evaluated)
    with right:
        st.markdown("**System B**")
        choice_b = choose_system("teach_b_", DEFAULT_B, label="B: ")
        evaluated_b = _evaluate(text, choice_b, "Could not run system B")
        if evaluated_b is not None:
            _scores(evaluated_b)
    if evaluated_b is None:
        return
    regions = compare(evaluated, evaluated_b)
    differing = [region for region in regions if region.differs]
    st.markdown(
        f"**Where they differ:** {of_total(len(differing), len(regions), 'stretch', 'stretches')} of gold "
        f"{'is' if len(differing) == 1 else 'are'} cut differently by A and B (a stretch ends where both "
        "systems' units end)."
    )
    if len(differing) > REGIONS_SHOWN:
        st.caption(f"The first {REGIONS_SHOWN} are shown.")
    st.html(regions_html(evaluated.view, evaluated_b.view, differing[:REGIONS_SHOWN],
                         None if _quiz() else explain.unit_reasons))




def _try(exercise_key: str, number: int, question: Question) -> None:
    st.session_state["teach_source"] = "bundled"
    st.session_state["teach_text"] = exercise_text_key(exercise_key)
    set_system("teach_", question.system)
    if question.compare is not None:
        set_system("teach_b_", question.compare)
    st.session_state["teach_tried"] = (exercise_key, number)


def _tried(text: TextInput, evaluated: Evaluated, question: Question) -> None:
    """What 'Try it' loaded, right under the question: the system(s), their scores and the
    first units with an error, each count explained (all of them are in the first tab)."""
    with st.container(border=True, key="teach_tried_box"):
        systems = f"system A {md_text(evaluated.run.describe())}"
        evaluated_b = None
        if question.compare is not None:
            evaluated_b = _evaluate(text, question.compare, "Could not run system B")
            if evaluated_b is not None:
                systems += f" and system B {md_text(evaluated_b.run.describe())}"
        st.markdown(f"**Loaded above:** the text {md_text(text.label)} with {systems}. What it counts:")
        if evaluated_b is None:
            _scores(evaluated)
        else:
            left, right = st.columns(2)
            with left:
                st.markdown("**System A**")
                _scores(evaluated)
            with right:
                st.markdown("**System B**")
                _scores(evaluated_b)
        errors = sum(1 for unit in evaluated.result.units if unit.is_mismatch)
        st.markdown(f"System A has {plural(errors, 'unit')} with an error: look at them in the tab "
                    "“Alignment, every count explained”, then open the answer." if errors
                    else "System A makes no error on this text.")


def _own_questions(text: TextInput | None, evaluated: Evaluated | None) -> None:
    """Questions on the loaded text, gold and system A; answers on request; a printable handout."""
    st.markdown("#### Questions on the loaded text")
    if text is None or evaluated is None:
        st.caption("Load a text and its gold, and choose a working system, first.")
        return
    questions = questions_on(evaluated.view)
    st.caption(f"Generated from {md_text(text.label)} and system A {md_text(evaluated.run.describe())}: "
               f"one question per unit with an error ({plural(len(questions), 'question')}).")
    st.download_button(
        "Handout (HTML, prints with the answers on a last page)",
        handout_html(f"Tokenization exercise: {text.label}", text.raw_text, evaluated.result.gold,
                     evaluated.result.system, evaluated.run.describe(), questions),
        file_name="handout.html", mime="text/html", key="teach_handout", on_click="ignore",
        icon=":material/print:")
    if not questions:
        st.markdown("System A makes no error on this text: nothing to ask.")
    for number, question in enumerate(questions, 1):
        st.html(PAGE_STYLE + question_html(number, question))
        if st.toggle("Show the answer", key=f"teach_own_answer_{number}"):
            st.html(PAGE_STYLE + answer_html(number, question))


def _exercises(text: TextInput | None, choice_a: SystemChoice, evaluated_a: Evaluated | None) -> None:
    _own_questions(text, evaluated_a)
    st.markdown("### Prepared exercises")
    st.caption(
        "Short texts written for this page. Press 'Try it': the question's text and system(s) are "
        "loaded above (replacing your text and system) and what they count is shown under the question; "
        "then reveal the answer."
    )
    tried = st.session_state.get("teach_tried")
    for exercise in load_exercises():
        st.markdown(f"#### {exercise.title}")
        st.markdown(exercise.intro)
        st.code(exercise.raw_path.read_text("utf-8"), language=None, wrap_lines=True)
        for number, question in enumerate(exercise.questions, 1):
            ident = f"{exercise.key}_{number}"
            st.markdown(f"**Q{number}.** {question.question}")
            try_column, answer_column = st.columns([1, 4], vertical_alignment="center")
            try_column.button("Try it", key=f"teach_try_{ident}", on_click=_try,
                              args=(exercise.key, number, question), icon=":material/play_arrow:")
            still_loaded = (text is not None and evaluated_a is not None and choice_a == question.system
                            and st.session_state.get("teach_text") == exercise_text_key(exercise.key))
            if tried == (exercise.key, number) and still_loaded:
                _tried(text, evaluated_a, question)
            if answer_column.toggle("Show the answer", key=f"teach_answer_{ident}"):
                st.success(question.answer, icon=":material/lightbulb:")


def show() -> None:
    """Draw the Teaching page (``inspector/pages/teaching.py`` runs it)."""
    st.title("Teaching: run a tokenizer, see every count")
    st.caption(
        "Choose a text with its gold segmentation and an nltk sentence splitter and tokenizer: "
        "the system output, its alignment against gold and every count update as you change them. "
        "Each count is explained in words next to its unit."
    )

    # --- 1. Text and gold -------------------------------------------------------------
    st.subheader("1. Text and gold")
    try:
        text = choose_text()
    except InputError as error:
        _show_error("Could not read the text", error)
        text = None
    if text is not None and text.note:
        with st.expander("Source and licence of this text"):
            st.markdown(text.note)

    # --- 2. System --------------------------------------------------------------------
    st.subheader("2. System")
    choice_a = choose_system("teach_", DEFAULT_A)
    st.session_state.setdefault("teach_b_splitter", DEFAULT_B.splitter)
    st.session_state.setdefault("teach_b_tokenizer", DEFAULT_B.tokenizer)
    if uses_punkt(choice_a.splitter, choice_a.tokenizer) or uses_punkt(
        st.session_state["teach_b_splitter"], st.session_state["teach_b_tokenizer"]
    ):
        description, _, unavailable = punkt_source_description().partition(" Not available: ")
        st.caption(f"Punkt model in use: {md_text(description)}",
                   help=f"Sources tried before it: {unavailable.rstrip('.')}." if unavailable else None)

    evaluated_a = _evaluate(text, choice_a, "Could not run the system") if text is not None else None

    # --- 3. Scores --------------------------------------------------------------------
    st.subheader("3. Scores against gold")
    if evaluated_a is not None:
        result_a = evaluated_a.result
        st.caption(
            f"{md_text(side_name('gold', result_a.gold.name))} ({plural(len(result_a.gold.sentences), 'sentence')}, "
            f"{plural(result_a.gold.n_tokens, 'token')}) · system {md_text(evaluated_a.run.describe())} "
            f"({plural(len(result_a.system.sentences), 'sentence')}, {plural(result_a.system.n_tokens, 'token')}) · "
            f"{result_a.normaliser.describe()}"
        )
        _scores(evaluated_a)
        if not result_a.streams_equal:
            st.warning(
                f"The system's characters differ from gold's in {plural(len(result_a.differences), 'place')} "
                "(the tokenizer dropped or rewrote text): units touching them are never counted correct.",
                icon=":material/warning:",
            )
    elif text is None:
        st.info("Choose, upload or paste a raw text and its gold segmentation.")

    st.toggle("Quiz mode (hide every explanation)", key="teach_quiz", persist_state="session",
              help="For a class: the units are drawn without their explanations; answers open only on request.")
    explained_tab, output_tab, side_tab, nogold_tab, punkt_tab, exercises_tab = st.tabs(
        ["Alignment, every count explained", "System output in the raw text", "Two systems side by side",
         "Two tokenizers, no gold", "What Punkt knows", "Exercises"]
    )
    with explained_tab:
        if evaluated_a is not None:
            _explained(evaluated_a)
    with output_tab:
        if evaluated_a is not None:
            _system_output(evaluated_a)
    with side_tab:
        if evaluated_a is not None and text is not None:
            _side_by_side(text, evaluated_a)
        else:
            st.caption("Choose a text and a working system A first.")
    with nogold_tab:
        show_two_outputs(text.raw_text if text is not None else None,
                         text.gold.language if text is not None else "en")
    with punkt_tab:
        show_punkt(text.raw_text if text is not None else None)
    with exercises_tab:
        _exercises(text, choice_a, evaluated_a)
