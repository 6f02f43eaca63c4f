"""Large demonstration inputs made from small bundled files, at load time.

The inspector offers a 2,400-tree pair and a 44,000-sentence M2 pair to show
how it behaves on large inputs without shipping megabytes: both are a small
real pair repeated.  Contract:

* :func:`repeat_trees` repeats two bracketed-tree files ``times`` times
  each (every copy ends with a newline, so trees never run together);
* :func:`repeat_m2` repeats two M2 files until the gold side holds at least
  ``min_gold_sentences`` blocks; each copy is the whole file, so when the
  small pair covers the same text on both sides (a re-segmented slice cut
  at a unit boundary) the repeated pair does too;
* :func:`count_m2_blocks` counts the blocks (``S`` lines) of an M2 file.

These functions only repeat bytes: they never parse, align or score.  The
result is read by the usual readers, which report bad input as
:class:`jpcore.errors.InputError` naming the file and line.
"""

from __future__ import annotations

import math


def _terminated(data: bytes, ending: bytes) -> bytes:
    """``data`` ending with exactly ``ending`` (trailing newlines replaced)."""
    return data.rstrip(b"\r\n") + ending


def repeat_trees(gold: bytes, system: bytes, times: int) -> tuple[bytes, bytes]:
    """Both tree files repeated ``times`` times (``times`` >= 1).

    >>> repeat_trees(b"(S (X a))", b"(S (X a))\\n", 3)[0]
    b'(S (X a))\\n(S (X a))\\n(S (X a))\\n'
    """
    if times < 1:
        raise ValueError(f"times must be at least 1, not {times}")
    return _terminated(gold, b"\n") * times, _terminated(system, b"\n") * times


def count_m2_blocks(data: bytes) -> int:
    """How many blocks (lines starting with ``S``) an M2 file holds.

    >>> count_m2_blocks(b"S a b\\nA 0 1|||R|||c|||REQUIRED|||-NONE-|||0\\n\\nS c\\n")
    2
    """
    return sum(1 for line in data.splitlines() if line.startswith(b"S ") or line == b"S")


def repeat_m2(system: bytes, gold: bytes, min_gold_sentences: int) -> tuple[bytes, bytes, int]:
    """``(system, gold, times)``: both M2 files repeated ``times`` times, the
    least number of copies giving at least ``min_gold_sentences`` gold blocks.

    Each copy ends with one blank line, so blocks never run together.
    Raises ``ValueError`` when the gold file has no block.
    """
    blocks = count_m2_blocks(gold)
    if blocks == 0:
        raise ValueError("the gold M2 file has no sentence (no line starting with 'S ')")
    times = max(1, math.ceil(min_gold_sentences / blocks))
    return _terminated(system, b"\n\n") * times, _terminated(gold, b"\n\n") * times, times
