"""The app's memory: caches bounded in bytes and time, a session's data freed when it ends (issue 12 item 14).

Unit tests of :mod:`inspector.result_cache` (copies, byte bounds, time
bounds kept by the janitor without any use, keys without the inputs) and
:mod:`inspector.session_memory` (a closed session's loaded results are
dropped once Streamlit's reconnection time is over, and really freed; a
session that came back keeps them), and the app's size limits derived from
the measured memory per byte (:mod:`inspector.input_limits`).
"""

from __future__ import annotations

import gc
import pickle
import weakref

import pytest

from inspector.common import result_cache, session_memory
from inspector.common.result_cache import ResultCache, key_of
from inspector.common.state import LoadedInput
from jpcore.gec.token_align import substitution_cost
from jpcore.gec.tokens import is_punctuation


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(result_cache.time, "monotonic", fake)
    return fake


def test_values_are_copies_and_keys_are_digests_of_the_content() -> None:
    cache = ResultCache("t", max_bytes=10_000, max_entry_bytes=10_000, ttl_seconds=60)
    key = key_of(("preprocess", 1), (b"gold bytes", b"sys bytes", None))
    assert key == key_of(("preprocess", 1), (b"gold bytes", b"sys bytes", None))
    assert key != key_of(("preprocess", 1), (b"gold bytes", b"other", None))
    assert key != key_of(("preprocess", 2), (b"gold bytes", b"sys bytes", None))
    assert b"gold" not in key.encode() and len(key) == 64
    made = []
    value = cache.compute(key, lambda: made.append(1) or {"units": [1, 2]})
    value["units"].append(3)  # the caller's own copy
    assert cache.compute(key, lambda: made.append(1) or {}) == {"units": [1, 2]}
    assert made == [1]


def test_bytes_are_bounded_least_recently_used_first_out() -> None:
    cache = ResultCache("t", max_bytes=3_000, max_entry_bytes=1_500, ttl_seconds=60)
    assert not cache.put("huge", b"x" * 2_000) and len(cache) == 0  # larger than one entry may be
    for name in "abc":
        assert cache.put(name, name.encode() * 1_000)
    assert cache.bytes <= 3_000 and cache.get("a") is None  # a was the least recently used
    assert cache.get("b") is not None
    cache.put("d", b"d" * 1_000)
    assert cache.get("c") is None and cache.get("b") is not None and cache.bytes <= 3_000


