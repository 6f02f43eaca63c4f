"""A result's measures, found through the registry, and its totals as plain data.

Contract: :func:`measures_of` is the tuple of :class:`~jpcore.stats.measures.Measure`
that the task of ``result`` registers (:mod:`jpcore.task`); :func:`totals_json`
is ``result.totals`` in the form ``result.to_dict()["totals"]`` has, without
serialising the units.
"""

from __future__ import annotations

from typing import Any

from jpcore.formats.json_schema import SchemaError
from jpcore.stats.measures import Measure, named_measure
from jpcore.task import of_result

__all__ = ["measures_of", "saved_measure", "totals_json"]


def measures_of(result: Any) -> tuple[Measure, ...]:
    """The measures of ``result``'s task; ``LookupError`` when it registers none."""
    return tuple(of_result(result).load("measures"))


def saved_measure(result: Any, name: Any) -> Measure:
    """The measure of ``result``'s task that a saved comparison or ranking names;
    :class:`SchemaError` at ``measure`` naming the task's measures otherwise."""
    measures = measures_of(result)
    try:
        return named_measure(measures, name)
    except ValueError:
        raise SchemaError("measure", "one of " + ", ".join(repr(m.name) for m in measures), repr(name)) from None


def totals_json(result: Any) -> dict[str, Any]:
    """``result.totals`` as its JSON writes it (count objects through their ``to_dict()``)."""
    return {name: value.to_dict() if hasattr(value, "to_dict") else value for name, value in result.totals.items()}
