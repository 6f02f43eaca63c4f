"""Whole-process timing: a command against its peer, run in turn, as a user runs them.

Each command runs as a child process with its output sent to ``/dev/null``
(so the terminal is not timed, but every byte is written); its CPU time
(user + system) and peak resident memory come from the kernel's own
accounting of that child (``os.wait4``).  After one warm-up run of each
(file cache, ``.pyc`` files), the two commands alternate ``A B A B ...``
``runs`` times; the figures quoted are medians, and the ratio is the
median of the run-by-run ratios A/B, which holds when the machine's speed
drifts during the run (2 shared cores).  A command whose exit status is
not the expected one stops the benchmark: a failing run is not a timing.
The children run without ``PYTHONDONTWRITEBYTECODE``: a user's Python keeps
the compiled modules (``__pycache__``) that the warm-up run writes, and
recompiling jpcore's sources on every run would be timed otherwise.
"""

from __future__ import annotations

import os
import statistics
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

#: Counted runs of each command (after one warm-up).
RUNS = 7


@dataclass(frozen=True)
class Usage:
    """One finished run: CPU seconds (user + system) and peak resident MiB."""

    cpu_seconds: float
    peak_mib: float


def run_once(command: Sequence[str], expected_status: int = 0) -> Usage:
    """Run ``command`` once (stdout and stderr to /dev/null) and return its usage."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    with open(os.devnull, "wb") as sink:
        process = subprocess.Popen(list(command), stdout=sink, stderr=sink, stdin=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != expected_status:
        raise RuntimeError(f"{' '.join(command)} exited with status {process.returncode}, "
                           f"not {expected_status}")
    return Usage(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


@dataclass(frozen=True)
class Comparison:
    """Medians of both commands and the median of the run-by-run CPU ratios."""

    ours: Usage
    peer: Usage
    ratio: float
    runs: int


def compare(ours: Sequence[str], peer: Sequence[str], runs: int = RUNS,
            ours_status: int = 0, peer_status: int = 0) -> Comparison:
    """Time ``ours`` against ``peer``, alternating (see the module doc)."""
    run_once(ours, ours_status)
    run_once(peer, peer_status)
    mine: list[Usage] = []
    theirs: list[Usage] = []
    for _ in range(runs):
        mine.append(run_once(ours, ours_status))
        theirs.append(run_once(peer, peer_status))
    ratios = [a.cpu_seconds / max(b.cpu_seconds, 1e-6) for a, b in zip(mine, theirs)]
    return Comparison(_median(mine), _median(theirs), statistics.median(ratios), runs)


def _median(usages: list[Usage]) -> Usage:
    return Usage(statistics.median(u.cpu_seconds for u in usages), statistics.median(u.peak_mib for u in usages))


def median_cpu(command: Sequence[str], runs: int = RUNS) -> float:
    """Median CPU seconds of ``command`` over ``runs`` runs (after one warm-up)."""
    run_once(command)
    return statistics.median(run_once(command).cpu_seconds for _ in range(runs))
