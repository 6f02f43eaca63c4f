"""The result of jp-errant: aligned units, the errant-exact result on the aligned files, edits, JSON.

Multi-annotator scores after merging are not strictly comparable to
errant's per-sentence figures: errant picks the best annotator per sentence,
jp-errant per aligned unit (:data:`NOTE_MULTI_ANNOTATOR`, added to the notes
of every result where it applies).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import chain
from operator import itemgetter
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, NamedTuple

from jpcore.align.serial import display_kind_counts
from jpcore.gec.error_types import TypeRow, type_parts, type_table
from jpcore.gec.options import GecOptions
from jpcore.peers.errant_compare import EditStatus, ErrantResult, f_score

if TYPE_CHECKING:
    from jpcore.gec.flat import FlatUnits
    from jpcore.gec.unit import GecUnit

# The units, the sentence aligner and the M2 writer (which import jpcore.align)
# are imported where they are used: scoring files whose sentences agree
# (``jpcore gec`` on errant's own input) never loads the alignment.

__all__ = ["DROPPED", "NOTE_MULTI_ANNOTATOR", "GecEdit", "GecResult"]

_EDITS = itemgetter(5)  # an M2Block's edits
_CODER = itemgetter(4)  # an M2Edit's coder

#: Status of a ``-1 -1`` line removed from a merged block by the noop rule.
DROPPED = "dropped"

NOTE_MULTI_ANNOTATOR = (
    "Multi-annotator scores after merging are not strictly comparable to errant's per-sentence "
    "figures: errant chooses the best annotator per sentence, jp-errant per aligned unit, and the "
    "noop rule decides which 'no correction' options survive in merged blocks."
)


class GecEdit(NamedTuple):
    """One edit of a unit, with where it came from and its fate.

    ``side`` is ``"gold"`` or ``"sys"``; ``block``/``line``/``orig_start``/``orig_end`` are in the original file
    (``block`` is ``None`` and ``line`` 0 for a canonical noop line standing
    for a block without edit lines); ``start``/``end`` are re-indexed into
    the unit's sentence.  ``status`` is one of errant_compare's statuses
    (TP, FP, FN, noop, filtered, other, partial, unscored) or
    :data:`DROPPED`; ``index`` is the position among the aligned block's
    edit lines (``None`` when dropped), ``partners`` the other side's
    matching edit lines.
    """

    unit: int
    side: str
    block: int | None
    line: int
    orig_start: int
    orig_end: int
    start: int
    end: int
    type: str
    cor: str
    coder: int
    status: str
    index: int | None
    partners: tuple[int, ...]

    @property
    def operation(self) -> str:
        """ERRANT's operation (``M``, ``R``, ``U``), ``""`` for other type inventories."""
        return type_parts(self.type)[0]

    @property
    def main_type(self) -> str:
        """The main type (see :func:`type_parts`)."""
        return type_parts(self.type)[1]


