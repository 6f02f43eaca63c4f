"""The result of a dependency evaluation: what the CLI prints, the JSON holds and a page reads.

Contract: :class:`UdResult` holds both treebanks, the aligned units in
document order (sentence groups with their word groups, each aligned word
pair with the metrics it is correct for, per-unit counts of every metric)
and the :attr:`~UdResult.totals`, one :class:`Score` per conll18 metric
(its names, :data:`jpcore.ud.metrics.METRICS`).  :meth:`UdResult.to_dict`
and :meth:`UdResult.from_dict` are lossless; a dict read back is checked
(``ValueError`` naming what is wrong).  Nothing here scores: see
:mod:`jpcore.ud.scoring`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from jpcore.scores import PrecisionRecallF1
from jpcore.align import (
    KINDS,
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
from jpcore.ud.metrics import METRICS, PAIR_METRICS
from jpcore.ud.treebank import Treebank

TASK = "ud"
#: Bit ``1 << k`` of a pair's flags: the pair is correct for ``PAIR_METRICS[k]``.
FLAG_BITS = {name: 1 << k for k, name in enumerate(PAIR_METRICS)}
#: The flags of a pair correct for every metric.
ALL_FLAGS = (1 << len(PAIR_METRICS)) - 1


@dataclass(slots=True)
class Score(PrecisionRecallF1):
    """One metric's counts, as ``conll18_ud_eval.py --counts`` prints them: ``tp``
    (Correct), ``gold``, ``system`` (Predicted) and ``aligned`` (the aligned word
    pairs it is computed on; ``None`` for Tokens, Sentences and Words)."""

    tp: int = 0
    gold: int = 0
    system: int = 0
    aligned: int | None = None

    @property
    def fp(self) -> int:
        """System units that are not correct."""
        return self.system - self.tp

    @property
    def fn(self) -> int:
        """Gold units that were not found."""
        return self.gold - self.tp

    @property
    def aligned_accuracy(self) -> float | None:
        """tp / aligned (the script's AligndAcc); ``None`` where it has none, 0.0 without aligned pairs."""
        if self.aligned is None:
            return None
        return self.tp / self.aligned if self.aligned else 0.0

    def add(self, other: Score) -> None:
        """Add another score's counts in place."""
        self.tp += other.tp
        self.gold += other.gold
        self.system += other.system
        if other.aligned is not None:
            self.aligned = (self.aligned or 0) + other.aligned

    def as_list(self) -> list[int | None]:
        """``[tp, gold, system, aligned]`` (a unit's compact JSON form)."""
        return [self.tp, self.gold, self.system, self.aligned]

    @classmethod
    def from_list(cls, data: list[Any]) -> Score:
        """Inverse of :meth:`as_list`."""
        tp, gold, system, aligned = data
        if not all(type(x) is int for x in (tp, gold, system)) or not (aligned is None or type(aligned) is int):
            raise ValueError(f"a score must be [tp, gold, system, aligned] integers, not {data!r:.60}")
        return cls(tp, gold, system, aligned)

    def to_dict(self) -> dict[str, Any]:
        """Counts, the derived figures (fractions, not percent) and the aligned accuracy."""
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn, "gold": self.gold, "system": self.system,
                "precision": self.precision, "recall": self.recall, "f1": self.f1,
                "aligned": self.aligned, "aligned_accuracy": self.aligned_accuracy}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Score:
        """Inverse of :meth:`to_dict` (derived figures are recomputed)."""
        return cls.from_list([data["tp"], data["gold"], data["system"], data["aligned"]])


def is_correct(flags: int, metric: str) -> bool:
    """Whether a pair with these flags is correct for ``metric`` (``Words`` always; a
    CLAS/MLAS/BLEX pair whose gold word is not a content word never).

    >>> is_correct(FLAG_BITS["UPOS"] | FLAG_BITS["UAS"], "UAS"), is_correct(0, "LAS"), is_correct(0, "Words")
    (True, False, True)
    """
    return metric == "Words" or bool(flags & FLAG_BITS[metric])


