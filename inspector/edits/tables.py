"""Tables (pandas DataFrames) and filters over a jp-errant result, for the Edits page.

Every number comes from :class:`jpcore.gec.GecResult` (the scorer's
counts, statuses and per-type table); the filters only choose which units and
edits are shown.  Error types are shown as the files write them (UA-GEC's
``G/Case``, NUCLE's ``ArtOrDet``); the operation (ERRANT's M/R/U) and the main
type come from :func:`jpcore.gec.error_types.type_parts`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pandas as pd

from jpcore.align import DISPLAY_KINDS
from jpcore.formats.spaces import strip_spaces
from jpcore.gec.result import GecEdit
from jpcore.gec import GecResult
from jpcore.gec.unit import GecUnit
from jpcore.gec.error_types import TypeRow
from inspector.common.palette import group_word, kind_style
from inspector.common.wording import sentence_mark, sentence_marks

#: What joins the sentences of a merged unit (as on the other pages).
SENTENCE_JOINER = " ~~~ "
#: A cell with no value (a unit whose texts were never compared: st.dataframe would draw None).
NO_VALUE = "–"
#: Filter value for types without an ERRANT operation (UA-GEC, NUCLE, noop, UNK).
NO_OPERATION = "(none)"
SIDE_LABELS = {"gold": "Gold", "sys": "System"}
#: Display order of edit statuses.
STATUS_ORDER = ("TP", "FP", "FN", "partial", "noop", "dropped", "filtered", "other", "unscored")

#: Key columns first (what the unit cost before its texts), gold before system.
UNIT_COLUMNS = [
    "Unit", "Kind", "Gold:system", "TP", "FP", "FN", "Gold", "System", "Similarity",
    "Gold sentences", "System sentences", "Gold lines", "System lines", "Gold annotator", "System annotator",
]
#: Key columns first (which edit, how it was scored, what it corrects), then where it
#: is: the sentence and original offsets as the M2 file has them beside the offsets
#: re-indexed into the unit; gold rows before system rows.
EDIT_COLUMNS = [
    "Unit", "Side", "Status", "Type", "Correction", "Sentence", "Orig start", "Orig end", "Start", "End",
    "Line", "Annotator", "Operation", "Main type",
]
#: Columns of :data:`EDIT_COLUMNS` the page does not draw (the CSV keeps them): both are
#: parts of the Type (``R:VERB:SVA``: operation R, main type VERB) and only the filters need them.
EDIT_COLUMNS_HIDDEN = ("Operation", "Main type")
#: Widths (px) of the edit tables' text columns, so every drawn column fits a 1400 px
#: window (a longer type or correction is cut in its cell, whole on hover and in the CSV).
EDIT_WIDTHS = {"Type": 140, "Correction": 120}
TYPE_HELP = ("The error type as the M2 file writes it; for ERRANT types its first parts are the "
             "operation (M/R/U) and the main type (R:VERB:SVA), which the filters choose by.")
#: The headers' help: what each offset counts (shown by the pages' column_config).
OFFSET_HELP = {
    "Orig start": "As in the M2 file: the edit's first token in its own sentence (from 0).",
    "Orig end": "As in the M2 file: the token after the edit in its own sentence.",
    "Start": "Re-indexed into the unit: the number under the token in the sentence view (from 0).",
    "End": "Re-indexed into the unit: the token after the edit.",
}


@dataclass(frozen=True)
class EditFilter:
    """The Edits page's filters; an empty collection means "all"."""

    operations: frozenset[str] = field(default_factory=frozenset)
    mains: frozenset[str] = field(default_factory=frozenset)
    types: frozenset[str] = field(default_factory=frozenset)
    statuses: frozenset[str] = field(default_factory=frozenset)
    annotators: frozenset[int] = field(default_factory=frozenset)
    search: str = ""

    @property
    def on_edits(self) -> bool:
        """Whether a filter on edits (not only the search) is active."""
        return bool(self.operations or self.mains or self.types or self.statuses or self.annotators)

    def accepts(self, edit: GecEdit) -> bool:
        """Whether ``edit`` passes the edit filters (the search is applied per unit)."""
        if self.operations and (edit.operation or NO_OPERATION) not in self.operations:
            return False
        if self.mains and edit.main_type not in self.mains:
            return False
        if self.types and edit.type not in self.types:
            return False
        if self.statuses and edit.status not in self.statuses:
            return False
        return not (self.annotators and edit.coder not in self.annotators)


