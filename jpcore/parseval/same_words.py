"""Alignment-mode PARSEVAL when both files hold the same words in the same trees.

Contract: :func:`same_words_pairs` returns the scored pairs that
:func:`jpcore.parseval.evaluation.evaluate` would build, as a
:class:`SameWordsPairs` sequence, or ``None`` when this shortcut does not
apply (then the general path aligns and scores).  It applies when the C
scorer is built, both sides have as many trees (at least one), tree ``i`` of
both sides has the same words (as strings), and every tree and every word
has characters after normalisation.  That is the case EVALB itself can
score, and the common one: a parser run on the gold tokens.

Why the answer is the general path's: the two character streams are then
identical and cut at the same places, so :func:`jpcore.align.group_units`
makes one ``exact`` 1:1 group per tree and per word, and every pair is tree
``i`` against tree ``i`` with word units equal to its words; the compiled
:mod:`jpcore.parseval._pairscore` applies
:func:`jpcore.parseval.score.score_pair`'s rules to exactly that case (its
source says how).  ``tests/test_parseval_same_words.py`` holds both paths
equal on real treebank data and on generated trees.

What is computed when: every pair's counts at once
(``count_same_words``: EVALB's table and summaries need nothing else, so
``jpcore parseval GOLD SYSTEM`` makes no object per pair); a pair's
:class:`~jpcore.parseval.result.TreePair`, with its constituents and word
units, the first time it is read (the app, ``--json``).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import accumulate, chain
from typing import Any, overload

from jpcore.align import EXACT
from jpcore.align.group_list import KIND_CODES, GroupList
from jpcore.align.similarity import Normaliser
from jpcore.formats.trees import Tree
from jpcore.parseval.constituents import ConstituentList
from jpcore.parseval.result import TreePair
from jpcore.parseval.score import LabelCutter
from jpcore.peers.evalb.result import EvalbRow

# The C scorer (setup.py builds it; without it the general path scores every pair), named as the
# module it is: ``from jpcore.parseval import _pairscore`` reads as an import of the package, whose
# face imports the evaluation, which imports this module -- a circle for every reader of imports.
try:
    import jpcore.parseval._pairscore as _pairscore
except ImportError:  # pragma: no cover - a machine without a C compiler
    _pairscore = None

__all__ = ["SameWordsPairs", "same_words_pairs"]

#: The kind code of an exact 1:1 word unit (every word unit of the shortcut).
_EXACT_CODE = bytes([KIND_CODES[EXACT]])


def same_words_pairs(gold_trees: Sequence[Tree], sys_trees: Sequence[Tree], normaliser: Normaliser,
                     cutter: LabelCutter) -> SameWordsPairs | None:
    """The pairs of two sides with the same words tree by tree (module doc), or ``None``."""
    if _pairscore is None or len(gold_trees) != len(sys_trees) or not gold_trees:
        return None
    gold_words = [tree.words for tree in gold_trees]
    if gold_words != [tree.words for tree in sys_trees] or not all(gold_words):
        return None
    key = normaliser.key
    key_length = {word: len(key(word)) for word in set(chain.from_iterable(gold_words))}
    if not all(key_length.values()):
        return None
    gold_flat = [_flat(tree) for tree in gold_trees]
    sys_flat = [_flat(tree) for tree in sys_trees]
    counts = _pairscore.count_same_words(gold_flat, sys_flat, cutter.cache, cutter)
    return SameWordsPairs(list(gold_trees), list(sys_trees), memoryview(counts).cast("q"), cutter, key_length)


def _flat(tree: Tree) -> tuple:
    """The C scorer's view of a tree: (labels, node_words, ints, tags, words)."""
    return (*tree.flat(), tree.tags, tree.words)


class SameWordsPairs(Sequence[TreePair]):
    """The scored pairs of the shortcut: counts for all, each :class:`TreePair` made
    when first read (and kept).  Reads as a list of pairs (``len``, indexing,
    slices as lists, iteration, ``==`` with a list) and pickles as one."""

    __slots__ = ("_gold", "_sys", "_counts", "_cutter", "_key_length", "_made", "_starts")

    def __init__(self, gold_trees: list[Tree], sys_trees: list[Tree], counts: memoryview, cutter: LabelCutter,
                 key_length: dict[str, int]) -> None:
        self._gold = gold_trees
        self._sys = sys_trees
        self._counts = counts
        self._cutter = cutter
        self._key_length = key_length
        self._made: list[TreePair | None] = [None] * len(gold_trees)
        self._starts: tuple[list[int], list[int]] | None = None

    def __len__(self) -> int:
        return len(self._gold)

    def rows(self) -> list[EvalbRow]:
        """Each pair's EVALB row, from the counts (no pair is made)."""
        fields = iter(self._counts)
        return [EvalbRow(index + 1, len(tree.words), 0, matched, gold, test, cross, len(tree.words), correct)
                for index, (tree, (gold, test, matched, cross, correct))
                in enumerate(zip(self._gold, zip(fields, fields, fields, fields, fields)))]

    def _make(self, index: int) -> TreePair:
        made = self._made[index]
        if made is not None:
            return made
        if self._starts is None:
            key_length = self._key_length
            tokens = list(accumulate((len(tree.words) for tree in self._gold), initial=0))
            chars = list(accumulate((sum(map(key_length.__getitem__, tree.words)) for tree in self._gold),
                                    initial=0))
            self._starts = (tokens, chars)
        tokens, chars = self._starts
        gold_tree, sys_tree = self._gold[index], self._sys[index]
        ((gold_labels, gold_ints, gold_flags, sys_labels, sys_ints, sys_flags, matched, cross, correct, words),) = \
            _pairscore.score_same_words([_flat(gold_tree)], [_flat(sys_tree)], self._cutter.cache, self._cutter,
                                        self._key_length, index, tokens[index], chars[index])
        length = len(gold_tree.words)
        span = (index, index + 1)
        made = self._made[index] = TreePair(
            index, span, span, EXACT,
            [(gold_tree.first_line, gold_tree.last_line)], [(sys_tree.first_line, sys_tree.last_line)],
            GroupList.from_parts(array("i", words), _EXACT_CODE * length),
            ConstituentList.from_parts(gold_labels, array("i", gold_ints), gold_flags),
            ConstituentList.from_parts(sys_labels, array("i", sys_ints), sys_flags),
            length, matched, cross, correct,
        )
        return made

    @overload
    def __getitem__(self, index: int) -> TreePair: ...

    @overload
    def __getitem__(self, index: slice) -> list[TreePair]: ...

    def __getitem__(self, index: int | slice) -> TreePair | list[TreePair]:
        if isinstance(index, slice):
            return [self._make(k) for k in range(*index.indices(len(self)))]
        n = len(self._gold)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("pair index out of range")
        return self._make(index)

    def __iter__(self) -> Iterator[TreePair]:
        return map(self._make, range(len(self._gold)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SameWordsPairs, list, tuple)):
            return len(other) == len(self) and all(mine == theirs for mine, theirs in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        return f"SameWordsPairs({len(self)} pairs)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))

