"""Plotly charts of a result.

:func:`mismatch_figure` shows where the errors are along the document: one
marker per unit with an error, at the position of its first gold sentence,
token errors (FP + FN) on top and sentence errors below; colour *and* marker
symbol tell the unit kind (Okabe–Ito colours); each y axis starts a little
below 0, so markers at 0 lie inside the plot area.  Hover texts are escaped:
plotly renders a little HTML in them.  Every marker carries its unit's
index as ``customdata``, so a selection (``on_select``) names its units:
:func:`inspector.tokens.mismatch_selection.selected_units`.
"""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from jpcore.preprocess import Unit
from inspector.common.markup import esc
from inspector.common.palette import BLACK, KIND_STYLES, group_word, kind_style
from inspector.common.wording import line_list
from inspector.tokens.view import GOLD, SYS, ResultView

#: Plotly marker symbol per unit kind's display word (shape as well as colour).
KIND_SYMBOLS = {
    "exact": "circle",
    "split": "diamond",
    "merged": "diamond-wide",
    "regrouped": "star",
    "similar": "square",
    "different": "x",
    "gold-only": "triangle-down",
    "system-only": "triangle-up",
}


def _hover(view: ResultView, unit: Unit) -> str:
    gold = view.unit_text(unit, GOLD)
    system = view.unit_text(unit, SYS)
    return (
        f"unit #{unit.index} ({esc(unit.ratio)} {esc(group_word(unit.kind, unit.shape))})<br>"
        f"gold lines {esc(line_list(view.lines(unit, GOLD), '-'))}<br>"
        f"tokens FP {unit.tokens.fp} FN {unit.tokens.fn}; "
        f"sentences FP {unit.sentences.fp} FN {unit.sentences.fn}<br>"
        f"gold: {esc(gold[:80])}<br>sys: {esc(system[:80])}"
    )


def _y_range(largest: int) -> list[float]:
    """From a little below 0 to a little above ``largest``: markers at 0 sit inside
    the plot area, so a box drawn over the area can select them."""
    pad = 0.08 * max(largest, 1)
    return [-pad, largest + pad]


def mismatch_figure(view: ResultView) -> go.Figure:
    """Errors per unit along the document (x = first gold sentence number)."""
    result = view.result
    figure = make_subplots(
        rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.08, row_heights=[0.6, 0.4],
        subplot_titles=("Token errors per unit (FP + FN)", "Sentence errors per unit (FP + FN)"),
    )
    errors = [unit for unit in result.units if unit.is_mismatch]
    for kind in KIND_STYLES:
        units = [unit for unit in errors if group_word(unit.kind, unit.shape) == kind]
        if not units:
            continue
        style = kind_style(kind)
        x = [unit.gold[0] + 1 for unit in units]
        hover = [_hover(view, unit) for unit in units]
        indices = [unit.index for unit in units]
        marker = dict(color=style.colour, symbol=KIND_SYMBOLS.get(kind, "circle"), size=10,
                      line=dict(width=1, color=BLACK))
        name = f"{style.symbol} {style.label}" + (" sentence, token errors" if kind == "exact" else "")
        figure.add_trace(
            go.Scatter(x=x, y=[u.tokens.fp + u.tokens.fn for u in units], mode="markers",
                       name=name, legendgroup=kind, marker=marker, hovertext=hover,
                       hoverinfo="text", customdata=indices, cliponaxis=False),
            row=1, col=1,
        )
        figure.add_trace(
            go.Scatter(x=x, y=[u.sentences.fp + u.sentences.fn for u in units], mode="markers",
                       name=name, legendgroup=kind, showlegend=False, marker=marker,
                       hovertext=hover, hoverinfo="text", customdata=indices, cliponaxis=False),
            row=2, col=1,
        )
    n_gold = max(len(result.gold.sentences), 1)
    figure.update_xaxes(range=[0, n_gold + 1])
    figure.update_xaxes(title_text="gold sentence number (position in the document)", row=2, col=1)
    for row, largest in ((1, max((u.tokens.fp + u.tokens.fn for u in errors), default=0)),
                         (2, max((u.sentences.fp + u.sentences.fn for u in errors), default=0))):
        figure.update_yaxes(range=_y_range(largest), row=row, col=1)
    figure.update_layout(height=460, margin=dict(l=10, r=10, t=40, b=10),
                         legend=dict(orientation="h", y=1.12, x=0), hovermode="closest")
    return figure
