"""How far two reviewers agree: observed agreement, Cohen's kappa, the confusion, the disagreements.

Contract: :func:`agreement` compares two lists of reviews on the units both
reviewed with a verdict (the same :class:`~jpcore.review.identity.UnitKey`;
a note without a verdict is not a verdict).  With ``n`` such units,
``p_o`` the share on which the verdicts are equal and ``p_e`` the agreement
expected by chance, ``sum over verdicts v of (a_v / n) * (b_v / n)`` (each
reviewer's own share of ``v``), Cohen's kappa is ``(p_o - p_e) / (1 - p_e)``;
it is undefined (``None``) without units or when both reviewers gave one and
the same verdict everywhere (``p_e = 1``).

>>> from jpcore.review.identity import UnitKey
>>> from jpcore.review.store import Review
>>> def r(i, v): return Review(UnitKey("gec", "g", "s", (i, i + 1), (i, i + 1)), v, "", "x", "t", "", "")
>>> a = [r(0, "gold error"), r(1, "gold error"), r(2, "system error"), r(3, "unclear")]
>>> b = [r(0, "gold error"), r(1, "system error"), r(2, "system error"), r(4, "unclear")]
>>> result = agreement(a, b)
>>> result.units, result.agreement, round(result.kappa, 4)
(3, 0.6666666666666666, 0.4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from jpcore.review.store import Review
from jpcore.review.verdicts import VERDICTS

__all__ = ["Agreement", "agreement"]


@dataclass
class Agreement:
    """Two reviewers compared on the units both judged (module doc)."""

    units: int
    agreed: int
    expected: float | None
    #: ``confusion[a_verdict][b_verdict]``: units with those two verdicts (every verdict listed).
    confusion: dict[str, dict[str, int]]
    #: The units where the verdicts differ, as ``(a's review, b's review)``, in key order.
    disagreements: list[tuple[Review, Review]] = field(default_factory=list)

    @property
    def agreement(self) -> float | None:
        """Observed agreement ``p_o`` (``None`` without units)."""
        return self.agreed / self.units if self.units else None

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa (``None`` where undefined: module doc)."""
        if not self.units or self.expected is None or self.expected == 1.0:
            return None
        return (self.agreement - self.expected) / (1.0 - self.expected)

    def to_dict(self) -> dict[str, Any]:
        """``{"units", "agreement", "kappa", "confusion", "disagreements"}`` (what ``--json`` prints)."""
        from jpcore.review.exchange import row_of

        def side(review: Review) -> dict[str, Any]:
            return {"verdict": review.verdict, "note": review.note, "reviewer": review.reviewer, "time": review.time}

        return {
            "units": self.units, "agreement": self.agreement, "kappa": self.kappa, "confusion": self.confusion,
            "disagreements": [{**{k: v for k, v in row_of(a).items() if k not in ("verdict", "note", "reviewer", "time")},
                               "a": side(a), "b": side(b)} for a, b in self.disagreements],
        }


def agreement(a: Iterable[Review], b: Iterable[Review]) -> Agreement:
    """Reviewer ``a`` against reviewer ``b`` on the units both gave a verdict (module doc)."""
    a_by_key = {review.key: review for review in a if review.verdict is not None}
    b_by_key = {review.key: review for review in b if review.verdict is not None}
    common = sorted(set(a_by_key) & set(b_by_key), key=_order)
    confusion = {row: dict.fromkeys(VERDICTS, 0) for row in VERDICTS}
    a_counts: Counter[str] = Counter()
    b_counts: Counter[str] = Counter()
    disagreements = []
    for key in common:
        left, right = a_by_key[key], b_by_key[key]
        confusion[left.verdict][right.verdict] += 1
        a_counts[left.verdict] += 1
        b_counts[right.verdict] += 1
        if left.verdict != right.verdict:
            disagreements.append((left, right))
    n = len(common)
    expected = sum(a_counts[v] * b_counts[v] for v in VERDICTS) / (n * n) if n else None
    return Agreement(n, n - len(disagreements), expected, confusion, disagreements)


def _order(key: Any) -> tuple:
    return (key.task, key.gold_sha256, key.sys_sha256, key.gold_span, key.sys_span, key.word_span or (-1, -1))
