"""The result of comparing two systems on one gold: :class:`Comparison`.

What ``--json`` holds as ``comparison`` (``to_dict()``; ``from_dict()``
validates and restores it):

* ``method``: ``paired-bootstrap``, ``approximate-randomization`` or
  ``compare-mt-bootstrap`` (:mod:`jpcore.stats.compare` defines each);
* ``metric``: the metric's name; ``score_a``, ``score_b``: each system's
  corpus score; ``difference``: ``score_b - score_a``;
* ``interval``: the 95% interval of the difference (``[low, high]``;
  ``null`` for approximate randomization, which tests and does not estimate);
* ``p_value``; ``samples`` (resamples or trials), ``seed``, ``sample_ratio``
  (``null`` for approximate randomization);
* ``wins``: in how many resamples A scored higher, B scored higher, both the
  same (``null`` for approximate randomization);
* ``details``: what only one method reports (compare-mt's win ratios and
  per-system statistics);
* ``units``: the common units, each ``{"gold": [s, e], "sys_a": [i, j],
  "sys_b": [k, l]}`` (:class:`jpcore.stats.common.CommonUnit`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from jpcore.stats.common import CommonUnit
from jpcore.stats.scale import p_text

#: The confidence of :attr:`Comparison.interval`.
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Comparison:
    """Two systems' scores on one gold, their difference and its significance."""

    method: str
    metric: str
    samples: int
    seed: int
    sample_ratio: float | None
    score_a: float
    score_b: float
    difference: float
    interval: tuple[float, float] | None
    p_value: float
    wins: tuple[int, int, int] | None
    units: list[CommonUnit]
    details: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """One line naming the method and giving the difference and its interval on the metric's own
        scale, and p to the resolution of the samples (:func:`jpcore.stats.scale.p_text`)."""
        what = f"{self.method} over {len(self.units):,} common units, {self.samples:,} "
        what += "trials" if self.sample_ratio is None else f"resamples (ratio {self.sample_ratio:g})"
        line = f"{what}, seed {self.seed}: {self.metric} B - A = {self.difference:+.4f}"
        if self.interval is not None:
            line += f", {CONFIDENCE:.0%} interval [{self.interval[0]:+.4f}, {self.interval[1]:+.4f}]"
        return line + f", {p_text(self.p_value, self.samples)}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (see the module doc)."""
        return {
            "method": self.method,
            "metric": self.metric,
            "score_a": self.score_a,
            "score_b": self.score_b,
            "difference": self.difference,
            "confidence": CONFIDENCE,
            "interval": None if self.interval is None else list(self.interval),
            "p_value": self.p_value,
            "samples": self.samples,
            "seed": self.seed,
            "sample_ratio": self.sample_ratio,
            "wins": None if self.wins is None else dict(zip(("a", "b", "tie"), self.wins)),
            "details": self.details,
            "units": [unit.to_dict() for unit in self.units],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Comparison:
        """Inverse of :meth:`to_dict`; ``ValueError`` naming the first bad field."""
        if not isinstance(data, dict):
            raise ValueError(f"comparison: expected an object, found {type(data).__name__}")
        interval = data.get("interval")
        if interval is not None:
            if not (isinstance(interval, list) and len(interval) == 2):
                raise ValueError(f"comparison 'interval': expected [low, high] or null, found {interval!r}")
            interval = (_number(interval[0], "interval"), _number(interval[1], "interval"))
        wins = data.get("wins")
        if wins is not None:
            if not isinstance(wins, dict):
                raise ValueError(f"comparison 'wins': expected {{a, b, tie}} or null, found {wins!r}")
            wins = tuple(_integer(wins.get(key), f"wins.{key}") for key in ("a", "b", "tie"))
        ratio = data.get("sample_ratio")
        units = data.get("units")
        if not isinstance(units, list):
            raise ValueError(f"comparison 'units': expected a list, found {units!r}")
        details = data.get("details", {})
        if not isinstance(details, dict):
            raise ValueError(f"comparison 'details': expected an object, found {details!r}")
        return cls(
            method=_text(data.get("method"), "method"),
            metric=_text(data.get("metric"), "metric"),
            samples=_integer(data.get("samples"), "samples"),
            seed=_integer(data.get("seed"), "seed"),
            sample_ratio=None if ratio is None else _number(ratio, "sample_ratio"),
            score_a=_number(data.get("score_a"), "score_a"),
            score_b=_number(data.get("score_b"), "score_b"),
            difference=_number(data.get("difference"), "difference"),
            interval=interval,
            p_value=_number(data.get("p_value"), "p_value"),
            wins=wins,
            units=[CommonUnit.from_dict(unit) for unit in units],
            details=details,
        )


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"comparison {key!r}: expected a string, found {value!r}")
    return value


def _integer(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"comparison {key!r}: expected an integer, found {value!r}")
    return value


def _number(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"comparison {key!r}: expected a finite number, found {value!r}")
    return float(value)
