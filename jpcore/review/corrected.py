"""A corrected gold to take away: the units judged ``gold error`` take the system's lines.

Contract: :func:`corrected_gold` returns the gold file's bytes with, for each
unit whose verdict is ``gold error``, the lines of the unit's gold sentences
replaced by the lines of its system sentences, copied from the system file
(the system's reading is the right one there), and every other line
byte-identical to the gold file.  What a unit's lines are, per format:

* tokenized text (preprocess): one line per sentence;
* CoNLL-U (preprocess, ud): a sentence's block, its comment lines and its
  word lines (multiword token lines and empty nodes included), not the blank
  line that ends it;
* bracketed trees (parseval): a tree's lines; a pair whose trees share a
  line with another tree cannot be cut by lines and is left as it is
  (:attr:`CorrectedGold.skipped` says so);
* M2 (gec): a block's ``S`` line and its edit lines, so the system's edits
  for the sentence are taken (the gold annotators' lines of that block go).

A unit with no system sentence removes its gold lines (and, between blocks,
one blank line); a unit with no gold sentence inserts the system's before
the next unit's lines.  Copied lines end as the gold file's lines end
(``\\n`` or ``\\r\\n``).  Both files must be in the same format.
:attr:`CorrectedGold.corrections` lists each change (unit, gold lines,
before, after) for a diff view.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jpcore.review.verdicts import GOLD_ERROR

__all__ = ["Correction", "CorrectedGold", "corrected_gold", "split_lines"]

_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_BOM = b"\xef\xbb\xbf"
Extent = tuple[int, int]  # 0-based line indices, first and last (inclusive)


@dataclass(frozen=True)
class Correction:
    """One unit taken from the system: its index, the gold lines it replaced (1-based,
    inclusive; ``(n, n - 1)`` for an insertion before line ``n``), the text before
    and after."""

    unit: int
    gold_lines: tuple[int, int]
    before: str
    after: str


@dataclass
class CorrectedGold:
    """The corrected gold file's bytes, what changed, and the units left as they were."""

    data: bytes
    corrections: list[Correction] = field(default_factory=list)
    #: ``(unit index, why)`` of the units judged gold error that could not be taken.
    skipped: list[tuple[int, str]] = field(default_factory=list)


def split_lines(data: bytes) -> list[bytes]:
    """``data`` as lines, each with its own line end (``\\n``, ``\\r\\n`` or ``\\r``).

    >>> split_lines(b"a\\r\\nb\\rc\\nd")
    [b'a\\r\\n', b'b\\r', b'c\\n', b'd']
    """
    return _LINE.findall(data)


def _blank(line: bytes) -> bool:
    return not line.strip()


def _content(line: bytes) -> bytes:
    return line.rstrip(b"\r\n")


def corrected_gold(result: Any, gold_data: bytes, sys_data: bytes, verdicts: dict[int, Any]) -> CorrectedGold:
    """The gold with the units of ``verdicts`` (unit index -> review) judged gold error
    taken from the system (module doc).  ``ValueError`` when the two files are not in
    the same format."""
    from jpcore.review.identity import task_name

    name = task_name(result)
    gold_lines, sys_lines = split_lines(gold_data), split_lines(sys_data)
    extents, block = _EXTENTS[name](result, gold_lines, sys_lines)
    newline = next((line[len(_content(line)):] for line in gold_lines if line.endswith((b"\n", b"\r"))), b"\n")
    out = CorrectedGold(b"")
    replacements: list[tuple[int, int, list[bytes]]] = []  # gold [start, end) -> lines
    units = result.units
    for index in sorted(i for i, review in verdicts.items() if review.verdict == GOLD_ERROR):
        gold_extent, sys_extent, problem = extents(index)
        if problem:
            out.skipped.append((index, problem))
            continue
        new = [] if sys_extent is None else [_content(line) + newline for line in sys_lines[sys_extent[0]:sys_extent[1] + 1]]
        if new and sys_extent[0] == 0 and new[0].startswith(_BOM):
            new[0] = new[0][len(_BOM):]
        if gold_extent is None:  # nothing on the gold side: insert before the next unit's lines
            at = next((e[0] for i in range(index + 1, len(units)) if (e := extents(i)[0]) is not None), len(gold_lines))
            if at < len(gold_lines):
                new = new + [newline] if block else new  # the inserted block's blank line
            else:
                ended = not gold_lines or gold_lines[-1].endswith((b"\n", b"\r"))
                blank_before = block and bool(gold_lines) and not (ended and _blank(gold_lines[-1]))
                new = ([] if ended else [newline]) + ([newline] if blank_before else []) + new
            start = end = at
        else:
            start, end = gold_extent[0], gold_extent[1] + 1
            if not new and block and end < len(gold_lines) and _blank(gold_lines[end]):
                end += 1  # the block's blank line goes with it
            if new and end == len(gold_lines) and not gold_lines[-1].endswith((b"\n", b"\r")):
                new[-1] = _content(new[-1])  # the gold file ended without a line end: so does this
        replacements.append((start, end, new))
        out.corrections.append(Correction(index, (start + 1, end), _decode(gold_lines[start:end]), _decode(new)))
    pieces = []
    at = 0
    for start, end, new in sorted(replacements, key=lambda r: (r[0], r[1])):
        pieces.extend(gold_lines[at:start])
        pieces.extend(new)
        at = end
    pieces.extend(gold_lines[at:])
    out.data = b"".join(pieces)
    return out


