"""The inspector's Analysis page, driven by AppTest.

The page analyses what each evaluation's page has loaded: the EWT excerpt
(gold words vs nltk; the app opens with it), the project's tree pair (once
the Brackets page has run) and the resegmented toy-en M2 pair (once the Edits
page has run).  Figures are exact; selecting bars of the bucket chart and
cells of a confusion matrix changes the listed units and examples.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from inspector.common.markup import md_text
from tests.upos_pair import GOLD, derive_system
from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
PAGE = "../pages/analysis.py"
HEADER = "gold ↓ · system →"


def _open(*pages: str, **query: str) -> AppTest:
    """The app opened (with ``query`` in the URL), ``pages`` visited in order, then the Analysis page."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    _run(at)
    for page in pages:
        at.switch_page(page)
        _run(at)
    at.switch_page(PAGE)
    return _run(at)


def _frame(at: AppTest, column: str) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe if column in df.value.columns]
    assert frames, f"no table with a {column!r} column"
    return frames[0]


def _units(at: AppTest) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe
              if "Length bucket" in df.value.columns and "Rank" not in df.value.columns]
    assert len(frames) == 1
    return frames[0]


def _text(at: AppTest) -> str:
    """Markdown, captions and infos as they read on screen (no escapes, no bold)."""
    markdown = "\n".join(e.value for e in (*at.markdown, *at.caption, *at.info)).replace("**", "")
    return re.sub(r"\\(.)", r"\1", markdown)


def _select_bars(at: AppTest, key: str, *indices: int) -> AppTest:
    at.session_state[key] = {"selection": {
        "points": [{"curve_number": 0, "point_index": i, "point_number": i} for i in indices],
        "point_indices": list(indices), "box": [], "lasso": []}}
    return _run(at)


def _select_cell(at: AppTest, key: str, row: int, column: str) -> AppTest:
    at.session_state[key] = {"selection": {"rows": [], "columns": [], "cells": [[row, column]]}}
    return _run(at)


@pytest.fixture
def tokens() -> AppTest:
    return _open()


@pytest.fixture
def brackets() -> AppTest:
    at = _open("../pages/brackets.py")
    at.radio(key="an_eval").set_value("brackets")
    return _run(at)


@pytest.fixture
def edits() -> AppTest:
    at = _open("../pages/edits.py")
    at.radio(key="an_eval").set_value("edits")
    return _run(at)


# --- Tokens & sentences ---------------------------------------------------------------


def test_tokens_length_buckets_units_and_worst(tokens: AppTest) -> None:
    assert not tokens.error
    buckets = _frame(tokens, "Bucket").set_index("Bucket")
    assert buckets.index.tolist() == ["1-10", "11-20", "21-40", "41+"]
    assert buckets["Units"].tolist() == [28, 23, 41, 15]
    assert buckets["Sentences TP"].tolist() == [28, 23, 38, 12]
    assert buckets["Sentences FP"].tolist() == [0, 0, 5, 4]
    assert buckets["Sentences FN"].tolist() == [0, 0, 4, 6]
    assert buckets["Words TP"].tolist() == [198, 341, 1157, 802]
    assert buckets["Words FP"].tolist() == [0, 4, 14, 18]
    assert buckets["Words FN"].tolist() == [0, 2, 31, 42]
    assert (buckets["Words TP"].sum(), buckets["Words FP"].sum(), buckets["Words FN"].sum()) == (2498, 36, 75)
    assert buckets.loc["41+", ["Words P (%)", "Words R (%)", "Words F1 (%)"]].tolist() == [97.8, 95.02, 96.39]
    text = _text(tokens)
    assert "Summed over the buckets (TP/FP/FN): Sentences 101/9/10, Words 2498/36/75" in text
    assert "Showing all 107 units" in text
    assert len(_units(tokens)) == 107
    assert ("No UPOS matrix — neither the gold file en_ewt-ud-test.excerpt.gold.words.txt nor the system file "
            "en_ewt-ud-test.excerpt.nltk.tok.txt has UPOS: tokenized text has no tag column. It needs CoNLL-U "
            "with UPOS on both sides.") in text
    assert not [df for df in tokens.dataframe if HEADER in df.value.columns]
    worst = _frame(tokens, "Rank")
    assert len(worst) == 19
    assert worst[["Rank", "Unit", "Errors"]].values.tolist()[:5] == [[1, 48, 18], [2, 46, 17], [3, 19, 13],
                                                                      [4, 52, 12], [5, 58, 12]]
    assert worst.loc[1, "Gold:system"] == "2:2" and " ~~~ " in worst.loc[1, "Gold"]
    assert "19 of the 19 units with errors" in text
    assert len(tokens.get("plotly_chart")) == 1


