"""Tables (pandas DataFrames) and filters over a result's units.

Every number in these tables is read from the result object; the filters
only choose which units are shown.  The same frames are displayed with
``st.dataframe`` and downloaded as CSV/JSON.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import pandas as pd

from jpcore.align import DISPLAY_KINDS
from jpcore.formats.spaces import strip_spaces
from jpcore.preprocess import Counts, PreprocessResult, Unit
from jpcore.preprocess.report import token_label
from inspector.common.palette import group_word
from inspector.common.wording import NO_VALUE, line_list, sentence_mark, sentence_range
from inspector.tokens.explain import group_reason
from inspector.tokens.view import GOLD, SYS, ResultView

#: Canonical order of unit shapes in filters and counts.
SHAPE_ORDER = ("1:1", "1:n", "n:1", "m:n", "1:0", "n:0", "0:1", "0:n")

def count_headers(view: ResultView) -> tuple[str, str, str]:
    """The headers of a unit's token counts, named for the level (:attr:`ResultView.level_name`,
    as the counts cards): ``Tokens TP``, ``Tokens FP``, ``Tokens FN``, or ``Words ...`` at the
    words level (a grid shows ``Tokens`` as ``Tok.``: :func:`inspector.common.widgets.units_columns`)."""
    return (f"{view.level_name} TP", f"{view.level_name} FP", f"{view.level_name} FN")


def unit_columns(view: ResultView) -> list[str]:
    """The columns of :func:`units_frame`: the unit's number, whether it is correct and its kind,
    then its two texts, so that at 1400 px (the sidebar open) both texts start inside the box
    (issue 25 item 12: behind the eleven key and count columns the system's text was never
    seen without scrolling); then its shape and counts, its sentences and file lines."""
    return ["Unit", "OK", "Kind", "Gold", "System", "Ratio", "Shape", "Sent TP", "Sent FP", "Sent FN",
            *count_headers(view), "Gold sentences", "System sentences", "Gold lines", "System lines"]


def unit_row(view: ResultView, unit: Unit) -> dict[str, object]:
    """One table row for ``unit``; ``OK`` is ✓ for a correct unit, ✗ otherwise; its sentences
    on each side as every page numbers them (``§3–§4``) and their file lines where the file
    has lines (empty otherwise)."""
    tp, fp, fn = count_headers(view)
    return {
        "Unit": unit.index,
        "OK": "✗" if unit.is_mismatch else "✓",
        "Kind": group_word(unit.kind, unit.shape),
        "Shape": unit.shape,
        "Ratio": unit.ratio,
        "Gold sentences": sentence_range(*view.sentence_range(unit, GOLD)),
        "System sentences": sentence_range(*view.sentence_range(unit, SYS)),
        "Gold lines": line_list(view.file_lines(unit, GOLD), ""),
        "System lines": line_list(view.file_lines(unit, SYS), ""),
        "Gold": view.unit_text(unit, GOLD),
        "System": view.unit_text(unit, SYS),
        "Sent TP": unit.sentences.tp,
        "Sent FP": unit.sentences.fp,
        "Sent FN": unit.sentences.fn,
        tp: unit.tokens.tp,
        fp: unit.tokens.fp,
        fn: unit.tokens.fn,
    }


def units_frame(view: ResultView, units: Sequence[Unit]) -> pd.DataFrame:
    """One row per unit, in the order given, columns :func:`unit_columns`."""
    return pd.DataFrame([unit_row(view, unit) for unit in units], columns=unit_columns(view))


def shapes_in(result: PreprocessResult) -> list[str]:
    """The shapes that occur in ``result``, in :data:`SHAPE_ORDER`."""
    present = result.shape_counts()
    known = [shape for shape in SHAPE_ORDER if shape in present]
    return known + sorted(shape for shape in present if shape not in SHAPE_ORDER)


def matches_search(view: ResultView, unit: Unit, query: str) -> bool:
    """True if ``query`` occurs in the gold or system text of ``unit``.

    Case-insensitive; a query also matches across token boundaries
    (``can't`` finds ``ca n't``) because spaces are ignored as a fallback.
    """
    needle = query.strip().casefold()
    if not needle:
        return True
    compact = strip_spaces(needle)
    for side in (GOLD, SYS):
        text = view.unit_text(unit, side).casefold()
        if needle in text or (compact and compact in strip_spaces(text)):
            return True
    return False


def filter_units(
    view: ResultView,
    *,
    only_mismatches: bool = False,
    kinds: Iterable[str] = (),
    shapes: Iterable[str] = (),
    search: str = "",
) -> list[Unit]:
    """The units passing every filter; an empty ``kinds``/``shapes`` means all (``kinds`` are
    display words: :func:`jpcore.align.kind_word`, ``split``, ``merged``...)."""
    kind_set, shape_set = set(kinds), set(shapes)
    out = []
    for unit in view.result.units:
        if only_mismatches and not unit.is_mismatch:
            continue
        if kind_set and group_word(unit.kind, unit.shape) not in kind_set:
            continue
        if shape_set and unit.shape not in shape_set:
            continue
        if search and not matches_search(view, unit, search):
            continue
        out.append(unit)
    return out


#: The ``#`` of a word group that matches one to one (only the others are numbered).
NO_NUMBER = "–"


def groups_frame(view: ResultView, unit: Unit) -> pd.DataFrame:
    """Every word group of ``unit``: tokens on each side (``Gold tokens``, or ``Gold words`` at
    the words level: :attr:`ResultView.noun`), kind, counts, why.

    ``#`` numbers the non-matching groups as the HTML rendering does (``1``, ``2``...,
    as text); a matching group has :data:`NO_NUMBER`, never an empty ``None`` cell.
    """
    gold_header, sys_header = f"Gold {view.noun}", f"System {view.noun}"
    rows = []
    number = 0
    for group in unit.words:
        counts = view.group_counts(group)
        label = NO_NUMBER
        if not group.is_match:
            number += 1
            label = str(number)
        rows.append({
            "#": label,
            gold_header: " ".join(view.group_tokens(group, GOLD)),
            sys_header: " ".join(view.group_tokens(group, SYS)),
            "Kind": "match" if group.is_match else group_word(group.kind, group.shape),
            "Ratio": group.ratio,
            "TP": counts.tp,
            "FP": counts.fp,
            "FN": counts.fn,
            "Why": group_reason(view, group),
        })
    return pd.DataFrame(rows, columns=["#", gold_header, sys_header, "Kind", "Ratio",
                                       "TP", "FP", "FN", "Why"])


def _conll_rows(result: PreprocessResult) -> list[tuple[str, Counts]]:
    tokens = (token_label(result.level), result.totals["tokens"])
    sentences = ("Sentences", result.totals["sentences"])
    return [tokens, sentences] if result.level == "tokens" else [sentences, tokens]


def conll_frame(result: PreprocessResult) -> pd.DataFrame:
    """conll18_ud_eval.py's ``--counts`` layout: Metric, Correct, Gold, Predicted."""
    return pd.DataFrame(
        [{"Metric": name, "Correct": c.tp, "Gold": c.gold, "Predicted": c.system}
         for name, c in _conll_rows(result)]
    )


