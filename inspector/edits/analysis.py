"""What the Analysis page reads from the Edits loader: its result, texts and example rows.

Contract: :func:`source` reads (never loads, never changes) what
:data:`inspector.edits.loader.SPEC` holds and wraps it in an
:class:`~inspector.common.evaluation_view.AnalysisSource`; the example rows
of the error-type matrix show each side's edit (type, span, original,
correction, status) and the unit's texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.analysis import Example
from jpcore.analysis.confusion import TYPES
from jpcore.gec import GecResult
from jpcore.gec.result import GecEdit
from inspector.common.evaluation_view import ABSENT, AnalysisSource
from inspector.edits import loader as gec_loading
from inspector.edits import tables as gec_tables


def _edit(edit: GecEdit | None, tokens: Sequence[str], side: str) -> dict[str, object]:
    prefix = "Gold" if side == "gold" else "System"
    if edit is None:
        return {f"{prefix} type": ABSENT, f"{prefix} span": "", f"{prefix} original": "",
                f"{prefix} correction": "", f"{prefix} status": ""}
    original = " ".join(tokens[edit.start:edit.end]) if edit.start >= 0 else ""
    return {f"{prefix} type": edit.type, f"{prefix} span": f"{edit.start}-{edit.end}",
            f"{prefix} original": original, f"{prefix} correction": edit.cor, f"{prefix} status": edit.status}


def _type_rows(source: AnalysisSource, examples: Sequence[Example]) -> list[dict[str, object]]:
    result: GecResult = source.result
    rows = []
    for example in examples:
        ref_edits, hyp_edits = result.edits(example.unit)
        gold_tokens = [t for sentence in result.sentences(example.unit, "gold") for t in sentence]
        sys_tokens = [t for sentence in result.sentences(example.unit, "sys") for t in sentence]
        gold = ref_edits[example.gold] if example.gold is not None else None
        sys = hyp_edits[example.sys] if example.sys is not None else None
        rows.append({"Unit": example.unit, **_edit(gold, gold_tokens, "gold"), **_edit(sys, sys_tokens, "sys"),
                     "Gold": source.text(example.unit, "gold"), "System": source.text(example.unit, "sys")})
    return rows


def source() -> AnalysisSource | None:
    """The Edits page's loaded result, or ``None`` while nothing is loaded."""
    loaded = gec_loading.SPEC.get_loaded()
    if loaded is None:
        return None
    result: GecResult = loaded.result

    def text(index: int, side: str) -> str:
        return gec_tables.unit_text(result, result.units[index], "gold" if side == "gold" else "sys")

    return AnalysisSource("edits", result, loaded.label, loaded.fingerprint, {"edits": "Edits"},
                          result.errant.options.f_label, text, result, {TYPES: _type_rows})
