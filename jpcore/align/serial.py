"""A group as a JSON list and back: the one serialisation of word groups; the
counts of kinds and shapes that every aligned result's JSON carries.

Every result that keeps word groups (preprocess ``units[].words``, parseval
``groups[].word_units``, ud ``units[].words``) writes each as the list
``[gold_start, gold_end, sys_start, sys_end, kind, gold_char_start,
gold_char_end, sys_char_start, sys_char_end]`` (:data:`GROUP_FIELDS`).

>>> from jpcore.align.streams import Group
>>> group_to_list(Group((0, 2), (0, 1), (0, 9), (0, 9), "merged"))
[0, 2, 0, 1, 'merged', 0, 9, 0, 9]
>>> group_from_list([0, 2, 0, 1, 'merged', 0, 9, 0, 9]) == Group((0, 2), (0, 1), (0, 9), (0, 9), "merged")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from jpcore.align.group_list import GroupList
from jpcore.align.streams import KINDS, Group

__all__ = ["DISPLAY_KINDS", "GROUP_FIELDS", "SHAPE_NAMES", "group_from_list", "group_to_list", "groups_to_lists", "kind_counts", "shape_counts",
           "display_kind_counts", "kind_word", "shape_name", "units_by_shape"]

#: Every shape a group can have (gold:system units), in the order reports list
#: them, with what it says about the boundaries: ``n:1`` is gold units the
#: system merged, ``1:n`` one gold unit it split, ``m:n`` units regrouped
#: (boundaries that differ on both sides).
SHAPE_NAMES = {
    "1:1": "same boundaries",
    "n:1": "merged",
    "1:n": "split",
    "m:n": "regrouped",
    "1:0": "gold only",
    "n:0": "gold only",
    "0:1": "system only",
    "0:n": "system only",
}


def shape_name(shape: str) -> str:
    """What a shape says about the boundaries (:data:`SHAPE_NAMES`; the shape itself if unknown).

    >>> shape_name("n:1"), shape_name("1:1")
    ('merged', 'same boundaries')
    """
    return SHAPE_NAMES.get(shape, shape)


#: The words a group is shown by (labels, legends, filters, reports), in the order
#: they are listed: a group of kind ``merged`` (the same characters cut
#: differently) is shown by its shape's word, every other kind by itself.
DISPLAY_KINDS = ("exact", "split", "merged", "regrouped", "similar", "different", "gold-only", "system-only")


def kind_word(kind: str, shape: str) -> str:
    """The word a group of ``kind`` and ``shape`` is shown by: a ``merged`` group
    (the same characters cut differently) by its shape's word (:func:`shape_name`:
    ``split`` 1:n, ``merged`` n:1, ``regrouped`` m:n; the words of one multiword
    token paired 1:1 with other forms are ``regrouped`` too); any other kind as it
    is.  Display only: the JSON's ``kind`` keeps its values.

    >>> kind_word("merged", "1:n"), kind_word("merged", "n:1"), kind_word("merged", "m:n")
    ('split', 'merged', 'regrouped')
    >>> kind_word("merged", "1:1"), kind_word("similar", "1:n"), kind_word("exact", "1:1")
    ('regrouped', 'similar', 'exact')
    """
    if kind != "merged":
        return kind
    return SHAPE_NAMES[shape] if shape in ("1:n", "n:1") else SHAPE_NAMES["m:n"]


def display_kind_counts(units: Iterable[Any]) -> dict[str, int]:
    """How many ``units`` are shown by each word of :data:`DISPLAY_KINDS` (:func:`kind_word`
    of their ``kind`` and ``shape``), in its order, 0 included.

    >>> from jpcore.align.streams import Group
    >>> counts = display_kind_counts([Group((0, 1), (0, 2), (0, 3), (0, 3), "merged")])
    >>> counts["split"], counts["merged"]
    (1, 0)
    """
    found = Counter(kind_word(unit.kind, unit.shape) for unit in units)
    return {word: found[word] for word in DISPLAY_KINDS}


def units_by_shape(units: Iterable[Any]) -> dict[str, list[Any]]:
    """``units`` grouped by ``shape``, document order kept inside each shape; the
    shapes present, in :data:`SHAPE_NAMES` order (so each evaluation's
    ``totals_by_shape`` lists them alike).

    >>> from jpcore.align.streams import Group
    >>> groups = [Group((0, 2), (0, 1), (0, 9), (0, 9), "exact"), Group((2, 3), (1, 2), (9, 12), (9, 12), "exact")]
    >>> {shape: [g.gold for g in found] for shape, found in units_by_shape(groups).items()}
    {'1:1': [(2, 3)], 'n:1': [(0, 2)]}
    """
    found: dict[str, list[Any]] = {}
    for unit in units:
        found.setdefault(unit.shape, []).append(unit)
    order = list(SHAPE_NAMES)
    return {shape: found[shape] for shape in sorted(found, key=order.index)}


def shape_counts(units: Iterable[Any]) -> dict[str, int]:
    """How many ``units`` have each ``shape`` (``1:1``, ``1:n``, ...), in order of first appearance."""
    return dict(Counter(unit.shape for unit in units))


def kind_counts(units: Iterable[Any]) -> dict[str, int]:
    """How many ``units`` have each ``kind``: every kind of :data:`KINDS`, in its order, 0 included.

    >>> kind_counts([Group((0, 1), (0, 1), (0, 3), (0, 3), "exact")])["exact"]
    1
    """
    counts = Counter(unit.kind for unit in units)
    return {kind: counts.get(kind, 0) for kind in KINDS}

#: Field order of a group in the JSON.
GROUP_FIELDS = ("gold_start", "gold_end", "sys_start", "sys_end", "kind",
                "gold_char_start", "gold_char_end", "sys_char_start", "sys_char_end")


def group_to_list(group: Group) -> list:
    """The group as a JSON list (:data:`GROUP_FIELDS`)."""
    return [*group.gold, *group.sys, group.kind, *group.gold_chars, *group.sys_chars]


def group_from_list(data: list) -> Group:
    """Inverse of :func:`group_to_list`."""
    return Group((data[0], data[1]), (data[2], data[3]), (data[5], data[6]), (data[7], data[8]), data[4])


def groups_to_lists(groups: Sequence[Group]) -> list[list]:
    """Every group as its JSON list (:func:`group_to_list`); a :class:`GroupList`'s
    without making its groups."""
    if isinstance(groups, GroupList):
        return groups.to_lists()
    return [group_to_list(group) for group in groups]
