"""Tokenization and sentence boundary evaluation (jp-preprocessing).

:func:`evaluate` aligns a gold and a system :class:`Segmentation` -- sentences
first, then words inside each aligned sentence group -- and counts, per
aligned unit and in total, true positives, false positives and false
negatives for sentences and for tokens:

* a sentence (token) is a TP when a gold and a system sentence (token) cover
  exactly the same characters: a 1:1 group with identical text;
* FP = system units - TP and FN = gold units - TP, so every unit of a merged,
  similar or one-sided group is an error on its side.

Where gold and system have the same characters these are exactly the CoNLL
2018 UD script's Sentences and Tokens/Words counts.  At the ``words`` level
of two CoNLL-U files that takes what the script does: the characters and the
sentence boundaries are the *tokens'* (a multiword token's surface form),
and the words inside multiword tokens are paired as the script pairs them
(:mod:`jpcore.align.multiword`), so ``du`` expanded ``de le`` against
an unexpanded ``du`` is one correct sentence and no correct word.  Where the
characters differ, the differing stretches are reported (``differences``) and
a unit touching one can never be a TP.  Contraction equivalences (opt-in)
only re-align units whose characters differ, and only when that finds more
(:mod:`jpcore.preprocess.contractions`): switching them on never
makes a pair worse.

The :class:`PreprocessResult` keeps both inputs, every unit with its word
groups and counts, and the totals; it is what the CLI prints, the JSON
export holds and every inspector page reads.

>>> from jpcore.formats import read_segmentation
>>> gold = read_segmentation("Click here To view it .\\n", "gold.txt")
>>> system = read_segmentation("Click here\\nTo view it .\\n", "sys.txt")
>>> result = evaluate(gold, system)
>>> result.totals["sentences"].as_tuple(), result.totals["tokens"].as_tuple()
((0, 2, 1), (6, 0, 0))
>>> result.units[0].shape, result.units[0].ratio
('1:n', '1:2')
"""

from __future__ import annotations

from collections.abc import Callable

from jpcore.align import (
    CharAlignment,
    Side,
    align_nested,
    align_sides,
    align_streams,
    differences_of,
    first_difference_error,
)
from jpcore.align.similarity import Normaliser
from jpcore.formats.segmentation import Segmentation
from jpcore.preprocess.contractions import Resolved, upgrade_units
from jpcore.preprocess.result import Counts, PreprocessResult, Unit, group_counts
from jpcore.runtime import gc_paused, promote_young_objects

__all__ = ["count_units", "evaluate", "evaluate_bytes", "surface_level"]


def surface_level(gold: Segmentation, system: Segmentation) -> bool:
    """Whether the streams hold the tokens' characters while the units are words:
    both files CoNLL-U read at the ``words`` level (as the CoNLL 2018 script
    reads them).  A tokenized text file has no multiword tokens: against it a
    CoNLL-U file's words are compared as they are written."""
    return gold.format == system.format == "conllu" and gold.level == system.level == "words"


def evaluate(
    gold: Segmentation,
    system: Segmentation,
    normaliser: Normaliser | None = None,
    *,
    strict: bool = False,
    raw_text: str | None = None,
) -> PreprocessResult:
    """Align ``system`` to ``gold`` and count sentence and token TP/FP/FN.

    With ``strict=True`` differing characters raise :class:`InputError`
    naming the first difference (file, line, 20 characters of each side),
    as the CoNLL 2018 script does.  ``raw_text`` (optional) adds each unit's
    range in the raw document.
    """
    with gc_paused():
        return _evaluate(gold, system, normaliser or Normaliser.for_language("en"), strict, raw_text)


