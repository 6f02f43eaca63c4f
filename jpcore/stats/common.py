"""Common units: the finest cutting of gold that holds whole units of two systems.

Each system is aligned to the same gold on its own, so the two systems'
units differ.  A system's units are given as **gold sentence ranges**
``[start, end)`` in document order; they *tile* gold: the first starts at 0,
each starts where the previous one ended, the last ends at the number of
gold sentences.  A unit with no gold sentence (a system-only unit, e.g. a
sentence the system invented) is an *empty* range ``[p, p)`` at its position
``p`` in document order.

Definition
==========

A system's **boundaries** are 0 and the end of each of its units: the
positions between gold sentences where it starts a new unit (an empty unit
adds none: its position is the end of the unit before it, or 0).  The
**cuts** are the positions that are a boundary of *both* systems; 0 and the
number of gold sentences always are.  The common units, in document order:

* between two consecutive cuts ``c < d``: one common unit with gold range
  ``[c, d)``, holding every unit of each system whose gold range lies in
  ``[c, d)`` *and* that is not an empty unit at ``c`` or ``d``.  An empty
  unit strictly inside (``c < p < d``) belongs here: the other system has a
  unit running across ``p``, so it cannot be separated from it;
* at a cut ``c`` where either system has empty units: one **empty common
  unit** ``[c, c)`` holding the empty units at ``c`` of both systems (one
  side may hold none).  It comes before the common unit starting at ``c``.
  A system-only sentence where both systems agree on a boundary is thus
  its own resampling unit: all-FP for one system, nothing for the other.

So every common unit holds a contiguous run of each system's units (an index
range ``[i, j)`` per system, possibly empty), the gold ranges of the common
units tile gold, the index ranges tile each system's units, and no common
unit can be cut further without splitting a unit of one system.  A common
unit's counts are the sums of its units' counts (:func:`common_counts`), so
every count total is preserved.  Both functions are linear in the number of
units plus gold sentences.

>>> units = common_units([(0, 1), (1, 3), (3, 3), (3, 4)], [(0, 2), (2, 3), (3, 4)])
>>> [(u.gold, u.sys_a, u.sys_b) for u in units]
[((0, 3), (0, 2), (0, 2)), ((3, 3), (2, 3), (2, 2)), ((3, 4), (3, 4), (2, 3))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

Range = tuple[int, int]


@dataclass(frozen=True, slots=True)
class CommonUnit:
    """One common unit: its gold sentence range and each system's unit index range."""

    gold: Range
    sys_a: Range
    sys_b: Range

    def to_dict(self) -> dict[str, list[int]]:
        """``{"gold": [s, e], "sys_a": [i, j], "sys_b": [k, l]}``."""
        return {"gold": list(self.gold), "sys_a": list(self.sys_a), "sys_b": list(self.sys_b)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CommonUnit:
        """Inverse of :meth:`to_dict` (each range two integers, start <= end)."""
        ranges = []
        for key in ("gold", "sys_a", "sys_b"):
            value = data.get(key) if isinstance(data, dict) else None
            if not (isinstance(value, list | tuple) and len(value) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                    and 0 <= value[0] <= value[1]):
                raise ValueError(f"common unit {key!r}: expected [start, end] with 0 <= start <= end, found {value!r}")
            ranges.append((value[0], value[1]))
        return cls(*ranges)


def check_tiling(gold: Sequence[Range], side: str) -> int:
    """The number of gold sentences ``gold`` tiles; ``ValueError`` naming the
    first unit that does not start where the previous one ended."""
    expected = 0
    for index, unit in enumerate(gold):
        start, end = unit
        if start != expected or end < start:
            raise ValueError(
                f"system {side}: unit {index} has gold range [{start}, {end}); expected a range starting at "
                f"{expected} (where unit {index - 1} ended): units must tile gold in document order"
                if index else
                f"system {side}: unit 0 has gold range [{start}, {end}); expected a range starting at 0")
        expected = end
    return expected


def _boundaries(gold: Sequence[Range], n_gold: int) -> bytearray:
    marks = bytearray(n_gold + 1)
    marks[0] = 1
    for _, end in gold:
        marks[end] = 1
    return marks


def common_units(gold_a: Sequence[Range], gold_b: Sequence[Range]) -> list[CommonUnit]:
    """The common units of two systems' units (see the module doc).

    ``gold_a``/``gold_b``: each system's units as gold sentence ranges in
    document order.  ``ValueError`` when a side does not tile gold or the two
    cover different numbers of gold sentences.
    """
    n_gold = check_tiling(gold_a, "A")
    n_gold_b = check_tiling(gold_b, "B")
    if n_gold != n_gold_b:
        raise ValueError(f"system A's units cover {n_gold} gold sentences, system B's {n_gold_b}: "
                         "not aligned to the same gold")
    marks_a, marks_b = _boundaries(gold_a, n_gold), _boundaries(gold_b, n_gold)
    cuts = [p for p in range(n_gold + 1) if marks_a[p] and marks_b[p]]
    units: list[CommonUnit] = []
    i = j = 0
    n_a, n_b = len(gold_a), len(gold_b)
    for number, cut in enumerate(cuts):
        i0, j0 = i, j
        while i < n_a and gold_a[i][0] == gold_a[i][1] == cut:
            i += 1
        while j < n_b and gold_b[j][0] == gold_b[j][1] == cut:
            j += 1
        if i > i0 or j > j0:
            units.append(CommonUnit((cut, cut), (i0, i), (j0, j)))
        if number + 1 == len(cuts):
            break
        following = cuts[number + 1]
        i0, j0 = i, j
        # every unit up to the non-empty one ending at the next cut (empty units there wait for it)
        while i < n_a and (gold_a[i][1] < following or gold_a[i][0] < gold_a[i][1] == following):
            i += 1
        while j < n_b and (gold_b[j][1] < following or gold_b[j][0] < gold_b[j][1] == following):
            j += 1
        units.append(CommonUnit((cut, following), (i0, i), (j0, j)))
    assert i == n_a and j == n_b, "common units must hold every unit of both systems"
    return units


def common_counts(units: Sequence[CommonUnit], counts_a: np.ndarray, counts_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per common unit, the sums of each system's unit counts.

    ``counts_a`` is ``(units of A, k)`` (row = one unit of A, in the order
    its gold ranges were given), likewise ``counts_b``; the result is two
    ``(common units, k)`` int64 matrices whose column sums equal those of the
    inputs.
    """
    return _sums(units, counts_a, "sys_a"), _sums(units, counts_b, "sys_b")


def side_counts(units: Sequence[CommonUnit], counts: np.ndarray, side: str) -> np.ndarray:
    """Per common unit, the sums of one system's unit counts: ``side`` is ``"sys_a"`` or
    ``"sys_b"`` (as :func:`common_counts` sums each)."""
    if side not in ("sys_a", "sys_b"):
        raise ValueError(f"side: expected 'sys_a' or 'sys_b', found {side!r}")
    return _sums(units, counts, side)


def _sums(units: Sequence[CommonUnit], counts: np.ndarray, side: str) -> np.ndarray:
    counts = np.asarray(counts, dtype=np.int64)
    if counts.ndim != 2:
        raise ValueError(f"{side} counts: expected a (units, counts) matrix, found shape {counts.shape}")
    prefix = np.zeros((counts.shape[0] + 1, counts.shape[1]), dtype=np.int64)
    np.cumsum(counts, axis=0, out=prefix[1:])
    ranges = np.array([getattr(unit, side) for unit in units], dtype=np.int64).reshape(-1, 2)
    if len(ranges) and ranges[-1, 1] != counts.shape[0]:
        raise ValueError(f"{side} counts: {counts.shape[0]} rows for {ranges[-1, 1]} units")
    return prefix[ranges[:, 1]] - prefix[ranges[:, 0]]
