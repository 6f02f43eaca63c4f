"""The Ranking page's tables and chart, from jpcore's ranking (nothing is scored here).

Contract: :func:`ranking_frame` is jpcore's ranking table
(:func:`jpcore.extras.tables.ranking_table`, best first) with its numbers
as numbers (differences written in points with their sign, U+2212, as
:mod:`jpcore.stats.scale` writes every difference); :func:`pairs_frame` every pair; :func:`units_frame` per unit
that every system's cutting shares (:func:`jpcore.extras.ranking.unit_winners`)
each system's score of its own counts there and who is best;
:func:`score_figure` the scores with their 95 % intervals, one colour per
significance group.  Every name from a file is escaped where plotly reads
markup (tick labels, hover text).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from jpcore.extras.ranking import RankingRun, UnitWinner
from jpcore.stats.scale import interval_text, p_cell, percent, points
from inspector.common.markup import esc
from inspector.common.palette import BLUE, BLUISH_GREEN, GREY, ORANGE, REDDISH_PURPLE, SKY_BLUE, VERMILLION

#: One colour per significance group (then grey).
GROUP_COLOURS = (BLUE, ORANGE, BLUISH_GREEN, VERMILLION, REDDISH_PURPLE, SKY_BLUE)
NO_VALUE = "\u2013"


def ranking_frame(run: RankingRun) -> pd.DataFrame:
    """One row per system, best first: rank, group, system, score and interval (%), the
    best's lead in points and its p-value (``–`` for the best itself)."""
    m, best = run.measure, run.order[0]
    rows = []
    for index in run.order:
        system = run.systems[index]
        low, high = (None, None) if system.interval is None else (percent(m, system.interval[0]),
                                                                   percent(m, system.interval[1]))
        lead, p = (NO_VALUE, NO_VALUE) if index == best else (
            points(percent(m, run.difference(best, index)[0])), p_cell(run.difference(best, index)[2], run.samples))
        rows.append({"Rank": system.rank, "Group": system.group, "System": system.name,
                     f"{run.label} (%)": percent(m, system.score), "Low (%)": low, "High (%)": high,
                     "Best \u2212 system (points)": lead, "p": p})
    return pd.DataFrame(rows)


def pairs_frame(run: RankingRun) -> pd.DataFrame:
    """Every pair, A before B in input order: B − A in points, its interval, p, common units."""
    m = run.measure
    rows = []
    for pair in run.pairs:
        c = pair.comparison
        rows.append({"A": run.systems[pair.a].name, "B": run.systems[pair.b].name,
                     "B \u2212 A (points)": points(percent(m, c.difference)),
                     "95 % interval (points)": NO_VALUE if c.interval is None else
                     interval_text(percent(m, c.interval[0]), percent(m, c.interval[1])),
                     "p": p_cell(c.p_value, run.samples), "Significant": "yes" if pair.significant else "no",
                     "Common units": len(c.units)})
    return pd.DataFrame(rows)


def best_label(run: RankingRun, winner: UnitWinner) -> str:
    """Who is best in a unit: one system's letter, or the tied ones' (``all`` when every one ties)."""
    if len(winner.best) == len(run.systems):
        return "all tie"
    return ", ".join(run.systems[k].name.split(":", 1)[0] for k in winner.best)


def units_frame(run: RankingRun, winners: Sequence[tuple[int, UnitWinner]], letters: Sequence[str],
                gold_text: Callable[[UnitWinner], str]) -> pd.DataFrame:
    """One row per shared unit (``(number, winner)``): its number, gold sentences and text, each
    system's score (%), who is best."""
    m = run.measure
    rows = []
    for number, winner in winners:
        start, end = winner.gold
        row: dict[str, Any] = {"Unit": number, "Best": best_label(run, winner),
                               "Gold sentences": NO_VALUE if end == start else
                               f"{start}" if end == start + 1 else f"{start}\u2013{end - 1}"}
        for letter, score in zip(letters, winner.scores):
            row[f"{letter} (%)"] = percent(m, score)
        row["Gold"] = gold_text(winner)
        rows.append(row)
    return pd.DataFrame(rows)


def score_figure(run: RankingRun) -> go.Figure:
    """Each system's score (%) with its 95 % interval, best first, coloured by group."""
    m = run.measure
    figure = go.Figure()
    for number, members in enumerate(run.groups, 1):
        systems = [run.systems[i] for i in members]
        scores = [percent(m, s.score) for s in systems]
        plus = [0.0 if s.interval is None else percent(m, s.interval[1]) - percent(m, s.score) for s in systems]
        minus = [0.0 if s.interval is None else percent(m, s.score) - percent(m, s.interval[0]) for s in systems]
        figure.add_trace(go.Scatter(
            x=[esc(s.name) for s in systems], y=scores, mode="markers", name=f"group {number}",
            marker={"size": 11, "color": GROUP_COLOURS[number - 1] if number <= len(GROUP_COLOURS) else GREY},
            error_y={"type": "data", "array": plus, "arrayminus": minus, "visible": True},
            hovertemplate="%{x}<br>%{y:.2f} percent<extra>group " + str(number) + "</extra>"))
    figure.update_layout(xaxis={"title": "system (best first)", "categoryorder": "array",
                                "categoryarray": [esc(run.systems[i].name) for i in run.order]},
                         yaxis={"title": f"{esc(run.label)} (percent)"}, height=380,
                         margin={"l": 40, "r": 10, "t": 30, "b": 40}, legend={"title": "significance"})
    return figure
