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

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jpcore.align import (
    KINDS,
    CharAlignment,
    Difference,
    Group,
    GroupShape,
    Side,
    align_nested,
    align_sides,
    align_streams,
    differences_of,
    first_difference_error,
    group_from_list,
    group_to_list,
)
from jpcore.formats.conllu import segmentation_from_dict
from jpcore.formats.segmentation import Segmentation
from jpcore.runtime import gc_paused, promote_young_objects
from jpcore.align.sides import token_starts
from jpcore.align.similarity import Normaliser
from jpcore.tasks.preprocess_contractions import Resolved, upgrade_units

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
            "words": [group_to_list(w) for w in self.words],
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
            words=[group_from_list(w) for w in data["words"]],
            sentences=Counts.from_dict(data["sentences"]),
            tokens=Counts.from_dict(data["tokens"]),
            raw_chars=tuple(raw) if raw is not None else None,
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
    return token_starts(len(s.tokens) for s in segmentation.sentences)


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
    them and kept only if that finds more (:mod:`jpcore.tasks.preprocess_contractions`).
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
