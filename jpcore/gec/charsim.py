"""Character similarity of two tokens: the substitution cost's raw material.

:func:`similarity` is the normalised indel similarity of two strings,
``2 * LCS / (len(a) + len(b))`` (``LCS`` = length of their longest common
subsequence), the ratio ERRANT's aligner and difflib's ``ratio`` also use:
1.0 for equal strings, 0.0 for strings without a common character.
:func:`lcs_length` computes the LCS bit-parallel (Hyyrö 2004: one integer
addition per character of ``b``), so comparing every token pair of two long
sentences stays cheap.  :func:`char_distance` is the optimal-string-alignment
(restricted Damerau-Levenshtein) distance, which the classifier uses to call a
one-word replacement a spelling edit.

>>> lcs_length("recieve", "receive")
6
>>> round(similarity("recieve", "receive"), 4)
0.8571
>>> similarity("for", "in")
0.0
>>> char_distance("recieve", "receive")
1
"""

from __future__ import annotations

__all__ = ["char_distance", "lcs_length", "similarity"]


def lcs_length(a: str, b: str) -> int:
    """The length of the longest common subsequence of ``a`` and ``b``.

    >>> lcs_length("go", "goes"), lcs_length("", "x"), lcs_length("abc", "cab")
    (2, 0, 2)
    """
    if not a or not b:
        return 0
    masks: dict[str, int] = {}
    for i, char in enumerate(a):
        masks[char] = masks.get(char, 0) | (1 << i)
    full = (1 << len(a)) - 1
    row = full  # bit i set = position i of ``a`` not yet used by the LCS
    for char in b:
        matched = row & masks.get(char, 0)
        row = ((row + matched) | (row - matched)) & full
    return len(a) - row.bit_count()


def similarity(a: str, b: str) -> float:
    """``2 * LCS / (len(a) + len(b))``; 1.0 for two empty strings.

    >>> similarity("learn", "learning") == 10 / 13
    True
    """
    if not a and not b:
        return 1.0
    return 2 * lcs_length(a, b) / (len(a) + len(b))


def char_distance(a: str, b: str) -> int:
    """Optimal-string-alignment distance: insertions, deletions, substitutions
    and swaps of two adjacent characters each cost 1.

    >>> char_distance("teh", "the"), char_distance("go", "goes"), char_distance("", "abc")
    (1, 2, 3)
    """
    if len(a) < len(b):
        a, b = b, a
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, previous2[j - 2] + 1)
            current[j] = best
        previous2, previous = previous, current
    return previous[len(b)]
