"""One scale for every score the project writes itself: percent, points, p to its resolution.

Contract: every score jpcore's own blocks, the HTML report and the app show
(not a peer's byte-exact output: EVALB's report in legacy mode, the CoNLL
2018 script's table, errant_compare's table) is written by these functions,
so F0.5's "83.33%" on a page's metric card is "83.33" in a table headed
``(%)`` on the next and "83.33%" on the command line.

* a score is in percent, two decimals (``83.33%`` in text, ``83.33`` under a
  ``(%)`` header; :func:`percent` brings any measure's
  value there: errant's 0-1 F-beta times 100, EVALB's percent as it is);
* a difference is in points, two decimals, always signed, with a real
  minus sign U+2212 (:data:`MINUS`) as the label ``B − A`` has; a zero is
  ``+0.00``;
* a p-value of a resampling test is given to the resolution its samples
  give: below ``1 / samples`` it is ``p < 0.001`` (for 1,000 samples),
  else two significant digits (``p = 0.39``), never ``p = 0.001998``;
* fewer than :data:`FEW_UNITS` common units make a comparison's interval
  unreliable, and :func:`few_units` says so.

Nothing here computes a score: the functions only write figures.

>>> score_cell(83.33333), score_text(83.33333), points(-2.42), interval_text(0.0, 3.0241)
('83.33', '83.33%', '−2.42', '[+0.00, +3.02]')
>>> p_text(0.0, 1000), p_text(1 / 1001, 1000), p_text(0.001998, 1000), p_text(0.3912, 1000), p_text(1.0, 1000)
('p < 0.001', 'p < 0.001', 'p = 0.002', 'p = 0.39', 'p = 1')
>>> few_units(6)
'6 common units: the interval is unreliable'
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["CONFIDENCE_TEXT", "FEW_UNITS", "MINUS", "Scaled", "difference_text", "few_units", "interval_text",
           "p_cell", "p_text", "percent", "points", "score_cell", "score_text"]

#: The minus sign of a difference (U+2212), as the label ``B − A`` writes it.
MINUS = "\u2212"
#: Fewer common units than this carry a comparison whose interval is unreliable.
FEW_UNITS = 30
#: How the 95 % interval is named.
CONFIDENCE_TEXT = "95 % interval"


class Scaled(Protocol):
    """What :func:`percent` reads of a measure: the score of a perfect system."""

    best: float


def percent(measure: Scaled, value: float) -> float:
    """``value``, a score (or difference) of ``measure`` on its own scale, in percent (points)."""
    return value * 100.0 / measure.best


def score_cell(value_percent: float) -> str:
    """A score in percent, two decimals, no unit (``83.33``): a table cell under a ``(%)`` header."""
    return f"{value_percent:.2f}"


def score_text(value_percent: float) -> str:
    """A score in percent with its unit (``83.33%``, as the pages' metric cards): for running text."""
    return f"{score_cell(value_percent)}%"


def points(value_points: float) -> str:
    """A difference in points, two decimals, signed, with U+2212 (``+1.28``, ``−2.42``; ``+0.00``)."""
    shown = f"{value_points:.2f}"
    if shown.startswith("-") and float(shown) != 0:
        return MINUS + shown[1:]
    return "+" + shown.lstrip("-")


def interval_text(low_points: float, high_points: float) -> str:
    """An interval of a difference in points (``[+0.00, +3.02]``)."""
    return f"[{points(low_points)}, {points(high_points)}]"


def p_cell(p_value: float, samples: int) -> str:
    """A resampled p-value to the resolution ``samples`` give, for a table cell under ``p``:
    below ``1 / samples`` it is ``< 0.001`` (1,000 samples), else two significant digits (``0.39``)."""
    if p_value < 1.0 / samples:
        return f"< {1 / samples:.2g}"
    return f"{p_value:.2g}"


def p_text(p_value: float, samples: int) -> str:
    """:func:`p_cell` in running text: ``p < 0.001``, ``p = 0.39``."""
    cell = p_cell(p_value, samples)
    return f"p {cell}" if cell.startswith("<") else f"p = {cell}"


def few_units(units: int) -> str | None:
    """``6 common units: the interval is unreliable`` below :data:`FEW_UNITS` common units, else ``None``."""
    if units >= FEW_UNITS:
        return None
    return f"{units:,} common unit{'' if units == 1 else 's'}: the interval is unreliable"


def difference_text(measure: Scaled, comparison: Any) -> str:
    """A comparison's ``B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39``
    (``comparison``: a :class:`~jpcore.stats.result.Comparison` of ``measure``; no interval for
    approximate randomization)."""
    c = comparison
    text = f"B {MINUS} A = {points(percent(measure, c.difference))} points"
    if c.interval is not None:
        text += (f", {CONFIDENCE_TEXT} "
                 f"{interval_text(percent(measure, c.interval[0]), percent(measure, c.interval[1]))} points")
    return f"{text}, {p_text(c.p_value, c.samples)}"
