"""Two-level sides: sentences of tokens flattened into one character stream.

Contract: a :class:`Side` is one side of an evaluation (gold or system)
flattened for the jp-algorithm (:mod:`jpcore.align.streams`): the unit keys
(normalised, whitespace-free tokens), the offsets in the stream where each
token and each sentence ends, and where each sentence's tokens start in the
flat token list.  :func:`align_sides` aligns two sides' streams, sliding a
one-sided gap onto sentence ends first, token ends next
(:func:`boundary_weights`); :func:`jpcore.align.nesting.align_nested` then
cuts both levels from that one character alignment.

Every evaluation builds its sides here: preprocess and ud from a
:class:`~jpcore.formats.segmentation.Segmentation` (:meth:`Side.build`,
with the CoNLL 2018 reading of multiword tokens at the ``surface``),
parseval from the words of its trees (:meth:`Side.of_tokens`), gec from its
sentences alone, each one token (:meth:`Side.of_sentences`).

>>> g = Side.of_tokens([["Click", "here"], ["To", "view"]], str)
>>> g.stream, g.token_ends, g.sentence_ends, g.token_starts
('ClickhereToview', [5, 9, 11, 15], [9, 15], [0, 2, 4])
>>> boundary_weights(g.token_ends, g.sentence_ends)
{5: 1, 9: 4, 11: 1, 15: 4, 0: 4}
>>> align_sides(g, Side.of_tokens([["Clickhere", "Toview"]], str)).identical
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain
from operator import eq

from jpcore.align.similarity import Normaliser
from jpcore.align.grouping import ends_of
from jpcore.align.streams import CharAlignment, align_streams

TYPE_CHECKING = False  # typing.TYPE_CHECKING: Segmentation only names what Side.build takes, and its
if TYPE_CHECKING:  # module's import (dataclasses made) is a tenth of jpcore parseval's on raw text
    from jpcore.align.multiword import SideWords  # imported where a side has multiword tokens (not on trees)
    from jpcore.formats.segmentation import Segmentation

__all__ = ["SENTENCE_END", "TOKEN_END", "Side", "SortedWeights", "align_sides", "boundary_weights", "cached_key",
           "token_starts"]

#: Weight of a token end when a one-sided gap slides (:func:`jpcore.align.streams.align_streams`).
TOKEN_END = 1
#: Weight of a sentence end (and of the start of the stream): a missing sentence
#: becomes one whole one-sided group.
SENTENCE_END = 4


def boundary_weights(token_ends: Iterable[int], sentence_ends: Iterable[int]) -> dict[int, int]:
    """Offsets where units end: :data:`TOKEN_END` for a token end,
    :data:`SENTENCE_END` for a sentence end and for the start of the stream."""
    weights = dict.fromkeys(token_ends, TOKEN_END)
    weights[0] = SENTENCE_END
    for end in sentence_ends:
        weights[end] = SENTENCE_END
    return weights


class SortedWeights(Mapping[int, int]):
    """:func:`boundary_weights` read from the sorted ``token_ends`` and ``sentence_ends``
    themselves (a binary search per offset asked), not copied into a dict: an alignment
    asks about the few offsets near its gaps, and a dict of every token end cost about
    80 bytes a token.

    >>> weights = SortedWeights([5, 9, 11, 15], [9, 15])
    >>> dict(weights) == boundary_weights([5, 9, 11, 15], [9, 15]), weights.get(7, 0), 11 in weights
    (True, 0, True)
    """

    __slots__ = ("_tokens", "_sentences")

    def __init__(self, token_ends: Sequence[int], sentence_ends: Sequence[int]) -> None:
        self._tokens = token_ends
        self._sentences = sentence_ends

    @staticmethod
    def _holds(ends: Sequence[int], offset: int) -> bool:
        k = bisect_left(ends, offset)
        return k < len(ends) and ends[k] == offset

    def __getitem__(self, offset: int) -> int:
        if offset == 0 or self._holds(self._sentences, offset):
            return SENTENCE_END
        if self._holds(self._tokens, offset):
            return TOKEN_END
        raise KeyError(offset)

    def __contains__(self, offset: object) -> bool:
        return isinstance(offset, int) and (offset == 0 or self._holds(self._sentences, offset)
                                            or self._holds(self._tokens, offset))

    def __iter__(self) -> Iterator[int]:
        return iter(boundary_weights(self._tokens, self._sentences))

    def __len__(self) -> int:
        return len(boundary_weights(self._tokens, self._sentences))

    def __bool__(self) -> bool:
        return True  # the start of the stream is always a boundary (no dict made to say so)


def token_starts(sizes: Iterable[int]) -> list[int]:
    """Index of each sentence's first token in the flat token list, plus the total,
    given each sentence's number of tokens."""
    return [0, *accumulate(sizes)]


