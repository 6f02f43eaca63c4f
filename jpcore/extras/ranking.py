"""N systems, one gold: scores, every pairwise difference, significance groups (``--rank``).

Contract: :func:`rank_results` takes two or more results of one task, each
system aligned to the *same* gold on its own, and one of the task's
measures (:mod:`jpcore.stats.measures`; default its headline).  It gives a
:class:`RankingRun`:

* each system's score (the measure over its summed counts) and a 95 %
  bootstrap interval of that score (its own units resampled with the same
  seed and samples; ``None`` for approximate randomization, which does not
  estimate);
* every pair ``i < j`` (input order) compared exactly as ``--compare`` does
  with ``i`` as A and ``j`` as B (:func:`jpcore.extras.comparison.compare_results`'s
  path: their common units, :func:`jpcore.stats.compare_counts` with the
  same method, samples and seed): ``difference`` is ``score_j - score_i``;
* the **significance groups**, WMT-style, by this rule:

  1. order the systems by score, best first (equal scores keep input order);
     the *rank* is the position in that order, from 1;
  2. the first system not yet grouped opens a group; walking down the
     order, each following system joins that group while its pairwise test
     with the group's first system is *not* significant (``p >= alpha``,
     :data:`ALPHA` = 0.05); the first system that differs significantly from
     the group's first opens the next group, and the walk goes on from it.

  So group 1 is the best system and every system after it down to the
  first one significantly worse than the best; groups are consecutive in
  the order (a system is never grouped above a system that scored higher),
  and each group's first system is significantly better than the first
  system of the next group.  A system that is not significantly worse than
  the best but comes after one that is falls into a later group: the rule
  reads the order, as a ranking table is read.

:meth:`RankingRun.to_dict` is what ``--json`` holds as ``"ranking"``;
:meth:`RankingRun.rebuild` makes it again from a saved one and the result it
was saved with (system 0 is the run's own system; the others' units and
counts are in the file), so a saved ranking whose figures do not follow is
refused (:mod:`jpcore.results.reader`).  :func:`unit_winners` splits gold
into the units every system's cutting shares and names, per unit, the
systems with the best score of their own counts there (the app's "who is
best").

>>> groups_of([0.9, 0.8, 0.7], {(0, 1): 0.2, (0, 2): 0.01, (1, 2): 0.3})
[[0, 1], [2]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jpcore.extras.totals import measures_of, saved_measure, totals_json
from jpcore.formats.json_schema import SchemaError
from jpcore.stats import DEFAULT_SAMPLES, PAIRED_BOOTSTRAP, APPROXIMATE_RANDOMIZATION, Comparison
from jpcore.stats.common import common_counts, common_units
from jpcore.stats.compare import SAMPLE_RATIOS, UnitCounts, compare_counts, interval
from jpcore.stats.measures import Measure, named_measure
from jpcore.stats.metrics import Metric
from jpcore.stats.resample import multiplicities, resample_indices
from jpcore.stats.scale import FEW_UNITS, few_units

__all__ = ["ALPHA", "FEW_UNITS", "PairResult", "RankedSystem", "RankingRun", "UnitWinner", "groups_of", "rank_results",
           "rank_units", "unit_winners"]

#: A pairwise difference with ``p < ALPHA`` is significant.
ALPHA = 0.05
#: The seed when none is given (the command line's default, :data:`jpcore.extras.options.DEFAULT_SEED`).
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class RankedSystem:
    """One system of a ranking: its name, units (gold ranges) and counts, score and place."""

    name: str
    totals: dict[str, Any]
    units: UnitCounts
    score: float
    interval: tuple[float, float] | None
    rank: int
    group: int

    def to_dict(self) -> dict[str, Any]:
        """One entry of ``"ranking"."systems"`` (input order)."""
        return {"name": self.name, "score": self.score,
                "interval": None if self.interval is None else list(self.interval),
                "rank": self.rank, "group": self.group, "totals": self.totals,
                "units": [list(unit) for unit in self.units.gold], "unit_counts": self.units.counts.tolist()}


@dataclass(frozen=True)
class PairResult:
    """Systems ``a < b`` (input indices) compared as ``--compare`` does, ``b`` as B."""

    a: int
    b: int
    comparison: Comparison

    @property
    def significant(self) -> bool:
        """``p < ALPHA``."""
        return self.comparison.p_value < ALPHA

    def to_dict(self) -> dict[str, Any]:
        """One entry of ``"ranking"."pairs"``."""
        c = self.comparison
        return {"a": self.a, "b": self.b, "score_a": c.score_a, "score_b": c.score_b, "difference": c.difference,
                "interval": None if c.interval is None else list(c.interval), "p_value": c.p_value,
                "wins": None if c.wins is None else dict(zip(("a", "b", "tie"), c.wins)),
                "common_units": len(c.units)}


@dataclass(frozen=True)
class RankingRun:
    """A ranking of N systems on one measure (see the module doc)."""

    measure: Measure
    label: str
    metric: Metric
    method: str
    samples: int
    seed: int
    systems: list[RankedSystem]
    pairs: list[PairResult]
    order: list[int]
    groups: list[list[int]]

    def pair(self, i: int, j: int) -> PairResult:
        """The comparison of systems ``i`` and ``j`` (either order; stored with the lower as A)."""
        a, b = min(i, j), max(i, j)
        return self.pairs[_pair_index(a, b, len(self.systems))]

    def difference(self, better: int, worse: int) -> tuple[float, tuple[float, float] | None, float]:
        """``score_better - score_worse``, its interval and p (the stored pair turned round when needed)."""
        c = self.pair(better, worse).comparison
        if better < worse:  # stored as worse - better
            lo_hi = None if c.interval is None else (-c.interval[1], -c.interval[0])
            return -c.difference, lo_hi, c.p_value
        return c.difference, c.interval, c.p_value

    def warnings(self) -> list[str]:
        """One line per pair carried by fewer than :data:`FEW_UNITS` common units
        (``B against A: 6 common units: the interval is unreliable``)."""
        return [f"{self.systems[p.b].name} against {self.systems[p.a].name}: {few_units(len(p.comparison.units))}"
                for p in self.pairs if len(p.comparison.units) < FEW_UNITS]

    def to_dict(self) -> dict[str, Any]:
        """The JSON's ``"ranking"``."""
        return {
            "measure": self.measure.name, "label": self.label, "method": self.method, "samples": self.samples,
            "seed": self.seed, "alpha": ALPHA, "confidence": 0.95, "counts": list(self.measure.counts),
            "order": list(self.order), "groups": [list(group) for group in self.groups],
            "systems": [system.to_dict() for system in self.systems],
            "pairs": [pair.to_dict() for pair in self.pairs],
        }

    @classmethod
    def rebuild(cls, data: dict[str, Any], result: Any) -> RankingRun:
        """The ranking ``data`` (a saved ``"ranking"``, its schema checked) describes, made again
        with system 0 = ``result`` and the others' units and counts as saved; the caller
        compares :meth:`to_dict` with ``data``.  :class:`SchemaError` naming the field that
        cannot be."""
        measure = saved_measure(result, data["measure"])
        saved = data["systems"]
        if len(saved) < 2:
            raise SchemaError("systems", "two systems or more", f"{len(saved)}")
        systems = [(saved[0]["name"], totals_json(result), measure.units(result))]
        for index, entry in enumerate(saved[1:], 1):
            where = f"systems[{index}]"
            rows = entry["unit_counts"]
            if len(rows) != len(entry["units"]):
                raise SchemaError(f"{where}.unit_counts", f"one row per unit ({len(entry['units'])})",
                                  f"{len(rows)} rows")
            for number, row in enumerate(rows):
                if len(row) != len(measure.counts):
                    raise SchemaError(f"{where}.unit_counts[{number}]", f"{len(measure.counts)} counts", f"{len(row)}")
            try:
                units = UnitCounts([tuple(unit) for unit in entry["units"]],
                                   np.asarray(rows, dtype=np.int64).reshape(-1, len(measure.counts)), measure.counts)
            except ValueError as error:
                raise SchemaError(f"{where}.units", "units of the same gold", str(error)) from None
            found = tuple(int(x) for x in units.counts.sum(axis=0))
            if found != measure.totals_counts(entry["totals"]):
                raise SchemaError(f"{where}.unit_counts", f"rows adding up to the counts of its totals "
                                  f"{measure.totals_counts(entry['totals'])}", f"{found}")
            systems.append((entry["name"], entry["totals"], units))
        try:
            return _rank(systems, measure, measure.label(result), measure.metric(result), data["method"],
                         data["samples"], data["seed"])
        except ValueError as error:
            raise SchemaError("systems", "systems aligned to the same gold", str(error)) from None


