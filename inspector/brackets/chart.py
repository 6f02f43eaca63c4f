"""Per-label precision, recall and F1 of an alignment-mode PARSEVAL result (plotly).

The figures are jpcore's (:meth:`~jpcore.parseval.result.ParsevalResult.label_scores`);
this module only draws them.  Three bars per label: colour (Okabe–Ito)
*and* fill pattern tell precision, recall and F1 apart.  Selecting bars
(``st.plotly_chart(..., on_select="rerun")``) gives points whose ``x`` is the
label, escaped (plotly renders a little HTML in tick labels too):
:func:`selected_labels` reads them back (through
:mod:`inspector.common.plotly_selection`).  ``hovermode="x"``: a click anywhere in a
label's column selects it, also above a short bar or one of height 0
(plotly's default "closest" gives the click to the bar itself only).  Hover
texts are escaped (plotly renders a little HTML in them).
"""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go

from jpcore.parseval.result import LabelScore
from jpcore.stats.scale import score_text
from inspector.common.plotly_selection import selected_values
from inspector.common.markup import esc
from inspector.common.palette import BLACK, BLUE, ORANGE, VERMILLION

#: (name, attribute, colour, pattern) per bar of a label.
BARS = (
    ("Precision", "precision", BLUE, ""),
    ("Recall", "recall", ORANGE, "/"),
    ("F1", "f1", VERMILLION, "x"),
)


def label_figure(scores: list[LabelScore], limit: int = 25) -> go.Figure:
    """Grouped bars of P/R/F1 (percent) for the ``limit`` most frequent labels."""
    shown = scores[:limit]
    labels = [score.label for score in shown]
    figure = go.Figure()
    for name, attribute, colour, pattern in BARS:
        hover = [
            f"{esc(s.label)}: {name} {score_text(getattr(s, attribute))}<br>"
            f"matched {s.matched} · gold {s.gold} · test {s.test}"
            for s in shown
        ]
        figure.add_trace(go.Bar(
            x=[esc(label) for label in labels], y=[round(getattr(s, attribute), 2) for s in shown], name=name,
            marker=dict(color=colour, pattern=dict(shape=pattern, solidity=0.35),
                        line=dict(color=BLACK, width=1)),
            hovertext=hover, hoverinfo="text",
        ))
    figure.update_layout(
        barmode="group", height=320, margin=dict(l=10, r=10, t=30, b=10), hovermode="x",
        yaxis=dict(title="percent", range=[0, 105]), xaxis=dict(title="constituent label", type="category"),
        legend=dict(orientation="h", y=1.15, x=0),
    )
    return figure


def selected_labels(state: Any) -> list[str]:
    """The labels of the bars selected in a plotly chart's selection state
    (``event.selection``; a mapping or an attribute object), in order, without repeats."""
    return list(dict.fromkeys(html.unescape(str(x)) for x in selected_values(state, "x")))
