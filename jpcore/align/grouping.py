"""Grouping units on a character alignment: where both sides cut, and the groups between.

Contract: :func:`group_units` takes each side's unit end offsets (and,
optionally, start offsets) in its whitespace-free stream and the
:class:`~jpcore.align.streams.CharAlignment` of the two streams, and returns
the groups that partition both sides, in document order, each with its kind
(:data:`~jpcore.align.streams.KINDS`).  The algorithm, the kinds and the rule
for units without characters are explained in prose at the top of
:mod:`jpcore.align.streams`; this module is its second half (the first
aligns the characters).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from operator import eq

from jpcore.align.streams import (
    EXACT, GOLD_ONLY, MERGED, SYSTEM_ONLY, CharAlignment, Group, align_streams, new_group,
)

__all__ = ["align_units", "cuts_of", "ends_of", "group_between", "group_units"]


def _cuts(gold_ends: Sequence[int], sys_ends: Sequence[int], chars: CharAlignment) -> list[tuple[int, int]]:
    """Offset pairs where both sides end a unit at corresponding characters.

    Always starts with ``(0, 0)`` and ends with ``(gold_len, sys_len)``.
    """
    cuts = [(0, 0)]
    # the start of a stream is a boundary too (a gap at the very start)
    gold_ends = [0, *gold_ends]
    sys_ends = [0, *sys_ends]
    for gold_pos, sys_pos, length in chars.runs:
        gi = bisect_left(gold_ends, gold_pos)
        si = bisect_left(sys_ends, sys_pos)
        gold_stop, sys_stop = gold_pos + length, sys_pos + length
        # merge step: both lists sorted; compare offsets relative to the run
        while gi < len(gold_ends) and si < len(sys_ends):
            g, s = gold_ends[gi], sys_ends[si]
            if g > gold_stop or s > sys_stop:
                break
            dg, ds = g - gold_pos, s - sys_pos
            if dg == ds:
                if (g, s) != cuts[-1]:
                    cuts.append((g, s))
                gi += 1
                si += 1
            elif dg < ds:
                gi += 1
            else:
                si += 1
    end = (chars.gold_len, chars.sys_len)
    if cuts[-1] != end or len(cuts) == 1:
        # the end closes the last group (even when both streams are empty,
        # so units without characters still get a group)
        cuts.append(end)
    return cuts


def group_units(gold_ends: Sequence[int], sys_ends: Sequence[int], chars: CharAlignment,
                gold_starts: Sequence[int] | None = None, sys_starts: Sequence[int] | None = None,
                *, empty_units: bool = True) -> list[Group]:
    """Group units given their end offsets and the character alignment.

    ``gold_ends[k]`` is the offset where gold unit ``k`` ends in the gold
    stream (non-decreasing); likewise for ``sys_ends``.  ``*_starts[k]``
    (optional) is where unit ``k`` starts; by default where the unit before
    it ends.  ``empty_units=False`` says that no unit lacks characters (the
    words of a multiword token all end where their token ends, and are not
    empty).  Returns the groups in document order; they partition both
    sides.  A unit without characters is never grouped with units that have
    some where both sides cut ("Units without characters" in the module doc).
    """
    if gold_ends == sys_ends and chars.identical:
        groups = _one_to_one(gold_ends)
        if groups is not None:
            return groups
    return _grouped(gold_ends, sys_ends, chars, gold_starts, sys_starts, empty_units)


def _grouped(gold_ends: Sequence[int], sys_ends: Sequence[int], chars: CharAlignment,
             gold_starts: Sequence[int] | None = None, sys_starts: Sequence[int] | None = None,
             empty_units: bool = True) -> list[Group]:
    """:func:`group_units` in general: cut where both sides end a unit at
    corresponding characters, then group the units between two cuts."""
    groups: list[Group] = []
    _group_between(groups, _Units.of(gold_ends, gold_starts, empty_units), _Units.of(sys_ends, sys_starts, empty_units),
                   chars, (0, len(gold_ends), 0, len(sys_ends)), (0, 0), _cuts(gold_ends, sys_ends, chars)[1:])
    return groups


def cuts_of(gold_ends: Sequence[int], sys_ends: Sequence[int], chars: CharAlignment) -> list[tuple[int, int]]:
    """Every offset pair ``(gold, sys)`` where both sides end a unit at corresponding
    characters, in order, from ``(0, 0)`` to the two streams' ends: where
    :func:`group_units` may cut."""
    return _cuts(gold_ends, sys_ends, chars)


@dataclass(frozen=True, slots=True)
class _Units:
    """One side's unit end offsets, and where a unit starts (given, or the end before it)."""

    ends: Sequence[int]
    starts: Sequence[int] | None
    may_be_empty: bool = True

    @classmethod
    def of(cls, ends: Sequence[int], starts: Sequence[int] | None, may_be_empty: bool) -> _Units:
        """The side, ``may_be_empty`` only if some unit has no characters (one C-speed pass)."""
        if may_be_empty:
            may_be_empty = any(map(eq, ends, starts if starts is not None else [0, *ends[:-1]]))
        return cls(ends, starts, may_be_empty)

    def empty_at(self, k: int, offset: int) -> bool:
        """Whether unit ``k`` has no characters and sits at ``offset``."""
        if self.ends[k] != offset or not self.may_be_empty:
            return False
        if self.starts is not None:
            return self.starts[k] == offset
        return (self.ends[k - 1] if k else 0) == offset