def test_a_selected_bar_filters_the_units(tokens: AppTest) -> None:
    _select_bars(tokens, "an_chart_tokens_length", 3)  # 41+
    units = _units(tokens)
    assert len(units) == 15 and set(units["Length bucket"]) == {"41+"}
    assert (units["Words TP"].sum(), units["Words FP"].sum(), units["Words FN"].sum()) == (802, 18, 42)
    assert "Chart selection: 41+ — showing 15 of 107 units" in _text(tokens)
    tokens.radio(key="an_by").set_value("kind")
    _run(tokens)
    assert _frame(tokens, "Bucket")["Bucket"].tolist() == ["1:1", "1:n", "n:1", "m:n"]
    assert len(_units(tokens)) == 107  # the kind chart has its own selection
    _select_bars(tokens, "an_chart_tokens_kind", 2)
    assert _units(tokens)["Unit"].tolist() == [2, 19, 80]
    _select_bars(tokens, "an_chart_tokens_kind", 1, 3)
    units = _units(tokens)
    assert units["Unit"].tolist() == [10, 38, 46]
    assert units["Gold:system"].tolist() == ["1:2", "1:2", "2:2"]
    assert (units["Sentences FP"].sum(), units["Sentences FN"].sum()) == (6, 4)


def _select_rows(at: AppTest, key: str, *rows: int) -> AppTest:
    at.session_state[key] = {"selection": {"rows": list(rows), "columns": [], "cells": []}}
    return _run(at)


def test_selected_bucket_rows_filter_the_units_with_the_chart(tokens: AppTest) -> None:
    _select_rows(tokens, "an_buckets_tokens_length", 3)  # 41+
    units = _units(tokens)
    assert len(units) == 15 and set(units["Length bucket"]) == {"41+"}
    assert "Table selection: 41+ — showing 15 of 107 units (untick the rows to clear)" in _text(tokens)
    _select_rows(tokens, "an_buckets_tokens_length", 0, 3, 99)  # 1-10 and 41+; 99 is no row
    assert len(_units(tokens)) == 28 + 15
    assert "Table selection: 1-10, 41+ — showing 43 of 107 units" in _text(tokens)
    _select_rows(tokens, "an_buckets_tokens_length", 3)
    _select_bars(tokens, "an_chart_tokens_length", 2)  # and 21-40 in the chart: the units of either
    units = _units(tokens)
    assert len(units) == 15 + 41 and set(units["Length bucket"]) == {"21-40", "41+"}
    text = _text(tokens)
    assert "Table selection: 41+; chart selection: 21-40 — showing 56 of 107 units, the units of either" in text
    _select_rows(tokens, "an_buckets_tokens_length")
    assert "Chart selection: 21-40 — showing 41 of 107 units" in _text(tokens)
    tokens.radio(key="an_by").set_value("kind")  # the kind table has its own selection
    _run(tokens)
    assert len(_units(tokens)) == 107
    _select_rows(tokens, "an_buckets_tokens_kind", 2)
    assert _units(tokens)["Unit"].tolist() == [2, 19, 80]
    assert "Table selection: n:1 — showing 3 of 107 units" in _text(tokens)


def test_worst_by_sentences_and_the_url() -> None:
    at = _open(an_by="unit kind", an_worst_by="Sentences", an_worst_n="3")
    assert _frame(at, "Bucket")["Units"].tolist() == [101, 2, 3, 1]
    worst = _frame(at, "Rank")
    assert worst[["Unit", "Errors"]].values.tolist() == [[46, 4], [2, 3], [10, 3]]
    assert "3 of the 6 units with errors" in _text(at)


def test_downloads(tokens: AppTest) -> None:
    labels = [button.label for button in tokens.get("download_button")]
    assert labels == ["Buckets as CSV", "Buckets as JSON", "Units shown as CSV", "Worst units as CSV",
                      "The whole analysis (JSON)", "By shape (CSV)", "By shape (Markdown)", "By shape (LaTeX)"]


