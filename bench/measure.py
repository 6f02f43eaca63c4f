"""Measuring one call: CPU seconds (best of N) and peak traced memory.

CPU time comes from ``time.process_time`` in runs without tracing; peak
memory from ``tracemalloc`` in a separate run (tracing slows Python down, so
the two are never measured together).
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Measurement:
    """CPU seconds (best of ``repeat``) and peak allocated MiB of one call."""

    cpu_seconds: float
    peak_mib: float


def measure(call: Callable[[], object], repeat: int = 3) -> Measurement:
    """Run ``call`` ``repeat`` times for CPU time and once more for memory."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    gc.collect()
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return Measurement(best, peak / 2**20)
