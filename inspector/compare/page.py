"""Compare page: system A against system B on the same gold, unit by unit, for any evaluation.

Built over the registry (:func:`inspector.common.evaluation_view.compared_views`):
the evaluation is chosen at the top (``?cmp_eval=``), and the page reads
(never loads) what its loader holds -- system A and, chosen under it on
the view's own pages, system B (:mod:`inspector.common.system_b`) -- as
the Analysis page does; it shows what
``jpcore TASK GOLD A --compare B`` computes (jpcore's
:func:`~jpcore.extras.comparison.compare_results`, its defaults: paired
bootstrap, 1,000 resamples, seed 12345): the significance line with its
method named, both systems' scores side by side, and per common unit (gold
cut wherever both systems end a unit) "where does B win?": each system's
counts and score and the winner, filtered by who wins (``?cmp_who=B``); a
row opens the unit (``?cmp_unit=N``): its gold text and each system's own
units in it, drawn as the view's own unit page draws them (word groups,
edits, trees, words gold over system), with both systems' precision,
recall and score there.  A result opened from a saved JSON run that holds a
comparison (``--compare B --json``: :func:`inspector.common.system_b.saved`)
is shown the same way from the file's figures (its tested measure only,
B's scores from its saved totals, who wins from the saved ``unit_counts``),
and the page says that B's own units are not in the file.  Every text
from a file is escaped.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from jpcore.stats.scale import score_text
from inspector.common import system_b
from inspector.common import linked_loads
from inspector.common import widgets as components
from inspector.common.evaluation_view import EvaluationView, compared_views
from inspector.common.markup import md_text
from inspector.common.significance import SAVED_NOTE, few_units_warning, significance_line
from inspector.common.wording import of_total, plural
from inspector.compare import tables

#: URL/session key of the opened common unit.
UNIT_KEY = "cmp_unit"
#: Rows per page of the who-wins table.
TABLE_ROWS = 500
#: What a comparison saved in a JSON result does not hold.
NOT_IN_FILE = ("System B's own units are not in the file: a saved comparison holds B's totals and its counts per "
               "common unit (and which of B's units each common unit spans), not B's sentences; load the gold, A "
               "and B files to see them.")


def _default_view(views: dict[str, EvaluationView]) -> str:
    """The first evaluation with a system B loaded (or a saved comparison), else the first."""
    for key, view in views.items():
        spec = view.loader()
        if system_b.current(spec) is not None or system_b.saved(spec) is not None:
            return key
    return next(iter(views))


def _unit_detail(row: tables.CommonRow, run: Any, view: EvaluationView, a: Any, b: Any) -> None:
    """The common unit: both systems' P/R/F there, its gold text, and each system's units in it drawn
    as the view's own unit page draws them (``view.draw_units``: word groups, edits, trees, words);
    ``b`` is ``None`` for a saved comparison (B's units are not in the file, only which of them the
    unit spans)."""
    start, end = row.gold
    where = ("no gold sentence" if end == start else f"gold sentence {start}" if end == start + 1
             else f"gold sentences {start}–{end - 1}")
    st.markdown(f"**Common unit #{row.index}**: {where} · winner **{row.winner}** "
                f"(A {score_text(row.score_a)}, B {score_text(row.score_b)})")
    frame = tables.unit_scores_frame(row, run, a.result)
    st.dataframe(frame, hide_index=True, key="cmp_unit_scores",
                 column_config={name: st.column_config.NumberColumn(name, format="%.2f")
                                for name in frame.columns if str(name).endswith("(%)")})
    st.markdown(f"**Gold**: {md_text(tables.gold_text(row, a, view.unit_text))}")
    for name, loaded, span in (("System A", a, row.sys_a), ("System B", b, row.sys_b)):
        if loaded is None:
            st.markdown(f"**{name}**: {plural(span[1] - span[0], 'unit')} (numbered "
                        f"{tables.unit_range(span)}); their text is not in the saved file.")
            continue
        units = tables.side_texts(span, loaded, view.unit_text)
        st.markdown(f"**{name}** ({md_text(loaded.label)}): {plural(len(units), 'unit')} (numbered "
                    f"{tables.unit_range(span)}), gold beside its own alignment")
        if view.draw_units is not None:
            view.draw_units(loaded, range(*span))
        else:
            for number, text in units:
                st.markdown(f"`#{number}` {md_text(text) or '–'}")


def show() -> None:
    """Draw the Compare page (``inspector/pages/compare.py`` runs it)."""
    st.title("Compare two systems")
    st.caption("System B against system A, each aligned to the same gold on its own and compared on their "
               "common units (gold cut wherever both systems end a unit), as `jpcore TASK GOLD A --compare B` "
               "does. Both are chosen in the sidebar of the evaluation's own page.")
    views = {view.key: view for view in compared_views()}
    linked_loads.follow_links(views.values())  # a link opened in a new browser loads what it names
    key = st.radio("Evaluation", list(views), format_func=lambda k: views[k].title, key="cmp_eval",
                   index=list(views).index(_default_view(views)), horizontal=True, bind="query-params")
    view = views[key]
    linked_loads.keep_named("cmp_eval", view.title)
    linked_loads.name_loaded(view, views.values())
    spec = view.loader()
    a, b = spec.get_loaded(), spec.get_loaded_b()
    saved = system_b.saved(spec) if b is None else None
    if a is None or (b is None and saved is None):
        what = "Nothing is loaded" if a is None else "No system B is chosen"
        components.stop_until_loaded(
            f"{what} for {view.title} yet: choose system A and, under it, a **System B** in {view.loader_hint} "
            "(a bundled second system, an upload or pasted text), then come back here.", view.loader_page,
            view.title, ":material/compare_arrows:")
    if saved is not None:
        run, measure = saved, saved.measure.name
        st.info(f"{significance_line(run)} {SAVED_NOTE}", icon=":material/compare_arrows:")
        few_units_warning(run)
        st.caption(f"Opened from the saved result {md_text(a.label)}: the comparison it holds tests "
                   f"{md_text(run.label)} (the command's `--measure`). {NOT_IN_FILE}")
        scores = tables.scores_frame(a.result, totals_b=run.totals_b)
    else:
        measure = components.measure_choice(a.result, "Measure tested", f"cmp_measure_{spec.task}",
                                            "The score whose difference the bootstrap tests (--measure on the "
                                            "command line).")
        comparison = system_b.comparison(spec, measure)
        assert comparison is not None
        run = comparison
        st.info(significance_line(run), icon=":material/compare_arrows:")
        few_units_warning(run)
        scores = tables.scores_frame(a.result, b.result)

    st.subheader("Both systems")
    st.dataframe(scores, hide_index=True, key="cmp_scores",
                 column_config={name: st.column_config.NumberColumn(name, format="%.2f")
                                for name in scores.columns if str(name).endswith("(%)")})

    st.subheader("Where does B win?")
    rows = tables.common_rows(run, a.result)
    counted = tables.wins(rows)
    st.caption(f"{plural(len(rows), 'common unit')}: B wins {counted['B']:,}, A wins {counted['A']:,}, "
               f"tie {counted['tie']:,} (by each unit's {md_text(run.label)} of its own counts).")
    who = st.segmented_control("Who wins", list(tables.WHO), format_func=tables.WHO_LABELS.__getitem__,
                               key="cmp_who", default="all", bind="query-params") or "all"
    shown = [row for row in rows if who == "all" or row.winner == who]
    ids = [row.index for row in shown]
    st.caption(f"Showing {of_total(len(shown), len(rows), 'common unit')}.")
    page_rows, _ = components.paged(shown, TABLE_ROWS, "cmp_rows", "common units")
    frame = tables.who_frame(page_rows, run, a.result, a, view.unit_text)
    percent_columns = [name for name in frame.columns if str(name).endswith("(%)")]
    event = st.dataframe(
        frame, key="cmp_table", on_select="rerun", selection_mode="single-row", hide_index=True,
        height=min(420, 38 + 35 * max(len(frame), 1)),
        column_config={"Gold": st.column_config.TextColumn("Gold", width="large"),
                       **{name: st.column_config.NumberColumn(name, format="%.2f") for name in percent_columns}},
    )
    owner = f"{a.fingerprint}-{b.fingerprint if b is not None else 'saved'}-{measure}"
    components.ensure_selection(UNIT_KEY, owner, lambda i: 0 <= i < len(rows), ids[0] if ids else None)
    components.pick_from_table(event.selection.rows, [row.index for row in page_rows], UNIT_KEY)
    components.follow_filters(UNIT_KEY, ids)
    index = components.unit_navigation(UNIT_KEY, ids, len(rows), "Click a row of the table to open its unit.")
    if index is not None and 0 <= index < len(rows):
        _unit_detail(rows[index], run, view, a, b)
    st.download_button("Common units (CSV)", frame.to_csv(index=False), file_name=f"compare-{key}.csv",
                       mime="text/csv", key="cmp_csv", on_click="ignore")
