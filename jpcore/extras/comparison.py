"""Two systems, one gold: their scores, the difference and its significance (``--compare``).

Contract: :func:`compare_results` takes two results of one task, each system
aligned to the *same* gold on its own (so their units differ), and one of the
task's measures (:mod:`jpcore.stats.measures`).  It builds the common units
(:mod:`jpcore.stats.common`: gold cut wherever both systems end a unit),
sums each system's counts per common unit and resamples them
(:func:`jpcore.stats.compare_counts`): paired bootstrap by default,
approximate randomization or compare-mt's bootstrap as options.  System A
is the run's own system, B the one compared with it; the difference is
``B - A``.

:class:`ComparisonRun` is what ``--json`` holds as ``"comparison"``
(:meth:`ComparisonRun.to_dict`): every key of
:meth:`jpcore.stats.Comparison.to_dict` (``method``, ``metric``,
``score_a``, ``score_b``, ``difference``, ``confidence``, ``interval``,
``p_value``, ``samples``, ``seed``, ``sample_ratio``, ``wins``,
``details``, ``units`` -- the common units) plus

* ``measure`` (the measure's name) and ``label`` (its name in the report);
* ``system_a``, ``system_b``: the two system files' names;
* ``totals_b``: system B's totals in the task's ``totals`` form;
* ``counts`` (the count names) and ``unit_counts``: ``{"a": rows, "b": rows}``,
  each system's counts summed per common unit (where B wins, unit by unit).

:meth:`ComparisonRun.rebuild` makes the run again from a saved one and the
result it was saved with: A's counts from the result, B's from
``unit_counts.b``, the resampling from ``method``, ``samples``, ``seed`` and
``sample_ratio`` (the legacy generator gives the same resamples on every
numpy), so a saved comparison whose figures do not follow is refused
(:mod:`jpcore.results.reader`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jpcore.extras.totals import measures_of, saved_measure, totals_json
from jpcore.formats.json_schema import SchemaError
from jpcore.stats import DEFAULT_SAMPLES, PAIRED_BOOTSTRAP, APPROXIMATE_RANDOMIZATION, CommonUnit, Comparison
from jpcore.stats.common import common_counts, common_units, side_counts
from jpcore.stats.compare import compare_counts
from jpcore.stats.measures import Measure, named_measure

__all__ = ["ComparisonRun", "compare_results"]


@dataclass(frozen=True)
class ComparisonRun:
    """A comparison of two systems on one measure (see the module doc)."""

    measure: Measure
    label: str
    system_a: str
    system_b: str
    totals_b: dict[str, Any]
    counts_a: np.ndarray
    counts_b: np.ndarray
    comparison: Comparison
    result_b: Any = field(default=None, compare=False, repr=False)
    """System B's own result when this run evaluated it (its units: the report's A vs B per
    unit kind); ``None`` for a run rebuilt from a saved comparison, which does not hold them."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON's ``"comparison"`` (see the module doc)."""
        data = {
            "measure": self.measure.name,
            "label": self.label,
            "system_a": self.system_a,
            "system_b": self.system_b,
            "totals_b": self.totals_b,
            "counts": list(self.measure.counts),
            "unit_counts": {"a": self.counts_a.tolist(), "b": self.counts_b.tolist()},
        }
        data.update(self.comparison.to_dict())
        return data

    @classmethod
    def rebuild(cls, data: dict[str, Any], result_a: Any) -> ComparisonRun:
        """The run that ``data`` (a saved ``"comparison"``, its schema checked) describes,
        made again with system A = ``result_a``; :class:`SchemaError` naming the field
        that cannot be (``ValueError`` for resampling parameters the method refuses).

        What the saved data gives: the measure, names, B's totals, the common
        units, B's counts per common unit and the resampling parameters.  Every
        other value is recomputed: the caller compares :meth:`to_dict` with ``data``.
        """
        measure = saved_measure(result_a, data["measure"])
        units = [CommonUnit.from_dict(unit) for unit in data["units"]]
        units_a = measure.units(result_a)
        _check_units(units, units_a.gold)
        rows_b = data["unit_counts"]["b"]
        for index, row in enumerate(rows_b):
            if len(row) != len(measure.counts):
                raise SchemaError(f"unit_counts.b[{index}]", f"{len(measure.counts)} counts "
                                  f"({', '.join(measure.counts)})", f"{len(row)}")
        if len(rows_b) != len(units):
            raise SchemaError("unit_counts.b", f"one row of counts per common unit ({len(units)})",
                              f"{len(rows_b)} rows")
        counts_b = np.asarray(rows_b, dtype=np.int64).reshape(-1, len(measure.counts))
        expected = measure.totals_counts(data["totals_b"])
        found = tuple(int(x) for x in counts_b.sum(axis=0))
        if found != expected:
            raise SchemaError("unit_counts.b", f"rows adding up to the counts of totals_b {expected}", f"{found}")
        counts_a = side_counts(units, units_a.counts, "sys_a")
        comparison = compare_counts(units, counts_a, counts_b, measure.metric(result_a), method=data["method"],
                                    samples=data["samples"], seed=data["seed"],
                                    sample_ratio=None if data["method"] == APPROXIMATE_RANDOMIZATION
                                    else data["sample_ratio"])
        return cls(measure, measure.label(result_a), data["system_a"], data["system_b"], data["totals_b"],
                   counts_a, counts_b, comparison)


