"""Sentence groups with the word groups inside them: both levels from one alignment.

Contract: :func:`align_nested` cuts two :class:`~jpcore.align.sides.Side`\\ s'
character alignment twice, where both sides end a *sentence* and where both
end a *token* (:func:`jpcore.align.grouping.group_units`), pairs the words of
multiword tokens as the CoNLL 2018 script does when both sides carry them
(:func:`jpcore.align.multiword.pair_words`), and returns each sentence group
with its word groups (:func:`nest`).  Every sentence end is a token end, so
word groups nest inside sentence groups -- except a word pair of the CoNLL
2018 script that joins the last word of one sentence to the next one's
(:mod:`jpcore.align.multiword`): it goes with the unit of its gold word.

>>> from jpcore.align.sides import Side, align_sides
>>> g = Side.of_tokens([["Click", "here"], ["To", "view", "it"]], str)
>>> s = Side.of_tokens([["Click", "here", "To", "view", "it"]], str)
>>> [(unit.kind, [word.kind for word in words]) for unit, words in align_nested(g, s, align_sides(g, s))]
[('merged', ['exact', 'exact', 'exact', 'exact', 'exact'])]
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Protocol

from jpcore.align.multiword import pair_words
from jpcore.align.sides import Side
from jpcore.align.grouping import cuts_of, group_between, group_units
from jpcore.align.streams import CharAlignment, Group

__all__ = ["Nested", "align_nested", "group_words", "nest"]

#: A sentence group and the word groups inside it.
Nested = tuple[Group, list[Group]]


class _Ranged(Protocol):
    gold: tuple[int, int]
    sys: tuple[int, int]


def nest(
    sentence_groups: Sequence[_Ranged], word_groups: Sequence[Group],
    gold_token_starts: Sequence[int], sys_token_starts: Sequence[int],
) -> list[tuple]:
    """Each sentence group (anything with ``gold``/``sys`` sentence ranges) with the
    word groups that end inside it, in order: ``[(sentence_group, words), ...]``.

    ``*_token_starts[k]`` is the index of sentence ``k``'s first token.  Raises
    ``AssertionError`` if a word group is left over (the alignment guarantees none is).
    """
    nested = []
    k, n_words = 0, len(word_groups)
    for group in sentence_groups:
        gold_stop = gold_token_starts[group.gold[1]]
        sys_stop = sys_token_starts[group.sys[1]]
        start = k
        while k < n_words:
            word = word_groups[k]
            if word.gold[1] > gold_stop or word.sys[1] > sys_stop:
                break
            k += 1
        nested.append((group, list(word_groups[start:k])))
    assert k == n_words, "word groups must end inside sentence groups"
    return nested


def group_words(gold: Side, sys: Side, chars: CharAlignment, sentence_groups: Sequence[Group]) -> list[Group]:
    """The word groups of two sides, each inside its sentence group.

    Without a word that has no characters this is
    ``group_units(gold.token_ends, sys.token_ends, chars)``: every sentence cut is a
    word cut, so the word groups nest.  A word without characters sits at a cut,
    where it could belong to the sentence group on either side of it; so then
    the words are cut sentence group by sentence group (the same cuts, the same
    rule: "Units without characters" in :mod:`jpcore.align.streams`), and each such
    word is grouped inside its own sentence's group.
    """
    gold_starts, sys_starts = gold.empty_unit_starts(), sys.empty_unit_starts()
    if gold_starts is None and sys_starts is None:
        return group_units(gold.token_ends, sys.token_ends, chars, empty_units=False)
    cuts = cuts_of(gold.token_ends, sys.token_ends, chars)
    gold_units, sys_units = (gold.token_ends, gold_starts), (sys.token_ends, sys_starts)
    gold_tokens, sys_tokens = gold.token_starts, sys.token_starts
    words: list[Group] = []
    for group in sentence_groups:
        start = (group.gold_chars[0], group.sys_chars[0])
        end = (group.gold_chars[1], group.sys_chars[1])
        inside = cuts[bisect_left(cuts, start) + 1 : bisect_left(cuts, end)]
        units = (gold_tokens[group.gold[0]], gold_tokens[group.gold[1]],
                 sys_tokens[group.sys[0]], sys_tokens[group.sys[1]])
        words += group_between(gold_units, sys_units, chars, units, start, [*inside, end])
    return words


def align_nested(gold: Side, sys: Side, chars: CharAlignment, word_groups: list[Group] | None = None,
                 sentence_groups: list[Group] | None = None) -> list[Nested]:
    """The sentence groups of two sides with their word groups (module doc).

    ``word_groups`` (:func:`group_words`) and ``sentence_groups``
    (``group_units(gold.sentence_ends, sys.sentence_ends, chars)``) when the caller
    has them already (the ud task reads the surface tokens off the word groups).
    """
    if sentence_groups is None:
        sentence_groups = group_units(gold.sentence_ends, sys.sentence_ends, chars)
    if word_groups is None:
        word_groups = group_words(gold, sys, chars, sentence_groups)
    if gold.words is not None and sys.words is not None:
        word_groups = pair_words(word_groups, gold.words, sys.words)
    return nest(sentence_groups, word_groups, gold.token_starts, sys.token_starts)
