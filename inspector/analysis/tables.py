"""Tables of the Analysis page: buckets, units, worst units, confusion matrices.

Contract: every number is read from :mod:`jpcore.analysis` objects (sums of
the result's stored per-unit counts); scores are shown in percent, rounded
to 2 places, with the unit in their headers (``Tokens P (%)``); every unit
(a Brackets pair too) is numbered from 0, as on its own page (``Unit``).  Texts are plain strings (``st.dataframe`` shows them as text);
nothing here writes HTML.  The same frames are displayed and downloaded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pandas as pd
from pandas.io.formats.style import Styler

from jpcore.analysis import NONE, BucketTable, Confusion, RankedUnit, Score, UnitStats, length_bucket
from inspector.common.evaluation_view import AnalysisSource
from inspector.common.palette import BLUISH_GREEN, VERMILLION, group_word

#: Header of the first column of a confusion matrix (the gold labels).
ROW_HEADER = "gold ↓ · system →"


def _percent(value: float) -> float:
    return round(100.0 * value, 2)


def score_headers(label: str, f_label: str) -> tuple[str, str, str]:
    """The headers of one measure's P, R and F columns, with their unit: ``Tokens P (%)``..."""
    return f"{label} P (%)", f"{label} R (%)", f"{label} {f_label} (%)"


def score_cells(label: str, score: Score, f_label: str) -> dict[str, object]:
    """``<label> TP/FP/FN`` and ``<label> P/R/F (%)`` columns of one score (P/R/F in percent)."""
    p, r, f = score.prf()
    p_header, r_header, f_header = score_headers(label, f_label)
    return {f"{label} TP": score.tp, f"{label} FP": score.fp, f"{label} FN": score.fn,
            p_header: _percent(p), r_header: _percent(r), f_header: _percent(f)}


def bucket_frame(source: AnalysisSource, table: BucketTable) -> pd.DataFrame:
    """One row per bucket: name, units, then each measure's counts and P/R/F."""
    rows = []
    for bucket in table.buckets:
        row: dict[str, object] = {"Bucket": bucket.name, "Units": len(bucket.units)}
        for measure in table.measures:
            row.update(score_cells(source.measure_labels[measure], bucket.scores[measure], source.f_label))
        rows.append(row)
    return pd.DataFrame(rows)


def with_system_b(frame: pd.DataFrame, source: AnalysisSource, table: BucketTable, table_b: BucketTable
                  ) -> pd.DataFrame:
    """:func:`bucket_frame` (``frame``, of ``table``: system A) with system B's buckets beside
    it: B's units in each bucket (its own units, aligned to gold on its own), then per measure
    B's F (%) and B − A (points); a score is empty where the system has no unit in the bucket."""
    out = frame.assign()  # a new frame: the caller's stays as it is
    b_buckets = {bucket.name: bucket for bucket in table_b.buckets}
    out.insert(list(out.columns).index("Units") + 1, "B units",
               [len(b_buckets[b.name].units) if b.name in b_buckets else 0 for b in table.buckets])
    out = out.rename(columns={"Units": "A units"})
    for measure in table.measures:
        label = source.measure_labels[measure]
        f_a, f_b = [], []
        for bucket in table.buckets:
            other = b_buckets.get(bucket.name)
            f_a.append(bucket.scores[measure].f if bucket.units else None)
            f_b.append(other.scores[measure].f if other is not None and other.units else None)
        out[f"B {label} {source.f_label} (%)"] = pd.array(
            [_percent(b) if b is not None else None for b in f_b], dtype="Float64")
        out[f"B − A {label} {source.f_label} (points)"] = pd.array(
            [_percent(b - a) if a is not None and b is not None else None for a, b in zip(f_a, f_b)], dtype="Float64")
    return out


def selected_bucket_rows(table: BucketTable, rows: Sequence) -> list[str]:
    """The names of the buckets whose rows a ``st.dataframe`` row selection holds
    (positions in :func:`bucket_frame`), in table order; positions outside it are ignored."""
    chosen = set()
    for row in rows or ():
        try:
            position = int(row)
        except (TypeError, ValueError):
            continue
        if 0 <= position < len(table.buckets):
            chosen.add(position)
    return [table.buckets[position].name for position in sorted(chosen)]


