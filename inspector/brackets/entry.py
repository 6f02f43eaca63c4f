"""The brackets view as the app registers it (``jpcore parseval``'s ``view``)."""

from collections.abc import Sequence
from typing import Any

from inspector.brackets import analysis, loader
from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import BOOL, INT, TEXT


def _draw_units(loaded: Any, indices: Sequence[int]) -> None:
    """The pairs as the Brackets page draws them: gold and system trees, matched, gold-only,
    system-only and crossing constituents marked (every value escaped by the tree drawing)."""
    import streamlit as st

    from inspector.brackets.trees import pair_svg_html

    result, view = loaded.result, loaded.view
    for index in indices:
        pair = result.pairs[index]
        # st.html would strip the SVG (DOMPurify's HTML profile), as on the Brackets page
        st.markdown(pair_svg_html(view.pair_trees(pair, "gold"), view.pair_trees(pair, "sys"), pair,
                                  result.gold_name, result.sys_name), unsafe_allow_html=True)


def _unit_text(loaded: Any, index: int, side: str) -> str:
    return loaded.view.text(loaded.result.pairs[index], "gold" if side == "gold" else "sys")


VIEW = EvaluationView(
    key="brackets",
    title="Brackets",
    pages=(PageSpec("Brackets", ":material/account_tree:", page_file("brackets"),
                    params={**loader.SPEC.url_params(), "merged": BOOL, "word_groups": BOOL, "crossing": BOOL,
                            "label": TEXT, "length": TEXT, "bk_verdict": TEXT, "pair": INT, "bk_rows": INT}),),
    loader_page=page_file("brackets"),
    loader_hint="the sidebar of the Brackets page",
    analysis_source=analysis.source,
    loader=lambda: loader.SPEC,
    unit_text=_unit_text,
    draw_units=_draw_units,
    unit_page=page_file("brackets"),
    unit_param="pair",
)
