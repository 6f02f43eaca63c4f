"""Why each count is what it is, in words.

Every function returns plain text (no markup: callers escape it before it
reaches HTML).  The numbers are read from the result object -- the unit's
``sentences``/``tokens`` counts and each word group's share of them
(:meth:`ResultView.group_counts`) -- never recounted; the words say which
rule of the metric produced them.  One voice: the Sentences & tokens, Teaching
and About pages all explain a unit with these functions (a merged unit names
where each side closed a sentence the other did not).
"""

from __future__ import annotations

from jpcore.align import kind_word
from jpcore.preprocess import Unit, WordGroup
from inspector.common.wording import line_list, plural, sentence_range
from inspector.tokens.view import GOLD, SYS, ResultView


def _where(view: ResultView, unit: Unit, side: str) -> str:
    """``§3 (gold.txt line 3)``: the unit's sentences on ``side`` by number, then the file's
    lines where the file has them (a tokenizer's output from raw text has none)."""
    marks = sentence_range(*view.sentence_range(unit, side))
    lines = list(dict.fromkeys(view.file_lines(unit, side)))  # two sentences of one line: "line 1", once
    if not lines:
        return marks
    label = "line" if len(lines) == 1 else "lines"
    return f"{marks} ({view.segmentation(side).name} {label} {line_list(lines)})"


def _have(n: int) -> str:
    return "has" if n == 1 else "have"


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
    """Why the unit has its sentence TP/FP/FN."""
    counts = unit.sentences
    gold_where, sys_where = _where(view, unit, GOLD), _where(view, unit, SYS)
    head = f"Sentences TP {counts.tp}, FP {counts.fp}, FN {counts.fn}: "
    if unit.kind == "exact" and unit.n_gold == 1 and unit.n_sys == 1:
        return head + (
            f"the gold sentence {gold_where} and the system sentence {sys_where} "
            "start and end at the same characters, so it is a TP."
        )
    if unit.kind == "gold-only":
        return head + (
            f"gold has {plural(unit.n_gold, 'sentence')} here, {gold_where}, whose text the "
            "system file does not contain; with no system sentence to match, each is a FN."
        )
    if unit.kind == "system-only":
        return head + (
            f"the system has {plural(unit.n_sys, 'sentence')} here, {sys_where}, whose text "
            "the gold file does not contain; each is a FP."
        )
    sides = (
        f"gold has {plural(unit.n_gold, 'sentence')} here, {gold_where}, and the system "
        f"{plural(unit.n_sys, 'sentence')}, {sys_where}"
    )
    if unit.kind in ("similar", "different"):
        texts = ("the same text rewritten (similar: Jaro-Winkler at least 0.91)" if unit.kind == "similar"
                 else "not similar (different: Jaro-Winkler below 0.91)")
        return head + (
            f"{sides}; the characters differ between the two sides, {texts}, so no sentence here "
            "can be a TP: every gold sentence is a FN and every system sentence a FP."
        )
    causes = [f"{who[0].upper()}{who[1:]} closed {'a sentence' if len(ends) == 1 else 'sentences'} after {_and(ends)}; "
              f"{other} did not"
              for who, other, ends in (("the system", "gold", inner_sentence_ends(view, unit, SYS)),
                                       ("gold", "the system", inner_sentence_ends(view, unit, GOLD))) if ends]
    where = f" {' and '.join(causes)}." if causes else ""
    return head + (
        f"{sides}.{where} Together they cover the same characters (a {unit.ratio} unit, "
        f"{kind_word(unit.kind, unit.shape)}, joined with ~~~), but none of them has the same start and end on both sides, so no sentence TP: every "
        "gold sentence is a FN and every system sentence a FP."
    )


def tokens_reason(unit: Unit, level_name: str = "Tokens") -> str:
    """Why the unit has its token TP/FP/FN (``level_name``: the level's own name, ``Tokens``
    or ``Words``)."""
    counts = unit.tokens
    noun = level_name.lower()[:-1]
    n_gold, n_sys = counts.tp + counts.fn, counts.tp + counts.fp
    if counts.fp == 0 and counts.fn == 0:
        return (
            f"{level_name} TP {counts.tp}, FP 0, FN 0: each of the {n_gold} gold {noun}s has a "
            f"system {noun} with the same start and end (and characters)."
        )
    head = f"{level_name} TP {counts.tp}, FP {counts.fp}, FN {counts.fn}: "
    if n_sys == 0:
        return head + f"the {plural(n_gold, f'gold {noun}')} here {_have(n_gold)} no system counterpart; each is a FN."
    if n_gold == 0:
        return head + f"the {plural(n_sys, f'system {noun}')} here {_have(n_sys)} no gold counterpart; each is a FP."
    groups = sum(1 for group in unit.words if not group.is_match)
    verb = "does" if groups == 1 else "do"
    return head + (
        f"{counts.tp} of the {n_gold} gold and {n_sys} system {noun}s match one to one; the other "
        f"{counts.fn} gold and {counts.fp} system {noun}s fall in {plural(groups, 'word group')} "
        f"that {verb} not (numbered below): FN = gold {noun}s - TP, FP = system {noun}s - TP."
    )


