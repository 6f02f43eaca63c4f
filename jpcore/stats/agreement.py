"""Two annotators' agreement, on what an alignment pairs 1:1: the shared part.

Contract: an evaluation that offers ``--agreement`` (:mod:`jpcore.ud.agreement`,
:mod:`jpcore.parseval.agreement`) reads, from its aligned units, each compared
column's two label lists (annotator A's and B's label of every word the
alignment pairs 1:1: an ``exact`` word group, one word on each side) and the
word groups; :func:`agreement_of` turns them into an :class:`Agreement`: per
column Cohen's kappa (:func:`jpcore.stats.kappa.cohen_kappa`) and the
confusion of labels, and how many words of each side could not be compared
and why (:data:`REASONS`, :func:`words_not_paired`): ``split/merged`` (the
same text cut into other words), ``text differs`` (a group whose characters
differ) and ``one side only`` (text only one annotator has).  A high kappa on
a low comparable share is not high agreement; both are always reported.

Where the evaluation says where each item lies (``items``: per column, the
aligned unit and both texts of each compared item) and which word groups it
could not compare (``excluded``: :func:`excluded_groups`), the
:class:`Agreement` also holds every item the annotators labelled differently
(:class:`Disagreement`) and every word group left out (:class:`Excluded`):
what the app lists, linking each to its unit.  ``to_dict`` (the JSON) holds
neither: its figures are the same either way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from jpcore.align import DIFFERING, EXACT, MERGED
from jpcore.stats.kappa import Kappa, cohen_kappa
from jpcore.stats.scale import score_cell, score_text

__all__ = ["REASONS", "Agreement", "Disagreement", "Excluded", "Item", "agreement_of", "excluded_groups",
           "render_agreement", "words_not_paired"]

#: Why a word could not be compared.
REASONS = ("split/merged", "text differs", "one side only")
#: The most frequent label pairs listed per column in :meth:`Agreement.to_dict`.
CONFUSION_ROWS = 20


class Item(NamedTuple):
    """Where one compared item lies: the aligned unit holding it (its index in the
    result's units) and its text in A and in B (a word, or a bracket's words)."""

    unit: int
    text_a: str
    text_b: str


class Disagreement(NamedTuple):
    """One compared item the annotators labelled differently in ``column``."""

    column: str
    unit: int
    text_a: str
    text_b: str
    label_a: str
    label_b: str


class Excluded(NamedTuple):
    """One word group not compared: its unit, why (:data:`REASONS`), its kind of group,
    the words of each side (joined by spaces) and how many there are."""

    unit: int
    reason: str
    kind: str
    text_a: str
    text_b: str
    words_a: int
    words_b: int


class Agreement(NamedTuple):
    """Annotator A against annotator B (module doc): per column a :class:`Kappa`
    and the confusion of labels (``(label A, label B) -> items``), how many words
    were comparable, each side's word count, per reason the words of each side
    ``(A, B)`` that could not be compared, and (bracket labels) ``spans``:
    ``(comparable, spans of A, spans of B)`` or ``None``; where the evaluation gave
    them, every :class:`Disagreement` (in column order, then item order) and every
    :class:`Excluded` word group (module doc)."""

    columns: dict[str, Kappa]
    confusion: dict[str, Counter[tuple[str, str]]]
    comparable: int
    words_a: int
    words_b: int
    not_comparable: dict[str, tuple[int, int]]
    spans: tuple[int, int, int] | None = None
    disagreeing: tuple[Disagreement, ...] = ()
    excluded: tuple[Excluded, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON's ``agreement``: per column ``kappa``, ``observed``, ``expected``,
        ``agreed``, ``items`` and the most frequent disagreements; the counts."""
        columns = {}
        for name, kappa in self.columns.items():
            pairs = [(a, b, n) for (a, b), n in self.confusion[name].most_common() if a != b][:CONFUSION_ROWS]
            columns[name] = {**kappa._asdict(), "disagreements": [list(pair) for pair in pairs]}
        out = {
            "method": "cohen_kappa on the words aligned 1:1 (exact word groups)",
            "comparable": self.comparable,
            "words_a": self.words_a,
            "words_b": self.words_b,
            "comparable_share_a": self.comparable / self.words_a if self.words_a else None,
            "comparable_share_b": self.comparable / self.words_b if self.words_b else None,
            "not_comparable": {reason: {"a": a, "b": b} for reason, (a, b) in self.not_comparable.items()},
            "columns": columns,
        }
        if self.spans is not None:
            comparable, spans_a, spans_b = self.spans
            out["spans"] = {"comparable": comparable, "spans_a": spans_a, "spans_b": spans_b}
        return out


