"""The HTML report's comparison section: system B against system A, when a comparison is given.

Contract: :func:`comparison_section` turns a
:class:`jpcore.extras.comparison.ComparisonRun` (``--compare B``, or the
app's system B) into one :class:`~jpcore.reports.markup.Section`: both
systems' scores on the tested measure and B − A, in percent and points
(:mod:`jpcore.stats.scale`, the one scale), the significance line (95 %
interval, p to the resolution of the resamples, method, samples, seed), a
warning when fewer than :data:`jpcore.stats.scale.FEW_UNITS` common units
carry it, and who wins each common unit (each system's score of its own
counts there, the counts, the winner), and A vs B per unit kind
(:func:`jpcore.analysis.versus.buckets_versus`: each system's own units
bucketed by kind, each bucket's units, A's score, B's score and B − A in
points) when the run holds B's result (a comparison rebuilt from a saved
JSON does not: one line says so).  Nothing is computed here beyond the
measure's metric of summed counts; file names are escaped as every value.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jpcore.analysis.versus import buckets_versus
from jpcore.stats.scale import difference_text, few_units, percent, points, score_cell
from jpcore.reports.markup import Section, esc, num, paged_table, paragraph, table

__all__ = ["comparison_section", "unit_winner"]

ANCHOR = "comparison"


def unit_winner(score_a: float, score_b: float) -> str:
    """``A``, ``B`` or ``tie``: who scores higher on a common unit."""
    return "A" if score_a > score_b else "B" if score_b > score_a else "tie"


def comparison_section(run: Any, result_a: Any) -> Section:
    """The section (see the module doc) of ``run``, a ``ComparisonRun`` whose system A is ``result_a``."""
    c, m = run.comparison, run.measure
    section = Section("Comparison with system B", anchor=ANCHOR)
    section.add(paragraph(f"System B against system A on {run.label}, each aligned to the same gold on its own and "
                          f"compared on their {len(c.units):,} common units (gold cut wherever both systems end a "
                          "unit), as jpcore TASK GOLD A --compare B computes it."))
    rows = [("A", run.system_a, num(score_cell(percent(m, c.score_a)))),
            ("B", run.system_b, num(score_cell(percent(m, c.score_b))))]
    section.add(table(("System", "File", f"{run.label} (%)"), rows))
    line = difference_text(m, c)
    line += f" ({c.method}, {c.samples:,} {'trials' if c.interval is None else 'resamples'}, seed {c.seed})."
    section.add(paragraph(line))
    few = few_units(len(c.units))
    if few is not None:
        section.add(f'<p class="note"><strong>Warning</strong>: {esc(few)}.</p>')
    metric = m.metric(result_a)
    scores_a = np.atleast_1d(metric.score(run.counts_a))
    scores_b = np.atleast_1d(metric.score(run.counts_b))
    winners = [unit_winner(float(a), float(b)) for a, b in zip(scores_a, scores_b)]
    section.add(paragraph(f"Who wins each common unit (by its own counts): A {winners.count('A'):,}, "
                          f"B {winners.count('B'):,}, tie {winners.count('tie'):,}."))
    heading = "/".join(name.upper() if len(name) == 2 else name for name in m.counts)
    unit_rows = []
    for index, (unit, winner) in enumerate(zip(c.units, winners)):
        start, end = unit.gold
        unit_rows.append((num(index), f"{start}\u2013{end - 1}" if end > start + 1 else
                          f"{start}" if end == start + 1 else "\u2013",
                          num("/".join(str(int(x)) for x in run.counts_a[index])),
                          num(score_cell(percent(m, float(scores_a[index])))),
                          num("/".join(str(int(x)) for x in run.counts_b[index])),
                          num(score_cell(percent(m, float(scores_b[index])))), winner))
    section.add(paged_table(("Common unit", "Gold sentences", f"A {heading}", "A (%)", f"B {heading}", "B (%)",
                             "Winner"), unit_rows, "common units", first_number=0))
    _by_kind(section, run, result_a)
    return section


def _by_kind(section: Section, run: Any, result_a: Any) -> None:
    """A vs B per unit kind (see the module doc)."""
    m = run.measure
    if run.result_b is None:
        section.add(paragraph("A vs B per unit kind: a saved comparison holds B's counts per common unit, not B's "
                              "own units; evaluate B's file again to see it."))
        return
    buckets = buckets_versus(result_a, run.result_b, m)
    section.add(paragraph(f"A vs B per unit kind: each system's own units (aligned to gold on its own) by kind, "
                          f"each kind's {run.label} of its summed counts; B − A in points."))

    def shown(score: float | None) -> str:
        return "\u2013" if score is None else num(score_cell(percent(m, score)))

    rows = [(bucket.name, num(bucket.units_a), shown(bucket.score_a), num(bucket.units_b), shown(bucket.score_b),
             "\u2013" if bucket.difference is None else num(points(percent(m, bucket.difference))))
            for bucket in buckets]
    section.add(table(("Unit kind", "A units", f"A {run.label} (%)", "B units", f"B {run.label} (%)",
                       "B \u2212 A (points)"), rows))
