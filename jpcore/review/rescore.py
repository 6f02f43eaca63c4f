"""Scores after review: units judged ``gold error`` or ``both acceptable`` count as correct for the system.

Contract: :func:`reviewed_totals` is ``result.totals`` in the form the JSON
writes it (``totals`` of ``to_dict()``), computed with the units whose
indices are in ``right`` counted as if gold were the system's output there
(the gold file is what was wrong, or either reading is right): every system
count of the unit becomes a TP, and the gold count equals the system count.
The other units keep their counts.  Per task:

* preprocess: sentences and tokens ``(tp, fp, fn)`` -> ``(tp + fp, 0, 0)``;
* parseval: the pair's EVALB row: matched = gold = test brackets, no
  crossing, the system's words, every tag correct;
  both summary blocks are made again from the rows;
* gec: the unit's ``(tp, fp, fn)`` as scored -> ``(tp + fp, 0, 0)``, then
  errant's P/R/F-beta of the sums;
* ud: every metric's ``(tp, gold, system, aligned)`` -> ``(system, system,
  system, system)`` (``aligned`` stays ``None`` where the metric has none).

:func:`system_right_units` reads a store's verdicts on the two files (whole
units only: a verdict on one word group is a note inside its unit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from jpcore.review.identity import task_name, unit_keys
from jpcore.review.verdicts import SYSTEM_RIGHT

__all__ = ["reviewed_totals", "system_right_units", "unit_verdicts"]


def unit_verdicts(result: Any, reviews: dict, gold_sha256: str, sys_sha256: str) -> dict[int, Any]:
    """The :class:`~jpcore.review.store.Review` of each whole unit of ``result`` that
    ``reviews`` (a store's ``verdicts()``) holds with a verdict, by unit index."""
    out = {}
    for index, key in enumerate(unit_keys(result, gold_sha256, sys_sha256)):
        review = reviews.get(key)
        if review is not None and review.verdict is not None:
            out[index] = review
    return out


def system_right_units(verdicts: dict[int, Any]) -> set[int]:
    """The unit indices of :func:`unit_verdicts` judged ``gold error`` or ``both acceptable``."""
    return {index for index, review in verdicts.items() if review.verdict in SYSTEM_RIGHT}


def reviewed_totals(result: Any, right: Iterable[int]) -> dict[str, Any]:
    """``result``'s totals (JSON form) with the units ``right`` counted correct (module doc)."""
    return _RESCORE[task_name(result)](result, set(right))


def _json(totals: dict[str, Any]) -> dict[str, Any]:
    return {name: value.to_dict() if hasattr(value, "to_dict") else value for name, value in totals.items()}


def _preprocess(result: Any, right: set[int]) -> dict[str, Any]:
    totals = {name: type(value)() for name, value in result.totals.items()}
    for unit in result.units:
        for name in totals:
            counts = getattr(unit, name)
            if unit.index in right:
                counts = type(counts)(counts.tp + counts.fp, 0, 0)
            totals[name].add(counts)
    return _json(totals)


def _parseval(result: Any, right: set[int]) -> dict[str, Any]:
    from jpcore.parseval.result import TOTAL_KEYS, summaries

    rows = list(result.rows())
    for index in right:
        row, pair = rows[index], result.units[index]
        words = sum(len(result.sys_trees[tree].words) for tree in range(*pair.sys))
        rows[index] = replace(row, length=words, matched=row.test, gold=row.test, cross=0, words=words,
                              correct_tags=words)
    summary = summaries(rows, result.cutoff_len)[0].to_dict()
    return {key: summary[key] for key in TOTAL_KEYS}


def _gec(result: Any, right: set[int]) -> dict[str, Any]:
    from jpcore.peers.errant_compare import f_score

    tp = fp = fn = 0
    for index, sentence in enumerate(result.errant.sentences):
        if index in right:
            tp += sentence.tp + sentence.fp
        else:
            tp, fp, fn = tp + sentence.tp, fp + sentence.fp, fn + sentence.fn
    p, r, f = f_score(tp, fp, fn, result.errant.options.beta)
    return {**result.totals, "tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r, "f": f}


def _ud(result: Any, right: set[int]) -> dict[str, Any]:
    score = type(next(iter(result.totals.values())))
    names = list(result.totals)
    totals = {name: score(0, 0, 0, None) for name in names}
    for unit in result.units:
        for name, row in zip(names, unit.table):
            tp, gold, system, aligned = row
            if unit.index in right:
                tp, gold, aligned = system, system, (None if aligned is None else system)
            totals[name].add(score(tp, gold, system, aligned))
    return _json(totals)


_RESCORE: dict[str, Callable[[Any, set[int]], dict[str, Any]]] = {
    "preprocess": _preprocess, "parseval": _parseval, "gec": _gec, "ud": _ud,
}