@dataclass
class GecResult:
    """The aligned units, the errant-exact result on the aligned files, and the options.

    ``errant`` scores the aligned documents, whose sentence ``i`` is unit
    ``i``; when no alignment was needed (``aligned`` is False) they are the
    input documents themselves and the result is errant_compare's.
    ``gold_name``/``sys_name`` and ``gold_count``/``sys_count`` are the
    files' names and sentence counts (the JSON's ``ref_*``/``hyp_*``).
    """

    errant: ErrantResult
    options: GecOptions
    aligned: bool
    reason: str
    gold_name: str
    sys_name: str
    gold_count: int
    sys_count: int
    _units: list[GecUnit] | None = field(default=None, repr=False)
    _flat: FlatUnits | None = field(default=None, repr=False)
    """The units kept flat (:mod:`jpcore.gec.flat`) until :attr:`units` is first read."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with its units made (never the flat form, which holds the input documents)."""
        _ = self.units
        return dict(self.__dict__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GecResult):
            return NotImplemented
        return self._compared() == other._compared()

    def _compared(self) -> tuple[Any, ...]:
        """What equality compares: every field, the units as read (made from the flat form if
        kept so), not the two places they are kept in."""
        return (*(getattr(self, f.name) for f in fields(self) if f.name not in ("_units", "_flat")), self.units)

    # -- units and edits

    @property
    def units(self) -> list[GecUnit]:
        """The units in document order (built on demand when nothing was aligned, or when they
        were kept flat)."""
        if self._units is None:
            if self._flat is not None:
                self._units = self._flat.units()
                self._flat = None  # the units say it all now (the input documents are not held)
                return self._units
            from jpcore.gec.unit import identity_unit

            self._units = [identity_unit(s.index, s.ref_block, s.hyp_block) for s in self.errant.sentences]
        return self._units

    @property
    def totals(self) -> dict[str, Any]:
        """``{"tp","fp","fn","precision","recall","f"}``."""
        return self.errant.totals

    def totals_by_shape(self) -> dict[str, dict[str, Any]]:
        """The totals split by unit shape (:func:`jpcore.align.units_by_shape`, blocks
        gold:system): per shape, :attr:`totals`' keys over its units, each unit's
        TP/FP/FN as scored (the annotator pair errant chose for it) and P/R/F
        as errant computes them; each count adds up to :attr:`totals`."""
        from jpcore.align import units_by_shape  # not at the top: agreeing files never align

        sentences = self.errant.sentences
        out = {}
        for shape, units in units_by_shape(self.units).items():
            tp = sum(sentences[unit.index].tp for unit in units)
            fp = sum(sentences[unit.index].fp for unit in units)
            fn = sum(sentences[unit.index].fn for unit in units)
            p, r, f = f_score(tp, fp, fn, self.errant.options.beta)
            out[shape] = {"tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r, "f": f}
        return out

    def kind_counts(self) -> dict[str, int]:
        """How many units of each kind, most frequent first."""
        return dict(Counter(unit.kind for unit in self.units).most_common())

    def edits(self, unit_index: int) -> tuple[list[GecEdit], list[GecEdit]]:
        """(gold edits, system edits) of a unit: every aligned edit line, then the dropped ones."""
        unit = self.units[unit_index]
        sys_statuses, gold_statuses = self.errant.edit_statuses(unit_index)
        return _side_edits(unit, "gold", gold_statuses), _side_edits(unit, "sys", sys_statuses)

    def sentences(self, unit_index: int, side: str) -> list[list[str]]:
        """The tokens of each original sentence of ``side`` (``"gold"`` or ``"sys"``) in the
        unit, in order (``[]`` for a side without a sentence)."""
        unit = self.units[unit_index]
        offsets = unit.offsets(side)  # ValueError for another side
        sentence = self.errant.sentences[unit_index]
        block = sentence.hyp_block if side == "sys" else sentence.ref_block
        if len(offsets) < 2:
            return []
        tokens = block.sentence.split()
        return [tokens[offsets[k] : offsets[k + 1]] for k in range(len(offsets) - 1)]

    def iter_edits(self) -> Iterator[GecEdit]:
        """Every edit of every unit, system side first in each unit."""
        for unit in self.units:
            gold_edits, sys_edits = self.edits(unit.index)
            yield from sys_edits
            yield from gold_edits

    def coders(self, side: str) -> list[int]:
        """Every coder id that appears on ``side`` (``"gold"`` or ``"sys"``), sorted
        (a block without edit lines counts as coder 0; noop lines the noop rule
        dropped count too)."""
        from jpcore.gec.unit import SIDES

        if side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, not {side!r}")
        document = self.errant.hyp if side == "sys" else self.errant.ref
        edits = list(map(_EDITS, document.blocks))
        # kept flat: the input's coders, read by its parser (dropped noop lines among them)
        found = self._flat.coders(side) if self._flat is not None else None
        if found is None:
            found = set(map(_CODER, chain.from_iterable(edits)))
            if self.aligned:
                found.update(dropped.edit.coder for unit in self.units for dropped in unit.dropped(side))
        if not all(edits):
            found.add(0)
        return sorted(found)

    # -- reports

    @property
    def notes(self) -> list[str]:
        """What a reader of the errant-style report must know about the alignment."""
        if not self.aligned:
            return []
        flat = self._flat if self._units is None else None  # counted without a unit object
        # split / merged / regrouped by their shape
        counts = display_kind_counts(self.units) if flat is None else flat.display_kind_counts()
        summary = ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)
        notes = [
            f"{self.sys_name} ({self.sys_count} sentences) and {self.gold_name} ({self.gold_count} "
            f"sentences) differ ({self.reason}): aligned into {len(self.units if flat is None else flat)} units "
            f"({summary}); noop rule {self.options.noop_rule}, alpha {self.options.alpha}."
        ]
        merged = any(unit.is_merged for unit in self.units) if flat is None else flat.any_merged
        if merged and (
            len(self.coders("gold")) > 1 or len(self.coders("sys")) > 1
        ):
            notes.append(NOTE_MULTI_ANNOTATOR)
        return notes

    def aligned_m2(self) -> tuple[str, str]:
        """The aligned gold (reference) and system (hypothesis) M2 texts (re-score them with
        errant_compare)."""
        from jpcore.gec.concat import dumps_aligned

        return dumps_aligned(self.errant.ref), dumps_aligned(self.errant.hyp)

    def type_table(self, by: str = "type") -> list[TypeRow]:
        """Per-type P/R/F of the chosen pairs (see :func:`type_table`)."""
        return type_table(self.errant, by)

    # -- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain data; :meth:`from_dict` restores an equal result."""
        from jpcore.gec.sentences import ALIGNER, SIMILARITY

        base = self.errant.to_dict()
        data: dict[str, Any] = {
            "task": base.pop("task"),
            "scorer": base.pop("scorer"),
            "totals": base.pop("totals"),
            "totals_by_shape": self.totals_by_shape(),
            "noop_rule": self.options.noop_rule,
            "alpha": self.options.alpha,
            "alignment": {
                "aligner": ALIGNER,
                "similarity": SIMILARITY,
                "normalisation": self.options.normalisation,
                "strict": self.options.strict,
                "aligned": self.aligned,
                "reason": self.reason,
                "hyp_name": self.sys_name,
                "ref_name": self.gold_name,
                "hyp_sentences": self.sys_count,
                "ref_sentences": self.gold_count,
                "kinds": self.kind_counts(),
            },
            "notes": self.notes,
        }
        sentences = base.pop("sentences")
        data.update(base)
        data["units"] = [_unit_dict(unit, sentence) for unit, sentence in zip(self.units, self.errant.sentences)]
        data["sentences"] = sentences
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GecResult:
        """Inverse of :meth:`to_dict`."""
        from jpcore.gec.unit import GecUnit

        if data.get("task") != "gec":
            raise ValueError(f"not a gec result: task = {data.get('task')!r}")
        alignment = data["alignment"]
        options = GecOptions(data["noop_rule"], data["alpha"], alignment["normalisation"], alignment["strict"])
        units = [GecUnit.from_dict(u) for u in data["units"]]
        return cls(
            ErrantResult.from_dict(data), options, alignment["aligned"], alignment["reason"],
            alignment["ref_name"], alignment["hyp_name"], alignment["ref_sentences"],
            alignment["hyp_sentences"], units,
        )


