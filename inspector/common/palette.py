"""The app's colours and how each kind of aligned group is shown.

Contract:

* the colours are the Okabe–Ito colour-blind-safe palette, taken from
  :data:`jpcore.reports.markup.COLOURS` (the HTML report's), so the app and
  the report draw with the same colours from one table;
* colour is never the only signal: every kind of group of :mod:`jpcore.align`
  (exact, merged, similar, different, gold-only, system-only) also has a
  symbol (✓ ± ≈ ≠ − +), a label and a border style (:data:`KIND_STYLES`),
  which every evaluation view uses for its units.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.reports.markup import COLOURS

# Okabe & Ito (2008), "Color Universal Design".
BLACK = COLOURS["black"]
ORANGE = COLOURS["orange"]
SKY_BLUE = COLOURS["sky"]
BLUISH_GREEN = COLOURS["green"]
YELLOW = COLOURS["yellow"]
BLUE = COLOURS["blue"]
VERMILLION = COLOURS["vermillion"]
REDDISH_PURPLE = COLOURS["purple"]
#: The neutral of what has no colour of its own (an unknown status); not an Okabe–Ito colour.
GREY = "#777777"


@dataclass(frozen=True, slots=True)
class KindStyle:
    """How a unit or word group kind is shown: symbol, label, colour, border."""

    symbol: str
    label: str
    colour: str
    border: str
    meaning: str


#: One style per kind of :mod:`jpcore.align`.
KIND_STYLES: dict[str, KindStyle] = {
    "exact": KindStyle("✓", "exact", BLUISH_GREEN, "solid",
                       "same characters, one unit on each side"),
    "merged": KindStyle("±", "merged", ORANGE, "dashed",
                        "same characters cut into different units"),
    "similar": KindStyle("≈", "similar", REDDISH_PURPLE, "dotted",
                         "the characters differ, but it is the same text rewritten (Jaro-Winkler ≥ 0.91)"),
    "different": KindStyle("≠", "different", SKY_BLUE, "dotted",
                           "the characters differ and are not similar (Jaro-Winkler < 0.91): unrelated text"),
    "gold-only": KindStyle("−", "gold only", VERMILLION, "double",
                           "text only the gold file has"),
    "system-only": KindStyle("+", "system only", BLUE, "double",
                             "text only the system file has"),
}
_UNKNOWN = KindStyle("?", "unknown", BLACK, "solid", "")


def kind_style(kind: str) -> KindStyle:
    """The style of a kind (a neutral one for an unknown kind)."""
    return KIND_STYLES.get(kind, _UNKNOWN)
