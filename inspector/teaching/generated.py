"""Questions generated from whatever text, gold and system the Teaching page has loaded.

:func:`questions_on` asks, for each unit with an error (up to a limit),
what it counts and why; the answer is the unit's counts and their
explanation in words (:func:`inspector.tokens.explain.unit_reasons`), read
from jpcore's result -- nothing is recounted here.  The instructor's own
text, gold, splitter and tokenizer stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.preprocess import Counts, Unit
from inspector.tokens import explain
from inspector.tokens.view import GOLD, SYS, ResultView

#: Questions generated at most.
MAX_QUESTIONS = 8


@dataclass(frozen=True, slots=True)
class GeneratedQuestion:
    """A question on one unit: its ``gold`` and ``system`` text, the question, and the answer
    (``counts`` line and ``reasons``)."""

    unit: int
    gold: str
    system: str
    question: str
    counts: str
    reasons: tuple[str, ...]


def _counts(label: str, counts: Counts) -> str:
    return f"{label} TP {counts.tp}, FP {counts.fp}, FN {counts.fn}"


def _question(view: ResultView, unit: Unit) -> GeneratedQuestion:
    gold = view.unit_text(unit, GOLD) or "(no gold sentence)"
    system = view.unit_text(unit, SYS) or "(no system sentence)"
    return GeneratedQuestion(
        unit=unit.index, gold=gold, system=system,
        question=(f"Unit #{unit.index}: how many sentence and token TP, FP and FN does it count, and why? "
                  "(Hint: a token is a TP only if a gold and a system token cover exactly the same characters.)"),
        counts=f"{_counts('Sentences', unit.sentences)}; {_counts(view.level_name, unit.tokens)}.",
        reasons=tuple(explain.unit_reasons(view, unit)),
    )


def questions_on(view: ResultView, limit: int = MAX_QUESTIONS) -> list[GeneratedQuestion]:
    """A question on each of the first ``limit`` units with an error, in text order."""
    return [_question(view, unit) for unit in view.result.units if unit.is_mismatch][:limit]
