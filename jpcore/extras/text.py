"""The text blocks ``--by-shape``, ``--compare`` and ``--oracle`` print after a task's report.

Contract: pure functions from computed values to text (each block ends with
a newline, and starts with an empty line that sets it off from the report
before it).  These blocks are jpcore's own, so every figure is on the one
scale of :mod:`jpcore.stats.scale` whatever the task (errant's 0-1 F0.5
too): scores in percent (``83.33 %``, or under a ``(%)`` header),
differences in points with U+2212, p to the resolution of the resamples,
and a warning when fewer than 30 common units carry a comparison.  The
report before them (EVALB's, errant_compare's, the CoNLL 2018 script's
table) keeps its peer's bytes.  Nothing is computed here beyond the metric
of summed counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jpcore.align import shape_name
from jpcore.extras.by_shape import ShapeRow
from jpcore.extras.comparison import ComparisonRun
from jpcore.extras.oracle import OracleRun
from jpcore.extras.ranking import ALPHA, RankingRun
from jpcore.extras.tables import COUNT_HEADERS
from jpcore.stats import APPROXIMATE_RANDOMIZATION, COMPARE_MT
from jpcore.stats.measures import Measure
from jpcore.stats.scale import difference_text, few_units, percent, score_cell

__all__ = ["render_by_shape", "render_comparison", "render_oracle", "render_ranking"]



def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int]) -> list[str]:
    """``headers`` and ``rows`` as `` | ``-separated columns: those in ``left`` left-aligned."""
    from jpcore.extras.tables import Table, render

    table = Table(tuple(headers), tuple(tuple(row) for row in rows), tuple(c not in left for c in range(len(headers))))
    return render(table, "text").splitlines()


def render_by_shape(rows: Sequence[ShapeRow], measures: Sequence[Measure], result: Any, noun: str) -> str:
    """The by-shape table: per shape, its units and each measure's counts and score.

    ``result`` is what the measures read their label and metric from; ``noun``
    names the units a shape counts (``sentences``, ``trees``, ``blocks``)."""
    counts = measures[0].counts
    headers = ["Shape", "Units", "Gold:system", "Metric", *(COUNT_HEADERS.get(c, c.capitalize()) for c in counts),
               "Score (%)"]
    table = []
    for row in rows:
        for number, measure in enumerate(measures):
            sums = row.sums[measure.name]
            first = number == 0
            table.append([
                f"{row.shape} {shape_name(row.shape)}" if first else "",
                f"{row.units}" if first else "",
                f"{row.gold}:{row.system}" if first else "",
                measure.label(result),
                *(f"{value}" for value in sums),
                score_cell(percent(measure, measure.score(result, sums))),
            ])
    lines = ["", f"By unit shape (gold:system {noun}; over the shapes, every count adds up to its total):"]
    return "\n".join(lines + _table(headers, table, (0, 3))) + "\n"


def render_comparison(run: ComparisonRun, noun: str) -> str:
    """Both systems' scores, the difference, its 95% interval, the p-value and the method."""
    c, m = run.comparison, run.measure
    lines = [
        "",
        f"Comparison on {run.label} (B against A, each aligned to the same gold on its own):",
        f"  A {run.system_a}: {m.show(c.score_a)}",
        f"  B {run.system_b}: {m.show(c.score_b)}",
        f"  {difference_text(m, c)}",
    ]
    warning = few_units(len(c.units))
    if warning is not None:
        lines.append(f"  warning: {warning}")
    if c.method == APPROXIMATE_RANDOMIZATION:
        how = f"{c.samples:,} trials, each swapping A's and B's counts in every common unit with " \
              "probability 1/2; no interval (it tests, it does not estimate)"
    elif c.method == COMPARE_MT:
        how = f"{c.samples:,} resamples of {c.sample_ratio:g} x the common units; p is compare-mt's 1 - win ratio"
    else:
        how = f"{c.samples:,} resamples of the common units; p two-sided"
    lines.append(f"  method: {c.method}, seed {c.seed}: {how}")
    lines.append(f"  common units: {len(c.units):,} (gold cut wherever both systems end a unit of {noun})")
    if c.wins is not None:
        lines.append(f"  resamples where A is higher: {c.wins[0]:,}, B higher: {c.wins[1]:,}, equal: {c.wins[2]:,}")
    return "\n".join(lines) + "\n"


def render_oracle(run: OracleRun, noun: str) -> str:
    """Each measure end to end, on gold's segmentation and perfect; what each stage lost."""
    headers = ["Metric", "End to end (%)", "Oracle (%)", "Perfect (%)", "Lost to segmentation (points)",
               "Lost to the task (points)"]
    rows = [[stage.label, *(score_cell(percent(stage.measure, value))
                            for value in (stage.end_to_end, stage.oracle, stage.best)),
             stage.measure.show_signed(stage.segmentation), stage.measure.show_signed(stage.task)]
            for stage in run.stages if stage.measure.in_tables]
    lines = ["", f"Error by stage (oracle {run.name}: the same system on gold's segmentation):"]
    lines += _table(headers, rows, (0,))
    if run.off_gold:
        lines.append(f"note: {run.off_gold:,} of the oracle's {run.units:,} units are not 1:1: it does not keep "
                     f"gold's {noun} everywhere, so its score still holds segmentation errors")
    return "\n".join(lines) + "\n"


def render_ranking(run: RankingRun, noun: str) -> str:
    """The ranking (best first, with groups), every pair, the method and the group rule."""
    from jpcore.extras.tables import pairs_table, ranking_table, render

    lines = ["", f"Ranking on {run.label} ({len(run.systems)} systems, each aligned to the same gold on its own):"]
    text = "\n".join(lines) + "\n" + render(ranking_table(run), "text")
    text += f"\nEvery pair (B against A, on their common units of {noun}):\n" + render(pairs_table(run), "text")
    how = (f"  method: {run.method}, seed {run.seed}, {run.samples:,} "
           f"{'trials' if run.method == APPROXIMATE_RANDOMIZATION else 'resamples'}, as --compare; groups: walking "
           f"down the ranking, a system joins the group of the group's first system unless their difference is "
           f"significant (p < {ALPHA:g}); the first that is opens the next group\n")
    return text + how + "".join(f"  warning: {line}\n" for line in run.warnings())