def _paste(at: AppTest, gold: str, system: str) -> AppTest:
    at.switch_page("../pages/overview.py")
    _run(at)
    at.radio(key="source").set_value("paste")
    _run(at)
    at.text_area(key="paste_gold").input(gold)
    at.text_area(key="paste_sys").input(system)
    at.button(key="paste_submit").click()
    _run(at)
    at.switch_page(PAGE)
    return _run(at)


def test_upos_matrix_of_a_pasted_conllu_pair_and_a_cells_words(tokens: AppTest) -> None:
    gold = GOLD.read_text(encoding="utf-8")
    _paste(tokens, gold, derive_system(gold))  # tests/upos_pair.py: documented changes
    text = _text(tokens)
    assert "Summed over the buckets (TP/FP/FN): Sentences 107/2/4, Words 2570/1/3" in text
    assert ("UPOS on 1:1 words with identical text: 2570 items, 2109 on the diagonal "
            "(words whose UPOS agree)") in text
    matrix = _frame(tokens, HEADER).set_index(HEADER)
    assert int(matrix.loc["PROPN", "NOUN"]) == 209 and "PROPN" not in matrix.columns
    assert int(matrix.loc["AUX", "VERB"]) == 144 and int(matrix.loc["PUNCT", "_"]) == 108
    assert int(matrix.values.sum()) == 2570
    key = "an_conf_tokens_upos"
    _select_cell(tokens, key, matrix.index.tolist().index("PROPN"), "NOUN")
    assert "PROPN (gold) → NOUN (system): 209 examples" in _text(tokens)
    examples = _frame(tokens, "Gold UPOS")
    assert len(examples) == 209 and set(examples["Gold UPOS"]) == {"PROPN"} and set(examples["System UPOS"]) == {
        "NOUN"}
    first = examples.iloc[0]
    assert (first["Unit"], first["Gold word"], first["System word"], first["Gold line"], first["System line"]) == (
        0, "Google", "Google", 7, 4)  # "3 Google ... PROPN": after 4 comment lines in gold, 1 in the system
    _select_cell(tokens, key, matrix.index.tolist().index("PUNCT"), "_")
    examples = _frame(tokens, "Gold UPOS")
    assert len(examples) == 108 and set(examples["Gold word"]) == {","}
    cells = _frame(tokens, "Agree")
    assert len(cells) == 17 and cells["Count"].sum() == 2570


def test_a_system_without_upos_says_so_in_one_line() -> None:
    at = _open(sample="ewt-conllu")  # gold CoNLL-U with UPOS, nltk's CoNLL-U with "_"
    text = _text(at)
    assert ("No UPOS matrix — the system file en_ewt-ud-test.excerpt.nltk.conllu has no UPOS: column 4 (UPOS) "
            "is “_” on every word. It needs CoNLL-U with UPOS on both sides.") in text
    assert "gold file" not in text
    assert not [df for df in at.dataframe if HEADER in df.value.columns]


def test_tokens_level_upos_matrix_names_the_multiword_tokens(tokens: AppTest) -> None:
    gold = GOLD.read_text(encoding="utf-8")
    tokens.switch_page("../pages/overview.py")
    _run(tokens)
    tokens.radio(key="opt_level").set_value("tokens")
    _paste(tokens, gold, gold)  # gold against itself: every token agrees, the 37 multiword tokens as "_"
    assert "it counts as “_”" in _text(tokens)
    matrix = _frame(tokens, HEADER).set_index(HEADER)
    assert int(matrix.loc["_", "_"]) == 37
    assert int(matrix.values.sum()) == 2573 - 2 * 37 + 37  # 74 words of 37 ranges read as 37 tokens


def test_upos_labels_and_file_text_are_escaped(tokens: AppTest) -> None:
    gold = "1\t*a*\t_\t<script>\t_\t_\t_\t_\t_\t_\n2\tb\t_\tX\t_\t_\t_\t_\t_\t_\n\n"
    _paste(tokens, gold, gold.replace("<script>", "[Y](http://x)"))
    matrix = _frame(tokens, HEADER).set_index(HEADER)
    assert int(matrix.loc["<script>", "[Y](http://x)"]) == 1
    _select_cell(tokens, "an_conf_tokens_upos", matrix.index.tolist().index("<script>"), "[Y](http://x)")
    assert _frame(tokens, "Gold UPOS")[["Gold word", "Gold UPOS", "System UPOS"]].values.tolist() == [
        ["*a*", "<script>", "[Y](http://x)"]]
    markdown = "\n".join(e.value for e in (*tokens.markdown, *tokens.caption))
    assert f"{md_text('<script>')} (gold) → {md_text('[Y](http://x)')} (system)" in markdown
    assert not re.search(r"(?<!\\)[<\[]", markdown)


