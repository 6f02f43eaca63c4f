"""The "worst sentences": aligned units ranked by their errors.

Contract: :func:`worst_units` ranks the units that have at least one error
by FP + FN (of one measure, or of all the evaluation's measures added
together), most errors first, ties in document order; ranks are 1, 2, 3...
in that order.  Counts are the units' stored counts
(:func:`jpcore.analysis.units.unit_stats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jpcore.analysis.units import MEASURES, Result, UnitStats, task_of, unit_stats
from jpcore.runtime import gc_paused

#: Rank by every measure of the evaluation added together.
ALL = "all"


@dataclass(frozen=True, slots=True)
class RankedUnit:
    """A unit, its rank (1 = most errors) and the errors it was ranked by."""

    rank: int
    errors: int
    unit: UnitStats

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (the unit's fields, then rank and errors)."""
        return {"rank": self.rank, "errors": self.errors, **self.unit.to_dict()}


def worst_units(
    result: Result, measure: str = ALL, limit: int | None = None, *,
    stats: Sequence[UnitStats] | None = None,
) -> list[RankedUnit]:
    """Units with errors, most first (ties in document order), at most ``limit`` of them.

    ``measure`` is one of the result's measures
    (:data:`jpcore.analysis.units.MEASURES`) or :data:`ALL`; anything else
    raises ``ValueError``.
    """
    task = task_of(result)
    if measure != ALL and measure not in MEASURES[task]:
        raise ValueError(f"measure must be {ALL!r} or one of {MEASURES[task]}, not {measure!r}")
    stats = unit_stats(result) if stats is None else stats
    which = None if measure == ALL else measure
    with gc_paused():
        scored = [(unit.errors(which), unit) for unit in stats]
        ranked = sorted((item for item in scored if item[0] > 0), key=lambda item: (-item[0], item[1].index))
        if limit is not None:
            ranked = ranked[: max(limit, 0)]
        return [RankedUnit(rank, errors, unit) for rank, (errors, unit) in enumerate(ranked, start=1)]
