"""Contraction equivalences (``--contractions``) that can only help.

Contract: :func:`upgrade_units` takes the aligned units (each sentence group
with its word groups) of the plain character alignment and returns them with
every unit whose characters differ aligned again, its units' keys mapped by
the equivalences (``ca`` = ``can``, ``n't`` = ``not``; :meth:`Normaliser.contract
<jpcore.similarity.Normaliser.contract>`); the new units replace the old one
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
from typing import TYPE_CHECKING

from jpcore.align import DIFFERING, Group, align_streams, ends_of, group_units

if TYPE_CHECKING:  # pragma: no cover
    from jpcore.tasks.preprocess import Side

#: A sentence group and the word groups inside it.
UnitWords = tuple[Group, list[Group]]

__all__ = ["Resolved", "UnitWords", "upgrade_units"]


#: Character ranges ``((gold_start, gold_end), (sys_start, sys_end))`` of a unit
#: whose characters differ only by the equivalences.
Resolved = tuple[tuple[int, int], tuple[int, int]]


def upgrade_units(
    nested: Sequence[UnitWords], g: Side, s: Side, contract: Callable[[str], str]
) -> tuple[list[UnitWords], list[Resolved]]:
    """``nested`` with each unit whose characters differ replaced by its
    alignment under the equivalences when that is better (module doc), and
    the ranges of the units that become equal under them (their differing
    stretches are no longer differences)."""
    out: list[UnitWords] = []
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
) -> tuple[list[UnitWords], bool] | None:
    """The unit aligned again under the equivalences and whether its two sides are
    then equal, or ``None`` if that is not better."""
    gold = _Part(g, group.gold, contract)
    system = _Part(s, group.sys, contract)
    if gold.stream == system.stream:
        chars = align_streams(gold.stream, system.stream)
    else:
        chars = align_streams(gold.stream, system.stream, gold.weights(), system.weights())
    sentences = group_units(gold.sentence_ends, system.sentence_ends, chars)
    tokens = group_units(gold.token_ends, system.token_ends, chars)
    old_score, new_score = _score([group], words), _score(sentences, tokens)
    if new_score == old_score or new_score[0] < old_score[0] or new_score[1] < old_score[1]:
        return None
    out: list[UnitWords] = []
    k = 0
    for sentence in sentences:
        sentence = gold.place_sentences(sentence, system)
        gold_end = g.token_starts[sentence.gold[1]]
        sys_end = s.token_starts[sentence.sys[1]]
        inside: list[Group] = []
        while k < len(tokens):
            token = gold.place_tokens(tokens[k], system)
            if token.gold[1] > gold_end or token.sys[1] > sys_end:
                break
            inside.append(token)
            k += 1
        out.append((sentence, inside))
    return out, chars.identical


class _Part:
    """One side of a unit under the equivalences: the mapped keys of its tokens,
    their local end offsets and its sentences' (``first`` = the unit's first
    sentence and token in the whole side)."""

    def __init__(self, side: Side, sentences: tuple[int, int], contract: Callable[[str], str]) -> None:
        self.side = side
        self.first_sentence = sentences[0]
        self.first_token = side.token_starts[sentences[0]]
        last_token = side.token_starts[sentences[1]]
        keys = [contract(key) for key in side.keys[self.first_token:last_token]]
        self.stream = "".join(keys)
        self.token_ends = ends_of(keys)
        starts = side.token_starts[sentences[0] + 1 : sentences[1] + 1]
        self.sentence_ends = [self.token_ends[start - self.first_token - 1] if start > self.first_token else 0
                              for start in starts]

    def weights(self) -> dict[int, int]:
        weights = dict.fromkeys(self.token_ends, 1)
        weights[0] = 4
        weights.update(dict.fromkeys(self.sentence_ends, 4))
        return weights

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