def _pair_index(a: int, b: int, n: int) -> int:
    """Where pair ``a < b`` sits in the list of pairs ``(0, 1), (0, 2), ..., (n - 2, n - 1)``."""
    return a * (2 * n - a - 1) // 2 + (b - a - 1)


def groups_of(scores: Sequence[float], p_values: dict[tuple[int, int], float],
              alpha: float = ALPHA) -> list[list[int]]:
    """The significance groups of systems with ``scores`` (input order), ``p_values[(i, j)]``
    (``i < j``) of each pair: lists of input indices, best group first (the rule of the
    module doc)."""
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    groups: list[list[int]] = []
    for index in order:
        if groups:
            head = groups[-1][0]
            if p_values[(min(head, index), max(head, index))] >= alpha:
                groups[-1].append(index)
                continue
        groups.append([index])
    return groups


def _own_interval(units: UnitCounts, metric: Metric, method: str, samples: int,
                  seed: int) -> tuple[float, float] | None:
    if method == APPROXIMATE_RANDOMIZATION or len(units.counts) == 0:
        return None
    n_units = len(units.counts)
    scores = [metric.score(multiplicities(indices, n_units) @ units.counts)
              for indices in resample_indices(n_units, samples, seed, SAMPLE_RATIOS[method])]
    return interval(np.concatenate(scores))