def group_between(gold: tuple[Sequence[int], Sequence[int] | None], sys: tuple[Sequence[int], Sequence[int] | None],
                  chars: CharAlignment, units: tuple[int, int, int, int], start: tuple[int, int],
                  cuts: Sequence[tuple[int, int]]) -> list[Group]:
    """:func:`group_units` of part of two sides: gold units ``units[0]:units[1]``
    and system units ``units[2]:units[3]`` (``gold``/``sys`` are each side's
    ``(ends, starts)``, ``starts`` ``None`` when no unit of the side lacks
    characters), which start at the cut ``start`` and end at the last of
    ``cuts`` (the cuts of :func:`cuts_of` after ``start``, in order).  Used to
    cut the words of one sentence group (:func:`jpcore.align.nesting.group_words`)."""
    groups: list[Group] = []
    _group_between(groups, _Units(gold[0], gold[1], gold[1] is not None),
                   _Units(sys[0], sys[1], sys[1] is not None), chars, units, start, cuts)
    return groups


def _group_between(groups: list[Group], gold: _Units, sys: _Units, chars: CharAlignment,
                   units: tuple[int, int, int, int], start: tuple[int, int],
                   cuts: Sequence[tuple[int, int]]) -> None:
    """Append the groups of :func:`group_between` to ``groups``: at each cut, the
    units ending at or before it, but those without characters at the cut itself,
    which are grouped apart (:func:`_apart`); the last cut takes every unit left."""
    identical = chars.identical
    gi, n_gold, si, n_sys = units
    gold_ends, sys_ends = gold.ends, sys.ends
    prev_g, prev_s = start
    gold_may, sys_may = gold.may_be_empty, sys.may_be_empty
    gi, si, prev_g, prev_s = _apart(groups, gold, sys, gi, n_gold, si, n_sys, prev_g, prev_s)
    for g, s in cuts:
        # the units ending at or before the cut: a forward scan, as the cuts
        # only move forward (amortised O(1); a bisection per cut made the
        # whole O(n log n))
        gj = gi
        while gj < n_gold and gold_ends[gj] <= g:
            gj += 1
        sj = si
        while sj < n_sys and sys_ends[sj] <= s:
            sj += 1
        if gold_may and gj > gi and gold.empty_at(gj - 1, g) or sys_may and sj > si and sys.empty_at(sj - 1, s):
            # units without characters at the cut: not part of the group it closes
            while gj > gi and gold.empty_at(gj - 1, g):
                gj -= 1
            while sj > si and sys.empty_at(sj - 1, s):
                sj -= 1
        if gj > gi or sj > si:
            gold_chars, sys_chars = (prev_g, g), (prev_s, s)
            if gj == gi:
                kind = SYSTEM_ONLY
            elif sj == si:
                kind = GOLD_ONLY
            elif identical or chars.same_text(gold_chars, sys_chars):
                kind = EXACT if (gj - gi == 1 and sj - si == 1) else MERGED
            else:
                kind = chars.kind_of_difference(gold_chars, sys_chars)
            groups.append(new_group((gi, gj), (si, sj), gold_chars, sys_chars, kind))
        if gold_may or sys_may:
            gi, si, prev_g, prev_s = _apart(groups, gold, sys, gj, n_gold, sj, n_sys, g, s)
        else:
            gi, si, prev_g, prev_s = gj, sj, g, s


def _apart(groups: list[Group], gold: _Units, sys: _Units, gi: int, n_gold: int, si: int, n_sys: int,
           g: int, s: int) -> tuple[int, int, int, int]:
    """The units without characters at the cut ``(g, s)`` from ``gi`` / ``si`` on,
    each a group of its own: paired in order, ``exact``, with the other side's
    (the same characters: none), the rest one-sided.  Returns where the next
    group starts (unit indices and the cut)."""
    gj = gi
    while gj < n_gold and gold.empty_at(gj, g):
        gj += 1
    sj = si
    while sj < n_sys and sys.empty_at(sj, s):
        sj += 1
    if gj > gi or sj > si:
        gold_point, sys_point = (g, g), (s, s)
        while gi < gj and si < sj:
            groups.append(new_group((gi, gi + 1), (si, si + 1), gold_point, sys_point, EXACT))
            gi += 1
            si += 1
        for k in range(gi, gj):
            groups.append(new_group((k, k + 1), (sj, sj), gold_point, sys_point, GOLD_ONLY))
        for k in range(si, sj):
            groups.append(new_group((gj, gj), (k, k + 1), gold_point, sys_point, SYSTEM_ONLY))
    return gj, sj, g, s


def _one_to_one(ends: Sequence[int]) -> list[Group] | None:
    """:func:`group_units` of one side against itself (the same units on both sides
    of identical streams): one ``exact`` group per unit; ``None`` when a unit has
    no characters (it joins a neighbour's group: the general loop decides)."""
    groups: list[Group] = []
    add = groups.append
    prev = 0
    for k, end in enumerate(ends):
        if end <= prev:
            return None
        units, chars = (k, k + 1), (prev, end)
        add(new_group(units, units, chars, chars, EXACT))
        prev = end
    return groups


def ends_of(units: Sequence[str]) -> list[int]:
    """Cumulative end offsets of ``units`` in their concatenation."""
    return list(accumulate(len(u) for u in units))


def align_units(gold_units: Sequence[str], sys_units: Sequence[str]) -> list[Group]:
    """Align two sequences of normalised, whitespace-free units.

    >>> [g.shape for g in align_units(["a", "bc", "d"], ["ab", "c", "d"])]
    ['m:n', '1:1']
    """
    chars = align_streams("".join(gold_units), "".join(sys_units))
    return group_units(ends_of(gold_units), ends_of(sys_units), chars)
