"""The HTML report of a tokenization / sentence-boundary result (``jpcore preprocess``).

Contract: :func:`build` reads a :class:`~jpcore.preprocess.PreprocessResult`
and returns a :class:`~jpcore.reports.common.Report`: headline scores exactly
as the CLI prints them (percent, two decimals), charts, the inputs with
their licences, the normalisation in force, every definition and the
per-unit table (merged sentences joined with ``~~~``, the word groups that
differ).  It computes no score: every number is read from the result.
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.align import display_kind_counts
from jpcore.reports.bins import bin_label, bin_of, bins_phrase, position_bins
from jpcore.reports.common import (
    Report, Reviews, capped, definitions_section, inputs_section, joined, note, parameters_section, shapes_section,
    text_cell, with_reviews,
)
from jpcore.reports.definitions import preprocess as preprocess_definitions
from jpcore.reports.markup import COLOURS, KIND_COLOURS, Cell, kind_cell, Section, esc, num, paged_table, table
from jpcore.reports.provenance import InputInfo
from jpcore.reports.svg import Series, bar_chart, figure
from jpcore.preprocess import Counts, PreprocessResult, Unit
from jpcore.preprocess.report import token_label
from jpcore.stats.scale import score_cell

#: Languages whose name is also a BCP 47 tag (the normalisation tables).
LANGUAGE_TAGS = {"en", "fr", "ja", "ko"}
#: Differing word groups listed per unit.
GROUPS_PER_UNIT = 6


def pct(value: float) -> str:
    """A 0-1 score as the CLI prints it: percent with two decimals (the one scale)."""
    return score_cell(100 * value)


def language_tag(result: PreprocessResult) -> str:
    """The language of the texts, if the normalisation table names one (else ``""``)."""
    name = result.normaliser.name
    return name if name in LANGUAGE_TAGS else ""


def _rows(result: PreprocessResult) -> list[tuple[str, Counts]]:
    return [("Sentences", result.totals["sentences"]), (token_label(result.level), result.totals["tokens"])]


def _scores(result: PreprocessResult) -> Section:
    section = Section("Headline scores", anchor="scores")
    rows = [
        (name, num(c.tp), num(c.fp), num(c.fn), num(c.gold), num(c.system),
         num(pct(c.precision)), num(pct(c.recall)), num(pct(c.f1)))
        for name, c in _rows(result)
    ]
    section.add(table(["Metric", "TP", "FP", "FN", "Gold", "System", "Precision %", "Recall %", "F1 %"],
                      rows, "scores"))
    names = [name for name, _ in _rows(result)]
    counts = [c for _, c in _rows(result)]
    chart = bar_chart(
        "Precision, recall and F1 (percent)", names,
        [Series("Precision", [100 * c.precision for c in counts], COLOURS["blue"]),
         Series("Recall", [100 * c.recall for c in counts], COLOURS["orange"]),
         Series("F1", [100 * c.f1 for c in counts], COLOURS["green"])],
        max_value=100, fmt=score_cell,
    )
    section.add('<div class="charts">' + figure("Precision, recall and F1 (percent)", chart) + "</div>")
    return section


def _shapes(result: PreprocessResult, token_name: str) -> Section:
    def cells(totals: dict[str, Counts]) -> list[object]:
        sentences, tokens = totals["sentences"], totals["tokens"]
        return [num(sentences.tp), num(sentences.fp), num(sentences.fn), num(pct(sentences.f1)),
                num(tokens.tp), num(tokens.fp), num(tokens.fn), num(pct(tokens.f1))]

    headers = ["Sent TP", "Sent FP", "Sent FN", "Sent F1 %", f"{token_name} TP", f"{token_name} FP",
               f"{token_name} FN", f"{token_name} F1 %"]
    return shapes_section(result, headers, cells, "sentences")


def _units_overview(result: PreprocessResult) -> Section:
    section = Section("Units: kinds, shapes and where the errors are", anchor="units-overview")
    kinds = display_kind_counts(result.units)
    shapes = result.shape_counts()
    shape_names = sorted(shapes, key=lambda s: (-shapes[s], s))
    parts = position_bins(len(result.gold.sentences))
    errors = [0] * len(parts)
    sentence_errors = [0] * len(parts)
    if parts:
        for unit in result.units:
            part = bin_of(parts, unit.gold[0])
            errors[part] += unit.tokens.fp + unit.tokens.fn
            sentence_errors[part] += unit.sentences.fp + unit.sentences.fn
    positions = [bin_label(part, "gold sentence") for part in parts]
    charts = [
        figure("Units by kind", bar_chart("Units by kind", list(kinds),
                                          [Series("units", list(kinds.values()), COLOURS["orange"], [KIND_COLOURS.get(k, COLOURS["black"]) for k in kinds])])),
        figure("Units by shape (gold:system sentences)",
               bar_chart("Units by shape", shape_names,
                         [Series("units", [shapes[s] for s in shape_names], COLOURS["sky"])])),
        figure(f"Where the errors are (FP + FN {bins_phrase(len(parts))})",
               bar_chart("Errors along the document", positions,
                         [Series("token errors", errors, COLOURS["vermillion"]),
                          Series("sentence errors", sentence_errors, COLOURS["blue"])])),
    ]
    section.add('<div class="charts">' + "".join(charts) + "</div>")
    section.add(note(f"{len(result.units):,} units; "
                     f"{sum(1 for u in result.units if u.is_mismatch):,} with at least one error. "
                     "In the chart of where the errors are, a unit counts in the part that holds "
                     "its first gold sentence."))
    return section


def _parameters(result: PreprocessResult) -> Section:
    normaliser = result.normaliser
    items: list[tuple[str, object]] = [
        ("Token level", f"{result.level} ({token_label(result.level)} row of conll18)"),
        ("Normalisation", normaliser.describe()),
        ("Characters", "identical on both sides after normalisation" if result.streams_equal
         else f"{len(result.differences)} differing stretch(es); units touching them are never correct"),
    ]
    mappings = [("whitespace inside a token", "any space", "(deleted)")]
    mappings += [("a whole token", a, b) for a, b in normaliser.whole.items()]
    mappings += [("inside a token, in this order", a, b) for a, b in normaliser.inside]
    mappings += [("contraction equivalence", a, b) for a, b in normaliser.contractions.items()]
    if normaliser.casefold:
        mappings.append(("every token", "any case", "case-folded"))
    extra = "<h3>The normalisation table, applied to both sides</h3>" + table(
        ["Applies to", "From", "To"], mappings)
    if result.differences:
        extra += "<h3>Where the characters differ</h3>" + table(
            ["Gold line", "Gold text", "System line", "System text"],
            [(d.gold_line, d.gold_text, d.sys_line, d.sys_text) for d in result.differences[:200]])
    return parameters_section(items, extra)


def _unit_cells(result: PreprocessResult, unit: Unit, flat: dict[str, list[str]], lang: str) -> list[object]:
    gold_sentences = result.gold.sentences[unit.gold[0]:unit.gold[1]]
    sys_sentences = result.system.sentences[unit.sys[0]:unit.sys[1]]
    groups = []
    for group in unit.words:
        if group.is_match:
            continue
        gold = " ".join(flat["gold"][group.gold[0]:group.gold[1]]) or "∅"
        system = " ".join(flat["sys"][group.sys[0]:group.sys[1]]) or "∅"
        groups.append(f"{esc(gold)} ⇄ {esc(system)}")
    more = len(groups) - GROUPS_PER_UNIT
    shown = "<br>".join(groups[:GROUPS_PER_UNIT]) + (f"<br>… {more} more" if more > 0 else "")
    return [
        num(unit.index), kind_cell(unit.kind, unit.shape), unit.ratio,
        ", ".join(str(s.line) for s in gold_sentences) or "–",
        ", ".join(str(s.line) for s in sys_sentences) or "–",
        text_cell(joined(" ".join(s.tokens) for s in gold_sentences), lang),
        text_cell(joined(" ".join(s.tokens) for s in sys_sentences), lang),
        text_cell(shown, lang),
        num(unit.sentences.tp), num(unit.sentences.fp), num(unit.sentences.fn),
        num(unit.tokens.tp), num(unit.tokens.fp), num(unit.tokens.fn),
    ]


def _units_table(result: PreprocessResult, max_units: int, lang: str, reviews: Reviews | None = None) -> Section:
    section = Section("Per-unit table", anchor="units")
    units, cap_note = capped(result.units, max_units, lambda u: u.is_mismatch, "units")
    section.add(note(cap_note + " Sentences of a merged unit are joined with ~~~; the last column "
                     "lists the word groups that are not one gold token = one system token (gold ⇄ system)."))
    flat = {
        "gold": [t for s in result.gold.sentences for t in s.tokens],
        "sys": [t for s in result.system.sentences for t in s.tokens],
    }
    headers = ["Unit", "Kind", "Gold: system", "Gold lines", "System lines", "Gold", "System",
               "Word groups that differ", Cell("Sent TP", "num"), Cell("Sent FP", "num"),
               Cell("Sent FN", "num"), *(Cell(f"{token_label(result.level)} {count}", "num")
                                         for count in ("TP", "FP", "FN"))]
    rows = [_unit_cells(result, unit, flat, lang) for unit in units]
    headers, rows = with_reviews(headers, rows, [unit.index for unit in units], reviews)
    section.add(paged_table(headers, rows, "units"))
    return section


def build(result: PreprocessResult, inputs: Sequence[InputInfo] | None = None,
          max_units: int = 5000, selected: Sequence[int] = (), reviews: Reviews | None = None) -> Report:
    """The report of ``result``; ``inputs`` add licence/attribution (default: names only);
    ``reviews`` (unit index -> verdict, note) add a Verdict and a Note column to the per-unit table.

    ``selected`` is the Task contract's list of units a person picked; this
    report draws nothing per unit, so it does not use it."""
    infos = list(inputs) if inputs else [InputInfo("gold", result.gold.name), InputInfo("system", result.system.name)]
    lang = language_tag(result)
    sentences, tokens = result.totals["sentences"], result.totals["tokens"]
    token_name = token_label(result.level)
    subtitle = (f"Gold {result.gold.name} against system {result.system.name}: sentences F1 "
                f"{pct(sentences.f1)}%, {token_name.lower()} F1 {pct(tokens.f1)}% "
                f"({len(result.units):,} aligned units).")
    input_rows = [
        (role, seg.name, seg.format, seg.level, num(f"{len(seg.sentences):,}"), num(f"{seg.n_tokens:,}"))
        for role, seg in (("gold", result.gold), ("system", result.system))
    ]
    report = Report("jp-inspector report: tokenization and sentence boundaries", subtitle, lang="en")
    report.sections = [
        _scores(result),
        _shapes(result, token_name),
        inputs_section(infos, input_rows, ["Side", "File", "Format", "Level", "Sentences", token_name]),
        _parameters(result),
        definitions_section(preprocess_definitions(token_name)),
        _units_overview(result),
        _units_table(result, max_units, lang, reviews),
    ]
    return report
