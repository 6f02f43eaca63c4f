"""How a constituent's status is drawn in a tree: colour, line and symbol.

Contract: :data:`STATUS_STYLES` maps each status of
:data:`jpcore.parseval.result.STATUSES` to a :class:`StatusStyle`;
:data:`UNLOCATED` is the style of a constituent with an edge inside a
rewritten stretch (never matched); :func:`style_of` picks the style of a
constituent.  A status is shown by colour (Okabe–Ito) **and** by shape, so
the trees can be read without colour: matched = rounded box, solid line, ✓;
gold-only / system-only = square box, dashed line, − / +; crossing = square
box, dotted thick line, ✗; not located = grey dotted, ?.  Plain data: the
SVG writer (:mod:`jpcore.parseval.tree_svg`) and the app read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.parseval.result import CROSSING, GOLD_ONLY, MATCHED, SYSTEM_ONLY, Constituent
from jpcore.reports.markup import COLOURS


@dataclass(frozen=True, slots=True)
class StatusStyle:
    """How a constituent status is drawn."""

    symbol: str
    label: str
    colour: str
    dash: str  # SVG stroke-dasharray ("" = solid)
    width: float
    radius: int
    meaning: str


STATUS_STYLES: dict[str, StatusStyle] = {
    MATCHED: StatusStyle("✓", "matched", COLOURS["green"], "", 2, 8,
                         "same label and same span (in word units) on the other side"),
    GOLD_ONLY: StatusStyle("−", "gold only", COLOURS["vermillion"], "6 3", 2, 0,
                           "a gold constituent the system does not have"),
    SYSTEM_ONLY: StatusStyle("+", "system only", COLOURS["blue"], "6 3", 2, 0,
                             "a system constituent gold does not have"),
    CROSSING: StatusStyle("✗", "crossing", COLOURS["orange"], "2 2", 3.5, 0,
                          "unmatched and overlapping a bracket of the other side partially"),
}
#: Constituents with an edge inside a rewritten (similar) many-to-many word unit.
UNLOCATED = StatusStyle("?", "not located", "#777777", "1 3", 2, 0,
                        "an edge lies inside a stretch the other side wrote differently: never matched")


def style_of(constituent: Constituent) -> StatusStyle:
    """The drawing style of a constituent."""
    return STATUS_STYLES[constituent.status] if constituent.located else UNLOCATED
