"""The edits view as the app registers it (``jpcore gec``'s ``view``)."""

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.edits import analysis

VIEW = EvaluationView(
    key="edits",
    title="Edits",
    pages=(PageSpec("Edits", ":material/edit_note:", page_file("edits")),),
    loader_page=page_file("edits"),
    loader_hint="the sidebar of the Edits page",
    analysis_source=analysis.source,
    unit_page=page_file("edits"),
    unit_param="e_unit",
)
