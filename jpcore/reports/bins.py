"""Equal parts of a document, for the "where are the errors" charts of the reports.

Contract: :func:`position_bins` cuts ``n`` items (gold sentences) into
``k = min(most, n)`` consecutive parts as equal as possible: part ``i`` is
``[i * n // k, (i + 1) * n // k)``, so every part holds at least one item and
no range is ever empty or inverted; ``n == 0`` gives no part at all.
:func:`bin_of` says which part an item index falls in (an index at or beyond
``n``, e.g. a system-only unit after the last gold sentence, falls in the
last part); :func:`bin_label` names a part in 1-based item numbers and
:func:`bins_phrase` names the cut (``"per tenth of the document"``).

>>> position_bins(4)
[(0, 1), (1, 2), (2, 3), (3, 4)]
>>> [bin_label(b, "gold sentence") for b in position_bins(25)][:2]
['gold sentences 1–2', 'gold sentences 3–5']
>>> bin_of(position_bins(25), 24), bin_of(position_bins(25), 99)
(9, 9)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

#: At most this many parts (tenths of the document).
MOST_BINS = 10


def position_bins(n: int, most: int = MOST_BINS) -> list[tuple[int, int]]:
    """``min(most, n)`` consecutive non-empty ``[start, end)`` ranges covering ``range(n)``."""
    if n < 0 or most < 1:
        raise ValueError(f"need n >= 0 and most >= 1, not n={n}, most={most}")
    k = min(most, n)
    return [(i * n // k, (i + 1) * n // k) for i in range(k)]


def bin_of(bins: Sequence[tuple[int, int]], index: int) -> int:
    """The part holding item ``index`` (0-based; beyond the end: the last part)."""
    if not bins:
        raise ValueError("no parts: the document has no items")
    return max(0, min(bisect_right([start for start, _ in bins], index) - 1, len(bins) - 1))


def bin_label(part: tuple[int, int], noun: str) -> str:
    """``"gold sentence 3"`` for a one-item part, ``"gold sentences 1–3"`` otherwise."""
    start, end = part
    if end - start == 1:
        return f"{noun} {start + 1}"
    return f"{noun}s {start + 1}–{end}"


def bins_phrase(count: int) -> str:
    """How the document was cut, for a chart title: ``"per tenth of the document"``,
    ``"in 4 equal parts of the document"``, ``"over the whole document"``."""
    if count == MOST_BINS:
        return "per tenth of the document"
    if count <= 1:
        return "over the whole document"
    return f"in {count} equal parts of the document"
