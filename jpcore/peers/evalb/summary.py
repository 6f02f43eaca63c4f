"""EVALB's summary block as counts: the arithmetic of ``-- All --`` and ``-- len<=N --``.

Contract: :class:`EvalbSummary` counts rows (:meth:`EvalbSummary.add` of an
:class:`~jpcore.peers.evalb.result.EvalbRow`, :meth:`EvalbSummary.of_counts`
of plain count tuples) as EVALB's ``individual_result`` does, and gives the
block's rates in percent; legacy mode and alignment mode build their blocks
with it, so both count and print their summaries identically.  A plain
class (equality, ``repr`` and keyword construction as the dataclass it was):
``jpcore parseval GOLD SYSTEM``'s compiled path (:mod:`jpcore.parseval.quick`)
prints its summary through it without importing :mod:`dataclasses`.
"""

from __future__ import annotations

import math

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Protocol

    class EvalbRow(Protocol):
        """What :meth:`EvalbSummary.add` reads of a row (:class:`jpcore.peers.evalb.result.EvalbRow`,
        which imports this module: not imported here)."""

        status: int
        matched: int
        gold: int
        test: int
        cross: int
        words: int
        correct_tags: int

__all__ = ["EvalbSummary"]


class EvalbSummary:
    """The counts behind one summary block (``-- All --`` or ``-- len<=N --``)."""

    FIELDS = ("sentences", "errors", "skipped", "matched", "gold", "test", "cross", "words", "correct_tags", "complete", "no_crossing", "two_or_less_crossing")

    def __init__(self, sentences: int = 0, errors: int = 0, skipped: int = 0, matched: int = 0, gold: int = 0,
                 test: int = 0, cross: int = 0, words: int = 0, correct_tags: int = 0, complete: int = 0,
                 no_crossing: int = 0, two_or_less_crossing: int = 0) -> None:
        self.sentences, self.errors, self.skipped = sentences, errors, skipped
        self.matched, self.gold, self.test, self.cross = matched, gold, test, cross
        self.words, self.correct_tags = words, correct_tags
        self.complete, self.no_crossing, self.two_or_less_crossing = complete, no_crossing, two_or_less_crossing

    def _values(self) -> tuple[int, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def __repr__(self) -> str:
        return "EvalbSummary(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS) + ")"

    @property
    def valid(self) -> int:
        """Sentences with status 0."""
        return self.sentences - self.errors - self.skipped

    def add(self, row: EvalbRow) -> None:
        """Count one row as EVALB's ``individual_result`` does."""
        self.sentences += 1
        if row.status == 1:
            self.errors += 1
        elif row.status == 2:
            self.skipped += 1
        else:
            self.matched += row.matched
            self.gold += row.gold
            self.test += row.test
            if row.gold == row.test == row.matched:
                self.complete += 1
            self.words += row.words
            self.cross += row.cross
            if row.cross == 0:
                self.no_crossing += 1
            if row.cross <= 2:
                self.two_or_less_crossing += 1
            self.correct_tags += row.correct_tags

    @classmethod
    def of_counts(cls, rows: Iterable[tuple[int, ...]]) -> EvalbSummary:
        """The block of ``rows`` given as plain counts, ``(id, length, status, matched, gold,
        test, cross, words, correct_tags)`` each: what :meth:`add` of each row's
        :class:`EvalbRow` makes, in one loop over tuples."""
        block = cls()
        sentences = errors = skipped = matched = gold = test = cross = words = correct_tags = 0
        complete = no_crossing = two_or_less = 0
        for _, _, status, row_matched, row_gold, row_test, row_cross, row_words, row_correct in rows:
            sentences += 1
            if status == 1:
                errors += 1
            elif status == 2:
                skipped += 1
            else:
                matched += row_matched
                gold += row_gold
                test += row_test
                if row_gold == row_test == row_matched:
                    complete += 1
                words += row_words
                cross += row_cross
                if row_cross == 0:
                    no_crossing += 1
                if row_cross <= 2:
                    two_or_less += 1
                correct_tags += row_correct
        block.sentences, block.errors, block.skipped = sentences, errors, skipped
        block.matched, block.gold, block.test, block.cross = matched, gold, test, cross
        block.words, block.correct_tags = words, correct_tags
        block.complete, block.no_crossing, block.two_or_less_crossing = complete, no_crossing, two_or_less
        return block

    @property
    def recall(self) -> float:
        return 100.0 * self.matched / self.gold if self.gold > 0 else 0.0

    @property
    def precision(self) -> float:
        return 100.0 * self.matched / self.test if self.test > 0 else 0.0

    @property
    def fmeasure(self) -> float:
        """2PR/(P+R) from unrounded values; NaN when both are 0 (EVALB: -nan)."""
        p, r = self.precision, self.recall
        return math.nan if p + r == 0 else 2 * p * r / (p + r)

    @property
    def complete_match(self) -> float:
        return 100.0 * self.complete / self.valid if self.valid > 0 else 0.0

    @property
    def average_crossing(self) -> float:
        return 1.0 * self.cross / self.valid if self.valid > 0 else 0.0

    @property
    def no_crossing_rate(self) -> float:
        return 100.0 * self.no_crossing / self.valid if self.valid > 0 else 0.0

    @property
    def two_or_less_crossing_rate(self) -> float:
        return 100.0 * self.two_or_less_crossing / self.valid if self.valid > 0 else 0.0

    @property
    def tag_accuracy(self) -> float:
        return 100.0 * self.correct_tags / self.words if self.words > 0 else 0.0

    def to_dict(self) -> dict:
        """Counts and the derived figures (NaN F-measure as ``None``)."""
        f = self.fmeasure
        return {
            "sentences": self.sentences,
            "errors": self.errors,
            "skipped": self.skipped,
            "valid": self.valid,
            "matched": self.matched,
            "gold": self.gold,
            "test": self.test,
            "cross": self.cross,
            "words": self.words,
            "correct_tags": self.correct_tags,
            "complete": self.complete,
            "no_crossing": self.no_crossing,
            "two_or_less_crossing": self.two_or_less_crossing,
            "recall": self.recall,
            "precision": self.precision,
            "f1": None if math.isnan(f) else f,
            "complete_match": self.complete_match,
            "average_crossing": self.average_crossing,
            "no_crossing_rate": self.no_crossing_rate,
            "two_or_less_crossing_rate": self.two_or_less_crossing_rate,
            "tag_accuracy": self.tag_accuracy,
        }
