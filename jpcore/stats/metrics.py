"""Corpus metrics as callbacks from summed counts to a score.

A :class:`Metric` names the counts it reads (``counts``, in column order)
and scores them: ``metric.score(sums)`` takes an array whose last axis holds
those counts -- one vector, or a ``(samples, k)`` matrix of resampled sums
-- and returns the score(s), vectorised over the leading axes.  Any other
callable from one count vector to a float can be wrapped with
:meth:`Metric.from_function` (it is then called once per resample).

The metrics below reproduce each evaluation's own formula, operation for
operation, so the score of the full sums is bit for bit the score the
evaluation reports:

* :data:`F1`, :data:`PRECISION`, :data:`RECALL` on ``(tp, fp, fn)``: preprocess's
  :class:`~jpcore.preprocess.Counts` (0.0 where undefined);
* :func:`errant_f` on ``(tp, fp, fn)``: errant_compare's F-beta (P = 1 without
  FP, R = 1 without FN), *not* rounded to errant's 4 places (rounding would
  turn small differences into ties); rounded, it is errant's figure;
* :data:`PARSEVAL_F1` on ``(matched, gold, test)``: EVALB's bracketing
  F-measure in percent, 2PR/(P+R), except 0.0 where EVALB prints ``-nan``
  (no bracket matched), so that a resample never compares with NaN;
* beside each F, the precision and recall it is made of (what a unit's
  P/R/F shows): :data:`PRECISION`/:data:`RECALL`, :data:`ERRANT_PRECISION`/
  :data:`ERRANT_RECALL` (errant's P = 1 without FP, R = 1 without FN),
  :data:`PARSEVAL_PRECISION`/:data:`PARSEVAL_RECALL` (percent, 0.0 undefined).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


def _ratio(numerator: np.ndarray, denominator: np.ndarray, undefined: float) -> np.ndarray:
    """``numerator / denominator`` as float64, ``undefined`` where the denominator is 0."""
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.asarray(denominator, dtype=np.float64)
    out = np.full(np.broadcast(numerator, denominator).shape, undefined, dtype=np.float64)
    np.divide(numerator, denominator, out=out, where=denominator != 0)
    return out


@dataclass(frozen=True)
class Metric:
    """A named corpus metric over named counts (see the module doc)."""

    name: str
    counts: tuple[str, ...]
    function: Callable[[np.ndarray], np.ndarray]
    vectorised: bool = True

    def score(self, sums: np.ndarray) -> np.ndarray:
        """The score of each count vector along the last axis of ``sums``."""
        sums = np.asarray(sums)
        if sums.shape[-1] != len(self.counts):
            raise ValueError(f"metric {self.name} reads {len(self.counts)} counts {self.counts}, "
                             f"found {sums.shape[-1]}")
        if self.vectorised:
            return np.asarray(self.function(sums), dtype=np.float64)
        flat = sums.reshape(-1, sums.shape[-1])
        scores = np.array([float(self.function(row)) for row in flat], dtype=np.float64)
        return scores.reshape(sums.shape[:-1])

    @classmethod
    def from_function(cls, name: str, counts: tuple[str, ...], function: Callable[[np.ndarray], float]) -> Metric:
        """A metric from a plain callable: one count vector in, one float out."""
        return cls(name, tuple(counts), function, vectorised=False)


def _f1(sums: np.ndarray) -> np.ndarray:
    tp, fp, fn = sums[..., 0], sums[..., 1], sums[..., 2]
    return _ratio(2 * tp, 2 * tp + fp + fn, 0.0)


def _precision(sums: np.ndarray) -> np.ndarray:
    return _ratio(sums[..., 0], sums[..., 0] + sums[..., 1], 0.0)


def _recall(sums: np.ndarray) -> np.ndarray:
    return _ratio(sums[..., 0], sums[..., 0] + sums[..., 2], 0.0)


#: 2TP / (2TP + FP + FN), 0.0 when undefined (preprocess's ``Counts.f1``).
F1 = Metric("f1", ("tp", "fp", "fn"), _f1)
#: TP / (TP + FP), 0.0 when undefined.
PRECISION = Metric("precision", ("tp", "fp", "fn"), _precision)
#: TP / (TP + FN), 0.0 when undefined.
RECALL = Metric("recall", ("tp", "fp", "fn"), _recall)


def _errant_precision(sums: np.ndarray) -> np.ndarray:
    tp, fp = sums[..., 0], sums[..., 1]
    return np.where(fp != 0, _ratio(tp, tp + fp, 1.0), 1.0)


def _errant_recall(sums: np.ndarray) -> np.ndarray:
    tp, fn = sums[..., 0], sums[..., 2]
    return np.where(fn != 0, _ratio(tp, tp + fn, 1.0), 1.0)


#: errant_compare's precision on ``(tp, fp, fn)``: TP / (TP + FP), 1.0 without FP.
ERRANT_PRECISION = Metric("precision", ("tp", "fp", "fn"), _errant_precision)
#: errant_compare's recall on ``(tp, fp, fn)``: TP / (TP + FN), 1.0 without FN.
ERRANT_RECALL = Metric("recall", ("tp", "fp", "fn"), _errant_recall)


def errant_f(beta: float = 0.5) -> Metric:
    """errant_compare's F-beta on ``(tp, fp, fn)``, unrounded (see the module doc)."""

    def score(sums: np.ndarray) -> np.ndarray:
        p, r = _errant_precision(sums), _errant_recall(sums)
        b2 = beta**2
        return _ratio((1 + b2) * p * r, np.where(p + r != 0, b2 * p + r, 0.0), 0.0)

    return Metric(f"f{beta:g}", ("tp", "fp", "fn"), score)


def _parseval_precision(sums: np.ndarray) -> np.ndarray:
    return _ratio(100.0 * sums[..., 0], sums[..., 2], 0.0)


def _parseval_recall(sums: np.ndarray) -> np.ndarray:
    return _ratio(100.0 * sums[..., 0], sums[..., 1], 0.0)


def _parseval_f1(sums: np.ndarray) -> np.ndarray:
    recall = _parseval_recall(sums)
    precision = _parseval_precision(sums)
    return _ratio(2 * precision * recall, precision + recall, 0.0)


#: EVALB's bracketing F-measure in percent on ``(matched, gold, test)``; 0.0 where EVALB prints -nan.
PARSEVAL_F1 = Metric("bracketing f1", ("matched", "gold", "test"), _parseval_f1)
#: EVALB's bracketing precision in percent: 100 matched / test, 0.0 without test brackets.
PARSEVAL_PRECISION = Metric("bracketing precision", ("matched", "gold", "test"), _parseval_precision)
#: EVALB's bracketing recall in percent: 100 matched / gold, 0.0 without gold brackets.
PARSEVAL_RECALL = Metric("bracketing recall", ("matched", "gold", "test"), _parseval_recall)