def sentence_texts(result: GecResult, unit: GecUnit, side: str) -> list[str]:
    """Each original sentence of the unit on ``side`` as its tokens joined by spaces."""
    return [" ".join(tokens) for tokens in result.sentences(unit.index, side)]


def unit_text(result: GecResult, unit: GecUnit, side: str) -> str:
    """The unit's text on ``side``, sentences joined by :data:`SENTENCE_JOINER`."""
    return SENTENCE_JOINER.join(sentence_texts(result, unit, side))


def _ids(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in values)



def unit_row(result: GecResult, unit: GecUnit) -> dict[str, object]:
    """One row of the units table; ``Similarity`` is the Jaro-Winkler similarity of a
    similar or different unit's texts (4 places, as text) and :data:`NO_VALUE` for the others."""
    sentence = result.errant.sentences[unit.index]
    style = kind_style(unit.kind, unit.shape)
    return {
        "Unit": unit.index,
        "Kind": f"{style.symbol} {style.label}",
        "Gold:system": unit.ratio,
        "TP": sentence.tp,
        "FP": sentence.fp,
        "FN": sentence.fn,
        "Gold": unit_text(result, unit, "gold"),
        "System": unit_text(result, unit, "sys"),
        "Similarity": NO_VALUE if unit.similarity is None else f"{unit.similarity:.4f}",
        "Gold sentences": sentence_marks(unit.gold_blocks),
        "System sentences": sentence_marks(unit.sys_blocks),
        "Gold lines": _ids(unit.gold_lines),
        "System lines": _ids(unit.sys_lines),
        "Gold annotator": sentence.ref_coder,
        "System annotator": sentence.hyp_coder,
    }


def units_frame(result: GecResult, units: Sequence[GecUnit]) -> pd.DataFrame:
    """One row per unit, in the order given, columns :data:`UNIT_COLUMNS`."""
    return pd.DataFrame([unit_row(result, unit) for unit in units], columns=UNIT_COLUMNS)


def edit_row(edit: GecEdit) -> dict[str, object]:
    """One row of an edits table: original and re-indexed offsets side by side."""
    return {
        "Unit": edit.unit,
        "Side": SIDE_LABELS[edit.side],
        "Status": edit.status,
        "Type": edit.type,
        "Correction": edit.cor,
        "Sentence": NO_VALUE if edit.block is None else sentence_mark(edit.block),
        "Orig start": edit.orig_start,
        "Orig end": edit.orig_end,
        "Start": edit.start,
        "End": edit.end,
        "Line": edit.line or None,
        "Annotator": edit.coder,
        "Operation": edit.operation or "–",
        "Main type": edit.main_type,
    }


def edits_frame(edits: Sequence[GecEdit]) -> pd.DataFrame:
    """One row per edit, columns :data:`EDIT_COLUMNS`."""
    frame = pd.DataFrame([edit_row(edit) for edit in edits], columns=EDIT_COLUMNS)
    frame["Line"] = frame["Line"].astype("Int64")
    return frame


def unit_matches_search(result: GecResult, unit: GecUnit, query: str,
                        edits: tuple[list[GecEdit], list[GecEdit]] | None = None) -> bool:
    """True if ``query`` occurs in the unit's system or gold text or in one of its corrections
    (``edits``: the unit's edits when already listed).

    Case-insensitive; spaces are ignored as a fallback (``can't`` finds ``ca n't``).
    """
    needle = query.strip().casefold()
    if not needle:
        return True
    compact = strip_spaces(needle)
    texts = [unit_text(result, unit, "gold"), unit_text(result, unit, "sys")]
    ref_edits, hyp_edits = edits if edits is not None else result.edits(unit.index)
    texts += [edit.cor for edit in (*ref_edits, *hyp_edits)]
    for text in texts:
        folded = text.casefold()
        if needle in folded or (compact and compact in strip_spaces(folded)):
            return True
    return False


