"""Adapters: an evaluation's result -> one system's :class:`~jpcore.stats.compare.UnitCounts`.

Each returns the result's aligned units as gold sentence ranges in document
order with one count vector per unit, the counts its totals are the sums of;
the metric to use with them is named beside each.  They only read the
results' public attributes (no evaluation is imported here), and they are
the one place that knows those attributes: when the Task contract gives
every result ``units`` with ``gold`` ranges and per-unit counts, these
become one function.

============  ===============================  ==========================  =====================
evaluation    adapter                          counts                      metric
============  ===============================  ==========================  =====================
preprocess    ``preprocess_units(r, level)``   tp, fp, fn (tokens or       ``F1`` (or
                                               sentences)                  ``PRECISION``/``RECALL``)
parseval      ``parseval_units(r)``            matched, gold, test         ``PARSEVAL_F1``
evalb legacy  ``evalb_units(r)``               matched, gold, test         ``PARSEVAL_F1``
gec           ``gec_units(r)``                 tp, fp, fn as scored        ``errant_f(beta)``
============  ===============================  ==========================  =====================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jpcore.stats.compare import UnitCounts
from jpcore.stats.metrics import Metric, errant_f

if TYPE_CHECKING:
    from jpcore.peers.evalb.result import EvalbResult
    from jpcore.gec import GecResult
    from jpcore.parseval.result import ParsevalResult
    from jpcore.preprocess import PreprocessResult

TP_FP_FN = ("tp", "fp", "fn")
MATCHED_GOLD_TEST = ("matched", "gold", "test")
#: preprocess levels: the unit attribute holding each one's counts.
PREPROCESS_LEVELS = ("tokens", "sentences")


def preprocess_units(result: PreprocessResult, level: str = "tokens") -> UnitCounts:
    """Sentence groups with their token (or sentence) TP/FP/FN; sums = ``result.totals[level]``."""
    if level not in PREPROCESS_LEVELS:
        raise ValueError(f"level: expected one of {', '.join(PREPROCESS_LEVELS)}, found {level!r}")
    gold = [unit.gold for unit in result.units]
    counts = [getattr(unit, level).as_tuple() for unit in result.units]
    return UnitCounts(gold, counts, TP_FP_FN)


def parseval_units(result: ParsevalResult) -> UnitCounts:
    """Tree pairs (aligned sentence groups) with matched, gold and test brackets."""
    gold = [pair.gold for pair in result.pairs]
    counts = [(pair.matched, pair.n_gold_brackets, pair.n_sys_brackets) for pair in result.pairs]
    return UnitCounts(gold, counts, MATCHED_GOLD_TEST)


def evalb_units(result: EvalbResult) -> UnitCounts:
    """Legacy EVALB: line ``k`` is gold sentence ``k``; an error or skipped row
    (status 1 or 2) counts nothing, as EVALB's summary leaves it out."""
    gold = [(k, k + 1) for k in range(len(result.rows))]
    counts = [(row.matched, row.gold, row.test) if row.status == 0 else (0, 0, 0) for row in result.rows]
    return UnitCounts(gold, counts, MATCHED_GOLD_TEST)


def gec_units(result: GecResult) -> UnitCounts:
    """Aligned units (gold = reference block range) with the TP/FP/FN of the
    annotator pair errant_compare chose for each, as scored."""
    gold = [unit.gold for unit in result.units]
    counts = [(sentence.tp, sentence.fp, sentence.fn) for sentence in result.errant.sentences]
    return UnitCounts(gold, counts, TP_FP_FN)


def gec_metric(result: GecResult) -> Metric:
    """errant's F-beta with the result's beta (0.5 unless ``-b`` said otherwise)."""
    return errant_f(result.errant.options.beta)
