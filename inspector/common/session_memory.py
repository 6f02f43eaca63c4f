"""Free a session's data when the session ends, and give the memory back to the system.

Streamlit keeps a closed tab's session (its ``st.session_state``, with every
loaded result) for reconnection, and drops it only when another session
happens to touch its store: a browser closed on a 20 MB upload held 3.36 GB
until then (issue 12 item 14).  Contract:

* :func:`register` (every run, from the entry point) gives the session a
  guard held in a session-scoped ``st.cache_resource``; Streamlit releases
  it when the session's websocket closes (a tab closed, a reload);
* :func:`grace_seconds` later (Streamlit's own ``server.disconnectedSessionTTL``,
  the time a session may reconnect after a network blip), if the session
  has not come back, :func:`free_session` drops everything it loaded (the
  values of :data:`DATA_KEYS` and every loaded input), the session is shut
  down as Streamlit's ``Runtime.close_session`` would (on the server's event
  loop: its uploaded files, and the download buttons' deferred callables,
  which hold the page's variables and so its result, go too; Streamlit
  itself only forgets a stored session when another one touches the store),
  and the freed memory goes back to the system (a full collection, then
  glibc's ``malloc_trim``);
* when that was the last session (no session is connected to the server),
  the results shared by sessions (:mod:`inspector.common.result_cache`) go
  too, and jpcore's memo tables filled with the users' tokens
  (:func:`jpcore.memo.clear_all`), before the memory is given back: no one can ask for them until a new
  session loads, which then computes them again.  So a server whose
  sessions have all closed is back near its idle size one grace after the
  last tab closed, not only once the caches' own time (600 s) is over;
* a session that comes back later finds nothing loaded: a link to uploaded
  data then says so (:func:`inspector.common.state.missing_link`).
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import sys
import threading
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit import config

from inspector.common.result_cache import clear_all
from jpcore.memo import clear_all as clear_memos
from jpcore.runtime import collect_all

#: The app's package folder: the entry script and every page file are below it.
APP_DIR = Path(__file__).resolve().parents[1]
#: Session-state keys whose values are a session's data (besides loaded inputs).
DATA_KEYS = ("an_memo", "teach_uploaded")
#: Keys ending so hold data too: system A's files kept for system B, the comparisons
#: (:mod:`inspector.common.system_b`).
DATA_SUFFIXES = ("_a_request", "_b_runs")


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


def _forget_last_run() -> None:
    """Streamlit leaves the module of the last script run (the page's variables: its result)
    as ``sys.modules["__main__"]`` until the next run of any session: an empty one instead.
    A run in progress keeps its own module; the next run installs its own again."""
    main = sys.modules.get("__main__")
    if str(getattr(main, "__file__", "")).startswith(str(APP_DIR)):
        sys.modules["__main__"] = types.ModuleType("__main__")


#: Sessions freed within this many seconds share one full collection (a class that ends
#: together: one pause of the server's loop, not one per student).
RELEASE_COALESCE_S = 1.0
# Whether a release_memory is scheduled on the loop (only the loop reads and sets it).
_release = {"scheduled": False}


def release_memory() -> None:
    """A full collection (frozen objects included), then the freed heap back to the system."""
    _forget_last_run()
    collect_all()  # what remains is long-lived, frozen again (see jpcore.runtime.settle_heap)
    name = ctypes.util.find_library("c")
    if name:
        try:
            ctypes.CDLL(name).malloc_trim(0)
        except (OSError, AttributeError):  # not glibc: the allocator keeps its pages
            pass


def free_session(session_state: Any) -> int:
    """Drop a session's data from its state (Streamlit's session state, or a mapping);
    the number of values dropped."""
    from inspector.common.state import LoadedInput

    if hasattr(session_state, "filtered_state"):  # Streamlit's: its keys, and the state under the
        keys = list(session_state.filtered_state)  # wrapper (whose yield callback belongs to the
        state = getattr(session_state, "_state", session_state)  # script thread, not this one)
    else:
        keys, state = list(session_state), session_state
    dropped = 0
    for key in keys:
        try:
            value = state[key]
        except KeyError:
            continue
        if key in DATA_KEYS or str(key).endswith(DATA_SUFFIXES) or isinstance(value, LoadedInput):
            del state[key]
            dropped += 1
    return dropped


def _session_manager() -> Any:
    """Streamlit's session manager (pinned 1.67: ``Runtime._session_mgr``), or ``None``."""
    from streamlit.runtime import Runtime

    return getattr(Runtime.instance(), "_session_mgr", None) if Runtime.exists() else None


def _app_session(session_id: str) -> Any:
    """The session object while Streamlit still knows it (when its guard is released)."""
    manager = _session_manager()
    info = manager.get_session_info(session_id) if manager is not None else None
    return info.session if info is not None else None


def _shut_down(session_id: str, session: Any) -> None:
    """What ``Runtime.close_session`` does to a stored session, also once its time in the
    store is over (the store then no longer returns it, but still holds it); then its
    state and fragments are emptied: Streamlit's main loop keeps its last session in a
    local variable, and the widgets' callbacks and fragments hold the pages' results."""
    storage = getattr(_session_manager(), "_session_storage", None)
    try:
        if storage is not None:
            storage.delete(session_id)
    except KeyError:
        pass
    session.shutdown()
    state = getattr(session, "_session_state", None)
    if state is not None:  # a fresh one: the widgets' metadata (callbacks) goes with the old
        session._session_state = type(state)()
    fragments = getattr(session, "_fragment_storage", None)
    if fragments is not None and hasattr(fragments, "clear"):
        fragments.clear()


def _no_session_connected() -> bool:
    """Whether no session is connected to this process's Streamlit server (``False``
    outside a server: there the shared caches are nobody's to drop)."""
    manager = _session_manager()
    return manager is not None and manager.num_active_sessions() == 0


def _free_unless_back(guard: Guard, session: Any = None) -> None:
    if _is_active(guard.session_id):
        return  # it reconnected: its next run registers a new guard
    freed = free_session(guard.session_state) if guard.session_state is not None else 0
    guard.session_state = None
    if session is not None:
        _shut_down(guard.session_id, session)
    last = _no_session_connected()
    if last:
        clear_all()  # the results shared by sessions: nobody is left to ask for them
        clear_memos()  # and jpcore's tables of a user's tokens
    if not freed and session is None and not last:
        return
    # The session's pages are reference cycles (a page's functions and its variables), which
    # only the cyclic collector frees: collect once this call, which still holds the session,
    # has returned (on the loop: a moment later), else they would be frozen again alive.
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        release_memory()
        return
    if not _release["scheduled"]:
        _release["scheduled"] = True
        loop.call_later(RELEASE_COALESCE_S, _release_scheduled)


def _release_scheduled() -> None:
    _release["scheduled"] = False
    release_memory()


def _released(guard: Guard) -> None:
    """Streamlit released the session's guard: its websocket closed.  On the server's
    event loop (where Streamlit disconnects sessions) the session is also shut down
    after the grace; elsewhere only its data is freed."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is not None:
        loop.call_later(grace_seconds(), _free_unless_back, guard, _app_session(guard.session_id))
        return
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
