"""The gold self-check in the app: ``jpcore check`` on every gold file a loader loads.

Contract: the check is :func:`jpcore.check.self_check` -- the command's own
check, not a copy -- on the gold file's bytes and name (its format from its
content), kept in :data:`inspector.common.result_cache.RESULTS` under both
(a gold file is checked once per server, whatever the session or the system
file).  It runs in the background, a file of
:data:`~inspector.common.evaluator.CHILD_MIN_BYTES` or more in a child
process as a large evaluation is (:func:`inspector.common.evaluator.evaluate`:
seconds of pure Python that would hold every session's page up), else in
a thread of the server: :func:`reserve` (the loader calls it with
what is loaded) keeps two places and fills them at once with a check already
made -- a clean file one small caption under the signature (``Gold
self-check: 100% (preprocess, ud)``), a file with a problem a warning above
the page naming the file, the line and what was found (every value escaped);
:func:`fill` (the entry point calls it after the page, so the check never
delays the page's first render) hands the checks reserved in the run to one
worker thread and waits at most :data:`WAIT_SECONDS` for each (a bundled
sample's is shown in the same run); a longer one gets a small fragment that
says the check runs and looks again every :data:`POLL_SECONDS`, and shows it
in its own place when it is done (never rerunning the page: see
:func:`_waiting`); the sidebar's caption follows at the page's next run.  A saved JSON
result holds no gold file and is not checked.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import streamlit as st

from inspector.common.evaluator import evaluate
from inspector.common.files import NamedBytes
from inspector.common.markup import enum_text, md_text
from inspector.common.result_cache import RESULTS, key_of
from jpcore.check import CheckReport, self_check
from jpcore.task import TASKS

__all__ = ["POLL_SECONDS", "WAIT_SECONDS", "begin", "checked", "fill", "reserve", "settle", "start"]

#: How often a page waiting for a check looks again, in seconds.
POLL_SECONDS = 1.0
#: How long the run waits for a check after the page before it leaves it to the fragment, in seconds
#: (a bundled sample's check takes less: shown in the same run, no rerun).
WAIT_SECONDS = 0.5
#: Session key of the gold files reserved in this run (started, then dropped, by :func:`fill`).
_PENDING = "_gold_check_pending"
#: Session key of the checks shown, by loaded input's fingerprint (a rerun hashes no gold file again).
_SHOWN = "_gold_check_shown"
#: Session key of the checks a waiting fragment found done, by cache key (its later polls read no cache).
_DONE = "_gold_check_done"
_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jp-gold-check")
_RUNNING: dict[str, Future[CheckReport]] = {}
_LOCK = threading.Lock()


def _key(gold: NamedBytes) -> str:
    return key_of(("gold-check", gold.name), (gold.data,))


def _check_and_keep(key: str, gold: NamedBytes) -> CheckReport:
    try:  # a large file in a child process, as a large evaluation is: the server's GIL stays free
        report = evaluate(len(gold.data), self_check, gold.data, gold.name)
    except Exception as error:  # a bug in a reader or an evaluation: said, not raised in a thread nobody reads
        report = CheckReport((), f"{gold.name}: the self-check could not run ({type(error).__name__}: {error})")
    RESULTS.put(key, report)
    with _LOCK:
        _RUNNING.pop(key, None)
    return report


def checked(gold: NamedBytes) -> CheckReport | None:
    """The self-check of ``gold`` when it has been made (cached), else ``None``."""
    return RESULTS.get(_key(gold))


def start(gold: NamedBytes, key: str | None = None) -> Future[CheckReport]:
    """The self-check of ``gold`` running in the background (started unless it runs already);
    ``key`` is its cache key when the caller has it (else hashed here)."""
    key = _key(gold) if key is None else key
    with _LOCK:
        future = _RUNNING.get(key)
        if future is None:
            found = RESULTS.get(key)
            future = Future()
            if found is not None:
                future.set_result(found)
                return future
            future = _EXECUTOR.submit(_check_and_keep, key, gold)
            _RUNNING[key] = future
    return future


def settle(timeout: float | None = None) -> None:
    """Wait until every check running now is done (what a test or a benchmark waits for)."""
    with _LOCK:
        running = list(_RUNNING.values())
    for future in running:
        future.result(timeout)


def _draw(report: CheckReport, gold: NamedBytes, caption: Any, warning: Any) -> None:
    """Show ``report`` in its places: ``caption`` (in the sidebar) and ``warning`` (above the page)."""
    if report.problem is None:
        tasks = ", ".join(enum_text(line.split(":", 1)[0], TASKS) for line in report.lines)
        caption.caption(f"Gold self-check: 100% ({tasks}), as `jpcore check` scores the gold file against itself.")
        return
    warning.warning(f"**Gold self-check failed** on {md_text(gold.name)}: scored against itself, as `jpcore check` "
                    f"does, it is not 100 %: {md_text(report.problem)}. The scores of this file may not mean what "
                    "they say; check that line of the gold file.", icon=":material/warning:")
    caption.caption(f"Gold self-check: failed ({md_text(report.problem)}).")


@st.fragment(run_every=POLL_SECONDS)
def _waiting(gold: NamedBytes, key: str) -> None:
    """Say the check runs; once it is done, show it here, in the fragment's own place above the
    page (a problem as the warning, a clean file as the caption); the sidebar's caption follows
    at the page's next run.

    ``key`` is the check's cache key (:func:`_key`, hashed once by :func:`reserve`: a poll every
    second does not hash the gold file again).  The page is never rerun from here: a rerun asked
    for by a poll carries the widgets' values of the poll's moment, so a file being uploaded
    meanwhile was lost (``bench.load``: 4 uploads in 47 sessions); a fragment's own run redraws
    nothing outside it.  A poll after the check is done reads it from the session, not the cache."""
    done: dict[str, CheckReport] = st.session_state.setdefault(_DONE, {})
    report = done.get(key) or RESULTS.get(key)
    if report is None:
        start(gold, key)  # running already: the same check
        st.caption(f"Gold self-check of {md_text(gold.name)} running in the background (`jpcore check`)…")
        return
    if len(done) > 16:
        done.clear()
    done[key] = report
    _draw(report, gold, st, st)


def begin() -> None:
    """Forget gold files reserved by a run that ended before :func:`fill` (``st.stop``, a rerun)."""
    st.session_state.pop(_PENDING, None)


def reserve(loaded: Any) -> None:
    """Keep the places of the self-check of ``loaded``'s gold file (a
    :class:`~inspector.common.state.LoadedInput`, or ``None``) -- a caption in the sidebar, a
    warning above the page -- and fill them at once when the check was made."""
    gold = getattr(loaded, "gold_file", None)
    if gold is None:
        return
    with st.sidebar:
        caption = st.empty()
    warning = st.empty()
    shown: dict[str, CheckReport] = st.session_state.setdefault(_SHOWN, {})
    report = shown.get(loaded.fingerprint)  # shown before: a rerun hashes no gold file
    if report is None:
        key = _key(gold)  # hashed once a run: fill() and the waiting fragment get it
        report = RESULTS.get(key)
    if report is not None:
        if len(shown) > 16:
            shown.clear()
        shown[loaded.fingerprint] = report
        _draw(report, gold, caption, warning)
        return
    st.session_state.setdefault(_PENDING, []).append((gold, key, caption, warning))


def fill() -> None:
    """Start the self-checks reserved in this run (after the page: they never delay its first
    render) and show each one done within :data:`WAIT_SECONDS`; the others get the fragment
    that waits for them."""
    for gold, key, caption, warning in st.session_state.pop(_PENDING, []):
        future = start(gold, key)
        try:
            report = future.result(WAIT_SECONDS)
        except TimeoutError:
            with warning.container():
                _waiting(gold, key)
            continue
        _draw(report, gold, caption, warning)
