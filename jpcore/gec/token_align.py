"""Token alignment: Damerau-Levenshtein with a character-similarity substitution cost.

:func:`align_tokens` returns the cheapest sequence of operations that turns
the original tokens into the corrected ones, in order, covering both lists:

* ``M`` match: the same token (cost 0);
* ``S`` substitution of one token by one token, cost :func:`substitution_cost`:
  ``CASE_COST`` (10) when only the case differs; ``PUNCT_SUB_COST`` (110)
  when both are punctuation marks; otherwise
  ``10 + round(240 * (1 - similarity))`` on the lower-cased tokens
  (:func:`jpcore.gec.charsim.similarity`), i.e. from 10 for nearly equal
  words to 250 for words without a common character;
* ``D`` deletion and ``I`` insertion of one token: ``GAP_COST`` (100) each, so
  a substitution is preferred to a deletion plus an insertion only when it
  costs less than 200: ``recieve`` -> ``receive`` (similarity 0.857, cost 44)
  is a substitution, ``for`` -> ``in`` (similarity 0, cost 250) a deletion
  and an insertion (the words are unrelated: break-even similarity 0.21);
* ``T`` transposition of a block of ``k >= 2`` tokens whose lower-cased
  tokens are the same multiset in another order, cost ``100 * (k - 1)``.  As
  in ERRANT's aligner, the block is found by walking back along the
  diagonal from the current cell while the tokens there differ, and the
  shortest balanced block is the candidate.

Costs are integers (hundredths of an insertion), so ties are exact and
broken the same way everywhere: the last operation of a cell is a
transposition, else a match/substitution, else an insertion, else a deletion
(so where a deletion and an insertion are adjacent, the deletion comes
first).  Identical leading and trailing tokens are matched before the
dynamic programme, which runs on what lies between: time and memory are
O(n * m) for the n and m tokens there (plus the diagonal walks of the
transposition search), so a long sentence with one edit costs little.

>>> [op.kind for op in align_tokens("I recieve it".split(), "I receive it".split())]
['M', 'S', 'M']
>>> [op.kind for op in align_tokens("interested for learn".split(), "interested in learning".split())]
['M', 'D', 'I', 'S']
>>> align_tokens("last year visited".split(), "visited last year".split())
[Op(kind='T', o_start=0, o_end=3, c_start=0, c_end=3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from jpcore.gec.charsim import similarity
from jpcore.gec.tokens import is_punctuation
from jpcore.memo import memoized

__all__ = ["CASE_COST", "GAP_COST", "PUNCT_SUB_COST", "Op", "align_tokens", "substitution_cost"]

GAP_COST = 100
"""Cost of deleting or inserting one token."""
CASE_COST = 10
"""Cost of a substitution that changes only the case (``my`` -> ``My``)."""
PUNCT_SUB_COST = 110
"""Cost of replacing one punctuation mark by another (``:`` -> ``.``)."""
SIMILARITY_SPAN = 240
"""A substitution of dissimilar words costs ``CASE_COST + SIMILARITY_SPAN`` (250)."""


_DIAGONAL, _I, _D, _T = 0, 1, 2, 3


class Op(NamedTuple):
    """One alignment operation on ``orig[o_start:o_end]`` and ``cor[c_start:c_end]``."""

    kind: str
    """``M`` match, ``S`` substitution, ``D`` deletion, ``I`` insertion, ``T`` transposition."""
    o_start: int
    o_end: int
    c_start: int
    c_end: int


@memoized(maxsize=1 << 17)
def substitution_cost(orig: str, cor: str) -> int:
    """The cost of aligning token ``orig`` with token ``cor`` (0 if equal).

    >>> substitution_cost("go", "go"), substitution_cost("my", "My"), substitution_cost(":", ".")
    (0, 10, 110)
    >>> substitution_cost("recieve", "receive"), substitution_cost("for", "in")
    (44, 250)
    """
    if orig == cor:
        return 0
    orig_lower, cor_lower = orig.lower(), cor.lower()
    if orig_lower == cor_lower:
        return CASE_COST
    if is_punctuation(orig) and is_punctuation(cor):
        return PUNCT_SUB_COST
    return CASE_COST + round(SIMILARITY_SPAN * (1.0 - similarity(orig_lower, cor_lower)))


def align_tokens(orig: Sequence[str], cor: Sequence[str]) -> list[Op]:
    """The cheapest alignment of ``orig`` with ``cor`` as operations in order.

    Identical leading and trailing tokens are matched first (an alignment
    that matches them is always among the cheapest); the dynamic programme
    runs on what lies between, so a long sentence with one edit costs little.

    >>> align_tokens(["a", "b"], ["b", "a", "c"])
    [Op(kind='T', o_start=0, o_end=2, c_start=0, c_end=2), Op(kind='I', o_start=2, o_end=2, c_start=2, c_end=3)]
    >>> align_tokens(["x", "y"], ["x", "z", "y"])
    [Op(kind='M', o_start=0, o_end=1, c_start=0, c_end=1), Op(kind='I', o_start=1, o_end=1, c_start=1, c_end=2), Op(kind='M', o_start=1, o_end=2, c_start=2, c_end=3)]
    >>> align_tokens([], [])
    []
    """
    n, m = len(orig), len(cor)
    head = 0
    while head < n and head < m and orig[head] == cor[head]:
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and orig[n - 1 - tail] == cor[m - 1 - tail]:
        tail += 1
    ops = [Op("M", k, k + 1, k, k + 1) for k in range(head)]
    for op in _align_middle(orig[head : n - tail], cor[head : m - tail]):
        ops.append(Op(op.kind, op.o_start + head, op.o_end + head, op.c_start + head, op.c_end + head))
    ops.extend(Op("M", n - tail + k, n - tail + k + 1, m - tail + k, m - tail + k + 1) for k in range(tail))
    return ops


def _align_middle(orig: Sequence[str], cor: Sequence[str]) -> list[Op]:
    """The dynamic programme of :func:`align_tokens`."""
    n, m = len(orig), len(cor)
    orig_lower = [token.lower() for token in orig]
    cor_lower = [token.lower() for token in cor]
    orig_set, cor_set = set(orig_lower), set(cor_lower)
    # cost[i][j]: cheapest alignment of orig[:i] with cor[:j]; back[i][j]: the
    # last operation, coded as 4 * block length + (0 diagonal, 1 I, 2 D, 3 T).
    cost = [[0] * (m + 1) for _ in range(n + 1)]
    back = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        cost[i][0] = i * GAP_COST
        back[i][0] = 4 + _D
    for j in range(1, m + 1):
        cost[0][j] = j * GAP_COST
        back[0][j] = 4 + _I
    for i in range(1, n + 1):
        row, above, back_row = cost[i], cost[i - 1], back[i]
        o_token, o_lower = orig[i - 1], orig_lower[i - 1]
        o_shared = o_lower in cor_set
        for j in range(1, m + 1):
            best, code = above[j - 1] + substitution_cost(o_token, cor[j - 1]), 4 + _DIAGONAL
            insertion = row[j - 1] + GAP_COST
            if insertion < best:
                best, code = insertion, 4 + _I
            deletion = above[j] + GAP_COST
            if deletion < best:
                best, code = deletion, 4 + _D
            # A transposition block ending here holds orig[i-1] on both sides
            # (and cor[j-1]): test that cheaply before walking the diagonal.
            c_lower = cor_lower[j - 1]
            if o_shared and o_lower != c_lower and c_lower in orig_set:
                block = _transposition(orig_lower, cor_lower, i, j, orig_set, cor_set)
                if block and cost[i - block][j - block] + GAP_COST * (block - 1) <= best:
                    best, code = cost[i - block][j - block] + GAP_COST * (block - 1), 4 * block + _T
            row[j] = best
            back_row[j] = code
    ops: list[Op] = []
    i, j = n, m
    while i or j:
        size, move = divmod(back[i][j], 4)
        if move == _D:
            ops.append(Op("D", i - 1, i, j, j))
            i -= 1
        elif move == _I:
            ops.append(Op("I", i, i, j - 1, j))
            j -= 1
        else:
            kind = "T" if move == _T else "M" if orig[i - 1] == cor[j - 1] else "S"
            ops.append(Op(kind, i - size, i, j - size, j))
            i -= size
            j -= size
    ops.reverse()
    return ops


def _transposition(
    orig_lower: Sequence[str], cor_lower: Sequence[str], i: int, j: int, orig_set: set[str], cor_set: set[str]
) -> int:
    """The shortest ``k >= 2`` such that ``orig_lower[i-k:i]`` and
    ``cor_lower[j-k:j]`` are the same multiset, walking back along the
    diagonal while the tokens differ; 0 if there is none.  The walk stops at
    a token that the other sentence does not have at all (no block through
    it can balance)."""
    balance: dict[str, int] = {}
    unbalanced = 0
    k = 0
    limit = min(i, j)
    while k < limit:
        o_token, c_token = orig_lower[i - 1 - k], cor_lower[j - 1 - k]
        if (k and o_token == c_token) or o_token not in cor_set or c_token not in orig_set:
            return 0
        for token, step in ((o_token, 1), (c_token, -1)):
            before = balance.get(token, 0)
            after = before + step
            balance[token] = after
            unbalanced += (after != 0) - (before != 0)
        k += 1
        if unbalanced == 0 and k >= 2:
            return k
        # Each further step changes at most two counts.
        if unbalanced > 2 * (limit - k):
            return 0
    return 0
