"""Every count of a unit in words, in the Teaching page's wording.

Variants of :mod:`inspector.tokens.explain` for learners: the sentence count of a
merged unit names *where* each side closed a sentence that the other did
not ("the system closed a sentence after “… room No .”; gold did not"), and each
word group leads with its counts and says how the two sides cut the same
characters ("FN 2, FP 2: gold “Is n't” is 2 tokens; the system cut the same
characters differently: “Isn 't”").  Every other case reuses
:mod:`inspector.tokens.explain`.  Plain text (callers escape it); every number is
read from the result, never recounted.
"""

from __future__ import annotations

from jpcore.preprocess import Unit, WordGroup
from inspector.common.wording import plural
from inspector.tokens import explain
from inspector.tokens.view import GOLD, SYS, ResultView


def _quote(tokens: list[str]) -> str:
    return "“" + " ".join(tokens) + "”"


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


#: How many tokens before a sentence end are quoted to say where it is.
CONTEXT_TOKENS = 3


def inner_sentence_ends(view: ResultView, unit: Unit, side: str) -> list[str]:
    """Where ``side`` closed a sentence inside the unit (the other side did not,
    or the unit would have been cut there): the last :data:`CONTEXT_TOKENS`
    tokens of every sentence of the unit except the last, quoted, with "…"
    when the sentence is longer."""
    ends = []
    for sentence in view.sentences(unit, side)[:-1]:
        tail = sentence.tokens[-CONTEXT_TOKENS:]
        more = "… " if len(sentence.tokens) > CONTEXT_TOKENS else ""
        ends.append("“" + more + " ".join(tail) + "”")
    return ends


def sentence_reason(view: ResultView, unit: Unit) -> str:
    """Why the unit has its sentence TP/FP/FN, naming the boundaries of a merged unit."""
    if unit.kind != "merged":
        return explain.sentence_reason(view, unit)
    counts = unit.sentences
    causes = []
    system_ends = inner_sentence_ends(view, unit, SYS)
    gold_ends = inner_sentence_ends(view, unit, GOLD)
    if system_ends:
        noun = "a sentence" if len(system_ends) == 1 else "sentences"
        causes.append(f"the system closed {noun} after {_and(system_ends)}; gold did not")
    if gold_ends:
        noun = "a sentence" if len(gold_ends) == 1 else "sentences"
        causes.append(f"gold closed {noun} after {_and(gold_ends)}; the system did not")
    return (
        f"Sentences TP {counts.tp}, FP {counts.fp}, FN {counts.fn}: {' and '.join(causes)}. "
        f"So gold has {plural(unit.n_gold, 'sentence')} here and the system {unit.n_sys} "
        f"(a {unit.ratio} unit, joined with ~~~), and none of them starts and ends where a "
        f"sentence of the other side does: FP {counts.fp} (each system sentence), "
        f"FN {counts.fn} (each gold sentence)."
    )


def group_reason(view: ResultView, group: WordGroup, number: int | None = None) -> str:
    """Why one word group counts what it counts, counts first."""
    if group.is_match or group.kind in ("gold-only", "system-only"):
        return explain.group_reason(view, group, number)
    gold = view.group_tokens(group, GOLD)
    system = view.group_tokens(group, SYS)
    counts = view.group_counts(group)
    prefix = f"#{number} " if number is not None else ""
    head = f"{prefix}FN {counts.fn}, FP {counts.fp}: "
    if group.kind in ("similar", "different"):
        return head + (
            f"the characters differ: gold {_quote(gold)}, system {_quote(system)}; a token whose "
            "characters differ is never a TP."
        )
    n_gold, n_sys = len(gold), len(system)
    if n_gold == 1:
        return head + (
            f"gold {_quote(gold)} is 1 token; the system cut it into {n_sys}: {_quote(system)}. "
            "No system token starts and ends where the gold token does."
        )
    if n_sys == 1:
        return head + (
            f"gold {_quote(gold)} is {n_gold} tokens; the system kept {_quote(system)} as 1. "
            "No gold token starts and ends where the system token does."
        )
    return head + (
        f"gold {_quote(gold)} is {n_gold} tokens, the system cut the same characters "
        f"differently: {_quote(system)} ({n_sys} tokens). No token starts and ends at the "
        "same place on both sides."
    )


def unit_reasons(view: ResultView, unit: Unit) -> list[str]:
    """Sentence reason, token reason, then one reason per non-matching word group."""
    reasons = [sentence_reason(view, unit), explain.tokens_reason(unit)]
    reasons += [group_reason(view, group, number) for number, group in explain.numbered_mismatches(unit)]
    return reasons
