"""The address bar: which parameters each page reads, and what happens to the others.

Contract (called by the entry point, :mod:`inspector.main.app`, around every page run):

* :func:`begin` runs before the page.  Every page declares the parameters
  it reads and their kinds (:class:`~inspector.common.evaluation_view.PageSpec`
  ``params``; the entry point passes the table).  A parameter no page reads
  is removed with a note; one that another page reads is removed quietly
  when the previous run's URL had it (Streamlit carries the parameters of the
  page left over to the next on browser Back, e.g. ``m2=`` onto
  ``/brackets``), and otherwise left for its page.  A parameter the page
  reads but whose value has the wrong form (:mod:`inspector.common.url_kinds`:
  a unit number that is not ASCII digits, such as ``²``, or has more than
  ``MAX_DIGITS`` digits; a flag that is not true/false; a text longer than
  ``MAX_TEXT``) is removed with a note, before any widget or page code sees it.
* :func:`end` runs after the page (even when it stopped early).  In a run
  where the URL changed from outside (a new session, a page switch, browser
  Back/Forward), a value the page did not keep -- a unit that does not
  exist, a sample that is not bundled, a filter value the loaded data does
  not offer, which the widgets drop silently -- is noted as ignored.  The
  notes are written into the placeholder the entry point made at the top of
  the page.
* :func:`changed_from_outside` tells a page whether the URL's value of a
  parameter differs from what the app itself left there at the end of the
  previous run (browser Back/Forward, a link): then the URL wins over the
  session's choice; :func:`dropped_from_outside`, whether such a URL lacks a
  parameter the app had left there.  :func:`note` adds a note of the page's own;
  :func:`honoured` says the page followed a value the final URL lacks.

Every value is shown escaped and cut to :data:`SHOWN` characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from inspector.common.markup import md_text
from inspector.common.url_kinds import Kind

#: Characters of a value shown in a note.
SHOWN = 24

_LAST = "_url_last"  # the URL at the end of the previous run: {name: [values]}
_START = "_url_start"  # the URL this run started from (after begin)
_OUTSIDE = "_url_outside"  # True when this run's URL did not come from the previous run
_NOTES = "_url_notes"  # notes of this run
_HONOURED = "_url_honoured"  # parameters this run followed that the final URL lacks


def _shown(value: str) -> str:
    text = value if len(value) <= SHOWN else f"{value[:SHOWN]}… ({len(value):,} characters)"
    return f"`{md_text(text)}`" if text.isprintable() else md_text(repr(text))


def _values(name: str) -> list[str]:
    return [str(value) for value in st.query_params.get_all(name)]


def _snapshot() -> dict[str, list[str]]:
    return {name: _values(name) for name in st.query_params}


def honoured(name: str) -> None:
    """This run followed the URL's ``name`` although it is no longer in the URL at the end (a
    widget bound to it whose value is its default, which Streamlit leaves out): :func:`end`
    does not note it as ignored."""
    st.session_state.setdefault(_HONOURED, set()).add(name)


def note(text: str) -> None:
    """Add a note (Markdown, already escaped) shown at the top of this run's page."""
    st.session_state.setdefault(_NOTES, []).append(text)


def begin(page: str, page_params: Mapping[str, Mapping[str, Kind]]) -> None:
    """Clean the URL for ``page`` (see the module doc) before it runs; ``page_params``
    holds every page's parameters and their kinds (page key -> name -> kind)."""
    st.session_state[_NOTES] = []
    st.session_state[_HONOURED] = set()
    params = page_params.get(page, {})
    kind_of = {name: kind for table in page_params.values() for name, kind in table.items()}
    removed = False
    for name in list(st.query_params):
        values = _values(name)
        kind = params.get(name)
        if kind is None:
            if name not in kind_of:
                note(f"Ignored the address's `{md_text(name[:SHOWN])}`: the app has no such setting.")
            elif name in (st.session_state.get(_LAST) or {}):
                pass  # carried over from the page left: dropped quietly
            else:
                kind = kind_of[name]  # another page's setting, given by a link: left for that page
        if kind is None:
            removed = True
            del st.query_params[name]
            continue
        good = [value for value in values if kind.check(value) is None]
        if len(good) != len(values):
            removed = True
            for value in values:
                problem = kind.check(value)
                if problem is not None:
                    note(f"Ignored the address's {md_text(name)}={_shown(value)}: {problem}.")
            if good:
                st.query_params[name] = good if len(good) > 1 else good[0]
            else:
                del st.query_params[name]
    if removed:
        _seed_widgets_from_current()
    start = _snapshot()
    st.session_state[_OUTSIDE] = start != st.session_state.get(_LAST)
    st.session_state[_START] = start


def _seed_widgets_from_current() -> None:
    """Widgets bound to the URL read the values it had when the run started (Streamlit
    keeps them apart): make them read the cleaned ones.  Streamlit's own call after a
    page switch (``QueryParams.set_initial_query_params_from_current``), pinned 1.67."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is not None:
        with ctx.session_state.query_params() as params:
            params.set_initial_query_params_from_current()


def changed_from_outside(name: str) -> bool:
    """True when this run's URL came from outside the app and its ``name`` differs
    from what the app left in the URL at the end of the previous run."""
    if not st.session_state.get(_OUTSIDE, False):
        return False
    start = st.session_state.get(_START, {}).get(name)
    last = (st.session_state.get(_LAST) or {}).get(name)
    return start is not None and start != last


def dropped_from_outside(name: str) -> bool:
    """True when this run's URL came from outside the app and has no ``name``, which the
    app left in the URL at the end of the previous run (browser Back to an address from
    before it was set)."""
    if not st.session_state.get(_OUTSIDE, False):
        return False
    return name not in st.session_state.get(_START, {}) and name in (st.session_state.get(_LAST) or {})


def link_value(name: str) -> str | None:
    """The value of ``name`` this run started from (after :func:`begin`), if any."""
    values = st.session_state.get(_START, {}).get(name)
    return values[0] if values else None


def end(page: str, placeholder: DeltaGenerator | None) -> None:
    """Note the values this run dropped (when its URL came from outside); remember the URL."""
    final = _snapshot()
    if st.session_state.get(_OUTSIDE, False):
        for name, values in st.session_state.get(_START, {}).items():
            if name in st.session_state.get(_HONOURED, ()):
                continue
            kept = final.get(name, [])
            for value in values:
                if value not in kept:
                    note(f"Ignored the address's {md_text(name)}={_shown(value)}: not among what this page "
                         "offers for the data loaded.")
    st.session_state[_LAST] = final
    _show(placeholder, st.session_state.get(_NOTES, []))


def _show(placeholder: DeltaGenerator | None, notes: Iterable[str]) -> None:
    notes = list(dict.fromkeys(notes))
    if notes:
        (placeholder or st).info("  \n".join(notes), icon=":material/link_off:")
