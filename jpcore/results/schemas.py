"""What a saved result may hold: each task's schema with the keys every task may add.

Contract: :func:`schema_of` is the schema of the JSON that ``jpcore TASK
--json`` and the app's JSON download write (:mod:`jpcore.formats.json_schema`):
the task's own keys, from its package (``jpcore/<task>/schema.py``:
``TOTALS``, ``SCHEMA``, ``invariants``; :attr:`jpcore.task.Task.schema` names
the module), plus the keys the shared options add (:func:`extra_keys`:
``totals_by_shape``, ``comparison``, ``oracle``).  :func:`invariants_of`
checks, once the schema holds, what the pages rely on between the parts
(units in document order covering every sentence once, word groups covering
their unit's tokens, the totals equal to the sum of the units).  Both raise
:class:`~jpcore.formats.json_schema.SchemaError` naming the field.  Derived
values (precisions, shapes, ratios, kinds counts, edit statuses) are checked
by :func:`jpcore.results.reader.read_result_json`, which rebuilds the result
and compares what it would write.  A task without a schema module has no
saved form the reader accepts (:func:`has_schema`).

>>> has_schema("ud"), sorted(schema_of("gec").optional)[:3]
(True, ['category_table', 'comparison', 'hyp_from_text'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jpcore.extras.options import MAX_SAMPLES, MAX_SEED
from jpcore.extras.options import METHODS as COMPARISON_METHODS
from jpcore.formats.json_schema import Int, Map, Nullable, Num, Obj, Row, Schema, Seq, Str
from jpcore.results.fields import COUNT, NAME, SHAPE, SHARE, SPAN
from jpcore.task import TASKS

# --- what every task's JSON may add: totals by shape, a comparison, an oracle --------

#: A score of any task (a share, or parseval's percent) and a difference of two.
SCORE = Num(0.0, 100.0)
DIFFERENCE = Num(-100.0, 100.0)
_COMMON_UNIT = Obj({"gold": SPAN, "sys_a": SPAN, "sys_b": SPAN})
_SYS_STATS = Obj({"mean": SCORE, "median": SCORE, "lower_bound": SCORE, "upper_bound": SCORE})


def extra_keys(totals: Obj) -> dict[str, Schema]:
    """The optional keys of a task whose ``totals`` have the schema ``totals``:
    ``totals_by_shape`` (:meth:`totals_by_shape` of every result), ``totals_reviewed``
    and ``review`` (``--review``: :mod:`jpcore.review.command`), ``comparison``
    (:class:`jpcore.extras.comparison.ComparisonRun`) and ``oracle``
    (:class:`jpcore.extras.oracle.OracleRun`); their figures are checked once
    the result is rebuilt (:mod:`jpcore.results.reader`)."""
    comparison = Obj({
        "measure": Str(max_len=100), "label": Str(max_len=100), "system_a": NAME, "system_b": NAME,
        "totals_b": totals, "counts": Seq(Str(max_len=40), max_len=10),
        "unit_counts": Obj({"a": Seq(Seq(COUNT, max_len=10)), "b": Seq(Seq(COUNT, max_len=10))}),
        "method": Str(choices=COMPARISON_METHODS), "metric": Str(max_len=100),
        "score_a": SCORE, "score_b": SCORE, "difference": DIFFERENCE, "confidence": Num(0.0, 1.0),
        "interval": Nullable(Row((DIFFERENCE, DIFFERENCE))), "p_value": SHARE,
        "samples": Int(1, MAX_SAMPLES), "seed": Int(0, MAX_SEED), "sample_ratio": Nullable(Num(0.0, 1e6)),
        "wins": Nullable(Obj({"a": COUNT, "b": COUNT, "tie": COUNT})),
        "details": Obj({}, {"win_ratios": Obj({"sys1": SHARE, "sys2": SHARE, "tie": SHARE}),
                            "sys_stats": Seq(_SYS_STATS, max_len=2)}),
        "units": Seq(_COMMON_UNIT),
    })
    stage = Obj({"measure": Str(max_len=100), "label": Str(max_len=100), "best": SCORE,
                 "counts": Obj({"end_to_end": Seq(COUNT, max_len=10), "oracle": Seq(COUNT, max_len=10)}),
                 "end_to_end": SCORE, "oracle": SCORE, "segmentation": DIFFERENCE, "task": DIFFERENCE})
    oracle = Obj({"name": NAME, "totals": totals, "shapes": Map(COUNT, key=SHAPE),
                  "counts": Seq(Str(max_len=40), max_len=10), "stages": Seq(stage, max_len=100)})
    review = Obj({"units_reviewed": COUNT, "counted_correct": COUNT, "correct_units": Seq(COUNT)},
                 {"corrected_units": Seq(COUNT)})
    return {"totals_by_shape": Map(totals, key=SHAPE), "comparison": comparison, "oracle": oracle,
            "totals_reviewed": totals, "review": review}



def has_schema(task: str) -> bool:
    """``task`` is registered and declares the schema of its JSON."""
    return task in TASKS and TASKS[task].schema is not None


def schema_of(task: str) -> Obj:
    """The schema of ``task``'s JSON: its own keys and :func:`extra_keys` of its totals."""
    module = TASKS[task].load("schema")
    own: Obj = module.SCHEMA
    return Obj(own.required, {**own.optional, **extra_keys(module.TOTALS)})


def invariants_of(task: str) -> Callable[[dict[str, Any]], None]:
    """The check of what ``task``'s JSON must hold between its parts once its schema does."""
    return TASKS[task].load("schema").invariants


__all__ = ["extra_keys", "has_schema", "invariants_of", "schema_of"]
