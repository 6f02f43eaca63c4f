"""Tables and filters over an alignment-mode PARSEVAL result, for display.

Every number is read from the :class:`~jpcore.parseval.result.ParsevalResult`
(each pair's EVALB row, its constituents' statuses, the per-label counts of
:meth:`~jpcore.parseval.result.ParsevalResult.label_scores`); the
filters only choose which pairs are shown.  Texts are plain strings (the
trees' words and labels as they are): pandas/``st.dataframe`` shows them as
text, and :mod:`inspector.brackets.trees` escapes them for HTML.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pandas as pd

from jpcore.align import Group
from jpcore.formats.trees import Tree
from jpcore.parseval.result import ParsevalResult, TreePair
from inspector.common.palette import group_word

#: What joins the trees of a merged pair and the words of a word group.
JOINER = " ~~~ "

#: Length buckets (gold words) for the filter, in display order.
LENGTH_BUCKETS = ("0 (no gold tree)", "1-10", "11-20", "21-40", "41+")

#: ``Pair``: the pair's number in the app (from 0, as every unit: ``?pair=N``, the JSON's
#: ``index``); then EVALB's row (its ``ID`` = Pair + 1, the row of the EVALB-format report),
#: with scores in percent and headers spelt out (EVALB's own ``Recal``/``Accracy`` stay in
#: its byte-exact text output).  The pair's kind and its two texts come right after its
#: numbers, EVALB's row after them: at 1400 px the texts start inside the box (issue 25 item
#: 12; behind EVALB's 17 columns they were never seen without scrolling).
PAIR_COLUMNS = [
    "Pair", "EVALB ID", "Kind", "Gold text", "System text", "Trees", "Len", "Stat", "Recall (%)",
    "Precision (%)", "Matched", "Gold", "Test", "Cross", "Words", "Tags", "Tag accuracy (%)", "Gold lines",
    "System lines",
]
#: The columns in percent (two decimals, as EVALB prints them).
PERCENT_COLUMNS = ("Recall (%)", "Precision (%)", "Tag accuracy (%)")


def lines_phrase(spans: Sequence[tuple[int, int]]) -> str:
    """``line 3``, ``lines 3-5`` (a tree over several lines), ``lines 3, 4`` (two trees) or
    ``no tree`` for the file lines ``spans`` of a pair's trees on one side."""
    if not spans:
        return "no tree"
    one = len(spans) == 1 and spans[0][0] == spans[0][1]
    where = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)
    return f"{'line' if one else 'lines'} {where}"


def length_bucket(length: int) -> str:
    """The :data:`LENGTH_BUCKETS` entry of a pair with ``length`` gold words."""
    if length == 0:
        return LENGTH_BUCKETS[0]
    if length <= 10:
        return LENGTH_BUCKETS[1]
    if length <= 20:
        return LENGTH_BUCKETS[2]
    if length <= 40:
        return LENGTH_BUCKETS[3]
    return LENGTH_BUCKETS[4]


class PairView:
    """Read-only lookups on a result: a pair's trees, words, lines, texts."""

    def __init__(self, result: ParsevalResult) -> None:
        self.result = result
        self.trees = {"gold": result.gold_trees, "sys": result.sys_trees}
        self.words = {
            "gold": [word for tree in result.gold_trees for word in tree.words],
            "sys": [word for tree in result.sys_trees for word in tree.words],
        }

    def pair_trees(self, pair: TreePair, side: str) -> list[tuple[int, Tree]]:
        """``(tree index, tree)`` of the pair's trees on ``side`` (``gold``/``sys``)."""
        start, end = pair.gold if side == "gold" else pair.sys
        return [(i, self.trees[side][i]) for i in range(start, end)]

    def text(self, pair: TreePair, side: str) -> str:
        """The pair's words on ``side``, trees joined by :data:`JOINER`."""
        return JOINER.join(" ".join(tree.words) for _, tree in self.pair_trees(pair, side))

    @staticmethod
    def lines(pair: TreePair, side: str) -> str:
        """File lines of the pair's trees on ``side`` (``3``, ``3-5`` for a multi-line tree)."""
        spans = pair.gold_lines if side == "gold" else pair.sys_lines
        return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans) or "-"

    @staticmethod
    def lines_phrase(pair: TreePair, side: str) -> str:
        """The file lines of the pair's trees on ``side`` with their noun (:func:`lines_phrase`)."""
        return lines_phrase(pair.gold_lines if side == "gold" else pair.sys_lines)

    def unit_words(self, unit: Group, side: str) -> list[str]:
        """The words of one word unit on ``side``."""
        start, end = unit.gold if side == "gold" else unit.sys
        return self.words[side][start:end]


