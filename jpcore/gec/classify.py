"""Coarse edit types without a tagger, in ERRANT's form ``OP:CLASS``.

The operation is ``M`` (missing: nothing in the original), ``U``
(unnecessary: nothing in the correction) or ``R`` (replacement).  The class
is the first that fits, in this order:

* ``ORTH``: the two sides differ only in case and/or spaces (``my`` -> ``My``,
  ``every one`` -> ``everyone``);
* ``WO``: the same tokens (ignoring case) in another order (two or more);
* ``PUNCT``: every token on both sides is a punctuation mark;
* ``SPELL``: one word replaced by one word with at most ``SPELL_EDITS`` (2)
  character edits (insertion, deletion, substitution, swap of adjacent
  characters; case ignored), fewer than half the longer word's length, and
  not only at the word's end: a changed ending (``go`` -> ``goes``,
  ``day`` -> ``days``, ``мені`` -> ``мене``) is usually inflection, which only
  a tagger can tell from a misspelling, so it is ``OTHER``.  "Only at the
  end" means both words share their first ``max(2, longer - 3)`` characters;
* ``OTHER``: everything else.

These classes are coarse by design: ERRANT's part-of-speech classes (``VERB``,
``NOUN:NUM``, ``PREP``, ...) need a tagger and all fall in ``OTHER`` here.

>>> classify(["recieve"], ["receive"]), classify([], [","]), classify(["the"], [])
('R:SPELL', 'M:PUNCT', 'U:OTHER')
>>> classify(["my"], ["My"]), classify(["last", "year", "visited"], ["visited", "last", "year"])
('R:ORTH', 'R:WO')
>>> classify(["go"], ["goes"]), classify(["for"], ["in"]), classify([":"], ["."])
('R:OTHER', 'R:OTHER', 'R:PUNCT')
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.gec.charsim import char_distance
from jpcore.gec.tokens import has_letter, is_punctuation

__all__ = ["CLASSES", "SPELL_EDITS", "classify", "operation"]

CLASSES = ("ORTH", "WO", "PUNCT", "SPELL", "OTHER")
"""The classes :func:`classify` gives, in the order they are tried."""
SPELL_EDITS = 2
"""At most this many character edits make a one-word replacement ``SPELL``."""


def operation(orig: Sequence[str], cor: Sequence[str]) -> str:
    """``M`` if ``orig`` is empty, ``U`` if ``cor`` is empty, else ``R``."""
    if not orig:
        return "M"
    if not cor:
        return "U"
    return "R"


def classify(orig: Sequence[str], cor: Sequence[str]) -> str:
    """The coarse type of the edit replacing tokens ``orig`` by tokens ``cor``."""
    return f"{operation(orig, cor)}:{edit_class(orig, cor)}"


def edit_class(orig: Sequence[str], cor: Sequence[str]) -> str:
    """The class of :func:`classify` (one of :data:`CLASSES`).

    >>> edit_class(["Every", "one"], ["everyone"]), edit_class(["a", "b"], ["B", "a"])
    ('ORTH', 'WO')
    >>> edit_class(["погоджуйтеся"], ["погоджуєтеся"]), edit_class(["особняку"], ["особняка"])
    ('SPELL', 'OTHER')
    """
    if orig and cor:
        if "".join(orig).lower() == "".join(cor).lower():
            return "ORTH"
        if len(orig) >= 2 and sorted(t.lower() for t in orig) == sorted(t.lower() for t in cor):
            return "WO"
    if all(is_punctuation(token) for token in (*orig, *cor)):
        return "PUNCT"
    if len(orig) == 1 and len(cor) == 1 and _is_spelling(orig[0].lower(), cor[0].lower()):
        return "SPELL"
    return "OTHER"


def _is_spelling(orig: str, cor: str) -> bool:
    if not (has_letter(orig) and has_letter(cor)):
        return False
    longer = max(len(orig), len(cor))
    edits = char_distance(orig, cor)
    if edits > SPELL_EDITS or 2 * edits >= longer:
        return False
    shared = max(2, longer - 3)
    return not (orig[:shared] == cor[:shared] and len(orig) >= shared and len(cor) >= shared)
