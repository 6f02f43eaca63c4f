"""Analysis of a result: statistics first, rendering elsewhere (compare-mt's habit).

Pure functions over the three result objects
(:class:`~jpcore.preprocess.PreprocessResult`,
:class:`~jpcore.parseval.result.ParsevalResult`,
:class:`~jpcore.gec.GecResult`) that only *add up* the per-unit counts
the results already hold -- nothing is aligned or scored again:

* :mod:`~jpcore.analysis.units` -- one row of counts per aligned unit
  (:func:`unit_stats`), the unit kinds (:data:`KIND_BUCKETS`);
* :mod:`~jpcore.analysis.buckets` -- buckets by sentence length and by unit
  kind with P/R/F per bucket (:func:`buckets_by_length`,
  :func:`buckets_by_kind`); the buckets' counts always sum to the totals;
* :mod:`~jpcore.analysis.confusion` -- confusion matrices whose cells keep
  their examples (POS tags, bracket labels, error types; UPOS of CoNLL-U
  words for tokenization);
* :mod:`~jpcore.analysis.worst` -- units ranked by errors
  (:func:`worst_units`).

Everything returns plain data with ``to_dict()``; :func:`analyse` gathers it
all in one JSON-ready dict.

>>> from jpcore.formats import read_segmentation
>>> from jpcore.preprocess import evaluate
>>> gold = read_segmentation("Click here To view it .\\nThanks .\\n", "gold.txt")
>>> system = read_segmentation("Click here\\nTo view it .\\nThanks .\\n", "sys.txt")
>>> result = evaluate(gold, system)
>>> [(b.name, b.units, b.scores["sentences"].as_tuple()) for b in buckets_by_kind(result).buckets]
[('1:1', (1,), (1, 0, 0)), ('1:n', (0,), (0, 2, 1))]
>>> [(r.rank, r.unit.index, r.errors) for r in worst_units(result)]
[(1, 0, 3)]
"""

from __future__ import annotations

from typing import Any

from jpcore.analysis.buckets import (
    LENGTH_EDGES,
    NO_GOLD,
    Bucket,
    BucketTable,
    buckets_by_kind,
    buckets_by_length,
    length_bucket,
    length_bucket_names,
)
from jpcore.analysis.confusion import (
    NONE,
    Confusion,
    Example,
    confusions,
    error_type_confusion,
    label_confusion,
    pos_confusion,
    upos_confusion,
    upos_missing,
)
from jpcore.analysis.scores import Score
from jpcore.analysis.units import KIND_BUCKETS, MEASURES, Result, UnitStats, kind_bucket, task_of, unit_stats
from jpcore.analysis.worst import ALL, RankedUnit, worst_units

__all__ = [
    "ALL", "KIND_BUCKETS", "LENGTH_EDGES", "MEASURES", "NONE", "NO_GOLD", "Bucket", "BucketTable",
    "Confusion", "Example", "RankedUnit", "Result", "Score", "UnitStats", "analyse", "buckets_by_kind",
    "buckets_by_length", "confusions", "error_type_confusion", "kind_bucket", "label_confusion",
    "length_bucket", "length_bucket_names", "pos_confusion", "task_of", "unit_stats", "upos_confusion",
    "upos_missing", "worst_units",
]


def analyse(result: Result, worst: int | None = 20) -> dict[str, Any]:
    """Every analysis of ``result`` as one JSON-ready dict: buckets by length
    and kind, confusion matrices, the ``worst`` units (all with errors when ``None``)."""
    stats = unit_stats(result)
    return {
        "task": task_of(result),
        "measures": list(MEASURES[task_of(result)]),
        "buckets": {
            "length": buckets_by_length(result, stats=stats).to_dict(),
            "kind": buckets_by_kind(result, stats=stats).to_dict(),
        },
        "confusions": {name: matrix.to_dict() for name, matrix in confusions(result).items()},
        "worst": [ranked.to_dict() for ranked in worst_units(result, limit=worst, stats=stats)],
    }
