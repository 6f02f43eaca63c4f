"""Scores broken down by label: per DEPREL, per UPOS, and which label became which.

Contract: pure functions of a :class:`~jpcore.ud.result.UdResult`, read off
its aligned pairs and flags (nothing is scored again):

* :func:`per_deprel`: for each DEPREL main type, the gold words and system
  words that have it, the aligned pairs whose gold word has it, how many of
  those have the right head (UAS) and the right head and label (LAS): LAS
  precision = correct / system, recall = correct / gold, as conll18 counts
  LAS, restricted to one label;
* :func:`per_upos`: the same for each UPOS, ``correct`` counting the right
  UPOS (and ``heads`` the right head, an attachment score per word class);
* :func:`label_confusion`: over the aligned pairs, how often each gold main
  type was given each system main type.

Rows are ordered by gold count (most frequent first), then label.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from jpcore.ud.metrics import main_types
from jpcore.ud.result import FLAG_BITS, UdResult


@dataclass(frozen=True, slots=True)
class LabelScore:
    """One label's counts: ``gold`` / ``system`` words with it, ``aligned`` pairs whose
    gold word has it, ``correct`` of those (LAS for a DEPREL, UPOS for a UPOS)
    and ``heads`` of those with the right head (UAS)."""

    label: str
    gold: int
    system: int
    aligned: int
    correct: int
    heads: int

    @property
    def precision(self) -> float:
        """correct / system (0.0 without system words)."""
        return self.correct / self.system if self.system else 0.0

    @property
    def recall(self) -> float:
        """correct / gold (0.0 without gold words)."""
        return self.correct / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        """2 correct / (gold + system)."""
        total = self.gold + self.system
        return 2 * self.correct / total if total else 0.0


def _rows(gold_labels: Sequence[str], sys_labels: Sequence[str], result: UdResult, bit: int) -> list[LabelScore]:
    gold, system = Counter(gold_labels), Counter(sys_labels)
    aligned: Counter[str] = Counter()
    correct: Counter[str] = Counter()
    heads: Counter[str] = Counter()
    uas = FLAG_BITS["UAS"]
    for gold_word, _, flags in result.pairs():
        label = gold_labels[gold_word]
        aligned[label] += 1
        if flags & bit:
            correct[label] += 1
        if flags & uas:
            heads[label] += 1
    labels = sorted(gold.keys() | system.keys(), key=lambda label: (-gold[label], label))
    return [LabelScore(label, gold[label], system[label], aligned[label], correct[label], heads[label])
            for label in labels]


def per_deprel(result: UdResult) -> list[LabelScore]:
    """LAS and UAS per DEPREL main type (module doc)."""
    return _rows(main_types(result.gold.deprel), main_types(result.system.deprel), result, FLAG_BITS["LAS"])


def per_upos(result: UdResult) -> list[LabelScore]:
    """UPOS accuracy and UAS per UPOS (module doc)."""
    return _rows(result.gold.upos, result.system.upos, result, FLAG_BITS["UPOS"])


def label_confusion(result: UdResult) -> Counter[tuple[str, str]]:
    """``(gold main type, system main type)`` -> aligned pairs, over every aligned pair."""
    gold_labels, sys_labels = main_types(result.gold.deprel), main_types(result.system.deprel)
    return Counter((gold_labels[gold_word], sys_labels[sys_word]) for gold_word, sys_word, _ in result.pairs())