# --- Brackets ----------------------------------------------------------------------------


def test_nothing_loaded_points_to_the_loading_page(tokens: AppTest) -> None:
    tokens.radio(key="an_eval").set_value("brackets")
    _run(tokens)
    assert "Nothing is loaded for Brackets yet: choose the data in the sidebar of the Brackets page" in _text(tokens)
    assert not [df for df in tokens.dataframe if "Bucket" in df.value.columns]


def test_brackets_buckets_and_worst(brackets: AppTest) -> None:
    buckets = _frame(brackets, "Bucket")
    assert buckets.values.tolist() == [
        ["1-10", 5, 27, 3, 6, 90.0, 81.82, 85.71],
        ["11-20", 2, 17, 3, 2, 85.0, 89.47, 87.18],
    ]
    assert "Summed over the buckets (TP/FP/FN): Brackets 44/6/8" in _text(brackets)
    worst = _frame(brackets, "Rank")
    # pairs are units numbered from 0, as on the Brackets page (EVALB's IDs 1, 4, 6)
    assert worst[["Unit", "Errors", "Brackets FP", "Brackets FN"]].values.tolist() == [
        [0, 6, 2, 4], [3, 5, 3, 2], [5, 3, 1, 2]]
    brackets.radio(key="an_by").set_value("kind")
    _run(brackets)
    _select_bars(brackets, "an_chart_brackets_kind", 3)  # differing text
    units = _units(brackets)
    assert units["Unit"].tolist() == [2]
    assert units["Kind"].tolist() == ["similar"]


def test_brackets_pos_matrix_and_a_selected_cell(brackets: AppTest) -> None:
    matrix = _frame(brackets, HEADER)
    assert matrix[HEADER].tolist()[:3] == ["NN", ".", "DT"]
    assert int(matrix.set_index(HEADER).loc["NN", "NN"]) == 13
    assert "POS tags on exact 1:1 words: 60 items, 58 on the diagonal" in _text(brackets)
    assert "Click a non-empty cell" in _text(brackets)
    _select_cell(brackets, "an_conf_brackets_pos_type_True", 6, "NN")  # JJ -> NN
    examples = _frame(brackets, "Gold tag")
    assert examples[["Unit", "Word", "Gold tag", "System tag"]].values.tolist() == [[6, "good", "JJ", "NN"]]
    assert "JJ (gold) → NN (system): 1 example" in _text(brackets)
    _select_cell(brackets, "an_conf_brackets_pos_type_True", 0, "NN")  # the diagonal
    assert len(_frame(brackets, "Gold tag")) == 13


def test_brackets_label_matrix_cells_list_their_constituents(brackets: AppTest) -> None:
    brackets.radio(key="an_matrix").set_value("labels")
    _run(brackets)
    matrix = _frame(brackets, HEADER).set_index(HEADER)
    assert matrix.index.tolist() == ["NP", "S", "VP", "PP", "ADVP", "SBAR", "∅"]
    assert matrix.loc["NP"].tolist() == [18, 0, 0, 0, 0, 0, 3]
    assert matrix.loc["∅"].tolist() == [3, 1, 0, 2, 0, 0, 0]
    assert "Bracket labels on equal spans: 58 items, 44 on the diagonal (the matched brackets)" in _text(brackets)
    key = "an_conf_brackets_labels_type_True"
    _select_cell(brackets, key, 0, "∅")  # NP -> nothing at the same span
    examples = _frame(brackets, "Gold label")
    assert examples["Unit"].tolist() == [0, 0, 3]
    assert examples["Gold label"].tolist() == ["NP", "NP", "NP"]
    assert examples["System label"].tolist() == ["∅", "∅", "∅"]
    assert examples["Gold status"].tolist() == ["crossing", "gold-only", "crossing"]
    _select_cell(brackets, key, 6, "S")  # nothing -> S
    examples = _frame(brackets, "Gold label")
    assert examples[["Unit", "Gold label", "System label", "System span", "System status"]].values.tolist() == [
        [5, "∅", "S", "4-10", "system-only"]]
    cells = _frame(brackets, "Agree")
    assert len(cells) == 13 and cells["Count"].sum() == 58
    brackets.toggle(key="an_unpaired").set_value(False)
    _run(brackets)
    assert "58 items" not in _text(brackets) and "44 items, 44 on the diagonal" in _text(brackets)


