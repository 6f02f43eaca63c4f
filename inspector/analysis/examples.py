"""The examples behind a confusion-matrix cell, as a table with their text.

Contract: :func:`examples_frame` turns the :class:`jpcore.analysis.Example`
references of one cell into rows: the unit (pair) they belong to, the gold
and the system item (label, span, words or tokens, status; for UPOS the two
words and their file lines) and the unit's gold and system text.  Words,
tags, labels and edits are read from the result through the evaluation's
view; statuses are the scorer's.  Plain strings only (shown with
``st.dataframe``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

import pandas as pd

from jpcore.analysis import Confusion, Example
from jpcore.analysis.confusion import LABELS, POS, TYPES, UPOS
from jpcore.formats.conllu import flat_upos
from jpcore.formats.segmentation import Segmentation
from jpcore.gec.result import GecEdit
from jpcore.gec import GecResult
from jpcore.parseval.result import Constituent, ParsevalResult, TreePair
from jpcore.preprocess import PreprocessResult
from inspector.analysis.source import Source
from inspector.brackets.view import JOINER, PairView

ABSENT = "∅"


def _words(view: PairView, pair: TreePair, start: int, end: int, side: str) -> str:
    words: list[str] = []
    for unit in pair.words[start:end]:
        words.extend(view.unit_words(unit, side))
    return " ".join(words)


class _Tags:
    """POS tag lookup by flat token index on each side of a PARSEVAL result."""

    def __init__(self, result: ParsevalResult) -> None:
        self.tags = {"gold": [tag for tree in result.gold_trees for tag in tree.tags],
                     "sys": [tag for tree in result.sys_trees for tag in tree.tags]}

    def __call__(self, side: str, flat_index: int) -> str:
        return self.tags[side][flat_index]


def _pos_rows(source: Source, examples: Sequence[Example]) -> list[dict[str, object]]:
    result: ParsevalResult = source.result
    view: PairView = source.view
    tags = _Tags(result)
    rows = []
    for example in examples:
        pair = result.pairs[example.unit]
        word = pair.words[example.gold]
        rows.append({
            "Unit": pair.index,
            "Word unit": example.gold,
            "Word": JOINER.join(view.unit_words(word, "gold")),
            "Gold tag": tags("gold", word.gold[0]),
            "System tag": tags("sys", word.sys[0]),
            "Gold": source.text(example.unit, "gold"),
            "System": source.text(example.unit, "sys"),
        })
    return rows


def _constituent(view: PairView, pair: TreePair, c: Constituent | None, side: str) -> dict[str, object]:
    prefix = "Gold" if side == "gold" else "System"
    if c is None:
        return {f"{prefix} label": ABSENT, f"{prefix} span": "", f"{prefix} words": "", f"{prefix} status": ""}
    status = c.status if c.located else f"{c.status} (not located)"
    return {f"{prefix} label": c.label, f"{prefix} span": f"{c.start}-{c.end}",
            f"{prefix} words": _words(view, pair, c.start, c.end, side), f"{prefix} status": status}


def _label_rows(source: Source, examples: Sequence[Example]) -> list[dict[str, object]]:
    result: ParsevalResult = source.result
    view: PairView = source.view
    rows = []
    for example in examples:
        pair = result.pairs[example.unit]
        gold = pair.gold_constituents[example.gold] if example.gold is not None else None
        sys = pair.sys_constituents[example.sys] if example.sys is not None else None
        rows.append({"Unit": pair.index, **_constituent(view, pair, gold, "gold"),
                     **_constituent(view, pair, sys, "sys")})
    return rows


def _edit(edit: GecEdit | None, tokens: Sequence[str], side: str) -> dict[str, object]:
    prefix = "Gold" if side == "gold" else "System"
    if edit is None:
        return {f"{prefix} type": ABSENT, f"{prefix} span": "", f"{prefix} original": "",
                f"{prefix} correction": "", f"{prefix} status": ""}
    original = " ".join(tokens[edit.start:edit.end]) if edit.start >= 0 else ""
    return {f"{prefix} type": edit.type, f"{prefix} span": f"{edit.start}-{edit.end}",
            f"{prefix} original": original, f"{prefix} correction": edit.cor, f"{prefix} status": edit.status}


def _type_rows(source: Source, examples: Sequence[Example]) -> list[dict[str, object]]:
    result: GecResult = source.result
    rows = []
    for example in examples:
        ref_edits, hyp_edits = result.edits(example.unit)
        gold_tokens = [t for sentence in result.sentences(example.unit, "gold") for t in sentence]
        sys_tokens = [t for sentence in result.sentences(example.unit, "sys") for t in sentence]
        gold = ref_edits[example.gold] if example.gold is not None else None
        sys = hyp_edits[example.sys] if example.sys is not None else None
        rows.append({"Unit": example.unit, **_edit(gold, gold_tokens, "gold"), **_edit(sys, sys_tokens, "sys"),
                     "Gold": source.text(example.unit, "gold"), "System": source.text(example.unit, "sys")})
    return rows


class _Words:
    """One side of a preprocess result by flat token index: the word, its file line, its UPOS."""

    def __init__(self, segmentation: Segmentation) -> None:
        self.sentences = segmentation.sentences
        self.starts = [0]
        for sentence in self.sentences:
            self.starts.append(self.starts[-1] + len(sentence.tokens))
        self.tags = flat_upos(segmentation) or []

    def word(self, flat_index: int) -> tuple[str, int | str]:
        """``(word, line)``; the line is the sentence's when the format has no token lines."""
        k = bisect_right(self.starts, flat_index) - 1
        sentence, position = self.sentences[k], flat_index - self.starts[k]
        line = sentence.token_lines[position] if sentence.token_lines else sentence.line
        return sentence.tokens[position], line


def _upos_rows(source: Source, examples: Sequence[Example]) -> list[dict[str, object]]:
    result: PreprocessResult = source.result
    gold, sys = _Words(result.gold), _Words(result.system)
    rows = []
    for example in examples:
        gold_word, gold_line = gold.word(example.gold)
        sys_word, sys_line = sys.word(example.sys)
        rows.append({
            "Unit": example.unit,
            "Gold word": gold_word, "System word": sys_word,
            "Gold UPOS": gold.tags[example.gold], "System UPOS": sys.tags[example.sys],
            "Gold line": gold_line, "System line": sys_line,
            "Gold": source.text(example.unit, "gold"), "System": source.text(example.unit, "sys"),
        })
    return rows


_ROWS = {POS: _pos_rows, LABELS: _label_rows, TYPES: _type_rows, UPOS: _upos_rows}


def examples_frame(source: Source, matrix: Confusion, examples: Sequence[Example]) -> pd.DataFrame:
    """One row per example of ``matrix`` (in the order given)."""
    return pd.DataFrame(_ROWS[matrix.name](source, examples))
