"""What ``jpcore ud --json`` writes: its schema and the invariants between its parts.

Contract: :data:`TOTALS` (the ``totals``), :data:`SCHEMA` (every key of the
JSON but those every task may add, which :mod:`jpcore.results.schemas`
adds) and :func:`invariants` (units covering every sentence once, word
groups covering their unit's words, each pair's flags its counts, the totals
the sum of the units); both raise
:class:`~jpcore.formats.json_schema.SchemaError` naming the field.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from jpcore.formats.json_schema import Int, Nullable, Obj, Row, Seq, Str
from jpcore.results.fields import (
    COUNT,
    KIND,
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
from jpcore.ud.metrics import CONTENT_DEPRELS, CONTENT_METRICS, METRICS, PAIR_METRICS, main_type

_UD_SCORE = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT, "gold": COUNT, "system": COUNT, "precision": SHARE,
                 "recall": SHARE, "f1": SHARE, "aligned": Nullable(COUNT), "aligned_accuracy": Nullable(SHARE)})
#: A unit's counts of one metric: tp, gold, system, aligned (null for Tokens, Sentences, Words).
_UD_COUNTS = Row((COUNT, COUNT, COUNT, Nullable(COUNT)))
#: An aligned pair: gold word, system word, the metrics it is correct for (bit k: PAIR_METRICS[k]).
_UD_PAIR = Row((COUNT, COUNT, Int(0, (1 << len(PAIR_METRICS)) - 1)))
_UD_UNIT = Obj({"index": COUNT, "gold": SPAN, "sys": SPAN, "gold_chars": SPAN, "sys_chars": SPAN, "kind": KIND,
                "shape": SHAPE, "ratio": RATIO, "counts": Obj({name: _UD_COUNTS for name in METRICS}),
                "words": Seq(WORD_GROUP), "pairs": Seq(_UD_PAIR)})
_COLUMN = Seq(Str(min_len=1))
_TREEBANK = Obj({"segmentation": SEGMENTATION,
                 "columns": Obj({"lemma": _COLUMN, "upos": _COLUMN, "xpos": _COLUMN, "feats": _COLUMN,
                                 "head": Seq(COUNT), "deprel": _COLUMN})})
#: The ``totals``: every conll18 metric.
TOTALS = Obj({name: _UD_SCORE for name in METRICS})
#: Its JSON's own keys (the reader adds those every task may have).
SCHEMA = Obj({
    "task": Str(choices=("ud",)),
    "metrics": Seq(Str(choices=METRICS)),
    "flags": Seq(Str(choices=PAIR_METRICS)),
    "totals": TOTALS,
    **STREAM_KEYS,
    "units": Seq(_UD_UNIT),
    "gold": _TREEBANK,
    "system": _TREEBANK,
})


def _ud_pairs(unit: dict[str, Any], gold_deprel: list[str], path: str) -> None:
    """Each pair is the gold and system word of a 1:1 exact word group of the unit, in order, and
    the unit's counts of every metric on pairs are its pairs' flags (and Words its pairs)."""
    groups = {(w[0], w[2]): w for w in unit["words"] if w[4] == "exact" and w[1] - w[0] == w[3] - w[2] == 1}
    last = -1
    for p, (gold, sys, _) in enumerate(unit["pairs"]):
        if (gold, sys) not in groups or gold <= last:
            raise fail(f"{path}.pairs[{p}]", "the words of a 1:1 exact word group of the unit, in order",
                       f"[{gold}, {sys}]")
        last = gold
    counts = unit["counts"]
    if counts["Words"][0] != len(unit["pairs"]):
        raise fail(f"{path}.counts.Words", f"{len(unit['pairs'])} correct (the unit's pairs)", counts["Words"])
    content = sum(1 for gold, _, _ in unit["pairs"] if main_type(gold_deprel[gold]) in CONTENT_DEPRELS)
    for bit, name in enumerate(PAIR_METRICS):
        correct = sum(1 for _, _, flags in unit["pairs"] if flags >> bit & 1)
        aligned = content if name in CONTENT_METRICS else len(unit["pairs"])
        if (counts[name][0], counts[name][3]) != (correct, aligned):
            raise fail(f"{path}.counts.{name}", f"{correct} correct of {aligned} aligned (the pairs' flags)",
                       counts[name])


def invariants(data: dict[str, Any]) -> None:
    if data["metrics"] != list(METRICS) or data["flags"] != list(PAIR_METRICS):
        raise fail("metrics", f"the metrics {list(METRICS)} and flags {list(PAIR_METRICS)}",
                   [data["metrics"], data["flags"]])
    # (one column entry per word and one tree per sentence: checked by Treebank.from_dict)
    starts = {side: [0, *accumulate(segment_sizes(data[side]["segmentation"], f"{side}.segmentation"))]
              for side in ("gold", "system")}
    units = data["units"]
    for side, key in (("gold", "gold"), ("system", "sys")):
        partition([(f"units[{i}].{key}", u[key]) for i, u in enumerate(units)], len(starts[side]) - 1,
                  f"{side} sentences")
    sums = {name: [0, 0, 0, 0] for name in METRICS}
    gold_deprel = data["gold"]["columns"]["deprel"]
    for i, unit in enumerate(units):
        if unit["index"] != i:
            raise fail(f"units[{i}].index", f"{i} (units are numbered in order)", unit["index"])
        for key in ("gold_chars", "sys_chars"):
            if unit[key][0] > unit[key][1]:
                raise fail(f"units[{i}].{key}", "[start, end] with start <= end", unit[key])
        for side, (key, index) in (("gold", ("gold", 0)), ("system", ("sys", 1))):
            span = unit[key]
            words_cover(unit["words"], (starts[side][span[0]], starts[side][span[1]]), index, f"units[{i}].words")
        _ud_pairs(unit, gold_deprel, f"units[{i}]")
        for name, row in unit["counts"].items():
            if (row[3] is None) != (name not in PAIR_METRICS):
                raise fail(f"units[{i}].counts.{name}", "an aligned count exactly for the metrics on pairs", row)
            for k, value in enumerate(row):
                sums[name][k] += value or 0
    for name, (tp, gold, system, aligned) in sums.items():
        same_totals(data["totals"][name], {"tp": tp, "gold": gold, "system": system,
                                            **({"aligned": aligned} if name in PAIR_METRICS else {})},
                    f"totals.{name}")
