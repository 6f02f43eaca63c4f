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
(:mod:`jpcore.tasks.preprocess_words`), so ``du`` expanded ``de le`` against
an unexpanded ``du`` is one correct sentence and no correct word.  Where the
characters differ, the differing stretches are reported (``differences``) and
a unit touching one can never be a TP.  Contraction equivalences (opt-in)
only re-align units whose characters differ, and only when that finds more
(:mod:`jpcore.tasks.preprocess_contractions`): switching them on never
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

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from jpcore.align import (
    KINDS,
    CharAlignment,
    Group,
    GroupShape,
    align_streams,
    ends_of,
    group_units,
)
from jpcore.errors import InputError, show
from jpcore.formats.conllu import segmentation_from_dict
from jpcore.formats.segmentation import Segmentation
from jpcore.runtime import gc_paused, promote_young_objects
from jpcore.similarity import Normaliser
from jpcore.tasks.preprocess_contractions import Resolved, UnitWords, upgrade_units
from jpcore.tasks.preprocess_words import SideWords, pair_words

TASK = "preprocess"


@dataclass(slots=True)
class Counts:
    """TP/FP/FN with the usual derived scores (0.0 where undefined)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def gold(self) -> int:
        """Gold units: TP + FN."""
        return self.tp + self.fn

    @property
    def system(self) -> int:
        """System units: TP + FP."""
        return self.tp + self.fp

    @property
    def precision(self) -> float:
        """TP / (TP + FP)."""
        return self.tp / self.system if self.system else 0.0

    @property
    def recall(self) -> float:
        """TP / (TP + FN)."""
        return self.tp / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        """2TP / (2TP + FP + FN)."""
        denominator = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / denominator if denominator else 0.0

    def as_tuple(self) -> tuple[int, int, int]:
        """``(tp, fp, fn)``."""
        return (self.tp, self.fp, self.fn)

    def add(self, other: Counts) -> None:
        """Add another count in place."""
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    def to_dict(self) -> dict[str, Any]:
        """Counts plus precision, recall, F1 (and gold/system totals)."""
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "gold": self.gold,
            "system": self.system,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Counts:
        """Inverse of :meth:`to_dict` (derived fields are recomputed)."""
        return cls(data["tp"], data["fp"], data["fn"])


def _counts(n_gold: int, n_sys: int, is_match: bool) -> Counts:
    tp = 1 if is_match else 0
    return Counts(tp, n_sys - tp, n_gold - tp)


#: A word group is an :class:`jpcore.align.Group` over tokens: token index
#: ranges over the whole side (reading order), character ranges, kind.
WordGroup = Group


def group_counts(group: Group) -> Counts:
    """TP/FP/FN of one group (of sentences or of tokens).

    One gold and one system unit with identical characters is a TP;
    otherwise every system unit of the group is a FP and every gold unit a
    FN.  A unit's counts are the sum over its word groups.
    """
    return _counts(group.n_gold, group.n_sys, group.is_match)


def _word_to_list(word: Group) -> list:
    return [*word.gold, *word.sys, word.kind, *word.gold_chars, *word.sys_chars]


def _word_from_list(data: list) -> Group:
    return Group((data[0], data[1]), (data[2], data[3]), (data[5], data[6]), (data[7], data[8]), data[4])


#: A word group as a JSON list and back (public: the ud task serialises its word groups so).
word_group_to_list = _word_to_list
word_group_from_list = _word_from_list


@dataclass(slots=True)
class Unit(GroupShape):
    """One aligned sentence group with its word groups and counts.

    ``gold``/``sys`` are sentence index ranges; ``gold_chars``/``sys_chars``
    the ranges in each side's normalised whitespace-free character stream;
    ``raw_chars`` the gold range in the raw text when raw text was given.
    ``n_gold``, ``n_sys``, ``shape`` and ``ratio`` count sentences.
    """

    index: int
    gold: tuple[int, int]
    sys: tuple[int, int]
    gold_chars: tuple[int, int]
    sys_chars: tuple[int, int]
    kind: str
    words: list[WordGroup]
    sentences: Counts
    tokens: Counts
    raw_chars: tuple[int, int] | None = None

    @property
    def is_mismatch(self) -> bool:
        """True unless the unit is one correct sentence with all tokens correct."""
        return not (self.sentences.tp == 1 and self.tokens.fp == 0 and self.tokens.fn == 0)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict; word groups as ``[g0, g1, s0, s1, kind, gc0, gc1, sc0, sc1]``
        (token ranges, kind, character ranges)."""
        out = {
            "index": self.index,
            "gold": list(self.gold),
            "sys": list(self.sys),
            "gold_chars": list(self.gold_chars),
            "sys_chars": list(self.sys_chars),
            "kind": self.kind,
            "shape": self.shape,
            "ratio": self.ratio,
            "sentences": {"tp": self.sentences.tp, "fp": self.sentences.fp, "fn": self.sentences.fn},
            "tokens": {"tp": self.tokens.tp, "fp": self.tokens.fp, "fn": self.tokens.fn},
            "words": [_word_to_list(w) for w in self.words],
        }
        if self.raw_chars is not None:
            out["raw_chars"] = list(self.raw_chars)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Unit:
        """Inverse of :meth:`to_dict`."""
        raw = data.get("raw_chars")
        return cls(
            index=data["index"],
            gold=tuple(data["gold"]),
            sys=tuple(data["sys"]),
            gold_chars=tuple(data["gold_chars"]),
            sys_chars=tuple(data["sys_chars"]),
            kind=data["kind"],
            words=[_word_from_list(w) for w in data["words"]],
            sentences=Counts.from_dict(data["sentences"]),
            tokens=Counts.from_dict(data["tokens"]),
            raw_chars=tuple(raw) if raw is not None else None,
        )


