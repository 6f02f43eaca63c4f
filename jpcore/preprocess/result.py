"""The result of a preprocess evaluation: what the CLI prints, the JSON holds and a page reads.

Contract: a :class:`PreprocessResult` keeps both inputs (the
:class:`~jpcore.formats.segmentation.Segmentation` of each side), the
normalisation in force, every aligned :class:`Unit` (a sentence group with
its word groups and its sentence and token :class:`Counts`) in document
order, the totals, and the stretches where the characters differ
(:class:`~jpcore.align.Difference`).  ``to_dict()``/``from_dict()`` are
lossless.  Nothing here aligns or scores: see :mod:`jpcore.preprocess.evaluate`.
:meth:`PreprocessResult.compact` makes the word groups compact (the app keeps
results so: :class:`jpcore.align.GroupList`); equality and ``to_dict()`` are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from jpcore.align import (
    Difference,
    Group,
    GroupShape,
    compact_groups,
    group_from_list,
    groups_to_lists,
    kind_counts,
    shape_counts,
    units_by_shape,
)
from jpcore.align.sides import token_starts
from jpcore.align.similarity import Normaliser
from jpcore.formats.conllu import segmentation_from_dict
from jpcore.formats.segmentation import Segmentation
from jpcore.scores import GoldSystemFromErrors, PrecisionRecallF1

__all__ = ["TASK", "Counts", "PreprocessResult", "Unit", "WordGroup", "group_counts", "sum_counts"]

TASK = "preprocess"


@dataclass(slots=True)
class Counts(GoldSystemFromErrors, PrecisionRecallF1):
    """TP/FP/FN with the usual derived scores (0.0 where undefined; :mod:`jpcore.scores`)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def as_tuple(self) -> tuple[int, int, int]:
        """``(tp, fp, fn)``."""
        return (self.tp, self.fp, self.fn)

    def add(self, other: Counts) -> None:
        """Add another count in place."""
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    def to_dict(self) -> dict[str, Any]:
        """Counts plus precision, recall, F1 (and gold/system totals)."""
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "gold": self.gold,
            "system": self.system,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Counts:
        """Inverse of :meth:`to_dict` (derived fields are recomputed)."""
        return cls(data["tp"], data["fp"], data["fn"])


def _counts(n_gold: int, n_sys: int, is_match: bool) -> Counts:
    tp = 1 if is_match else 0
    return Counts(tp, n_sys - tp, n_gold - tp)


#: A word group is an :class:`jpcore.align.Group` over tokens: token index
#: ranges over the whole side (reading order), character ranges, kind.
WordGroup = Group


def group_counts(group: Group) -> Counts:
    """TP/FP/FN of one group (of sentences or of tokens).

    One gold and one system unit with identical characters is a TP;
    otherwise every system unit of the group is a FP and every gold unit a
    FN.  A unit's counts are the sum over its word groups.
    """
    return _counts(group.n_gold, group.n_sys, group.is_match)