#: One metric's counts in a unit: ``(tp, gold, system, aligned)`` (``aligned`` ``None``
#: for Tokens, Sentences and Words).
CountRow = tuple[int, int, int, "int | None"]


@dataclass(slots=True)
class UdUnit(GroupShape):
    """One aligned sentence group: sentence index ranges, character ranges and
    kind (:mod:`jpcore.align`), its word groups (flat word indices), its aligned
    word pairs ``(gold word, system word, flags)`` (:func:`is_correct`) and its
    counts, one :data:`CountRow` per metric in :data:`~jpcore.ud.metrics.METRICS`
    order (``n_gold``/``shape`` count sentences)."""

    index: int
    gold: tuple[int, int]
    sys: tuple[int, int]
    gold_chars: tuple[int, int]
    sys_chars: tuple[int, int]
    kind: str
    words: Sequence[Group]
    pairs: list[tuple[int, int, int]]
    table: tuple[CountRow, ...]

    @property
    def counts(self) -> dict[str, Score]:
        """The unit's :class:`Score` per metric."""
        return {name: Score(*row) for name, row in zip(METRICS, self.table)}

    @property
    def has_error(self) -> bool:
        """True unless every metric of the unit is all correct."""
        return any(tp != n_gold or tp != n_sys for tp, n_gold, n_sys, _ in self.table)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: word groups as ``[g0, g1, s0, s1, kind, gc0, gc1, sc0, sc1]``,
        pairs as ``[gold, sys, flags]``, counts as ``{metric: [tp, gold, system, aligned]}``."""
        return {
            "index": self.index, "gold": list(self.gold), "sys": list(self.sys),
            "gold_chars": list(self.gold_chars), "sys_chars": list(self.sys_chars),
            "kind": self.kind, "shape": self.shape, "ratio": self.ratio,
            "counts": {name: list(row) for name, row in zip(METRICS, self.table)},
            "words": groups_to_lists(self.words),
            "pairs": [list(pair) for pair in self.pairs],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UdUnit:
        """Inverse of :meth:`to_dict`."""
        counts = data["counts"]
        if not isinstance(counts, dict) or list(counts) != list(METRICS):
            raise ValueError(f"unit {data.get('index')}: \"counts\" must name every metric in order")
        return cls(
            index=data["index"], gold=_range(data["gold"]), sys=_range(data["sys"]),
            gold_chars=_range(data["gold_chars"]), sys_chars=_range(data["sys_chars"]),
            kind=_kind(data["kind"]), words=[group_from_list(word) for word in data["words"]],
            pairs=[_pair(pair) for pair in data["pairs"]],
            table=tuple(_count_row(row) for row in counts.values()),
        )


def _count_row(data: Any) -> CountRow:
    score = Score.from_list(data)
    return (score.tp, score.gold, score.system, score.aligned)


def _range(data: Any) -> tuple[int, int]:
    if not (isinstance(data, list) and len(data) == 2 and all(type(x) is int for x in data) and data[0] <= data[1]):
        raise ValueError(f"a range must be [start, end] integers, not {data!r:.60}")
    return (data[0], data[1])


def _kind(kind: Any) -> str:
    if kind not in KINDS:
        raise ValueError(f"a unit's kind must be one of {KINDS}, not {kind!r:.40}")
    return kind


def _pair(data: Any) -> tuple[int, int, int]:
    if not (isinstance(data, list) and len(data) == 3 and all(type(x) is int for x in data)
            and 0 <= data[2] <= ALL_FLAGS):
        raise ValueError(f"a pair must be [gold word, system word, flags], not {data!r:.60}")
    return (data[0], data[1], data[2])


@dataclass(slots=True)
class UdResult:
    """Everything ``jpcore ud`` computes (module doc).  ``unit_source`` is the list of
    units, or a function that builds it: :attr:`units` calls it once, on first
    use (the table of totals does not need the units)."""

    task: ClassVar[str] = TASK

    gold: Treebank
    system: Treebank
    totals: dict[str, Score]
    differences: list[Difference]
    unit_source: list[UdUnit] | Callable[[], list[UdUnit]] = field(repr=False)

    @property
    def units(self) -> list[UdUnit]:
        """The aligned units in document order."""
        source = self.unit_source
        if not isinstance(source, list):
            source = self.unit_source = source()
        return source

    def compact(self) -> UdResult:
        """Every unit's word groups as a :class:`~jpcore.align.GroupList` (read as before,
        in a fraction of the memory; the units are made if they were not); this result,
        changed in place."""
        for unit in self.units:
            unit.words = compact_groups(unit.words)
        return self

    @property
    def streams_equal(self) -> bool:
        """True when both files have the same characters (the pairs the script accepts)."""
        return not self.differences

    def pairs(self) -> list[tuple[int, int, int]]:
        """Every aligned word pair ``(gold word, system word, flags)`` in document order."""
        return [pair for unit in self.units for pair in unit.pairs]

    def shape_counts(self) -> dict[str, int]:
        """How many units have each shape (``1:1``, ``1:n``, ...)."""
        return shape_counts(self.units)

    def kind_counts(self) -> dict[str, int]:
        """How many units have each kind (exact, merged, similar, ...)."""
        return kind_counts(self.units)

    def totals_by_shape(self) -> dict[str, dict[str, Score]]:
        """The totals split by unit shape (:func:`jpcore.align.units_by_shape`, sentences
        gold:system): per shape, one :class:`Score` per metric summed over its units;
        each count adds up to :attr:`totals`."""
        out = {}
        for shape, units in units_by_shape(self.units).items():
            scores = {name: Score(0, 0, 0, None) for name in METRICS}
            for unit in units:
                for name, row in zip(METRICS, unit.table):
                    scores[name].add(Score(*row))
            out[shape] = scores
        return out

    def to_dict(self) -> dict[str, Any]:
        """A lossless JSON-ready dict (see :meth:`from_dict`): ``totals.<metric>`` with
        ``tp``, ``gold``, ``system`` (and ``fp``, ``fn``, precision, recall, F1 as
        fractions, ``aligned``, ``aligned_accuracy``), ``flags`` naming the pair flag
        bits from the lowest, the units, the differences and both treebanks."""
        return {
            "task": TASK,
            "metrics": list(METRICS),
            "flags": list(PAIR_METRICS),
            "totals": {name: score.to_dict() for name, score in self.totals.items()},
            "totals_by_shape": {shape: {name: score.to_dict() for name, score in scores.items()}
                                for shape, scores in self.totals_by_shape().items()},
            "shapes": self.shape_counts(),
            "kinds": self.kind_counts(),
            "streams_equal": self.streams_equal,
            "differences": [difference.to_dict() for difference in self.differences],
            "units": [unit.to_dict() for unit in self.units],
            "gold": self.gold.to_dict(),
            "system": self.system.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UdResult:
        """Rebuild a result from :meth:`to_dict` output; ``ValueError`` if it is not one."""
        task = data.get("task") if isinstance(data, dict) else None
        if task != TASK:
            raise ValueError(f"not a {TASK} result: task = {task!r:.40}")
        if data.get("metrics") != list(METRICS) or data.get("flags") != list(PAIR_METRICS):
            raise ValueError(f"a {TASK} result must list the metrics {list(METRICS)} and flags {list(PAIR_METRICS)}")
        try:
            gold = Treebank.from_dict(data["gold"])
            system = Treebank.from_dict(data["system"])
            units = [UdUnit.from_dict(unit) for unit in data["units"]]
            totals = {name: Score.from_dict(data["totals"][name]) for name in METRICS}
            differences = [Difference.from_dict(d) for d in data["differences"]]
        except (KeyError, IndexError, TypeError, AttributeError) as error:
            raise ValueError(f"not a complete {TASK} result: {type(error).__name__} {error}") from None
        for unit in units:
            for gold_word, sys_word, _ in unit.pairs:
                if not (0 <= gold_word < gold.n_words and 0 <= sys_word < system.n_words):
                    raise ValueError(f"unit {unit.index}: pair {gold_word, sys_word} names a word outside the files")
        return cls(gold, system, totals, differences, units)
