"""The HTML report of a jp-errant result (``jpcore gec``).

Contract: :func:`build` reads a :class:`~jpcore.gec.GecResult` and
returns a :class:`~jpcore.reports.common.Report`: the headline TP/FP/FN and
P/R/F of errant_compare (its figures rounded to 4 places) in percent, the
one scale of every score the report shows (:mod:`jpcore.stats.scale`), the
alignment notes, the per-type and per-kind charts, the inputs with their
licences, the scoring and alignment options, every definition and one row
per aligned unit (original sentence ids and lines on both sides, the texts
with ``~~~`` between merged sentences, each edit with its re-indexed offsets
and status).  It computes no score: every number is read from the result.
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.align import display_kind_counts
from jpcore.gec.result import GecEdit, GecResult
from jpcore.gec.sentences import ALIGNER, SIMILARITY
from jpcore.gec.unit import GecUnit
from jpcore.reports.common import (
    Report, Reviews, capped, definitions_section, inputs_section, joined, note, parameters_section, shapes_section,
    text_cell, with_reviews,
)
from jpcore.reports.definitions import gec as gec_definitions
from jpcore.reports.markup import COLOURS, KIND_COLOURS, Cell, kind_cell, Section, bullet_list, esc, num, paged_table, table
from jpcore.reports.provenance import InputInfo
from jpcore.reports.svg import Series, bar_chart, figure
from jpcore.stats.scale import score_cell, score_text

#: Types shown in the per-type chart (most frequent first).
CHART_TYPES = 20
#: Edits listed per unit and side.
EDITS_PER_SIDE = 8


def _pct(score: float) -> str:
    """errant's 0-1 figure (rounded to 4 places) in percent: ``0.8462`` -> ``84.62``."""
    return score_cell(100 * score)


def _shapes(result: GecResult) -> Section:
    def cells(totals: dict) -> list[object]:
        return [*(num(totals[key]) for key in ("tp", "fp", "fn")),
                *(num(_pct(totals[key])) for key in ("precision", "recall", "f"))]

    headers = ["TP", "FP", "FN", "P (%)", "R (%)", f"{result.errant.options.f_label} (%)"]
    return shapes_section(result, headers, cells, "sentences (M2 blocks)")


def _scores(result: GecResult) -> Section:
    options = result.errant.options
    totals = result.totals
    section = Section("Headline scores", anchor="scores")
    section.add(table(
        ["TP", "FP", "FN", "P (%)", "R (%)", f"{options.f_label} (%)"],
        [[num(totals["tp"]), num(totals["fp"]), num(totals["fn"]), num(_pct(totals["precision"])),
          num(_pct(totals["recall"])), num(_pct(totals["f"]))]], "scores"))
    section.add(note(f"{options.title.strip()}: errant_compare's P, R and {options.f_label} (rounded to 4 "
                     "places) in percent, as every score of this report."))
    if result.notes:
        section.add("<h3>Alignment</h3>" + bullet_list(result.notes))
    rows = sorted(result.type_table("type"), key=lambda r: (-(r.tp + r.fp + r.fn), r.name))[:CHART_TYPES]
    chart = bar_chart(
        f"Per type: P, R, {options.f_label} (percent)", [r.name for r in rows],
        [Series("P", [100 * r.precision for r in rows], COLOURS["blue"]),
         Series("R", [100 * r.recall for r in rows], COLOURS["orange"]),
         Series(options.f_label, [100 * r.f for r in rows], COLOURS["green"])],
        max_value=100, fmt=score_cell,
    )
    kinds = display_kind_counts(result.units)
    kind_chart = bar_chart("Units by kind", list(kinds), [Series("units", list(kinds.values()), COLOURS["orange"], [KIND_COLOURS.get(k, COLOURS["black"]) for k in kinds])])
    section.add('<div class="charts">'
                + figure(f"Per error type (the {len(rows)} most frequent by TP + FP + FN)", chart)
                + figure("Aligned units by kind", kind_chart) + "</div>")
    all_rows = result.type_table("type")
    section.add("<h3>Per error type</h3>" + table(
        ["Type", Cell("TP", "num"), Cell("FP", "num"), Cell("FN", "num"), Cell("P (%)", "num"),
         Cell("R (%)", "num"), Cell(f"{options.f_label} (%)", "num")],
        [(r.name, num(r.tp), num(r.fp), num(r.fn), num(_pct(r.precision)), num(_pct(r.recall)), num(_pct(r.f)))
         for r in all_rows]))
    return section


def _edit_text(edit: GecEdit) -> str:
    where = f"[{edit.start},{edit.end})"
    if edit.block is not None and (edit.orig_start, edit.orig_end) != (edit.start, edit.end):
        where += f" (sentence {edit.block}: [{edit.orig_start},{edit.orig_end}))"
    return f"{edit.status} {where} {edit.type} → “{edit.cor}” (annotator {edit.coder})"


