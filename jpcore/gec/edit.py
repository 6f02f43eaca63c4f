"""An extracted edit, and applying edits to a sentence.

An :class:`Edit` replaces ``orig[o_start:o_end]`` by ``cor[c_start:c_end]``;
:attr:`Edit.cor` holds those corrected tokens, so an edit can be written as
an M2 line (:meth:`Edit.to_m2`) and applied without the corrected sentence.
:func:`apply_edits` rebuilds a corrected sentence from the original and a
list of ``(start, end, tokens)`` changes, which is how M2 edits are read.

>>> apply_edits("She go to school every days .".split(), [(1, 2, ["goes"]), (5, 6, ["day"])])
['She', 'goes', 'to', 'school', 'every', 'day', '.']
>>> Edit(1, 2, 1, 2, "R:SPELL", ("receive",)).to_m2()
M2Edit(start=1, end=2, type='R:SPELL', cor='receive', coder=0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from jpcore.formats.m2 import M2Edit

__all__ = ["Edit", "apply_edits"]


class Edit(NamedTuple):
    """One edit: ``orig[o_start:o_end]`` -> ``cor[c_start:c_end]`` (= :attr:`cor`), typed."""

    o_start: int
    o_end: int
    c_start: int
    c_end: int
    type: str
    cor: tuple[str, ...]

    def to_m2(self, coder: int = 0) -> M2Edit:
        """The edit as an M2 edit line's fields (correction = tokens joined by one space)."""
        return M2Edit(self.o_start, self.o_end, self.type, " ".join(self.cor), coder)


def apply_edits(orig: Sequence[str], changes: Iterable[tuple[int, int, Sequence[str]]]) -> list[str]:
    """``orig`` with each ``(start, end, tokens)`` change applied.

    Changes are applied in order of ``(start, end)``, keeping their given
    order among equal keys (several insertions at one position are inserted
    in that order).  Overlapping changes raise ``ValueError``.

    >>> apply_edits(["a", "b"], [(1, 1, ["x"]), (1, 1, ["y"]), (0, 2, [])])
    Traceback (most recent call last):
    ...
    ValueError: change (1, 1) overlaps the change before it (up to 2)
    >>> apply_edits(["a", "b"], [(1, 1, ["x"]), (1, 1, ["y"]), (1, 2, ["c"])])
    ['a', 'x', 'y', 'c']
    """
    out: list[str] = []
    position = 0
    for start, end, tokens in sorted(changes, key=lambda change: (change[0], change[1])):
        if start < position or end > len(orig):
            raise ValueError(f"change ({start}, {end}) overlaps the change before it (up to {position})"
                             if start < position else f"change ({start}, {end}) is past the sentence's end")
        out.extend(orig[position:start])
        out.extend(tokens)
        position = end
    out.extend(orig[position:])
    return out
