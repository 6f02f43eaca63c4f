"""Raw text: the untokenized document, used to place units in the text.

Raw text is not needed for counting.  It lets the app show where a unit
sits in the document and lets a tokenizer be run on it (teaching mode).
:func:`char_positions` maps each non-whitespace character of the raw text
to its index, which is how a unit's range in the whitespace-free stream
becomes a range in the document.
"""

from __future__ import annotations

from jpcore.formats.textio import decode_lines
from jpcore.formats.spaces import WHITESPACE


def read_raw(data: bytes | str, name: str) -> str:
    """The raw text, decoded and with LF line ends (errors name file and line)."""
    return "\n".join(decode_lines(data, name)) + "\n"


def char_positions(raw: str) -> list[int]:
    """Index in ``raw`` of every character that is not whitespace.

    >>> char_positions("a b\\nc")
    [0, 2, 4]
    """
    spaces = set(WHITESPACE)
    return [i for i, c in enumerate(raw) if c not in spaces]
