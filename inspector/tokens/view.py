"""Read-only access to a :class:`PreprocessResult` for display.

jpcore keeps tokens per sentence and gives word groups as ranges over each
side's *flat* token list.  :class:`ResultView` flattens both sides once so
every page can turn a unit or a word group back into its sentences, tokens
and file lines.  It computes no score: every count shown comes from the
result object or from jpcore's counting rule
(:func:`jpcore.preprocess.group_counts`).
"""

from __future__ import annotations


from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.preprocess import Counts, PreprocessResult, Unit, WordGroup, group_counts
from jpcore.preprocess.report import token_label
from inspector.common.wording import LINELESS_FORMATS, line_list, sentence_names

GOLD = "gold"
SYS = "sys"
SIDES = (GOLD, SYS)
#: What joins the sentences of a merged unit, everywhere in the app.
SENTENCE_JOINER = " ~~~ "


class ResultView:
    """Both sides of a result flattened for lookups by unit and word group."""

    def __init__(self, result: PreprocessResult) -> None:
        self.result = result
        self._segmentation = {GOLD: result.gold, SYS: result.system}
        self._tokens = {side: _flat_tokens(seg) for side, seg in self._segmentation.items()}
        self._starts = {GOLD: result.gold_token_starts(), SYS: result.sys_token_starts()}
        self._multiword = {side: _multiword_of(seg, self._starts[side]) for side, seg in self._segmentation.items()}

    @property
    def level_name(self) -> str:
        """The name of the level the tokens are counted at: ``Tokens``, or ``Words`` (CoNLL-U
        words: the words of a multiword token), as conll18's report names it."""
        return token_label(self.result.level)

    @property
    def noun(self) -> str:
        """:attr:`level_name` as a plural noun (``tokens``, ``words``)."""
        return self.level_name.lower()

    def segmentation(self, side: str) -> Segmentation:
        """The gold or system segmentation."""
        return self._segmentation[side]

    def sentence_range(self, unit: Unit, side: str) -> tuple[int, int]:
        """The unit's sentence index range on ``side``."""
        return unit.gold if side == GOLD else unit.sys

    def sentences(self, unit: Unit, side: str) -> list[Sentence]:
        """The unit's sentences on ``side`` (empty for a one-sided unit)."""
        start, end = self.sentence_range(unit, side)
        return self._segmentation[side].sentences[start:end]

    def sentence_texts(self, unit: Unit, side: str) -> list[str]:
        """Each sentence of the unit on ``side`` as its tokens joined by spaces."""
        return [" ".join(sentence.tokens) for sentence in self.sentences(unit, side)]

    def unit_text(self, unit: Unit, side: str) -> str:
        """The unit's text on ``side``, sentences joined by :data:`SENTENCE_JOINER`."""
        return SENTENCE_JOINER.join(self.sentence_texts(unit, side))

    def lines(self, unit: Unit, side: str) -> list[int]:
        """File line of each of the unit's sentences on ``side``."""
        return [sentence.line for sentence in self.sentences(unit, side)]

    def has_lines(self, side: str) -> bool:
        """Whether ``side``'s sentences have file lines (a tokenizer's output made from raw
        text has none: :data:`inspector.common.wording.LINELESS_FORMATS`)."""
        return self._segmentation[side].format not in LINELESS_FORMATS

    def file_lines(self, unit: Unit, side: str) -> list[int]:
        """:meth:`lines` where ``side`` has file lines, else none."""
        return self.lines(unit, side) if self.has_lines(side) else []

    def sentence_label(self, unit: Unit, side: str) -> str:
        """The unit's sentences on ``side`` as every page names them: ``gold sentences §3–§4``,
        then `` · l. 3, 4`` where the file has lines (each line once)."""
        label = sentence_names(side, *self.sentence_range(unit, side))
        lines = self.file_lines(unit, side)
        return f"{label} · l. {line_list(lines)}" if lines else label

    def sentence_starts(self, unit: Unit, side: str) -> set[int]:
        """Flat token indices where a sentence of the unit begins, except the first."""
        start, end = self.sentence_range(unit, side)
        return set(self._starts[side][start + 1 : end])

    def multiword(self, side: str, index: int) -> tuple[int, int, str] | None:
        """The multiword token flat token ``index`` of ``side`` is a word of (CoNLL-U read at
        the words level: ``au`` = ``à le``), as ``(first, end, surface form)`` over the flat
        token list; ``None`` for a word that is its own token."""
        return self._multiword[side].get(index)

    def multiwords_in(self, side: str, span: tuple[int, int]) -> list[tuple[str, list[str]]]:
        """The multiword tokens with a word in tokens ``span`` of ``side``, in order: each
        surface form with all its words (``("au", ["à", "le"])``)."""
        entries = dict.fromkeys(entry for index in range(*span) if (entry := self.multiword(side, index)))
        return [(form, self._tokens[side][first:end]) for first, end, form in entries]

    def tokens(self, side: str, span: tuple[int, int]) -> list[str]:
        """Tokens ``span[0]:span[1]`` of the flat token list of ``side``."""
        return self._tokens[side][span[0] : span[1]]

    def group_tokens(self, group: WordGroup, side: str) -> list[str]:
        """The tokens of a word group on ``side``."""
        return self.tokens(side, group.gold if side == GOLD else group.sys)

    def normalised(self, group: WordGroup) -> tuple[str, str] | None:
        """``(gold token, system token)`` when ``group`` is a match whose two tokens are written
        differently (the normalisation made them equal: ``` `` ``` and ``"``), else ``None``."""
        if not group.is_match:
            return None
        gold, system = self.group_tokens(group, GOLD), self.group_tokens(group, SYS)
        return (gold[0], system[0]) if gold != system else None

    def normalised_pairs(self, unit: Unit) -> list[tuple[str, str]]:
        """Every :meth:`normalised` pair of the unit, in order."""
        return [pair for group in unit.words if (pair := self.normalised(group)) is not None]

    @staticmethod
    def group_counts(group: WordGroup) -> Counts:
        """The word group's TP/FP/FN, by jpcore's rule (they add up to ``unit.tokens``)."""
        return group_counts(group)


def _multiword_of(segmentation: Segmentation, starts: list[int]) -> dict[int, tuple[int, int, str]]:
    """Flat token index -> its multiword token ``(first, end, form)`` (flat indices), for
    every word of a multiword token of ``segmentation``."""
    found: dict[int, tuple[int, int, str]] = {}
    for sentence, start in zip(segmentation.sentences, starts):
        for first, end, form in sentence.multiword or ():
            entry = (start + first, start + end, form)
            for index in range(start + first, start + end):
                found[index] = entry
    return found


def _flat_tokens(segmentation: Segmentation) -> list[str]:
    return [token for sentence in segmentation.sentences for token in sentence.tokens]
