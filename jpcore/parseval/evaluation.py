"""PARSEVAL after alignment (jp-evalb): the default mode of ``jpcore parseval``.

Contract: :func:`evaluate` takes the gold and system trees (as read by
:func:`jpcore.formats.trees.read_trees`) and returns a
:class:`~jpcore.parseval.result.ParsevalResult`: one scored pair per
aligned sentence group.  :func:`render_report` prints it as EVALB's table
and summary, through the same renderer as legacy mode.  Nothing is
printed or read here; bad input has already raised
:class:`jpcore.errors.InputError` in the reader.

How (spec section 2):

1. Every tree's leaves become normalised, whitespace-free keys
   (:meth:`jpcore.align.similarity.Normaliser.key`; the ``en`` table: quotes,
   the ``-LRB-`` family; case-insensitive).  Concatenated, they form one
   character stream per side.
2. :func:`jpcore.align.align_streams` aligns the streams (unit ends weighted
   4 for a tree end, 1 for a token end, so a missing or extra sentence is
   placed on tree boundaries); :func:`jpcore.align.group_units` then groups
   the trees (sentence groups) and, with the same character alignment, the
   tokens (word units).  Every tree end is a token end, so word units nest in
   sentence groups.
3. Each sentence group is scored by :func:`jpcore.parseval.score.score_pair`.

A tree without words (a failed parse ``(TOP ())``), or whose words all
normalise to nothing, covers no characters: it is a pair of its own, with a
tree without characters at the same place on the other side or one-sided
(:mod:`jpcore.align.streams`, "Units without characters").  Linear in the input for equal
streams, proportional to the differences otherwise (see :mod:`jpcore.align`).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import accumulate, chain
from pathlib import Path

from jpcore.align.similarity import Normaliser
from jpcore.formats.trees import Tree, read_trees_bytes, read_trees_file
from jpcore.align.group_list import GroupList
from jpcore.parseval.constituents import ConstituentList
from jpcore.parseval.result import ParsevalResult, TreePair
from jpcore.parseval import same_words
from jpcore.parseval.same_words import SameWordsPairs, count_pairs, same_words_pairs
from jpcore.parseval.score import LabelCutter, default_normaliser, score_group
from jpcore.peers.evalb.report import HEADER, render_rows, render_summary
from jpcore.peers.evalb.result import EvalbSummary
from jpcore.runtime import gc_paused, promote_young_objects

__all__ = ["DEFAULT_CUTOFF", "default_normaliser", "evaluate", "evaluate_bytes", "evaluate_files", "evaluate_general",
           "iter_report", "render_report"]

#: Default ``--cutoff`` (gold tokens), as EVALB's CUTOFF_LEN.
DEFAULT_CUTOFF = 40


def evaluate(
    gold_trees: Sequence[Tree],
    sys_trees: Sequence[Tree],
    *,
    gold_name: str = "gold",
    sys_name: str = "system",
    cutoff_len: int = DEFAULT_CUTOFF,
    normaliser: Normaliser | None = None,
) -> ParsevalResult:
    """Align ``sys_trees`` to ``gold_trees`` and score every aligned pair.

    Pairs of one tree each with the same words (most of a parser's output, even on
    raw text) are counted by the C scorer (:mod:`jpcore.parseval.same_words`), the
    others aligned word by word and scored by :func:`~jpcore.parseval.score.score_pair`;
    :func:`evaluate_general` is the reference, every pair through the general path.
    """
    normaliser = normaliser or default_normaliser()
    with gc_paused():
        cutter = LabelCutter()
        pairs = same_words_pairs(gold_trees, sys_trees, normaliser, cutter)
        if pairs is None and same_words.available():
            pairs = _per_pair(gold_trees, sys_trees, normaliser, cutter)
        if pairs is None:
            return evaluate_general(gold_trees, sys_trees, gold_name=gold_name, sys_name=sys_name,
                                    cutoff_len=cutoff_len, normaliser=normaliser)
    return ParsevalResult(gold_name, sys_name, list(gold_trees), list(sys_trees), normaliser, pairs, cutoff_len)


def evaluate_general(
    gold_trees: Sequence[Tree],
    sys_trees: Sequence[Tree],
    *,
    gold_name: str = "gold",
    sys_name: str = "system",
    cutoff_len: int = DEFAULT_CUTOFF,
    normaliser: Normaliser | None = None,
) -> ParsevalResult:
    """:func:`evaluate` without the C scorer: the whole file aligned at both levels
    (:func:`jpcore.align.align_nested`), every pair scored in Python (the reference)."""
    normaliser = normaliser or default_normaliser()
    with gc_paused():
        # the character alignment, imported only when the words differ
        from jpcore.align import Side, align_nested, align_sides

        cutter = LabelCutter()
        gold = Side.of_tokens([tree.words for tree in gold_trees], normaliser.key)
        system = Side.of_tokens([tree.words for tree in sys_trees], normaliser.key)
        tags = ([tag for tree in gold_trees for tag in tree.tags], [tag for tree in sys_trees for tag in tree.tags])
        pairs = [_scored(index, group, words, gold_trees, sys_trees, gold, system, cutter, tags)
                 for index, (group, words) in enumerate(align_nested(gold, system, align_sides(gold, system)))]
    return ParsevalResult(gold_name, sys_name, list(gold_trees), list(sys_trees), normaliser,
                          pairs, cutoff_len)


def _scored(index: int, group, words, gold_trees: Sequence[Tree], sys_trees: Sequence[Tree], gold, system,
            cutter: LabelCutter, tags: tuple[Sequence[str], Sequence[str]] | None = None) -> TreePair:
    """Sentence group ``index`` with its word units, scored by the general path
    (:func:`~jpcore.parseval.score.score_group`); ``tags`` are both sides' flat tag lists
    (else the pair's own are made)."""
    g0, g1 = group.gold
    gold_pair, sys_pair, score = score_group(group, words, gold_trees, sys_trees, gold.token_starts,
                                             system.token_starts, cutter, tags)
    return TreePair(
        index=index,
        gold=group.gold,
        sys=group.sys,
        kind=group.kind,
        gold_lines=[(tree.first_line, tree.last_line) for _, tree in gold_pair],
        sys_lines=[(tree.first_line, tree.last_line) for _, tree in sys_pair],
        words=words,
        gold_constituents=score.gold,
        sys_constituents=score.sys,
        length=gold.token_starts[g1] - gold.token_starts[g0],
        matched=score.matched,
        cross=score.cross,
        correct_tags=score.correct_tags,
    )


def _side(trees: Sequence[Tree], table: dict[str, str]):
    """The :class:`~jpcore.align.Side` of ``trees``, each word's key looked up in ``table``;
    its token ends kept as 32-bit integers (4 bytes a token, not a Python int's 36).  Its
    ``keys`` are left empty: the sentence alignment and
    :func:`~jpcore.align.nesting.word_groups_within` read the stream and the ends only
    (8 bytes a token less).  The stream and the ends are made by the C scorer's
    ``side_stream`` when it is built (:func:`_side_python` is the reference)."""
    from jpcore.align.sides import Side, token_starts

    made = same_words.side_stream([tree.words for tree in trees], table)
    if made is None:
        return _side_python(trees, table)
    stream, raw_ends = made
    ends = array("i")
    ends.frombytes(raw_ends)
    starts = token_starts(len(tree.words) for tree in trees)
    return Side([], ends, [ends[k - 1] if k else 0 for k in starts[1:]], starts, stream)


def _side_python(trees: Sequence[Tree], table: dict[str, str]):
    """:func:`_side` in Python (the reference of the C ``side_stream``)."""
    from jpcore.align.sides import Side, token_starts

    def keys() -> Iterator[str]:
        return map(table.__getitem__, chain.from_iterable(tree.words for tree in trees))

    stream = "".join(keys())
    # 32-bit ends while the stream fits them (4 bytes a token), else 64-bit
    ends = array("i" if len(stream) < 2**31 else "q", accumulate(map(len, keys())))
    starts = token_starts(len(tree.words) for tree in trees)
    return Side([], ends, [ends[k - 1] if k else 0 for k in starts[1:]], starts, stream)


def _per_pair(gold_trees: Sequence[Tree], sys_trees: Sequence[Tree], normaliser: Normaliser,
              cutter: LabelCutter) -> SameWordsPairs | None:
    """The pairs of two files aligned sentence by sentence: a group of one tree each with the
    same words is counted by the C scorer, any other is aligned word by word inside itself
    (:func:`jpcore.align.nesting.word_groups_within`) and scored in Python.  ``None`` when a
    token has no characters after normalisation (the whole file is then aligned as one)."""
    from jpcore.align import EXACT, align_sides, group_units
    from jpcore.align.nesting import word_groups_within

    distinct = [*{*chain.from_iterable(tree.words for tree in gold_trees),
                  *chain.from_iterable(tree.words for tree in sys_trees)}]
    table = dict(zip(distinct, normaliser.keys(distinct)))
    if "" in table.values():
        return None
    gold, system = _side(gold_trees, table), _side(sys_trees, table)
    chars = align_sides(gold, system)
    made: list[TreePair | None] = []
    fast = array("q")  # five integers per pair counted in C (no int object each)
    fast_gold: list[Tree] = []
    fast_sys: list[Tree] = []
    groups = group_units(gold.sentence_ends, system.sentence_ends, chars)
    for index in range(len(groups)):
        group, groups[index] = groups[index], None  # each group goes once read: the pairs take its room
        (g0, g1), (s0, s1) = group.gold, group.sys
        if group.kind == EXACT and g1 - g0 == 1 and s1 - s0 == 1:
            gold_tree, sys_tree = gold_trees[g0], sys_trees[s0]
            if gold_tree.words == sys_tree.words and gold_tree.words:
                fast.extend((index, g0, s0, group.gold_chars[0], group.sys_chars[0]))
                fast_gold.append(gold_tree)
                fast_sys.append(sys_tree)
                made.append(None)
                continue
        words = word_groups_within(gold, system, chars, group)
        if words is None:
            return None
        pair = _scored(index, group, words, gold_trees, sys_trees, gold, system, cutter)
        # kept compact, as the app keeps results (a tenth of the memory of the objects)
        pair.words = GroupList(pair.words)
        pair.gold_constituents = ConstituentList(pair.gold_constituents)
        pair.sys_constituents = ConstituentList(pair.sys_constituents)
        made.append(pair)
    token_starts = (gold.token_starts, system.token_starts)
    del gold, system, chars, table  # the streams and their ends go before the counting
    counts = count_pairs(fast_gold, fast_sys, cutter)
    return SameWordsPairs.mixed(list(gold_trees), list(sys_trees), made, fast, counts, cutter,
                                normaliser.key, token_starts)


def evaluate_bytes(
    gold_data: bytes,
    sys_data: bytes,
    *,
    gold_name: str = "gold",
    sys_name: str = "system",
    cutoff_len: int = DEFAULT_CUTOFF,
) -> ParsevalResult:
    """Read two tree files' bytes (:func:`~jpcore.formats.trees.read_trees_bytes`)
    and :func:`evaluate` them: what ``jpcore parseval GOLD SYSTEM`` does.

    Raises :class:`jpcore.errors.InputError` for bad input.  The cyclic
    garbage collector stays paused from the first byte read to the result
    (trees and results hold no reference cycles; collecting in between only
    rescans the growing heap).
    """
    with gc_paused():
        gold = read_trees_bytes(gold_data, gold_name)
        system = read_trees_bytes(sys_data, sys_name)
        result = evaluate(gold, system, gold_name=gold_name, sys_name=sys_name, cutoff_len=cutoff_len)
        promote_young_objects()  # the result is long-lived: no scan of it when the collector resumes
        return result


def evaluate_files(gold_path: str | Path, sys_path: str | Path, *, cutoff_len: int = DEFAULT_CUTOFF) -> ParsevalResult:
    """:func:`evaluate_bytes` of two files, each file's bytes dropped as soon as its trees are
    read (what ``jpcore parseval GOLD SYSTEM`` does when nothing else needs the bytes: a
    large file's peak memory then holds its trees, not its bytes too)."""
    with gc_paused():
        gold = read_trees_file(gold_path)
        system = read_trees_file(sys_path)
        result = evaluate(gold, system, gold_name=str(gold_path), sys_name=str(sys_path), cutoff_len=cutoff_len)
        promote_young_objects()
        return result


def iter_report(result: ParsevalResult) -> Iterator[str]:
    """EVALB's table (one row per pair) and summary, in pieces."""
    yield HEADER
    rows = result.row_counts()
    yield render_rows(rows)
    cutoff_len = result.cutoff_len
    yield render_summary(EvalbSummary.of_counts(rows),
                         EvalbSummary.of_counts([row for row in rows if row[1] <= cutoff_len]), cutoff_len)


def render_report(result: ParsevalResult) -> str:
    """EVALB's table and summary for an alignment-mode result."""
    return "".join(iter_report(result))