@dataclass(slots=True)
class Unit(GroupShape):
    """One aligned sentence group with its word groups and counts.

    ``gold``/``sys`` are sentence index ranges; ``gold_chars``/``sys_chars``
    the ranges in each side's normalised whitespace-free character stream;
    ``raw_chars`` the gold range in the raw text when raw text was given.
    ``n_gold``, ``n_sys``, ``shape`` and ``ratio`` count sentences.
    """

    index: int
    gold: tuple[int, int]
    sys: tuple[int, int]
    gold_chars: tuple[int, int]
    sys_chars: tuple[int, int]
    kind: str
    words: Sequence[WordGroup]
    sentences: Counts
    tokens: Counts
    raw_chars: tuple[int, int] | None = None

    @property
    def is_mismatch(self) -> bool:
        """True unless the unit is one correct sentence with all tokens correct."""
        return not (self.sentences.tp == 1 and self.tokens.fp == 0 and self.tokens.fn == 0)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict; word groups as ``[g0, g1, s0, s1, kind, gc0, gc1, sc0, sc1]``
        (token ranges, kind, character ranges)."""
        out = {
            "index": self.index,
            "gold": list(self.gold),
            "sys": list(self.sys),
            "gold_chars": list(self.gold_chars),
            "sys_chars": list(self.sys_chars),
            "kind": self.kind,
            "shape": self.shape,
            "ratio": self.ratio,
            "sentences": {"tp": self.sentences.tp, "fp": self.sentences.fp, "fn": self.sentences.fn},
            "tokens": {"tp": self.tokens.tp, "fp": self.tokens.fp, "fn": self.tokens.fn},
            "words": groups_to_lists(self.words),
        }
        if self.raw_chars is not None:
            out["raw_chars"] = list(self.raw_chars)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Unit:
        """Inverse of :meth:`to_dict`."""
        raw = data.get("raw_chars")
        return cls(
            index=data["index"],
            gold=tuple(data["gold"]),
            sys=tuple(data["sys"]),
            gold_chars=tuple(data["gold_chars"]),
            sys_chars=tuple(data["sys_chars"]),
            kind=data["kind"],
            words=[group_from_list(w) for w in data["words"]],
            sentences=Counts.from_dict(data["sentences"]),
            tokens=Counts.from_dict(data["tokens"]),
            raw_chars=tuple(raw) if raw is not None else None,
        )


@dataclass(slots=True)
class PreprocessResult:
    """Everything the CLI, the JSON export and the inspector read."""

    task: ClassVar[str] = TASK
    gold: Segmentation
    system: Segmentation
    normaliser: Normaliser
    units: list[Unit]
    totals: dict[str, Counts]
    differences: list[Difference] = field(default_factory=list)

    @property
    def level(self) -> str:
        """The token level the gold file was read at (``tokens`` / ``words``)."""
        return self.gold.level

    @property
    def streams_equal(self) -> bool:
        """True when both sides have the same normalised characters."""
        return not self.differences

    def shape_counts(self) -> dict[str, int]:
        """How many units have each shape (``1:1``, ``1:n``, ...)."""
        return shape_counts(self.units)

    def kind_counts(self) -> dict[str, int]:
        """How many units have each kind (exact, merged, similar, ...)."""
        return kind_counts(self.units)

    def totals_by_shape(self) -> dict[str, dict[str, Counts]]:
        """The totals split by unit shape (:func:`jpcore.align.units_by_shape`): per shape,
        the sentence and token counts of its units; each count adds up to :attr:`totals`."""
        return {shape: sum_counts(units) for shape, units in units_by_shape(self.units).items()}

    def compact(self) -> PreprocessResult:
        """Every unit's word groups as a :class:`~jpcore.align.GroupList` (about a twelfth
        of the memory; read as before); this result, changed in place."""
        for unit in self.units:
            unit.words = compact_groups(unit.words)
        return self

    def gold_token_starts(self) -> list[int]:
        """Index of each gold sentence's first token in the flat token list."""
        return _token_starts(self.gold)

    def sys_token_starts(self) -> list[int]:
        """Index of each system sentence's first token in the flat token list."""
        return _token_starts(self.system)

    def to_dict(self) -> dict[str, Any]:
        """A lossless JSON-ready dict (see :meth:`from_dict`); CoNLL-U sentences with
        UPOS carry an ``"upos"`` list (:class:`jpcore.formats.conllu.TaggedSentence`),
        which results saved without it simply lack."""
        return {
            "task": TASK,
            "level": self.level,
            "normalisation": self.normaliser.to_dict(),
            "normalisation_description": self.normaliser.describe(),
            "totals": {name: counts.to_dict() for name, counts in self.totals.items()},
            "totals_by_shape": {shape: {name: counts.to_dict() for name, counts in totals.items()}
                                for shape, totals in self.totals_by_shape().items()},
            "shapes": self.shape_counts(),
            "kinds": self.kind_counts(),
            "streams_equal": self.streams_equal,
            "differences": [d.to_dict() for d in self.differences],
            "units": [u.to_dict() for u in self.units],
            "gold": self.gold.to_dict(),
            "system": self.system.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PreprocessResult:
        """Rebuild a result from :meth:`to_dict` output."""
        if data.get("task") != TASK:
            raise ValueError(f"not a {TASK} result: task = {data.get('task')!r}")
        return cls(
            gold=segmentation_from_dict(data["gold"]),
            system=segmentation_from_dict(data["system"]),
            normaliser=Normaliser.from_dict(data["normalisation"]),
            units=[Unit.from_dict(u) for u in data["units"]],
            totals={name: Counts.from_dict(c) for name, c in data["totals"].items()},
            differences=[Difference.from_dict(d) for d in data["differences"]],
        )


def sum_counts(units: Iterable[Unit]) -> dict[str, Counts]:
    """``{"sentences": Counts, "tokens": Counts}`` summed over ``units`` (the order of ``totals``)."""
    sentences, tokens = Counts(), Counts()
    for unit in units:
        sentences.add(unit.sentences)
        tokens.add(unit.tokens)
    return {"sentences": sentences, "tokens": tokens}


def _token_starts(segmentation: Segmentation) -> list[int]:
    return token_starts(len(s.tokens) for s in segmentation.sentences)


