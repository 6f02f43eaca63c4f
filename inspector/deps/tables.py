"""The Dependencies page's tables as data frames (shown, and downloaded as CSV).

Contract: every frame is read from a :class:`~jpcore.ud.UdResult` (its
totals, :mod:`jpcore.ud.breakdown`'s per-label rows and label confusions)
and the page's :class:`~inspector.deps.words.WordIndex`; nothing is scored
here.  Percentages are the CLI's: ``100 × fraction`` with two decimals
(the same string ``python -m jpcore ud`` prints), the unit in the column
name; gold columns come before system columns.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from jpcore.ud import METRICS, UdResult, UdUnit
from jpcore.ud.breakdown import LabelScore, label_confusion
from jpcore.stats.scale import score_cell
from inspector.deps.words import ERRORS, Side, WordIndex, WordRow
from inspector.common.palette import group_word
from inspector.common.wording import NO_VALUE

#: What joins the words of a word group, and the sentences of a merged unit.
WORD_JOINER = " "
SENTENCE_JOINER = " ~~~ "
#: Count columns that may have empty cells (shown as text then, aligned right).
NUMBER_COLUMNS = ("Aligned pairs",)


def pct(value: float | None) -> float | None:
    """A fraction as the CLI prints it in percent (two decimals), ``None`` for none."""
    return None if value is None else float(score_cell(100 * value))


def metrics_frame(result: UdResult) -> pd.DataFrame:
    """Every CoNLL 2018 metric: counts, precision, recall, F1 and aligned accuracy (percent)."""
    rows = []
    for name in METRICS:
        score = result.totals[name]
        rows.append({"Metric": name, "Correct": score.tp, "Gold": score.gold, "System": score.system,
                     "Aligned pairs": score.aligned, "Precision (%)": pct(score.precision),
                     "Recall (%)": pct(score.recall), "F1 (%)": pct(score.f1),
                     "Aligned accuracy (%)": pct(score.aligned_accuracy)})
    # none for Tokens, Sentences, Words
    return with_dashes(pd.DataFrame(rows), ("Aligned pairs", "Aligned accuracy (%)"))


def _missing(value: object) -> bool:
    return value is None or value == NO_VALUE or (isinstance(value, float) and pd.isna(value))


def with_dashes(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """Each of ``columns`` that has an empty cell becomes text: ``–`` there, the numbers as the
    CLI prints them (two decimals for ``... (%)``, whole counts otherwise), so the table never
    prints ``None`` and no number column holds a ``–`` (which Streamlit marks as an invalid
    cell); a column without an empty cell keeps its numbers."""
    for column in columns:
        values = frame[column].astype(object).tolist()
        if not any(_missing(value) for value in values):
            continue
        percent = str(column).endswith("(%)")
        frame[column] = [NO_VALUE if _missing(value) else f"{float(value):.2f}" if percent else str(int(value))
                         for value in values]
    return frame


def labels_frame(rows: Sequence[LabelScore], correct: str, label: str) -> pd.DataFrame:
    """Per-label rows (:mod:`jpcore.ud.breakdown`): counts, UAS of the aligned words, and
    ``correct``'s (LAS or UPOS) precision, recall and F1 restricted to the label (``–`` where
    a score has no denominator: :func:`with_dashes`)."""
    percent = ["UAS of aligned (%)", f"{correct} precision (%)", f"{correct} recall (%)", f"{correct} F1 (%)"]
    return with_dashes(pd.DataFrame([{
        label: row.label, "Gold": row.gold, "System": row.system, "Aligned pairs": row.aligned,
        "UAS of aligned (%)": pct(row.heads / row.aligned) if row.aligned else None,
        f"{correct} precision (%)": pct(row.precision), f"{correct} recall (%)": pct(row.recall),
        f"{correct} F1 (%)": pct(row.f1),
    } for row in rows], columns=[label, "Gold", "System", "Aligned pairs", *percent]), percent)


def confusion_frame(result: UdResult) -> pd.DataFrame:
    """Aligned pairs by gold DEPREL main type (rows, most frequent first) and system main type
    (columns, the gold order, then labels only the system gives)."""
    counts = label_confusion(result)
    gold_totals: dict[str, int] = {}
    for (gold, _), n in counts.items():
        gold_totals[gold] = gold_totals.get(gold, 0) + n
    gold_labels = sorted(gold_totals, key=lambda label: (-gold_totals[label], label))
    sys_labels = gold_labels + sorted({system for _, system in counts} - set(gold_labels))
    return pd.DataFrame([{"Gold \\ system": gold, **{system: counts.get((gold, system), 0) for system in sys_labels}}
                         for gold in gold_labels], columns=["Gold \\ system", *sys_labels])


def _words(side: Side, start: int, end: int, column: Sequence[str] | None = None) -> str:
    values = side.forms if column is None else column
    return WORD_JOINER.join(values[start:end])


def words_frame(index: WordIndex, rows: Sequence[WordRow]) -> pd.DataFrame:
    """One row per word group: the unit, the group's kind, then each side's IDs, words, UPOS,
    heads (``form (ID)``) and DEPRELs, gold first, and what is wrong."""
    gold, system = index.gold, index.sys
    out = []
    for row in rows:
        record: dict[str, object] = {"Unit": row.unit, "Kind": group_word(row.kind, row.shape),
                                     "Gold: system": row.ratio}
        for prefix, side, (start, end) in (("Gold", gold, row.gold), ("System", system, row.sys)):
            treebank = side.treebank
            record[f"{prefix} line"] = side.line(start) if end > start else None
            record[f"{prefix} ID"] = WORD_JOINER.join(str(side.word_id(w)) for w in range(start, end))
            record[f"{prefix} word"] = _words(side, start, end)
            record[f"{prefix} UPOS"] = _words(side, start, end, treebank.upos)
            record[f"{prefix} head"] = "; ".join(side.head_text(w) for w in range(start, end))
            record[f"{prefix} DEPREL"] = _words(side, start, end, treebank.deprel)
        record["Wrong"] = ", ".join(ERRORS[error] for error in ERRORS if error in row.errors)
        out.append(record)
    columns = ["Unit", "Kind", "Gold: system"] + [f"{prefix} {name}" for prefix in ("Gold", "System")
                                                  for name in ("line", "ID", "word", "UPOS", "head", "DEPREL")]
    return pd.DataFrame(out, columns=[*columns, "Wrong"])


def unit_text(result: UdResult, unit: UdUnit, side: str) -> str:
    """The unit's sentences on ``side`` (``gold`` or ``sys``), words joined by spaces,
    sentences by ``~~~``."""
    treebank, (start, end) = (result.gold, unit.gold) if side == "gold" else (result.system, unit.sys)
    return SENTENCE_JOINER.join(" ".join(sentence.tokens) for sentence in treebank.segmentation.sentences[start:end])


def units_frame(result: UdResult, units: Sequence[UdUnit], index: WordIndex) -> pd.DataFrame:
    """One row per unit: kind, sentences gold:system, gold line, both texts, the counts of
    Words, UAS and LAS (correct/gold/system) and its word groups with an error."""
    rows = []
    for unit in units:
        counts = unit.counts
        sentences = result.gold.segmentation.sentences[unit.gold[0]:unit.gold[1]]
        rows.append({
            "Unit": unit.index, "Kind": group_word(unit.kind, unit.shape), "Gold: system": unit.ratio,
            "Gold line": sentences[0].line if sentences else None,
            "Gold": unit_text(result, unit, "gold"), "System": unit_text(result, unit, "sys"),
            **{f"{name} (correct/gold/system)": f"{counts[name].tp}/{counts[name].gold}/{counts[name].system}"
               for name in ("Words", "UAS", "LAS")},
            "Groups with an error": sum(1 for row in index.unit_rows(unit.index) if row.errors),
        })
    return pd.DataFrame(rows, columns=["Unit", "Kind", "Gold: system", "Gold line", "Gold", "System",
                                       "Words (correct/gold/system)", "UAS (correct/gold/system)",
                                       "LAS (correct/gold/system)", "Groups with an error"])
