"""The Compare page's tables: both systems' scores, and who wins each common unit.

Contract: every figure is read from a :class:`~jpcore.extras.comparison.ComparisonRun`
(``jpcore TASK GOLD A --compare B``'s comparison: the common units and each
system's counts summed per common unit) and the two results (for a
comparison saved in a JSON result: A's result and B's saved totals); nothing
is aligned or counted here.  A common unit's score is the measure's metric of
its own counts (F1 of its TP/FP/FN, EVALB's F1 of its brackets, errant's
F-beta), in percent, beside the precision and recall it is made of
(:func:`unit_scores_frame`); the *winner* is the system whose score is higher, a
*tie* when they are equal.  ``unit_text(loaded, index, side)`` gives a
unit's text (the view's :attr:`~inspector.common.evaluation_view.EvaluationView.unit_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from jpcore.extras.comparison import ComparisonRun
from jpcore.extras.totals import measures_of
from jpcore.extras.tables import COUNT_HEADERS
from jpcore.stats.scale import percent, points
from inspector.common.evaluation_view import ABSENT

#: Who wins a common unit, as the filter offers it.
WHO = ("all", "B", "A", "tie")
WHO_LABELS = {"all": "All units", "B": "B wins", "A": "A wins", "tie": "Tie"}
#: ``unit_text(loaded, index, side)``.
UnitText = Callable[[Any, int, str], str]
#: How the sentences of a unit, and the units of a common unit, are joined.
JOINER = " ~~~ "


@dataclass(frozen=True, slots=True)
class CommonRow:
    """One common unit: its number, gold sentence range, each system's unit range, counts and score."""

    index: int
    gold: tuple[int, int]
    sys_a: tuple[int, int]
    sys_b: tuple[int, int]
    counts_a: tuple[int, ...]
    counts_b: tuple[int, ...]
    score_a: float
    score_b: float

    @property
    def winner(self) -> str:
        """``A``, ``B`` or ``tie`` (by the unit's score)."""
        if self.score_a == self.score_b:
            return "tie"
        return "B" if self.score_b > self.score_a else "A"


def common_rows(run: ComparisonRun, result_a: Any) -> list[CommonRow]:
    """One row per common unit of ``run``, in document order."""
    metric = run.measure.metric(result_a)
    scores_a = np.atleast_1d(metric.score(run.counts_a)) if len(run.counts_a) else np.zeros(0)
    scores_b = np.atleast_1d(metric.score(run.counts_b)) if len(run.counts_b) else np.zeros(0)
    rows = []
    for index, unit in enumerate(run.comparison.units):
        rows.append(CommonRow(index, unit.gold, unit.sys_a, unit.sys_b,
                              tuple(int(x) for x in run.counts_a[index]), tuple(int(x) for x in run.counts_b[index]),
                              percent(run.measure, float(scores_a[index])),
                              percent(run.measure, float(scores_b[index]))))
    return rows


def unit_scores_frame(row: CommonRow, run: ComparisonRun, result_a: Any) -> pd.DataFrame:
    """Both systems on one common unit: each one's counts there and the precision, recall and
    score they make (the measure's own P and R: errant's for gec, EVALB's for parseval), in percent."""
    m, label = run.measure, run.label
    heading = "/".join(COUNT_HEADERS.get(c, c.capitalize()) for c in m.counts)
    rows = []
    for name, counts in (("A", row.counts_a), ("B", row.counts_b)):
        precision, recall, score = (percent(m, value) for value in m.prf(result_a, counts))
        rows.append({"System": name, heading: _counts(counts), "P (%)": precision, "R (%)": recall,
                     f"{label} (%)": score})
    return pd.DataFrame(rows, columns=["System", heading, "P (%)", "R (%)", f"{label} (%)"])


def wins(rows: Sequence[CommonRow]) -> dict[str, int]:
    """How many common units each of ``A``, ``B``, ``tie`` wins."""
    counted = {"A": 0, "B": 0, "tie": 0}
    for row in rows:
        counted[row.winner] += 1
    return counted


def gold_text(row: CommonRow, loaded_a: Any, unit_text: UnitText) -> str:
    """The gold text of a common unit: the gold side of the A units it holds."""
    texts = [unit_text(loaded_a, i, "gold") for i in range(*row.sys_a)]
    return JOINER.join(text for text in texts if text) or ABSENT


def side_texts(rows_range: tuple[int, int], loaded: Any, unit_text: UnitText) -> list[tuple[int, str]]:
    """``(unit number, system text)`` of each unit of one system in a common unit."""
    return [(i, unit_text(loaded, i, "sys")) for i in range(*rows_range)]


def _counts(values: Sequence[int]) -> str:
    return "/".join(str(v) for v in values)


def who_frame(rows: Sequence[CommonRow], run: ComparisonRun, result_a: Any, loaded_a: Any,
              unit_text: UnitText) -> pd.DataFrame:
    """The "where does B win?" table: key columns first (unit, winner, both scores, both
    systems' counts), then the gold text of the unit."""
    label = run.label
    heading = "/".join(COUNT_HEADERS.get(c, c.capitalize()) for c in run.measure.counts)
    out = []
    for row in rows:
        out.append({
            "Unit": row.index, "Winner": row.winner,
            f"A {label} (%)": row.score_a, f"B {label} (%)": row.score_b,
            f"A {heading}": _counts(row.counts_a), f"B {heading}": _counts(row.counts_b),
            "A units": unit_range(row.sys_a), "B units": unit_range(row.sys_b),
            "Gold": gold_text(row, loaded_a, unit_text),
        })
    columns = ["Unit", "Winner", f"A {label} (%)", f"B {label} (%)", f"A {heading}", f"B {heading}", "A units",
               "B units", "Gold"]
    return pd.DataFrame(out, columns=columns)


def unit_range(span: tuple[int, int]) -> str:
    """A range of units as the tables write it: ``3``, ``3–5``, ``–`` when empty."""
    start, end = span
    if end <= start:
        return "–"
    return f"{start}" if end == start + 1 else f"{start}–{end - 1}"


def scores_frame(result_a: Any, result_b: Any = None, totals_b: dict[str, Any] | None = None) -> pd.DataFrame:
    """Both systems' scores side by side: every measure of the task in the tables, each system's
    precision, recall and score in percent (the measure's own P and R), and B − A in points as
    :mod:`jpcore.stats.scale` writes it (``+1.28``, ``−2.42``).  B's are its result's, or read
    from ``totals_b`` (B's totals in the task's ``"totals"`` form, what a saved comparison holds)
    when B has no result here."""
    rows = []
    for measure in measures_of(result_a):
        if not measure.in_tables:
            continue
        if result_b is not None:
            sums_b = measure.sums(result_b)
        else:
            assert totals_b is not None
            sums_b = measure.totals_counts(totals_b)
        p_a, r_a, a = (percent(measure, value) for value in measure.prf(result_a, measure.sums(result_a)))
        p_b, r_b, b = (percent(measure, value) for value in measure.prf(result_a, sums_b))
        rows.append({"Metric": measure.label(result_a), "A P (%)": p_a, "A R (%)": r_a, "A (%)": a,
                     "B P (%)": p_b, "B R (%)": r_b, "B (%)": b, "B − A (points)": points(b - a)})
    return pd.DataFrame(rows)
