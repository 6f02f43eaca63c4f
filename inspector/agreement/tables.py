"""The Agreement page's tables, read from one :class:`~jpcore.stats.agreement.Agreement`.

Contract: every figure is the agreement's own (``jpcore ud|parseval A B
--agreement``'s: :meth:`~jpcore.stats.agreement.Agreement.to_dict` holds the
same), nothing is aligned or counted here but the rows of its confusion:
the comparable share per annotator, per column the items, the agreed
items, observed and expected agreement in percent and Cohen's kappa (4
decimals, as the command prints it), the words left out per reason, the
confusion of labels as a matrix (A's labels down, B's across), every item
labelled differently and every word group left out, each with its unit.
"""

from __future__ import annotations

import pandas as pd

from jpcore.stats.agreement import Agreement
from jpcore.stats.scale import score_text

#: What each evaluation calls a unit and its items, for the page's words.
UNIT_NOUN = {"ud": "unit", "parseval": "pair"}
#: The most labels a confusion matrix shows on each side (the most frequent; the rest summed in "other").
MATRIX_LABELS = 40


def share(comparable: int, total: int) -> str:
    """``comparable`` of ``total`` in percent, two decimals (``–`` when there is nothing)."""
    return score_text(100 * comparable / total) if total else "–"


def columns_frame(agreement: Agreement) -> pd.DataFrame:
    """One row per compared column: items, agreed, observed and expected (%) and kappa."""
    rows = []
    for name, kappa in agreement.columns.items():
        rows.append({
            "Column": name, "Items": kappa.items, "Agreed": kappa.agreed,
            "Observed (%)": None if kappa.observed is None else round(100 * kappa.observed, 2),
            "Expected (%)": None if kappa.expected is None else round(100 * kappa.expected, 2),
            "Kappa": None if kappa.kappa is None else round(kappa.kappa, 4),
        })
    return pd.DataFrame(rows, columns=["Column", "Items", "Agreed", "Observed (%)", "Expected (%)", "Kappa"])


def not_comparable_frame(agreement: Agreement) -> pd.DataFrame:
    """One row per reason a word could not be compared: the words of A and of B."""
    rows = [{"Reason": reason, "Words of A": n_a, "Words of B": n_b}
            for reason, (n_a, n_b) in agreement.not_comparable.items()]
    return pd.DataFrame(rows, columns=["Reason", "Words of A", "Words of B"])


def confusion_frame(agreement: Agreement, column: str) -> pd.DataFrame:
    """The confusion of ``column``'s labels: A's label per row, B's per column, items in
    each cell; at most :data:`MATRIX_LABELS` labels a side (the rest summed as ``other``)."""
    counts = agreement.confusion[column]
    totals_a: dict[str, int] = {}
    totals_b: dict[str, int] = {}
    for (a, b), n in counts.items():
        totals_a[a] = totals_a.get(a, 0) + n
        totals_b[b] = totals_b.get(b, 0) + n
    kept_a = sorted(totals_a, key=lambda label: (-totals_a[label], label))[:MATRIX_LABELS]
    kept_b = sorted(totals_b, key=lambda label: (-totals_b[label], label))[:MATRIX_LABELS]
    rows_a = kept_a + (["other"] if len(totals_a) > len(kept_a) else [])
    cols_b = kept_b + (["other"] if len(totals_b) > len(kept_b) else [])
    cells = {(a, b): 0 for a in rows_a for b in cols_b}
    for (a, b), n in counts.items():
        cells[a if a in kept_a else "other", b if b in kept_b else "other"] += n
    frame = pd.DataFrame([[cells[a, b] for b in cols_b] for a in rows_a], columns=[f"B: {b}" for b in cols_b])
    frame.insert(0, "A \\ B", rows_a)
    return frame


def disagreements_frame(agreement: Agreement, column: str | None, unit_noun: str) -> pd.DataFrame:
    """Every item labelled differently (in ``column``, or in any column when ``None``):
    its unit, the column, the text and label of each annotator."""
    unit = unit_noun.capitalize()
    rows = [{unit: d.unit, "Column": d.column, "Text A": d.text_a, "Label A": d.label_a, "Text B": d.text_b,
             "Label B": d.label_b}
            for d in agreement.disagreeing if column is None or d.column == column]
    return pd.DataFrame(rows, columns=[unit, "Column", "Text A", "Label A", "Text B", "Label B"])


def excluded_frame(agreement: Agreement, unit_noun: str) -> pd.DataFrame:
    """Every word group not compared: its unit, why, its kind, the words of each side."""
    unit = unit_noun.capitalize()
    rows = [{unit: e.unit, "Reason": e.reason, "Kind": e.kind, "Words A": e.words_a, "Words B": e.words_b,
             "Text A": e.text_a or "–", "Text B": e.text_b or "–"} for e in agreement.excluded]
    return pd.DataFrame(rows, columns=[unit, "Reason", "Kind", "Words A", "Words B", "Text A", "Text B"])
