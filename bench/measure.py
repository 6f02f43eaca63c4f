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

A :class:`Row` holds both sizes of one evaluation and its target (the
growth); :func:`row` measures one.  The peers are timed as whole processes
beside ours (:mod:`bench.commands`).  ``GROWTH_LIMIT`` is the issue's limit for 1x -> 10x (linear is 10x).
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
class Row:
    """One evaluation in process at 1x and 10x; its target is the growth."""

    HEADER = ("in process (best of runs)", "CPU 1x", "MiB 1x", "CPU 10x", "MiB 10x", "growth",
              "page faults 1x / 10x", "target", "met")

    evaluation: str
    one: Measurement
    ten: Measurement
    target: str
    calibration: bool = False  # a reference row: no target

    @property
    def growth(self) -> float:
        """CPU 10x / CPU 1x."""
        return self.ten.cpu_seconds / self.one.cpu_seconds

    def met(self) -> bool:
        """The growth is within :data:`GROWTH_LIMIT` (a calibration row is always met)."""
        return self.calibration or self.growth <= GROWTH_LIMIT

    def cells(self) -> tuple[str, ...]:
        """The row as text."""
        return (
            self.evaluation,
            f"{self.one.cpu_seconds:.3f} s",
            f"{self.one.peak_mib:.1f}",
            f"{self.ten.cpu_seconds:.3f} s",
            f"{self.ten.peak_mib:.1f}",
            f"{self.growth:.2f}x",
            f"{self.one.page_faults} / {self.ten.page_faults}",
            self.target,
            "-" if self.calibration else ("yes" if self.met() else "NO"),
        )


def row(
    evaluation: str,
    call_1x: Callable[[], object],
    call_10x: Callable[[], object],
    *,
    calibration: bool = False,
    target: str = "",
    repeat_1x: int = REPEAT_1X,
    repeat_10x: int = REPEAT_10X,
) -> Row:
    """Measure ``call_1x`` and ``call_10x`` into a :class:`Row` (``target``: its text, if not the growth's)."""
    one, ten = measure_pair(call_1x, call_10x, repeat_1x, repeat_10x)
    target = target or ("-" if calibration else f"growth <= {GROWTH_LIMIT}x")
    return Row(evaluation, one, ten, target, calibration)
