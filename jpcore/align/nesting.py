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

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from jpcore.align.sides import Side
from jpcore.align.grouping import cuts_of, group_between, group_units
from jpcore.align.streams import CharAlignment, Group, new_group

__all__ = ["Nested", "align_nested", "group_words", "nest", "word_groups_within"]

#: A sentence group and the word groups inside it.
Nested = tuple[Group, list[Group]]


TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (jpcore parseval's flat path imports none of it)
if TYPE_CHECKING:
    from typing import Protocol

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
        from jpcore.align.multiword import pair_words  # sides with multiword tokens only (not trees)

        word_groups = pair_words(word_groups, gold.words, sys.words)
    return nest(sentence_groups, word_groups, gold.token_starts, sys.token_starts)


def word_groups_within(gold: Side, sys: Side, chars: CharAlignment, group: Group) -> list[Group] | None:
    """The word groups :func:`align_nested` nests in the sentence group ``group``, computed
    from that group's tokens and characters alone (cost: the group's size, not the file's);
    ``None`` where that is not sure to be the same answer (then align the whole file).

    Holds when no token of either side is without characters (every token end is then
    after the one before it, so no word group reaches past a sentence cut; the caller
    checks that once per file, as ``Side.empty_unit_starts() is None``: otherwise
    :func:`group_words` decides) and neither side carries multiword tokens.  The group's stretch of both streams is grouped as a
    pair of streams of its own (:func:`~jpcore.align.streams.group_units` over the
    character runs inside it, moved to its start), then moved back: the cuts inside a
    sentence group are the file's cuts there, since runs rise on both sides.  A run that
    only touches the stretch at one point other than its corners gives ``None``.
    """
    if gold.words is not None or sys.words is not None:
        return None
    (g0, g1), (s0, s1) = group.gold, group.sys
    (a0, a1), (b0, b1) = group.gold_chars, group.sys_chars
    runs = chars.runs
    local: list[tuple[int, int, int]] = []
    k = max(bisect_right(runs, (a0, chars.sys_len + 1, 0)) - 1, 0)
    while k < len(runs):
        gold_pos, sys_pos, length = runs[k]
        if gold_pos > a1:
            break
        lo = max(gold_pos, a0, gold_pos + b0 - sys_pos)
        hi = min(gold_pos + length, a1, gold_pos + b1 - sys_pos)
        if hi == lo and (lo, sys_pos + lo - gold_pos) not in ((a0, b0), (a1, b1)):
            return None
        if hi > lo:
            local.append((lo - a0, sys_pos + lo - gold_pos - b0, hi - lo))
        k += 1
    gold_text, sys_text = chars.gold_text, chars.sys_text
    if gold_text is None or sys_text is None:
        return None
    window = CharAlignment(a1 - a0, b1 - b0, tuple(local), gold_text[a0:a1], sys_text[b0:b1])
    gold_ends = [end - a0 for end in gold.token_ends[gold.token_starts[g0]:gold.token_starts[g1]]]
    sys_ends = [end - b0 for end in sys.token_ends[sys.token_starts[s0]:sys.token_starts[s1]]]
    t0, u0 = gold.token_starts[g0], sys.token_starts[s0]
    return [new_group((w.gold[0] + t0, w.gold[1] + t0), (w.sys[0] + u0, w.sys[1] + u0),
                      (w.gold_chars[0] + a0, w.gold_chars[1] + a0), (w.sys_chars[0] + b0, w.sys_chars[1] + b0),
                      w.kind)
            for w in group_units(gold_ends, sys_ends, window)]
