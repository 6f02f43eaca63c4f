"""The P/R/F-per-bucket chart of the Analysis page (plotly).

Three bar traces -- precision, recall, F -- per bucket of a
:class:`jpcore.analysis.BucketTable`, in percent.  Each trace has an
Okabe–Ito colour *and* a fill pattern and a symbol in its name, so colour is
never the only signal.  Bucket names are this project's constants (``1-10``,
``n:1``...), hover texts hold only them and numbers, and are escaped anyway.
Selecting bars (click, box) selects their buckets:
:func:`selected_buckets` turns the selection event back into bucket names.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from jpcore.analysis import BucketTable
from jpcore.stats.scale import score_cell
from inspector.common.plotly_selection import point_index, selected_points
from inspector.common.markup import esc
from inspector.common.palette import BLACK, BLUE, BLUISH_GREEN, ORANGE
from inspector.common.wording import plural

#: (symbol + name, index in Score.prf(), colour, pattern) per trace.
TRACES = (
    ("▲ P", 0, BLUE, ""),
    ("● R", 1, ORANGE, "/"),
    ("◆ F", 2, BLUISH_GREEN, "x"),
)


def bucket_figure(table: BucketTable, measure: str, measure_label: str, f_label: str = "F1") -> go.Figure:
    """Grouped bars of P, R and F (percent) of ``measure`` per bucket (x: bucket names)."""
    names = table.names()
    scores = [bucket.scores[measure] for bucket in table.buckets]
    hover = [
        f"{esc(bucket.name)}: {plural(len(bucket.units), 'unit')}<br>{esc(measure_label)} TP {score.tp} · "
        f"FP {score.fp} · FN {score.fn}<br>P {score_cell(100 * score.precision)} · R {score_cell(100 * score.recall)} · "
        f"{esc(f_label)} {score_cell(100 * score.f)}"
        for bucket, score in zip(table.buckets, scores)
    ]
    figure = go.Figure()
    for label, position, colour, pattern in TRACES:
        name = label if position < 2 else f"◆ {f_label}"
        figure.add_trace(go.Bar(
            x=[esc(name_) for name_ in names], y=[round(100 * score.prf()[position], 2) for score in scores],
            name=name, hovertext=hover, hoverinfo="text",
            marker=dict(color=colour, line=dict(color=BLACK, width=1),
                        pattern=dict(shape=pattern, solidity=0.35)),
        ))
    title = "sentence length (gold words per unit)" if table.by == "length" else "unit kind (gold:system)"
    figure.update_layout(
        barmode="group", height=340, margin=dict(l=10, r=10, t=30, b=10),
        # a click anywhere in a bucket's column selects it (a 0 % bar has no area to click)
        hovermode="x",
        legend=dict(orientation="h", y=1.14, x=0),
        yaxis=dict(range=[0, 105], title_text=f"{measure_label}: percent"),
        xaxis=dict(type="category", title_text=title),
    )
    return figure


def selected_buckets(table: BucketTable, event: Any) -> list[str]:
    """The bucket names of the bars selected in ``event`` (the value of
    ``st.plotly_chart(..., on_select="rerun")``, or its session-state dict;
    any trace), in table order, without repeats."""
    names = table.names()
    chosen: set[int] = set()
    for point in selected_points(event):
        index = point_index(point)
        if index is not None and 0 <= index < len(names):
            chosen.add(index)
        elif point.get("x") in names:
            chosen.add(names.index(point["x"]))
    return [names[i] for i in sorted(chosen)]
