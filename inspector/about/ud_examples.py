"""The About page's worked example of ``jpcore ud`` where the characters differ, run live.

Each :class:`UdExample` is a tiny gold and system CoNLL-U pair (one
sentence); :func:`run_ud_example` scores it with
:func:`jpcore.ud.evaluate_bytes`, and :func:`counts_line` and
:func:`attachment_line` say what the result holds in words: every number on
the page is read from the result, none is typed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.ud import UdResult, evaluate_bytes, is_correct
from jpcore.ud.treebank import ROOT

#: The metrics the example's table shows.
SHOWN = ("Words", "UPOS", "UAS", "LAS", "CLAS")


def conllu(*rows: tuple[str, str, str, str, int, str]) -> str:
    """One sentence of CoNLL-U from ``(form, lemma, upos, xpos, head, deprel)`` rows."""
    return "".join(f"{k}\t{form}\t{lemma}\t{upos}\t{xpos}\t_\t{head}\t{deprel}\t_\t_\n"
                   for k, (form, lemma, upos, xpos, head, deprel) in enumerate(rows, 1)) + "\n"


GOLD = conllu(("The", "the", "DET", "DT", 2, "det"), ("colour", "colour", "NOUN", "NN", 3, "nsubj"),
              ("faded", "fade", "VERB", "VBD", 0, "root"), (".", ".", "PUNCT", ".", 3, "punct"))


@dataclass(frozen=True, slots=True)
class UdExample:
    """A system for :data:`GOLD` and what it shows."""

    key: str
    title: str
    system: str
    lesson: str


UD_EXAMPLES: tuple[UdExample, ...] = (
    UdExample(
        key="rewritten",
        title="A word rewritten: colour → color",
        system=GOLD.replace("colour", "color"),
        lesson=("The characters differ, so conll18_ud_eval.py refuses the pair. Aligned, *color* sits alone "
                "in a 1:1 word group whose characters differ: it is no aligned pair, so it is wrong for "
                "every metric; but it **corresponds** to *colour*, so *The*, whose system head is *color*, "
                "has the right head."),
    ),
    UdExample(
        key="cut",
        title="The same word cut in two: col our",
        system=conllu(("The", "the", "DET", "DT", 2, "det"), ("col", "col", "NOUN", "NN", 4, "nsubj"),
                      ("our", "our", "NOUN", "NN", 2, "flat"), ("faded", "fade", "VERB", "VBD", 0, "root"),
                      (".", ".", "PUNCT", ".", 4, "punct")),
        lesson=("Now *colour* is a 1:2 word group: neither *col* nor *our* corresponds to it, so *The*'s "
                "attachment to *col* is wrong too."),
    ),
)


def run_ud_example(example: UdExample) -> UdResult:
    """The example scored by :func:`jpcore.ud.evaluate_bytes` (gold first)."""
    return evaluate_bytes(GOLD, example.system, "gold", "system")


def counts_line(result: UdResult) -> str:
    """``Words 3/4/4 · UAS 3/4/4 ...``: correct/gold/system of :data:`SHOWN`, read from the result."""
    return " · ".join(f"{name} {result.totals[name].tp}/{result.totals[name].gold}/{result.totals[name].system}"
                      for name in SHOWN)


def attachment_line(result: UdResult, gold_form: str) -> str:
    """Where the gold word ``gold_form`` and its system word (by the aligned pair) attach, and
    whether the result counts that head as correct."""
    gold_forms, sys_forms = result.gold.forms(), result.system.forms()
    gold_parents, sys_parents = result.gold.parents(), result.system.parents()
    for gold_word, sys_word, flags in result.pairs():
        if gold_forms[gold_word] == gold_form:
            gold_head, sys_head = gold_parents[gold_word], sys_parents[sys_word]
            gold_text = "the root" if gold_head == ROOT else gold_forms[gold_head]
            sys_text = "the root" if sys_head == ROOT else sys_forms[sys_head]
            verdict = "correct" if is_correct(flags, "UAS") else "wrong"
            return f"{gold_form}: gold head {gold_text}, system head {sys_text}: {verdict} (UAS)"
    raise KeyError(gold_form)
