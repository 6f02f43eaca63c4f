"""One aligned unit of a jp-errant result: its original blocks on each side and how its edits were mapped.

A side is named ``"gold"`` (the reference M2 file) or ``"sys"`` (the
system's, errant's hypothesis); :data:`SIDES` lists them, gold first.  The
public JSON keeps errant's file words: a unit's sides are written under
``"ref"`` and ``"hyp"`` (:meth:`GecUnit.to_dict`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jpcore.align import EXACT, GroupShape
from jpcore.formats.m2 import M2Block, M2Edit
from jpcore.gec.concat import DroppedEdit

__all__ = ["SIDES", "GecUnit", "identity_unit"]

#: The two sides of a unit, gold first.
SIDES = ("gold", "sys")
#: The key of each side in the public JSON (errant's file words).
JSON_KEYS = {"gold": "ref", "sys": "hyp"}

Origins = tuple[tuple[int, int] | None, ...] | None


@dataclass(frozen=True, slots=True)
class GecUnit(GroupShape):
    """One aligned unit: the original blocks on each side and how its edits were mapped.

    ``gold``/``sys`` are the ranges of original block ids (0-based, errant's
    sentence ids) of the gold (reference) and system (hypothesis) file, as in
    :class:`jpcore.align.Group` (so ``shape`` and ``ratio`` read gold:system).
    Per side: ``*_lines`` the blocks' ``S`` line numbers, ``*_offsets`` the
    token offset of each block in the unit's sentence plus the total
    (``(0,)`` for a side without a block).  ``*_origins[i]`` is the
    ``(block id, edit index)`` of the aligned block's edit line ``i``
    (``None`` for a canonical noop line written for a block without edit
    lines); ``*_origins`` is ``None`` for a side of one block (its edit lines
    pass through: line ``i`` is the block's edit ``i``).  ``*_dropped`` are
    the noop lines the noop rule removed.
    """

    index: int
    kind: str
    gold: tuple[int, int]
    sys: tuple[int, int]
    gold_lines: tuple[int, ...]
    sys_lines: tuple[int, ...]
    gold_offsets: tuple[int, ...]
    sys_offsets: tuple[int, ...]
    similarity: float | None = None
    gold_origins: Origins = None
    sys_origins: Origins = None
    gold_dropped: tuple[DroppedEdit, ...] = ()
    sys_dropped: tuple[DroppedEdit, ...] = ()

    @property
    def gold_blocks(self) -> tuple[int, ...]:
        """Gold (reference) block ids of the unit."""
        return tuple(range(*self.gold))

    @property
    def sys_blocks(self) -> tuple[int, ...]:
        """System (hypothesis) block ids of the unit."""
        return tuple(range(*self.sys))

    @property
    def is_merged(self) -> bool:
        """True when a side concatenates more than one block."""
        return self.n_gold > 1 or self.n_sys > 1

    def _of(self, side: str, field: str) -> Any:
        if side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, not {side!r}")
        return getattr(self, f"{side}_{field}")

    def blocks(self, side: str) -> tuple[int, ...]:
        """Original block ids of ``side`` (``"gold"`` or ``"sys"``; ``ValueError`` otherwise)."""
        return self._of(side, "blocks")

    def lines(self, side: str) -> tuple[int, ...]:
        """``S`` line numbers of ``side``'s original blocks."""
        return self._of(side, "lines")

    def offsets(self, side: str) -> tuple[int, ...]:
        """Token offsets of ``side``'s original blocks in the unit, plus the total."""
        return self._of(side, "offsets")

    def origins(self, side: str) -> Origins:
        """Provenance of each aligned edit line of ``side`` (``None``: one block, passed through)."""
        return self._of(side, "origins")

    def dropped(self, side: str) -> tuple[DroppedEdit, ...]:
        """Noop lines of ``side`` removed by the noop rule."""
        return self._of(side, "dropped")

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready); ``blocks`` spells out the ranges for a reader."""
        data: dict[str, Any] = {
            "index": self.index, "kind": self.kind, "gold": list(self.gold), "sys": list(self.sys),
            "similarity": self.similarity,
        }
        for side, blocks, lines, offsets, origins, dropped in (  # the JSON's order: "hyp", then "ref"
            ("sys", self.sys, self.sys_lines, self.sys_offsets, self.sys_origins, self.sys_dropped),
            ("gold", self.gold, self.gold_lines, self.gold_offsets, self.gold_origins, self.gold_dropped),
        ):
            data[JSON_KEYS[side]] = {
                "blocks": list(range(*blocks)),
                "lines": list(lines),
                "offsets": list(offsets),
                "origins": _origins_to_list(origins),
                "dropped": [[d.block, d.index, *d.edit] for d in dropped],
            }
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GecUnit:
        """Inverse of :meth:`to_dict`."""
        sides = {}
        for side in SIDES:
            item = data[JSON_KEYS[side]]
            sides[side] = (
                tuple(item["lines"]), tuple(item["offsets"]), _origins_from_list(item["origins"]),
                tuple(DroppedEdit(d[0], d[1], M2Edit(*d[2:])) for d in item["dropped"]),
            )
        gold, sys = sides["gold"], sides["sys"]
        return cls(
            data["index"], data["kind"], tuple(data["gold"]), tuple(data["sys"]), gold[0], sys[0],
            gold[1], sys[1], data["similarity"], gold[2], sys[2], gold[3], sys[3],
        )


def identity_unit(index: int, gold_block: M2Block, sys_block: M2Block) -> GecUnit:
    """The unit of one gold and one system block paired as errant pairs them (nothing aligned)."""
    return GecUnit(
        index, EXACT, (gold_block.index, gold_block.index + 1), (sys_block.index, sys_block.index + 1),
        (gold_block.line,), (sys_block.line,),
        (0, len(gold_block.sentence.split())), (0, len(sys_block.sentence.split())),
    )


def _origins_to_list(origins: Origins) -> list[Any] | None:
    if origins is None:
        return None
    return [list(o) if o is not None else None for o in origins]


def _origins_from_list(data: list[Any] | None) -> Origins:
    if data is None:
        return None
    return tuple(tuple(o) if o is not None else None for o in data)
