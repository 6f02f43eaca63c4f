"""The keys a saved run adds beyond its result, checked by making them again.

Contract: ``jpcore TASK --json`` writes the result's own JSON (``to_dict()``)
and, when asked, ``"comparison"`` (``--compare``), ``"oracle"``
(``--oracle``) and, for ``jpcore gec -orig -cor``, ``"hyp_from_text"``
(:data:`EXTRA_KEYS`).  Once the result is rebuilt, :func:`rebuild_extras`
makes each again from the result and what the saved data alone can give
(:meth:`jpcore.extras.comparison.ComparisonRun.rebuild`,
:meth:`jpcore.extras.oracle.OracleRun.rebuild`: system B's counts per common
unit, the resampling parameters, the oracle's summed counts), so a p-value,
an interval, a score or a stage that does not follow from the rest is
refused like any derived value, naming the field (``comparison.p_value``).
Checking resamples again costs time: a comparison of more than
:data:`MAX_CHECKED_DRAWS` resampled units is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jpcore.formats.json_schema import SchemaError, describe

__all__ = ["EXTRA_KEYS", "Extras", "rebuild_extras"]

#: The keys a run adds to its result's JSON.
EXTRA_KEYS = ("comparison", "oracle", "hyp_from_text", "totals_reviewed", "review")
#: The most resampling a saved comparison may ask to be checked: resamples x common units
#: (about 10 s here; the default 1,000 resamples of 44,000 units is 44,000,000).
MAX_CHECKED_DRAWS = 200_000_000


@dataclass(frozen=True)
class Extras:
    """What a saved run held beyond its result (each ``None`` when it held none)."""

    comparison: Any = None
    oracle: Any = None
    hyp_from_text: dict[str, str] | None = None
    #: ``{"totals_reviewed": ..., "review": ...}`` of ``--review`` (:mod:`jpcore.review.command`).
    review: dict[str, Any] | None = None


def _prefixed(key: str, error: SchemaError) -> SchemaError:
    return SchemaError(f"{key}.{error.path}" if error.path else key, error.expected, error.found)


def rebuild_extras(saved: dict[str, Any], result: Any, payload: dict[str, Any],
                   first_difference: Any) -> Extras:
    """The extras ``saved`` holds (the keys of :data:`EXTRA_KEYS` taken from ``payload``,
    whose schema was checked), made again with ``result``; :class:`SchemaError`
    naming the first field that does not follow.  ``first_difference(written, read)``
    finds where two JSON values differ (the reader's)."""
    comparison = oracle = None
    if "comparison" in saved:
        from jpcore.extras.comparison import ComparisonRun

        draws = saved["comparison"]["samples"] * len(saved["comparison"]["units"])
        if draws > MAX_CHECKED_DRAWS:
            raise SchemaError("comparison.samples", f"at most {MAX_CHECKED_DRAWS:,} resampled units to check "
                              "(samples x common units)", f"{draws:,}")

        comparison = _again("comparison", saved["comparison"], lambda data: ComparisonRun.rebuild(data, result),
                            first_difference)
    if "oracle" in saved:
        from jpcore.extras.oracle import OracleRun

        oracle = _again("oracle", saved["oracle"], lambda data: OracleRun.rebuild(data, result), first_difference)
    hyp_from_text = saved.get("hyp_from_text")
    if hyp_from_text is not None:
        _check_from_text(hyp_from_text, payload)
    review = None
    if "totals_reviewed" in saved or "review" in saved:
        review = _check_review(saved, result, first_difference)
    return Extras(comparison, oracle, hyp_from_text, review)


def _check_review(saved: dict[str, Any], result: Any, first_difference: Any) -> dict[str, Any]:
    """``totals_reviewed`` must be the totals with ``review.correct_units`` counted correct."""
    if "totals_reviewed" not in saved or "review" not in saved:
        missing = "review" if "review" not in saved else "totals_reviewed"
        raise SchemaError(missing, "\"totals_reviewed\" and \"review\" together", "only one of them")
    from jpcore.review.rescore import reviewed_totals

    review = saved["review"]
    units = review["correct_units"]
    if len(units) != review["counted_correct"] or any(unit >= len(result.units) for unit in units):
        raise SchemaError("review.correct_units", f"{review['counted_correct']} unit indices of the result",
                          describe(units))
    difference = first_difference(reviewed_totals(result, units), saved["totals_reviewed"])
    if difference is not None:
        path, written, read = difference
        raise SchemaError(f"totals_reviewed.{path}" if path else "totals_reviewed",
                          f"{describe(written)}, the value that follows from the rest", describe(read))
    return {"totals_reviewed": saved["totals_reviewed"], "review": review}


def _again(key: str, data: dict[str, Any], rebuild: Any, first_difference: Any) -> Any:
    try:
        rebuilt = rebuild(data)
    except SchemaError as error:
        raise _prefixed(key, error) from None
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise SchemaError(key, f"a {key} jpcore can make again", f"{type(error).__name__}: {error}") from None
    difference = first_difference(rebuilt.to_dict(), data)
    if difference is not None:
        path, written, read = difference
        raise SchemaError(f"{key}.{path}" if path else key,
                          f"{describe(written)}, the value that follows from the rest", describe(read))
    return rebuilt


def _check_from_text(data: dict[str, str], payload: dict[str, Any]) -> None:
    from jpcore.gec.from_text import RULES_NOTE

    hyp_name = payload.get("alignment", {}).get("hyp_name")
    if data["cor"] != hyp_name:
        raise SchemaError("hyp_from_text.cor", f"the system file's name, alignment.hyp_name ({describe(hyp_name)})",
                          describe(data["cor"]))
    if data["annotator"] == "rules" and data["types"] != RULES_NOTE:
        raise SchemaError("hyp_from_text.types", f"{describe(RULES_NOTE)}, what the rules annotator's types are",
                          describe(data["types"]))
