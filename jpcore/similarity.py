"""Space-free keys: the normalisation that makes both sides comparable.

Gold and system are compared on their *normalised, whitespace-free*
characters.  A :class:`Normaliser` turns one token into its key:

1. whitespace inside the token is deleted (Unicode ``Zs`` and the other
   ``str.isspace`` characters, as the CoNLL 2018 script deletes Zs);
2. a whole-token table maps e.g. ``-LRB-`` to ``(``;
3. an inside table replaces substrings in order (```` `` ```` and ``''`` to
   ``"``, then `````` ` `````` to ``'``);
4. optionally, contraction equivalences (``ca`` to ``can``, ``n't`` to
   ``not``) and case folding.

The tables are data (``jpcore/data/normalisation.json``), one per language,
and the same table is applied to both sides at every level, so the mapping
can never make one side "win".  The original token is always kept for
display; only the key is used for alignment.

>>> n = Normaliser.for_language("en")
>>> [n.key(t) for t in ["``", "Hi", "-LRB-", "don`t", "''"]]
['"', 'Hi', '(', "don't", '"']
>>> Normaliser.for_language("en", contractions=True).key("n't")
'not'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

# Every character for which ``str.isspace()`` is true (checked by a test),
# plus two invisible characters that are never part of the text.
WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
_INVISIBLE = "\u200b\ufeff"  # zero width space, byte order mark
_WHITESPACE = set(WHITESPACE + _INVISIBLE)
_DELETE_WHITESPACE = {ord(c): None for c in _WHITESPACE}


def strip_spaces(text: str) -> str:
    """``text`` without any whitespace character (Unicode-aware)."""
    return text.translate(_DELETE_WHITESPACE)


@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    raw = resources.files("jpcore").joinpath("data/normalisation.json").read_text("utf-8")
    return json.loads(raw)


def known_languages() -> list[str]:
    """Names of the bundled normalisation tables."""
    return sorted(_tables()["tables"])


@dataclass(frozen=True)
class Normaliser:
    """Maps a token to its whitespace-free comparison key (see module doc)."""

    name: str = "en"
    inside: tuple[tuple[str, str], ...] = ()
    whole: dict[str, str] = field(default_factory=dict)
    contractions: dict[str, str] = field(default_factory=dict)
    casefold: bool = False

    @classmethod
    def for_language(
        cls, language: str = "", *, contractions: bool = False, casefold: bool = False
    ) -> Normaliser:
        """The bundled table for ``language`` (the default table if unknown)."""
        data = _tables()
        name = language if language in data["tables"] else data["default"]
        table = data["tables"][name]
        equivalences = data["contractions"].get(name, {}) if contractions else {}
        return cls(
            name=name,
            inside=tuple((a, b) for a, b in table["inside"]),
            whole=dict(table["whole"]),
            contractions=dict(equivalences),
            casefold=casefold,
        )

    def key(self, token: str) -> str:
        """The comparison key of one token."""
        text = strip_spaces(token)
        text = self.whole.get(text, text)
        for old, new in self.inside:
            if old in text:
                text = text.replace(old, new)
        if self.contractions:
            folded = text.lower()
            if folded in self.contractions:
                text = self.contractions[folded]
        if self.casefold:
            text = text.casefold()
        return text

    def describe(self) -> str:
        """One line naming the table in force, for every report."""
        parts = [f"normalisation table '{self.name}'"]
        parts.append("contraction equivalences on" if self.contractions else "contractions kept")
        parts.append("case-insensitive" if self.casefold else "case-sensitive")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description (enough to rebuild the same normaliser)."""
        return {"name": self.name, "contractions": bool(self.contractions), "casefold": self.casefold}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Normaliser:
        """Inverse of :meth:`to_dict`."""
        return cls.for_language(
            data["name"], contractions=data["contractions"], casefold=data["casefold"]
        )
