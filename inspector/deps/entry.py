"""The dependency view as the app registers it (``jpcore ud``'s ``view``).

The Analysis page does not offer it: :mod:`jpcore.analysis` has no measures
for a ud result (its buckets, confusions and worst units read preprocess,
parseval and gec results), so ``analysis_source`` is ``None``; the page
itself shows the per-label tables and the label confusion.
"""

from typing import Any

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file


def _loader() -> Any:
    from inspector.deps.loader import SPEC

    return SPEC


def _unit_text(loaded: Any, index: int, side: str) -> str:
    from inspector.deps.tables import unit_text

    return unit_text(loaded.result, loaded.result.units[index], "gold" if side == "gold" else "sys")

VIEW = EvaluationView(
    key="deps",
    title="Dependencies",
    pages=(PageSpec("Dependencies", ":material/device_hub:", page_file("deps")),),
    loader_page=page_file("deps"),
    loader_hint="the sidebar of the Dependencies page",
    analysis_source=None,
    loader=_loader,
    unit_text=_unit_text,
)
