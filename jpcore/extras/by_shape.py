"""A result's counts split by unit shape, for the text table of ``--by-shape``.

Contract: :func:`shape_rows` gives one :class:`ShapeRow` per unit shape
present (:data:`jpcore.align.SHAPE_NAMES` order: ``1:1``, ``n:1`` merged,
``1:n`` split, ``m:n`` differing, one-sided): how many units, how many gold
and system sentences (trees, blocks) they hold, and each measure's counts
summed over them.  Each count adds up, over the shapes, to the measure's
total.  The JSON's ``"totals_by_shape"`` is each result's own
(``totals_by_shape()``, in the form of its ``totals``); this is the same
split through the task's measures, for printing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jpcore.align import SHAPE_NAMES
from jpcore.stats.measures import Measure

__all__ = ["ShapeRow", "ordered_shapes", "shape_rows"]


@dataclass(frozen=True)
class ShapeRow:
    """The units of one shape: their number, their gold and system units, each measure's counts."""

    shape: str
    units: int
    gold: int
    system: int
    sums: dict[str, tuple[int, ...]] = field(default_factory=dict)


def ordered_shapes(shapes: Sequence[str]) -> list[str]:
    """``shapes`` in :data:`SHAPE_NAMES` order (unknown ones last, as given)."""
    order = list(SHAPE_NAMES)
    return sorted(shapes, key=lambda shape: order.index(shape) if shape in order else len(order))


def shape_rows(result: Any, measures: Sequence[Measure]) -> list[ShapeRow]:
    """One row per shape of ``result.units`` with the counts of ``measures`` (see the module doc)."""
    positions: dict[str, list[int]] = {}
    for index, unit in enumerate(result.units):
        positions.setdefault(unit.shape, []).append(index)
    matrices = {m.name: np.asarray(m.unit_counts(result), dtype=np.int64).reshape(-1, len(m.counts))
                for m in measures}
    rows = []
    for shape in ordered_shapes(list(positions)):
        where = positions[shape]
        units = [result.units[i] for i in where]
        sums = {name: tuple(int(x) for x in matrix[where].sum(axis=0)) for name, matrix in matrices.items()}
        rows.append(ShapeRow(shape, len(where), sum(u.n_gold for u in units), sum(u.n_sys for u in units), sums))
    return rows
