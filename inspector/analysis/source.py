"""What the Analysis page analyses: the result each evaluation's page has loaded.

Contract: :func:`loaded_source` reads (never loads, never changes) what the
tokenization loader (:mod:`inspector.tokens.state`), the Brackets loader
(:data:`inspector.brackets.loader.SPEC`) or the Edits loader
(:data:`inspector.edits.loader.SPEC`) holds, and wraps it in a
:class:`Source`: the result, its label and fingerprint, how its measures are
named and how to read a unit's gold and system text.  Texts come from the
pages' own read-only views (:class:`inspector.tokens.view.ResultView`,
:class:`inspector.brackets.view.PairView`, :func:`inspector.edits.tables.unit_text`);
nothing here parses, aligns or scores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jpcore.analysis import Result
from jpcore.gec import GecResult
from jpcore.parseval.result import ParsevalResult
from jpcore.preprocess import PreprocessResult
from jpcore.preprocess.report import token_label
from inspector.brackets import loader as brackets_loading
from inspector.edits import loader as gec_loading
from inspector.edits import tables as gec_tables
from inspector.tokens import state
from inspector.brackets.view import PairView
from inspector.tokens.view import GOLD, SYS, ResultView

TOKENS, BRACKETS, EDITS = "tokens", "brackets", "edits"
#: The evaluations the page can analyse, with their titles.
EVALUATIONS = {TOKENS: "Tokens & sentences", BRACKETS: "Brackets", EDITS: "Edits"}
#: The page that loads each evaluation's data.
_PAGES = Path(__file__).resolve().parents[1] / "pages"
LOADER_PAGES = {TOKENS: str(_PAGES / "overview.py"), BRACKETS: str(_PAGES / "brackets.py"),
                EDITS: str(_PAGES / "edits.py")}
#: Where on that page the data is chosen.
LOADER_HINTS = {TOKENS: "the sidebar of the Overview or Sentences & tokens page",
                BRACKETS: "the sidebar of the Brackets page",
                EDITS: "“Data” at the top of the Edits page"}


@dataclass(frozen=True)
class Source:
    """A loaded result and how to show its units.

    ``text(index, side)`` is unit ``index``'s text on ``side`` (``"gold"`` or
    ``"sys"``; merged sentences joined by ``~~~``); ``measure_labels`` names
    the measures of :data:`jpcore.analysis.MEASURES`; ``f_label`` is ``F1``
    or errant's ``F0.5``; ``view`` is the evaluation's own view object
    (``ResultView``, ``PairView`` or the ``GecResult`` itself).
    """

    evaluation: str
    result: Result
    label: str
    fingerprint: str
    measure_labels: dict[str, str]
    f_label: str
    text: Callable[[int, str], str]
    view: Any


def _tokens() -> Source | None:
    loaded = state.get_loaded()
    if loaded is None:
        return None
    result: PreprocessResult = loaded.result
    view: ResultView = loaded.view
    labels = {"sentences": "Sentences", "tokens": token_label(result.level)}

    def text(index: int, side: str) -> str:
        return view.unit_text(result.units[index], GOLD if side == "gold" else SYS)

    return Source(TOKENS, result, loaded.label, loaded.fingerprint, labels, "F1", text, view)


def _brackets() -> Source | None:
    loaded = brackets_loading.SPEC.get_loaded()
    if loaded is None:
        return None
    result: ParsevalResult = loaded.result
    view = PairView(result)

    def text(index: int, side: str) -> str:
        return view.text(result.pairs[index], "gold" if side == "gold" else "sys")

    return Source(BRACKETS, result, loaded.label, loaded.fingerprint, {"brackets": "Brackets"}, "F1",
                  text, view)


def _edits() -> Source | None:
    loaded = gec_loading.SPEC.get_loaded()
    if loaded is None:
        return None
    result: GecResult = loaded.result

    def text(index: int, side: str) -> str:
        return gec_tables.unit_text(result, result.units[index], "gold" if side == "gold" else "sys")

    return Source(EDITS, result, loaded.label, loaded.fingerprint, {"edits": "Edits"},
                  result.errant.options.f_label, text, result)


def loaded_source(evaluation: str) -> Source | None:
    """The :class:`Source` of ``evaluation`` (a key of :data:`EVALUATIONS`), or
    ``None`` when its page has loaded nothing yet."""
    return {TOKENS: _tokens, BRACKETS: _brackets, EDITS: _edits}[evaluation]()
