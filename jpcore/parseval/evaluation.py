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

from collections.abc import Iterator, Sequence

from jpcore.align.similarity import Normaliser
from jpcore.formats.trees import Tree, read_trees_bytes
from jpcore.parseval.result import ParsevalResult, TreePair, summaries
from jpcore.parseval.same_words import same_words_pairs
from jpcore.parseval.score import LabelCutter, score_pair
from jpcore.peers.evalb.report import HEADER, render_row, render_summary
from jpcore.runtime import gc_paused, promote_young_objects

__all__ = ["DEFAULT_CUTOFF", "default_normaliser", "evaluate", "evaluate_bytes", "iter_report", "render_report"]

#: Default ``--cutoff`` (gold tokens), as EVALB's CUTOFF_LEN.
DEFAULT_CUTOFF = 40


def default_normaliser() -> Normaliser:
    """The normalisation of spec section 2: the ``en`` table, case-insensitive."""
    return Normaliser.for_language("en", casefold=True)


def evaluate(
    gold_trees: Sequence[Tree],
    sys_trees: Sequence[Tree],
    *,
    gold_name: str = "gold",
    sys_name: str = "system",
    cutoff_len: int = DEFAULT_CUTOFF,
    normaliser: Normaliser | None = None,
) -> ParsevalResult:
    """Align ``sys_trees`` to ``gold_trees`` and score every aligned pair."""
    normaliser = normaliser or default_normaliser()
    with gc_paused():
        cutter = LabelCutter()
        pairs = same_words_pairs(gold_trees, sys_trees, normaliser, cutter)
        if pairs is not None:
            return ParsevalResult(gold_name, sys_name, list(gold_trees), list(sys_trees), normaliser,
                                  pairs, cutoff_len)
        # the character alignment, imported only when the words differ
        from jpcore.align import Side, align_nested, align_sides

        gold = Side.of_tokens([tree.words for tree in gold_trees], normaliser.key)
        system = Side.of_tokens([tree.words for tree in sys_trees], normaliser.key)
        gold_tags = [tag for tree in gold_trees for tag in tree.tags]
        sys_tags = [tag for tree in sys_trees for tag in tree.tags]
        pairs: list[TreePair] = []
        for index, (group, words) in enumerate(align_nested(gold, system, align_sides(gold, system))):
            g0, g1 = group.gold
            s0, s1 = group.sys
            gold_pair = [(i, gold_trees[i]) for i in range(g0, g1)]
            sys_pair = [(i, sys_trees[i]) for i in range(s0, s1)]
            score = score_pair(gold_pair, sys_pair, words, gold_tags, sys_tags, cutter)
            pairs.append(TreePair(
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
            ))
    return ParsevalResult(gold_name, sys_name, list(gold_trees), list(sys_trees), normaliser,
                          pairs, cutoff_len)


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


def iter_report(result: ParsevalResult) -> Iterator[str]:
    """EVALB's table (one row per pair) and summary, in pieces."""
    yield HEADER
    rows = result.rows()
    for row in rows:
        yield render_row(row)
    yield render_summary(*summaries(rows, result.cutoff_len), result.cutoff_len)


def render_report(result: ParsevalResult) -> str:
    """EVALB's table and summary for an alignment-mode result."""
    return "".join(iter_report(result))
