"""Tokenized text: one sentence per line, tokens separated by spaces or tabs.

Empty (or whitespace-only) lines are not sentences; their line numbers are
still counted, so every sentence knows the line it came from.  A file
without any sentence is refused (:class:`~jpcore.formats.textio.EmptyFileError`,
"FILE is empty"): scoring it would only give zeros.

>>> seg = read_tokenized(b"Hello world .\\n\\nBye .\\n", "sys.txt")
>>> [(s.line, s.tokens) for s in seg.sentences]
[(1, ['Hello', 'world', '.']), (3, ['Bye', '.'])]
"""

from __future__ import annotations

import re
from sys import intern
from collections.abc import Iterable, Iterator

from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.formats.textio import EmptyFileError, decode_lines, empty_found
from jpcore.runtime import gc_paused

_SEPARATORS = re.compile(r"[ \t]+")


def read_tokenized(data: bytes | str, name: str, level: str = "words", *,
                   allow_empty: bool = False) -> Segmentation:
    """Read tokenized text; ``level`` only labels what the tokens are.

    A file without a sentence raises :class:`EmptyFileError` unless
    ``allow_empty`` (then it is a segmentation without sentences).

    >>> read_tokenized(b" \\n\\n", "sys.txt")
    Traceback (most recent call last):
    ...
    jpcore.formats.textio.EmptyFileError: sys.txt is empty: expected at least one sentence, found only blank lines
    """
    lines = decode_lines(data, name)
    with gc_paused():  # many small acyclic objects: see jpcore.runtime.gc_paused
        sentences = list(iter_tokenized(lines))
    if not sentences and not allow_empty:
        raise EmptyFileError(name, "at least one sentence", empty_found("text", bool(lines)))
    return Segmentation(name=name, format="text", level=level, sentences=sentences)


def iter_tokenized(lines: Iterable[str]) -> Iterator[Sentence]:
    """The sentences of decoded lines (see :func:`jpcore.formats.textio.iter_file_lines`), one at a time."""
    split = _SEPARATORS.split
    for number, line in enumerate(lines, start=1):
        # a "token" of only other whitespace (e.g. a no-break space) is not one; each
        # distinct token is one string (interned), however often it occurs, in either file
        tokens = [intern(t) for t in split(line) if t and not t.isspace()]
        if tokens:
            yield Sentence(tokens=tokens, line=number)


def write_tokenized(segmentation: Segmentation) -> str:
    """One sentence per line, tokens joined by one space."""
    return "".join(" ".join(s.tokens) + "\n" for s in segmentation.sentences)
