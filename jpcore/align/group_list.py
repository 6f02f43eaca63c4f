"""Word groups kept compactly: a read-only sequence of :class:`~jpcore.align.streams.Group`
stored as machine integers.

A :class:`~jpcore.align.streams.Group` object with its four ranges costs
about 400 bytes in Python (the object, four tuples, up to eight int
objects); a result keeps one per word.  :class:`GroupList` keeps the same
groups as eight 32-bit integers (64-bit where an offset needs it) and one
byte for the kind, 33 bytes a group, and makes each
:class:`~jpcore.align.streams.Group` when it is read.  It is a
:class:`~collections.abc.Sequence`: ``len``, indexing, slicing (a list),
iteration, ``==`` with any sequence of groups (a list of the same groups
is equal), pickling.  Results hold their word groups this way once
:meth:`compact`-ed (the app does it before keeping a result).

>>> from jpcore.align.streams import Group
>>> groups = [Group((0, 2), (0, 1), (0, 9), (0, 9), "merged"), Group((2, 3), (1, 2), (9, 12), (9, 12), "exact")]
>>> compact = GroupList(groups)
>>> len(compact), compact[1].kind, compact == groups, compact[-1] == groups[-1]
(2, 'exact', True, True)
>>> compact.to_lists()
[[0, 2, 0, 1, 'merged', 0, 9, 0, 9], [2, 3, 1, 2, 'exact', 9, 12, 9, 12]]
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from jpcore.align.streams import EXACT, KINDS, Group, new_group

__all__ = ["KIND_CODES", "GroupList", "all_match", "compact_groups"]

#: Each kind's code in :attr:`GroupList._kinds` (its place in :data:`~jpcore.align.streams.KINDS`).
KIND_CODES = {kind: code for code, kind in enumerate(KINDS)}
#: Integers per group: gold, sys, gold_chars, sys_chars (two each).
_WIDTH = 8


def _integers(values: list[int]) -> array:
    """``values`` as 32-bit integers, or 64-bit when one does not fit."""
    try:
        return array("i", values)
    except OverflowError:
        return array("q", values)


class GroupList(Sequence[Group]):
    """Groups in document order, eight integers and a kind code each (module doc)."""

    __slots__ = ("_ints", "_kinds")

    def __init__(self, groups: Iterable[Group] = ()) -> None:
        groups = groups if isinstance(groups, (list, tuple)) else list(groups)
        self._ints = _integers([value for group in groups for value in
                                (*group.gold, *group.sys, *group.gold_chars, *group.sys_chars)])
        self._kinds = bytes([KIND_CODES[group.kind] for group in groups])

    @classmethod
    def from_lists(cls, data: Iterable[Sequence[Any]]) -> GroupList:
        """The groups of their JSON lists (:func:`jpcore.align.serial.group_to_list`)."""
        rows = data if isinstance(data, list) else list(data)
        made = cls.__new__(cls)
        made._ints = _integers([value for row in rows for value in (*row[0:4], *row[5:9])])
        made._kinds = bytes([KIND_CODES[row[4]] for row in rows])
        return made

    @classmethod
    def from_parts(cls, ints: array, kinds: bytes) -> GroupList:
        """The list kept as ``ints`` (eight per group: gold, sys, gold_chars, sys_chars)
        and ``kinds`` (one code of :data:`KIND_CODES` per group), as the C scorer makes them."""
        return _rebuilt(ints, kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    def _group(self, index: int) -> Group:
        a, b, c, d, e, f, g, h = self._ints[index * _WIDTH:(index + 1) * _WIDTH]
        return new_group((a, b), (c, d), (e, f), (g, h), KINDS[self._kinds[index]])

    @overload
    def __getitem__(self, index: int) -> Group: ...

    @overload
    def __getitem__(self, index: slice) -> list[Group]: ...

    def __getitem__(self, index: int | slice) -> Group | list[Group]:
        if isinstance(index, slice):
            return [self._group(k) for k in range(*index.indices(len(self)))]
        n = len(self._kinds)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("GroupList index out of range")
        return self._group(index)

    def __iter__(self) -> Iterator[Group]:
        kinds = KINDS
        fields = iter(self._ints)
        for (a, b, c, d, e, f, g, h), code in zip(zip(*[fields] * _WIDTH), self._kinds):
            yield new_group((a, b), (c, d), (e, f), (g, h), kinds[code])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GroupList):
            return self._kinds == other._kinds and self._ints == other._ints
        if isinstance(other, (list, tuple)):
            return len(other) == len(self) and all(mine == theirs for mine, theirs in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        return f"GroupList({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self._ints, self._kinds))

    def all_match(self) -> bool:
        """Whether every group is a match (:attr:`Group.is_match`), without making the groups."""
        if self._kinds.count(KIND_CODES[EXACT]) != len(self._kinds):
            return False
        ints = self._ints
        return (all(end - start == 1 for start, end in zip(ints[0::_WIDTH], ints[1::_WIDTH]))
                and all(end - start == 1 for start, end in zip(ints[2::_WIDTH], ints[3::_WIDTH])))

    def to_lists(self) -> list[list]:
        """Each group as its JSON list (:func:`jpcore.align.serial.group_to_list`), without making the groups."""
        kinds = KINDS
        fields = iter(self._ints)
        return [[a, b, c, d, kinds[code], e, f, g, h]
                for (a, b, c, d, e, f, g, h), code in zip(zip(*[fields] * _WIDTH), self._kinds)]


def _rebuilt(ints: array, kinds: bytes) -> GroupList:
    made = GroupList.__new__(GroupList)
    made._ints, made._kinds = ints, kinds
    return made


def compact_groups(groups: Sequence[Group]) -> GroupList:
    """``groups`` as a :class:`GroupList` (the same object when it is one already)."""
    return groups if isinstance(groups, GroupList) else GroupList(groups)


def all_match(groups: Sequence[Group]) -> bool:
    """Whether every group is a match (:attr:`Group.is_match`); a :class:`GroupList`'s
    without making its groups."""
    if isinstance(groups, GroupList):
        return groups.all_match()
    return all(group.is_match for group in groups)
