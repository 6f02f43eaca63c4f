"""What an evaluation's inspector folder offers the app, and how the app finds it.

Every evaluation registered in :data:`jpcore.task.TASKS` whose ``view`` is
set has a folder ``inspector/<view>/`` with a module ``entry`` holding
``VIEW``, an :class:`EvaluationView`: its pages (menu title, icon, page
file), the loader drawn before each of them when they share one (the tokens
pages do; Brackets and Edits draw their own), and what the Analysis page
reads from it (:class:`AnalysisSource`; ``None`` for an evaluation
:mod:`jpcore.analysis` has no measures for: the Analysis page then does not
offer it), and what the Compare page reads (``loader``, ``unit_text`` and
``draw_units``; :func:`compared_views`).  The entry point builds the menu
from :func:`evaluation_views` and the Analysis page offers the same list,
so adding an evaluation is one jpcore package, one inspector folder (with
its thin page file) and one line in ``TASKS``: nothing in ``main/`` or
``analysis/`` names it.  A ``view`` holding a dot is a full module path (a
view that lives outside ``inspector/``, such as the tests' toy view).

>>> [view.key for view in evaluation_views()]
['tokens', 'brackets', 'edits', 'deps']
>>> [view.key for view in analysed_views()]
['tokens', 'brackets', 'edits', 'deps']
>>> [view.key for view in compared_views()]
['tokens', 'brackets', 'edits', 'deps']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from inspector.common.url_kinds import Kind
from jpcore.task import TASKS

#: How an example row shows the side that has no item (a gold-only edit's system side).
ABSENT = "∅"
#: The folder of the thin page files (``inspector/pages/``).
PAGES_DIR = Path(__file__).resolve().parents[1] / "pages"


def page_file(name: str) -> str:
    """The path of ``inspector/pages/<name>.py``."""
    return str(PAGES_DIR / f"{name}.py")


@dataclass(frozen=True)
class PageSpec:
    """One menu entry: its title, its ``:material/...:`` icon, its page file and the
    URL parameters the page reads with their kinds (:mod:`inspector.common.url_kinds`;
    :mod:`inspector.common.url_state` removes every other one before the page runs)."""

    title: str
    icon: str
    file: str
    default: bool = False
    params: Mapping[str, Kind] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The page's name in URLs (``st.Page``'s ``url_path``: its file's stem)."""
        return Path(self.file).stem


@dataclass(frozen=True)
class AnalysisSource:
    """A loaded result as the Analysis page reads it.

    ``text(index, side)`` is unit ``index``'s text on ``side`` (``"gold"`` or
    ``"sys"``; merged sentences joined by ``~~~``); ``measure_labels`` names
    the measures of :data:`jpcore.analysis.MEASURES`; ``f_label`` is ``F1``
    or errant's ``F0.5``; ``view`` is the evaluation's own view object;
    ``example_rows`` turns the examples of a confusion-matrix cell (by the
    matrix's name) into table rows.
    """

    evaluation: str
    result: Any
    label: str
    fingerprint: str
    measure_labels: Mapping[str, str]
    f_label: str
    text: Callable[[int, str], str]
    view: Any
    example_rows: Mapping[str, Callable[["AnalysisSource", Sequence[Any]], list[dict[str, object]]]] = \
        field(default_factory=dict)


@dataclass(frozen=True)
class EvaluationView:
    """One evaluation's pages and the hooks the app calls (see the module)."""

    key: str
    """The view's folder name (``tokens``); the Analysis page's URL value."""
    title: str
    """How menus and messages name it (``Tokens & sentences``)."""
    pages: Sequence[PageSpec]
    loader_page: str
    """The page file that loads its data (Analysis links to it)."""
    loader_hint: str
    """Where on that page the data is chosen, as a sentence part."""
    analysis_source: Callable[[], AnalysisSource | None] | None
    """What its loader holds, for the Analysis page (the callable returns ``None`` while nothing
    is loaded); ``None`` when the Analysis page cannot analyse the evaluation."""
    before_pages: Callable[[], Any] | None = None
    """Drawn before each of its pages (a loader the pages share), or ``None``."""
    loader: Callable[[], Any] | None = None
    """Its :class:`~inspector.common.loader.LoaderSpec` (imported when called): the Compare
    page draws it and compares its system A with its system B; ``None``: not compared."""
    unit_text: Callable[[Any, int, str], str] | None = None
    """``unit_text(loaded, index, side)``: the text of unit ``index`` of a loaded input
    (:class:`~inspector.common.state.LoadedInput`) on ``side`` (``"gold"`` or ``"sys"``),
    sentences joined by ``~~~``: how the Compare page shows each system's segmentation."""
    draw_units: Callable[[Any, Sequence[int]], None] | None = None
    """``draw_units(loaded, indices)``: draws those units of a loaded input with the view's own unit
    renderer (the Sentences page's word groups, the Edits page's highlighted edits, the Brackets page's
    trees, the Dependencies page's words gold over system): how the Compare page shows each system's
    units of a common unit; ``None``: the Compare page lists their text (``unit_text``) only."""
    unit_page: str | None = None
    """The page file that shows one unit in detail (the Analysis page's "Open unit" goes there)."""
    unit_param: str | None = None
    """The URL parameter (and session key) of that page's selected unit (``unit``, ``pair``...)."""


def view_module(view: str, name: str = "entry") -> str:
    """The module ``name`` of the view folder that ``Task.view`` names: ``inspector.<view>.<name>``,
    or beside the entry module a dotted ``view`` gives in full (``tests.toy_task.view.entry``)."""
    if "." not in view:
        return f"inspector.{view}.{name}"
    return view if name == "entry" else f"{view.rpartition('.')[0]}.{name}"


def evaluation_views() -> list[EvaluationView]:
    """The views of the registered evaluations that have one, in :data:`TASKS` order."""
    return [import_module(view_module(task.view)).VIEW for task in TASKS.values() if task.view is not None]


def compared_views() -> list[EvaluationView]:
    """The views the Compare page offers: those with a ``loader`` and a ``unit_text``, in :data:`TASKS` order."""
    return [view for view in evaluation_views() if view.loader is not None and view.unit_text is not None]


def analysed_views() -> list[EvaluationView]:
    """The views the Analysis page offers: those with an ``analysis_source``, in :data:`TASKS` order."""
    return [view for view in evaluation_views() if view.analysis_source is not None]
