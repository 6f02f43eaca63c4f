"""Large evaluations in a child process, so that the server's GIL stays free.

Every session's script runs in a thread of the one server process; an
evaluation of a large upload is seconds of pure Python, and while it runs
it holds the GIL (released only every 5 ms, for one other thread at a
time), so every other session's page -- and the server's event loop, which
sends the pages over the websockets and receives the uploads -- waits
behind it (measured by ``python -m bench.load --trace``: docs/robustness.md).
Contract of :func:`evaluate`:

* ``evaluate(size, function, *args, **kwargs)`` is
  ``compacted(function(*args, **kwargs))``
  (:func:`inspector.common.result_cache.compacted`), the same object
  whether computed here or in a child (the result crosses as a pickle, as
  the shared results are kept anyway);
* it runs in a child process when ``size`` (the input's bytes) is at least
  :data:`CHILD_MIN_BYTES`, else in the calling thread (a small input costs
  less than the trip); the calling thread then waits without the GIL;
* the children: at most :data:`WORKERS` at a time (more evaluations wait
  their turn), each forked from one fork server (multiprocessing's
  ``forkserver``) that the app's first large evaluation starts and that
  imports jpcore's evaluations once (:data:`PRELOAD`), so a child starts in
  milliseconds without the server's threads; each child evaluates one
  input and exits, so its peak memory goes back to the system with it; the
  fork server (so every child) runs with Python's own allocator
  (``PYTHONMALLOC=pymalloc``: faster for short-lived processes), while the
  long-lived server keeps the one that gives memory back
  (:mod:`inspector.main.allocator`);
* an :class:`~jpcore.errors.InputError` raised in the child is raised here,
  the same class and message; a child that dies (killed, out of memory)
  while it evaluates raises :class:`EvaluationStopped` at once (the loaders
  show it as one error line), and the next evaluation starts a new pool
  (also when a child died idle: the input is then evaluated by the new pool);
* the pool and the fork server end with the server process (the pool at
  its exit, the fork server when the server's end of its pipe closes, even
  after a ``SIGKILL``).

This module imports no Streamlit (the fork server imports it).
"""

from __future__ import annotations

import os
import threading
from multiprocessing import forkserver, popen_forkserver, spawn
from multiprocessing.context import ForkServerContext, ForkServerProcess
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from inspector.common.result_cache import compacted

T = TypeVar("T")

#: Inputs of at least this many bytes (gold and system together) are evaluated in a child.
CHILD_MIN_BYTES = 256 * 1024
#: Children at a time (the machine's cores, at most 2: each evaluation is one core's work,
#: and the server's own threads need a core too).
WORKERS = max(1, min(2, os.cpu_count() or 1))
#: What the fork server imports once, so that a child starts with it.
PRELOAD = ["inspector.common.evaluator", "jpcore.ud", "jpcore.parseval", "jpcore.gec",
           "jpcore.preprocess.evaluate", "jpcore.formats", "jpcore.align.similarity", "jpcore.check"]
#: The children's environment beyond the server's (see the module doc).
CHILD_ENV = {"PYTHONMALLOC": "pymalloc"}

_LOCK = threading.Lock()
_pool: ProcessPoolExecutor | None = None


class EvaluationStopped(RuntimeError):
    """The child process evaluating an input died before answering (killed, out of memory)."""


def _compacted_call(function: Callable[..., T], args: tuple, kwargs: dict) -> T:
    """What a child runs: ``compacted(function(*args, **kwargs))``."""
    return compacted(function(*args, **kwargs))


#: Serialises :meth:`_Popen._launch` (it swaps a function of :mod:`multiprocessing.spawn`).
_LAUNCH_LOCK = threading.Lock()


def _preparation_without_main(get_preparation_data: Callable[[str], dict]) -> Callable[[str], dict]:
    """``get_preparation_data`` without the entries that make a new child import the
    parent's ``__main__`` (``init_main_from_path``/``init_main_from_name``)."""
    def prepared(name: str) -> dict:
        return {key: value for key, value in get_preparation_data(name).items()
                if key not in ("init_main_from_path", "init_main_from_name")}
    return prepared


class _Popen(popen_forkserver.Popen):
    """The fork server's ``Popen`` whose child does not run the server's ``__main__`` again:
    in the app's server that is the script Streamlit runs (inspector/main/app.py), which a
    child cannot run (multiprocessing makes every new child import it).  The launch is
    multiprocessing's own; only the preparation data it sends leaves ``__main__`` out."""

    def _launch(self, process_obj: Any) -> None:
        with _LAUNCH_LOCK:
            original = spawn.get_preparation_data
            spawn.get_preparation_data = _preparation_without_main(original)
            try:
                super()._launch(process_obj)
            finally:
                spawn.get_preparation_data = original


class _Process(ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> _Popen:
        return _Popen(process_obj)


class _Context(ForkServerContext):
    Process = _Process


def _context() -> Any:
    """The forkserver context, its server started with :data:`CHILD_ENV` (once)."""
    context = _Context()
    context.set_forkserver_preload(PRELOAD)
    saved = {name: os.environ.get(name) for name in CHILD_ENV}
    os.environ.update(CHILD_ENV)
    try:
        forkserver.ensure_running()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return context


def _get_pool() -> ProcessPoolExecutor:
    global _pool
    with _LOCK:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=WORKERS, mp_context=_context(), max_tasks_per_child=1)
        return _pool


def _drop_pool(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _LOCK:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def child_pids() -> list[int]:
    """The process ids of the children evaluating now (for tests and benches)."""
    pool = _pool
    processes = getattr(pool, "_processes", None) or {}
    return [pid for pid, process in list(processes.items()) if process.is_alive()]


def evaluate(size: int, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``compacted(function(*args, **kwargs))``, in a child process when ``size`` is at least
    :data:`CHILD_MIN_BYTES` (``function`` then a module-level function, its arguments
    picklable); see the module doc."""
    if size < CHILD_MIN_BYTES:
        return _compacted_call(function, args, kwargs)
    pool = _get_pool()
    try:
        future = pool.submit(_compacted_call, function, args, kwargs)
    except BrokenProcessPool:  # a child died while idle, before this input: a new pool takes it
        _drop_pool(pool)
        pool = _get_pool()
        future = pool.submit(_compacted_call, function, args, kwargs)
    try:
        return future.result()
    except BrokenProcessPool:
        _drop_pool(pool)
        raise EvaluationStopped(f"the process evaluating it stopped before it answered "
                                f"(killed, or out of memory), {size:,} bytes of input") from None


def shutdown() -> None:
    """End the pool's children (the next large evaluation starts a new pool)."""
    global _pool
    with _LOCK:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
