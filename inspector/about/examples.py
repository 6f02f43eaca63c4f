"""The jp-algorithm papers' examples, run live by jpcore for the About page.

Each :class:`PaperExample` is a tiny gold and system segmentation (one
sentence per line, tokens separated by spaces) taken from the papers'
illustrations (English Web Treebank sentences).  :func:`run_example` reads
them with jpcore's reader and scores them with
:func:`jpcore.preprocess.evaluate`; :func:`walk` lists the offsets where each side ends a sentence and a token
in the space-free text, as the algorithm walks them (computed by
:func:`jpcore.align.ends_of` on the normaliser's keys), and the cuts, read
from the result's units and word groups.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.align import ends_of
from jpcore.formats import read_segmentation
from jpcore.formats.segmentation import Segmentation
from jpcore.preprocess import PreprocessResult, evaluate


@dataclass(frozen=True, slots=True)
class PaperExample:
    """A gold and a system text (tokenized, one sentence per line) and what it shows."""

    key: str
    title: str
    gold: str
    system: str
    lesson: str


EXAMPLES: tuple[PaperExample, ...] = (
    PaperExample(
        key="click",
        title="One gold sentence, two system sentences",
        gold="Click here To view it .\n",
        system="Click here\nTo view it .\n",
        lesson=(
            "The system ends a sentence after *here*; gold does not. Neither system sentence "
            "starts and ends where the gold sentence does, so the unit is 1:2 (the system's "
            "sentences are joined with ~~~): sentence FP 2, FN 1. Every token still has the same "
            "start and end on both sides: the six tokens are TP."
        ),
    ),
    PaperExample(
        key="mike",
        title="Three gold sentences, one system sentence",
        gold="Mike McConnell\n07/06/2000 14:57\nJohn , Hello from South America .\n",
        system="Mike McConnell 07/06/2000 14:57 John , Hello from South America .\n",
        lesson=(
            "An e-mail header: gold has a sentence per line, the system (a splitter that ends "
            "sentences only at punctuation) has one. A 3:1 unit: sentence FP 1, FN 3; the eleven "
            "tokens are TP."
        ),
    ),
    PaperExample(
        key="isnt",
        title="A 2:2 word group: Isn 't vs Is n't",
        gold="When No. 1 Is n't the Best\n",
        system="When No. 1 Isn 't the Best\n",
        lesson=(
            "The sentence matches (TP 1), but inside it both sides cut the five characters "
            "*Isn't* into two tokens at different places. No token of the group starts and ends "
            "where a token of the other side does: a 2:2 word group, token FN 2 and FP 2; the "
            "other five tokens are TP."
        ),
    ),
)


def get_example(key: str) -> PaperExample:
    """The example called ``key`` (KeyError if unknown)."""
    return {example.key: example for example in EXAMPLES}[key]


def read_example(example: PaperExample) -> tuple[Segmentation, Segmentation]:
    """Gold and system segmentations of an example (jpcore's tokenized-text reader)."""
    return (
        read_segmentation(example.gold, "gold", "text"),
        read_segmentation(example.system, "system", "text"),
    )


def run_example(example: PaperExample) -> PreprocessResult:
    """The example scored by :func:`jpcore.preprocess.evaluate`."""
    gold, system = read_example(example)
    return evaluate(gold, system)


def _ends(result: PreprocessResult, segmentation: Segmentation) -> tuple[list[int], list[int]]:
    """Sentence and token end offsets of one side in the space-free normalised text."""
    key = result.normaliser.key
    sentence_keys = []
    token_keys = []
    for sentence in segmentation.sentences:
        keys = [key(token) for token in sentence.tokens]
        token_keys.extend(keys)
        sentence_keys.append("".join(keys))
    return ends_of(sentence_keys), ends_of(token_keys)


@dataclass(frozen=True, slots=True)
class Walk:
    """The space-free gold text, each side's sentence and token end offsets,
    and the cuts: where both sides end a sentence (the units' ends) and a
    token (the word groups' ends)."""

    stream: str
    gold_ends: list[int]
    sys_ends: list[int]
    cuts: list[int]
    gold_token_ends: list[int]
    sys_token_ends: list[int]
    token_cuts: list[int]


def walk(result: PreprocessResult) -> Walk:
    """What the algorithm sees: end offsets per side (computed by
    :func:`jpcore.align.ends_of`) and the cuts, read from the result."""
    key = result.normaliser.key
    stream = "".join(key(token) for sentence in result.gold.sentences for token in sentence.tokens)
    gold_sentences, gold_tokens = _ends(result, result.gold)
    sys_sentences, sys_tokens = _ends(result, result.system)
    return Walk(
        stream,
        gold_sentences,
        sys_sentences,
        [unit.gold_chars[1] for unit in result.units],
        gold_tokens,
        sys_tokens,
        [group.gold_chars[1] for unit in result.units for group in unit.words],
    )