def _check_units(units: Sequence[CommonUnit], gold_a: Sequence[tuple[int, int]]) -> None:
    """The common units tile gold and both systems' units, and cut A only where A's units end
    (:class:`SchemaError` naming the first that does not)."""
    n_gold = gold_a[-1][1] if gold_a else 0
    at = {"gold": 0, "sys_a": 0, "sys_b": 0}
    for index, unit in enumerate(units):
        for side in at:
            start, end = getattr(unit, side)
            if start != at[side]:
                raise SchemaError(f"units[{index}].{side}", f"a range starting at {at[side]} (the common units "
                                  "follow each other)", f"[{start}, {end}]")
            at[side] = end
        start, end = unit.sys_a
        if end > len(gold_a):
            raise SchemaError(f"units[{index}].sys_a", f"a range of system A's {len(gold_a)} units",
                              f"[{start}, {end}]")
        if start < end and (gold_a[start][0], gold_a[end - 1][1]) != unit.gold:
            raise SchemaError(f"units[{index}].gold", f"[{gold_a[start][0]}, {gold_a[end - 1][1]}], the gold range "
                              f"of system A's units {start} to {end - 1}", f"{list(unit.gold)}")
    if (at["gold"], at["sys_a"]) != (n_gold, len(gold_a)):
        raise SchemaError("units", f"common units covering system A's {n_gold} gold sentences and "
                          f"{len(gold_a)} units", f"units ending at gold sentence {at['gold']}, unit {at['sys_a']}")


def compare_results(
    result_a: Any,
    result_b: Any,
    *,
    measure: str | None = None,
    method: str = PAIRED_BOOTSTRAP,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    system_a: str = "A",
    system_b: str = "B",
) -> ComparisonRun:
    """Compare system B (``result_b``) with system A (``result_a``), both results of one
    task against the same gold, on ``measure`` (default: the task's headline).

    ``ValueError`` when the two results are not of one task, not aligned to
    the same gold, or a parameter is out of range (see :func:`jpcore.stats.compare`).
    """
    if type(result_a) is not type(result_b):
        raise ValueError(f"system B's result is a {type(result_b).__name__}, system A's a {type(result_a).__name__}")
    chosen = named_measure(measures_of(result_a), measure)
    units_a, units_b = chosen.units(result_a), chosen.units(result_b)
    units = common_units(units_a.gold, units_b.gold)
    counts_a, counts_b = common_counts(units, units_a.counts, units_b.counts)
    comparison = compare_counts(units, counts_a, counts_b, chosen.metric(result_a), method=method,
                                samples=samples, seed=seed)
    return ComparisonRun(chosen, chosen.label(result_a), system_a, system_b, totals_json(result_b),
                         counts_a, counts_b, comparison, result_b=result_b)
