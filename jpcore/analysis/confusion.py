"""Confusion matrices: what gold said against what the system said, at the same place.

Contract: each builder reads a result object and returns a
:class:`Confusion` whose cell ``(gold label, system label)`` keeps every
:class:`Example` that landed in it (unit index plus the position of the gold
and of the system item), so an app can list them:

* :func:`pos_confusion` (parseval): the POS tags of the two words of every
  **exact 1:1 word unit** (one gold word, one system word, same
  characters).  The diagonal adds up to the pairs' ``correct_tags``.
  ``Example.gold``/``.sys`` are both the word unit's number in the pair.
* :func:`label_confusion` (parseval): constituent labels on **equal spans**
  (same word-unit span in the same pair).  At one span, constituents with the
  same label pair first (EVALB's one-to-one matching, so the diagonal adds up
  to the matched brackets), then the rest pair in preorder; with
  ``unpaired=True`` a constituent left without a partner, or one that cannot
  be located (an edge inside a rewritten unit), is counted against
  :data:`NONE`.  ``Example.gold``/``.sys`` index the pair's
  ``gold_constituents``/``sys_constituents``.
* :func:`error_type_confusion` (gec): error types of the scored edits (TP,
  FP, FN, partial: the chosen annotators' edits errant counted) with the
  **same re-indexed span** in the same unit, paired the same way (same type
  first).  ``Example.gold``/``.sys`` index the lists of
  :meth:`jpcore.gec.GecResult.edits` (``[0]`` gold, ``[1]`` system).
* :func:`upos_confusion` (preprocess): the UPOS of the two words of every
  **1:1 word group with identical text** (the token TPs: one gold and one
  system word covering the same characters), much as the CoNLL 2018 script
  aligns words for its UPOS score (it pairs the words inside a multiword
  token by their forms instead).  Only CoNLL-U keeps tags
  (:class:`jpcore.formats.conllu.TaggedSentence`); a word without one is
  :data:`jpcore.formats.conllu.NO_TAG` (``_``).  The diagonal counts the
  words whose UPOS agree (``_`` against ``_`` too: the CoNLL 2018 script
  compares the column's values literally).  ``Example.gold``/``.sys`` are
  the words' flat token indices (reading order over the whole side).  When
  a side has no UPOS at all, :func:`upos_missing` says which and why, and
  :func:`confusions` leaves the matrix out.

>>> c = Confusion.build("parseval", "demo", [("NP", "NP", Example(0, 0, 0)), ("VP", NONE, Example(0, 1, None))])
>>> c.count("NP", "NP"), c.count("VP", NONE), c.agreement, c.total
(1, 1, 1, 2)
>>> c.gold_labels, c.sys_labels
(('NP', 'VP'), ('NP', '∅'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from jpcore.align import EXACT
from jpcore.analysis.units import GEC, PARSEVAL, PREPROCESS, UD, Result, task_of
from jpcore.formats.conllu import flat_upos
from jpcore.formats.segmentation import Segmentation
from jpcore.runtime import gc_paused
from jpcore.peers.errant_compare import FN, FP, PARTIAL, TP
from jpcore.gec import GecResult
from jpcore.gec.error_types import category_of
from jpcore.parseval.result import ParsevalResult
from jpcore.preprocess import PreprocessResult

#: The label of "no partner at this span on that side".
NONE = "∅"
POS, LABELS, TYPES, UPOS = "pos", "labels", "types", "upos"
#: Title of each confusion matrix.
TITLES = {POS: "POS tags on exact 1:1 words", LABELS: "bracket labels on equal spans",
          TYPES: "error types on equal spans", UPOS: "UPOS on 1:1 words with identical text"}
#: The sides of a preprocess result, as :func:`upos_missing` names them.
GOLD_SIDE, SYS_SIDE = "gold", "system"
#: Edit statuses the GEC confusion reads (the edits errant counted).
SCORED = frozenset({TP, FP, FN, PARTIAL})


@dataclass(frozen=True, slots=True)
class Example:
    """One counted item: the unit (pair) index and the gold / system item positions
    (``None`` on the side of :data:`NONE`); see the module doc for what they index."""

    unit: int
    gold: int | None
    sys: int | None

    def to_list(self) -> list[int | None]:
        """``[unit, gold, sys]``."""
        return [self.unit, self.gold, self.sys]


def _example_key(example: Example) -> tuple:
    return (example.unit, example.gold is None, example.gold or 0, example.sys is None, example.sys or 0)


@dataclass(frozen=True, slots=True)
class Confusion:
    """A confusion matrix with its examples.

    ``gold_labels`` (rows) and ``sys_labels`` (columns) share one order:
    most frequent first (gold + system occurrences), ties by name,
    :data:`NONE` last.  ``cells`` holds only non-empty cells, examples in
    document order.
    """

    task: str
    name: str
    gold_labels: tuple[str, ...]
    sys_labels: tuple[str, ...]
    cells: dict[tuple[str, str], tuple[Example, ...]]

    @classmethod
    def build(cls, task: str, name: str, items: Iterable[tuple[str, str, Example]]) -> Confusion:
        """A matrix from ``(gold label, system label, example)`` items."""
        cells: dict[tuple[str, str], list[Example]] = {}
        gold: Counter[str] = Counter()
        sys: Counter[str] = Counter()
        for gold_label, sys_label, example in items:
            cells.setdefault((gold_label, sys_label), []).append(example)
            gold[gold_label] += 1
            sys[sys_label] += 1
        frequency = gold + sys
        order = sorted(frequency, key=lambda label: (label == NONE, -frequency[label], label))
        return cls(
            task, name,
            tuple(label for label in order if gold[label]),
            tuple(label for label in order if sys[label]),
            {key: tuple(sorted(examples, key=_example_key)) for key, examples in cells.items()},
        )

    @property
    def title(self) -> str:
        """A readable title (:data:`TITLES`)."""
        return TITLES.get(self.name, self.name)

    def count(self, gold: str, sys: str) -> int:
        """Items in cell ``(gold, sys)``."""
        return len(self.cells.get((gold, sys), ()))

    def examples(self, gold: str, sys: str) -> tuple[Example, ...]:
        """The examples of cell ``(gold, sys)`` (empty for an empty cell)."""
        return self.cells.get((gold, sys), ())

    def matrix(self) -> list[list[int]]:
        """Counts, one row per gold label, one column per system label."""
        return [[self.count(g, s) for s in self.sys_labels] for g in self.gold_labels]

    @property
    def total(self) -> int:
        """Every counted item."""
        return sum(len(examples) for examples in self.cells.values())

    @property
    def agreement(self) -> int:
        """Items whose gold and system labels are equal (the diagonal)."""
        return sum(len(examples) for (g, s), examples in self.cells.items() if g == s and g != NONE)

    def gold_total(self, label: str) -> int:
        """Row total: items with gold label ``label``."""
        return sum(len(e) for (g, _), e in self.cells.items() if g == label)

    def sys_total(self, label: str) -> int:
        """Column total: items with system label ``label``."""
        return sum(len(e) for (_, s), e in self.cells.items() if s == label)

    def nonzero(self) -> list[tuple[str, str, int]]:
        """``(gold, sys, count)`` of every non-empty cell, most frequent first
        (ties in row, then column order)."""
        rows = {label: i for i, label in enumerate(self.gold_labels)}
        columns = {label: i for i, label in enumerate(self.sys_labels)}
        return sorted(((g, s, len(e)) for (g, s), e in self.cells.items()),
                      key=lambda cell: (-cell[2], rows[cell[0]], columns[cell[1]]))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: labels, the count matrix, each non-empty cell's examples."""
        return {
            "task": self.task, "name": self.name, "title": self.title,
            "gold_labels": list(self.gold_labels), "sys_labels": list(self.sys_labels),
            "matrix": self.matrix(),
            "cells": [{"gold": g, "sys": s, "count": n, "examples": [e.to_list() for e in self.examples(g, s)]}
                      for g, s, n in self.nonzero()],
        }


