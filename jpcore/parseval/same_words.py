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
from collections.abc import Callable, Iterator, Sequence
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

__all__ = ["SameWordsPairs", "available", "count_pairs", "same_words_pairs", "side_stream"]

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
    distinct = [*set(chain.from_iterable(gold_words))]
    key_length = dict(zip(distinct, map(len, normaliser.keys(distinct))))
    if not all(key_length.values()):
        return None
    gold_flat = [_flat(tree) for tree in gold_trees]
    sys_flat = [_flat(tree) for tree in sys_trees]
    counts = _pairscore.count_same_words(gold_flat, sys_flat, cutter.cache, cutter)
    return SameWordsPairs(list(gold_trees), list(sys_trees), memoryview(counts).cast("q"), cutter, key_length)


def available() -> bool:
    """Whether the C scorer is built (without it the general path scores every pair)."""
    return _pairscore is not None


def count_pairs(gold_trees: Sequence[Tree], sys_trees: Sequence[Tree], cutter: LabelCutter) -> memoryview:
    """The five counts of each pair ``gold_trees[k]``/``sys_trees[k]`` (trees with the same
    words, every word with characters after normalisation), by the C scorer."""
    counts = _pairscore.count_same_words([_flat(tree) for tree in gold_trees], [_flat(tree) for tree in sys_trees],
                                         cutter.cache, cutter)
    return memoryview(counts).cast("q")


def side_stream(word_lists: list[list[str]], table: dict[str, str]) -> tuple[str, bytes] | None:
    """One side of the per-pair sentence alignment by the C scorer: ``table[word]`` of every
    word of ``word_lists`` joined, and each token's end in that stream (native 32-bit
    integers); ``None`` without the C scorer or where it does not apply (a word not in
    ``table``, a stream of 2**31 characters or more): the Python path then runs."""
    if _pairscore is None:
        return None
    return _pairscore.side_stream(word_lists, table)


def _flat(tree: Tree) -> tuple:
    """The C scorer's view of a tree: (labels, node_words, ints, tags, words)."""
    return (*tree.flat(), tree.tags, tree.words)


#: Integers kept per pair the C scorer counted, in a file where other pairs took the
#: general path: pair number, gold tree, system tree, first gold and system character.
_FAST_FIELDS = 5


