"""TP/FP/FN that add up, with the P/R/F of each evaluation's own convention.

Contract: a :class:`Score` is a sum of per-unit counts read from a result
object (never recomputed from the data).  Its precision, recall and F are
derived from the summed counts with the convention of the tool the
evaluation reproduces, so the sum over every unit gives the result's own
headline figures:

* ``"conll"`` (preprocess, parseval): ``P = TP / (TP + FP)``,
  ``R = TP / (TP + FN)``, ``F = (1+b²)TP / ((1+b²)TP + b²FN + FP)``, 0.0 where
  undefined
  (:class:`jpcore.preprocess.Counts`; parseval's EVALB figures are the
  same fractions times 100);
* ``"errant"`` (gec): errant_compare's ``computeFScore``
  (:func:`jpcore.peers.errant_compare.f_score`): P = 1.0 without FP,
  R = 1.0 without FN, each rounded to 4 places.

All scores are fractions (0..1).

>>> a = Score(3, 1, 0)
>>> b = Score(1, 0, 2)
>>> total = a + b
>>> total.as_tuple(), round(total.precision, 4), round(total.recall, 4), round(total.f, 4)
((4, 1, 2), 0.8, 0.6667, 0.7273)
>>> Score(0, 0, 3, beta=0.5, convention="errant").prf()
(1.0, 0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jpcore.scores import GoldSystemFromErrors
from jpcore.peers.errant_compare import f_score

#: The two conventions for undefined and rounded scores (see the module doc).
CONVENTIONS = ("conll", "errant")


@dataclass(frozen=True, slots=True)
class Score(GoldSystemFromErrors):
    """Summed TP/FP/FN with P, R and F-``beta`` under ``convention`` (``gold``, ``system``:
    :class:`jpcore.scores.GoldSystemFromErrors`)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    beta: float = 1.0
    convention: str = "conll"

    def __post_init__(self) -> None:
        if self.convention not in CONVENTIONS:
            raise ValueError(f"convention must be one of {CONVENTIONS}, not {self.convention!r}")

    def __add__(self, other: Score) -> Score:
        """The sum of two scores of the same convention and beta."""
        if (other.beta, other.convention) != (self.beta, self.convention):
            raise ValueError("cannot add scores of different conventions or betas")
        return Score(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.beta, self.convention)

    def empty(self) -> Score:
        """A zero score with the same convention and beta."""
        return Score(0, 0, 0, self.beta, self.convention)

    @property
    def errors(self) -> int:
        """FP + FN."""
        return self.fp + self.fn

    def prf(self) -> tuple[float, float, float]:
        """``(precision, recall, F-beta)`` as fractions."""
        if self.convention == "errant":
            return f_score(self.tp, self.fp, self.fn, self.beta)
        p = self.tp / self.system if self.system else 0.0
        r = self.tp / self.gold if self.gold else 0.0
        b2 = self.beta * self.beta
        # (1 + b^2) P R / (b^2 P + R), written on the counts: for beta 1 it is
        # 2TP / (2TP + FP + FN), exactly Counts.f1
        denominator = (1 + b2) * self.tp + b2 * self.fn + self.fp
        f = (1 + b2) * self.tp / denominator if denominator and self.tp else 0.0
        return p, r, f

    @property
    def precision(self) -> float:
        """Precision (see :meth:`prf`)."""
        return self.prf()[0]

    @property
    def recall(self) -> float:
        """Recall (see :meth:`prf`)."""
        return self.prf()[1]

    @property
    def f(self) -> float:
        """F-beta (see :meth:`prf`)."""
        return self.prf()[2]

    def as_tuple(self) -> tuple[int, int, int]:
        """``(tp, fp, fn)``."""
        return (self.tp, self.fp, self.fn)

    def to_dict(self) -> dict[str, Any]:
        """Counts, derived scores, beta and convention (JSON-ready)."""
        p, r, f = self.prf()
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn, "precision": p, "recall": r, "f": f,
                "beta": self.beta, "convention": self.convention}
