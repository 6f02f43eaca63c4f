"""The edits view as the app registers it (``jpcore gec``'s ``view``)."""

from collections.abc import Sequence
from typing import Any

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import INT, TEXT
from inspector.edits import analysis, loader


def _draw_units(loaded: Any, indices: Sequence[int]) -> None:
    """The units as the Edits page draws them: gold and system with each side's edits highlighted
    (number, error type, → correction) and the unit's counts."""
    import streamlit as st

    from inspector.edits.render import units_html

    st.html(units_html(loaded.result, [loaded.result.units[i] for i in indices]))


def _unit_text(loaded: Any, index: int, side: str) -> str:
    from inspector.edits.tables import unit_text

    return unit_text(loaded.result, loaded.result.units[index], "gold" if side == "gold" else "sys")


VIEW = EvaluationView(
    key="edits",
    title="Edits",
    pages=(PageSpec("Edits", ":material/edit_note:", page_file("edits"),
                    params={**loader.SPEC.url_params(), "e_level": TEXT, "e_op": TEXT, "e_main": TEXT,
                            "e_type": TEXT, "e_status": TEXT, "e_ann": TEXT, "e_q": TEXT, "e_verdict": TEXT, "e_unit": INT,
                            "e_rows": INT, "e_erows": INT, "e_page": INT}),),
    loader_page=page_file("edits"),
    loader_hint="the sidebar of the Edits page",
    analysis_source=analysis.source,
    loader=lambda: loader.SPEC,
    unit_text=_unit_text,
    draw_units=_draw_units,
    unit_page=page_file("edits"),
    unit_param="e_unit",
)
