"""Tokenized text: one sentence per line, tokens separated by spaces or tabs.

Empty (or whitespace-only) lines are not sentences; their line numbers are
still counted, so every sentence knows the line it came from.

>>> seg = read_tokenized(b"Hello world .\\n\\nBye .\\n", "sys.txt")
>>> [(s.line, s.tokens) for s in seg.sentences]
[(1, ['Hello', 'world', '.']), (3, ['Bye', '.'])]
"""

from __future__ import annotations

import re

from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.formats.textio import decode_lines

_SEPARATORS = re.compile(r"[ \t]+")


def read_tokenized(data: bytes | str, name: str, level: str = "words") -> Segmentation:
    """Read tokenized text; ``level`` only labels what the tokens are."""
    sentences = []
    split = _SEPARATORS.split
    for number, line in enumerate(decode_lines(data, name), start=1):
        # a "token" of only other whitespace (e.g. a no-break space) is not one
        tokens = [t for t in split(line) if t and not t.isspace()]
        if tokens:
            sentences.append(Sentence(tokens=tokens, line=number))
    return Segmentation(name=name, format="text", level=level, sentences=sentences)


def write_tokenized(segmentation: Segmentation) -> str:
    """One sentence per line, tokens joined by one space."""
    return "".join(" ".join(s.tokens) + "\n" for s in segmentation.sentences)
