"""The tokens & sentences view as the app registers it (``jpcore preprocess``'s ``view``)."""

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.tokens import analysis, loader

VIEW = EvaluationView(
    key="tokens",
    title="Tokens & sentences",
    pages=(PageSpec("Overview", ":material/dashboard:", page_file("overview"), default=True),
           PageSpec("Sentences & tokens", ":material/view_list:", page_file("sentences"))),
    loader_page=page_file("overview"),
    loader_hint="the sidebar of the Overview or Sentences & tokens page",
    analysis_source=analysis.source,
    before_pages=loader.SPEC.run,  # both pages share the sidebar loader; its progress box comes first
    unit_page=page_file("sentences"),
    unit_param="unit",
)
