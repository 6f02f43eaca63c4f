"""Ranking page: N systems on the same gold, their significance groups, who is best unit by unit.

Built over the registry as Compare is (:func:`inspector.common.evaluation_view.compared_views`;
the evaluation chosen at the top, ``?rk_eval=``): it reads what the view's
loader holds -- system A and, when chosen, system B -- and adds more systems
(:mod:`inspector.ranking.systems`: bundled variants or files).  What it shows
is ``jpcore TASK GOLD A B C ... --rank`` (:func:`jpcore.extras.ranking.rank_results`
with the command line's defaults: paired bootstrap, 1,000 resamples, seed
12345): the ranking table with the groups, a chart of the scores with their
intervals, every pair, and per unit every system's cutting shares, each
system's score there and who is best.  Every table downloads as CSV,
Markdown and LaTeX (:mod:`inspector.common.table_downloads`: the command
line's ``--table-format`` writers).  Every text from a file is escaped.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from jpcore.extras.options import DEFAULT_SAMPLES, DEFAULT_SEED
from jpcore.extras.ranking import ALPHA, RankingRun, rank_results, unit_winners
from jpcore.extras.tables import pairs_table, ranking_table
from jpcore.stats import PAIRED_BOOTSTRAP
from inspector.common import linked_loads
from inspector.common import widgets as components
from inspector.common.evaluation_view import EvaluationView, compared_views
from inspector.common.markup import md_text
from inspector.common.table_downloads import table_downloads
from inspector.common.wording import of_total, plural
from inspector.ranking import tables
from inspector.ranking.systems import System, ranked_systems

#: Rows per page of the per-unit table.
TABLE_ROWS = 500
#: Where the session keeps rankings made (one per evaluation: the last).
RUNS_KEY = "rk_runs"


def _ranking(task: str, systems: list[System], measure: str) -> RankingRun:
    """jpcore's ranking of ``systems``, made once per set of systems and measure."""
    key = (task, tuple((s.label, id(s.result)) for s in systems), measure)
    runs: dict = st.session_state.setdefault(RUNS_KEY, {})
    if runs.get(task, (None,))[0] != key:
        runs[task] = (key, rank_results([s.result for s in systems], [s.name for s in systems], measure=measure,
                                        method=PAIRED_BOOTSTRAP, samples=DEFAULT_SAMPLES, seed=DEFAULT_SEED))
    return runs[task][1]


def _groups_line(run: RankingRun) -> str:
    groups = "; ".join(f"group {n}: " + ", ".join(md_text(run.systems[i].name.split(":", 1)[0]) for i in members)
                       for n, members in enumerate(run.groups, 1))
    return (f"{plural(len(run.systems), 'system')} ranked on {md_text(run.label)}: **{groups}**. A system joins "
            f"the group of the group's first (best) system unless their paired-bootstrap difference is "
            f"significant (p < {ALPHA:g}, {run.samples:,} resamples, seed {run.seed}); the first that is opens "
            "the next group.")


def _default_view(views: dict[str, EvaluationView]) -> str:
    """The first evaluation with a system B loaded, else the first with a system A, else the first."""
    loaded = [key for key, view in views.items() if view.loader().get_loaded() is not None]
    with_b = [key for key in loaded if views[key].loader().get_loaded_b() is not None]
    return (with_b or loaded or list(views))[0]


def _gold_text(view: EvaluationView, a: Any) -> Any:
    def text(winner: Any) -> str:
        start, end = winner.ranges[0]
        return " ~~~ ".join(view.unit_text(a, i, "gold") for i in range(start, end)) or "\u2013"

    return text


def show() -> None:
    """Draw the Ranking page (``inspector/pages/ranking.py`` runs it)."""
    st.title("Rank systems")
    st.caption("Every system aligned to the same gold on its own, every pair compared on their common units, "
               "as `jpcore TASK GOLD A B C … --rank` does. System A (and B) are chosen in the sidebar of the "
               "evaluation's own page; add more systems here.")
    views = {view.key: view for view in compared_views()}
    linked_loads.follow_links(views.values())  # a link opened in a new browser loads what it names
    key = st.radio("Evaluation", list(views), format_func=lambda k: views[k].title, key="rk_eval",
                   index=list(views).index(_default_view(views)), horizontal=True, bind="query-params")
    view = views[key]
    linked_loads.keep_named("rk_eval", view.title)
    linked_loads.name_loaded(view, views.values())
    spec = view.loader()
    a, b = spec.get_loaded(), spec.get_loaded_b()
    if a is None:
        components.stop_until_loaded(f"Nothing is loaded for {view.title} yet: choose system A (and a **System "
                                     f"B**) in {view.loader_hint}, then come back here to add more systems.",
                                     view.loader_page, view.title, ":material/leaderboard:")
    systems = ranked_systems(spec, a, b)
    if len(systems) < 2:
        st.info("A ranking needs two systems or more: choose a System B on the evaluation's page, or add a "
                "bundled variant or a file above.", icon=":material/leaderboard:")
        st.stop()
    measure = components.measure_choice(a.result, "Measure ranked", f"rk_measure_{spec.task}",
                                        "The score ranked and tested (--measure).")
    run = _ranking(spec.task, systems, measure)
    st.info(_groups_line(run), icon=":material/leaderboard:")

    st.subheader("Ranking")
    frame = tables.ranking_frame(run)
    st.dataframe(frame, hide_index=True, key="rk_table",
                 column_config={name: st.column_config.NumberColumn(name, format="%.2f")
                                for name in frame.columns if "(%)" in name})
    table_downloads(ranking_table(run), f"ranking-{key}", "rk_dl", "Ranking")
    st.plotly_chart(tables.score_figure(run), key="rk_chart")

    st.subheader("Every pair")
    pairs = tables.pairs_frame(run)
    st.dataframe(pairs, hide_index=True, key="rk_pairs")
    table_downloads(pairs_table(run), f"pairs-{key}", "rk_pairs_dl", "Pairs")
    for line in run.warnings():
        st.warning(md_text(line), icon=":material/warning:")

    st.subheader("Who is best, unit by unit")
    winners = list(enumerate(unit_winners(run)))
    letters = [s.letter for s in systems]
    alone = {s.letter: sum(w.best == [k] for _, w in winners) for k, s in enumerate(systems)}
    st.caption(f"{plural(len(winners), 'unit')} that every system's cutting shares (gold cut wherever every "
               f"system ends a unit), each scored by its own counts; best alone: "
               + ", ".join(f"{letter} {count:,}" for letter, count in alone.items()) + ".")
    who = st.selectbox("Units where … is best", ["all", *letters], key=f"rk_who_{key}",
                       format_func=lambda k: "any system" if k == "all" else k)
    shown = [(n, w) for n, w in winners if who == "all" or letters.index(who) in w.best]
    st.caption(f"Showing {of_total(len(shown), len(winners), 'unit')}.")
    page_rows, _ = components.paged(shown, TABLE_ROWS, "rk_rows", "units")
    units = tables.units_frame(run, page_rows, letters, _gold_text(view, a))
    st.dataframe(units, hide_index=True, key="rk_units",
                 column_config={"Gold": st.column_config.TextColumn("Gold", width="large"),
                                **{f"{letter} (%)": st.column_config.NumberColumn(f"{letter} (%)", format="%.2f")
                                   for letter in letters}})
    table_downloads(units, f"best-per-unit-{key}", "rk_units_dl", "Units")
