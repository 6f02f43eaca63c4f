"""Links that travel: what a general page (Analysis, Compare, Ranking, Agreement) does with the loaders it reads.

Those pages read an evaluation's loader without drawing it (its widgets live
on the evaluation's own pages), yet their URL must name what they show, as
the evaluation's own pages do (``?sample=ewt-words&sample_b=punkt-wordpunct``,
``?m2=toy&m2_b=toy``), so a link copied from them opens the same figures in
a new browser.  Contract:

* :func:`loaded_params` is every evaluation loader's URL parameters (A's and
  B's): what those pages declare beside their own (:mod:`inspector.main.menu`);
* :func:`follow_links` runs first: each loader loads the bundled A and B the
  URL names (:meth:`~inspector.common.loader.LoaderSpec.follow_link`: when
  nothing is loaded, or the URL came from outside naming other bundled data);
* :func:`name_loaded` runs once the page knows its evaluation: the URL names
  that evaluation's A and B and no other evaluation's data; when nothing is
  loaded and the URL names data from a file (not on this server), a warning
  says so (:func:`inspector.common.state.missing_link`);
* :func:`keep_named`: the evaluation a link names is not noted as ignored
  when it is the page's default (the Compare and Ranking pages default to
  the evaluation with data loaded, which a link's is in a new session, and
  Streamlit leaves a bound widget's default value out of the URL).
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from inspector.common import url_state
from inspector.common.evaluation_view import EvaluationView, evaluation_views
from inspector.common.state import missing_link
from inspector.common.url_kinds import Params


def _loaders(views: Iterable[EvaluationView]) -> list:
    return [view.loader() for view in views if view.loader is not None]


def loaded_params() -> Params:
    """The URL parameters of every registered evaluation's loader, system A's and B's."""
    params: dict = {}
    for spec in _loaders(evaluation_views()):
        params.update(spec.url_params())
    return params


def follow_links(views: Iterable[EvaluationView]) -> None:
    """Load what the URL names for each of ``views`` (see the module doc)."""
    for spec in _loaders(views):
        spec.follow_link()


def name_loaded(chosen: EvaluationView, views: Iterable[EvaluationView]) -> None:
    """The URL names ``chosen``'s A and B, and none of the other ``views``' data (see the module doc)."""
    for spec in _loaders(view for view in views if view.key != chosen.key):
        for name in spec.url_params():
            if name in st.query_params:
                del st.query_params[name]
    if chosen.loader is None:
        return
    spec = chosen.loader()
    spec.name_in_url()
    if spec.get_loaded() is None:
        message = missing_link(spec.slot)
        if message is not None:
            st.warning(message, icon=":material/link_off:")


def keep_named(param: str, shown: str) -> None:
    """When the URL this run started from named ``shown`` (the chosen evaluation's title) under
    ``param``, the page followed it, although Streamlit leaves it out of the URL when it is the
    page's default (see the module doc): it is not noted as ignored."""
    if url_state.link_value(param) == shown:
        url_state.honoured(param)
