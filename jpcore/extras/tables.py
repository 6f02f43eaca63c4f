"""Tables for papers: a result's totals and a ranking as text, CSV, Markdown or LaTeX (booktabs).

Contract: a :class:`Table` is headers, rows of cells already written as text,
and which columns are numbers (right-aligned).  :func:`totals_table` (one row
per measure of the task's tables: its counts and its score in percent) and
:func:`ranking_table` (one row per system, best first: rank, group, score
in percent, its 95 % interval, the difference to the best in points and its
p-value) build them; :func:`render` writes one as ``text``, ``csv``,
``markdown`` or ``latex``.  The command line's ``--table-format`` and the
app's download buttons use these functions, so a table reads the same
everywhere.  Scores are in percent with two decimals, differences in
points with their sign (a minus sign, U+2212, as the label says ``B − A``;
LaTeX gets ``$-$``), p-values to the resolution the resamples give: every
figure is written by :mod:`jpcore.stats.scale` (``percent``, ``show_p``
and ``signed_points`` here are its functions, re-exported).

>>> table = Table(("System", "F1 (%)"), (("a_b", "97.83"), ("c & d", "−1.20")), (False, True))
>>> print(render(table, "latex"))
\\begin{tabular}{lr}
\\toprule
System & F1 (\\%) \\\\
\\midrule
a\\_b & 97.83 \\\\
c \\& d & $-$1.20 \\\\
\\bottomrule
\\end{tabular}
<BLANKLINE>
>>> print(render(table, "markdown"))
| System | F1 (%) |
|:--|--:|
| a_b | 97.83 |
| c & d | −1.20 |
<BLANKLINE>
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jpcore.extras.totals import measures_of
from jpcore.stats.scale import MINUS, interval_text, p_cell, percent, points, score_cell

#: The one scale's functions under the names this module gave them before :mod:`jpcore.stats.scale`
#: (for callers written against them; new code imports them from there).
show_p, signed_points = p_cell, points

__all__ = ["COUNT_HEADERS", "FORMATS", "Table", "pairs_table", "percent", "ranking_table", "render", "show_p",
           "signed_points",
           "totals_table"]

#: How a count is headed in a table.
COUNT_HEADERS = {"tp": "TP", "fp": "FP", "fn": "FN"}
#: What :func:`render` writes.
FORMATS = ("text", "csv", "markdown", "latex")
#: LaTeX's special characters and what stands for each.
_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
          "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", MINUS: "$-$",
          "\u2013": "--", "<": "$<$", ">": "$>$"}


@dataclass(frozen=True)
class Table:
    """Headers, rows of text cells, and which columns hold numbers (right-aligned)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]

    def records(self) -> list[dict[str, str]]:
        """One dict per row, keyed by header."""
        return [dict(zip(self.headers, row)) for row in self.rows]


def totals_table(result: Any) -> Table:
    """One row per measure of ``result``'s task that its tables list: its counts and score (%)."""
    measures = [m for m in measures_of(result) if m.in_tables]
    counts = measures[0].counts
    headers = ("Metric", *(COUNT_HEADERS.get(c, c.capitalize()) for c in counts), "Score (%)")
    rows = []
    for measure in measures:
        sums = measure.sums(result)
        rows.append((measure.label(result), *(f"{value}" for value in sums),
                     score_cell(percent(measure, measure.score(result, sums)))))
    return Table(headers, tuple(rows), (False, *(True for _ in counts), True))


def ranking_table(run: Any) -> Table:
    """One row per system of ``run`` (:class:`jpcore.extras.ranking.RankingRun`), best first."""
    m = run.measure
    best = run.order[0]
    headers = ("Rank", "Group", "System", f"{run.label} (%)", "95 % interval (%)", "Best \u2212 system (points)",
               "p")
    rows = []
    for index in run.order:
        system = run.systems[index]
        interval = "\u2013" if system.interval is None else \
            f"[{score_cell(percent(m, system.interval[0]))}, {score_cell(percent(m, system.interval[1]))}]"
        if index == best:
            difference, p = "\u2013", "\u2013"
        else:
            value, _, p_value = run.difference(best, index)
            difference, p = points(percent(m, value)), p_cell(p_value, run.samples)
        rows.append((f"{system.rank}", f"{system.group}", system.name, score_cell(percent(m, system.score)), interval,
                     difference, p))
    return Table(headers, tuple(rows), (True, True, False, True, False, True, True))


def pairs_table(run: Any) -> Table:
    """Every pair of ``run``: A, B (input order), B − A in points, its 95 % interval, p, common units."""
    m = run.measure
    headers = ("A", "B", "B \u2212 A (points)", "95 % interval (points)", "p", "Common units")
    rows = []
    for pair in run.pairs:
        c = pair.comparison
        interval = "\u2013" if c.interval is None else \
            interval_text(percent(m, c.interval[0]), percent(m, c.interval[1]))
        rows.append((run.systems[pair.a].name, run.systems[pair.b].name, points(percent(m, c.difference)),
                     interval, p_cell(c.p_value, run.samples), f"{len(c.units):,}"))
    return Table(headers, tuple(rows), (False, False, True, False, True, True))


def _text(table: Table) -> str:
    widths = [max(len(table.headers[c]), *(len(row[c]) for row in table.rows)) for c in range(len(table.headers))]

    def line(cells: Sequence[str]) -> str:
        return " | ".join(cell.rjust(widths[c]) if table.numeric[c] else cell.ljust(widths[c])
                          for c, cell in enumerate(cells)).rstrip()

    return "\n".join([line(table.headers), "-+-".join("-" * w for w in widths), *map(line, table.rows)]) + "\n"


def _markdown_cell(cell: str) -> str:
    return cell.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _markdown(table: Table) -> str:
    lines = ["| " + " | ".join(map(_markdown_cell, table.headers)) + " |",
             "|" + "|".join("--:" if numeric else ":--" for numeric in table.numeric) + "|"]
    lines += ["| " + " | ".join(map(_markdown_cell, row)) + " |" for row in table.rows]
    return "\n".join(lines) + "\n"


def _latex_cell(cell: str) -> str:
    return "".join(_LATEX.get(char, char) for char in cell.replace("\n", " "))


def _latex(table: Table) -> str:
    columns = "".join("r" if numeric else "l" for numeric in table.numeric)
    lines = [f"\\begin{{tabular}}{{{columns}}}", "\\toprule", " & ".join(map(_latex_cell, table.headers)) + " \\\\",
             "\\midrule", *(" & ".join(map(_latex_cell, row)) + " \\\\" for row in table.rows),
             "\\bottomrule", "\\end{tabular}"]
    return "\n".join(lines) + "\n"


def _csv(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.headers)
    writer.writerows(table.rows)
    return out.getvalue()


def render(table: Table, fmt: str) -> str:
    """``table`` as ``fmt`` (:data:`FORMATS`); LaTeX needs ``\\usepackage{booktabs}``."""
    writers = {"text": _text, "csv": _csv, "markdown": _markdown, "latex": _latex}
    if fmt not in writers:
        raise ValueError(f"table format: expected one of {', '.join(FORMATS)}, found {fmt!r}")
    return writers[fmt](table)
