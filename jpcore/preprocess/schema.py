"""What ``jpcore preprocess --json`` writes: its schema and the invariants between its parts.

Contract: :data:`TOTALS` (the ``totals``), :data:`SCHEMA` (every key of the
JSON but those every task may add, which :mod:`jpcore.results.schemas`
adds) and :func:`invariants` (units in document order covering every
sentence once, word groups covering their unit's tokens, each unit's counts
those of its groups, the totals the sum of the units); both raise
:class:`~jpcore.formats.json_schema.SchemaError` naming the field.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from jpcore.align import Group
from jpcore.formats.json_schema import Obj, Seq, Str
from jpcore.preprocess import group_counts
from jpcore.results.fields import (
    COUNT,
    KIND,
    LEVEL,
    NORMALISATION,
    RATIO,
    SEGMENTATION,
    SHAPE,
    SHARE,
    SPAN,
    STREAM_KEYS,
    WORD_GROUP,
    fail,
    partition,
    same_totals,
    segment_sizes,
    words_cover,
)

_COUNTS3 = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT})
_COUNTS = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT, "gold": COUNT, "system": COUNT,
               "precision": SHARE, "recall": SHARE, "f1": SHARE})
_UNIT = Obj(
    {"index": COUNT, "gold": SPAN, "sys": SPAN, "gold_chars": SPAN, "sys_chars": SPAN, "kind": KIND,
     "shape": SHAPE, "ratio": RATIO, "sentences": _COUNTS3, "tokens": _COUNTS3, "words": Seq(WORD_GROUP)},
    {"raw_chars": SPAN},
)

TOTALS = Obj({"sentences": _COUNTS, "tokens": _COUNTS})

#: Its JSON's own keys (the reader adds those every task may have).
SCHEMA = Obj({
    "task": Str(choices=("preprocess",)),
    "level": LEVEL,
    "normalisation": NORMALISATION,
    "normalisation_description": Str(max_len=1000),
    "totals": TOTALS,
    **STREAM_KEYS,
    "units": Seq(_UNIT),
    "gold": SEGMENTATION,
    "system": SEGMENTATION,
})


def invariants(data: dict[str, Any]) -> None:
    gold_sizes, sys_sizes = segment_sizes(data["gold"], "gold"), segment_sizes(data["system"], "system")
    gold_starts, sys_starts = [0, *accumulate(gold_sizes)], [0, *accumulate(sys_sizes)]
    units = data["units"]
    partition([(f"units[{i}].gold", u["gold"]) for i, u in enumerate(units)], len(gold_sizes), "gold sentences")
    partition([(f"units[{i}].sys", u["sys"]) for i, u in enumerate(units)], len(sys_sizes), "system sentences")
    sums = {"sentences": [0, 0, 0], "tokens": [0, 0, 0]}
    for i, unit in enumerate(units):
        if unit["index"] != i:
            raise fail(f"units[{i}].index", f"{i} (units are numbered in order)", unit["index"])
        for key in ("gold_chars", "sys_chars", "raw_chars"):
            if key in unit and unit[key][0] > unit[key][1]:
                raise fail(f"units[{i}].{key}", "[start, end] with start <= end", unit[key])
        words = unit["words"]
        words_cover(words, (gold_starts[unit["gold"][0]], gold_starts[unit["gold"][1]]), 0, f"units[{i}].words")
        words_cover(words, (sys_starts[unit["sys"][0]], sys_starts[unit["sys"][1]]), 1, f"units[{i}].words")
        tp = fp = fn = 0
        for w in words:
            counts = group_counts(Group((w[0], w[1]), (w[2], w[3]), (w[5], w[6]), (w[7], w[8]), w[4]))
            tp, fp, fn = tp + counts.tp, fp + counts.fp, fn + counts.fn
        if (unit["tokens"]["tp"], unit["tokens"]["fp"], unit["tokens"]["fn"]) != (tp, fp, fn):
            raise fail(f"units[{i}].tokens", f"the counts of its word groups, tp {tp}, fp {fp}, fn {fn}",
                       unit["tokens"])
        unit_counts = group_counts(Group(tuple(unit["gold"]), tuple(unit["sys"]), (0, 0), (0, 0), unit["kind"]))
        if (unit["sentences"]["tp"], unit["sentences"]["fp"], unit["sentences"]["fn"]) != unit_counts.as_tuple():
            raise fail(f"units[{i}].sentences", "the counts of its sentences, tp {}, fp {}, fn {}".format(
                *unit_counts.as_tuple()), unit["sentences"])
        for key in ("sentences", "tokens"):
            for k, name in enumerate(("tp", "fp", "fn")):
                sums[key][k] += unit[key][name]
    for key in ("sentences", "tokens"):
        same_totals(data["totals"][key], dict(zip(("tp", "fp", "fn"), sums[key])), f"totals.{key}")
