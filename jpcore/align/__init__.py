"""The jp-algorithm, once: align two segmentations of the same characters.

Every evaluation aligns through this package and nothing else:

* :mod:`~jpcore.align.streams` -- the algorithm itself: two character
  streams aligned (:func:`align_streams`), the kinds of group (:data:`KINDS`),
  and the prose of the whole algorithm;
* :mod:`~jpcore.align.grouping` -- its second half: units grouped where both
  sides end one (:func:`group_units`), given the character alignment;
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

from importlib import import_module

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (jpcore parseval's flat path imports none of it)
if TYPE_CHECKING:
    from typing import Any

#: Each public name -> the module of this package that defines it; a module is
#: imported when one of its names is first read (PEP 562), so a command pays only
#: for the parts of the alignment it uses (parseval on trees with the same words
#: never loads the multiword, difference or side code).
_HOME = {
    "CharRanges": "differences", "Difference": "differences", "differences_of": "differences",
    "first_difference_error": "differences",
    "GroupList": "group_list", "all_match": "group_list", "compact_groups": "group_list",
    "Nested": "nesting", "align_nested": "nesting", "group_words": "nesting", "nest": "nesting",
    "DISPLAY_KINDS": "serial", "GROUP_FIELDS": "serial", "SHAPE_NAMES": "serial", "kind_word": "serial",
    "display_kind_counts": "serial",
    "group_from_list": "serial", "group_to_list": "serial",
    "groups_to_lists": "serial", "kind_counts": "serial", "shape_counts": "serial", "shape_name": "serial",
    "units_by_shape": "serial",
    "Side": "sides", "align_sides": "sides", "boundary_weights": "sides",
    "ANCHOR": "streams", "CHANCE_AGREEMENTS": "streams", "DIFFERENT": "streams", "DIFFERING": "streams",
    "EXACT": "streams", "GOLD_ONLY": "streams", "KINDS": "streams", "MAX_ANCHOR": "streams",
    "MAX_DIFF_CELLS": "streams", "MERGED": "streams", "SIMILAR": "streams", "SIMILAR_AT_LEAST": "streams",
    "SYSTEM_ONLY": "streams", "UNIQUE_WINDOW": "streams", "CharAlignment": "streams", "Group": "streams",
    "GroupShape": "streams", "align_streams": "streams", "align_units": "grouping", "anchor_length": "streams",
    "cuts_of": "grouping", "differing_kind": "streams", "ends_of": "grouping", "group_between": "grouping",
    "group_units": "grouping",
}


def __getattr__(name: str) -> "Any":
    """The public name ``name``, from the module that defines it (imported now)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'jpcore.align' has no attribute {name!r}")
    value = getattr(import_module(f"jpcore.align.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "ANCHOR", "CHANCE_AGREEMENTS", "DIFFERENT", "DIFFERING", "DISPLAY_KINDS", "EXACT", "GOLD_ONLY", "GROUP_FIELDS",
    "KINDS",
    "MAX_ANCHOR", "MAX_DIFF_CELLS", "MERGED", "SIMILAR", "SIMILAR_AT_LEAST", "SYSTEM_ONLY", "UNIQUE_WINDOW",
    "CharAlignment", "CharRanges", "Difference", "Group", "GroupList", "GroupShape", "Nested", "Side",
    "align_nested", "align_sides", "align_streams", "align_units", "all_match", "anchor_length",
    "boundary_weights", "compact_groups", "cuts_of", "differences_of", "differing_kind", "display_kind_counts", "ends_of", "first_difference_error",
    "group_between", "group_from_list", "group_to_list", "group_units", "group_words", "groups_to_lists", "kind_counts",
    "kind_word", "nest",
    "shape_counts", "shape_name", "units_by_shape",
]
