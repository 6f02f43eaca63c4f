"""Sentence groups with the word groups inside them: both levels from one alignment.

Contract: :func:`align_nested` cuts two :class:`~jpcore.align.sides.Side`\\ s'
character alignment twice, where both sides end a *sentence* and where both
end a *token* (:func:`jpcore.align.streams.group_units`), pairs the words of
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

from collections.abc import Sequence
from typing import Protocol

from jpcore.align.multiword import pair_words
from jpcore.align.sides import Side
from jpcore.align.streams import CharAlignment, Group, group_units

__all__ = ["Nested", "align_nested", "nest"]

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


def align_nested(gold: Side, sys: Side, chars: CharAlignment,
                 word_groups: list[Group] | None = None) -> list[Nested]:
    """The sentence groups of two sides with their word groups (module doc).

    ``word_groups`` are ``group_units(gold.token_ends, sys.token_ends, chars)``
    when the caller has them already (the ud task reads the surface tokens off them).
    """
    sentence_groups = group_units(gold.sentence_ends, sys.sentence_ends, chars)
    if word_groups is None:
        word_groups = group_units(gold.token_ends, sys.token_ends, chars)
    if gold.words is not None and sys.words is not None:
        word_groups = pair_words(word_groups, gold.words, sys.words)
    return nest(sentence_groups, word_groups, gold.token_starts, sys.token_starts)
