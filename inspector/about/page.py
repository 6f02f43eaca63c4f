"""About page: the jp-algorithm, the papers' own examples run live, and the peer tools.

The three examples are scored by jpcore on every run
(:mod:`inspector.about.examples`) and drawn with the same renderer and
explanations as the Sentences & tokens page; so is the worked example of
``jpcore ud`` where the characters differ (:mod:`inspector.about.ud_examples`,
drawn as the Dependencies page draws a unit, gold over system); no number
on this page is typed in.  Its last section shows the metric cards, one per
evaluation, from the same Markdown files as ``docs/metric-cards/``
(:mod:`inspector.about.cards`), whose figures ``tests/test_metric_cards.py``
runs.
"""

from __future__ import annotations

import streamlit as st

from inspector.common.wording import plural
from inspector.tokens import explain, tables
from inspector.about.cards import card_body, card_names, card_title
from inspector.about.examples import EXAMPLES, run_example, walk
from inspector.about.ud_examples import GOLD, UD_EXAMPLES, attachment_line, counts_line, run_ud_example
from inspector.common.markup import md_text
from inspector.deps import tables as deps_tables
from inspector.deps.render import legend_html as deps_legend_html
from inspector.deps.render import unit_html
from inspector.deps.words import build_index
from inspector.tokens.render import legend_html, reasons_html, units_html
from inspector.tokens.view import ResultView


#: The jp-algorithm in words.
INTRO = """
Real systems read raw text, so their sentence boundaries and tokens rarely match the
gold file's. The classic scorers then refuse or miscount. jp-inspector implements the
**jp-algorithm**, which scores such output anyway.

**The idea.** Gold and system are the same characters cut differently. Remove the
spaces and both sides are one string. Each unit (a sentence, or a token) is a range of
that string, so each side is described by the offsets where its units end. The algorithm
walks both lists of end offsets once, left to right:

* where both sides end a unit at the same offset, the text is **cut**;
* between two cuts lie *m* gold and *n* system units covering exactly the same
  characters: a **group**. One unit on each side (1:1) is a match, a **TP**. Anything
  else is a group cut differently: **split** (1:n), **merged** (n:1) or **regrouped** (m:n),
  shown with `~~~` between its units; every
  unit in it is an error on its side: each system unit a **FP**, each gold unit a **FN**.

This is "keep adding units to the side that has consumed fewer characters until both
sides have consumed the same text", driven by cumulative character offsets only, so it
cannot drift. It runs first on sentences, then on the tokens inside each sentence
group; a token is a TP when a gold and a system token start and end at the same
characters. Where a tool rewrote characters, the two strings are first aligned at the
character level and a unit touching a difference is never a TP.
"""
#: The dependency rule beyond conll18_ud_eval.py, in words.
UD_RULE = """
`jpcore ud` (the Dependencies page) computes every metric of the CoNLL 2018 script
`conll18_ud_eval.py` with its definitions: UPOS, XPOS, UFeats, AllTags, Lemmas, UAS, LAS,
CLAS, MLAS and BLEX on aligned words. Where gold and system have the same characters, its
counts are the script's, exactly. Where the characters differ (normalised quotes, OCR, a
system that rewrites text), the script stops ("The concatenation of tokens in gold file and
in system file differ!"); jpcore aligns the words with its alignment and applies the same
definitions:

1. **Only an aligned pair can be correct**: a gold and a system word alone in their word
   group, with the same characters. A word in a differing stretch (a group whose characters
   differ, or that one side lacks) counts as wrong for every metric: a miss on the gold
   side, a false word on the system side; so does a word cut differently (split, merged or regrouped),
   as in the script.
2. A system word **corresponds** to a gold word when they are an aligned pair, or when they
   are alone in a 1:1 word group whose characters differ: the same place in the text,
   rewritten (*colour* / *color*).
3. **A head is correct** when both words are roots, or when the aligned system word's head
   corresponds to the gold word's head. The same correspondence tells MLAS which gold
   function word a system one is. Where the characters are the same, corresponding is the
   script's being aligned, so this changes nothing there.
"""
#: The papers, by topic.
PAPERS = """
The jp-algorithm papers, by topic (cited by authors and year):

* **Jo et al. 2024** — preprocessing: sentence boundary detection and tokenization
  evaluated jointly after aligning sentences and then words (this page's examples come
  from it; the Sentences & tokens and Teaching pages).
* **Park et al. 2024** — **jp-evalb**: PARSEVAL (EVALB's bracket scores) when the parser's
  sentences and words differ from the gold trees' (the Brackets page).
* **Wang et al. 2025** — **jp-errant**: grammatical error correction scored as errant does,
  after aligning the system's sentences with the gold M2 file's (the Edits page).
"""
#: Where the numbers equal the peer tools' and where they differ.
PEERS = """
**Where gold and system agree, the numbers are the peer tool's, exactly.**

* **CoNLL 2018 UD script** (`conll18_ud_eval.py`). When both files contain the same
  characters, our sentence and token (or word) TP/FP/FN are its Sentences and Tokens/Words
  counts (tested on the EWT, PUD and Pronouns test sets). When the characters differ, the
  script stops ("the concatenation of tokens in gold file and in system file differ");
  jpcore aligns the two texts at the character level, lists the differing stretches, and
  never counts a unit touching one as correct. `--strict` refuses such files as the script
  does.
* **EVALB** (PARSEVAL). With `--evalb` jpcore prints what EVALB prints, byte for byte.
  EVALB pairs trees by line and skips a pair whose words differ ("Length unmatch",
  "Words unmatch"), leaving it out of the totals. In the default mode jpcore aligns
  sentences and words first: trees of an m:n sentence group are scored as one tree under a
  root that adds no bracket, and bracket spans are measured in aligned word units, so a
  bracket that starts or ends inside a word group cut differently snaps to the group's edge. Where
  sentences and words agree, the table is EVALB's.
* **errant_compare** (GEC, errant 3.0.2). With the same sentences on both sides, jpcore
  gives errant_compare's numbers for every flag. errant_compare requires the same number
  of sentences in both files; jpcore aligns the sentences, joins each group of several sentences,
  re-indexes its edits into the joined sentence and scores that. `--write-aligned` writes
  the aligned M2 files, and errant_compare on them gives the same numbers. With several
  annotators, scores after merging are not strictly comparable to errant's per-sentence
  choice of annotator.

**Where they disagree, the difference is the point:** a split, merged or regrouped sentence group costs its
own sentences (every sentence in it is a FP or FN) and nothing else, and a token is
correct only if both its start and its end agree with gold.
"""