@dataclass(frozen=True, slots=True)
class _Item:
    position: int
    span: tuple[int, int]
    label: str
    located: bool = True


def _pair_by_span(
    unit: int, gold: Sequence[_Item], sys: Sequence[_Item], unpaired: bool,
) -> list[tuple[str, str, Example]]:
    """Pair items of one unit at equal spans: same label first, then in order; the
    rest (and items that cannot be located) against :data:`NONE` when ``unpaired``."""
    out: list[tuple[str, str, Example]] = []
    sys_at: dict[tuple[int, int], list[_Item]] = {}
    for item in sys:
        if item.located:
            sys_at.setdefault(item.span, []).append(item)
    gold_at: dict[tuple[int, int], list[_Item]] = {}
    for item in gold:
        if item.located:
            gold_at.setdefault(item.span, []).append(item)
        elif unpaired:
            out.append((item.label, NONE, Example(unit, item.position, None)))
    for span, gold_items in gold_at.items():
        waiting = sys_at.pop(span, [])
        left: list[_Item] = []
        for item in gold_items:
            for k, partner in enumerate(waiting):
                if partner.label == item.label:
                    del waiting[k]
                    out.append((item.label, partner.label, Example(unit, item.position, partner.position)))
                    break
            else:
                left.append(item)
        for item, partner in zip(left, waiting):
            out.append((item.label, partner.label, Example(unit, item.position, partner.position)))
        if unpaired:
            out.extend((item.label, NONE, Example(unit, item.position, None)) for item in left[len(waiting):])
            out.extend((NONE, s.label, Example(unit, None, s.position)) for s in waiting[len(left):])
    if unpaired:
        for items in sys_at.values():
            out.extend((NONE, s.label, Example(unit, None, s.position)) for s in items)
        out.extend((NONE, s.label, Example(unit, None, s.position)) for s in sys if not s.located)
    return out


