"""The edits view as the app registers it (``jpcore gec``'s ``view``)."""

from typing import Any

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.edits import analysis


def _loader() -> Any:
    from inspector.edits.loader import SPEC

    return SPEC


def _unit_text(loaded: Any, index: int, side: str) -> str:
    from inspector.edits.tables import unit_text

    return unit_text(loaded.result, loaded.result.units[index], "gold" if side == "gold" else "sys")


VIEW = EvaluationView(
    key="edits",
    title="Edits",
    pages=(PageSpec("Edits", ":material/edit_note:", page_file("edits")),),
    loader_page=page_file("edits"),
    loader_hint="the sidebar of the Edits page",
    analysis_source=analysis.source,
    loader=_loader,
    unit_text=_unit_text,
)