def _edits(edits: Sequence[GecEdit]) -> str:
    shown = [esc(_edit_text(edit)) for edit in edits[:EDITS_PER_SIDE]]
    more = len(edits) - EDITS_PER_SIDE
    return "<br>".join(shown) + (f"<br>… {more} more" if more > 0 else "") if shown else "–"


def _ids(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values) or "–"


def _unit_cells(result: GecResult, unit: GecUnit) -> list[object]:
    sentence = result.errant.sentences[unit.index]
    gold_edits, sys_edits = result.edits(unit.index)
    return [
        num(unit.index), kind_cell(unit.kind, unit.shape), unit.ratio, _ids(unit.sys_blocks), _ids(unit.gold_blocks),
        _ids(unit.sys_lines), _ids(unit.gold_lines),
        text_cell(joined(" ".join(tokens) for tokens in result.sentences(unit.index, "sys"))),
        text_cell(joined(" ".join(tokens) for tokens in result.sentences(unit.index, "gold"))),
        num(sentence.tp), num(sentence.fp), num(sentence.fn),
        text_cell(_edits(sys_edits)), text_cell(_edits(gold_edits)),
    ]


def _units_table(result: GecResult, max_units: int, reviews: Reviews | None = None) -> Section:
    section = Section("Per-unit table", anchor="units")
    sentences = result.errant.sentences
    units, cap_note = capped(result.units, max_units,
                             lambda u: sentences[u.index].fp > 0 or sentences[u.index].fn > 0, "units")
    section.add(note(cap_note + " Sentences of a merged unit are joined with ~~~; edit offsets are "
                     "re-indexed into the unit's sentence (the original offsets in parentheses)."))
    headers = ["Unit", "Kind", "Gold:system", "System sentences", "Gold sentences", "System lines",
               "Gold lines", "System", "Gold", Cell("TP", "num"), Cell("FP", "num"), Cell("FN", "num"),
               "System edits", "Gold edits"]
    headers, rows = with_reviews(headers, [_unit_cells(result, unit) for unit in units],
                                 [unit.index for unit in units], reviews)
    section.add(paged_table(headers, rows, "units"))
    return section


def build(result: GecResult, inputs: Sequence[InputInfo] | None = None, max_units: int = 5000,
          selected: Sequence[int] = (), reviews: Reviews | None = None) -> Report:
    """The report of ``result``; ``inputs`` add licence/attribution (default: names only);
    ``reviews`` (unit index -> verdict, note) add a Verdict and a Note column to the per-unit table.

    ``selected`` is the Task contract's list of units a person picked; the GEC
    report draws nothing per unit, so it does not use it."""
    infos = list(inputs) if inputs else [InputInfo("system", result.sys_name), InputInfo("gold", result.gold_name)]
    options = result.errant.options
    totals = result.totals
    subtitle = (f"System {result.sys_name} against gold {result.gold_name}: "
                f"P {score_text(100 * totals['precision'])}, R {score_text(100 * totals['recall'])}, "
                f"{options.f_label} {score_text(100 * totals['f'])} ({len(result.units):,} units).")
    input_rows = [
        ("system (hypothesis)", result.sys_name, num(f"{result.sys_count:,}"), ", ".join(map(str, result.coders("sys")))),
        ("gold (reference)", result.gold_name, num(f"{result.gold_count:,}"), ", ".join(map(str, result.coders("gold")))),
    ]
    filters = []
    if options.single:
        filters.append("only single-token edits (-single)")
    if options.multi:
        filters.append("only multi-token edits (-multi)")
    if options.filt:
        filters.append("ignored types: " + ", ".join(options.filt))
    parameters = [
        ("Scoring", f"{options.title.strip()} ({options.mode})"),
        ("beta", f"{options.beta:g} ({options.f_label})"),
        ("Edit filters", "; ".join(filters) or "none"),
        ("Sentence alignment", f"{'aligned' if result.aligned else 'not needed'}: {result.reason}"),
        ("Aligner", ALIGNER),
        ("Similarity", SIMILARITY),
        ("alpha", result.options.alpha),
        ("Noop rule", result.options.noop_rule),
        ("Normalisation of sentences", f"table '{result.options.normalisation}' (whitespace removed)"),
    ]
    report = Report("jp-inspector report: GEC edits after sentence alignment", subtitle)
    report.sections = [
        _scores(result),
        _shapes(result),
        inputs_section(infos, input_rows, ["Side", "File", "Sentences", "Annotators"]),
        parameters_section(parameters),
        definitions_section(gec_definitions(options.f_label, options.beta)),
        _units_table(result, max_units, reviews),
    ]
    return report
