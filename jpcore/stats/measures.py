"""What a comparison, an oracle or a by-shape table scores: each evaluation's measures.

Contract: a :class:`Measure` is one headline score of an evaluation, computed
from counts its result keeps per aligned unit.  ``unit_counts(result)`` gives
one count vector per unit of ``result.units`` (in that order; the vectors
sum to the result's totals), ``metric(result)`` the
:class:`~jpcore.stats.metrics.Metric` that turns summed counts into the
evaluation's own score, bit for bit (errant's F-beta unrounded);
``totals_counts(totals)`` reads the same sums from the JSON form of a
result's ``totals`` (what a saved comparison or oracle is checked against).  Every
result's units have ``gold``, their gold sentence range (the Task contract,
:mod:`jpcore.task`), so :meth:`Measure.units` is the
:class:`~jpcore.stats.compare.UnitCounts` that :func:`~jpcore.stats.compare`
resamples.  ``best`` is a perfect system's score (1, or 100 for EVALB's
percent); :meth:`Measure.show` and :meth:`Measure.show_signed` write a score
and a difference on the one scale of :mod:`jpcore.stats.scale` (percent and
points, two decimals), whatever the task's own scale.

Each task's measures are a tuple in the order its tables list them (the one
marked ``default`` is what ``--compare`` tests unless ``--measure`` says
otherwise), which its :class:`~jpcore.task.Task` entry names
(``measures``): :data:`PREPROCESS`, :data:`PARSEVAL`, :data:`GEC`,
:data:`UD`.  Only results' public attributes are read; no evaluation is
imported.

============  ==========================  =====================  ===================
task          measures                    counts per unit        metric
============  ==========================  =====================  ===================
preprocess    ``tokens``, ``sentences``   tp, fp, fn             F1
parseval      ``brackets``                matched, gold, test    EVALB's F1 (percent)
gec           ``edits``                   tp, fp, fn as scored   errant's F-beta
ud            the 13 conll18 metrics      tp, fp, fn             F1
============  ==========================  =====================  ===================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jpcore.stats import scale
from jpcore.stats.adapters import MATCHED_GOLD_TEST, TP_FP_FN, gec_metric, gec_units, parseval_units, preprocess_units
from jpcore.stats.compare import UnitCounts
from jpcore.stats.metrics import (
    ERRANT_PRECISION, ERRANT_RECALL, F1, PARSEVAL_F1, PARSEVAL_PRECISION, PARSEVAL_RECALL, PRECISION, RECALL, Metric,
)

__all__ = ["GEC", "PARSEVAL", "PREPROCESS", "UD", "UD_METRICS", "Measure", "named_measure"]


@dataclass(frozen=True)
class Measure:
    """One score of an evaluation over per-unit counts (see the module doc)."""

    name: str
    label_of: Callable[[Any], str]
    counts: tuple[str, ...]
    unit_counts: Callable[[Any], Sequence[Sequence[int]]]
    metric: Callable[[Any], Metric]
    #: The summed counts read from a result's totals as its JSON writes them.
    totals_counts: Callable[[dict[str, Any]], tuple[int, ...]]
    best: float = 1.0
    #: The task's default for a comparison (its headline; else the first measure is).
    default: bool = False
    #: Listed in the command line's by-shape and by-stage tables.
    in_tables: bool = True
    #: The precision and recall the score is made of, on the same counts and scale.
    parts: tuple[Metric, Metric] = (PRECISION, RECALL)

    def label(self, result: Any) -> str:
        """What the score is called in ``result``'s report (``Words F1``, ``F0.5``)."""
        return self.label_of(result)

    def units(self, result: Any) -> UnitCounts:
        """``result``'s units as gold sentence ranges with this measure's counts."""
        return UnitCounts([unit.gold for unit in result.units], self.unit_counts(result), self.counts)

    def sums(self, result: Any) -> tuple[int, ...]:
        """The counts summed over every unit of ``result``."""
        rows = np.asarray(self.unit_counts(result), dtype=np.int64).reshape(-1, len(self.counts))
        return tuple(int(x) for x in rows.sum(axis=0))

    def score(self, result: Any, sums: Sequence[int] | None = None) -> float:
        """The metric of ``sums`` (default: :meth:`sums` of ``result``)."""
        values = self.sums(result) if sums is None else tuple(sums)
        return float(self.metric(result).score(np.asarray(values, dtype=np.int64)))

    def prf(self, result: Any, sums: Sequence[int]) -> tuple[float, float, float]:
        """Precision, recall and the score of ``sums`` (one unit's counts, or any sum), on this
        measure's own scale (:func:`jpcore.stats.scale.percent` brings them to percent)."""
        values = np.asarray(tuple(sums), dtype=np.int64)
        precision, recall = self.parts
        return (float(precision.score(values)), float(recall.score(values)),
                float(self.metric(result).score(values)))

    def show(self, value: float) -> str:
        """A score of this measure in percent with its unit (``97.83%``, errant's 0.8333 as ``83.33%``)."""
        return scale.score_text(scale.percent(self, value))

    def show_signed(self, value: float) -> str:
        """A difference of this measure in points, signed (``+0.67``, ``−1.29``; :func:`jpcore.stats.scale.points`)."""
        return scale.points(scale.percent(self, value))


