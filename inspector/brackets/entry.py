"""The brackets view as the app registers it (``jpcore parseval``'s ``view``)."""

from inspector.brackets import analysis
from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file

VIEW = EvaluationView(
    key="brackets",
    title="Brackets",
    pages=(PageSpec("Brackets", ":material/account_tree:", page_file("brackets")),),
    loader_page=page_file("brackets"),
    loader_hint="the sidebar of the Brackets page",
    analysis_source=analysis.source,
    unit_page=page_file("brackets"),
    unit_param="pair",
)