def normalised_reason(view: ResultView, unit: Unit) -> str | None:
    """What the normalisation made equal in the unit (``None`` when nothing): each pair of
    tokens written differently that counts as one TP."""
    pairs = view.normalised_pairs(unit)
    if not pairs:
        return None
    shown = _and([f"gold {_quote([gold])} = system {_quote([system])}" for gold, system in dict.fromkeys(pairs)])
    return (f"Normalised: {shown}; written differently, but the same {view.noun[:-1]} after normalisation "
            f"({view.result.normaliser.describe()}), so {'it is a TP' if len(pairs) == 1 else 'each is a TP'}.")


def multiword_note(view: ResultView, group: WordGroup) -> str:
    """`` Gold's surface token is “au” (multiword token au = à le).`` for the multiword tokens
    the group's words belong to on each side; ``""`` when none."""
    notes = []
    for side, who in ((GOLD, "Gold"), (SYS, "The system")):
        for form, words in view.multiwords_in(side, group.gold if side == GOLD else group.sys):
            notes.append(f" {who}'s surface token is {_quote([form])} (multiword token {form} = {' '.join(words)}).")
    return "".join(notes)


def group_reason(view: ResultView, group: WordGroup, number: int | None = None) -> str:
    """Why one word group counts what it counts (``number`` as in the rendering), and the
    multiword tokens its words belong to (:func:`multiword_note`)."""
    return _group_reason(view, group, number) + multiword_note(view, group)


def _group_reason(view: ResultView, group: WordGroup, number: int | None = None) -> str:
    gold = view.group_tokens(group, GOLD)
    system = view.group_tokens(group, SYS)
    counts = view.group_counts(group)
    n_gold, n_sys = len(gold), len(system)
    prefix = f"#{number} " if number is not None else ""
    word = view.noun[:-1]  # token, or word at the words level
    if group.is_match:
        return f"{prefix}{_quote(gold)}: the same {word} on both sides: TP 1."
    if group.kind == "gold-only":
        return (
            f"{prefix}Gold {plural(n_gold, word)} {_quote(gold)}: not in the system text: "
            f"FN {counts.fn}."
        )
    if group.kind == "system-only":
        return (
            f"{prefix}System {plural(n_sys, word)} {_quote(system)}: not in the gold text: "
            f"FP {counts.fp}."
        )
    pair = f"{prefix}Word group {_quote(gold)} ~ {_quote(system)}: "
    if group.kind in ("similar", "different"):
        how = "similar" if group.kind == "similar" else "different (not similar)"
        return pair + (
            f"{plural(n_gold, f'gold {word}')} and {plural(n_sys, f'system {word}')} whose "
            f"characters differ ({how}), so none is a TP: FN {counts.fn}, FP {counts.fp}."
        )
    if n_gold == 1 and n_sys == 1:
        how = ("the two words lie in the same multiword token's characters but their forms differ "
               "(words inside a multiword token are paired by form, as the CoNLL 2018 script pairs them)")
    elif n_gold == 1:
        how = f"1 gold {word} is split into {n_sys} system {word}s covering the same characters"
    elif n_sys == 1:
        how = f"{n_gold} gold {word}s are joined into 1 system {word} covering the same characters"
    else:
        how = (
            f"{n_gold} gold and {n_sys} system {word}s cover the same characters but no single "
            f"{word} matches"
        )
    return pair + f"{how}: FN {counts.fn}, FP {counts.fp}."


def numbered_mismatches(unit: Unit) -> list[tuple[int, WordGroup]]:
    """The unit's non-matching word groups numbered from 1 (as rendered)."""
    groups = [group for group in unit.words if not group.is_match]
    return list(enumerate(groups, 1))


def unit_reasons(view: ResultView, unit: Unit) -> list[str]:
    """Sentence reason, token reason, what the normalisation made equal (if anything), then
    one reason per non-matching word group."""
    reasons = [sentence_reason(view, unit), tokens_reason(unit, view.level_name)]
    normalised = normalised_reason(view, unit)
    if normalised is not None:
        reasons.append(normalised)
    reasons += [group_reason(view, group, number) for number, group in numbered_mismatches(unit)]
    return reasons
