"""Alignment-mode PARSEVAL: the result object (the contract with CLI and app).

Contract: a :class:`ParsevalResult` holds both tree files, the normalisation
in force, the cut-off length and one :class:`TreePair` per aligned sentence
group, in document order.  A pair keeps

* the tree index ranges on both sides (``gold``/``sys``), the group's
  ``kind`` (:data:`jpcore.align.KINDS`) and the file lines of every tree;
* its **word units** (``words``): :class:`jpcore.align.Group` objects over
  *flat* token indices of each side (token ``k`` of a side is word ``k`` of
  the concatenation of all its trees); unit ``u`` of the pair is
  ``words[u]``;
* every constituent of both sides (:class:`Constituent`) with its span in
  word-unit indices and its status: ``matched``, ``gold-only``,
  ``system-only`` or ``crossing`` (unmatched and crossing a bracket of the
  other side);
* its EVALB row counts: ``length`` (= Words = gold tokens), ``matched``,
  ``cross`` (system brackets crossing a gold bracket, as EVALB counts them;
  a matched bracket can cross when word units snapped two gold brackets onto
  overlapping spans), ``correct_tags``.

:meth:`TreePair.row` is the pair as an :class:`~jpcore.peers.evalb.result.EvalbRow`
(ID = pair number, status 0), so the summary blocks are computed by
:class:`~jpcore.peers.evalb.result.EvalbSummary` exactly as in legacy mode.
Recall, precision and F1 are percentages (``score_scale`` in the JSON), as
in legacy mode.  ``to_dict()``/``from_dict()`` are lossless.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jpcore.align import (
    GROUP_FIELDS,
    KINDS,
    Group,
    GroupShape,
    all_match,
    compact_groups,
    group_from_list,
    groups_to_lists,
    units_by_shape,
)
from jpcore.align.similarity import Normaliser
from jpcore.formats.trees import Tree
# the statuses and Constituent live beside their compact list; imported from here too, as before
from jpcore.parseval.constituents import (
    CONSTITUENT_FIELDS,
    CROSSING,
    GOLD_ONLY,
    MATCHED,
    STATUSES,
    SYSTEM_ONLY,
    Constituent,
    ConstituentList,
    compact_constituents,
    labels_and_statuses,
)
from jpcore.peers.evalb.result import SCORE_SCALE, TOTAL_KEYS, EvalbRow, EvalbSummary

TASK = "parseval"
MODE = "alignment"

#: Field order of a word unit in the JSON (as in ``jpcore preprocess --json``).
WORD_UNIT_FIELDS = GROUP_FIELDS


def summaries(rows: Sequence[EvalbRow], cutoff_len: int) -> tuple[EvalbSummary, EvalbSummary]:
    """The ``-- All --`` block of ``rows`` and their ``-- len<=CUTOFF --`` block (rows of at
    most ``cutoff_len`` gold tokens), in one pass."""
    every, short = EvalbSummary(), EvalbSummary()
    for row in rows:
        every.add(row)
        if row.length <= cutoff_len:
            short.add(row)
    return every, short


@dataclass(slots=True)
class TreePair(GroupShape):
    """One aligned sentence group scored as one tree per side (see module doc).

    ``n_gold``/``n_sys``/``shape``/``ratio`` count trees.
    """

    index: int
    gold: tuple[int, int]
    sys: tuple[int, int]
    kind: str
    gold_lines: list[tuple[int, int]]
    sys_lines: list[tuple[int, int]]
    words: Sequence[Group]
    gold_constituents: Sequence[Constituent]
    sys_constituents: Sequence[Constituent]
    length: int
    matched: int
    cross: int
    correct_tags: int

    @property
    def id(self) -> int:
        """The row number printed in EVALB's ID column (1-based)."""
        return self.index + 1

    @property
    def n_gold_brackets(self) -> int:
        """Gold constituents (EVALB's "gold" column)."""
        return len(self.gold_constituents)

    @property
    def n_sys_brackets(self) -> int:
        """System constituents (EVALB's "test" column)."""
        return len(self.sys_constituents)

    @property
    def has_merged_sentences(self) -> bool:
        """More than one tree on a side: sentences were merged or split."""
        return self.n_gold > 1 or self.n_sys > 1

    @property
    def has_error(self) -> bool:
        """Not an exact 1:1 group, or some bracket on either side did not match."""
        return self.kind != "exact" or self.matched != self.n_gold_brackets or self.matched != self.n_sys_brackets

    @property
    def has_word_groups(self) -> bool:
        """Some word unit is not one gold word equal to one system word."""
        return not all_match(self.words)

    def row(self) -> EvalbRow:
        """The pair as a row of EVALB's table (status 0, Words = Len = gold tokens)."""
        return EvalbRow(self.id, self.length, 0, self.matched, len(self.gold_constituents),
                        len(self.sys_constituents), self.cross, self.length, self.correct_tags)

    def labels(self) -> set[str]:
        """Every constituent label of the pair, on either side."""
        return ({label for label, _ in labels_and_statuses(self.gold_constituents)}
                | {label for label, _ in labels_and_statuses(self.sys_constituents)})

    def to_dict(self) -> dict[str, Any]:
        """The EVALB row's fields (as in legacy mode's ``groups``) plus the
        alignment: tree ranges, lines, kind, word units and constituents."""
        data = self.row().to_dict()
        data.update({
            "index": self.index,
            "gold_lines": [list(lines) for lines in self.gold_lines],
            "sys_lines": [list(lines) for lines in self.sys_lines],
            "gold_trees": list(self.gold),
            "sys_trees": list(self.sys),
            "kind": self.kind,
            "shape": self.shape,
            "ratio": self.ratio,
            "word_units": groups_to_lists(self.words),
            "constituents": {
                "gold": [c.to_list() for c in self.gold_constituents],
                "sys": [c.to_list() for c in self.sys_constituents],
            },
        })
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TreePair:
        """Inverse of :meth:`to_dict`."""
        return cls(
            index=data["index"],
            gold=tuple(data["gold_trees"]),
            sys=tuple(data["sys_trees"]),
            kind=data["kind"],
            gold_lines=[tuple(lines) for lines in data["gold_lines"]],
            sys_lines=[tuple(lines) for lines in data["sys_lines"]],
            words=[group_from_list(unit) for unit in data["word_units"]],
            gold_constituents=[Constituent.from_list(c) for c in data["constituents"]["gold"]],
            sys_constituents=[Constituent.from_list(c) for c in data["constituents"]["sys"]],
            length=data["length"],
            matched=data["matched"],
            cross=data["cross"],
            correct_tags=data["correct_tags"],
        )


