"""What the Analysis page reads from the tokens loader: its result, texts and example rows.

Contract: :func:`source` reads (never loads, never changes) what the
tokenization loader holds (:mod:`inspector.tokens.state`) and wraps it in an
:class:`~inspector.common.evaluation_view.AnalysisSource`; the example rows
of the UPOS matrix show the two words, their UPOS and file lines.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from jpcore.analysis import Example
from jpcore.analysis.confusion import UPOS
from jpcore.formats.conllu import flat_upos
from jpcore.formats.segmentation import Segmentation
from jpcore.preprocess import PreprocessResult
from jpcore.preprocess.report import token_label
from inspector.common.evaluation_view import AnalysisSource
from inspector.tokens import state
from inspector.tokens.view import GOLD, SYS, ResultView


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


def _upos_rows(source: AnalysisSource, examples: Sequence[Example]) -> list[dict[str, object]]:
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


def source() -> AnalysisSource | None:
    """The tokens pages' loaded result, or ``None`` while nothing is loaded."""
    loaded = state.get_loaded()
    if loaded is None:
        return None
    result: PreprocessResult = loaded.result
    view: ResultView = loaded.view
    labels = {"sentences": "Sentences", "tokens": token_label(result.level)}

    def text(index: int, side: str) -> str:
        return view.unit_text(result.units[index], GOLD if side == "gold" else SYS)

    return AnalysisSource("tokens", result, loaded.label, loaded.fingerprint, labels, "F1", text, view,
                          {UPOS: _upos_rows})
