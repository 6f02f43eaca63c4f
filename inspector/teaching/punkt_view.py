"""The Teaching page's "What Punkt knows" tab: its tables, searchable, and why it split or not.

The lists and the decisions come from :mod:`jpcore.systems.punkt_why`
(nltk's own tables and rules); this module only draws them.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from jpcore.systems.punkt_why import punkt_decisions, punkt_knowledge
from inspector.common.markup import md_text
from inspector.common.wording import of_total


def _search(items: list[str], query: str) -> list[str]:
    query = query.strip().lower()
    return [item for item in items if query in item.lower()] if query else items


def _lists() -> None:
    knowledge = punkt_knowledge()
    query = st.text_input("Search Punkt's lists", key="teach_punkt_search", persist_state="session",
                          placeholder="e.g. dr, u.s, p.m",
                          help="Abbreviations are stored in lower case without their final period.")
    abbreviations = _search(list(knowledge.abbreviations), query)
    collocations = _search([f"{a} {b}" for a, b in knowledge.collocations], query)
    starters = _search(list(knowledge.sentence_starters), query)
    columns = st.columns(3)
    for column, title, items, total, what in (
        (columns[0], "Abbreviations", abbreviations, len(knowledge.abbreviations),
         "a period after these does not end a sentence (first pass)"),
        (columns[1], "Collocations", collocations, len(knowledge.collocations),
         "word pairs a period between them does not split"),
        (columns[2], "Sentence starters", starters, len(knowledge.sentence_starters),
         "capitalised after an abbreviation, these start a new sentence"),
    ):
        with column:
            st.markdown(f"**{title}**")
            st.caption(f"{of_total(len(items), total, 'entry', 'entries')}: {what}.")
            st.dataframe(pd.DataFrame({title: items}), hide_index=True, height=220, key=f"teach_punkt_{title[:5]}")


def _why(raw_text: str) -> None:
    decisions = punkt_decisions(raw_text)
    if not decisions:
        st.caption("The text has no period, question or exclamation mark followed by a word: Punkt has "
                   "nothing to decide.")
        return
    labels = [f"“{d.token}” before “{d.next}” (character {d.offset}): {'split' if d.split else 'no split'}"
              for d in decisions]
    index = st.selectbox(f"A candidate boundary ({len(decisions)} in the text)", range(len(decisions)),
                         key="teach_punkt_boundary", format_func=labels.__getitem__,
                         help="Every ., ? or ! followed by a word is a place where Punkt decides.")
    decision = decisions[min(index or 0, len(decisions) - 1)]
    verdict = "splits here" if decision.split else "does not split here"
    st.markdown(f"**Why Punkt {verdict}** (after {md_text(decision.token)}, before {md_text(decision.next)}):")
    st.markdown("\n".join(f"* {md_text(reason)}" for reason in decision.reasons))
    st.caption(f"nltk's name for the deciding rule: {md_text(decision.rule)}.")


def show_punkt(raw_text: str | None) -> None:
    """The tab: Punkt's three tables with a search box, then why it split or not at a chosen boundary."""
    st.caption("What the Punkt model in use has learned: its lists, and for each place in the loaded "
               "text where it had to decide, which rule decided.")
    _lists()
    st.markdown("#### Why did Punkt split here, or not?")
    if raw_text is None:
        st.caption("Load a text first.")
        return
    _why(raw_text)
