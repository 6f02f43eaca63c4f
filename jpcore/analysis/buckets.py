"""Buckets of aligned units by sentence length and by unit kind, with P/R/F.

Contract: :func:`buckets_by_length` and :func:`buckets_by_kind` put every
aligned unit of a result in exactly one bucket and add up the units'
stored counts (:func:`jpcore.analysis.units.unit_stats`) per bucket and
measure, so for every measure the buckets' counts sum to the result's
totals.  P/R/F per bucket follow the evaluation's convention
(:class:`jpcore.analysis.scores.Score`).  Buckets come in display order;
empty ones are left out unless ``keep_empty`` is set.

Length is a unit's number of gold tokens (:data:`LENGTH_EDGES` by default:
1-10, 11-20, 21-40, 41+; a unit without gold tokens -- system-only text --
is in :data:`NO_GOLD`).  Kinds are :data:`jpcore.analysis.units.KIND_BUCKETS`.

>>> length_bucket(0), length_bucket(1), length_bucket(10), length_bucket(11), length_bucket(41)
('0 (no gold words)', '1-10', '1-10', '11-20', '41+')
>>> length_bucket_names((5, 15))
('0 (no gold words)', '1-5', '6-15', '16+')
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jpcore.analysis.scores import Score
from jpcore.analysis.units import KIND_BUCKETS, MEASURES, Result, UnitStats, empty_scores, task_of, unit_stats

#: Upper edges (inclusive) of the length buckets: 1-10, 11-20, 21-40, 41+.
LENGTH_EDGES = (10, 20, 40)
#: The bucket of units without gold tokens.
NO_GOLD = "0 (no gold words)"
LENGTH, KIND = "length", "kind"


def _check_edges(edges: Sequence[int]) -> None:
    if not edges or any(not isinstance(e, int) or e < 1 for e in edges) or list(edges) != sorted(set(edges)):
        raise ValueError(f"edges must be strictly increasing positive integers, not {edges!r}")


def length_bucket_names(edges: Sequence[int] = LENGTH_EDGES) -> tuple[str, ...]:
    """Every length bucket name for ``edges``, in order (:data:`NO_GOLD` first)."""
    _check_edges(edges)
    names, low = [NO_GOLD], 1
    for edge in edges:
        names.append(f"{low}-{edge}")
        low = edge + 1
    names.append(f"{low}+")
    return tuple(names)


def length_bucket(length: int, edges: Sequence[int] = LENGTH_EDGES) -> str:
    """The name of the bucket of a unit with ``length`` gold tokens."""
    return length_bucket_names(edges)[_position(length, edges)]


def _position(length: int, edges: Sequence[int]) -> int:
    """Index in :func:`length_bucket_names` of ``length``."""
    return 0 if length <= 0 else 1 + bisect_left(edges, length)


@dataclass(frozen=True, slots=True)
class Bucket:
    """A bucket: its name, its units' indices (document order), summed scores per measure."""

    name: str
    units: tuple[int, ...]
    scores: dict[str, Score]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"name": self.name, "units": list(self.units),
                "scores": {measure: score.to_dict() for measure, score in self.scores.items()}}


@dataclass(frozen=True, slots=True)
class BucketTable:
    """Buckets ``by`` length or kind, for the result's ``task`` and ``measures``."""

    task: str
    by: str
    measures: tuple[str, ...]
    buckets: tuple[Bucket, ...]

    def names(self) -> list[str]:
        """Bucket names in display order."""
        return [bucket.name for bucket in self.buckets]

    def get(self, name: str) -> Bucket:
        """The bucket called ``name`` (``KeyError`` if there is none)."""
        for bucket in self.buckets:
            if bucket.name == name:
                return bucket
        raise KeyError(name)

    def total(self, measure: str) -> Score:
        """The sum of every bucket's ``measure`` (equals the result's totals)."""
        scores = [bucket.scores[measure] for bucket in self.buckets]
        total = scores[0].empty() if scores else Score()
        for score in scores:
            total = total + score
        return total

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per bucket: name, units, then ``<measure> tp/fp/fn/precision/recall/f``."""
        out = []
        for bucket in self.buckets:
            row: dict[str, Any] = {"bucket": bucket.name, "units": len(bucket.units)}
            for measure in self.measures:
                for field, value in bucket.scores[measure].to_dict().items():
                    if field not in ("beta", "convention"):
                        row[f"{measure} {field}"] = value
            out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"task": self.task, "by": self.by, "measures": list(self.measures),
                "buckets": [bucket.to_dict() for bucket in self.buckets]}


def _bucketed(
    result: Result, by: str, names: Sequence[str], key: Callable[[UnitStats], str],
    stats: Sequence[UnitStats] | None, keep_empty: bool,
) -> BucketTable:
    task = task_of(result)
    stats = unit_stats(result) if stats is None else stats
    empty = empty_scores(result)
    members: dict[str, list[int]] = {name: [] for name in names}
    # plain [tp, fp, fn] lists while summing; one Score per bucket and measure at the end
    sums = {name: {measure: [0, 0, 0] for measure in empty} for name in names}
    for unit in stats:
        name = key(unit)
        members[name].append(unit.index)
        totals = sums[name]
        for measure, score in unit.scores.items():
            counts = totals[measure]
            counts[0] += score.tp
            counts[1] += score.fp
            counts[2] += score.fn
    buckets = tuple(
        Bucket(name, tuple(members[name]), {
            measure: Score(*counts, empty[measure].beta, empty[measure].convention)
            for measure, counts in sums[name].items()
        })
        for name in names if keep_empty or members[name]
    )
    return BucketTable(task, by, MEASURES[task], buckets)


def buckets_by_length(
    result: Result, edges: Sequence[int] = LENGTH_EDGES, *,
    stats: Sequence[UnitStats] | None = None, keep_empty: bool = False,
) -> BucketTable:
    """Units bucketed by gold tokens (see the module doc); ``stats`` saves
    recomputing :func:`~jpcore.analysis.units.unit_stats`."""
    names = length_bucket_names(edges)
    return _bucketed(result, LENGTH, names, lambda unit: names[_position(unit.length, edges)], stats, keep_empty)


def buckets_by_kind(
    result: Result, *, stats: Sequence[UnitStats] | None = None, keep_empty: bool = False,
) -> BucketTable:
    """Units bucketed by kind (:data:`~jpcore.analysis.units.KIND_BUCKETS`)."""
    return _bucketed(result, KIND, KIND_BUCKETS, lambda unit: unit.bucket, stats, keep_empty)