def _read(counts: dict[str, Any], names: Sequence[str]) -> tuple[int, ...]:
    return tuple(int(counts[name]) for name in names)


def _preprocess(level: str, default: bool = False) -> Measure:
    def label(result: Any) -> str:
        if level == "sentences":
            return "Sentences F1"
        return ("Tokens" if result.level == "tokens" else "Words") + " F1"

    return Measure(level, label, TP_FP_FN, lambda result: preprocess_units(result, level).counts, lambda _: F1,
                   lambda totals: _read(totals[level], TP_FP_FN), default=default)


#: ``jpcore preprocess``: sentences F1, then tokens (words at ``--level words``) F1, the default.
PREPROCESS = (_preprocess("sentences"), _preprocess("tokens", default=True))

#: ``jpcore parseval``: EVALB's bracketing F-measure, in percent.
PARSEVAL = (Measure("brackets", lambda _: "Bracketing F1", MATCHED_GOLD_TEST,
                    lambda result: parseval_units(result).counts, lambda _: PARSEVAL_F1,
                    lambda totals: _read(totals, MATCHED_GOLD_TEST), best=100.0, default=True,
                    parts=(PARSEVAL_PRECISION, PARSEVAL_RECALL)),)

#: ``jpcore gec``: errant's F-beta (beta from ``-b``) on each unit's TP/FP/FN as scored.
GEC = (Measure("edits", lambda result: f"F{result.errant.options.beta:g}", TP_FP_FN,
               lambda result: gec_units(result).counts, gec_metric, lambda totals: _read(totals, TP_FP_FN),
               best=1.0, default=True, parts=(ERRANT_PRECISION, ERRANT_RECALL)),)

#: The conll18 metrics, in the script's order (``jpcore.ud.METRICS``; a test holds them equal).
UD_METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
              "UAS", "LAS", "CLAS", "MLAS", "BLEX")


def _ud(name: str) -> Measure:
    column = UD_METRICS.index(name)

    def counts(result: Any) -> list[tuple[int, int, int]]:
        rows = []
        for unit in result.units:
            tp, gold, system, _aligned = unit.table[column]
            rows.append((tp, system - tp, gold - tp))
        return rows

    return Measure(name, lambda _: f"{name} F1", TP_FP_FN, counts, lambda _: F1,
                   lambda totals: _read(totals[name], TP_FP_FN), default=name == "LAS", in_tables=name in UD_IN_TABLES)


#: The ud metrics the command line's tables list (every one is in the JSON).
UD_IN_TABLES = ("Tokens", "Sentences", "Words", "UPOS", "UAS", "LAS")
#: ``jpcore ud``: each metric's F1 (2 correct / (gold + system)), in the script's order; LAS the default.
UD = tuple(_ud(name) for name in UD_METRICS)


def named_measure(measures: Sequence[Measure], name: str | None) -> Measure:
    """The measure called ``name`` (when ``None``: the default one, else the first);
    ``ValueError`` naming the known ones."""
    if name is None:
        return next((measure for measure in measures if measure.default), measures[0])
    for measure in measures:
        if measure.name == name:
            return measure
    raise ValueError(f"measure: expected one of {', '.join(m.name for m in measures)}, found {name!r}")
