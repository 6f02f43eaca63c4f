"""Significance of the difference between two systems scored against one gold.

Pure Python + numpy, independent of any evaluation (the adapters in
:mod:`jpcore.stats.adapters` are the one place that reads evaluation
results).  Layers, each a module with one concept:

* :mod:`~jpcore.stats.common`: common units -- the finest cutting of gold
  that holds whole units of both systems -- and per-common-unit count sums;
* :mod:`~jpcore.stats.metrics`: corpus metrics as callbacks, counts -> score;
* :mod:`~jpcore.stats.resample`: seeded paired bootstrap and approximate
  randomization, vectorised (linear in units x samples);
* :mod:`~jpcore.stats.compare`: :func:`compare`, the methods and the p-value
  definitions;
* :mod:`~jpcore.stats.result`: :class:`Comparison`, with ``to_dict()`` /
  ``from_dict()`` for ``--json``;
* :mod:`~jpcore.stats.measures`: each evaluation's scores over per-unit
  counts (the Task contract's ``measures``), built on
  :mod:`~jpcore.stats.adapters`;
* :mod:`~jpcore.stats.scale`: the one scale every score is written in
  (percent, points with U+2212, p to the resolution of its samples, the
  few-units warning).

>>> from jpcore.stats import F1, UnitCounts, compare
>>> gold = [(0, 1), (1, 2)]
>>> a = UnitCounts(gold, [(1, 0, 0), (0, 1, 1)], ("tp", "fp", "fn"))
>>> result = compare(a, a, F1, samples=100, seed=1)
>>> result.difference, result.p_value
(0.0, 1.0)
"""

from jpcore.stats.common import CommonUnit, common_counts, common_units
from jpcore.stats.compare import (
    APPROXIMATE_RANDOMIZATION,
    COMPARE_MT,
    DEFAULT_SAMPLES,
    METHODS,
    PAIRED_BOOTSTRAP,
    UnitCounts,
    compare,
    compare_counts,
)
from jpcore.stats.metrics import F1, PARSEVAL_F1, PRECISION, RECALL, Metric, errant_f
from jpcore.stats.result import Comparison

__all__ = [
    "APPROXIMATE_RANDOMIZATION", "COMPARE_MT", "DEFAULT_SAMPLES", "F1", "METHODS", "PAIRED_BOOTSTRAP",
    "PARSEVAL_F1", "PRECISION", "RECALL", "CommonUnit", "Comparison", "Metric", "UnitCounts",
    "common_counts", "common_units", "compare", "compare_counts", "errant_f",
]