def _dependencies() -> None:
    """The ud rule where the characters differ, and its worked example scored now."""
    st.header("Dependencies when the characters differ")
    st.markdown(UD_RULE)
    st.markdown("**Gold** (CoNLL-U: ID, FORM, LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL, DEPS, MISC)")
    st.code(GOLD, language=None)
    st.html(deps_legend_html())
    for example in UD_EXAMPLES:
        result = run_ud_example(example)
        st.subheader(example.title)
        st.markdown("**System**")
        st.code(example.system, language=None)
        st.html(unit_html(build_index(result), 0))
        st.markdown(example.lesson)
        st.markdown(f"Computed now: {md_text(attachment_line(result, 'The'))}.  \n"
                    f"Correct/gold/system: {md_text(counts_line(result))}.")
        st.dataframe(deps_tables.metrics_frame(result), hide_index=True, key=f"about_ud_{example.key}")


def _metric_cards() -> None:
    """One expandable section per evaluation: its metric card (our own Markdown,
    no HTML allowed, so nothing in it can inject markup)."""
    st.header("Metric cards")
    st.markdown("What each evaluation measures, its inputs and outputs, how it relates to the peer "
                "tool, the published figures it reproduces and its limits. Every figure on a card is "
                "a test that runs jpcore (`tests/test_metric_cards.py`); the files are in `docs/metric-cards/`.")
    for name in card_names():
        with st.expander(card_title(name)):
            st.markdown(card_body(name))


def show() -> None:
    """Draw the About page (``inspector/pages/about.py`` runs it)."""
    st.title("About jp-inspector")
    st.markdown(INTRO)

    st.header("The papers' examples, computed now")
    st.html(legend_html())
    for example in EXAMPLES:
        result = run_example(example)
        view = ResultView(result)
        st.subheader(example.title)
        gold_column, system_column = st.columns(2)
        gold_column.markdown("**Gold** (one sentence per line)")
        gold_column.code(example.gold, language=None, wrap_lines=True)
        system_column.markdown("**System**")
        system_column.code(example.system, language=None, wrap_lines=True)
        steps = walk(result)
        n_units = len(result.units)
        st.markdown(
            f"Space-free text: `{steps.stream}` ({plural(len(steps.stream), 'character')}).  \n"
            f"**Sentences** end at {steps.gold_ends} in gold and at {steps.sys_ends} in the system; "
            f"both end one at {steps.cuts}: {plural(n_units, 'sentence group')}.  \n"
            f"**Tokens** end at {steps.gold_token_ends} in gold and at {steps.sys_token_ends} in the "
            f"system; both end one at {steps.token_cuts}: {plural(len(steps.token_cuts), 'word group')}."
        )
        st.html(units_html(view, result.units))
        reasons = [reason for unit in result.units for reason in explain.unit_reasons(view, unit)]
        st.html(reasons_html(reasons))
        st.dataframe(tables.scores_frame(result), hide_index=True, key=f"about_scores_{example.key}")
        st.markdown(example.lesson)

    _dependencies()

    st.header("The papers")
    st.markdown(PAPERS)

    st.header("How our numbers relate to the tools people use")
    st.markdown(PEERS)

    _metric_cards()