#: The score columns of :func:`scores_frame`, with their unit.
SCORE_COLUMNS = ("Precision (%)", "Recall (%)", "F1 (%)")


def scores_frame(result: PreprocessResult) -> pd.DataFrame:
    """TP, FP, FN and P/R/F1 in percent (:data:`SCORE_COLUMNS`), rows as in :func:`conll_frame`."""
    precision, recall, f1 = SCORE_COLUMNS
    return pd.DataFrame(
        [{"Metric": name, "TP": c.tp, "FP": c.fp, "FN": c.fn,
          precision: round(100 * c.precision, 2), recall: round(100 * c.recall, 2), f1: round(100 * c.f1, 2)}
         for name, c in _conll_rows(result)]
    )


def loaded_frame(result: PreprocessResult) -> pd.DataFrame:
    """What is loaded: per side, file name, format, level, sentences, tokens (``Words`` at the words level)."""
    rows = []
    count = token_label(result.level)  # the level's own name: Tokens or Words
    for label, seg in (("Gold", result.gold), ("System", result.system)):
        rows.append({"Side": label, "File": seg.name, "Format": seg.format, "Level": seg.level,
                     "Sentences": len(seg.sentences), count: seg.n_tokens})
    return pd.DataFrame(rows)


def normalisation_frame(result: PreprocessResult) -> pd.DataFrame:
    """The normalisation table in force: each mapping, where it applies, in order."""
    normaliser = result.normaliser
    rows = [{"Applies to": "whitespace inside a token", "From": "any space", "To": "(deleted)"}]
    rows += [{"Applies to": "a whole token", "From": a, "To": b} for a, b in normaliser.whole.items()]
    rows += [{"Applies to": "inside a token, in this order", "From": a, "To": b}
             for a, b in normaliser.inside]
    rows += [{"Applies to": "contraction equivalence (opt-in)", "From": a, "To": b}
             for a, b in normaliser.contractions.items()]
    if normaliser.casefold:
        rows.append({"Applies to": "every token", "From": "any case", "To": "case-folded"})
    return pd.DataFrame(rows, columns=["Applies to", "From", "To"])


