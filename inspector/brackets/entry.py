"""The brackets view as the app registers it (``jpcore parseval``'s ``view``)."""

from inspector.brackets import analysis, loader
from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import BOOL, INT, TEXT

VIEW = EvaluationView(
    key="brackets",
    title="Brackets",
    pages=(PageSpec("Brackets", ":material/account_tree:", page_file("brackets"),
                    params={**loader.SLOT.url_params(), "merged": BOOL, "word_groups": BOOL, "crossing": BOOL,
                            "label": TEXT, "length": TEXT, "pair": INT, "bk_rows": INT}),),
    loader_page=page_file("brackets"),
    loader_hint="the sidebar of the Brackets page",
    analysis_source=analysis.source,
)