def test_pickles_are_held_compressed_and_counted_uncompressed() -> None:
    cache = ResultCache("t", max_bytes=100_000, max_entry_bytes=100_000, ttl_seconds=60)
    value = {"units": [(k, k + 1, "exact") for k in range(2_000)]}
    assert cache.put("a", value)
    pickled = len(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    assert cache.bytes == pickled  # the bounds count the pickle, as before compression
    assert 0 < cache.stored_bytes < pickled // 2  # what is held: the pickle compressed
    assert cache.get("a") == value
    cache.clear()
    assert cache.bytes == cache.stored_bytes == 0


def test_entries_expire_without_anyone_using_the_cache(clock: Clock) -> None:
    cache = ResultCache("t", max_bytes=10_000, max_entry_bytes=10_000, ttl_seconds=60)
    cache.put("a", [1] * 100)
    cache.put("b", [2] * 100)
    clock.now += 30
    assert cache.get("b") is not None  # used: its time starts again
    clock.now += 45
    result_cache.sweep_all()  # what the janitor thread does every JANITOR_SECONDS
    assert len(cache) == 1 and cache.get("a") is None and cache.get("b") is not None
    clock.now += 61
    result_cache.sweep_all()
    assert len(cache) == 0 and cache.bytes == 0
    assert result_cache._janitor is not None and result_cache._janitor.is_alive()


def test_the_apps_caches_are_bounded() -> None:
    for cache in (result_cache.RESULTS, result_cache.TEACHING_RESULTS):
        assert cache.max_bytes <= 256 * 1024 * 1024 and cache.ttl_seconds <= 900
        assert cache.max_entry_bytes <= cache.max_bytes // 4


# --- a session's data ------------------------------------------------------------------------


class Result:
    """Something big a session loaded."""


def _session() -> tuple[dict, weakref.ref]:
    result = Result()
    state = {"jp_loaded": LoadedInput(result, "f" * 64, "upload", "a vs b (uploaded)"),
             "an_memo": {"stats": [1, 2, 3]}, "source": "upload", "unit": 3}
    return state, weakref.ref(result)


def test_a_closed_sessions_data_is_freed_after_the_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    state, alive = _session()
    monkeypatch.setattr(session_memory, "grace_seconds", lambda: 0.0)
    monkeypatch.setattr(session_memory, "_is_active", lambda session_id: False)
    fired = []
    monkeypatch.setattr(session_memory.threading, "Timer",
                        lambda delay, function, args: fired.append((delay, function, args)) or _Started())
    session_memory._released(session_memory.Guard("s1", state))
    ((delay, function, args),) = fired
    assert delay == 0.0
    function(*args)  # the grace is over
    assert state == {"source": "upload", "unit": 3}  # the widgets' values stay, the data is gone
    gc.collect()
    assert alive() is None


def test_a_session_that_came_back_keeps_its_data(monkeypatch: pytest.MonkeyPatch) -> None:
    state, alive = _session()
    monkeypatch.setattr(session_memory, "_is_active", lambda session_id: True)
    session_memory._free_unless_back(session_memory.Guard("s1", state))
    assert "jp_loaded" in state and alive() is not None


def test_the_grace_is_streamlits_reconnection_time() -> None:
    from streamlit import config

    assert session_memory.grace_seconds() == float(config.get_option("server.disconnectedSessionTTL"))


class _Started:
    daemon = True

    def start(self) -> None:
        pass


def test_on_the_servers_loop_the_session_is_shut_down_after_the_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Streamlit forgets a stored session only when another one touches its store: past the
    grace, the session is shut down as Runtime.close_session would (files, deferred downloads)."""
    import asyncio

    state, alive = _session()
    shut = []

    class State(dict):
        """Stands for Streamlit's SessionState, whose widgets' callbacks hold the pages' results."""

    class Fragments:
        def clear(self) -> None:
            shut.append("fragments cleared")

    class Session:
        def __init__(self) -> None:
            self._session_state = State(callback=Result())
            self._fragment_storage = Fragments()

        def shutdown(self) -> None:
            shut.append("shutdown")

    class Storage:
        def delete(self, session_id: str) -> None:
            shut.append(f"deleted {session_id}")

    session = Session()
    held_by_callbacks = weakref.ref(session._session_state["callback"])
    manager = type("Manager", (), {"_session_storage": Storage(),
                                   "get_session_info": lambda self, sid: type("Info", (), {"session": session})()})()
    monkeypatch.setattr(session_memory, "_session_manager", lambda: manager)
    monkeypatch.setattr(session_memory, "_is_active", lambda session_id: False)
    monkeypatch.setattr(session_memory, "grace_seconds", lambda: 0.01)

    async def closed_tab() -> None:
        session_memory._released(session_memory.Guard("s1", state))  # as Streamlit calls it, on its loop
        for _ in range(3000):  # until the loop has run the call scheduled after the grace (at most 30 s)
            if len(shut) == 3:
                return
            await asyncio.sleep(0.01)

    asyncio.run(closed_tab())
    assert shut == ["deleted s1", "shutdown", "fragments cleared"]
    assert "jp_loaded" not in state and session._session_state == {}
    gc.collect()
    assert alive() is None and held_by_callbacks() is None


@pytest.mark.parametrize("connected, kept", [(0, False), (1, True)])
def test_the_last_sessions_end_drops_the_shared_results(monkeypatch: pytest.MonkeyPatch, connected: int,
                                                        kept: bool) -> None:
    """Past the grace, a session's end also empties the caches shared by sessions and
    jpcore's memo tables of the users' tokens when no session is connected any more (so
    the server goes back near its idle size then, not 600 s later); while another session
    is connected they stay for it."""
    class Manager:
        def num_active_sessions(self) -> int:
            return connected

    state, _ = _session()
    monkeypatch.setattr(session_memory, "_is_active", lambda session_id: False)
    monkeypatch.setattr(session_memory, "_session_manager", lambda: Manager())
    cache = ResultCache("t", max_bytes=10_000, max_entry_bytes=10_000, ttl_seconds=600)
    cache.put("shared", [1] * 100)
    substitution_cost.cache_clear()
    is_punctuation.cache_clear()
    assert (substitution_cost("recieve", "receive"), substitution_cost(":", ".")) == (44, 110)
    assert (substitution_cost.cache_info().currsize, is_punctuation.cache_info().currsize) == (2, 3)
    session_memory._free_unless_back(session_memory.Guard("s1", state))
    assert (cache.get("shared") == [1] * 100) is kept
    assert len(cache) == (1 if kept else 0) and (cache.bytes > 0) is kept
    held = (2, 3) if kept else (0, 0)
    assert (substitution_cost.cache_info().currsize, is_punctuation.cache_info().currsize) == held
    assert substitution_cost("recieve", "receive") == 44  # computed again when a new session asks


def test_outside_a_server_no_shared_result_is_dropped() -> None:
    assert session_memory._session_manager() is None and not session_memory._no_session_connected()


def test_sessions_freed_together_share_one_full_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the server's loop, the sessions freed within RELEASE_COALESCE_S are collected by one
    full collection (each is a pause of every session, its cost growing with the sessions
    held), and both sessions' data is really gone after it."""
    import asyncio

    from jpcore import runtime

    collections = []
    monkeypatch.setattr(session_memory, "collect_all", lambda: collections.append(1) or runtime.collect_all())
    monkeypatch.setattr(session_memory, "_is_active", lambda session_id: False)
    monkeypatch.setattr(session_memory, "RELEASE_COALESCE_S", 0.05)
    (state1, alive1), (state2, alive2) = _session(), _session()

    async def two_closes() -> list[int]:
        session_memory._free_unless_back(session_memory.Guard("s1", state1))
        session_memory._free_unless_back(session_memory.Guard("s2", state2))
        await asyncio.sleep(0.2)
        seen = list(collections)
        session_memory._free_unless_back(session_memory.Guard("s3", _session()[0]))  # later: its own
        await asyncio.sleep(0.2)
        return seen

    assert asyncio.run(two_closes()) == [1] and collections == [1, 1]
    assert alive1() is None and alive2() is None
