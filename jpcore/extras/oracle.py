"""Error by stage: how much of a score is lost to segmentation, how much to the task (``--oracle``).

Contract: the *end-to-end* result scores a system that cut the text itself;
the *oracle* result scores the same system run on gold's segmentation (a
second system file, ``--oracle SYSTEM_ON_GOLD_SEGMENTS``), against the same
gold.  For each of the task's measures (:mod:`jpcore.stats.measures`),
:func:`oracle_stages` gives a :class:`Stage`:

* ``end_to_end``, ``oracle``: the two scores; ``best``: a perfect system's;
* ``segmentation`` = ``oracle - end_to_end``: what segmentation cost (the
  drop from oracle to end to end; negative when the system did better on its
  own cut);
* ``task`` = ``best - oracle``: what the task itself lost with segmentation
  taken out.

So ``end_to_end + segmentation + task = best``.  :class:`OracleRun` is what
``--json`` holds as ``"oracle"`` (:meth:`OracleRun.to_dict`): the oracle
file's ``name``, its ``totals`` (the task's ``totals`` form) and ``shapes``
(how many of its units have each shape: all ``1:1`` when it really kept
gold's segmentation), ``counts`` (the count names) and ``stages``, one per
measure: ``measure``, ``label``, ``best``, ``counts`` (``{"end_to_end",
"oracle"}``, each the summed counts), ``end_to_end``, ``oracle``,
``segmentation``, ``task``.  :meth:`OracleRun.rebuild` recomputes every
figure from the end-to-end result and the oracle's saved totals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jpcore.align import shape_counts
from jpcore.extras.totals import measures_of, totals_json
from jpcore.formats.json_schema import SchemaError
from jpcore.stats.measures import Measure

__all__ = ["OracleRun", "Stage", "oracle_stages"]


@dataclass(frozen=True)
class Stage:
    """One measure end to end and on gold segments (see the module doc)."""

    measure: Measure
    label: str
    end_to_end_counts: tuple[int, ...]
    oracle_counts: tuple[int, ...]
    end_to_end: float
    oracle: float

    @property
    def best(self) -> float:
        """A perfect system's score."""
        return self.measure.best

    @property
    def segmentation(self) -> float:
        """``oracle - end_to_end``: the score lost to segmentation."""
        return self.oracle - self.end_to_end

    @property
    def task(self) -> float:
        """``best - oracle``: the score lost to the task itself."""
        return self.best - self.oracle

    def to_dict(self) -> dict[str, Any]:
        """One entry of the JSON's ``"oracle"."stages"``."""
        return {
            "measure": self.measure.name, "label": self.label, "best": self.best,
            "counts": {"end_to_end": list(self.end_to_end_counts), "oracle": list(self.oracle_counts)},
            "end_to_end": self.end_to_end, "oracle": self.oracle,
            "segmentation": self.segmentation, "task": self.task,
        }


@dataclass(frozen=True)
class OracleRun:
    """The stages of every measure, and what the oracle file was (see the module doc)."""

    name: str
    totals: dict[str, Any]
    shapes: dict[str, int]
    stages: list[Stage]

    @property
    def units(self) -> int:
        """How many units the oracle result has."""
        return sum(self.shapes.values())

    @property
    def off_gold(self) -> int:
        """How many of the oracle's units are not 1:1 (0 when it kept gold's segmentation)."""
        return self.units - self.shapes.get("1:1", 0)

    def to_dict(self) -> dict[str, Any]:
        """The JSON's ``"oracle"`` (see the module doc)."""
        counts = list(self.stages[0].measure.counts) if self.stages else []
        return {"name": self.name, "totals": self.totals, "shapes": self.shapes, "counts": counts,
                "stages": [stage.to_dict() for stage in self.stages]}

    @classmethod
    def rebuild(cls, data: dict[str, Any], result: Any) -> OracleRun:
        """The run that ``data`` (a saved ``"oracle"``, its schema checked) describes, with
        ``result`` as the end-to-end result: each stage from the oracle's saved
        totals, everything else recomputed (the caller compares :meth:`to_dict`
        with ``data``); :class:`SchemaError` when the stages do not name the task's measures."""
        measures = measures_of(result)
        names = [stage["measure"] for stage in data["stages"]]
        if names != [measure.name for measure in measures]:
            raise SchemaError("stages", "one stage per measure, in order: " + ", ".join(m.name for m in measures),
                              ", ".join(map(repr, names)) or "none")
        stages = []
        for measure in measures:
            stages.append(_stage(measure, result, measure.totals_counts(data["totals"])))
        return cls(data["name"], data["totals"], data["shapes"], stages)


def _stage(measure: Measure, result: Any, oracle_counts: tuple[int, ...]) -> Stage:
    counts = measure.sums(result)
    return Stage(measure, measure.label(result), counts, oracle_counts,
                 measure.score(result, counts), measure.score(result, oracle_counts))


def oracle_stages(result: Any, oracle_result: Any, name: str = "oracle") -> OracleRun:
    """Every measure of ``result`` (end to end) against ``oracle_result`` (the same system
    on gold's segmentation, against the same gold); ``name`` names the oracle file."""
    if type(result) is not type(oracle_result):
        raise ValueError(f"the oracle's result is a {type(oracle_result).__name__}, "
                         f"the system's a {type(result).__name__}")
    stages = [_stage(measure, result, measure.sums(oracle_result)) for measure in measures_of(result)]
    return OracleRun(name, totals_json(oracle_result), shape_counts(oracle_result.units), stages)
