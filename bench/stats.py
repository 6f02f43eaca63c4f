"""Benchmark: significance over common units (``jpcore.stats.compare``), 1,000 samples.

``python -m bench.stats [--markdown]`` prints the rows; :func:`run` returns
them for ``python -m bench`` (register ``"stats": stats`` in its
``BENCHMARKS`` to add them to the one table).

Input: two systems on one gold of 2,200 sentences.  System A is 1:1 with
gold plus a system-only unit after every 100th sentence; system B merges
gold sentences ``11k`` and ``11k + 1`` (200 merges): 2,000 common units
of gold (2 of them also holding an extra unit of A) plus 20 empty ones (the
other extra units of A).  Each row times the whole
comparison from the two systems' units: common units, per-unit sums,
1,000 resamples (trials), p-value and interval; CPU limit at 1x: 0.5 s.

The work is linear in units x samples, and every row must grow at most
10.5 times from 1x to 10x.  The bootstrap rows scale the *samples* (10,000
resamples of the same units): their draw, ``RandomState.choice`` (kept for
agreement with compare-mt), rejects out-of-range values of a power-of-two
mask, so one index costs ``2**ceil(log2 m) / m`` 32-bit draws for ``m``
units -- 1.02 at 2,000 units, 1.64 at 20,000 -- a constant factor below 2
that a 10x-units row would count as growth.  Approximate randomization
draws bits, at the same cost for any ``m``: its second row scales the
*units* (20,000 common units), which shows the per-unit work (sums,
multiplicities, the ``(block x m) @ (m x k)`` product) linear.
"""

from __future__ import annotations

import argparse

import numpy as np

from bench.measure import GROWTH_LIMIT, REPEAT_1X, REPEAT_10X, Row, row
from jpcore.stats import APPROXIMATE_RANDOMIZATION, COMPARE_MT, F1, PAIRED_BOOTSTRAP, UnitCounts, compare

#: Gold sentences at 1x (2,000 common units of non-empty gold).
GOLD_1X = 2_200
SAMPLES = 1_000
TP_FP_FN = ("tp", "fp", "fn")


def systems(n_gold: int, seed: int = 0) -> tuple[UnitCounts, UnitCounts]:
    """System A (1:1, an extra unit after every 100th sentence) and B (pairs ``11k, 11k+1`` merged)."""
    gold_a: list[tuple[int, int]] = []
    for k in range(n_gold):
        gold_a.append((k, k + 1))
        if k % 100 == 99:
            gold_a.append((k + 1, k + 1))
    gold_b: list[tuple[int, int]] = []
    k = 0
    while k < n_gold:
        width = 2 if k % 11 == 0 and k + 1 < n_gold else 1
        gold_b.append((k, k + width))
        k += width
    rng = np.random.RandomState(seed)
    counts_a = rng.randint(0, 12, size=(len(gold_a), 3))
    counts_b = rng.randint(0, 12, size=(len(gold_b), 3))
    return UnitCounts(gold_a, counts_a, TP_FP_FN), UnitCounts(gold_b, counts_b, TP_FP_FN)


def _compare(pair: tuple[UnitCounts, UnitCounts], method: str, samples: int = SAMPLES) -> object:
    return compare(*pair, F1, method=method, samples=samples, seed=16)


def run() -> list[Row]:
    """1,000 samples over 2,000 common units at 1x; 10x = 10,000 samples, or 20,000 units."""
    one = systems(GOLD_1X)
    rows = []
    for method in (PAIRED_BOOTSTRAP, COMPARE_MT, APPROXIMATE_RANDOMIZATION):
        rows.append(row(f"stats: {method}, {SAMPLES:,} samples x 2,000 common units; 10x samples",
                        lambda m=method: _compare(one, m), lambda m=method: _compare(one, m, 10 * SAMPLES)))
    ten = systems(10 * GOLD_1X)
    rows.append(row(f"stats: {APPROXIMATE_RANDOMIZATION}, {SAMPLES:,} samples x 2,000 common units; 10x units",
                    lambda: _compare(one, APPROXIMATE_RANDOMIZATION),
                    lambda: _compare(ten, APPROXIMATE_RANDOMIZATION)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.stats", description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()
    from bench.__main__ import tables  # the one table renderer

    rows = run()
    print(f"CPU seconds best of {REPEAT_1X} (1x) / {REPEAT_10X} (10x), each run a fresh process; "
          f"growth limit {GROWTH_LIMIT}x")
    print(tables(rows, args.markdown), end="")
    return 0 if all(r.met() for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
