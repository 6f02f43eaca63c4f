"""Free a session's data when the session ends, and give the memory back to the system.

Streamlit keeps a closed tab's session (its ``st.session_state``, with every
loaded result) for reconnection, and drops it only when another session
happens to touch its store: a browser closed on a 20 MB upload held 3.36 GB
until then (issue 12 item 14).  Contract:

* :func:`register` (every run, from the entry point) gives the session a
  guard held in a session-scoped ``st.cache_resource``; Streamlit releases
  it when the session's websocket closes (a tab closed, a reload);
* :data:`GRACE_SECONDS` later (Streamlit's own ``server.disconnectedSessionTTL``,
  the time a session may reconnect after a network blip), if the session
  has not come back, :func:`free_session` drops everything it loaded (the
  values of :data:`DATA_KEYS` and every loaded input) and returns the
  freed memory to the system (a full collection, then glibc's
  ``malloc_trim``);
* a session that comes back later finds nothing loaded: a link to uploaded
  data then says so (:func:`inspector.state.missing_link`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit import config

#: Session-state keys whose values are a session's data (besides loaded inputs).
DATA_KEYS = ("an_memo", "teach_uploaded")


def grace_seconds() -> float:
    """How long a closed session may come back before its data is freed (Streamlit's own TTL)."""
    return float(config.get_option("server.disconnectedSessionTTL"))


@dataclass(eq=False)
class Guard:
    """What the session-scoped cache holds for one session: its id and its state."""

    session_id: str
    session_state: Any


def _is_active(session_id: str) -> bool:
    from streamlit.runtime import Runtime

    return Runtime.exists() and Runtime.instance().is_active_session(session_id)


def release_memory() -> None:
    """A full collection (frozen objects included), then the freed heap back to the system."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()  # what remains is long-lived (see inspector.components.settle_heap)
    name = ctypes.util.find_library("c")
    if name:
        try:
            ctypes.CDLL(name).malloc_trim(0)
        except (OSError, AttributeError):  # not glibc: the allocator keeps its pages
            pass


def free_session(session_state: Any) -> int:
    """Drop a session's data from its state; the number of values dropped."""
    from inspector.state import LoadedInput

    dropped = 0
    for key in list(session_state):
        try:
            value = session_state[key]
        except KeyError:
            continue
        if key in DATA_KEYS or isinstance(value, LoadedInput):
            del session_state[key]
            dropped += 1
    return dropped


def _free_unless_back(guard: Guard) -> None:
    if _is_active(guard.session_id):
        return  # it reconnected: its next run registers a new guard
    if free_session(guard.session_state):
        release_memory()


def _released(guard: Guard) -> None:
    """Streamlit released the session's guard: its websocket closed."""
    timer = threading.Timer(grace_seconds(), _free_unless_back, args=(guard,))
    timer.daemon = True
    timer.start()


@st.cache_resource(scope="session", on_release=_released, show_spinner=False)
def _guard(session_id: str) -> Guard:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return Guard(session_id, ctx.session_state if ctx is not None else None)


def register() -> None:
    """Make sure this session's data is freed when it ends (call once per run)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is not None:
        _guard(ctx.session_id)
