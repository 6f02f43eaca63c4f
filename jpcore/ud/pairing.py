"""Which gold word is which system word: the preprocess alignment, reused as it is.

Contract: :func:`align_treebanks` aligns two treebanks with the very code
``jpcore preprocess`` runs on two CoNLL-U files at the ``words`` level, the
two-level alignment of :mod:`jpcore.align`: the characters are the *tokens'*,
with no normalisation but the deletion of spaces inside a token (the table
``none``); sentence groups, then word groups inside them
(:func:`jpcore.align.align_nested`); the words of multiword tokens paired as
``conll18_ud_eval.py`` pairs them (:mod:`jpcore.align.multiword`).  The surface tokens (the script's
Tokens row) are read off the word groups before that pairing: every word of
a multiword token ends where its token ends, so those groups are the
tokens' groups too.  Nothing is aligned a second way: a 1:1 ``exact`` word
group is an aligned word pair, exactly the script's, wherever the
characters are the same.

:func:`pairs_and_correspondence` reads the two relations the scores need
off the word groups (:mod:`jpcore.ud` states the rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jpcore.align import (
    EXACT, MERGED, CharAlignment, Difference, Group, Nested, Side, align_nested, align_sides, differences_of,
    first_difference_error, group_units, group_words, nest,
)
from jpcore.align.similarity import Normaliser
from jpcore.formats.segmentation import Segmentation
from jpcore.ud.treebank import Treebank

#: The normalisation table: the CoNLL 2018 script maps no character either.
NORMALISATION = "none"
#: ``correspondence[s]`` of a system word that corresponds to no gold word.
NOT_ALIGNED = -2


@dataclass(slots=True)
class WordAlignment:
    """The aligned units (each a sentence group with its word groups:
    :data:`jpcore.align.Nested`), each unit's surface-token counts
    ``(correct, gold, system)``, the character alignment and where the
    characters differ."""

    units: list[Nested]
    tokens: list[tuple[int, int, int]]
    chars: CharAlignment
    differences: list[Difference]


def align_treebanks(gold: Treebank, system: Treebank, *, strict: bool = False) -> WordAlignment:
    """Align ``system`` to ``gold`` (module doc).  With ``strict``, differing
    characters raise the ``--strict`` :class:`~jpcore.errors.InputError` of
    ``jpcore preprocess`` (file, line, the first 20 differing characters)."""
    normaliser = Normaliser.for_language(NORMALISATION)
    gold_seg, sys_seg = gold.segmentation, system.segmentation
    g = Side.build(gold_seg, normaliser, surface=True)
    s = Side.build(sys_seg, normaliser, surface=True)
    chars = align_sides(g, s)
    if strict and not chars.identical:
        raise first_difference_error(gold_seg, sys_seg, g, s, chars)
    # word groups before the multiword pairing: every word of a multiword token
    # ends where its token ends, so they are the surface tokens' groups too
    sentence_groups = group_units(g.sentence_ends, s.sentence_ends, chars)
    token_groups = group_words(g, s, chars, sentence_groups)
    units = align_nested(g, s, chars, token_groups, sentence_groups)
    tokens = _tokens_per_unit(units, token_groups, g, s, _tokens_before(gold_seg), _tokens_before(sys_seg))
    differences = [] if chars.identical else differences_of(gold_seg, sys_seg, g, s, chars)
    return WordAlignment(units, tokens, chars, differences)


def _tokens_before(segmentation: Segmentation) -> list[int]:
    """Surface tokens before each sentence (a multiword token counts once), plus the total."""
    out = [0]
    total = 0
    for sentence in segmentation.sentences:
        total += len(sentence.tokens)
        if sentence.multiword:
            total -= sum(end - first - 1 for first, end, _ in sentence.multiword)
        out.append(total)
    return out


def _one_token(multiword_starts: Sequence[int], first: int, stop: int) -> bool:
    """Whether words ``first:stop`` are one surface token: one word, or the words of one
    multiword token (they all start where it starts)."""
    return stop - first == 1 or multiword_starts[first] == multiword_starts[stop - 1] >= 0


def _tokens_per_unit(units: Sequence[Nested], groups: Sequence[Group], g: Side, s: Side,
                     gold_before: Sequence[int], sys_before: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(correct, gold, system)`` surface tokens of each unit, from the word groups
    before the multiword pairing (they nest in the sentence groups: every
    sentence end is a token end on both sides).  A token is correct where a
    group with the same characters on both sides holds one token on each."""
    assert g.words is not None and s.words is not None, "sides built at the surface"
    gold_starts, sys_starts = g.words.multiword_starts, s.words.multiword_starts
    out = []
    for unit, tokens in nest([unit for unit, _ in units], groups, g.token_starts, s.token_starts):
        correct = 0
        for group in tokens:
            (g0, g1), (s0, s1) = group.gold, group.sys
            kind = group.kind
            if kind == EXACT:  # one word on each side: one token on each
                correct += 1
            elif kind == MERGED and _one_token(gold_starts, g0, g1) and _one_token(sys_starts, s0, s1):
                correct += 1
        out.append((correct, gold_before[unit.gold[1]] - gold_before[unit.gold[0]],
                    sys_before[unit.sys[1]] - sys_before[unit.sys[0]]))
    return out


def pairs_and_correspondence(units: Sequence[Nested],
                             n_sys_words: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """The aligned word pairs of all units in order, as two parallel lists (gold
    words, system words; a pair is a 1:1 ``exact`` word group), the index of each
    unit's first pair (plus the total), and per system word the gold word it
    corresponds to (:data:`NOT_ALIGNED` if none): its pair's, or the other word
    of a 1:1 group whose characters differ (``similar`` / ``different``).
    Words a multiword span leaves unpaired (1:1 ``merged`` groups) correspond
    to nothing, as in the script."""
    gold_words: list[int] = []
    sys_words: list[int] = []
    pairs_before = [0]
    correspondence = [NOT_ALIGNED] * n_sys_words
    for _, words in units:
        for group in words:
            g0, g1 = group.gold
            s0, s1 = group.sys
            if g1 - g0 == 1 and s1 - s0 == 1 and group.kind != MERGED:
                correspondence[s0] = g0
                if group.kind == EXACT:
                    gold_words.append(g0)
                    sys_words.append(s0)
        pairs_before.append(len(gold_words))
    return gold_words, sys_words, pairs_before, correspondence
