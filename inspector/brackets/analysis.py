"""What the Analysis page reads from the Brackets loader: its result, texts and example rows.

Contract: :func:`source` reads (never loads, never changes) what
:data:`inspector.brackets.loader.SPEC` holds and wraps it in an
:class:`~inspector.common.evaluation_view.AnalysisSource`; the example rows
of the POS and label matrices show the pair's number (from 0, as every unit), the
words, tags, labels and spans of each side, read through :class:`PairView`.
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.analysis import Example
from jpcore.analysis.confusion import LABELS, POS
from jpcore.parseval.result import Constituent, ParsevalResult, TreePair
from inspector.brackets import loader as brackets_loading
from inspector.brackets.view import JOINER, PairView
from inspector.common.evaluation_view import ABSENT, AnalysisSource


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


def _pos_rows(source: AnalysisSource, examples: Sequence[Example]) -> list[dict[str, object]]:
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


def _label_rows(source: AnalysisSource, examples: Sequence[Example]) -> list[dict[str, object]]:
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


def source() -> AnalysisSource | None:
    """The Brackets page's loaded result, or ``None`` while nothing is loaded."""
    loaded = brackets_loading.SPEC.get_loaded()
    if loaded is None:
        return None
    result: ParsevalResult = loaded.result
    view = PairView(result)

    def text(index: int, side: str) -> str:
        return view.text(result.pairs[index], "gold" if side == "gold" else "sys")

    return AnalysisSource("brackets", result, loaded.label, loaded.fingerprint, {"brackets": "Brackets"}, "F1",
                          text, view, {POS: _pos_rows, LABELS: _label_rows})
