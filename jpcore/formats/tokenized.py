"""Tokenized text: one sentence per line, tokens separated by spaces or tabs.

Empty (or whitespace-only) lines are not sentences; their line numbers are
still counted, so every sentence knows the line it came from.

>>> seg = read_tokenized(b"Hello world .\\n\\nBye .\\n", "sys.txt")
>>> [(s.line, s.tokens) for s in seg.sentences]
[(1, ['Hello', 'world', '.']), (3, ['Bye', '.'])]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.formats.textio import decode_lines
from jpcore.runtime import gc_paused

_SEPARATORS = re.compile(r"[ \t]+")


def read_tokenized(data: bytes | str, name: str, level: str = "words") -> Segmentation:
    """Read tokenized text; ``level`` only labels what the tokens are."""
    with gc_paused():  # many small acyclic objects: see jpcore.runtime.gc_paused
        sentences = list(iter_tokenized(decode_lines(data, name)))
    return Segmentation(name=name, format="text", level=level, sentences=sentences)


def iter_tokenized(lines: Iterable[str]) -> Iterator[Sentence]:
    """The sentences of decoded lines (see :func:`jpcore.formats.textio.iter_file_lines`), one at a time."""
    split = _SEPARATORS.split
    for number, line in enumerate(lines, start=1):
        # a "token" of only other whitespace (e.g. a no-break space) is not one
        tokens = [t for t in split(line) if t and not t.isspace()]
        if tokens:
            yield Sentence(tokens=tokens, line=number)


def write_tokenized(segmentation: Segmentation) -> str:
    """One sentence per line, tokens joined by one space."""
    return "".join(" ".join(s.tokens) + "\n" for s in segmentation.sentences)
