"""The tokens & sentences view as the app registers it (``jpcore preprocess``'s ``view``)."""

from collections.abc import Sequence
from typing import Any

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import BOOL, INT, TEXT
from inspector.tokens import analysis, loader
from inspector.tokens.view import GOLD, SYS


def _unit_text(loaded: Any, index: int, side: str) -> str:
    return loaded.view.unit_text(loaded.result.units[index], GOLD if side == "gold" else SYS)


def _draw_units(loaded: Any, indices: Sequence[int]) -> None:
    """The units as the Sentences & tokens page draws them: gold and system with their numbered
    word groups, the counts, and each unit's word groups aligned (gold on top)."""
    import streamlit as st

    from inspector.tokens.render import aligned_groups_html, units_html

    units = [loaded.result.units[i] for i in indices]
    st.html(units_html(loaded.view, units) + "".join(aligned_groups_html(loaded.view, unit) for unit in units))


#: What the shared sidebar loader names in the URL (``?sample=`` or ``?data=``, system B's with ``_b``).
_LOADED = loader.SPEC.url_params()

VIEW = EvaluationView(
    key="tokens",
    title="Tokens & sentences",
    pages=(PageSpec("Overview", ":material/dashboard:", page_file("overview"), default=True, params=_LOADED),
           PageSpec("Sentences & tokens", ":material/view_list:", page_file("sentences"),
                    params={**_LOADED, "mismatches": BOOL, "kind": TEXT, "shape": TEXT, "q": TEXT, "verdict": TEXT,
                            "unit": INT, "rows": INT, "page": INT})),
    loader_page=page_file("overview"),
    loader_hint="the sidebar of the Overview or Sentences & tokens page",
    analysis_source=analysis.source,
    before_pages=loader.SPEC.run,  # both pages share the sidebar loader; its progress box comes first
    loader=lambda: loader.SPEC,
    unit_text=_unit_text,
    draw_units=_draw_units,
    unit_page=page_file("sentences"),
    unit_param="unit",
)
