"""Every word group of a dependency result, listed once per load with what is wrong in it.

Contract: :func:`build_index` walks a :class:`~jpcore.ud.UdResult` once (the
loader calls it while its progress is shown) and returns a
:class:`WordIndex`: one :class:`WordRow` per word group of every unit, in
document order, and both treebanks flattened (each word's FORM, its head as
a flat index, its ID in its sentence, its file line).  What a row calls
wrong is read from the result, never scored again:

* an **aligned pair** (a 1:1 exact group the result pairs) is wrong where
  its flags say so (:func:`jpcore.ud.is_correct`): ``head`` (UAS), ``UPOS``,
  ``XPOS``, ``UFeats``, ``lemma`` (Lemmas); ``DEPREL`` where the two
  DEPRELs' main types differ (:func:`jpcore.ud.metrics.main_type`, what LAS
  compares);
* any other group has no pair, so every word in it is wrong for every
  metric: ``cut differently`` when the characters are the same but cut into
  other words (merged), ``text differs`` when they differ (similar,
  different, one side only).

:func:`filter_rows` keeps the rows with any of the chosen errors and a
chosen DEPREL main type or UPOS on either side.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from jpcore.align import EXACT, MERGED, GroupShape
from jpcore.ud import UdResult, is_correct
from jpcore.ud.metrics import main_types
from jpcore.ud.treebank import ROOT, Treebank

HEAD, LABEL, CUT, TEXT = "head", "DEPREL", "cut differently", "text differs"
#: Every kind of error a word group can have, in display order, with how the page names it.
#: (The keys are the filter's options, as the URL names them: ``?d_err=head&d_err=DEPREL``.)
ERRORS: dict[str, str] = {
    HEAD: "wrong head (attachment)",
    LABEL: "wrong DEPREL",
    "UPOS": "wrong UPOS",
    "XPOS": "wrong XPOS",
    "UFeats": "wrong UFeats",
    "lemma": "wrong lemma",
    CUT: "cut into other words (no pair)",
    TEXT: "characters differ (no pair)",
}
#: The flag each error of an aligned pair is read from.
PAIR_ERRORS = {HEAD: "UAS", "UPOS": "UPOS", "XPOS": "XPOS", "UFeats": "UFeats", "lemma": "Lemmas"}


@dataclass(frozen=True, slots=True)
class Side:
    """One treebank flattened: per word its FORM, UPOS, DEPREL, DEPREL main type, head
    (flat index, :data:`~jpcore.ud.treebank.ROOT` for the root), and the first
    word of each sentence."""

    treebank: Treebank
    forms: list[str]
    parents: list[int]
    main_types: list[str]
    starts: list[int]

    @classmethod
    def of(cls, treebank: Treebank) -> Side:
        """Flatten ``treebank`` (one pass)."""
        return cls(treebank, treebank.forms(), treebank.parents(), main_types(treebank.deprel),
                   treebank.word_starts())

    def sentence_of(self, word: int) -> int:
        """The index of the sentence that holds ``word``."""
        return bisect_right(self.starts, word) - 1

    def word_id(self, word: int) -> int:
        """``word``'s ID in its sentence (the CoNLL-U ID column)."""
        return word - self.starts[self.sentence_of(word)] + 1

    def line(self, word: int) -> int:
        """The file line of ``word``."""
        sentence = self.sentence_of(word)
        return self.treebank.segmentation.sentences[sentence].token_lines[word - self.starts[sentence]]

    def head_text(self, word: int) -> str:
        """``word``'s head as ``form (ID)``, or ``root (0)``."""
        parent = self.parents[word]
        return "root (0)" if parent == ROOT else f"{self.forms[parent]} ({self.word_id(parent)})"