def _rank(systems: list[tuple[str, dict[str, Any], UnitCounts]], measure: Measure, label: str, metric: Metric,
          method: str, samples: int, seed: int) -> RankingRun:
    scores = [float(metric.score(units.counts.sum(axis=0))) for _, _, units in systems]
    pairs = []
    for a in range(len(systems)):
        for b in range(a + 1, len(systems)):
            units_a, units_b = systems[a][2], systems[b][2]
            common = common_units(units_a.gold, units_b.gold)
            counts_a, counts_b = common_counts(common, units_a.counts, units_b.counts)
            pairs.append(PairResult(a, b, compare_counts(common, counts_a, counts_b, metric, method=method,
                                                         samples=samples, seed=seed)))
    groups = groups_of(scores, {(p.a, p.b): p.comparison.p_value for p in pairs})
    order = [index for group in groups for index in group]
    rank = {index: place for place, index in enumerate(order, 1)}
    group = {index: number for number, members in enumerate(groups, 1) for index in members}
    ranked = [RankedSystem(name, totals, units, scores[i], _own_interval(units, metric, method, samples, seed),
                           rank[i], group[i]) for i, (name, totals, units) in enumerate(systems)]
    return RankingRun(measure, label, metric, method, samples, seed, ranked, pairs, order, groups)


