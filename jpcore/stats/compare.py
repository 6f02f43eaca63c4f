"""Compare two systems aligned to one gold: scores, difference, interval, p-value.

:func:`compare` takes each system's units (:class:`UnitCounts`: gold
sentence ranges in document order plus one count vector per unit, from
:mod:`jpcore.stats.adapters`), builds the common units
(:mod:`jpcore.stats.common`), sums each system's counts per common unit and
resamples the common units (:mod:`jpcore.stats.resample`).  A system's
score, on the full data or on a resample, is the metric of its summed
counts (:mod:`jpcore.stats.metrics`); the difference is ``score_b -
score_a`` (positive: B is better).  Let ``d`` be the observed difference
and ``S`` the number of resamples (trials).

``paired-bootstrap`` (the default; ``sample_ratio`` 1.0)
    ``d_s``: the difference in bootstrap resample ``s``.  Interval: the
    order statistics ``sorted(d_s)[int(0.025 S)]`` and
    ``sorted(d_s)[int(0.975 S)]`` (0-based; compare-mt's rule).  **p-value**,
    two-sided, of the null hypothesis "no difference", by the shifted
    bootstrap (the resampled differences, centred on ``d``, stand for the
    null distribution)::

        p = (1 + #{s : |d_s - d| >= |d|}) / (S + 1)

    The ``+ 1`` counts the observed data as one resample (the usual Monte
    Carlo p-value), so ``p`` is never 0: its smallest value is
    ``1 / (S + 1)`` (1/1001 for 1,000 resamples).  A system against itself
    has ``d = 0`` and ``d_s = 0`` in every resample, so every resample counts
    and ``p = 1``.

``approximate-randomization`` (an option)
    Trial ``r`` swaps A's and B's counts in each common unit with
    probability 1/2; ``d_r`` is the shuffled difference.
    ``p = (1 + #{r : |d_r| >= |d|}) / (S + 1)``; a system against itself
    gives ``p = 1``.  No interval (the method tests, it does not estimate).

``compare-mt-bootstrap`` (agreement with compare-mt's ``eval_with_paired_bootstrap``)
    The same resamples compare-mt draws for the same seed (``sample_ratio``
    0.5: ``int(m * 0.5)`` indices per resample, ``np.random.choice`` on the
    legacy generator; compare-mt itself draws from numpy's global state, so
    ``np.random.seed(seed)`` before it gives our resamples).  Its figures:
    ``details["win_ratios"]`` as compare-mt computes them -- ``sys1`` = share
    of resamples with A > B, ``sys2`` = A < B, ``tie`` = share with *not*
    A < B (its counter sits in the ``else`` of the second test, so it also
    counts A's wins); ``details["sys_stats"]`` per system: mean, median and
    the bounds ``sorted(scores)[int(S * 0.025)]``/``[int(S * 0.975)]``.
    Its p-value is the one compare-mt prints, ``1 - (win ratio of the system
    with more wins)``, and 1.0 when neither wins more (compare-mt prints
    none then).  ``interval`` is our interval of the difference on these
    resamples; ``wins`` the plain counts (A > B, A < B, A = B).

Where our default differs from compare-mt, and why:

* sample ratio 1.0, not 0.5: the bootstrap estimates how the score of a
  corpus *of the test set's size* varies; half-size resamples vary more, so
  compare-mt's intervals are wider (about 1.4 times for a ratio of sums)
  and its p-values larger than the data warrant;
* p-value: compare-mt's ``1 - win ratio`` is the share of resamples the
  better system loses or ties, a one-sided figure not tied to a null
  hypothesis; ours is the two-sided shifted-bootstrap test above;
* the interval is on the difference (what the question is about), not
  one interval per system;
* resampling units are common units, not lines: compare-mt needs parallel
  lines; on parallel lines (both systems 1:1 with gold) common units *are*
  lines, and the ``compare-mt-bootstrap`` mode then draws compare-mt's
  resamples exactly.

GEC: errant_compare chooses, per sentence, the annotator pair whose
counts, added to the running totals of the sentences before it, give the
best F.  The per-unit counts passed in are the counts *as scored* (the
chosen pair's TP/FP/FN), and a resample just sums them: nothing special
beyond summing.  The choice is not made again per resample (it depends on
file order, which a resample does not have).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from jpcore.stats.common import CommonUnit, Range, common_counts, common_units
from jpcore.stats.metrics import Metric
from jpcore.stats.resample import MAX_SEED, bootstrap_scores, randomization_differences, rng_for
from jpcore.stats.result import Comparison

PAIRED_BOOTSTRAP = "paired-bootstrap"
APPROXIMATE_RANDOMIZATION = "approximate-randomization"
COMPARE_MT = "compare-mt-bootstrap"
#: Every method, the default first.
METHODS = (PAIRED_BOOTSTRAP, APPROXIMATE_RANDOMIZATION, COMPARE_MT)
#: Default number of resamples (trials).
DEFAULT_SAMPLES = 1000
#: Default sample ratio of each bootstrap method.
SAMPLE_RATIOS = {PAIRED_BOOTSTRAP: 1.0, COMPARE_MT: 0.5}
#: The order-statistic quantiles of every interval (compare-mt's).
LOWER, UPPER = 0.025, 0.975


@dataclass(frozen=True, eq=False)
class UnitCounts:
    """One system's units against gold: gold sentence ranges in document order
    (tiling gold; a system-only unit has an empty range at its position) and
    a ``(units, k)`` count matrix whose columns are named by ``names``."""

    gold: Sequence[Range]
    counts: np.ndarray
    names: tuple[str, ...]

    def __post_init__(self) -> None:
        counts = np.asarray(self.counts, dtype=np.int64)
        if counts.size == 0:
            counts = counts.reshape(0, len(self.names))
        if counts.shape != (len(self.gold), len(self.names)):
            raise ValueError(f"counts: expected a {len(self.gold)} x {len(self.names)} matrix (one row of "
                             f"{', '.join(self.names)} per unit), found shape {counts.shape}")
        object.__setattr__(self, "counts", counts)

    @property
    def totals(self) -> dict[str, int]:
        """Each count summed over all units."""
        return {name: int(total) for name, total in zip(self.names, self.counts.sum(axis=0))}


def interval(values: np.ndarray) -> tuple[float, float]:
    """``(sorted[int(S * 0.025)], sorted[int(S * 0.975)])`` of ``S`` values."""
    ordered = np.sort(values)
    return float(ordered[int(len(ordered) * LOWER)]), float(ordered[int(len(ordered) * UPPER)])


def bootstrap_p_value(differences: np.ndarray, observed: float) -> float:
    """``(1 + #{s : |d_s - d| >= |d|}) / (S + 1)`` (see the module doc)."""
    extreme = int(np.count_nonzero(np.abs(differences - observed) >= abs(observed)))
    return (1 + extreme) / (len(differences) + 1)


def randomization_p_value(differences: np.ndarray, observed: float) -> float:
    """``(1 + #{r : |d_r| >= |d|}) / (S + 1)`` (see the module doc)."""
    extreme = int(np.count_nonzero(np.abs(differences) >= abs(observed)))
    return (1 + extreme) / (len(differences) + 1)


def _wins(scores_a: np.ndarray, scores_b: np.ndarray) -> tuple[int, int, int]:
    a_better = int(np.count_nonzero(scores_a > scores_b))
    b_better = int(np.count_nonzero(scores_a < scores_b))
    return a_better, b_better, len(scores_a) - a_better - b_better


def _compare_mt_details(scores_a: np.ndarray, scores_b: np.ndarray) -> tuple[dict, float]:
    samples = len(scores_a)
    a_better, b_better, _ = _wins(scores_a, scores_b)
    ratios = {"sys1": a_better / samples, "sys2": b_better / samples, "tie": (samples - b_better) / samples}
    stats = []
    for scores in (scores_a, scores_b):
        ordered = np.sort(scores)
        stats.append({
            "mean": float(np.mean(ordered)),
            "median": float(np.median(ordered)),
            "lower_bound": float(ordered[int(samples * LOWER)]),
            "upper_bound": float(ordered[int(samples * UPPER)]),
        })
    if ratios["sys1"] > ratios["sys2"]:
        p_value = 1 - ratios["sys1"]
    elif ratios["sys2"] > ratios["sys1"]:
        p_value = 1 - ratios["sys2"]
    else:
        p_value = 1.0
    return {"win_ratios": ratios, "sys_stats": stats}, p_value


def as_metric(metric: Metric | Callable[[np.ndarray], float], names: tuple[str, ...]) -> Metric:
    """``metric`` itself, or a plain callable (count vector -> float) wrapped as one."""
    if isinstance(metric, Metric):
        if metric.counts != tuple(names):
            raise ValueError(f"metric {metric.name} reads counts {metric.counts}, the units hold {tuple(names)}")
        return metric
    return Metric.from_function(getattr(metric, "__name__", "metric"), tuple(names), metric)


def compare(
    sys_a: UnitCounts,
    sys_b: UnitCounts,
    metric: Metric | Callable[[np.ndarray], float],
    *,
    method: str = PAIRED_BOOTSTRAP,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    sample_ratio: float | None = None,
) -> Comparison:
    """Compare ``sys_b`` with ``sys_a`` on their common units (see the module doc).

    ``seed=None`` draws a fresh seed, recorded in the result, so every run can
    be repeated.  ``sample_ratio`` defaults to the method's (1.0, or 0.5 for
    ``compare-mt-bootstrap``); approximate randomization takes none.
    """
    if tuple(sys_a.names) != tuple(sys_b.names):
        raise ValueError(f"system A's units hold counts {sys_a.names}, system B's {sys_b.names}")
    units = common_units(sys_a.gold, sys_b.gold)
    counts_a, counts_b = common_counts(units, sys_a.counts, sys_b.counts)
    return compare_counts(units, counts_a, counts_b, as_metric(metric, tuple(sys_a.names)), method=method,
                          samples=samples, seed=seed, sample_ratio=sample_ratio)


def compare_counts(
    units: list[CommonUnit],
    counts_a: np.ndarray,
    counts_b: np.ndarray,
    metric: Metric,
    *,
    method: str = PAIRED_BOOTSTRAP,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    sample_ratio: float | None = None,
) -> Comparison:
    """:func:`compare` from common units and their ``(units, k)`` count matrices."""
    if method not in METHODS:
        raise ValueError(f"method: expected one of {', '.join(METHODS)}, found {method!r}")
    for side, counts in (("A", counts_a), ("B", counts_b)):
        if np.ndim(counts) != 2 or len(counts) != len(units):
            raise ValueError(f"system {side}: expected one row of counts per common unit ({len(units)}), "
                             f"found shape {np.shape(counts)}")
    if method == APPROXIMATE_RANDOMIZATION and sample_ratio is not None:
        raise ValueError("approximate randomization swaps every common unit: it takes no sample ratio")
    if seed is None:
        seed = secrets.randbelow(MAX_SEED + 1)
    rng_for(seed)  # a bad seed fails before any work
    score_a = float(metric.score(np.asarray(counts_a).sum(axis=0)))
    score_b = float(metric.score(np.asarray(counts_b).sum(axis=0)))
    observed = score_b - score_a
    if method == APPROXIMATE_RANDOMIZATION:
        differences = randomization_differences(counts_a, counts_b, metric, samples, seed)
        return Comparison(method, metric.name, samples, seed, None, score_a, score_b, observed, None,
                          randomization_p_value(differences, observed), None, list(units))
    ratio = SAMPLE_RATIOS[method] if sample_ratio is None else float(sample_ratio)
    scores_a, scores_b = bootstrap_scores(counts_a, counts_b, metric, samples, seed, ratio)
    differences = scores_b - scores_a
    details: dict = {}
    if method == COMPARE_MT:
        details, p_value = _compare_mt_details(scores_a, scores_b)
    else:
        p_value = bootstrap_p_value(differences, observed)
    return Comparison(method, metric.name, samples, seed, ratio, score_a, score_b, observed,
                      interval(differences), p_value, _wins(scores_a, scores_b), list(units), details)
