"""The Teaching page's "Two tokenizers, no gold" tab: two outputs of the same raw text aligned.

Output A is read as one side and output B as the other of
:func:`jpcore.preprocess.evaluate` (no gold involved); the units are drawn
as everywhere on the page, and the counts are the boundaries only one of
them has (:func:`jpcore.systems.compare.boundaries`).
"""

from __future__ import annotations

import streamlit as st

from jpcore.errors import InputError
from jpcore.systems.compare import boundaries
from inspector.common.markup import md_text
from inspector.common.wording import of_total
from inspector.teaching.exercises import SystemChoice
from inspector.teaching.inputs import choose_system
from inspector.teaching.render import explained_units_html
from inspector.teaching.run import evaluate_pair
from inspector.tokens.view import ResultView

DEFAULT_A = SystemChoice("punkt", "nltkword")
DEFAULT_B = SystemChoice("punkt", "wordpunct")
#: Units drawn at most.
UNITS_SHOWN = 60


def show_two_outputs(raw_text: str | None, language: str = "en") -> None:
    """Two systems on the loaded raw text, aligned against each other, with their one-sided boundaries."""
    st.caption("No gold needed: two tokenizers on the same raw text, lined up against each other. A "
               "boundary is where a token (or sentence) ends.")
    if raw_text is None:
        st.caption("Load a raw text first (any gold will do, it is not used here).")
        return
    left, right = st.columns(2)
    with left:
        choice_a = choose_system("teach_n_a_", DEFAULT_A, label="A: ")
    with right:
        choice_b = choose_system("teach_n_b_", DEFAULT_B, label="B: ")
    try:
        run_a, run_b, result = evaluate_pair(raw_text, choice_a, choice_b, language)
    except InputError as error:
        st.error(f"Could not run the systems: {md_text(error)}", icon=":material/error:")
        return
    counts = boundaries(result)
    tokens, sentences = counts["tokens"], counts["sentences"]
    st.markdown(
        f"**Token boundaries:** {tokens.shared} shared · **A-only {tokens.a_only}** · **B-only {tokens.b_only}**  \n"
        f"**Sentence boundaries:** {sentences.shared} shared · **A-only {sentences.a_only}** · "
        f"**B-only {sentences.b_only}**"
    )
    st.caption(f"A: {md_text(run_a.describe())} ({run_a.segmentation.n_tokens} tokens) · "
               f"B: {md_text(run_b.describe())} ({run_b.segmentation.n_tokens} tokens)")
    differing = [unit for unit in result.units if unit.is_mismatch]
    st.caption(of_total(len(differing), len(result.units), "unit") + " cut differently by A and B"
               + (f"; the first {UNITS_SHOWN} are drawn." if len(differing) > UNITS_SHOWN else "."))
    st.html(explained_units_html(ResultView(result), differing[:UNITS_SHOWN], None, labels=("A", "B")))
