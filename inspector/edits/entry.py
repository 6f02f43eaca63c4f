"""The edits view as the app registers it (``jpcore gec``'s ``view``)."""

from typing import Any

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import INT, TEXT
from inspector.edits import analysis, loader


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
    unit_page=page_file("edits"),
    unit_param="e_unit",
)
