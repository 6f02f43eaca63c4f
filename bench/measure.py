"""Measuring one call: CPU seconds (best of N) and peak traced memory; one table row.

Every run happens in a fresh process forked from the benchmark (the inputs
are already built, nothing is imported again), so each starts from the same
state, as a command-line run does: no run reuses memory that an earlier,
larger run left mapped.  (In one long-lived process the 1x runs found their
memory already mapped while each 10x run asked the kernel for fresh pages,
a page fault each: that alone added about 1x to the growth.)  The clock
stops when the call returns its value (the result and its report); freeing
that value is not timed, as a command-line run frees it at exit: it is
linear work, but visiting hundreds of MiB of objects that no longer fit in
the caches added another 0.5-1x to the growth of the largest results.  CPU time
(user + system, from ``getrusage``: what ``time.process_time`` counts) is
the best of ``repeat`` runs without tracing, so a neighbour's load does not
count; the user and system parts and the minor page faults of that run are
kept too.  Peak memory comes from ``tracemalloc`` in a separate run
(tracing slows Python down, so the two are never measured together).

A :class:`Row` holds both sizes of one evaluation, the peer tool's figure
(measured here, or the spec's) and the row's target; :func:`row` measures
one.  ``GROWTH_LIMIT`` is the issue's limit for 1x -> 10x (linear is 10x).
"""

from __future__ import annotations

import gc
import os
import pickle
import resource
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

#: Runs of the 1x input (best of) and of the 10x input.
REPEAT_1X = 5
REPEAT_10X = 5
#: The issue's limit on CPU growth from 1x to 10x input.
GROWTH_LIMIT = 10.5


@dataclass
class Measurement:
    """CPU seconds of the best of ``repeat`` runs (user + system, and the two
    parts of that run) and peak allocated MiB of one call."""

    cpu_seconds: float
    peak_mib: float
    user_seconds: float = 0.0
    system_seconds: float = 0.0
    page_faults: int = 0


def _usage() -> tuple[float, float, int]:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime, usage.ru_minflt


def in_child(work: Callable[[], T]) -> T:
    """``work()`` run in a forked child process; its (picklable) value.  An
    exception in the child is raised here as a RuntimeError with its repr."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run, send the value back, leave without cleanup
        os.close(read_fd)
        try:
            payload = pickle.dumps(("ok", work()))
        except BaseException as error:  # noqa: BLE001 - reported to the parent
            payload = pickle.dumps(("error", repr(error)))
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
        os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    status, value = pickle.loads(data)
    if status != "ok":
        raise RuntimeError(f"benchmark run failed: {value}")
    return value


def _timed_here(call: Callable[[], object]) -> tuple[float, float, int]:
    gc.collect()
    before = _usage()
    value = call()  # kept until the clock has stopped: releasing it is not timed
    after = _usage()
    del value
    return (after[0] - before[0], after[1] - before[1], after[2] - before[2])


def _timed(call: Callable[[], object]) -> tuple[float, float, int]:
    """(user seconds, system seconds, minor page faults) of one run in a fresh process."""
    return in_child(lambda: _timed_here(call))


def _best(runs: list[tuple[float, float, int]]) -> tuple[float, float, int]:
    return min(runs, key=lambda run: run[0] + run[1])


def _peak_here(call: Callable[[], object]) -> float:
    gc.collect()
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def _peak_mib(call: Callable[[], object]) -> float:
    """Peak MiB traced during one run in a fresh process."""
    return in_child(lambda: _peak_here(call))


def measure(call: Callable[[], object], repeat: int = REPEAT_1X) -> Measurement:
    """Run ``call`` ``repeat`` times for CPU time and once more for memory."""
    user, system, faults = _best([_timed(call) for _ in range(repeat)])
    return Measurement(user + system, _peak_mib(call), user, system, faults)


def measure_pair(
    call_1x: Callable[[], object], call_10x: Callable[[], object], repeat_1x: int, repeat_10x: int
) -> tuple[Measurement, Measurement]:
    """Both sizes, runs interleaved (1x, 10x, 1x, ...): a neighbour's load that
    comes and goes then touches both sizes alike, which keeps the growth stable."""
    runs: dict[int, list[tuple[float, float, int]]] = {1: [], 10: []}
    for number in range(max(repeat_1x, repeat_10x)):
        if number < repeat_1x:
            runs[1].append(_timed(call_1x))
        if number < repeat_10x:
            runs[10].append(_timed(call_10x))
    out = []
    for size, call in ((1, call_1x), (10, call_10x)):
        user, system, faults = _best(runs[size])
        out.append(Measurement(user + system, _peak_mib(call), user, system, faults))
    return out[0], out[1]


@dataclass
class Peer:
    """The peer tool's CPU seconds on the input size named in ``size``."""

    name: str
    seconds: float
    measured: bool
    size: str  # "1x" or "10x": which of our columns it compares with


@dataclass
class Row:
    """One evaluation at 1x and 10x, its peer (if any) and its target."""

    evaluation: str
    one: Measurement
    ten: Measurement
    peer: Peer | None
    target: str
    max_seconds: float | None = None  # the target's CPU limit at ``target_size``
    target_size: str = "1x"

    @property
    def growth(self) -> float:
        """CPU 10x / CPU 1x."""
        return self.ten.cpu_seconds / self.one.cpu_seconds

    @property
    def ratio(self) -> float | None:
        """Our CPU over the peer's, at the peer's size."""
        if self.peer is None:
            return None
        ours = self.one if self.peer.size == "1x" else self.ten
        return ours.cpu_seconds / self.peer.seconds

    def met(self) -> bool:
        """The CPU limit (if any) holds and the growth is within :data:`GROWTH_LIMIT`."""
        ours = self.one if self.target_size == "1x" else self.ten
        fast = self.max_seconds is None or ours.cpu_seconds <= self.max_seconds
        return fast and self.growth <= GROWTH_LIMIT


def row(
    evaluation: str,
    call_1x: Callable[[], object],
    call_10x: Callable[[], object],
    *,
    peer: Peer | None = None,
    max_seconds: float | None = None,
    target_size: str = "1x",
    target: str = "",
    repeat_1x: int = REPEAT_1X,
    repeat_10x: int = REPEAT_10X,
) -> Row:
    """Measure ``call_1x`` and ``call_10x`` into a :class:`Row`."""
    one, ten = measure_pair(call_1x, call_10x, repeat_1x, repeat_10x)
    limits = [f"{target_size} <= {max_seconds:.3f} s"] if max_seconds is not None else []
    limits.append(f"growth <= {GROWTH_LIMIT}x")
    return Row(evaluation, one, ten, peer, target or ", ".join(limits), max_seconds, target_size)
