"""The brackets view as the app registers it (``jpcore parseval``'s ``view``)."""

from typing import Any

from inspector.brackets import analysis
from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file


def _loader() -> Any:
    from inspector.brackets.loader import SPEC

    return SPEC


def _unit_text(loaded: Any, index: int, side: str) -> str:
    return loaded.view.text(loaded.result.pairs[index], "gold" if side == "gold" else "sys")


VIEW = EvaluationView(
    key="brackets",
    title="Brackets",
    pages=(PageSpec("Brackets", ":material/account_tree:", page_file("brackets")),),
    loader_page=page_file("brackets"),
    loader_hint="the sidebar of the Brackets page",
    analysis_source=analysis.source,
    loader=_loader,
    unit_text=_unit_text,
)