def unit_row(source: AnalysisSource, unit: UnitStats) -> dict[str, object]:
    """One row of a units table: id, kind, length, counts per measure, both texts."""
    row: dict[str, object] = {
        "Unit": unit.index,
        "Kind": group_word(unit.kind, unit.shape),
        "Gold:system": unit.ratio,
        "Kind bucket": unit.bucket,
        "Gold words": unit.length,
        "Length bucket": length_bucket(unit.length),
    }
    for measure, score in unit.scores.items():
        label = source.measure_labels[measure]
        row.update({f"{label} TP": score.tp, f"{label} FP": score.fp, f"{label} FN": score.fn})
    row["Gold"] = source.text(unit.index, "gold")
    row["System"] = source.text(unit.index, "sys")
    return row


def units_frame(source: AnalysisSource, units: Iterable[UnitStats]) -> pd.DataFrame:
    """One row per unit, in the order given."""
    rows = [unit_row(source, unit) for unit in units]
    if rows:
        return pd.DataFrame(rows)
    empty = unit_row_columns(source)
    return pd.DataFrame(columns=empty)


def unit_row_columns(source: AnalysisSource) -> list[str]:
    """The columns of :func:`units_frame`."""
    columns = ["Unit", "Kind", "Gold:system", "Kind bucket", "Gold words", "Length bucket"]
    for label in source.measure_labels.values():
        columns += [f"{label} TP", f"{label} FP", f"{label} FN"]
    return [*columns, "Gold", "System"]


#: The worst units' columns after rank and errors: which unit, and its sentences' text.
WORST_FIRST = ("Unit", "Gold", "System")


def worst_frame(source: AnalysisSource, ranked: Sequence[RankedUnit]) -> pd.DataFrame:
    """The ranked units: rank, errors, the unit and its texts (:data:`WORST_FIRST`), then the
    rest of the unit's row."""
    rows = [{"Rank": item.rank, "Errors": item.errors, **unit_row(source, item.unit)} for item in ranked]
    return pd.DataFrame(rows, columns=["Rank", "Errors", *WORST_FIRST,
                                       *(c for c in unit_row_columns(source) if c not in WORST_FIRST)])


# --- confusion matrices ---------------------------------------------------------


def matrix_columns(matrix: Confusion) -> list[str]:
    """Column names of :func:`confusion_frame`: the row header, then the system labels
    (the row header is made unique if a label happens to spell it)."""
    header = ROW_HEADER
    while header in matrix.sys_labels:
        header += " "
    return [header, *matrix.sys_labels]


def confusion_frame(matrix: Confusion) -> pd.DataFrame:
    """The matrix: one row per gold label (first column), one column per system label."""
    columns = matrix_columns(matrix)
    rows = [[gold, *counts] for gold, counts in zip(matrix.gold_labels, matrix.matrix())]
    return pd.DataFrame(rows, columns=columns)


def confusion_styler(matrix: Confusion, frame: pd.DataFrame) -> Styler:
    """``frame`` with agreement cells tinted bluish green and disagreement
    cells vermillion, stronger for larger counts (Okabe–Ito); zero cells faint."""
    largest = max((n for _, _, n in matrix.nonzero()), default=1)

    def colour(column: pd.Series) -> list[str]:
        styles = []
        for gold, count in zip(frame.iloc[:, 0], column):
            if not count:
                styles.append("color: rgba(128,128,128,0.45)")
                continue
            base = BLUISH_GREEN if gold == column.name and gold != NONE else VERMILLION
            alpha = int(40 + 160 * count / largest)
            styles.append(f"background-color: {base}{alpha:02X}; font-weight: 600")
        return styles

    return frame.style.apply(colour, subset=list(frame.columns[1:]), axis=0)


def cells_frame(matrix: Confusion) -> pd.DataFrame:
    """Every non-empty cell: gold label, system label, count, whether they agree."""
    rows = [{"Gold": g, "System": s, "Count": n, "Agree": "✓" if g == s and g != NONE else "✗"}
            for g, s, n in matrix.nonzero()]
    return pd.DataFrame(rows, columns=["Gold", "System", "Count", "Agree"])


def selected_cell(matrix: Confusion, frame: pd.DataFrame, cells: Sequence) -> tuple[str, str] | None:
    """The ``(gold, system)`` labels of the first selected cell of a
    ``st.dataframe`` single-cell selection (``[(row, column name)]``), or ``None``
    for no selection, the row-header column or a cell outside the matrix."""
    columns = list(frame.columns)
    for cell in cells or ():
        try:
            row, column = int(cell[0]), str(cell[1])
        except (TypeError, ValueError, IndexError):
            continue
        if 0 <= row < len(matrix.gold_labels) and column in columns[1:]:
            return matrix.gold_labels[row], matrix.sys_labels[columns.index(column) - 1]
    return None
