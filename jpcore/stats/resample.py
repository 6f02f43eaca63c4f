"""Resampling over common units: paired bootstrap and approximate randomization.

Input: two ``(m, k)`` count matrices, row ``i`` holding system A's and
system B's summed counts in common unit ``i`` (:func:`jpcore.stats.common.common_counts`),
and a :class:`~jpcore.stats.metrics.Metric`.  A system's corpus score is the
metric of its column sums; the **difference** is ``score_b - score_a``.

Random numbers come from ``numpy.random.RandomState(seed)`` -- numpy's
legacy generator, whose stream numpy promises never to change -- so a seed
gives the same resamples on every numpy version.  It is a private instance:
numpy's global state is neither read nor changed.

**Paired bootstrap** (:func:`bootstrap_scores`).  Resample ``s`` draws
``size = int(m * sample_ratio)`` common-unit indices with replacement, by
``rng.choice(m, size, replace=True)``, one resample after another (drawn in
blocks of resamples, which consumes the stream exactly as one call per
resample does); the same indices serve both systems (that is the pairing).
Each system's resampled sums are its counts summed over those indices (a
unit drawn twice counts twice) and its score is the metric of those sums.
Vectorised: the drawn indices of a block of resamples become a
``(block, m)`` matrix of multiplicities, times the ``(m, k)`` counts: time
and memory linear in units x samples (memory in units x block).

**Approximate randomization** (:func:`randomization_differences`).  Trial
``r`` swaps system A's and B's counts in common unit ``i`` when
``rng.randint(0, 2, size=(trials, m))[r, i]`` is 1 (again drawn in blocks),
and records the difference of the two shuffled systems' scores.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from jpcore.stats.metrics import Metric

#: Index cells drawn per block (resamples per block = this // resample size).
BLOCK_CELLS = 1 << 18
#: numpy's legacy ``RandomState`` takes seeds in ``[0, 2**32)``.
MAX_SEED = 2**32 - 1


def rng_for(seed: int) -> np.random.RandomState:
    """A private legacy generator seeded with ``seed`` (``ValueError`` outside ``[0, 2**32)``)."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed: expected an integer from 0 to {MAX_SEED}, found {seed!r}")
    return np.random.RandomState(int(seed))


def sample_size(n_units: int, sample_ratio: float) -> int:
    """``int(n_units * sample_ratio)``, the units drawn per resample (``ValueError`` when 0)."""
    if not 0 < sample_ratio:
        raise ValueError(f"sample ratio: expected a number above 0, found {sample_ratio!r}")
    size = int(n_units * sample_ratio)
    if size < 1:
        raise ValueError(f"{n_units} common units at sample ratio {sample_ratio} leave nothing to resample")
    return size


def _blocks(samples: int, width: int, block_cells: int) -> Iterator[int]:
    if samples < 1:
        raise ValueError(f"samples: expected at least 1, found {samples}")
    per_block = max(1, block_cells // max(width, 1))
    done = 0
    while done < samples:
        count = min(per_block, samples - done)
        yield count
        done += count


def resample_indices(
    n_units: int, samples: int, seed: int, sample_ratio: float = 1.0, block_cells: int = BLOCK_CELLS
) -> Iterator[np.ndarray]:
    """Blocks of bootstrap resamples: ``(block, size)`` arrays of unit indices, in order.

    Concatenated, row ``s`` is resample ``s``: the same indices as ``samples``
    successive ``RandomState(seed).choice(n_units, size, replace=True)`` calls.
    """
    rng = rng_for(seed)
    size = sample_size(n_units, sample_ratio)
    for count in _blocks(samples, size, block_cells):
        yield rng.choice(n_units, size=(count, size), replace=True)


def multiplicities(indices: np.ndarray, n_units: int) -> np.ndarray:
    """``(block, n_units)``: how often each unit was drawn in each resample of ``indices``."""
    block = indices.shape[0]
    offsets = (np.arange(block, dtype=np.int64) * n_units)[:, None]
    flat = np.bincount((indices + offsets).ravel(), minlength=block * n_units)
    return flat.reshape(block, n_units)


def _check(counts_a: np.ndarray, counts_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    counts_a = np.asarray(counts_a, dtype=np.int64)
    counts_b = np.asarray(counts_b, dtype=np.int64)
    if counts_a.ndim != 2 or counts_a.shape != counts_b.shape:
        raise ValueError(f"counts: expected two (common units, k) matrices of one shape, "
                         f"found {counts_a.shape} and {counts_b.shape}")
    if counts_a.shape[0] == 0:
        raise ValueError("no common units: nothing to resample")
    return counts_a, counts_b


def bootstrap_scores(
    counts_a: np.ndarray,
    counts_b: np.ndarray,
    metric: Metric,
    samples: int,
    seed: int,
    sample_ratio: float = 1.0,
    block_cells: int = BLOCK_CELLS,
) -> tuple[np.ndarray, np.ndarray]:
    """Each system's score in each bootstrap resample: two ``(samples,)`` arrays."""
    counts_a, counts_b = _check(counts_a, counts_b)
    m = counts_a.shape[0]
    scores_a, scores_b = [], []
    for indices in resample_indices(m, samples, seed, sample_ratio, block_cells):
        weights = multiplicities(indices, m)
        scores_a.append(metric.score(weights @ counts_a))
        scores_b.append(metric.score(weights @ counts_b))
    return np.concatenate(scores_a), np.concatenate(scores_b)


def randomization_differences(
    counts_a: np.ndarray,
    counts_b: np.ndarray,
    metric: Metric,
    trials: int,
    seed: int,
    block_cells: int = BLOCK_CELLS,
) -> np.ndarray:
    """``score_b - score_a`` of the two shuffled systems in each trial: ``(trials,)``."""
    counts_a, counts_b = _check(counts_a, counts_b)
    m = counts_a.shape[0]
    rng = rng_for(seed)
    total_a, total_b = counts_a.sum(axis=0), counts_b.sum(axis=0)
    delta = counts_b - counts_a
    out = []
    for count in _blocks(trials, m, block_cells):
        swaps = rng.randint(0, 2, size=(count, m)).astype(np.int64)
        moved = swaps @ delta  # what the swapped units move from B to A
        out.append(metric.score(total_b - moved) - metric.score(total_a + moved))
    return np.concatenate(out)