def cached_key(key: Callable[[str], str]) -> Callable[[str], str]:
    """``key`` computed once per distinct token (tokens repeat)."""
    cache: dict[str, str] = {}

    def cached(token: str) -> str:
        value = cache.get(token)
        if value is None:
            value = cache[token] = key(token)
        return value

    return cached


@dataclass(slots=True)
class Side:
    """One side flattened: unit keys, unit and sentence end offsets.

    Units are the tokens read (the syntactic words at the ``words`` level).
    Offsets are in the side's normalised whitespace-free character stream;
    ``token_starts[k]`` is the index of sentence ``k``'s first unit in the
    flat list (plus the total at the end).  With ``words`` (CoNLL-U on both
    sides at the ``words`` level: :meth:`build` with ``surface``) the stream
    holds the *tokens'* characters, as the CoNLL 2018 script reads them:
    every word of a multiword token ends where its token ends, and ``words``
    says where the token starts and how the script compares the word's FORM
    (:mod:`jpcore.align.multiword`).  ``keys`` are each unit's own key.
    """

    keys: list[str]
    token_ends: list[int]
    sentence_ends: list[int]
    token_starts: list[int]  # per sentence, into the flat token list
    stream: str
    words: SideWords | None = None

    @classmethod
    def of_keys(cls, keys: list[str], starts: list[int]) -> Side:
        """The side of tokens already turned into ``keys``, sentence ``k`` holding
        ``keys[starts[k]:starts[k + 1]]``."""
        token_ends = ends_of(keys)
        sentence_ends = [token_ends[i - 1] if i else 0 for i in starts[1:]]
        return cls(keys, token_ends, sentence_ends, starts, "".join(keys))

    @classmethod
    def of_tokens(cls, sentences: Sequence[Sequence[str]], key: Callable[[str], str]) -> Side:
        """The side of ``sentences`` (each a sequence of tokens), every token's key
        computed by ``key`` (once per distinct token)."""
        # one key per distinct token, then a C-level lookup per token (no Python call per token)
        distinct = {token: key(token) for token in set(chain.from_iterable(sentences))}
        keys = list(map(distinct.__getitem__, chain.from_iterable(sentences)))
        return cls.of_keys(keys, token_starts(map(len, sentences)))

    @classmethod
    def of_sentences(cls, keys: list[str]) -> Side:
        """A one-level side: each sentence one unit with its key (every end a sentence end)."""
        return cls.of_keys(keys, list(range(len(keys) + 1)))

    @classmethod
    def build(cls, segmentation: Segmentation, normaliser: Normaliser, surface: bool = False) -> Side:
        """The side of ``segmentation`` (see the class doc); the keys are the
        normaliser's character keys (:meth:`~jpcore.align.similarity.Normaliser.plain`)."""
        if surface:
            return cls._build_surface(segmentation, cached_key(normaliser.plain().key))
        return cls.of_tokens([sentence.tokens for sentence in segmentation.sentences], normaliser.plain().key)

    @classmethod
    def _build_surface(cls, segmentation: Segmentation, key: Callable[[str], str]) -> Side:
        from jpcore.align.multiword import SideWords

        keys: list[str] = []
        token_ends: list[int] = []
        multiword_starts: list[int] = []
        parts: list[str] = []
        offset = 0
        for sentence in segmentation.sentences:
            words = sentence.tokens
            sentence_keys = [key(word) for word in words]
            keys += sentence_keys
            if not sentence.multiword:  # the usual sentence: every word is a token
                parts += sentence_keys
                token_ends += accumulate((len(k) for k in sentence_keys), initial=offset)
                del token_ends[-len(sentence_keys) - 1]  # the initial offset
                offset = token_ends[-1] if sentence_keys else offset
                multiword_starts += [-1] * len(words)
                continue
            multiword = iter(sentence.multiword)
            next_multiword = next(multiword, None)
            k = 0
            while k < len(words):
                if next_multiword is not None and next_multiword[0] == k:
                    first, end, form = next_multiword
                    next_multiword = next(multiword, None)
                    token_key = key(form)
                    start, offset = offset, offset + len(token_key)
                    parts.append(token_key)
                    token_ends += [offset] * (end - first)
                    multiword_starts += [start] * (end - first)
                    k = end
                    continue
                parts.append(sentence_keys[k])
                offset += len(sentence_keys[k])
                token_ends.append(offset)
                multiword_starts.append(-1)
                k += 1
        starts = token_starts(len(sentence.tokens) for sentence in segmentation.sentences)
        sentence_ends = [token_ends[i - 1] if i else 0 for i in starts[1:]]
        words = [word for sentence in segmentation.sentences for word in sentence.tokens]
        return cls(keys, token_ends, sentence_ends, starts, "".join(parts),
                   SideWords(token_ends, multiword_starts, words))

    def boundary_weights(self) -> Mapping[int, int]:
        """:func:`boundary_weights` of this side's token and sentence ends, looked up in the
        sorted end lists when asked (:class:`SortedWeights`: only offsets near a gap are)."""
        return SortedWeights(self.token_ends, self.sentence_ends)

    def empty_unit_starts(self) -> list[int] | None:
        """Where each unit starts in the stream, when some unit has no characters
        (a key that normalises to nothing: ``"\\u200b"``); ``None`` when every unit has some."""
        token_ends = self.token_ends
        words = self.words
        if "" not in self.keys and (words is None or not any(map(eq, words.multiword_starts, token_ends))):
            return None
        if words is not None:
            return [words.start(k) for k in range(len(token_ends))]
        return [0, *token_ends[:-1]]

    def sentence_at(self, offset: int) -> int:
        """Index of the sentence holding character ``offset`` (the last one past the end)."""
        return min(bisect_right(self.sentence_ends, offset), max(len(self.sentence_ends) - 1, 0))

    def unit_start(self, k: int) -> int:
        """Where unit ``k`` starts in the stream (a word of a multiword token: where the token starts)."""
        if self.words is not None:
            return self.words.start(k)
        return self.token_ends[k - 1] if k else 0

    def prefix(self, k: int, chars: int) -> Side:
        """The side of the first ``k`` sentences, which end at character ``chars``."""
        n_tokens = self.token_starts[k]
        words = self.words
        if words is not None:
            from jpcore.align.multiword import SideWords

            words = SideWords(words.ends[:n_tokens], words.multiword_starts[:n_tokens], words.forms[:n_tokens])
        return Side(self.keys[:n_tokens], self.token_ends[:n_tokens], self.sentence_ends[:k],
                    self.token_starts[: k + 1], self.stream[:chars], words)


def align_sides(gold: Side, sys: Side) -> CharAlignment:
    """The character alignment of two sides (:func:`jpcore.align.streams.align_streams`):
    a one-sided gap is placed on sentence ends, then on token ends."""
    if gold.stream == sys.stream:
        return align_streams(gold.stream, sys.stream)
    return align_streams(gold.stream, sys.stream, gold.boundary_weights(), sys.boundary_weights())