def _reason(kind: str) -> str:
    if kind == MERGED:
        return REASONS[0]
    if kind in DIFFERING:
        return REASONS[1]
    return REASONS[2]


def _paired(group: Any) -> bool:
    """A 1:1 ``exact`` word group: the only kind whose words are compared."""
    return group.kind == EXACT and group.gold[1] - group.gold[0] == 1 and group.sys[1] - group.sys[0] == 1


def words_not_paired(groups: Iterable[Any]) -> dict[str, tuple[int, int]]:
    """Per reason (:data:`REASONS`), the words of each side ``(A, B)`` of the word
    groups ``groups`` that are not a 1:1 ``exact`` pair."""
    missing = {reason: [0, 0] for reason in REASONS}
    for group in groups:
        if _paired(group):
            continue
        n_a, n_b = group.gold[1] - group.gold[0], group.sys[1] - group.sys[0]
        counts = missing[_reason(group.kind)]
        counts[0] += n_a
        counts[1] += n_b
    return {reason: (n_a, n_b) for reason, (n_a, n_b) in missing.items()}


def excluded_groups(units: Iterable[tuple[int, Iterable[Any]]], forms_a: Sequence[str],
                    forms_b: Sequence[str]) -> list[Excluded]:
    """Every word group of ``units`` (unit index, its word groups, whose ranges index
    ``forms_a`` and ``forms_b``) that is not a 1:1 ``exact`` pair, as :class:`Excluded`."""
    out = []
    for unit, groups in units:
        for group in groups:
            if _paired(group):
                continue
            (a0, a1), (b0, b1) = group.gold, group.sys
            out.append(Excluded(unit, _reason(group.kind), group.kind, " ".join(forms_a[a0:a1]),
                                " ".join(forms_b[b0:b1]), a1 - a0, b1 - b0))
    return out


def _disagreeing(labels: Mapping[str, tuple[Sequence[str], Sequence[str]]],
                 items: Mapping[str, Sequence[Item]]) -> tuple[Disagreement, ...]:
    return tuple(Disagreement(name, *item, a, b) for name, (labels_a, labels_b) in labels.items()
                 for item, a, b in zip(items[name], labels_a, labels_b, strict=True) if a != b)


def agreement_of(labels: Mapping[str, tuple[Sequence[str], Sequence[str]]], groups: Iterable[Any],
                 words_a: int, words_b: int, spans: tuple[int, int, int] | None = None,
                 items: Mapping[str, Sequence[Item]] | None = None,
                 excluded: Sequence[Excluded] = ()) -> Agreement:
    """The :class:`Agreement` of the columns ``labels`` (name -> A's and B's label
    of each compared item), the word groups ``groups`` and each side's word count;
    ``items`` (name -> where each compared item lies) and ``excluded`` add the
    disagreements and the groups left out (module doc)."""
    first = next(iter(labels.values()))
    return Agreement(
        columns={name: cohen_kappa(a, b) for name, (a, b) in labels.items()},
        confusion={name: Counter(zip(a, b)) for name, (a, b) in labels.items()},
        comparable=len(first[0]),
        words_a=words_a,
        words_b=words_b,
        not_comparable=words_not_paired(groups),
        spans=spans,
        disagreeing=_disagreeing(labels, items) if items is not None else (),
        excluded=tuple(excluded),
    )


def render_agreement(agreement: Agreement) -> str:
    """The agreement as a plain-text table (what ``--agreement`` prints)."""
    share_a = 100 * agreement.comparable / agreement.words_a if agreement.words_a else 0.0
    share_b = 100 * agreement.comparable / agreement.words_b if agreement.words_b else 0.0
    lines = [
        "Agreement on the words aligned 1:1 (Cohen's kappa)",
        f"Comparable words: {agreement.comparable} of {agreement.words_a} in A ({score_text(share_a)}), "
        f"of {agreement.words_b} in B ({score_text(share_b)})",
    ]
    for reason, (n_a, n_b) in agreement.not_comparable.items():
        lines.append(f"  not comparable, {reason}: {n_a} words in A, {n_b} in B")
    if agreement.spans is not None:
        comparable, spans_a, spans_b = agreement.spans
        lines.append(f"Comparable brackets (same span on both sides): {comparable} of {spans_a} in A, "
                     f"of {spans_b} in B")
    lines.append("Column | Items | Agreed | Observed (%) | Kappa")
    lines.append("-------+-------+--------+--------------+-------")
    for name, kappa in agreement.columns.items():
        observed = "-" if kappa.observed is None else score_cell(100 * kappa.observed)
        value = "-" if kappa.kappa is None else f"{kappa.kappa:.4f}"
        lines.append(f"{name:<6} | {kappa.items:5d} | {kappa.agreed:6d} | {observed:>12} | {value}")
    return "\n".join(lines) + "\n"