@dataclass(slots=True)
class Difference:
    """A stretch where the two character streams differ.

    Character ranges are in the normalised streams; ``gold_line`` /
    ``sys_line`` are the file lines where the stretch starts.
    """

    gold_chars: tuple[int, int]
    sys_chars: tuple[int, int]
    gold_text: str
    sys_text: str
    gold_line: int | None
    sys_line: int | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "gold_chars": list(self.gold_chars),
            "sys_chars": list(self.sys_chars),
            "gold_text": self.gold_text,
            "sys_text": self.sys_text,
            "gold_line": self.gold_line,
            "sys_line": self.sys_line,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Difference:
        """Inverse of :meth:`to_dict`."""
        return cls(
            tuple(data["gold_chars"]),
            tuple(data["sys_chars"]),
            data["gold_text"],
            data["sys_text"],
            data["gold_line"],
            data["sys_line"],
        )


@dataclass(slots=True)
class PreprocessResult:
    """Everything the CLI, the JSON export and the inspector read."""

    gold: Segmentation
    system: Segmentation
    normaliser: Normaliser
    units: list[Unit]
    totals: dict[str, Counts]
    differences: list[Difference] = field(default_factory=list)

    @property
    def level(self) -> str:
        """The token level the gold file was read at (``tokens`` / ``words``)."""
        return self.gold.level

    @property
    def streams_equal(self) -> bool:
        """True when both sides have the same normalised characters."""
        return not self.differences

    def shape_counts(self) -> dict[str, int]:
        """How many units have each shape (``1:1``, ``1:n``, ...)."""
        return dict(Counter(u.shape for u in self.units))

    def kind_counts(self) -> dict[str, int]:
        """How many units have each kind (exact, merged, similar, ...)."""
        counts = Counter(u.kind for u in self.units)
        return {kind: counts.get(kind, 0) for kind in KINDS}

    def gold_token_starts(self) -> list[int]:
        """Index of each gold sentence's first token in the flat token list."""
        return _token_starts(self.gold)

    def sys_token_starts(self) -> list[int]:
        """Index of each system sentence's first token in the flat token list."""
        return _token_starts(self.system)

    def to_dict(self) -> dict[str, Any]:
        """A lossless JSON-ready dict (see :meth:`from_dict`); CoNLL-U sentences with
        UPOS carry an ``"upos"`` list (:class:`jpcore.formats.conllu.TaggedSentence`),
        which results saved without it simply lack."""
        return {
            "task": TASK,
            "level": self.level,
            "normalisation": self.normaliser.to_dict(),
            "normalisation_description": self.normaliser.describe(),
            "totals": {name: counts.to_dict() for name, counts in self.totals.items()},
            "shapes": self.shape_counts(),
            "kinds": self.kind_counts(),
            "streams_equal": self.streams_equal,
            "differences": [d.to_dict() for d in self.differences],
            "units": [u.to_dict() for u in self.units],
            "gold": self.gold.to_dict(),
            "system": self.system.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PreprocessResult:
        """Rebuild a result from :meth:`to_dict` output."""
        if data.get("task") != TASK:
            raise ValueError(f"not a {TASK} result: task = {data.get('task')!r}")
        return cls(
            gold=segmentation_from_dict(data["gold"]),
            system=segmentation_from_dict(data["system"]),
            normaliser=Normaliser.from_dict(data["normalisation"]),
            units=[Unit.from_dict(u) for u in data["units"]],
            totals={name: Counts.from_dict(c) for name, c in data["totals"].items()},
            differences=[Difference.from_dict(d) for d in data["differences"]],
        )


def _token_starts(segmentation: Segmentation) -> list[int]:
    return [0, *accumulate(len(s.tokens) for s in segmentation.sentences)]


@dataclass(slots=True)
class Side:
    """One side flattened: unit keys, unit and sentence end offsets.

    Units are the tokens read (the syntactic words at the ``words`` level).
    Offsets are in the side's normalised whitespace-free character stream;
    ``token_starts[k]`` is the index of sentence ``k``'s first unit in the
    flat list (plus the total at the end).  With ``surface`` (CoNLL-U on both
    sides at the ``words`` level) the stream holds the *tokens'* characters, as
    the CoNLL 2018 script reads them: every word of a multiword token ends
    where its token ends, and ``words`` says where the token starts and how
    the script compares the word's FORM (:mod:`jpcore.tasks.preprocess_words`).
    ``keys`` are each unit's own key, without contraction equivalences.
    """

    keys: list[str]
    token_ends: list[int]
    sentence_ends: list[int]
    token_starts: list[int]  # per sentence, into the flat token list
    stream: str
    words: SideWords | None = None

    @classmethod
    def build(cls, segmentation: Segmentation, normaliser: Normaliser, surface: bool = False) -> Side:
        """The side of ``segmentation`` (see the class doc)."""
        key = _cached(normaliser.plain().key)
        token_starts = _token_starts(segmentation)
        if surface:
            return cls._build_surface(segmentation, key, token_starts)
        keys = [key(token) for sentence in segmentation.sentences for token in sentence.tokens]
        token_ends = ends_of(keys)
        sentence_ends = [token_ends[i - 1] if i else 0 for i in token_starts[1:]]
        return cls(keys, token_ends, sentence_ends, token_starts, "".join(keys))

    @classmethod
    def _build_surface(cls, segmentation: Segmentation, key: Callable[[str], str], token_starts: list[int]) -> Side:
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
        sentence_ends = [token_ends[i - 1] if i else 0 for i in token_starts[1:]]
        words = [word for sentence in segmentation.sentences for word in sentence.tokens]
        return cls(keys, token_ends, sentence_ends, token_starts, "".join(parts),
                   SideWords(token_ends, multiword_starts, words))

    def boundary_weights(self) -> dict[int, int]:
        """Offsets where units end: 1 for a token end, 4 for a sentence end."""
        weights = dict.fromkeys(self.token_ends, 1)
        weights[0] = 4
        for end in self.sentence_ends:
            weights[end] = 4
        return weights

    def sentence_at(self, offset: int) -> int:
        """Index of the sentence holding character ``offset`` (the last one past the end)."""
        return min(bisect_right(self.sentence_ends, offset), max(len(self.sentence_ends) - 1, 0))

    def unit_start(self, k: int) -> int:
        """Where unit ``k`` starts in the stream (a word of a multiword token: where the token starts)."""
        if self.words is not None:
            return self.words.start(k)
        return self.token_ends[k - 1] if k else 0


def _cached(key: Callable[[str], str]) -> Callable[[str], str]:
    """``key`` computed once per distinct token (tokens repeat)."""
    cache: dict[str, str] = {}

    def cached(token: str) -> str:
        value = cache.get(token)
        if value is None:
            value = cache[token] = key(token)
        return value

    return cached


def surface_level(gold: Segmentation, system: Segmentation) -> bool:
    """Whether the streams hold the tokens' characters while the units are words:
    both files CoNLL-U read at the ``words`` level (as the CoNLL 2018 script
    reads them).  A tokenized text file has no multiword tokens: against it a
    CoNLL-U file's words are compared as they are written."""
    return gold.format == system.format == "conllu" and gold.level == system.level == "words"


def _line_at(segmentation: Segmentation, side: Side, offset: int) -> int | None:
    if not segmentation.sentences:
        return None
    return segmentation.sentences[side.sentence_at(offset)].line


def first_difference_error(gold: Segmentation, system: Segmentation, g: Side, s: Side, chars: CharAlignment) -> InputError:
    """The ``--strict`` error: file, line and 20 characters of each side at the first difference."""
    (g0, _), (s0, _) = chars.differences()[0]
    return InputError(
        system.name,
        _line_at(system, s, s0),
        f"the same characters as {gold.name} line {_line_at(gold, g, g0)}: {show(g.stream[g0:g0 + 20])}",
        show(s.stream[s0 : s0 + 20]),
    )


def differences_of(
    gold: Segmentation, system: Segmentation, g: Side, s: Side, chars: CharAlignment,
    resolved: Sequence[Resolved] = (),
) -> list[Difference]:
    """Every differing stretch of ``chars`` with its text (200 characters at most)
    and lines, except those inside ``resolved`` units (equal under the
    contraction equivalences: :func:`count_units`)."""
    out = []
    k = 0
    for (g0, g1), (s0, s1) in chars.differences():
        while k < len(resolved) and resolved[k][0][1] < g0:
            k += 1
        if k < len(resolved):
            (rg0, rg1), (rs0, rs1) = resolved[k]
            if rg0 <= g0 and g1 <= rg1 and rs0 <= s0 and s1 <= rs1:
                continue
        out.append(
            Difference(
                (g0, g1),
                (s0, s1),
                g.stream[g0:g1][:200],
                s.stream[s0:s1][:200],
                _line_at(gold, g, g0),
                _line_at(system, s, s0),
            )
        )
    return out


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


def align_sides(g: Side, s: Side) -> CharAlignment:
    """The character alignment of two sides (:func:`jpcore.align.align_streams`)."""
    if g.stream == s.stream:
        return align_streams(g.stream, s.stream)
    # one-sided gaps are placed on sentence, then token, ends
    return align_streams(g.stream, s.stream, g.boundary_weights(), s.boundary_weights())


def count_units(
    g: Side, s: Side, chars: CharAlignment, raw_map: Callable[..., int] | None = None,
    normaliser: Normaliser | None = None, token_groups: list[Group] | None = None,
) -> tuple[list[Unit], dict[str, Counts], list[Resolved]]:
    """The aligned units of two sides (sentence groups with their word groups
    and counts), the totals, and the character ranges of the units that are
    equal only under the contraction equivalences, given the alignment.

    Words inside multiword tokens are paired as the CoNLL 2018 script pairs
    them (:func:`jpcore.tasks.preprocess_words.pair_words`); with contraction
    equivalences on, units whose characters differ are aligned again under
    them and kept only if that finds more (:mod:`jpcore.tasks.preprocess_contractions`).
    ``token_groups`` are ``group_units(g.token_ends, s.token_ends, chars)`` when
    the caller has them already (the ud task reads the surface tokens off them).
    """
    sentence_groups = group_units(g.sentence_ends, s.sentence_ends, chars)
    if token_groups is None:
        token_groups = group_units(g.token_ends, s.token_ends, chars)
    if g.words is not None and s.words is not None:
        token_groups = pair_words(token_groups, g.words, s.words)
    nested = _nest(sentence_groups, token_groups, g, s)
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


def _nest(sentence_groups: list[Group], token_groups: list[Group], g: Side, s: Side) -> list[UnitWords]:
    """Each sentence group with the word groups that end inside it (in order).

    Word groups nest inside sentence groups (every sentence end is a token
    end), except a word pair of the CoNLL 2018 script that joins the last
    word of one sentence to the next one's (:mod:`jpcore.tasks.preprocess_words`):
    it goes with the unit of its gold word.
    """
    nested: list[UnitWords] = []
    k, n_token_groups = 0, len(token_groups)
    for group in sentence_groups:
        gold_token_end = g.token_starts[group.gold[1]]
        sys_token_end = s.token_starts[group.sys[1]]
        words: list[WordGroup] = []
        while k < n_token_groups:
            word = token_groups[k]
            if word.gold[1] > gold_token_end or word.sys[1] > sys_token_end:
                break
            words.append(word)
            k += 1
        nested.append((group, words))
    assert k == n_token_groups, "word groups must end inside sentence groups"
    return nested


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