def _unit_dict(unit: GecUnit, sentence: Any) -> dict[str, Any]:
    """A unit's plain data plus its counts and chosen pair (read back from ``sentences``)."""
    data = unit.to_dict()
    data.update(tp=sentence.tp, fp=sentence.fp, fn=sentence.fn,
                hyp_coder=sentence.hyp_coder, ref_coder=sentence.ref_coder)
    return data


def _side_edits(unit: GecUnit, side: str, statuses: Sequence[EditStatus]) -> list[GecEdit]:
    blocks, lines, offsets = unit.blocks(side), unit.lines(side), unit.offsets(side)
    position = {block: k for k, block in enumerate(blocks)}
    origins = unit.origins(side)
    out = []
    for status in statuses:
        if origins is None:
            origin = (blocks[0], status.index)
        else:
            origin = origins[status.index] if status.index < len(origins) else None
        if origin is None:
            block, line, start, end = None, 0, status.start, status.end
        else:
            k = position[origin[0]]
            block, line = origin[0], lines[k] + 1 + origin[1]
            shift = offsets[k] if status.start != -1 else 0
            start, end = status.start - shift, status.end - shift
        out.append(GecEdit(
            unit.index, side, block, line, start, end, status.start, status.end, status.type,
            status.cor, status.coder, status.status, status.index, status.partners,
        ))
    for dropped in unit.dropped(side):
        edit = dropped.edit
        k = position[dropped.block]
        out.append(GecEdit(
            unit.index, side, dropped.block, lines[k] + 1 + dropped.index, edit.start, edit.end,
            edit.start, edit.end, edit.type, edit.cor, edit.coder, DROPPED, None, (),
        ))
    return out
