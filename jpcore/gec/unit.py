"""One aligned unit of a jp-errant result: its original blocks on each side and how its edits were mapped."""

from __future__ import annotations

from typing import Any, NamedTuple

from jpcore.align import EXACT, GroupShape
from jpcore.formats.m2 import M2Block, M2Edit
from jpcore.gec.concat import DroppedEdit

__all__ = ["GecUnit", "identity_unit"]


class GecUnit(NamedTuple):
    """One aligned unit: the original blocks on each side and how its edits were mapped.

    ``sys``/``gold`` are the ranges of original block ids (0-based, errant's
    sentence ids) of the system (hypothesis) and gold (reference) file, as in
    :class:`jpcore.align.Group` (so ``shape`` and ``ratio`` read gold:system);
    ``hyp_*``/``ref_*`` describe the same two sides in errant's terms:
    ``*_lines`` the blocks' ``S`` line numbers, ``*_offsets`` the token offset
    of each block in the unit's sentence plus the total (``(0,)`` for a side
    without a block).  ``*_origins[i]`` is the ``(block id, edit index)`` of
    the aligned block's edit line ``i`` (``None`` for a canonical noop line
    written for a block without edit lines); ``*_origins`` is ``None`` for a
    side of one block (its edit lines pass through: line ``i`` is the
    block's edit ``i``).  ``*_dropped`` are the noop lines the noop rule
    removed.
    """

    index: int
    kind: str
    gold: tuple[int, int]
    sys: tuple[int, int]
    hyp_lines: tuple[int, ...]
    ref_lines: tuple[int, ...]
    hyp_offsets: tuple[int, ...]
    ref_offsets: tuple[int, ...]
    similarity: float | None = None
    hyp_origins: tuple[tuple[int, int] | None, ...] | None = None
    ref_origins: tuple[tuple[int, int] | None, ...] | None = None
    hyp_dropped: tuple[DroppedEdit, ...] = ()
    ref_dropped: tuple[DroppedEdit, ...] = ()

    # the counting properties every aligned group has (gold:system)
    n_gold = GroupShape.n_gold
    n_sys = GroupShape.n_sys
    shape = GroupShape.shape
    ratio = GroupShape.ratio

    @property
    def hyp_blocks(self) -> tuple[int, ...]:
        """System (hypothesis) block ids of the unit."""
        return tuple(range(*self.sys))

    @property
    def ref_blocks(self) -> tuple[int, ...]:
        """Gold (reference) block ids of the unit."""
        return tuple(range(*self.gold))

    @property
    def is_merged(self) -> bool:
        """True when a side concatenates more than one block."""
        return self.n_gold > 1 or self.n_sys > 1

    def blocks(self, side: str) -> tuple[int, ...]:
        """Original block ids of ``side`` (``"hyp"`` or ``"ref"``)."""
        return self.hyp_blocks if side == "hyp" else self.ref_blocks

    def lines(self, side: str) -> tuple[int, ...]:
        """``S`` line numbers of ``side``'s original blocks."""
        return self.hyp_lines if side == "hyp" else self.ref_lines

    def offsets(self, side: str) -> tuple[int, ...]:
        """Token offsets of ``side``'s original blocks in the unit, plus the total."""
        return self.hyp_offsets if side == "hyp" else self.ref_offsets

    def origins(self, side: str) -> tuple[tuple[int, int] | None, ...] | None:
        """Provenance of each aligned edit line of ``side`` (``None``: one block, passed through)."""
        return self.hyp_origins if side == "hyp" else self.ref_origins

    def dropped(self, side: str) -> tuple[DroppedEdit, ...]:
        """Noop lines of ``side`` removed by the noop rule."""
        return self.hyp_dropped if side == "hyp" else self.ref_dropped

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready); ``blocks`` spells out the ranges for a reader."""
        data: dict[str, Any] = {
            "index": self.index, "kind": self.kind, "gold": list(self.gold), "sys": list(self.sys),
            "similarity": self.similarity,
        }
        for side in ("hyp", "ref"):
            data[side] = {
                "blocks": list(self.blocks(side)),
                "lines": list(self.lines(side)),
                "offsets": list(self.offsets(side)),
                "origins": _origins_to_list(self.origins(side)),
                "dropped": [[d.block, d.index, *d.edit] for d in self.dropped(side)],
            }
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GecUnit:
        """Inverse of :meth:`to_dict`."""
        sides = {}
        for side in ("hyp", "ref"):
            item = data[side]
            sides[side] = (
                tuple(item["lines"]), tuple(item["offsets"]), _origins_from_list(item["origins"]),
                tuple(DroppedEdit(d[0], d[1], M2Edit(*d[2:])) for d in item["dropped"]),
            )
        hyp, ref = sides["hyp"], sides["ref"]
        return cls(
            data["index"], data["kind"], tuple(data["gold"]), tuple(data["sys"]), hyp[0], ref[0],
            hyp[1], ref[1], data["similarity"], hyp[2], ref[2], hyp[3], ref[3],
        )


def identity_unit(index: int, hyp_block: M2Block, ref_block: M2Block) -> GecUnit:
    return GecUnit(
        index, EXACT, (ref_block.index, ref_block.index + 1), (hyp_block.index, hyp_block.index + 1),
        (hyp_block.line,), (ref_block.line,),
        (0, len(hyp_block.sentence.split())), (0, len(ref_block.sentence.split())),
    )


def _origins_to_list(origins: tuple[tuple[int, int] | None, ...] | None) -> list[Any] | None:
    if origins is None:
        return None
    return [list(o) if o is not None else None for o in origins]


def _origins_from_list(data: list[Any] | None) -> tuple[tuple[int, int] | None, ...] | None:
    if data is None:
        return None
    return tuple(tuple(o) if o is not None else None for o in data)
