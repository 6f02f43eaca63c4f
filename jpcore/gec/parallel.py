"""Reading a system's original and corrected text: two line-parallel files.

Each file holds one sentence per line, whitespace-tokenized as M2 files are
(a line is split on whitespace; the M2 ``S`` line is its tokens joined by
one space).  Line *i* of the corrected file is the correction of line *i*
of the original file.  Both are decoded as :func:`jpcore.formats.textio.decode_lines`
decodes every text input (UTF-8, a leading byte order mark dropped,
universal newlines; bad bytes and NUL bytes refused with file, line and
column).

Refused with an :class:`~jpcore.errors.InputError`, never truncated or
skipped (errant's ``errant_parallel`` zips the files, so it silently drops
the lines past the shorter file, and skips empty original lines):

* an empty file (no line at all);
* files with different line counts (the message names both files and both
  counts);
* an empty (or whitespace-only) line in the original file.  An empty line
  in the corrected file is read: the system deleted the whole sentence.

>>> [tuple(pair) for pair in read_parallel(b"I has a cat .\\n", b"I have a cat .\\n", "src.txt", "cor.txt")]
[(1, ('I', 'has', 'a', 'cat', '.'), ('I', 'have', 'a', 'cat', '.'))]
>>> read_parallel(b"a\\nb\\n", b"a\\n", "src.txt", "cor.txt")
Traceback (most recent call last):
...
jpcore.errors.InputError: src.txt, cor.txt: expected line-parallel files (one sentence per line in each, the same number of lines), found 2 lines in src.txt but 1 line in cor.txt (nothing was scored: uneven files are never truncated)
"""

from __future__ import annotations

from typing import NamedTuple

from jpcore.errors import InputError
from jpcore.formats.textio import decode_lines

__all__ = ["ParallelLine", "read_parallel"]


class ParallelLine(NamedTuple):
    """One line of the two files: its 1-based number, the original and corrected tokens."""

    line: int
    orig: tuple[str, ...]
    cor: tuple[str, ...]


def _lines(count: int) -> str:
    return f"{count:,} line" + ("" if count == 1 else "s")


def read_parallel(orig_data: bytes | str, cor_data: bytes | str, orig_name: str, cor_name: str) -> list[ParallelLine]:
    """The sentence pairs of two line-parallel files (see the module's rules)."""
    orig_lines = decode_lines(orig_data, orig_name)
    cor_lines = decode_lines(cor_data, cor_name)
    for name, lines in ((orig_name, orig_lines), (cor_name, cor_lines)):
        if not lines:
            raise InputError(name, None, "one sentence per line", "an empty file")
    if len(orig_lines) != len(cor_lines):
        raise InputError(
            f"{orig_name}, {cor_name}", None,
            "line-parallel files (one sentence per line in each, the same number of lines)",
            f"{_lines(len(orig_lines))} in {orig_name} but {_lines(len(cor_lines))} in {cor_name} "
            "(nothing was scored: uneven files are never truncated)",
        )
    pairs: list[ParallelLine] = []
    for number, (orig, cor) in enumerate(zip(orig_lines, cor_lines), start=1):
        orig_tokens = tuple(orig.split())
        if not orig_tokens:
            raise InputError(
                orig_name, number, "a sentence (one per line)",
                "an empty line (an original sentence cannot be empty; remove the line from both files)",
            )
        pairs.append(ParallelLine(number, orig_tokens, tuple(cor.split())))
    return pairs