def pair_row(view: PairView, pair: TreePair) -> dict[str, object]:
    """One table row: EVALB's columns (from the pair's row) plus the alignment."""
    row = pair.row()
    return {
        "Pair": pair.index,
        "EVALB ID": row.id,
        "Len": row.length,
        "Stat": row.status,
        "Recall (%)": round(row.recall, 2),
        "Precision (%)": round(row.precision, 2),
        "Matched": row.matched,
        "Gold": row.gold,
        "Test": row.test,
        "Cross": row.cross,
        "Words": row.words,
        "Tags": row.correct_tags,
        "Tag accuracy (%)": round(row.tag_accuracy, 2),
        "Kind": group_word(pair.kind, pair.shape),
        "Trees": pair.ratio,
        "Gold lines": view.lines(pair, "gold"),
        "System lines": view.lines(pair, "sys"),
        "Gold text": view.text(pair, "gold"),
        "System text": view.text(pair, "sys"),
    }


def pairs_frame(view: PairView, pairs: Sequence[TreePair]) -> pd.DataFrame:
    """One row per pair in the order given, columns :data:`PAIR_COLUMNS`."""
    return pd.DataFrame([pair_row(view, pair) for pair in pairs], columns=PAIR_COLUMNS)


@dataclass(frozen=True, slots=True)
class PairFilter:
    """Which pairs to show; empty ``labels``/``buckets`` mean all."""

    merged: bool = False
    word_groups: bool = False
    crossing: bool = False
    labels: frozenset[str] = frozenset()
    buckets: frozenset[str] = frozenset()

    def accepts(self, pair: TreePair) -> bool:
        """True if ``pair`` passes every filter."""
        if self.merged and not pair.has_merged_sentences:
            return False
        if self.word_groups and not pair.has_word_groups:
            return False
        if self.crossing and pair.cross == 0:
            return False
        if self.labels and not (self.labels & pair.labels()):
            return False
        if self.buckets and length_bucket(pair.length) not in self.buckets:
            return False
        return True


def filter_pairs(result: ParsevalResult, wanted: PairFilter) -> list[TreePair]:
    """The pairs passing ``wanted``, in document order."""
    return [pair for pair in result.pairs if wanted.accepts(pair)]


def units_frame(view: PairView, pair: TreePair) -> pd.DataFrame:
    """The pair's word units: number, gold and system words (``~~~`` inside a
    group), kind and ratio."""
    rows = []
    for number, unit in enumerate(pair.words):
        rows.append({
            "Unit": number,
            "Gold words": JOINER.join(view.unit_words(unit, "gold")) or "∅",
            "System words": JOINER.join(view.unit_words(unit, "sys")) or "∅",
            "Kind": "match" if unit.is_match else group_word(unit.kind, unit.shape),
            "Ratio": unit.ratio,
        })
    return pd.DataFrame(rows, columns=["Unit", "Gold words", "System words", "Kind", "Ratio"])


def unit_groups_text(view: PairView, pair: TreePair, side: str) -> str:
    """The pair's words on ``side`` with every word group that is not one
    matching word shown as ``[w1 ~~~ w2]`` and ``~~~`` where a tree ends
    inside the pair (plain text)."""
    boundaries: set[int] = set()
    offset = 0
    for _, tree in view.pair_trees(pair, side)[:-1]:
        offset += len(tree.words)
        boundaries.add(offset)
    parts = []
    position = 0
    for unit in pair.words:
        words = view.unit_words(unit, side)
        if position in boundaries and words:
            parts.append("~~~")
        position += len(words)
        if unit.is_match:
            parts.extend(words)
        else:
            parts.append("[" + (JOINER.join(words) if words else "∅") + "]")
    return " ".join(parts)


def constituents_frame(view: PairView, pair: TreePair) -> pd.DataFrame:
    """Every constituent of the pair: side, label, span (word units), words, status."""
    rows = []
    for side, constituents in (("gold", pair.gold_constituents), ("system", pair.sys_constituents)):
        key = "gold" if side == "gold" else "sys"
        for c in constituents:
            words: list[str] = []
            for unit in pair.words[c.start : c.end]:
                words.extend(view.unit_words(unit, key))
            rows.append({
                "Side": side,
                "Label": c.label,
                "Units": f"{c.start}-{c.end}",
                "Words": " ".join(words),
                "Status": c.status if c.located else f"{c.status} (inside a rewritten stretch)",
                "Crosses": "yes" if c.crosses else "",
            })
    return pd.DataFrame(rows, columns=["Side", "Label", "Units", "Words", "Status", "Crosses"])


def first_interesting(pairs: Iterable[TreePair]) -> TreePair | None:
    """The first pair with merged sentences, else with word groups, else the first."""
    pairs = list(pairs)
    for test in (lambda p: p.has_merged_sentences, lambda p: p.has_word_groups, lambda p: True):
        for pair in pairs:
            if test(pair):
                return pair
    return None
