"""Measuring one call: CPU seconds (best of N) and peak traced memory; one table row.

CPU time (user + system, from ``getrusage``: what ``time.process_time``
counts) comes from runs without tracing: the best of ``repeat`` runs, each
after a full garbage collection, so a neighbour's load or a collection left
over from the previous run does not count.  The user and system parts and
the minor page faults of that run are kept too: system time is mostly the
kernel handing out fresh memory pages (a page fault each, zeroed), which
grows faster than the input once it no longer fits in the memory the
process already has.  Peak memory comes from ``tracemalloc`` in a separate
run (tracing slows Python down, so the two are never measured together).

A :class:`Row` holds both sizes of one evaluation, the peer tool's figure
(measured here, or the spec's) and the row's target; :func:`row` measures
one.  ``GROWTH_LIMIT`` is the issue's limit for 1x -> 10x (linear is 10x).
"""

from __future__ import annotations

import gc
import resource
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

#: Runs of the 1x input (best of) and of the 10x input.
REPEAT_1X = 5
REPEAT_10X = 3
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


def measure(call: Callable[[], object], repeat: int = REPEAT_1X) -> Measurement:
    """Run ``call`` ``repeat`` times for CPU time and once more for memory."""
    best: tuple[float, float, int] | None = None
    for _ in range(repeat):
        gc.collect()
        before = _usage()
        call()
        after = _usage()
        spent = (after[0] - before[0], after[1] - before[1], after[2] - before[2])
        if best is None or spent[0] + spent[1] < best[0] + best[1]:
            best = spent
    assert best is not None
    gc.collect()
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return Measurement(best[0] + best[1], peak / 2**20, best[0], best[1], best[2])


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

    @property
    def met(self) -> bool:
        """The CPU limit (if any) and the growth limit both hold."""
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
    one = measure(call_1x, repeat_1x)
    ten = measure(call_10x, repeat_10x)
    limits = [f"{target_size} <= {max_seconds:.3f} s"] if max_seconds is not None else []
    limits.append(f"growth <= {GROWTH_LIMIT}x")
    return Row(evaluation, one, ten, peer, target or ", ".join(limits), max_seconds, target_size)