def rank_results(results: Sequence[Any], names: Sequence[str] | None = None, *, measure: str | None = None,
                 method: str = PAIRED_BOOTSTRAP, samples: int = DEFAULT_SAMPLES,
                 seed: int | None = DEFAULT_SEED) -> RankingRun:
    """Rank ``results`` (two or more results of one task against the same gold; ``names``
    default ``A``, ``B``, ...) on ``measure`` (default: the task's headline), each pair
    compared as ``--compare`` does with ``method``, ``samples`` and ``seed``.

    ``ValueError`` for fewer than two results, results of different tasks or golds, or a
    parameter the method refuses.
    """
    results = list(results)
    if len(results) < 2:
        raise ValueError(f"a ranking needs two systems or more, found {len(results)}")
    names = [chr(ord("A") + i) if i < 26 else f"S{i + 1}" for i in range(len(results))] if names is None \
        else list(names)
    if len(names) != len(results):
        raise ValueError(f"{len(names)} names for {len(results)} systems")
    first = type(results[0])
    for index, result in enumerate(results[1:], 1):
        if type(result) is not first:
            raise ValueError(f"system {names[index]}'s result is a {type(result).__name__}, "
                             f"system {names[0]}'s a {first.__name__}")
    chosen = named_measure(measures_of(results[0]), measure)
    seed = DEFAULT_SEED if seed is None else seed
    systems = [(name, totals_json(result), chosen.units(result)) for name, result in zip(names, results)]
    return _rank(systems, chosen, chosen.label(results[0]), chosen.metric(results[0]), method, samples, seed)


@dataclass(frozen=True)
class UnitWinner:
    """A unit every system's cutting shares: its gold range, each system's unit index range
    and score of its own counts there, and the systems with the best score (all on a tie)."""

    gold: tuple[int, int]
    ranges: list[tuple[int, int]]
    scores: list[float]
    best: list[int]


def rank_units(golds: Sequence[Sequence[tuple[int, int]]]) -> list[tuple[tuple[int, int], list[tuple[int, int]]]]:
    """The units every one of the systems' cuttings shares: ``(gold range, [index range of each
    system])`` in document order (two systems: their common units,
    :func:`jpcore.stats.common.common_units`; more: the common units of the first ones' common
    units and the next system's, folded in).

    >>> rank_units([[(0, 1), (1, 2)], [(0, 2)], [(0, 1), (1, 2)]])
    [((0, 2), [(0, 2), (0, 1), (0, 2)])]
    """
    if len(golds) < 2:
        raise ValueError(f"shared units need two systems or more, found {len(golds)}")
    first = common_units(golds[0], golds[1])
    merged = [(unit.gold, [unit.sys_a, unit.sys_b]) for unit in first]
    for gold in golds[2:]:
        folded = common_units([g for g, _ in merged], gold)
        again = []
        for unit in folded:
            start, end = unit.sys_a
            inside = merged[start:end]
            ranges = []
            for side in range(len(merged[0][1]) if merged else 0):
                if inside:
                    ranges.append((inside[0][1][side][0], inside[-1][1][side][1]))
                else:  # no earlier unit: an empty range where the earlier systems stand
                    before = merged[start - 1][1][side][1] if start else 0
                    ranges.append((before, before))
            again.append((unit.gold, [*ranges, unit.sys_b]))
        merged = again
    return merged


def unit_winners(run: RankingRun) -> list[UnitWinner]:
    """Per unit shared by every system (:func:`rank_units`), each system's score of its own
    counts there and who is best (see :class:`UnitWinner`)."""
    shared = rank_units([system.units.gold for system in run.systems])
    prefix = []
    for system in run.systems:
        counts = system.units.counts
        sums = np.zeros((counts.shape[0] + 1, counts.shape[1]), dtype=np.int64)
        np.cumsum(counts, axis=0, out=sums[1:])
        prefix.append(sums)
    winners = []
    for gold, ranges in shared:
        rows = np.stack([prefix[k][end] - prefix[k][start] for k, (start, end) in enumerate(ranges)])
        scores = [float(x) for x in run.metric.score(rows)]
        top = max(scores)
        winners.append(UnitWinner(gold, ranges, scores, [k for k, score in enumerate(scores) if score == top]))
    return winners
