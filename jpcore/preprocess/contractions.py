"""Contraction equivalences (``--contractions``) that can only help.

Contract: :func:`upgrade_units` takes the aligned units (each sentence group
with its word groups) of the plain character alignment and returns them with
every unit whose characters differ aligned again, its units' keys mapped by
the equivalences (``ca`` = ``can``, ``n't`` = ``not``; :meth:`Normaliser.contract
<jpcore.align.similarity.Normaliser.contract>`); the new units replace the old one
only when they have at least as many sentence *and* token TPs.

Why not map the keys before aligning (as an earlier version did): the
equivalences are per token, and tokenizers cut contractions differently, so
the mapping itself can make identical characters differ -- gold ``was n't``
(``wasnot``) against system ``wasn't`` (no entry: ``wasn't``).  Mapping only
what already differs, and keeping the better of the two alignments, means
that switching the option on never loses a TP (the EWT test set against nltk
keeps its 1084 sentences; mapped first it fell to 1083, surface tokens to
1038).

>>> from jpcore.align import align_units
>>> [g.kind for g in align_units(["ca", "n't"], ["cannot"])]
['different']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from jpcore.align import DIFFERING, CharRanges, Group, Nested, Side, align_sides, group_units, group_words, nest

__all__ = ["Resolved", "upgrade_units"]

#: Character ranges of a unit whose characters differ only by the equivalences.
Resolved = CharRanges


def upgrade_units(
    nested: Sequence[Nested], g: Side, s: Side, contract: Callable[[str], str]
) -> tuple[list[Nested], list[Resolved]]:
    """``nested`` with each unit whose characters differ replaced by its
    alignment under the equivalences when that is better (module doc), and
    the ranges of the units that become equal under them (their differing
    stretches are no longer differences)."""
    out: list[Nested] = []
    resolved: list[Resolved] = []
    for group, words in nested:
        if group.kind in DIFFERING and _inside(group, words, g, s):
            better = _realigned(group, words, g, s, contract)
            if better is not None:
                units, equal = better
                out.extend(units)
                if equal:
                    resolved.append((group.gold_chars, group.sys_chars))
                continue
        out.append((group, words))
    return out, resolved


def _inside(group: Group, words: Sequence[Group], g: Side, s: Side) -> bool:
    """Whether ``words`` cover exactly the unit's tokens (not so around a cross-sentence word pair)."""
    gold_tokens = (g.token_starts[group.gold[0]], g.token_starts[group.gold[1]])
    sys_tokens = (s.token_starts[group.sys[0]], s.token_starts[group.sys[1]])
    if not words:
        return gold_tokens[0] == gold_tokens[1] and sys_tokens[0] == sys_tokens[1]
    return (words[0].gold[0], words[-1].gold[1]) == gold_tokens and (words[0].sys[0], words[-1].sys[1]) == sys_tokens


def _score(sentences: Sequence[Group], words: Sequence[Group]) -> tuple[int, int]:
    return sum(1 for group in sentences if group.is_match), sum(1 for word in words if word.is_match)


def _realigned(
    group: Group, words: Sequence[Group], g: Side, s: Side, contract: Callable[[str], str]
) -> tuple[list[Nested], bool] | None:
    """The unit aligned again under the equivalences and whether its two sides are
    then equal, or ``None`` if that is not better."""
    gold = _Part(g, group.gold, contract)
    system = _Part(s, group.sys, contract)
    chars = align_sides(gold.local, system.local)
    sentences = group_units(gold.local.sentence_ends, system.local.sentence_ends, chars)
    tokens = group_words(gold.local, system.local, chars, sentences)
    old_score, new_score = _score([group], words), _score(sentences, tokens)
    if new_score == old_score or new_score[0] < old_score[0] or new_score[1] < old_score[1]:
        return None
    out: list[Nested] = [
        (gold.place_sentences(sentence, system), [gold.place_tokens(token, system) for token in inside])
        for sentence, inside in nest(sentences, tokens, gold.local.token_starts, system.local.token_starts)
    ]
    return out, chars.identical


class _Part:
    """One side of a unit under the equivalences: the mapped keys of its tokens,
    their local end offsets and its sentences' (``first`` = the unit's first
    sentence and token in the whole side)."""

    def __init__(self, side: Side, sentences: tuple[int, int], contract: Callable[[str], str]) -> None:
        self.side = side
        self.first_sentence = sentences[0]
        self.first_token = side.token_starts[sentences[0]]
        starts = side.token_starts[sentences[0] : sentences[1] + 1]
        keys = [contract(key) for key in side.keys[self.first_token : starts[-1]]]
        #: the unit's sentences as a side of their own (local indices and offsets)
        self.local = Side.of_keys(keys, [start - self.first_token for start in starts])

    def _sentence_chars(self, first: int, stop: int) -> tuple[int, int]:
        side = self.side
        start = side.sentence_ends[first - 1] if first else 0
        return (start, side.sentence_ends[stop - 1]) if stop > first else (start, start)

    def _token_chars(self, first: int, stop: int) -> tuple[int, int]:
        side = self.side
        if stop > first:
            return side.unit_start(first), side.token_ends[stop - 1]
        point = side.token_ends[first - 1] if first else 0
        return point, point

    def place_sentences(self, group: Group, other: _Part) -> Group:
        """A sentence group of the part as one of the whole sides (indices and characters)."""
        gold = (group.gold[0] + self.first_sentence, group.gold[1] + self.first_sentence)
        sys = (group.sys[0] + other.first_sentence, group.sys[1] + other.first_sentence)
        return Group(gold, sys, self._sentence_chars(*gold), other._sentence_chars(*sys), group.kind)

    def place_tokens(self, group: Group, other: _Part) -> Group:
        """A word group of the part as one of the whole sides."""
        gold = (group.gold[0] + self.first_token, group.gold[1] + self.first_token)
        sys = (group.sys[0] + other.first_token, group.sys[1] + other.first_token)
        return Group(gold, sys, self._token_chars(*gold), other._token_chars(*sys), group.kind)
