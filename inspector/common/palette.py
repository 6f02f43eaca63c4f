"""The app's colours and how each kind of aligned group is shown.

Contract:

* the colours are the Okabe–Ito colour-blind-safe palette, taken from
  :data:`jpcore.reports.markup.COLOURS` (the HTML report's), so the app and
  the report draw with the same colours from one table;
* colour is never the only signal: every word a group is shown by
  (:data:`jpcore.align.DISPLAY_KINDS`: exact, split, merged, regrouped,
  similar, different, gold-only, system-only) also has a symbol
  (✓ ÷ ∪ ± ≈ ≠ − +), a label and a border style (:data:`KIND_STYLES`),
  which every evaluation view uses for its units;
* a group's kind ``merged`` (the same characters cut differently) is shown
  by its shape's word: :func:`kind_style` and :func:`group_word` take the
  shape and ask :func:`jpcore.align.kind_word`, the one mapping.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.align.serial import kind_word
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


#: One style per word a group is shown by (:data:`jpcore.align.DISPLAY_KINDS`, in its order).
KIND_STYLES: dict[str, KindStyle] = {
    "exact": KindStyle("✓", "exact", BLUISH_GREEN, "solid",
                       "same characters, one unit on each side"),
    "split": KindStyle("÷", "split", ORANGE, "dashed",
                       "1:n: one gold unit cut into several system units (the same characters)"),
    "merged": KindStyle("∪", "merged", ORANGE, "dashed",
                        "n:1: several gold units joined into one system unit (the same characters)"),
    "regrouped": KindStyle("±", "regrouped", ORANGE, "dashed",
                           "m:n: the same characters cut into different units on both sides"),
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
#: An exact sentence whose tokens are not all correct: never the green of a correct unit.
EXACT_SENTENCE_TOKEN_ERRORS = KindStyle("✓", "exact", YELLOW, "solid",
                                        "the sentence boundaries are exact, but some tokens are not")


def group_word(kind: str, shape: str | None = None) -> str:
    """The word a group of ``kind`` and ``shape`` is shown by (:func:`jpcore.align.kind_word`);
    ``kind`` itself when the shape is not known (a display word passes unchanged)."""
    return kind if shape is None else kind_word(kind, shape)


def kind_style(kind: str, shape: str | None = None) -> KindStyle:
    """The style of a group of ``kind`` and ``shape`` (:func:`group_word`), or of a display
    word given alone (a neutral one for an unknown word)."""
    return KIND_STYLES.get(group_word(kind, shape), _UNKNOWN)
