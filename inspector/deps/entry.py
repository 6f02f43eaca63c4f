"""The dependency view as the app registers it (``jpcore ud``'s ``view``).

The Analysis page offers it (:mod:`inspector.deps.analysis`: buckets and worst
units on LAS, UAS, UPOS and Words); the page itself shows the per-label
tables and the label confusion.
"""

from collections.abc import Sequence
from typing import Any

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import INT, TEXT
from inspector.deps import analysis, loader


def _draw_units(loaded: Any, indices: Sequence[int]) -> None:
    """The units as the Dependencies page draws them: each word gold over system, wrong heads,
    labels and tags marked."""
    import streamlit as st

    from inspector.deps.render import unit_html

    for index in indices:
        st.html(unit_html(loaded.words, index))


def _unit_text(loaded: Any, index: int, side: str) -> str:
    from inspector.deps.tables import unit_text

    return unit_text(loaded.result, loaded.result.units[index], "gold" if side == "gold" else "sys")


VIEW = EvaluationView(
    key="deps",
    title="Dependencies",
    pages=(PageSpec("Dependencies", ":material/device_hub:", page_file("deps"),
                    params={**loader.SPEC.url_params(), "d_err": TEXT, "d_deprel": TEXT, "d_upos": TEXT, "d_verdict": TEXT,
                            "d_unit": INT, "d_rows": INT, "d_wrows": INT}),),
    loader_page=page_file("deps"),
    loader_hint="the sidebar of the Dependencies page",
    analysis_source=analysis.source,
    unit_page=page_file("deps"),
    unit_param="d_unit",
    loader=lambda: loader.SPEC,
    unit_text=_unit_text,
    draw_units=_draw_units,
)
