"""Two systems bucket by bucket: A's score, B's score and B − A in each bucket of unit kind.

Contract: :func:`buckets_versus` takes two results of one task, each system
aligned to the *same* gold on its own (``--compare``'s A and B), and one of
the task's measures (:class:`jpcore.stats.measures.Measure`).  It puts each
system's own aligned units in the kind buckets (:data:`KIND_BUCKETS`: the
shape of a unit whose characters agree, ``differing text``, the one-sided
units; :func:`~jpcore.analysis.units.kind_bucket` of the unit's kind and
shape), sums each bucket's per-unit counts (the measure's ``unit_counts``:
nothing is aligned or scored again) and scores them with the measure's own
metric, so each system's buckets add up to its totals and its headline
score.  Every bucket either system has units in is listed, in
:data:`KIND_BUCKETS` order; a system without units in a bucket has no score
there (``None``), and then no difference either.  Any task with measures is
read (ud too): only the units' ``kind`` and ``shape`` and the measure's
counts are used.

>>> from jpcore.formats import read_segmentation
>>> from jpcore.preprocess import evaluate
>>> from jpcore.stats.measures import PREPROCESS
>>> gold = read_segmentation("a b c .\\nd e .\\n", "gold.txt")
>>> a = evaluate(gold, read_segmentation("a b c .\\nd e .\\n", "a.txt"))
>>> b = evaluate(gold, read_segmentation("a b\\nc .\\nd e .\\n", "b.txt"))
>>> sentences = next(m for m in PREPROCESS if m.name == "sentences")
>>> [(v.name, v.units_a, v.units_b, v.score_a, v.score_b) for v in buckets_versus(a, b, sentences)]
[('1:1', 2, 1, 1.0, 1.0), ('1:n', 0, 1, None, 0.0)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from jpcore.analysis.units import KIND_BUCKETS, kind_bucket

__all__ = ["VersusBucket", "buckets_versus"]


@dataclass(frozen=True, slots=True)
class VersusBucket:
    """One kind bucket of two systems: each one's units, summed counts and score (``None``
    without units)."""

    name: str
    units_a: int
    units_b: int
    counts_a: tuple[int, ...]
    counts_b: tuple[int, ...]
    score_a: float | None
    score_b: float | None

    @property
    def difference(self) -> float | None:
        """B − A, as fractions (``None`` unless both systems have units in the bucket)."""
        if self.score_a is None or self.score_b is None:
            return None
        return self.score_b - self.score_a


def _sums(result: Any, measure: Any) -> dict[str, tuple[int, np.ndarray]]:
    """Per bucket name: the number of ``result``'s units in it and their summed counts."""
    rows = np.asarray(measure.unit_counts(result), dtype=np.int64).reshape(-1, len(measure.counts))
    sums: dict[str, tuple[int, np.ndarray]] = {}
    for unit, row in zip(result.units, rows):
        name = kind_bucket(unit.kind, str(unit.shape))
        units, counts = sums.get(name, (0, np.zeros(len(measure.counts), dtype=np.int64)))
        sums[name] = (units + 1, counts + row)
    return sums


def buckets_versus(result_a: Any, result_b: Any, measure: Any) -> list[VersusBucket]:
    """System A and B per kind bucket on ``measure`` (see the module doc)."""
    sums_a, sums_b = _sums(result_a, measure), _sums(result_b, measure)
    metric_a, metric_b = measure.metric(result_a), measure.metric(result_b)
    empty = (0, np.zeros(len(measure.counts), dtype=np.int64))
    out = []
    for name in KIND_BUCKETS:
        if name not in sums_a and name not in sums_b:
            continue
        (units_a, counts_a), (units_b, counts_b) = sums_a.get(name, empty), sums_b.get(name, empty)
        out.append(VersusBucket(
            name, units_a, units_b, tuple(int(x) for x in counts_a), tuple(int(x) for x in counts_b),
            float(metric_a.score(counts_a)) if units_a else None,
            float(metric_b.score(counts_b)) if units_b else None))
    return out

