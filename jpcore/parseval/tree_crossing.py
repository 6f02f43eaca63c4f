"""The crossing count of a tree pair and its ✗ marks, explained in one sentence.

EVALB's "Cross" column counts the *system* brackets that cross a gold
bracket (overlap it without nesting); the trees mark ✗ on every *unmatched*
bracket, gold or system, that crosses a bracket of the other side.  So a
pair counted "2 crossing" can show 5 ✗: the 2 system brackets and the 3 gold
brackets they cross (and a matched system bracket that crosses is counted
but keeps its ✓).  Contract: :func:`crossing_counts` reads those numbers from
the pair's constituents (jpcore computed them; nothing is scored here) and
:func:`crossing_sentence` says them in words that agree with the marks.

>>> crossing_sentence_of(CrossingCounts(cross=2, sys_marked=2, gold_marked=3, sys_matched=0))
"2 crossing (EVALB's count: system brackets that cross a gold bracket); ✗ marks the unmatched brackets that cross one of the other side: 2 system and 3 gold."
>>> crossing_sentence_of(CrossingCounts(0, 0, 0, 0))
'0 crossing: no bracket crosses a bracket of the other side, so nothing is marked ✗.'
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.parseval.result import CROSSING, MATCHED, TreePair


@dataclass(frozen=True, slots=True)
class CrossingCounts:
    """``cross`` (EVALB's count), the ✗ marks on each side, and the matched system
    brackets that cross (counted in ``cross``, marked ✓)."""

    cross: int
    sys_marked: int
    gold_marked: int
    sys_matched: int

    @property
    def marked(self) -> int:
        """How many brackets show ✗."""
        return self.sys_marked + self.gold_marked


def crossing_counts(pair: TreePair) -> CrossingCounts:
    """The counts of ``pair``, read from its constituents' statuses."""
    return CrossingCounts(
        cross=pair.cross,
        sys_marked=sum(1 for c in pair.sys_constituents if c.status == CROSSING),
        gold_marked=sum(1 for c in pair.gold_constituents if c.status == CROSSING),
        sys_matched=sum(1 for c in pair.sys_constituents if c.crosses and c.status == MATCHED),
    )


def _brackets(n: int) -> str:
    return f"{n} matched system bracket that crosses keeps its ✓" if n == 1 else \
        f"{n} matched system brackets that cross keep their ✓"


def crossing_sentence_of(counts: CrossingCounts) -> str:
    """The sentence for ``counts`` (see the module doc)."""
    if counts.cross == 0 and counts.marked == 0:
        return (f"{counts.cross} crossing: no bracket crosses a bracket of the other side, "
                "so nothing is marked ✗.")
    text = (f"{counts.cross} crossing (EVALB's count: system brackets that cross a gold bracket); "
            f"✗ marks the unmatched brackets that cross one of the other side: "
            f"{counts.sys_marked} system and {counts.gold_marked} gold")
    if counts.sys_matched:
        text += f" (counted but not marked: {_brackets(counts.sys_matched)})"
    return text + "."


def crossing_sentence(pair: TreePair) -> str:
    """One sentence saying what the pair's crossing count and its ✗ marks are."""
    return crossing_sentence_of(crossing_counts(pair))