class SameWordsPairs(Sequence[TreePair]):
    """The scored pairs of the shortcut: counts for all, each :class:`TreePair` made
    when first read (and kept).  Reads as a list of pairs (``len``, indexing,
    slices as lists, iteration, ``==`` with a list) and pickles as one.

    :meth:`mixed` holds a file where only some pairs are one tree each with the same
    words: those are counted by the C scorer and made when read, the others are given
    made (the general path scored them)."""

    __slots__ = ("_gold", "_sys", "_counts", "_cutter", "_key_length", "_made", "_starts", "_fast", "_slots",
                 "_key")

    def __init__(self, gold_trees: list[Tree], sys_trees: list[Tree], counts: memoryview, cutter: LabelCutter,
                 key_length: dict[str, int]) -> None:
        self._gold = gold_trees
        self._sys = sys_trees
        self._counts = counts
        self._cutter = cutter
        self._key_length = key_length
        self._made: list[TreePair | None] = [None] * len(gold_trees)
        self._starts: tuple[list[int], list[int]] | None = None
        self._fast: array | None = None  # None: pair k is tree k against tree k
        self._slots: array | None = None
        self._key = None

    @classmethod
    def mixed(cls, gold_trees: list[Tree], sys_trees: list[Tree], made: list[TreePair | None], fast: array,
              counts: memoryview, cutter: LabelCutter, key: Callable[[str], str],
              token_starts: tuple[list[int], list[int]]) -> SameWordsPairs:
        """The pairs of a file where ``made[k]`` is pair ``k`` scored by the general path, or
        ``None`` for a pair the C scorer counted: ``fast`` holds five integers for each of
        those, in order (pair number, gold tree, system tree, first gold character, first
        system character), ``counts`` its five counts; ``key`` normalises a word, and
        ``token_starts`` are both sides' first token of each tree."""
        pairs = cls(gold_trees, sys_trees, counts, cutter, {})
        pairs._made = made
        pairs._fast = fast
        pairs._starts = token_starts
        pairs._key = key
        slots = array("q", [-1]) * len(made)
        for number, index in enumerate(fast[::_FAST_FIELDS]):
            slots[index] = number
        pairs._slots = slots
        return pairs

    def __len__(self) -> int:
        return len(self._made)

    def rows(self) -> list[EvalbRow]:
        """Each pair's EVALB row, from the counts (no pair is made for the C scorer's pairs)."""
        fields = iter(self._counts)
        counted = zip(fields, fields, fields, fields, fields)
        if self._fast is None:
            return [EvalbRow(index + 1, len(tree.words), 0, matched, gold, test, cross, len(tree.words), correct)
                    for index, (tree, (gold, test, matched, cross, correct))
                    in enumerate(zip(self._gold, counted))]
        rows: list[EvalbRow] = []
        fast = self._fast
        gold_trees = self._gold
        for index, (slot, pair) in enumerate(zip(self._slots, self._made)):
            if slot < 0:
                rows.append(pair.row())
                continue
            gold, test, matched, cross, correct = next(counted)
            length = len(gold_trees[fast[slot * _FAST_FIELDS + 1]].words)
            rows.append(EvalbRow(index + 1, length, 0, matched, gold, test, cross, length, correct))
        return rows

    def row_counts(self) -> list[tuple[int, ...]]:
        """Each pair's EVALB row as plain counts, ``(id, length, status, matched, gold, test,
        cross, words, correct_tags)``: the fields of :meth:`rows`, without the row objects."""
        fields = iter(self._counts)
        counted = zip(fields, fields, fields, fields, fields)
        if self._fast is None:
            lengths = [len(tree.words) for tree in self._gold]
            return [(index, length, 0, matched, gold, test, cross, length, correct)
                    for index, length, (gold, test, matched, cross, correct)
                    in zip(range(1, len(lengths) + 1), lengths, counted)]
        out: list[tuple[int, ...]] = []
        fast = self._fast
        gold_trees = self._gold
        for index, (slot, pair) in enumerate(zip(self._slots, self._made), 1):
            if slot < 0:
                out.append((index, pair.length, 0, pair.matched, len(pair.gold_constituents),
                            len(pair.sys_constituents), pair.cross, pair.length, pair.correct_tags))
                continue
            gold, test, matched, cross, correct = next(counted)
            length = len(gold_trees[fast[slot * _FAST_FIELDS + 1]].words)
            out.append((index, length, 0, matched, gold, test, cross, length, correct))
        return out

    def _make(self, index: int) -> TreePair:
        made = self._made[index]
        if made is not None:
            return made
        if self._fast is None:
            if self._starts is None:
                key_length = self._key_length
                tokens = list(accumulate((len(tree.words) for tree in self._gold), initial=0))
                chars = list(accumulate((sum(map(key_length.__getitem__, tree.words)) for tree in self._gold),
                                        initial=0))
                self._starts = (tokens, chars)
            tokens, chars = self._starts
            slot, gold_index, sys_index = index, index, index
            gold_token = sys_token = tokens[index]
            gold_char = sys_char = chars[index]
        else:
            slot = self._slots[index]
            _, gold_index, sys_index, gold_char, sys_char = self._fast[slot * _FAST_FIELDS:(slot + 1) * _FAST_FIELDS]
            gold_token, sys_token = self._starts[0][gold_index], self._starts[1][sys_index]
            key_length, key = self._key_length, self._key
            for word in self._gold[gold_index].words:
                if word not in key_length:
                    key_length[word] = len(key(word))
        gold_tree, sys_tree = self._gold[gold_index], self._sys[sys_index]
        ((gold_labels, gold_ints, gold_flags, sys_labels, sys_ints, sys_flags, matched, cross, correct, words),) = \
            _pairscore.score_same_words([_flat(gold_tree)], [_flat(sys_tree)], self._cutter.cache, self._cutter,
                                        self._key_length, gold_index, gold_token, gold_char)
        word_ints = array("i", words)
        sys_ints = array("i", sys_ints)
        if sys_index != gold_index:
            sys_ints[2::4] = array("i", [sys_index]) * (len(sys_ints) // 4)
        if sys_token != gold_token or sys_char != gold_char:  # the system columns of each word unit
            for columns, shift in ((slice(2, None, 8), sys_token - gold_token), (slice(3, None, 8), sys_token - gold_token),
                                   (slice(6, None, 8), sys_char - gold_char), (slice(7, None, 8), sys_char - gold_char)):
                word_ints[columns] = array("i", [value + shift for value in word_ints[columns]])
        length = len(gold_tree.words)
        made = self._made[index] = TreePair(
            index, (gold_index, gold_index + 1), (sys_index, sys_index + 1), EXACT,
            [(gold_tree.first_line, gold_tree.last_line)], [(sys_tree.first_line, sys_tree.last_line)],
            GroupList.from_parts(word_ints, _EXACT_CODE * length),
            ConstituentList.from_parts(gold_labels, array("i", gold_ints), gold_flags),
            ConstituentList.from_parts(sys_labels, sys_ints, sys_flags),
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
        n = len(self._made)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("pair index out of range")
        return self._make(index)

    def __iter__(self) -> Iterator[TreePair]:
        return map(self._make, range(len(self._made)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SameWordsPairs, list, tuple)):
            return len(other) == len(self) and all(mine == theirs for mine, theirs in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        return f"SameWordsPairs({len(self)} pairs)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))

