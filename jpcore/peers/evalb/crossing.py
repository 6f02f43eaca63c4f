"""Crossing brackets, in time that does not grow with the brackets' lengths.

Contract: :func:`crossed` takes two lists of spans ``(start, end)`` (any
integers, in any order, nested or not) and says for each *probe* span
whether some *fixed* span overlaps it partially::

    a < s < b < e   or   s < a < e < b      (fixed (a, b), probe (s, e))

which is EVALB's crossing test.  Both PARSEVAL modes use it for long
sentences: their per-position tables cost the total length of the fixed
spans, which is quadratic for a deep tree (a right-branching chain of
``n`` brackets has total length ``n**2 / 2``).

How: a fixed span ``(a, b)`` *stabs* the points strictly inside it.  A probe
``(s, e)`` is crossed iff the smallest end of the spans stabbing ``s`` is
``< e`` (a span that starts before ``s`` and ends inside the probe) or the
largest start of the spans stabbing ``e`` is ``> s`` (one that starts inside
the probe and ends after it).  One sweep over the probes' end points, in
increasing order, keeps the spans stabbing the current point in two heaps
(by end, by start), dropping spans that ended lazily.  Cost
``O((f + p) log (f + p))`` for ``f`` fixed and ``p`` probe spans.

>>> crossed([(0, 4), (1, 3)], [(2, 5), (0, 4), (3, 6)])
[True, False, True]
"""

from __future__ import annotations

from collections.abc import Sequence
from heapq import heappop, heappush

__all__ = ["TABLE_LIMIT", "crossed", "crossed_naive"]

#: Above this many table writes per bracket EVALB's scoring
#: (:func:`jpcore.peers.evalb.calc.crossing` and its C twin in
#: ``_fastlines.c``) sweeps with :func:`crossed` instead of filling tables.
TABLE_LIMIT = 16


def crossed(fixed: Sequence[tuple[int, int]], probes: Sequence[tuple[int, int]]) -> list[bool]:
    """For each probe span: does some fixed span overlap it partially? (see the module doc)"""
    # a span with b - a <= 1 holds no integer strictly inside: it stabs nothing
    spans = sorted((a, b) for a, b in fixed if b - a > 1)
    if not spans or not probes:
        return [False] * len(probes)
    points = sorted({point for probe in probes for point in probe})
    inner_end: dict[int, int] = {}  # point -> smallest end of the spans stabbing it
    inner_start: dict[int, int] = {}  # point -> largest start of the spans stabbing it
    by_end: list[int] = []
    by_start: list[tuple[int, int]] = []  # (-start, end)
    i, n = 0, len(spans)
    for point in points:
        while i < n and spans[i][0] < point:
            a, b = spans[i]
            heappush(by_end, b)
            heappush(by_start, (-a, b))
            i += 1
        while by_end and by_end[0] <= point:
            heappop(by_end)
        while by_start and by_start[0][1] <= point:
            heappop(by_start)
        if by_end:
            inner_end[point] = by_end[0]
            inner_start[point] = -by_start[0][0]
    out = []
    for s, e in probes:
        end = inner_end.get(s)
        start = inner_start.get(e)
        out.append((end is not None and end < e) or (start is not None and start > s))
    return out


def crossed_naive(fixed: Sequence[tuple[int, int]], probes: Sequence[tuple[int, int]]) -> list[bool]:
    """:func:`crossed` by comparing every pair (the definition; for tests and tiny inputs)."""
    return [
        any(a < s < b < e or s < a < e < b for a, b in fixed)
        for s, e in probes
    ]
