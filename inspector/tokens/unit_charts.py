"""The Sentences & tokens page's "units by kind" and "units by shape" charts (plotly).

One bar per unit kind (its display word: ``split``, ``merged``, ``similar``...) or shape (``1:n``,
``n:1``...) present in the result, split into the units that are all correct
and those with an error (stacked, colour *and* pattern tell them apart), on a log scale
from 0.5 with every count printed on its bar, so a category of one unit beside one of a
hundred is still a bar to click.
Each chart stands for a filter widget of the page (Unit kind, Shape): a bar
selected sets it (:mod:`inspector.common.linked_selection`), so the
category names are the widgets' plain values (``x``; escaped anyway, plotly
renders a little HTML in tick labels): :func:`selected_categories` reads them
back.  ``hovermode="x"``: a click anywhere in a category's column selects it.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from jpcore.preprocess import Unit
from inspector.common.markup import esc
from inspector.common.palette import BLACK, BLUISH_GREEN, VERMILLION, group_word
from inspector.common.plotly_selection import selected_values

#: Where the log scale starts: log10(0.5), so a bar of one unit is a third of a decade tall.
LOG_FLOOR = math.log10(0.5)
#: (name, is the unit correct, colour, pattern) per stacked trace.
TRACES = (("✓ all correct", True, BLUISH_GREEN, ""), ("✗ with an error", False, VERMILLION, "/"))


def category_of(unit: Unit, by: str) -> str:
    """The unit's kind (``by="kind"``: its display word, split, merged...) or shape (``"shape"``)."""
    return group_word(unit.kind, unit.shape) if by == "kind" else unit.shape


def units_figure(units: Sequence[Unit], by: str, order: Sequence[str], title: str) -> go.Figure:
    """Stacked bars: per category of ``order`` present among ``units`` (then any other, sorted),
    the units all correct and those with an error."""
    counts: dict[str, list[int]] = {}
    for unit in units:
        counts.setdefault(category_of(unit, by), [0, 0])[1 if unit.is_mismatch else 0] += 1
    names = [name for name in order if name in counts] + sorted(set(counts) - set(order))
    figure = go.Figure()
    for label, correct, colour, pattern in TRACES:
        values = [counts[name][0 if correct else 1] for name in names]
        figure.add_trace(go.Bar(
            x=[esc(name) for name in names], y=values, name=label,
            marker=dict(color=colour, line=dict(color=BLACK, width=1), pattern=dict(shape=pattern)),
            hovertext=[f"{esc(name)}: {value} {esc(label[2:])}" for name, value in zip(names, values)],
            hoverinfo="text",
            # every count printed on its bar: on the log scale a bar's height is not its count
            text=[str(value) if value else "" for value in values], textposition="inside",
            insidetextanchor="middle", textfont=dict(size=12), constraintext="none",
        ))
    largest = max((sum(pair) for pair in counts.values()), default=1)
    figure.update_layout(
        barmode="stack", height=270, margin=dict(l=10, r=10, t=30, b=10), hovermode="x",
        title=dict(text=title, font=dict(size=14)),  # the legend below: a narrow chart has no room beside
        legend=dict(orientation="h", y=-0.18, yanchor="top", x=0, traceorder="normal"),
        # a log scale from 0.5: one unit among a hundred is a bar a person can click, not a sliver
        # (issue 25 item 12); the counts are printed on the bars
        yaxis=dict(title_text="units (log scale)", type="log", range=[LOG_FLOOR, math.log10(largest * 1.6)]),
        xaxis=dict(type="category"), uniformtext=dict(minsize=9, mode="show"),
    )
    return figure


def selected_categories(event: Any) -> list[str]:
    """The categories of the bars selected in a chart's event (or its session-state dict)."""
    return list(dict.fromkeys(html.unescape(str(x)) for x in selected_values(event, "x")))