def apply_filter(
    result: GecResult, chosen: EditFilter,
    unit_edits: Sequence[tuple[list[GecEdit], list[GecEdit]]] | None = None,
) -> tuple[list[GecUnit], list[GecEdit]]:
    """The units and the edits that pass ``chosen`` (a unit's gold edits before its system edits).

    An edit passes when it passes every edit filter and its unit passes the
    search; a unit is shown when it passes the search and (when an edit
    filter is active) holds at least one passing edit.  ``unit_edits``
    (``unit_edits[i]`` = :meth:`GecResult.edits` of unit ``i``, listed once
    by :mod:`inspector.edits.index`) saves asking the result again.
    """
    if not chosen.search and not chosen.on_edits and unit_edits is not None:
        return list(result.units), [edit for ref, hyp in unit_edits for edit in (*ref, *hyp)]
    units: list[GecUnit] = []
    edits: list[GecEdit] = []
    for unit in result.units:
        listed = unit_edits[unit.index] if unit_edits is not None else None
        if chosen.search and not unit_matches_search(result, unit, chosen.search, listed):
            continue
        ref_edits, hyp_edits = listed if listed is not None else result.edits(unit.index)
        passing = [edit for edit in (*ref_edits, *hyp_edits) if chosen.accepts(edit)]
        if chosen.on_edits and not passing:
            continue
        units.append(unit)
        edits.extend(passing)
    return units, edits


@dataclass(frozen=True)
class FilterOptions:
    """The values each filter can take in a result (present values only, sorted)."""

    operations: list[str]
    mains: list[str]
    types: list[str]
    statuses: list[str]
    annotators: list[int]


def filter_options_of(all_edits: Iterable[GecEdit]) -> FilterOptions:
    """What the filters can offer for these edits (every edit of a result)."""
    operations, mains, types, statuses, annotators = set(), set(), set(), set(), set()
    for edit in all_edits:
        operations.add(edit.operation or NO_OPERATION)
        mains.add(edit.main_type)
        types.add(edit.type)
        statuses.add(edit.status)
        annotators.add(edit.coder)
    order = {status: i for i, status in enumerate(STATUS_ORDER)}
    return FilterOptions(
        sorted(operations, key=lambda op: (op == NO_OPERATION, op)),
        sorted(mains), sorted(types),
        sorted(statuses, key=lambda s: (order.get(s, len(order)), s)),
        sorted(annotators),
    )


def annotator_frame(result: GecResult, units: Sequence[GecUnit] | None = None) -> pd.DataFrame:
    """Per unit (= scored sentence): the (gold, system) annotator pair errant's rule chose."""
    rows = []
    for unit in result.units if units is None else units:
        sentence = result.errant.sentences[unit.index]
        rows.append({
            "Unit": unit.index,
            "Gold annotator": sentence.ref_coder,
            "System annotator": sentence.hyp_coder,
            "Pairs tried": len(sentence.candidates),
            "TP": sentence.tp,
            "FP": sentence.fp,
            "FN": sentence.fn,
            "Gold sentences": sentence_marks(unit.gold_blocks),
            "System sentences": sentence_marks(unit.sys_blocks),
        })
    return pd.DataFrame(rows, columns=["Unit", "Gold annotator", "System annotator", "Pairs tried", "TP", "FP",
                                       "FN", "Gold sentences", "System sentences"])


def percent(score: float) -> float:
    """A score of errant's (0-1, rounded to 4 places) in percent, as every table of the app
    shows scores: ``0.8462`` -> ``84.62``."""
    return round(100 * score, 2)


def score_headers(f_label: str) -> tuple[str, str, str]:
    """The headers of the P, R and F columns, with their unit: ``P (%)``, ``R (%)``, ``F0.5 (%)``."""
    return "P (%)", "R (%)", f"{f_label} (%)"


def types_frame(rows: Sequence[TypeRow], f_label: str) -> pd.DataFrame:
    """The per-type table of :func:`jpcore.gec.error_types.type_table`: counts, then P, R and F
    in percent (errant's rounding to 4 places, times 100)."""
    p, r, f = score_headers(f_label)
    return pd.DataFrame(
        [{"Category": row.name, "TP": row.tp, "FP": row.fp, "FN": row.fn, p: percent(row.precision),
          r: percent(row.recall), f: percent(row.f)} for row in rows],
        columns=["Category", "TP", "FP", "FN", p, r, f],
    )


def kinds_frame(result: GecResult) -> pd.DataFrame:
    """How many units of each kind (its display word: split, merged...) and shape (gold:system sentences)."""
    words = Counter(group_word(unit.kind, unit.shape) for unit in result.units)
    rows = [{"Count of": "kind", "Value": f"{kind_style(word).symbol} {word}", "Units": words[word]}
            for word in DISPLAY_KINDS]
    shapes: dict[str, int] = {}
    for unit in result.units:
        shapes[unit.shape] = shapes.get(unit.shape, 0) + 1
    rows += [{"Count of": "shape (gold:system)", "Value": s, "Units": n} for s, n in sorted(shapes.items())]
    return pd.DataFrame(rows, columns=["Count of", "Value", "Units"])
