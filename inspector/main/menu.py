"""The app's menu: every page in order, the hook drawn before it, the URL parameters it reads.

Contract: :func:`menu` lists the pages the registered evaluations' views
bring (:func:`inspector.common.evaluation_view.evaluation_views`, registry
order), then :data:`GENERAL_PAGES`; :func:`page_params` is the table
:func:`inspector.common.url_state.begin` cleans the URL with, keyed by
:func:`page_key`.  Each page's parameters are declared once, in its
:class:`~inspector.common.evaluation_view.PageSpec` (a view's in its
``entry.py``), so a new evaluation's URL needs no list outside its folder.

>>> [spec.key for spec, _ in menu()]
['overview', 'sentences', 'brackets', 'edits', 'deps', 'teaching', 'about', 'analysis', 'compare', 'ranking', 'agreement']
>>> page_key(""), page_key("edits")
('overview', 'edits')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from inspector.common.evaluation_view import PageSpec, evaluation_views, page_file
from inspector.common.linked_loads import loaded_params
from inspector.common.url_kinds import BOOL, INT, TEXT, Kind
from jpcore.task import TASKS

#: The pages after the evaluations' own.
GENERAL_PAGES = (
    PageSpec("Teaching", ":material/school:", page_file("teaching")),
    PageSpec("About", ":material/info:", page_file("about")),
    PageSpec("Analysis", ":material/analytics:", page_file("analysis"),
             params={"an_eval": TEXT, "an_by": TEXT, "an_measure": TEXT, "an_unpaired": BOOL, "an_level": TEXT,
                     "an_matrix": TEXT, "an_worst_by": TEXT, "an_worst_n": INT, "an_bucket": TEXT}),
    PageSpec("Compare", ":material/compare_arrows:", page_file("compare"),
             params={"cmp_eval": TEXT, "cmp_who": TEXT, "cmp_unit": INT, "cmp_rows": INT}),
    PageSpec("Ranking", ":material/leaderboard:", page_file("ranking"), params={"rk_eval": TEXT, "rk_rows": INT}),
    PageSpec("Agreement", ":material/handshake:", page_file("agreement"),
             params={"ag_eval": TEXT, "ag_matrix": TEXT, "ag_column": TEXT, "ag_disagreements_rows": INT,
                     "ag_excluded_rows": INT}),
)


#: The general pages that show what the evaluations' loaders hold: their URLs name it too
#: (:mod:`inspector.common.linked_loads`), so they declare every loader's parameters.
READ_LOADERS = ("analysis", "compare", "ranking", "agreement")


def menu() -> list[tuple[PageSpec, Callable[[], Any] | None]]:
    """Each page with the hook drawn before it (a loader its view's pages share), in menu order."""
    pages: list[tuple[PageSpec, Callable[[], Any] | None]] = [
        (spec, view.before_pages) for view in evaluation_views() for spec in view.pages]
    loaded = loaded_params()
    variants = {f"rk_variants_{name}": TEXT for name in TASKS}  # the Ranking page's bundled variants, per task
    more = {"ranking": variants}
    return pages + [(replace(spec, params={**spec.params, **loaded, **more.get(spec.key, {})})
                     if spec.key in READ_LOADERS else spec, None) for spec in GENERAL_PAGES]


def page_key(url_path: str) -> str:
    """The page a ``st.Page.url_path`` names: the default page's path is ``""``."""
    if url_path:
        return url_path
    return next(spec.key for spec, _ in menu() if spec.default)


def page_params() -> dict[str, Mapping[str, Kind]]:
    """Every page's URL parameters and their kinds, by :attr:`PageSpec.key`."""
    return {spec.key: spec.params for spec, _ in menu()}
