"""The brackets view as the app registers it (``jpcore parseval``'s ``view``)."""

from typing import Any

from inspector.brackets import analysis, loader
from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import BOOL, INT, TEXT


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
    unit_page=page_file("brackets"),
    unit_param="pair",
)
