"""The per-type P/R/F chart of the Edits page (plotly).

Three bar traces -- precision, recall, F -- per category of
:func:`jpcore.gec.error_types.type_table` (values from the scorer, errant's
rounding, shown in percent as every score of the app).  Each trace has an Okabe–Ito colour *and* a fill pattern and a
symbol in its name, so colour is never the only signal.  Category names come
from user files and are escaped (plotly renders a little HTML in tick labels
and hover texts).  Selecting bars (click, box) selects their categories:
:func:`selected_categories` turns plotly's selection event back into names.
``hovermode="x"``: a click anywhere in a category's column selects it, also
above a bar of height 0 (with plotly's default "closest" only the bar itself
takes the click, and a category scoring 0 could not be clicked at all).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from jpcore.gec.error_types import TypeRow
from jpcore.stats.scale import score_text
from inspector.common.plotly_selection import selected_indices
from inspector.common.markup import esc
from inspector.common.palette import BLACK, BLUE, BLUISH_GREEN, ORANGE
from inspector.edits.tables import percent

#: (label, TypeRow field, colour, pattern) per trace.
TRACES = (
    ("▲ P", "precision", BLUE, ""),
    ("● R", "recall", ORANGE, "/"),
    ("◆ F", "f", BLUISH_GREEN, "x"),
)


def type_figure(rows: Sequence[TypeRow], f_label: str = "F0.5") -> go.Figure:
    """Grouped bars of P, R and F (percent) per category (x: escaped names)."""
    figure = go.Figure()
    names = [esc(row.name) for row in rows]
    for label, attribute, colour, pattern in TRACES:
        name = label if attribute != "f" else f"◆ {f_label}"
        # hovering a category shows its three bars' labels at once (hovermode "x")
        values = [percent(getattr(row, attribute)) for row in rows]
        hover = [f"{esc(row.name)}: {esc(name)} {score_text(value)}<br>"
                 f"TP {row.tp} · FP {row.fp} · FN {row.fn}" for row, value in zip(rows, values)]
        figure.add_trace(go.Bar(
            x=names, y=values, name=name,
            marker=dict(color=colour, line=dict(color=BLACK, width=1), pattern=dict(shape=pattern)),
            hovertext=hover, hoverinfo="text",
        ))
    figure.update_layout(
        barmode="group", height=360, margin=dict(l=10, r=10, t=30, b=10), hovermode="x",
        legend=dict(orientation="h", y=1.12, x=0), yaxis=dict(range=[0, 105], title_text="percent"),
    )
    figure.update_xaxes(type="category", tickangle=-40 if len(rows) > 8 else 0)
    return figure


def selected_categories(rows: Sequence[TypeRow], event: Any) -> list[str]:
    """The category names of the bars selected in ``event`` (the value of
    ``st.plotly_chart(..., on_select="rerun")``; any trace), in table order."""
    return [rows[i].name for i in selected_indices(event, len(rows))]