def evaluate_bytes(
    gold_data: bytes,
    sys_data: bytes,
    gold_name: str = "gold",
    sys_name: str = "system",
    fmt: str = "auto",
    level: str = "words",
    normaliser: Normaliser | None = None,
    *,
    strict: bool = False,
    raw_text: str | None = None,
) -> PreprocessResult:
    """Read two segmented files' bytes and :func:`evaluate` them: what
    ``jpcore preprocess GOLD SYSTEM`` does.

    The cyclic garbage collector stays paused from the first byte read to
    the result (re-enabling it between reading and aligning makes it rescan
    every sentence read: measurably superlinear on big files).
    """
    from jpcore.formats import read_segmentation

    with gc_paused():
        gold = read_segmentation(gold_data, gold_name, fmt, level)
        system = read_segmentation(sys_data, sys_name, fmt, level)
        result = evaluate(gold, system, normaliser, strict=strict, raw_text=raw_text)
        promote_young_objects()  # the result is long-lived: no scan of it when the collector resumes
        return result


def _evaluate(
    gold: Segmentation, system: Segmentation, normaliser: Normaliser, strict: bool, raw_text: str | None
) -> PreprocessResult:
    surface = surface_level(gold, system)
    g = Side.build(gold, normaliser, surface)
    s = Side.build(system, normaliser, surface)
    chars = align_sides(g, s)
    if strict and not chars.identical:
        raise first_difference_error(gold, system, g, s, chars)
    raw_map = _raw_map(g.stream, raw_text) if raw_text is not None else None
    units, totals, resolved = count_units(g, s, chars, raw_map, normaliser)
    differences = [] if chars.identical else differences_of(gold, system, g, s, chars, resolved)
    return PreprocessResult(gold, system, normaliser, units, totals, differences)


def count_units(
    g: Side, s: Side, chars: CharAlignment, raw_map: Callable[..., int] | None = None,
    normaliser: Normaliser | None = None,
) -> tuple[list[Unit], dict[str, Counts], list[Resolved]]:
    """The aligned units of two sides (sentence groups with their word groups
    and counts), the totals, and the character ranges of the units that are
    equal only under the contraction equivalences, given the alignment.

    The units are :func:`jpcore.align.align_nested`'s (words inside multiword
    tokens paired as the CoNLL 2018 script pairs them); with contraction
    equivalences on, units whose characters differ are aligned again under
    them and kept only if that finds more (:mod:`jpcore.preprocess.contractions`).
    """
    nested = align_nested(g, s, chars)
    resolved: list[Resolved] = []
    if normaliser is not None and normaliser.contractions:
        nested, resolved = upgrade_units(nested, g, s, normaliser.contract)

    units: list[Unit] = []
    total_sentences, total_tokens = Counts(), Counts()
    for number, (group, words) in enumerate(nested):
        tokens = Counts(tp=sum(1 for word in words if word.is_match))
        tokens.fp = (s.token_starts[group.sys[1]] - s.token_starts[group.sys[0]]) - tokens.tp
        tokens.fn = (g.token_starts[group.gold[1]] - g.token_starts[group.gold[0]]) - tokens.tp
        sentences = group_counts(group)
        raw_chars = None
        if raw_map is not None:
            raw_chars = (raw_map(group.gold_chars[0], start=True), raw_map(group.gold_chars[1], start=False))
        units.append(
            Unit(number, group.gold, group.sys, group.gold_chars, group.sys_chars, group.kind,
                 words, sentences, tokens, raw_chars)
        )
        total_sentences.add(sentences)
        total_tokens.add(tokens)
    return units, {"sentences": total_sentences, "tokens": total_tokens}, resolved


def _raw_map(gold_stream: str, raw_text: str):
    """A function mapping a gold stream offset to an index in ``raw_text``."""
    from jpcore.formats.raw import char_positions

    positions = char_positions(raw_text)
    raw_stream = "".join(raw_text[i] for i in positions)
    chars = align_streams(gold_stream, raw_stream)

    def to_raw(offset: int, start: bool) -> int:
        mapped = chars.to_sys(offset)
        if mapped is None:
            mapped = 0 if start else len(positions)
        if start:
            return positions[mapped] if mapped < len(positions) else len(raw_text)
        return positions[mapped - 1] + 1 if mapped > 0 else 0

    return to_raw