def pos_confusion(result: ParsevalResult) -> Confusion:
    """Gold against system POS tag of every exact 1:1 word unit (see the module doc)."""
    gold_tags = [tag for tree in result.gold_trees for tag in tree.tags]
    sys_tags = [tag for tree in result.sys_trees for tag in tree.tags]
    items = []
    with gc_paused():
        for pair in result.pairs:
            for number, word in enumerate(pair.words):
                if word.kind == EXACT and word.n_gold == 1 and word.n_sys == 1:
                    example = Example(pair.index, number, number)
                    items.append((gold_tags[word.gold[0]], sys_tags[word.sys[0]], example))
        return Confusion.build(PARSEVAL, POS, items)


def label_confusion(result: ParsevalResult, unpaired: bool = True) -> Confusion:
    """Gold against system constituent label at equal spans (see the module doc)."""
    items = []
    with gc_paused():
        for pair in result.pairs:
            gold = [_Item(i, (c.start, c.end), c.label, c.located) for i, c in enumerate(pair.gold_constituents)]
            sys = [_Item(i, (c.start, c.end), c.label, c.located) for i, c in enumerate(pair.sys_constituents)]
            items.extend(_pair_by_span(pair.index, gold, sys, unpaired))
        return Confusion.build(PARSEVAL, LABELS, items)


def error_type_confusion(result: GecResult, unpaired: bool = True, by: str = "type") -> Confusion:
    """Gold against system error type of the scored edits at equal re-indexed
    spans (see the module doc); ``by`` is ``type``, ``main`` or ``operation``
    (:func:`jpcore.gec.error_types.category_of`)."""
    items = []
    with gc_paused():
        for unit in result.units:
            gold_edits, sys_edits = result.edits(unit.index)
            gold = [_Item(i, (e.start, e.end), category_of(e.type, by))
                    for i, e in enumerate(gold_edits) if e.status in SCORED]
            sys = [_Item(i, (e.start, e.end), category_of(e.type, by))
                   for i, e in enumerate(sys_edits) if e.status in SCORED]
            items.extend(_pair_by_span(unit.index, gold, sys, unpaired))
        return Confusion.build(GEC, TYPES, items)


def _why_untagged(segmentation: Segmentation) -> str:
    if segmentation.format == "conllu":
        return "column 4 (UPOS) is “_” on every word"
    return "tokenized text has no tag column"


def upos_missing(result: PreprocessResult) -> dict[str, str]:
    """``{side: why}`` for each side (:data:`GOLD_SIDE`, :data:`SYS_SIDE`) without any
    UPOS; empty when both sides have tags and :func:`upos_confusion` applies."""
    out = {}
    for side, segmentation in ((GOLD_SIDE, result.gold), (SYS_SIDE, result.system)):
        if flat_upos(segmentation) is None:
            out[side] = _why_untagged(segmentation)
    return out


def upos_confusion(result: PreprocessResult) -> Confusion:
    """Gold against system UPOS of every 1:1 word group with identical text (see the
    module doc); ``ValueError`` when a side has no UPOS (:func:`upos_missing`)."""
    gold_tags, sys_tags = flat_upos(result.gold), flat_upos(result.system)
    if gold_tags is None or sys_tags is None:
        raise ValueError("no UPOS on " + " and ".join(upos_missing(result)))
    items = []
    with gc_paused():
        for unit in result.units:
            for word in unit.words:
                if word.is_match:
                    gold, sys = word.gold[0], word.sys[0]
                    items.append((gold_tags[gold], sys_tags[sys], Example(unit.index, gold, sys)))
        return Confusion.build(PREPROCESS, UPOS, items)


def confusions(result: Result, unpaired: bool = True) -> dict[str, Confusion]:
    """Every confusion matrix that applies to ``result``, by name (for preprocess the
    UPOS matrix when both sides have UPOS, else none)."""
    task = task_of(result)
    if task == PARSEVAL:
        return {POS: pos_confusion(result), LABELS: label_confusion(result, unpaired)}
    if task == GEC:
        return {TYPES: error_type_confusion(result, unpaired)}
    if task == UD:  # the Dependencies page shows its label confusion itself
        return {}
    if upos_missing(result):
        return {}
    return {UPOS: upos_confusion(result)}
