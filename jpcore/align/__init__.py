"""The jp-algorithm, once: align two segmentations of the same characters.

Every evaluation aligns through this package and nothing else:

* :mod:`~jpcore.align.streams` -- the algorithm itself: two character
  streams aligned (:func:`align_streams`), units grouped where both sides
  end one (:func:`group_units`), the kinds of group (:data:`KINDS`);
* :mod:`~jpcore.align.similarity` -- the normalisation that makes both sides
  comparable (space-free keys, the tables of ``jpcore/data``) and the
  similarity that tells ``similar`` from ``different`` text;
* :mod:`~jpcore.align.sides` -- a side as sentences of tokens flattened into
  one stream, with its boundary weights (:class:`Side`, :func:`align_sides`);
* :mod:`~jpcore.align.nesting` -- sentence groups with the word groups inside
  them, both cut from one character alignment (:func:`align_nested`);
* :mod:`~jpcore.align.multiword` -- the words of multiword tokens paired as the
  CoNLL 2018 script pairs them;
* :mod:`~jpcore.align.differences` -- where the characters differ, with file
  lines (:class:`Difference`; the ``--strict`` refusal);
* :mod:`~jpcore.align.serial` -- a group as a JSON list and back;
* :mod:`~jpcore.align.group_list` -- word groups kept compactly (:class:`GroupList`);

It knows nothing about trees, edits or heads: it aligns sequences of strings
and returns groups (index ranges on both sides plus how they matched).
"""

from jpcore.align.differences import CharRanges, Difference, differences_of, first_difference_error
from jpcore.align.group_list import GroupList, all_match, compact_groups
from jpcore.align.nesting import Nested, align_nested, nest
from jpcore.align.serial import (
    GROUP_FIELDS,
    SHAPE_NAMES,
    group_from_list,
    group_to_list,
    groups_to_lists,
    kind_counts,
    shape_counts,
    shape_name,
    units_by_shape,
)
from jpcore.align.sides import Side, align_sides, boundary_weights
from jpcore.align.streams import (
    ANCHOR,
    CHANCE_AGREEMENTS,
    DIFFERENT,
    DIFFERING,
    EXACT,
    GOLD_ONLY,
    KINDS,
    MAX_ANCHOR,
    MAX_DIFF_CELLS,
    MERGED,
    SIMILAR,
    SIMILAR_AT_LEAST,
    SYSTEM_ONLY,
    UNIQUE_WINDOW,
    CharAlignment,
    Group,
    GroupShape,
    align_streams,
    align_units,
    anchor_length,
    differing_kind,
    ends_of,
    group_units,
)

__all__ = [
    "ANCHOR", "CHANCE_AGREEMENTS", "DIFFERENT", "DIFFERING", "EXACT", "GOLD_ONLY", "GROUP_FIELDS", "KINDS",
    "MAX_ANCHOR", "MAX_DIFF_CELLS", "MERGED", "SIMILAR", "SIMILAR_AT_LEAST", "SYSTEM_ONLY", "UNIQUE_WINDOW",
    "CharAlignment", "CharRanges", "Difference", "Group", "GroupList", "GroupShape", "Nested", "Side",
    "align_nested", "align_sides", "align_streams", "align_units", "all_match", "anchor_length",
    "boundary_weights", "compact_groups", "differences_of", "differing_kind", "ends_of", "first_difference_error",
    "group_from_list", "group_to_list", "group_units", "groups_to_lists", "kind_counts", "nest",
    "shape_counts", "shape_name", "units_by_shape",
]
