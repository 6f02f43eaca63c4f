"""Alignment-mode PARSEVAL when both files hold the same words in the same trees.

Contract: :func:`same_words_pairs` returns the scored pairs that
:func:`jpcore.parseval.evaluation.evaluate` would build, or ``None`` when
this shortcut does not apply (then the general path aligns and scores).
It applies when the C scorer is built, both sides have as many trees, tree
``i`` of both sides has the same words (as strings) and was read by the C
scanner (flat), and every tree and every word has characters after
normalisation.  That is the case EVALB itself can score, and the common
one: a parser run on the gold tokens.

Why the answer is the general path's: the two character streams are then
identical and cut at the same places, so :func:`jpcore.align.group_units`
makes one ``exact`` 1:1 group per tree and per word
(made in C with the scores), and every pair is
tree ``i`` against tree ``i`` with word units equal to its words; the
compiled :func:`~jpcore.parseval._pairscore.score_same_words` applies
:func:`jpcore.parseval.score.score_pair`'s rules to exactly that case (its
source says how).  ``tests/test_parseval_same_words.py`` holds both paths
equal on real treebank data and on generated trees.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import chain

from jpcore.align import EXACT
from jpcore.align.group_list import KIND_CODES, GroupList
from jpcore.align.similarity import Normaliser
from jpcore.formats.trees import Tree
from jpcore.parseval.constituents import ConstituentList
from jpcore.parseval.result import TreePair
from jpcore.parseval.score import LabelCutter

try:  # the C scorer (setup.py builds it; without it the general path scores every pair)
    from jpcore.parseval import _pairscore
except ImportError:  # pragma: no cover - a machine without a C compiler
    _pairscore = None

__all__ = ["same_words_pairs"]


def same_words_pairs(gold_trees: Sequence[Tree], sys_trees: Sequence[Tree], normaliser: Normaliser,
                     cutter: LabelCutter) -> list[TreePair] | None:
    """The pairs of two sides with the same words tree by tree (module doc), or ``None``."""
    if _pairscore is None or len(gold_trees) != len(sys_trees) or not gold_trees:
        return None
    gold_flat = [tree.flat() for tree in gold_trees]
    sys_flat = [tree.flat() for tree in sys_trees]
    if None in gold_flat or None in sys_flat:
        return None
    gold_words = [tree.words for tree in gold_trees]
    if gold_words != [tree.words for tree in sys_trees] or not all(gold_words):
        return None
    key = normaliser.key
    key_length = {word: len(key(word)) for word in set(chain.from_iterable(gold_words))}
    if not all(key_length.values()):
        return None
    scored = _pairscore.score_same_words(
        [(*flat, tree.tags, tree.words) for flat, tree in zip(gold_flat, gold_trees)],
        [(*flat, tree.tags) for flat, tree in zip(sys_flat, sys_trees)],
        cutter.cache, cutter, key_length,
    )
    exact = bytes([KIND_CODES[EXACT]]) * max(map(len, gold_words))
    constituents, groups = ConstituentList.from_parts, GroupList.from_parts
    return [
        TreePair(index, (index, index + 1), (index, index + 1), EXACT,
                 [(gold_tree.first_line, gold_tree.last_line)], [(sys_tree.first_line, sys_tree.last_line)],
                 groups(_ints(words), exact[:len(gold_tree.words)]),
                 constituents(gold_labels, _ints(gold_ints), gold_flags),
                 constituents(sys_labels, _ints(sys_ints), sys_flags),
                 len(gold_tree.words), matched, cross, correct)
        for index, (gold_tree, sys_tree, (gold_labels, gold_ints, gold_flags, sys_labels, sys_ints, sys_flags,
                                          matched, cross, correct, words))
        in enumerate(zip(gold_trees, sys_trees, scored))
    ]


def _ints(raw: bytes) -> array:
    return array("i", raw)  # bytes given to array() are its machine values (frombytes)
