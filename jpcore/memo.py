"""Memo tables of pure functions, which a long-lived process can empty.

Contract: :func:`memoized` is ``functools.lru_cache(maxsize)`` that also
registers the table; :func:`clear_all` empties every registered table and
says how many entries went.  For functions on a user's tokens (the cost of
aligning two tokens, whether a token is punctuation): their tables fill with
an upload's words, up to some tens of MB in all, and in the app's server
they would stay after every session has closed; the app empties them with
the results shared by sessions (:mod:`inspector.common.session_memory`).
Not for a loaded resource (a tokenizer's parameters): that is the idle
process's own.

>>> @memoized(maxsize=4)
... def double(x: int) -> int:
...     return 2 * x
>>> double(2), double(2), double.cache_info().currsize
(4, 4, 1)
>>> clear_all() >= 1, double.cache_info().currsize
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_TABLES: list[Any] = []


def memoized(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize=maxsize)``, its table emptied by :func:`clear_all`."""

    def wrap(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _TABLES.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def clear_all() -> int:
    """Empty every table made by :func:`memoized`; the number of entries they held."""
    dropped = 0
    for table in _TABLES:
        dropped += table.cache_info().currsize
        table.cache_clear()
    return dropped