@dataclass(frozen=True, slots=True)
class WordRow(GroupShape):
    """One word group of unit ``unit``: its gold and system flat word ranges (its ``shape``
    and ``ratio`` count words, :class:`jpcore.align.GroupShape`), its kind,
    the pair's flags (``None`` unless it is an aligned pair) and its errors (keys of
    :data:`ERRORS`); ``labels`` and ``tags`` hold both sides' DEPREL main types and
    UPOS (for the filters)."""

    unit: int
    gold: tuple[int, int]
    sys: tuple[int, int]
    kind: str
    flags: int | None
    errors: frozenset[str]
    labels: frozenset[str]
    tags: frozenset[str]


@dataclass(frozen=True)
class WordIndex:
    """Every word group of a result (:class:`WordRow`, document order), both sides flattened,
    where each unit's rows start (``unit_starts[i]``: its first row), and the values each
    filter can take."""

    rows: list[WordRow]
    gold: Side
    sys: Side
    unit_starts: list[int]
    labels: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)

    def unit_rows(self, unit: int) -> list[WordRow]:
        """The rows of unit ``unit``."""
        return self.rows[self.unit_starts[unit]:self.unit_starts[unit + 1]]


def _pair_errors(flags: int, gold_type: str, sys_type: str) -> frozenset[str]:
    wrong = {error for error, metric in PAIR_ERRORS.items() if not is_correct(flags, metric)}
    if gold_type != sys_type:
        wrong.add(LABEL)
    return frozenset(wrong)


def build_index(result: UdResult) -> WordIndex:
    """The index of ``result`` (one pass over its units; see the module doc)."""
    gold, system = Side.of(result.gold), Side.of(result.system)
    gold_upos, sys_upos = result.gold.upos, result.system.upos
    rows: list[WordRow] = []
    unit_starts = []
    for unit in result.units:
        unit_starts.append(len(rows))
        pairs = {gold_word: (sys_word, flags) for gold_word, sys_word, flags in unit.pairs}
        for group in unit.words:
            labels = frozenset([*gold.main_types[group.gold[0]:group.gold[1]],
                                *system.main_types[group.sys[0]:group.sys[1]]])
            tags = frozenset([*gold_upos[group.gold[0]:group.gold[1]], *sys_upos[group.sys[0]:group.sys[1]]])
            pair = pairs.get(group.gold[0]) if group.is_match else None
            if pair is not None and pair[0] == group.sys[0]:
                flags = pair[1]
                errors = _pair_errors(flags, gold.main_types[group.gold[0]], system.main_types[group.sys[0]])
            else:
                flags = None
                errors = frozenset([CUT if group.kind in (EXACT, MERGED) else TEXT])
            rows.append(WordRow(unit.index, group.gold, group.sys, group.kind, flags, errors, labels, tags))
    unit_starts.append(len(rows))
    labels = sorted(set(gold.main_types) | set(system.main_types))
    tags = sorted(set(gold_upos) | set(sys_upos))
    return WordIndex(rows, gold, system, unit_starts, labels, tags)


@dataclass(frozen=True, slots=True)
class WordFilter:
    """What the filters chose: errors (any of them), DEPREL main types and UPOS (on either
    side); an empty choice keeps every row."""

    errors: frozenset[str] = frozenset()
    labels: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()

    @property
    def active(self) -> bool:
        """True when any filter is set."""
        return bool(self.errors or self.labels or self.tags)

    def keeps(self, row: WordRow) -> bool:
        """Whether ``row`` passes every filter that is set."""
        return ((not self.errors or bool(row.errors & self.errors))
                and (not self.labels or bool(row.labels & self.labels))
                and (not self.tags or bool(row.tags & self.tags)))


def filter_rows(rows: Iterable[WordRow], wanted: WordFilter) -> list[WordRow]:
    """The rows ``wanted`` keeps, in document order."""
    return [row for row in rows if wanted.keeps(row)] if wanted.active else list(rows)


def units_of(rows: Sequence[WordRow]) -> list[int]:
    """The units the rows belong to, each once, in document order."""
    return list(dict.fromkeys(row.unit for row in rows))
