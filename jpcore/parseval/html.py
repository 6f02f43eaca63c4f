"""The HTML report of an alignment-mode PARSEVAL result (``jpcore parseval``).

Contract: :func:`build` reads a :class:`~jpcore.parseval.result.ParsevalResult`
and returns a :class:`~jpcore.reports.common.Report`: both of EVALB's summary
blocks with every figure printed exactly as EVALB prints it
(:func:`jpcore.peers.evalb.report.format_score`), the per-label and
per-kind charts, the inputs with their licences, the normalisation and
cut-off, every definition, one row per aligned pair (EVALB's columns,
the texts with ``~~~`` between merged trees, the brackets that did not
match) and the trees of the selected pairs and of the pairs with an error
(:mod:`jpcore.parseval.html_trees`).  It computes no score: every number is read from the result.
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.align import display_kind_counts
from jpcore.parseval.result import MATCHED, ParsevalResult, TreePair
from jpcore.peers.evalb.report import format_score
from jpcore.peers.evalb.result import EvalbSummary
from jpcore.reports.common import (
    Report, Reviews, capped, definitions_section, inputs_section, joined, note, parameters_section, shapes_section,
    text_cell, with_reviews,
)
from jpcore.reports.definitions import parseval as parseval_definitions
from jpcore.reports.markup import COLOURS, KIND_COLOURS, Cell, kind_cell, Section, esc, num, paged_table, table
from jpcore.reports.provenance import InputInfo
from jpcore.reports.svg import Series, bar_chart, figure
from jpcore.stats.scale import score_cell

#: Labels shown in the per-label chart (most frequent first).
CHART_LABELS = 20
#: Unmatched constituents listed per pair.
UNMATCHED_PER_PAIR = 8


def score(value: float) -> str:
    """A percentage as EVALB prints it (``%6.2f`` without the padding; ``-nan``)."""
    return format_score(value).strip()


def _block_rows(block: EvalbSummary) -> list[tuple[str, object]]:
    return [
        ("Number of sentence", block.sentences),
        ("Number of Error sentence", block.errors),
        ("Number of Skip sentence", block.skipped),
        ("Number of Valid sentence", block.valid),
        ("Bracketing Recall", score(block.recall)),
        ("Bracketing Precision", score(block.precision)),
        ("Bracketing FMeasure", score(block.fmeasure)),
        ("Complete match", score(block.complete_match)),
        ("Average crossing", score(block.average_crossing)),
        ("No crossing", score(block.no_crossing_rate)),
        ("2 or less crossing", score(block.two_or_less_crossing_rate)),
        ("Tagging accuracy", score(block.tag_accuracy)),
    ]


def _scores(result: ParsevalResult) -> Section:
    section = Section("Headline scores", anchor="scores")
    total, cutoff = result.summary(), result.cutoff_summary()
    rows = [(name, num(value), num(other)) for (name, value), (_, other)
            in zip(_block_rows(total), _block_rows(cutoff), strict=True)]
    section.add(table(["EVALB summary", "-- All --", f"-- len<={result.cutoff_len} --"], rows, "scores"))
    section.add(note(f"Matched {total.matched:,} of {total.gold:,} gold and {total.test:,} test brackets; "
                     f"{total.cross:,} crossing; {total.correct_tags:,} of {total.words:,} tags correct. "
                     "Recall, precision and F-measure in percent, as EVALB prints them."))
    labels = result.label_scores()[:CHART_LABELS]
    chart = bar_chart(
        "Per label: recall, precision, F1 (percent)", [s.label for s in labels],
        [Series("Recall", [s.recall for s in labels], COLOURS["orange"]),
         Series("Precision", [s.precision for s in labels], COLOURS["blue"]),
         Series("F1", [s.f1 for s in labels], COLOURS["green"])],
        max_value=100, fmt=score_cell,
    )
    kinds = display_kind_counts(result.units)
    kind_chart = bar_chart("Pairs by kind", list(kinds),
                           [Series("pairs", list(kinds.values()), COLOURS["orange"], [KIND_COLOURS.get(k, COLOURS["black"]) for k in kinds])])
    section.add('<div class="charts">'
                + figure(f"Per label (the {len(labels)} most frequent): recall, precision, F1", chart)
                + figure("Aligned pairs by kind", kind_chart) + "</div>")
    all_labels = result.label_scores()
    section.add("<h3>Per label</h3>" + table(
        ["Label", Cell("Matched", "num"), Cell("Gold", "num"), Cell("Test", "num"), Cell("Recall", "num"),
         Cell("Precision", "num"), Cell("F1", "num")],
        [(s.label, num(s.matched), num(s.gold), num(s.test), num(score_cell(s.recall)),
          num(score_cell(s.precision)), num(score_cell(s.f1))) for s in all_labels]))
    return section


def _shapes(result: ParsevalResult) -> Section:
    def cells(totals: dict) -> list[object]:
        f1 = totals["f1"]
        return [num(totals["matched"]), num(totals["gold"]), num(totals["test"]), num(score(totals["recall"])),
                num(score(totals["precision"])), num(score(float("nan") if f1 is None else f1))]

    return shapes_section(result, ["Matched", "Gold", "Test", "Recall %", "Precision %", "F1 %"], cells, "trees")


def _text(result: ParsevalResult, pair: TreePair, side: str) -> str:
    trees = result.gold_trees if side == "gold" else result.sys_trees
    start, end = pair.gold if side == "gold" else pair.sys
    return joined(" ".join(tree.words) for tree in trees[start:end])


def _lines(spans: Sequence[tuple[int, int]]) -> str:
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans) or "–"


def _unmatched(pair: TreePair) -> str:
    items = [f"{'gold' if side == 'g' else 'system'} {c.label} [{c.start},{c.end}) {c.status}"
             for side, constituents in (("g", pair.gold_constituents), ("s", pair.sys_constituents))
             for c in constituents if c.status != MATCHED]
    more = len(items) - UNMATCHED_PER_PAIR
    return "<br>".join(esc(item) for item in items[:UNMATCHED_PER_PAIR]) + (
        f"<br>… {more} more" if more > 0 else "")


def _pair_cells(result: ParsevalResult, pair: TreePair) -> list[object]:
    row = pair.row()
    return [
        num(pair.id), kind_cell(pair.kind, pair.shape), pair.ratio, _lines(pair.gold_lines), _lines(pair.sys_lines),
        num(row.length), num(score(row.recall)), num(score(row.precision)), num(row.matched),
        num(row.gold), num(row.test), num(row.cross), num(row.words), num(row.correct_tags),
        num(score(row.tag_accuracy)),
        text_cell(_text(result, pair, "gold")), text_cell(_text(result, pair, "sys")),
        text_cell(_unmatched(pair)),
    ]


def _pairs_table(result: ParsevalResult, max_units: int, reviews: Reviews | None = None) -> Section:
    section = Section("Per-pair table (EVALB's rows after alignment)", anchor="units")
    pairs, cap_note = capped(result.pairs, max_units, lambda pair: pair.has_error, "pairs")
    section.add(note(cap_note + " Trees of a merged pair are joined with ~~~; spans are in word units "
                     "[start, end)."))
    headers = ["ID", "Kind", "Trees", "Gold lines", "System lines", Cell("Len", "num"),
               Cell("Recall", "num"), Cell("Prec.", "num"), Cell("Matched", "num"), Cell("Gold", "num"),
               Cell("Test", "num"), Cell("Cross", "num"), Cell("Words", "num"), Cell("Tags", "num"),
               Cell("Tag acc.", "num"), "Gold", "System", "Brackets that did not match"]
    headers, rows = with_reviews(headers, [_pair_cells(result, pair) for pair in pairs],
                                 [pair.index for pair in pairs], reviews)
    section.add(paged_table(headers, rows, "pairs"))
    return section


def build(result: ParsevalResult, inputs: Sequence[InputInfo] | None = None,
          max_units: int = 5000, selected: Sequence[int] = (), reviews: Reviews | None = None) -> Report:
    """The report of ``result``; ``inputs`` add licence/attribution (default: names only);
    the trees of the ``selected`` pair ids are drawn first; ``reviews`` (pair index -> verdict,
    note) add a Verdict and a Note column to the per-pair table."""
    # Imported here: the tree drawing imports jpcore.reports.markup, whose package
    # (jpcore.reports) imports this module (until reports dispatch through the task registry).
    from jpcore.parseval.html_trees import trees_section
    from jpcore.parseval.tree_svg import TREE_CSS

    infos = list(inputs) if inputs else [InputInfo("gold", result.gold_name), InputInfo("system", result.sys_name)]
    total = result.summary()
    subtitle = (f"Gold {result.gold_name} against system {result.sys_name}: bracketing recall "
                f"{score(total.recall)}, precision {score(total.precision)}, F-measure "
                f"{score(total.fmeasure)} ({len(result.pairs):,} aligned pairs).")
    input_rows = [
        ("gold", result.gold_name, num(f"{len(result.gold_trees):,}"),
         num(f"{sum(len(t.words) for t in result.gold_trees):,}")),
        ("system", result.sys_name, num(f"{len(result.sys_trees):,}"),
         num(f"{sum(len(t.words) for t in result.sys_trees):,}")),
    ]
    parameters = [
        ("Mode", "alignment (jp-evalb): sentences and words aligned before scoring"),
        ("Normalisation of words", result.normaliser.describe()),
        ("Cut-off length (gold words)", result.cutoff_len),
        ("Labels", "cut at the first - or =; TOP and empty labels make no bracket"),
    ]
    report = Report("jp-inspector report: PARSEVAL after alignment", subtitle, style=TREE_CSS)
    report.sections = [
        _scores(result),
        _shapes(result),
        inputs_section(infos, input_rows, ["Side", "File", "Trees", "Words"]),
        parameters_section(parameters),
        definitions_section(parseval_definitions()),
        _pairs_table(result, max_units, reviews),
        trees_section(result, selected),
    ]
    return report
