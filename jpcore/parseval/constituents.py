"""A scored bracket of alignment-mode PARSEVAL, and a pair's brackets kept compactly.

:class:`Constituent` is one bracket with its status (:data:`STATUSES`).  A
result keeps one per bracket of both tree files, 96 bytes each as a Python
object; :class:`ConstituentList` keeps a pair's brackets as four 32-bit
integers, a flag byte and the (shared) label string, about 25 bytes each,
and makes each :class:`Constituent` when it is read.  It is a
:class:`~collections.abc.Sequence` (``len``, indexing, slices as lists,
iteration, ``==`` with any sequence of constituents, pickling);
:func:`labels_and_statuses` reads a pair's labels and statuses without
making the objects.  Results hold their brackets so once
:meth:`~jpcore.parseval.result.ParsevalResult.compact`-ed (the app does).

>>> kept = ConstituentList([Constituent("NP", 0, 2, 0, 1, MATCHED), Constituent("VP", 2, 5, 0, 4, CROSSING, True)])
>>> len(kept), kept[1].status, kept[1].crosses, kept[-1].located, list(labels_and_statuses(kept))
(2, 'crossing', True, True, [('NP', 'matched'), ('VP', 'crossing')])
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (jpcore parseval's flat path imports none of it)
if TYPE_CHECKING:
    from typing import Any, overload

__all__ = ["CONSTITUENT_FIELDS", "CROSSING", "GOLD_ONLY", "MATCHED", "STATUSES", "SYSTEM_ONLY", "Constituent",
           "ConstituentList", "compact_constituents", "labels_and_statuses"]

MATCHED = "matched"
GOLD_ONLY = "gold-only"
SYSTEM_ONLY = "system-only"
CROSSING = "crossing"
#: Every constituent status, in display order.
STATUSES = (MATCHED, GOLD_ONLY, SYSTEM_ONLY, CROSSING)

#: Field order of a constituent in the JSON.
CONSTITUENT_FIELDS = ("label", "start", "end", "tree", "node", "status", "crosses", "located")


@dataclass(slots=True)
class Constituent:
    """One scored bracket.

    ``label`` is cut at the first ``-``/``=``; ``start``/``end`` are word-unit
    indices of the pair (``[start, end)``); ``tree`` is the tree's index in
    its file and ``node`` the node's preorder number in that tree (root 0,
    pre-terminals counted), so the app can find the node it came from.
    ``crosses`` is true when it crosses a bracket of the other side;
    ``located`` is false when an edge lies inside a rewritten (similar)
    many-to-many word unit, so it can match nothing
    (:mod:`jpcore.parseval.score`).
    """

    label: str
    start: int
    end: int
    tree: int
    node: int
    status: str
    crosses: bool = False
    located: bool = True

    def to_list(self) -> list:
        """``[label, start, end, tree, node, status, crosses, located]``."""
        return [self.label, self.start, self.end, self.tree, self.node, self.status,
                self.crosses, self.located]

    @classmethod
    def from_list(cls, data: list) -> Constituent:
        """Inverse of :meth:`to_list`."""
        return cls(data[0], data[1], data[2], data[3], data[4], data[5], bool(data[6]), bool(data[7]))


_STATUS_CODES = {status: code for code, status in enumerate(STATUSES)}
#: Flag bits above the status code (two bits).
_CROSSES, _LOCATED = 4, 8


def _integers(values: list[int]) -> array:
    """``values`` as 32-bit integers, or 64-bit when one does not fit."""
    try:
        return array("i", values)
    except OverflowError:
        return array("q", values)


class ConstituentList(Sequence[Constituent]):
    """A pair's constituents in order: label, four integers and a flag byte each (module doc)."""

    __slots__ = ("_labels", "_ints", "_flags")

    def __init__(self, constituents: Iterable[Constituent] = ()) -> None:
        items = constituents if isinstance(constituents, (list, tuple)) else list(constituents)
        self._labels = [c.label for c in items]
        self._ints = _integers([value for c in items for value in (c.start, c.end, c.tree, c.node)])
        self._flags = bytes([_STATUS_CODES[c.status] | (_CROSSES if c.crosses else 0)
                             | (_LOCATED if c.located else 0) for c in items])

    @classmethod
    def from_parts(cls, labels: list[str], ints: array, flags: bytes) -> ConstituentList:
        """The list kept as ``labels``, ``ints`` (start, end, tree, node per constituent)
        and ``flags`` (status code, crosses and located bits), as the C scorer makes them."""
        return _rebuilt(labels, ints, flags)

    def __len__(self) -> int:
        return len(self._flags)

    def _make(self, index: int) -> Constituent:
        start, end, tree, node = self._ints[4 * index:4 * index + 4]
        flags = self._flags[index]
        return Constituent(self._labels[index], start, end, tree, node, STATUSES[flags & 3],
                           bool(flags & _CROSSES), bool(flags & _LOCATED))

    if TYPE_CHECKING:
        @overload
        def __getitem__(self, index: int) -> Constituent: ...

        @overload
        def __getitem__(self, index: slice) -> list[Constituent]: ...

    def __getitem__(self, index: int | slice) -> Constituent | list[Constituent]:
        if isinstance(index, slice):
            return [self._make(k) for k in range(*index.indices(len(self)))]
        n = len(self._flags)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("ConstituentList index out of range")
        return self._make(index)

    def __iter__(self) -> Iterator[Constituent]:
        statuses = STATUSES
        fields = iter(self._ints)
        for label, (start, end, tree, node), flags in zip(self._labels, zip(fields, fields, fields, fields),
                                                          self._flags):
            yield Constituent(label, start, end, tree, node, statuses[flags & 3],
                              bool(flags & _CROSSES), bool(flags & _LOCATED))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ConstituentList):
            return self._labels == other._labels and self._ints == other._ints and self._flags == other._flags
        if isinstance(other, (list, tuple)):
            return len(other) == len(self) and all(mine == theirs for mine, theirs in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        return f"ConstituentList({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self._labels, self._ints, self._flags))

    def labels_and_statuses(self) -> Iterator[tuple[str, str]]:
        """``(label, status)`` of each constituent, in order, without making them."""
        statuses = STATUSES
        return zip(self._labels, (statuses[flags & 3] for flags in self._flags))


def _rebuilt(labels: list[str], ints: array, flags: bytes) -> ConstituentList:
    made = ConstituentList.__new__(ConstituentList)
    made._labels, made._ints, made._flags = labels, ints, flags
    return made


def compact_constituents(constituents: Sequence[Constituent]) -> ConstituentList:
    """``constituents`` as a :class:`ConstituentList` (the same object when it is one already)."""
    return constituents if isinstance(constituents, ConstituentList) else ConstituentList(constituents)


def labels_and_statuses(constituents: Sequence[Constituent]) -> Iterator[tuple[str, str]]:
    """``(label, status)`` of each constituent, in order (a :class:`ConstituentList`'s without
    making the constituents)."""
    if isinstance(constituents, ConstituentList):
        return constituents.labels_and_statuses()
    return ((c.label, c.status) for c in constituents)