def _decode(lines: list[bytes]) -> str:
    return b"".join(lines).decode("utf-8", errors="replace")


# -- where each unit's lines are, per task

ExtentsOf = Callable[[int], tuple["Extent | None", "Extent | None", str]]


def _span(extents: list[Extent], first: int, end: int) -> Extent | None:
    """Lines from sentence ``first``'s first to sentence ``end - 1``'s last (``None`` if none)."""
    return None if first == end else (extents[first][0], extents[end - 1][1])


def _sentence_extents(segmentation: Any, lines: list[bytes]) -> list[Extent]:
    """Each sentence's lines: its line (text), or its CoNLL-U block without the blank line."""
    out = []
    for sentence in segmentation.sentences:
        first = last = sentence.line - 1
        if segmentation.format == "conllu":
            while first > 0 and _content(lines[first - 1]).startswith(b"#"):
                first -= 1
            while last + 1 < len(lines) and not _blank(lines[last + 1]):
                last += 1
        out.append((first, last))
    return out


def _segmented(gold: Any, system: Any, units: list[Any], gold_lines: list[bytes],
               sys_lines: list[bytes]) -> tuple[ExtentsOf, bool]:
    if gold.format != system.format:
        raise ValueError(f"a corrected gold takes the system's lines: both files must be in one format "
                         f"(gold is {gold.format}, system {system.format})")
    gold_extents, sys_extents = _sentence_extents(gold, gold_lines), _sentence_extents(system, sys_lines)

    def extents(index: int) -> tuple[Extent | None, Extent | None, str]:
        unit = units[index]
        return _span(gold_extents, *unit.gold), _span(sys_extents, *unit.sys), ""

    return extents, gold.format == "conllu"


def _preprocess(result: Any, gold_lines: list[bytes], sys_lines: list[bytes]) -> tuple[ExtentsOf, bool]:
    return _segmented(result.gold, result.system, result.units, gold_lines, sys_lines)


def _ud(result: Any, gold_lines: list[bytes], sys_lines: list[bytes]) -> tuple[ExtentsOf, bool]:
    return _segmented(result.gold.segmentation, result.system.segmentation, result.units, gold_lines, sys_lines)


def _parseval(result: Any, gold_lines: list[bytes], sys_lines: list[bytes]) -> tuple[ExtentsOf, bool]:
    def tree_extents(trees: list[Any]) -> list[Extent]:
        return [(tree.first_line - 1, tree.last_line - 1) for tree in trees]

    gold_trees, sys_trees = tree_extents(result.gold_trees), tree_extents(result.sys_trees)

    def alone(extents: list[Extent], first: int, end: int) -> bool:
        """The trees ``first:end`` share no line with the trees before and after them."""
        return first == end or ((first == 0 or extents[first - 1][1] < extents[first][0])
                                and (end == len(extents) or extents[end][0] > extents[end - 1][1]))

    def extents(index: int) -> tuple[Extent | None, Extent | None, str]:
        pair = result.units[index]
        if not (alone(gold_trees, *pair.gold) and alone(sys_trees, *pair.sys)):
            return None, None, "its trees share a line with another tree"
        return _span(gold_trees, *pair.gold), _span(sys_trees, *pair.sys), ""

    return extents, False


def _gec(result: Any, gold_lines: list[bytes], sys_lines: list[bytes]) -> tuple[ExtentsOf, bool]:
    def block(lines: list[bytes], s_line: int) -> Extent:
        last = s_line - 1
        while last + 1 < len(lines) and not _blank(lines[last + 1]):
            last += 1
        return (s_line - 1, last)

    def side(lines: list[bytes], s_lines: tuple[int, ...]) -> Extent | None:
        if not s_lines:
            return None
        return (block(lines, s_lines[0])[0], block(lines, s_lines[-1])[1])

    def extents(index: int) -> tuple[Extent | None, Extent | None, str]:
        unit = result.units[index]
        return side(gold_lines, unit.gold_lines), side(sys_lines, unit.sys_lines), ""

    return extents, True


_EXTENTS: dict[str, Callable[[Any, list[bytes], list[bytes]], tuple[ExtentsOf, bool]]] = {
    "preprocess": _preprocess, "parseval": _parseval, "gec": _gec, "ud": _ud,
}
