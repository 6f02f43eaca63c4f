"""Where two sides' characters differ, with the file lines to show a person.

Contract: :func:`differences_of` lists every differing stretch of a
character alignment (:meth:`~jpcore.align.streams.CharAlignment.differences`)
as a :class:`Difference` (its character ranges, at most 200 characters of
each side, the lines where it starts); :func:`first_difference_error` is the
``--strict`` refusal of the CoNLL 2018 script: file, line and 20 characters
of each side at the first difference.  preprocess and ud report both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jpcore.align.sides import Side
from jpcore.align.streams import CharAlignment
from jpcore.errors import InputError, show
from jpcore.formats.segmentation import Segmentation

__all__ = ["CharRanges", "Difference", "differences_of", "first_difference_error"]

#: Character ranges ``((gold_start, gold_end), (sys_start, sys_end))``.
CharRanges = tuple[tuple[int, int], tuple[int, int]]


@dataclass(slots=True)
class Difference:
    """A stretch where the two character streams differ.

    Character ranges are in the normalised streams; ``gold_line`` /
    ``sys_line`` are the file lines where the stretch starts.
    """

    gold_chars: tuple[int, int]
    sys_chars: tuple[int, int]
    gold_text: str
    sys_text: str
    gold_line: int | None
    sys_line: int | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "gold_chars": list(self.gold_chars),
            "sys_chars": list(self.sys_chars),
            "gold_text": self.gold_text,
            "sys_text": self.sys_text,
            "gold_line": self.gold_line,
            "sys_line": self.sys_line,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Difference:
        """Inverse of :meth:`to_dict`."""
        return cls(
            tuple(data["gold_chars"]),
            tuple(data["sys_chars"]),
            data["gold_text"],
            data["sys_text"],
            data["gold_line"],
            data["sys_line"],
        )


def _line_at(segmentation: Segmentation, side: Side, offset: int) -> int | None:
    if not segmentation.sentences:
        return None
    return segmentation.sentences[side.sentence_at(offset)].line


def first_difference_error(gold: Segmentation, sys: Segmentation, g: Side, s: Side,
                           chars: CharAlignment) -> InputError:
    """The ``--strict`` error: file, line and 20 characters of each side at the first difference."""
    (g0, _), (s0, _) = chars.differences()[0]
    return InputError(
        sys.name,
        _line_at(sys, s, s0),
        f"the same characters as {gold.name} line {_line_at(gold, g, g0)}: {show(g.stream[g0:g0 + 20])}",
        show(s.stream[s0 : s0 + 20]),
    )


def differences_of(
    gold: Segmentation, sys: Segmentation, g: Side, s: Side, chars: CharAlignment,
    resolved: Sequence[CharRanges] = (),
) -> list[Difference]:
    """Every differing stretch of ``chars`` with its text (200 characters at most)
    and lines, except those inside ``resolved`` units (equal under preprocess's
    contraction equivalences)."""
    out = []
    k = 0
    for (g0, g1), (s0, s1) in chars.differences():
        while k < len(resolved) and resolved[k][0][1] < g0:
            k += 1
        if k < len(resolved):
            (rg0, rg1), (rs0, rs1) = resolved[k]
            if rg0 <= g0 and g1 <= rg1 and rs0 <= s0 and s1 <= rs1:
                continue
        out.append(
            Difference(
                (g0, g1),
                (s0, s1),
                g.stream[g0:g1][:200],
                s.stream[s0:s1][:200],
                _line_at(gold, g, g0),
                _line_at(sys, s, s0),
            )
        )
    return out
