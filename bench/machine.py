"""Calibration: how much a *linear* Python workload grows from 1x to 10x on this machine.

The workload allocates tuples, strings and lists (about 22 MiB at 1x, as
the evaluations do) and reads them back, with the cyclic garbage collector
paused as jpcore pauses it.  Its CPU time is linear in the number of
objects; what it grows beyond 10x is the memory hierarchy: fresh pages from
the kernel (page faults) and caches the 10x working set no longer fits in.
The evaluations' growth is to be read against it.
"""

from __future__ import annotations

from bench.measure import Row, row
from jpcore.runtime import gc_paused

#: Objects of the 1x run (about 22 MiB).
SIZE_1X = 100_000


def built(n: int) -> tuple[int, list]:
    """Build ``n`` small object groups and read them back: ``(total, the groups)``
    (returned, as the evaluations return their results: releasing them is not timed)."""
    with gc_paused():
        data = [(i, str(i), [i]) for i in range(n)]
        total = 0
        for number, text, box in data:
            total += number + len(text) + box[0]
        return total, data


def workload(n: int) -> int:
    """The total of :func:`built`."""
    return built(n)[0]


def run() -> list[Row]:
    """The calibration row (no peer, no target)."""
    return [row("machine: linear Python workload, same memory (reference, no target)",
                lambda: built(SIZE_1X), lambda: built(10 * SIZE_1X), calibration=True)]
