"""The toy task's view as the app registers it (``Task.view = "tests.toy_task.view.entry"``)."""

from pathlib import Path

from inspector.common.evaluation_view import EvaluationView, PageSpec

PAGE = str(Path(__file__).with_name("page.py"))

VIEW = EvaluationView(
    key="chars",
    title="Chars",
    pages=(PageSpec("Chars", ":material/abc:", PAGE),),
    loader_page=PAGE,
    loader_hint="the text areas of the Chars page",
    analysis_source=lambda: None,  # the page keeps nothing for Analysis
)