@dataclass(frozen=True, slots=True)
class LabelScore:
    """Matched / gold / test constituents of one label, with P/R/F1 in percent."""

    label: str
    matched: int
    gold: int
    test: int

    @property
    def recall(self) -> float:
        """100 * matched / gold (0.0 without gold constituents)."""
        return 100.0 * self.matched / self.gold if self.gold else 0.0

    @property
    def precision(self) -> float:
        """100 * matched / test (0.0 without test constituents)."""
        return 100.0 * self.matched / self.test if self.test else 0.0

    @property
    def f1(self) -> float:
        """200 * matched / (gold + test): the harmonic mean of P and R."""
        total = self.gold + self.test
        return 200.0 * self.matched / total if total else 0.0


@dataclass(slots=True)
class ParsevalResult:
    """Everything alignment-mode PARSEVAL computed (see the module doc)."""

    gold_name: str
    sys_name: str
    gold_trees: list[Tree]
    sys_trees: list[Tree]
    normaliser: Normaliser
    pairs: list[TreePair]
    cutoff_len: int = 40

    @property
    def units(self) -> list[TreePair]:
        """The aligned units of the task contract (:mod:`jpcore.task`): the pairs."""
        return self.pairs

    def compact(self) -> ParsevalResult:
        """Every pair's word units as a :class:`~jpcore.align.GroupList` and its
        constituents (both sides) as :class:`~jpcore.parseval.constituents.ConstituentList`
        objects (read as before, in a fraction of the memory); this result, changed in place."""
        for pair in self.pairs:
            pair.words = compact_groups(pair.words)
            pair.gold_constituents = compact_constituents(pair.gold_constituents)
            pair.sys_constituents = compact_constituents(pair.sys_constituents)
        return self

    def rows(self) -> list[EvalbRow]:
        """One EVALB row per pair (from the counts alone when the pairs can give them:
        :class:`~jpcore.parseval.same_words.SameWordsPairs` makes no pair for its rows)."""
        rows = getattr(self.pairs, "rows", None)
        return rows() if rows is not None else [pair.row() for pair in self.pairs]

    def row_counts(self) -> list[tuple[int, ...]]:
        """:meth:`rows` as plain counts, ``(id, length, status, matched, gold, test, cross,
        words, correct_tags)`` each (what the printed table needs, no row object made)."""
        counts = getattr(self.pairs, "row_counts", None)
        if counts is not None:
            return counts()
        return [(row.id, row.length, row.status, row.matched, row.gold, row.test, row.cross, row.words,
                 row.correct_tags) for row in self.rows()]

    def summary(self) -> EvalbSummary:
        """The ``-- All --`` block."""
        return summaries(self.rows(), self.cutoff_len)[0]

    def cutoff_summary(self) -> EvalbSummary:
        """The ``-- len<=CUTOFF --`` block (pairs with at most ``cutoff_len`` gold tokens)."""
        return summaries(self.rows(), self.cutoff_len)[1]

    @property
    def totals(self) -> dict[str, Any]:
        """The headline counts (DESIGN.md): recall/precision/f1 in percent, f1 None if undefined."""
        summary = self.summary().to_dict()
        return {key: summary[key] for key in TOTAL_KEYS}

    def totals_by_shape(self) -> dict[str, dict[str, Any]]:
        """The totals split by pair shape (:func:`jpcore.align.units_by_shape`, trees
        gold:system): per shape, :attr:`totals`' keys computed over its pairs alone
        (the ``-- All --`` block of those rows); each count adds up to :attr:`totals`."""
        out = {}
        for shape, pairs in units_by_shape(self.pairs).items():
            block = EvalbSummary()
            for pair in pairs:
                block.add(pair.row())
            summary = block.to_dict()
            out[shape] = {key: summary[key] for key in TOTAL_KEYS}
        return out

    def kind_counts(self) -> dict[str, int]:
        """How many pairs have each kind (exact, merged, similar, ...)."""
        counts = Counter(pair.kind for pair in self.pairs)
        return {kind: counts.get(kind, 0) for kind in KINDS}

    def label_scores(self) -> list[LabelScore]:
        """Per constituent label: matched, gold and test counts (sorted by gold+test, descending)."""
        matched: Counter[str] = Counter()
        gold: Counter[str] = Counter()
        test: Counter[str] = Counter()
        for pair in self.pairs:
            for label, status in labels_and_statuses(pair.gold_constituents):
                gold[label] += 1
                if status == MATCHED:
                    matched[label] += 1
            test.update(label for label, _ in labels_and_statuses(pair.sys_constituents))
        labels = sorted(set(gold) | set(test), key=lambda label: (-(gold[label] + test[label]), label))
        return [LabelScore(label, matched[label], gold[label], test[label]) for label in labels]

    def gold_token_starts(self) -> list[int]:
        """Flat index of each gold tree's first token (plus the total at the end)."""
        from jpcore.align.sides import token_starts  # only the app and --json ask: not the table's import cost

        return token_starts(len(tree.words) for tree in self.gold_trees)

    def sys_token_starts(self) -> list[int]:
        """Flat index of each system tree's first token (plus the total at the end)."""
        from jpcore.align.sides import token_starts

        return token_starts(len(tree.words) for tree in self.sys_trees)

    def to_dict(self) -> dict[str, Any]:
        """A lossless JSON-ready dict; ``totals`` as DESIGN.md, ``groups`` = pairs."""
        summary = self.summary().to_dict()
        return {
            "task": TASK,
            "mode": MODE,
            "score_scale": SCORE_SCALE,
            "cutoff_len": self.cutoff_len,
            "normalisation": self.normaliser.to_dict(),
            "normalisation_description": self.normaliser.describe(),
            "totals": {key: summary[key] for key in TOTAL_KEYS},
            "totals_by_shape": self.totals_by_shape(),
            "summary": {"all": summary, "cutoff": self.cutoff_summary().to_dict()},
            "kinds": self.kind_counts(),
            "fields": {"word_units": list(WORD_UNIT_FIELDS), "constituents": list(CONSTITUENT_FIELDS)},
            "groups": [pair.to_dict() for pair in self.pairs],
            "gold": {"name": self.gold_name, "trees": [tree.to_dict() for tree in self.gold_trees]},
            "system": {"name": self.sys_name, "trees": [tree.to_dict() for tree in self.sys_trees]},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParsevalResult:
        """Rebuild a result from :meth:`to_dict` output."""
        if data.get("task") != TASK or data.get("mode") != MODE:
            raise ValueError(f"not an alignment-mode {TASK} result: task = {data.get('task')!r}, "
                             f"mode = {data.get('mode')!r}")
        return cls(
            gold_name=data["gold"]["name"],
            sys_name=data["system"]["name"],
            gold_trees=[Tree.from_dict(tree) for tree in data["gold"]["trees"]],
            sys_trees=[Tree.from_dict(tree) for tree in data["system"]["trees"]],
            normaliser=Normaliser.from_dict(data["normalisation"]),
            pairs=[TreePair.from_dict(pair) for pair in data["groups"]],
            cutoff_len=data["cutoff_len"],
        )
