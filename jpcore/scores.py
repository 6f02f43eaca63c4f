"""Precision, recall and F1 of a count of correct, gold and system units, written once.

Contract: a class that has ``tp``, ``gold`` and ``system`` (fields or
properties) and inherits :class:`PrecisionRecallF1` gets ``precision`` =
tp / system, ``recall`` = tp / gold and ``f1`` = 2 tp / (gold + system),
each 0.0 where its denominator is 0 (conll18_ud_eval.py's convention).
:class:`jpcore.preprocess.Counts` and :class:`jpcore.ud.Score` use it.  A
class that keeps ``tp``, ``fp`` and ``fn`` gets ``gold`` = tp + fn and
``system`` = tp + fp from :class:`GoldSystemFromErrors`
(:class:`jpcore.preprocess.Counts`, :class:`jpcore.analysis.Score`).

>>> class Count(PrecisionRecallF1):
...     tp, gold, system = 3, 4, 6
>>> c = Count()
>>> c.precision, c.recall, c.f1
(0.5, 0.75, 0.6)
"""

from __future__ import annotations

__all__ = ["GoldSystemFromErrors", "PrecisionRecallF1"]


class PrecisionRecallF1:
    """The three derived scores (module doc); no state of its own."""

    __slots__ = ()

    @property
    def precision(self) -> float:
        """tp / system (0.0 without system units)."""
        return self.tp / self.system if self.system else 0.0  # type: ignore[attr-defined]

    @property
    def recall(self) -> float:
        """tp / gold (0.0 without gold units)."""
        return self.tp / self.gold if self.gold else 0.0  # type: ignore[attr-defined]

    @property
    def f1(self) -> float:
        """2 tp / (gold + system) (0.0 when both are 0)."""
        total = self.gold + self.system  # type: ignore[attr-defined]
        return 2 * self.tp / total if total else 0.0  # type: ignore[attr-defined]


class GoldSystemFromErrors:
    """``gold`` and ``system`` of a count kept as ``tp``, ``fp``, ``fn`` (module doc)."""

    __slots__ = ()

    @property
    def gold(self) -> int:
        """Gold units: TP + FN."""
        return self.tp + self.fn  # type: ignore[attr-defined]

    @property
    def system(self) -> int:
        """System units: TP + FP."""
        return self.tp + self.fp  # type: ignore[attr-defined]
