"""Which unit a verdict is about: a key made of content, never of a unit's number.

Contract: a :class:`UnitKey` names a unit of an evaluation by the task, the
SHA-256 of the gold file and of the system file (:func:`file_sha256`, of
the bytes as read) and the unit's **character span** on each side, plus,
for a verdict on one word group inside the unit, that group's span
(``word_span``).  :func:`unit_keys` gives one key per unit of a result, in
unit order, for every task (preprocess, parseval, gec, ud).

Which characters a span counts
==============================

A span ``(start, end)`` counts characters of the side's **whitespace-free
character stream**: every token of the file, in order, normalised and with
no space between them -- exactly the stream the alignment walks
(:mod:`jpcore.align.streams`), so for preprocess and ud a unit's span *is*
its ``gold_chars`` / ``sys_chars``, and for parseval it is the sum of the
normalised word lengths of the trees before the pair (what the pair's word
groups' ``gold_chars`` count).  gec, whose alignment pairs whole M2
sentences, counts the characters of the source tokens (the ``S`` line
without its spaces).

Why not offsets in the raw file: what a re-tokenised system file changes
is whitespace (``cannot`` -> ``can not``, a sentence split on a new line),
and every added or removed space or newline moves the raw offset of every
later unit; the stream offsets of every unit outside the changed one stay
the same, so its verdict can still be offered
(``tests/test_review_identity.py`` measures it on a bundled sample).  On
the gold side the file is the same (same SHA-256), so either choice is
stable.  The caveat: the stream is normalised (the task's normalisation
table and case folding), so verdicts recorded under different
normalisation options of the same task do not meet.

``word_span`` is the word group's span on the **gold** stream
(``Group.gold_chars``; empty, ``(p, p)``, for a system-only group at
gold offset ``p``): word groups of one unit never share it.

>>> file_sha256(b"")
'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
>>> UnitKey("preprocess", "g", "s", (0, 9), (0, 9)).word_span is None
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any, NamedTuple

__all__ = ["UnitKey", "file_sha256", "span_starts", "task_name", "unit_keys", "word_key"]

Span = tuple[int, int]


def file_sha256(data: bytes) -> str:
    """The SHA-256 of a file's bytes, as 64 lower-case hex digits."""
    return hashlib.sha256(data).hexdigest()


class UnitKey(NamedTuple):
    """A unit of an evaluation named by content (see the module doc for the spans)."""

    task: str
    gold_sha256: str
    sys_sha256: str
    gold_span: Span
    sys_span: Span
    word_span: Span | None = None


def word_key(key: UnitKey, group: Any) -> UnitKey:
    """The key of word group ``group`` (a :class:`jpcore.align.Group`) inside unit ``key``."""
    return key._replace(word_span=(int(group.gold_chars[0]), int(group.gold_chars[1])))


def span_starts(lengths: Sequence[int]) -> list[int]:
    """Where each item of ``lengths`` starts in their concatenation, plus the total.

    >>> span_starts([3, 0, 2])
    [0, 3, 3, 5]
    """
    return [0, *accumulate(lengths)]


def unit_keys(result: Any, gold_sha256: str, sys_sha256: str) -> list[UnitKey]:
    """One :class:`UnitKey` per unit of ``result`` (``result.units``), in unit order.

    ``result`` is a preprocess, parseval, gec or ud result; ``LookupError``
    for a result of another task."""
    task = task_name(result)
    spans = _SPANS.get(task)
    if spans is None:
        raise LookupError(f"no unit identity for task {task!r}")
    return [UnitKey(task, gold_sha256, sys_sha256, gold, sys) for gold, sys in spans(result)]


def task_name(result: Any) -> str:
    """The name of the task whose result ``result`` is (its ``task`` attribute, else the registry's)."""
    task = getattr(result, "task", None)
    if isinstance(task, str):
        return task
    from jpcore.task import of_result

    return of_result(result).name


def _chars_spans(result: Any) -> list[tuple[Span, Span]]:
    """preprocess and ud: the units' own stream ranges."""
    return [((int(u.gold_chars[0]), int(u.gold_chars[1])), (int(u.sys_chars[0]), int(u.sys_chars[1])))
            for u in result.units]


def _parseval_spans(result: Any) -> list[tuple[Span, Span]]:
    """parseval: a pair's trees' normalised word lengths, summed from the start of the file."""
    from jpcore.align.sides import cached_key

    key = cached_key(result.normaliser.key)

    def starts(trees: Sequence[Any]) -> list[int]:
        return span_starts([sum(len(key(word)) for word in tree.words) for tree in trees])

    return _ranges(result.units, starts(result.gold_trees), starts(result.sys_trees))


def _gec_spans(result: Any) -> list[tuple[Span, Span]]:
    """gec: the source tokens' characters, unit after unit (units cover each side's
    sentences in order; a unit's aligned sentence on a side is its blocks' tokens)."""
    spans = []
    gold_at = sys_at = 0
    for unit, sentence in zip(result.units, result.errant.sentences):
        gold_n = sum(map(len, sentence.ref_block.sentence.split())) if unit.n_gold else 0
        sys_n = sum(map(len, sentence.hyp_block.sentence.split())) if unit.n_sys else 0
        spans.append(((gold_at, gold_at + gold_n), (sys_at, sys_at + sys_n)))
        gold_at += gold_n
        sys_at += sys_n
    return spans


def _ranges(units: Sequence[Any], gold_starts: list[int], sys_starts: list[int]) -> list[tuple[Span, Span]]:
    return [((gold_starts[u.gold[0]], gold_starts[u.gold[1]]), (sys_starts[u.sys[0]], sys_starts[u.sys[1]]))
            for u in units]


_SPANS: dict[str, Callable[[Any], list[tuple[Span, Span]]]] = {
    "preprocess": _chars_spans,
    "ud": _chars_spans,
    "parseval": _parseval_spans,
    "gec": _gec_spans,
}
