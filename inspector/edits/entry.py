"""The edits view as the app registers it (``jpcore gec``'s ``view``)."""

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import INT, TEXT
from inspector.edits import analysis, loader

VIEW = EvaluationView(
    key="edits",
    title="Edits",
    pages=(PageSpec("Edits", ":material/edit_note:", page_file("edits"),
                    params={**loader.SLOT.url_params(), "e_level": TEXT, "e_op": TEXT, "e_main": TEXT,
                            "e_type": TEXT, "e_status": TEXT, "e_ann": TEXT, "e_q": TEXT, "e_unit": INT,
                            "e_rows": INT, "e_erows": INT, "e_page": INT}),),
    loader_page=page_file("edits"),
    loader_hint="the sidebar of the Edits page",
    analysis_source=analysis.source,
)
