"""The four verdicts a reviewer gives a mismatched unit, and what each means for scores.

* ``gold error`` -- the gold file is wrong here; the system is right;
* ``system error`` -- the system is wrong (the score already says so);
* ``both acceptable`` -- either reading is right;
* ``unclear`` -- undecided.

After review (:mod:`jpcore.review.rescore`), units judged ``gold error`` or
``both acceptable`` count as correct for the system (:data:`SYSTEM_RIGHT`).
"""

from __future__ import annotations

__all__ = ["BOTH_ACCEPTABLE", "GOLD_ERROR", "SYSTEM_ERROR", "SYSTEM_RIGHT", "UNCLEAR", "VERDICTS"]

GOLD_ERROR = "gold error"
SYSTEM_ERROR = "system error"
BOTH_ACCEPTABLE = "both acceptable"
UNCLEAR = "unclear"
#: Every verdict, in the order the app offers them (keys 1-4).
VERDICTS = (GOLD_ERROR, SYSTEM_ERROR, BOTH_ACCEPTABLE, UNCLEAR)
#: The verdicts after which the system's output counts as correct.
SYSTEM_RIGHT = frozenset({GOLD_ERROR, BOTH_ACCEPTABLE})
