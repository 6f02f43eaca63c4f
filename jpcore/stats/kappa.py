"""Cohen's kappa: how often two coders agree on items, beyond what chance gives.

Contract: :func:`cohen_kappa` takes the two coders' labels of the same items,
in the same order, and returns a :class:`Kappa`: the number of items,
observed agreement ``po`` (the share of items with equal labels), expected
agreement ``pe`` (the chance that two labels drawn from each coder's own
label distribution are equal: ``sum over labels of p_a(label) * p_b(label)``)
and ``kappa = (po - pe) / (1 - pe)``.  Where ``pe`` is 1 (both coders use one
and the same label on every item) the agreement is perfect and kappa is 1.0;
with no items every figure is ``None``.

A: N N V V, B: N V V V.  ``po`` = 3/4; A says N half the time, B a quarter,
so ``pe`` = 1/2 x 1/4 + 1/2 x 3/4 = 1/2 and kappa = (3/4 - 1/2) / (1 - 1/2) = 1/2:

>>> k = cohen_kappa(["N", "N", "V", "V"], ["N", "V", "V", "V"])
>>> k.items, k.observed, round(k.expected, 4), round(k.kappa, 4)
(4, 0.75, 0.5, 0.5)
>>> cohen_kappa(["_", "_"], ["_", "_"]).kappa
1.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Kappa", "cohen_kappa"]


class Kappa(NamedTuple):
    """Two coders' agreement on ``items`` items (module doc)."""

    items: int
    agreed: int
    observed: float | None
    expected: float | None
    kappa: float | None


def cohen_kappa(labels_a: Sequence[str], labels_b: Sequence[str]) -> Kappa:
    """Cohen's kappa of two equally long label sequences (module doc)."""
    if len(labels_a) != len(labels_b):
        raise ValueError(f"coder A labelled {len(labels_a)} items, coder B {len(labels_b)}")
    items = len(labels_a)
    if not items:
        return Kappa(0, 0, None, None, None)
    agreed = sum(map(str.__eq__, labels_a, labels_b))
    count_a, count_b = Counter(labels_a), Counter(labels_b)
    expected = sum(n * count_b[label] for label, n in count_a.items()) / (items * items)
    observed = agreed / items
    kappa = 1.0 if expected >= 1.0 else (observed - expected) / (1.0 - expected)
    return Kappa(items, agreed, observed, expected, kappa)