def kinds_frame(result: PreprocessResult) -> pd.DataFrame:
    """How many units of each kind (its display word: split, merged...) and each shape."""
    words = Counter(group_word(unit.kind, unit.shape) for unit in result.units)
    kinds = [{"Count of": "kind", "Value": word, "Units": words[word]} for word in DISPLAY_KINDS]
    shapes = result.shape_counts()
    kinds += [{"Count of": "shape", "Value": shape, "Units": shapes[shape]} for shape in shapes_in(result)]
    return pd.DataFrame(kinds)


def differences_frame(result: PreprocessResult) -> pd.DataFrame:
    """Where the two character streams differ (file lines and text)."""
    return pd.DataFrame(
        [{"Gold line": d.gold_line, "Gold text": d.gold_text, "System line": d.sys_line,
          "System text": d.sys_text} for d in result.differences],
        columns=["Gold line", "Gold text", "System line", "System text"],
    )


def sentences_frame(view: ResultView, unit: Unit) -> pd.DataFrame:
    """The sentences of ``unit`` on both sides: one number each, as every page names it
    (``§2``: its place in its file from 1), then the file's own name for it: its
    ``sent_id`` (CoNLL-U), else its line where the file has lines (``–`` otherwise);
    its tokens (``Words`` at the words level) and text."""
    rows = []
    count = view.level_name
    for side, label in ((GOLD, "Gold"), (SYS, "System")):
        start, _ = view.sentence_range(unit, side)
        lines = view.has_lines(side)
        for offset, sentence in enumerate(view.sentences(unit, side)):
            line = str(sentence.line) if lines and not sentence.sent_id else NO_VALUE  # text: one type a column
            rows.append({"Side": label, "Sentence": sentence_mark(start + offset),
                         "sent_id": sentence.sent_id or NO_VALUE, "Line": line, count: len(sentence.tokens),
                         "Text": " ".join(sentence.tokens)})
    return pd.DataFrame(rows, columns=["Side", "Sentence", "sent_id", "Line", count, "Text"])


def first_interesting(units: Sequence[Unit]) -> Unit | None:
    """The unit a page shows before anything is chosen: the first merged unit
    (sentences joined or split), else the first with an error, else the first."""
    for wanted in (lambda u: u.kind == "merged", lambda u: u.is_mismatch, lambda u: True):
        found = next((unit for unit in units if wanted(unit)), None)
        if found is not None:
            return found
    return None
