"""What the extractor may know about a token without a tagger.

A token is a whitespace-free string (M2 files are whitespace-tokenized).  The
only properties used are these: whether it is punctuation (every character
in a Unicode ``P*`` category), whether it holds a letter, and its
*squashed* form (lower case, without the hyphens and apostrophes that split
or join words), which tells a token split or join from a real change.

>>> is_punctuation(","), is_punctuation("—"), is_punctuation("..."), is_punctuation("°"), is_punctuation("a.")
(True, True, True, False, False)
>>> has_letter("40С"), has_letter("40")
(True, False)
>>> squash(["sub", "-", "Way"]) == squash(["subway"])
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from jpcore.memo import memoized

__all__ = ["has_letter", "is_punctuation", "squash"]


@memoized(maxsize=65536)
def is_punctuation(token: str) -> bool:
    """True if ``token`` is non-empty and every character is Unicode punctuation (``P*``)."""
    return bool(token) and all(unicodedata.category(char).startswith("P") for char in token)


def has_letter(token: str) -> bool:
    """True if ``token`` holds at least one letter."""
    return any(char.isalpha() for char in token)


def squash(tokens: Iterable[str]) -> str:
    """The tokens joined without spaces, lower-cased, without ``-`` and ``'``."""
    return "".join(tokens).lower().replace("-", "").replace("'", "")