# --- Edits ----------------------------------------------------------------------------------


def test_edits_buckets_matrix_and_examples(edits: AppTest) -> None:
    buckets = _frame(edits, "Bucket")
    assert buckets.values.tolist() == [
        ["1-10", 3, 5, 0, 0, 100.0, 100.0, 100.0],
        ["11-20", 2, 4, 1, 2, 80.0, 66.67, 76.92],
        ["21-40", 1, 2, 1, 1, 66.67, 66.67, 66.67],
    ]
    assert list(buckets.columns)[-1] == "Edits F0.5 (%)"
    assert "Summed over the buckets (TP/FP/FN): Edits 11/2/3" in _text(edits)
    assert _frame(edits, "Rank")[["Unit", "Errors"]].values.tolist() == [[2, 2], [4, 2], [1, 1]]
    matrix = _frame(edits, HEADER).set_index(HEADER)
    assert int(matrix.loc["R:VERB:TENSE", "R:VERB:SVA"]) == 1
    assert "Error types on equal spans: 15 items, 11 on the diagonal" in _text(edits)
    key = "an_conf_edits_types_type_True"
    _select_cell(edits, key, 9, "R:VERB:SVA")
    examples = _frame(edits, "Gold type")
    assert examples[["Unit", "Gold span", "Gold original", "Gold correction", "Gold status",
                     "System correction", "System status"]].values.tolist() == [
        [4, "8-9", "goes", "went", "FN", "go", "FP"]]
    _select_cell(edits, key, 0, "R:VERB:SVA")
    assert _frame(edits, "Gold type")["Unit"].tolist() == [0, 2, 5]
    edits.radio(key="an_level").set_value("operation")
    _run(edits)
    matrix = _frame(edits, HEADER).set_index(HEADER)
    assert matrix.loc["R"].tolist() == [10, 0, 0, 1]
    _select_cell(edits, "an_conf_edits_types_operation_True", 0, "R")
    assert len(_frame(edits, "Gold type")) == 10


def test_edits_chart_selection(edits: AppTest) -> None:
    _select_bars(edits, "an_chart_edits_length", 1)  # 11-20
    units = _units(edits)
    assert units["Unit"].tolist() == [1, 2]
    assert (units["Edits TP"].sum(), units["Edits FP"].sum(), units["Edits FN"].sum()) == (4, 1, 2)
    assert units.loc[0, "Gold"] == "I have visited Paris last year . ~~~ The weather was nice ."


# --- User text ------------------------------------------------------------------------------


def test_labels_from_user_files_are_escaped() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    _run(at)
    at.switch_page("../pages/brackets.py")
    _run(at)
    at.radio(key="bk_source").set_value("paste")
    _run(at)
    at.text_area(key="bk_paste_gold").input("(S (<script> (NN *a*)) (NN b))")
    at.text_area(key="bk_paste_sys").input("(S (X (NN *a*)) (NN b))")
    at.button(key="bk_paste_submit").click()
    _run(at)
    at.switch_page(PAGE)
    _run(at)
    at.radio(key="an_eval").set_value("brackets")
    _run(at)
    at.radio(key="an_matrix").set_value("labels")
    _run(at)
    matrix = _frame(at, HEADER).set_index(HEADER)
    assert int(matrix.loc["<script>", "X"]) == 1
    _select_cell(at, "an_conf_brackets_labels_type_True", matrix.index.tolist().index("<script>"), "X")
    assert _frame(at, "Gold label")[["Gold label", "Gold words", "System label"]].values.tolist() == [
        ["<script>", "*a*", "X"]]
    markdown = "\n".join(e.value for e in (*at.markdown, *at.caption))
    assert "\\<script\\> (gold) → X (system)" in markdown
    assert not re.search(r"(?<!\\)<", markdown)
