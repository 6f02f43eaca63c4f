"""What the Analysis page reads from the dependency loader: its result and texts.

Contract: :func:`source` reads (never loads, never changes) what the
dependency loader holds (:data:`inspector.deps.loader.SLOT`) and wraps it in
an :class:`~inspector.common.evaluation_view.AnalysisSource`: the measures
:mod:`jpcore.analysis` reads from a ud result (LAS, UAS, UPOS, Words: each
unit's row of conll18's table), F1, each unit's words on either side.  No
confusion matrix: the Dependencies page shows its label confusion itself.
"""

from __future__ import annotations

from inspector.common.evaluation_view import AnalysisSource
from inspector.deps import loader
from inspector.deps.tables import unit_text

#: How the Analysis page names each measure.
LABELS = {"LAS": "LAS", "UAS": "UAS", "UPOS": "UPOS", "Words": "Words"}


def source() -> AnalysisSource | None:
    """The loaded dependency result as the Analysis page reads it, or ``None``."""
    loaded = loader.SLOT.get()
    if loaded is None:
        return None
    result = loaded.result

    def text(index: int, side: str) -> str:
        return unit_text(result, result.units[index], "gold" if side == "gold" else "sys")

    return AnalysisSource("deps", result, loaded.label, loaded.fingerprint, LABELS, "F1", text, result)
