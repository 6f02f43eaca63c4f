"""The tokens & sentences view as the app registers it (``jpcore preprocess``'s ``view``)."""

from typing import Any

from inspector.common.evaluation_view import EvaluationView, PageSpec, page_file
from inspector.common.url_kinds import BOOL, INT, TEXT
from inspector.tokens import analysis, loader
from inspector.tokens.view import GOLD, SYS


def _unit_text(loaded: Any, index: int, side: str) -> str:
    return loaded.view.unit_text(loaded.result.units[index], GOLD if side == "gold" else SYS)


#: What the shared sidebar loader names in the URL (``?sample=`` or ``?data=``, system B's with ``_b``).
_LOADED = loader.SPEC.url_params()

VIEW = EvaluationView(
    key="tokens",
    title="Tokens & sentences",
    pages=(PageSpec("Overview", ":material/dashboard:", page_file("overview"), default=True, params=_LOADED),
           PageSpec("Sentences & tokens", ":material/view_list:", page_file("sentences"),
                    params={**_LOADED, "mismatches": BOOL, "kind": TEXT, "shape": TEXT, "q": TEXT, "verdict": TEXT,
                            "unit": INT, "rows": INT, "page": INT})),
    loader_page=page_file("overview"),
    loader_hint="the sidebar of the Overview or Sentences & tokens page",
    analysis_source=analysis.source,
    before_pages=loader.SPEC.run,  # both pages share the sidebar loader; its progress box comes first
    loader=lambda: loader.SPEC,
    unit_text=_unit_text,
    unit_page=page_file("sentences"),
    unit_param="unit",
)
