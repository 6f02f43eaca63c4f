"""The HTML report of a dependency evaluation (``jpcore ud --html OUT``).

Contract: :func:`build` reads a :class:`~jpcore.ud.UdResult` and returns a
:class:`~jpcore.reports.common.Report`: every conll18 metric as the CLI
prints it (percent, two decimals) with its counts and a chart, the inputs
with their licences, the characters (identical, or where they differ), the
definitions, LAS and UAS per DEPREL, UPOS per UPOS, the labels most often
confused, and the per-unit table (gold and system sentences, words, UAS,
LAS, the wrong attachments: word, gold head, system head).
:func:`jpcore.reports.render_html` / :func:`~jpcore.reports.write_html` make
the self-contained document (they find this module through :mod:`jpcore.task`).
It computes no score: every number is read from the result
(:mod:`jpcore.ud.breakdown` for the per-label rows).
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.reports.common import (
    Report, Reviews, capped, definitions_section, inputs_section, joined, note, parameters_section, shapes_section,
    text_cell, with_reviews,
)
from jpcore.reports.definitions import ALIGNMENT
from jpcore.reports.markup import COLOURS, Cell, kind_cell, Section, esc, num, paged_table, table
from jpcore.reports.provenance import InputInfo
from jpcore.reports.svg import Series, bar_chart, figure
from jpcore.ud import METRICS, UdResult, UdUnit, is_correct
from jpcore.ud.breakdown import LabelScore, label_confusion, per_deprel, per_upos
from jpcore.ud.treebank import ROOT
from jpcore.stats.scale import score_cell

#: Units listed in full; beyond this only the units with an error.
DEFAULT_MAX_UNITS = 5000
#: Wrong attachments listed per unit.
ATTACHMENTS_PER_UNIT = 6
#: Label confusions listed.
CONFUSIONS = 30


def pct(value: float | None) -> str:
    """A 0-1 score as the CLI prints it: percent with two decimals ("" for none)."""
    return "" if value is None else score_cell(100 * value)


DEFINITIONS = [
    ("Aligned word pair", "A gold and a system word alone in their word group, with the same characters "
     "(a 1:1 exact group). Where both files have the same characters, these are exactly the pairs of "
     "conll18_ud_eval.py, multiword tokens included."),
    ("Corresponding words", "An aligned pair, or a gold and a system word alone in a 1:1 word group whose "
     "characters differ (the same place in the text, rewritten)."),
    ("Correct head", "Both words are roots, or the system word's head corresponds to the gold word's head."),
    ("Tokens / Sentences / Words", "Surface tokens, sentences and syntactic words that cover the same "
     "characters on both sides (Words: the aligned pairs)."),
    ("UPOS, XPOS, Lemmas", "Aligned pairs with the same column (Lemmas: any system lemma is right where the gold "
     "one is _)."),
    ("UFeats", "Aligned pairs with the same universal features (language-specific features ignored, order "
     "ignored)."),
    ("AllTags", "UPOS, XPOS and UFeats all right."),
    ("UAS / LAS", "Aligned pairs with the correct head / the correct head and DEPREL main type (the part "
     "before ':')."),
    ("CLAS / MLAS / BLEX", "LAS over content words only (by their own DEPREL: nsubj, obj, obl, advmod, amod, "
     "root, ...); MLAS also needs UPOS, UFeats and the function-word children (aux, cop, mark, det, clf, "
     "case, cc) right; BLEX also needs the lemma."),
    ("Precision / Recall / F1", "correct / system words, correct / gold words, 2·correct / (gold + system)."),
    ("AligndAcc", "correct / aligned pairs (for CLAS, MLAS, BLEX: aligned pairs whose gold word is a "
     "content word)."),
    ("Differing characters", "Where the files' characters differ (conll18_ud_eval.py refuses such files), "
     "words in a differing stretch are never correct; heads are still matched through corresponding words."),
    *ALIGNMENT,
]


def _scores(result: UdResult) -> Section:
    section = Section("Scores (conll18_ud_eval.py's metrics)", anchor="scores")
    rows = []
    for name in METRICS:
        score = result.totals[name]
        rows.append((name, num(score.tp), num(score.gold), num(score.system),
                     num(pct(score.precision)), num(pct(score.recall)), num(pct(score.f1)),
                     num(pct(score.aligned_accuracy))))
    section.add(table(["Metric", "Correct", "Gold", "System", "Precision %", "Recall %", "F1 %", "AligndAcc %"],
                      rows, "scores"))
    chart = bar_chart("F1 per metric (percent)", list(METRICS),
                      [Series("F1", [100 * result.totals[name].f1 for name in METRICS], COLOURS["green"])],
                      max_value=100, fmt=score_cell)
    section.add('<div class="charts">' + figure("F1 per metric (percent)", chart) + "</div>")
    return section


#: The metrics of the by-shape table (every one is in the JSON's totals_by_shape).
SHAPE_METRICS = ("Tokens", "Sentences", "Words", "UPOS", "UAS", "LAS")


def _shapes(result: UdResult) -> Section:
    def cells(totals: dict) -> list[object]:
        return [num(pct(totals[name].f1)) for name in SHAPE_METRICS]

    return shapes_section(result, [f"{name} F1 %" for name in SHAPE_METRICS], cells, "sentences")


def _parameters(result: UdResult) -> Section:
    items = [
        ("Characters", "identical on both sides (the files conll18_ud_eval.py accepts)" if result.streams_equal
         else f"{len(result.differences)} differing stretch(es): words in them are never correct"),
        ("Normalisation", "none (spaces inside a token deleted, as conll18_ud_eval.py does)"),
        ("DEPREL", "main type only (the part before ':')"),
        ("FEATS", "universal features only"),
    ]
    extra = ""
    if result.differences:
        extra = "<h3>Where the characters differ</h3>" + table(
            ["Gold line", "Gold text", "System line", "System text"],
            [(d.gold_line, d.gold_text, d.sys_line, d.sys_text) for d in result.differences[:200]])
    return parameters_section(items, extra)


def _label_table(rows: Sequence[LabelScore], correct_name: str) -> str:
    return table(
        ["Label", "Gold", "System", "Aligned", "UAS % of aligned", f"{correct_name} precision %",
         f"{correct_name} recall %", f"{correct_name} F1 %"],
        [(row.label, num(row.gold), num(row.system), num(row.aligned),
          num(pct(row.heads / row.aligned) if row.aligned else ""), num(pct(row.precision)), num(pct(row.recall)),
          num(pct(row.f1))) for row in rows])


def _labels(result: UdResult) -> list[Section]:
    deprel = Section("LAS and UAS per DEPREL", anchor="deprel").add(_label_table(per_deprel(result), "LAS"))
    upos = Section("UPOS per UPOS", anchor="upos").add(_label_table(per_upos(result), "UPOS"))
    confused = [(pair, n) for pair, n in label_confusion(result).most_common() if pair[0] != pair[1]]
    confusion = Section("Labels most often confused (aligned pairs)", anchor="confusion")
    confusion.add(note(f"{len(confused):,} gold → system label pairs differ; the {min(len(confused), CONFUSIONS)} "
                       "most frequent:"))
    confusion.add(table(["Gold DEPREL", "System DEPREL", "Aligned pairs"],
                        [(gold, system, num(n)) for (gold, system), n in confused[:CONFUSIONS]]))
    return [deprel, upos, confusion]


def _attachments(result: UdResult, unit: UdUnit, forms: tuple[list[str], list[str]],
                 parents: tuple[list[int], list[int]]) -> str:
    gold_forms, sys_forms = forms
    gold_parents, sys_parents = parents
    wrong = []
    for gold_word, sys_word, flags in unit.pairs:
        if is_correct(flags, "UAS"):
            continue
        gold_head, sys_head = gold_parents[gold_word], sys_parents[sys_word]
        gold_text = "root" if gold_head == ROOT else gold_forms[gold_head]
        sys_text = "root" if sys_head == ROOT else sys_forms[sys_head]
        wrong.append(f"{esc(gold_forms[gold_word])}: {esc(gold_text)} ⇄ {esc(sys_text)}")
    more = len(wrong) - ATTACHMENTS_PER_UNIT
    return "<br>".join(wrong[:ATTACHMENTS_PER_UNIT]) + (f"<br>… {more} more" if more > 0 else "")


def _units(result: UdResult, max_units: int, reviews: Reviews | None = None) -> Section:
    section = Section("Per-unit table", anchor="units")
    units, cap_note = capped(result.units, max_units, lambda unit: unit.has_error, "units")
    section.add(note(cap_note + " Sentences of a merged unit are joined with ~~~. Wrong attachments: "
                     "word: gold head ⇄ system head, for aligned words whose head is wrong."))
    forms = (result.gold.forms(), result.system.forms())
    parents = (result.gold.parents(), result.system.parents())
    gold_sentences, sys_sentences = result.gold.segmentation.sentences, result.system.segmentation.sentences
    rows = []
    for unit in units:
        counts = unit.counts
        gold, system = gold_sentences[unit.gold[0]:unit.gold[1]], sys_sentences[unit.sys[0]:unit.sys[1]]
        rows.append([
            num(unit.index), kind_cell(unit.kind, unit.shape), unit.ratio,
            ", ".join(str(s.line) for s in gold) or "–",
            text_cell(joined(" ".join(s.tokens) for s in gold)),
            text_cell(joined(" ".join(s.tokens) for s in system)),
            num(f"{counts['Words'].tp}/{counts['Words'].gold}/{counts['Words'].system}"),
            num(counts["UAS"].tp), num(counts["LAS"].tp),
            text_cell(_attachments(result, unit, forms, parents)),
        ])
    headers = ["Unit", "Kind", "Gold: system", "Gold lines", "Gold", "System",
               Cell("Words correct/gold/system", "num"), Cell("UAS", "num"), Cell("LAS", "num"),
               "Wrong attachments"]
    headers, rows = with_reviews(headers, rows, [unit.index for unit in units], reviews)
    section.add(paged_table(headers, rows, "units"))
    return section


def build(result: UdResult, inputs: Sequence[InputInfo] | None = None,
          max_units: int = DEFAULT_MAX_UNITS, selected: Sequence[int] = (), reviews: Reviews | None = None) -> Report:
    """The report of ``result``; ``inputs`` add licence/attribution (default: names only);
    ``reviews`` (unit index -> verdict, note) add a Verdict and a Note column to the per-unit table.

    ``selected`` is the Task contract's list of units a person picked; this
    report draws nothing per unit, so it does not use it."""
    infos = list(inputs) if inputs else [InputInfo("gold", result.gold.name), InputInfo("system", result.system.name)]
    totals = result.totals
    subtitle = (f"Gold {result.gold.name} against system {result.system.name}: LAS F1 {pct(totals['LAS'].f1)}%, "
                f"MLAS {pct(totals['MLAS'].f1)}%, BLEX {pct(totals['BLEX'].f1)}% "
                f"({len(result.units):,} aligned units).")
    input_rows = [(role, treebank.name, num(f"{treebank.n_sentences:,}"), num(f"{treebank.n_words:,}"))
                  for role, treebank in (("gold", result.gold), ("system", result.system))]
    report = Report("jp-inspector report: dependency parsing and tagging (CoNLL 2018 metrics)", subtitle)
    report.sections = [
        _scores(result),
        _shapes(result),
        inputs_section(infos, input_rows, ["Side", "File", "Sentences", "Words"]),
        _parameters(result),
        definitions_section(DEFINITIONS),
        *_labels(result),
        _units(result, max_units, reviews),
    ]
    return report

