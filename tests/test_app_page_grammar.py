"""One page grammar (issue 15, item 5) across the pages, driven by AppTest.

* one of anything is singular (``1 unit``, ``1 of 1 unit``, ``1 sentence``), on
  every page, with one-sentence inputs pasted (the Edits page's own test:
  ``tests/test_app_edits.py``);
* a pasted file is named ``gold (pasted)``, never ``gold gold (pasted)``;
* a unit's sentences are named by their number in their file from 1 (``system sentences §1–§2``),
  its file lines only where a file has lines, each line once (``l. 1``, not ``l. 1, 1``);
* every score of the app's own tables is in percent with the unit in its
  header (``P (%)``); EVALB's misspelt ``Recal``/``Accracy`` stay in its
  byte-exact text output only;
* units, pairs and sentences are numbered from 0 on every page: a Brackets pair
  is the same number on its page, in its URL and in the Analysis tables
  (EVALB's ID, N + 1, is a column of its own).
"""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from jpcore import parseval
from tests.app_support import APP
from tests.app_support import run as _run
from tests.conftest import SAMPLE_DATA

SENTENCES = "../pages/sentences.py"
OVERVIEW = "../pages/overview.py"
BRACKETS = "../pages/brackets.py"
EDITS = "../pages/edits.py"
TEACHING = "../pages/teaching.py"
ANALYSIS = "../pages/analysis.py"
ABOUT = "../pages/about.py"

#: A count of 1 followed by a plural noun ("1 units", "1 of 1 units", "1 aligned pairs").
ONE_PLURAL = re.compile(
    r"(?<![\d.,:])\b1 (?:of 1 )?(?:aligned |sentence |word )?"
    r"(?:units|sentences|pairs|edits|trees|tokens|items|examples|categories|places|characters|tags|"
    r"stretches|groups|words)\b")
SIDE_TWICE = re.compile(r"\b(gold gold|system system)\b")
#: A score column: P, R, F, precision, recall, accuracy (with a measure's name before it).
SCORE_HEADER = re.compile(r"(?:^|\s)(P|R|F1|F0\.5|F\d(?:\.\d+)?|Precision|Recall|Tag accuracy|Accuracy)(?: \(%\))?$")


def _open(page: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    _run(at)
    at.switch_page(page)
    return _run(at)


def _unescape(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def _texts(at: AppTest) -> list[str]:
    """Every text the page shows: Markdown, captions, headings, messages, labels, HTML without tags."""
    texts = [e.value for kind in ("caption", "markdown", "subheader", "title", "info", "success", "warning",
                                  "error") for e in getattr(at, kind)]
    texts += [e.label for e in at.expander] + [f"{m.label}: {m.value}" for m in at.metric]
    texts += [re.sub(r"<[^>]+>", " ", e.value) for e in at.html]
    return [re.sub(r"\s+", " ", _unescape(text)) for text in texts]


def _paste_pair(at: AppTest, prefix: str, gold: str, system: str) -> AppTest:
    at.radio(key=f"{prefix}source").set_value("paste")
    _run(at)
    at.text_area(key=f"{prefix}paste_gold").input(gold)
    at.text_area(key=f"{prefix}paste_sys").input(system)
    at.button(key=f"{prefix}paste_submit").click()
    return _run(at)


ONE_SENTENCE = "One two .\n"
ONE_TREE = "(S (NP (NN One)) (VP (VB two)))\n"
ONE_M2 = "S One two .\nA 0 1|||R:X|||1|||REQUIRED|||-NONE-|||0\n"


def _one_of_everything() -> AppTest:
    """A session with a one-sentence pair pasted on each evaluation's page (the last page shown: Edits)."""
    at = _open(SENTENCES)
    _paste_pair(at, "", ONE_SENTENCE, ONE_SENTENCE)
    at.switch_page(BRACKETS)
    _run(at)
    _paste_pair(at, "bk_", ONE_TREE, ONE_TREE)
    at.switch_page(EDITS)
    _run(at)
    return _paste_pair(at, "g_", ONE_M2, ONE_M2)


@pytest.fixture(scope="module")
def one_of_everything() -> AppTest:
    return _one_of_everything()


@pytest.mark.parametrize("page, query", [
    (SENTENCES, {}), (OVERVIEW, {}), (BRACKETS, {}), (EDITS, {}),
    (ANALYSIS, {"an_eval": "tokens"}), (ANALYSIS, {"an_eval": "brackets"}), (ANALYSIS, {"an_eval": "edits"}),
], ids=["sentences", "overview", "brackets", "edits", "analysis-tokens", "analysis-brackets", "analysis-edits"])
def test_one_of_anything_is_singular_and_a_side_is_named_once(one_of_everything: AppTest, page: str,
                                                               query: dict[str, str]) -> None:
    at = one_of_everything
    at.switch_page(page)
    _run(at)
    if page == ANALYSIS:
        at.radio(key="an_eval").set_value(query["an_eval"])
        _run(at)
        assert at.radio(key="an_eval").value == query["an_eval"]
    texts = _texts(at)
    assert not [t for t in texts if ONE_PLURAL.search(t)], [ONE_PLURAL.search(t).group(0) for t in texts
                                                            if ONE_PLURAL.search(t)]
    assert not [t for t in texts if SIDE_TWICE.search(t)]
    joined = "\n".join(texts)
    expected = {
        SENTENCES: ["Showing 1 of 1 unit.", "gold (pasted) · system (pasted)"],
        OVERVIEW: ["1 unit, 0 with at least one error.", "gold (pasted) · system (pasted)"],
        BRACKETS: ["Showing 1 of 1 pair.", "1 aligned pair (1 exact)", "gold (pasted) · system (pasted)",
                   "gold line 1 · system line 1", "2 of 2 tags correct"],
        EDITS: ["Showing 1 of 1 unit and 2 edits.", "gold (pasted) (1 sentence) · system (pasted) (1 sentence)"],
        ANALYSIS: ["1 aligned unit", "Showing all 1 unit"],
    }[page]
    for text in expected:
        assert text in joined, text


def test_teaching_counts_and_lines_read_right() -> None:
    """Punkt cuts the one raw line into two sentences against one gold sentence: a 1:2 unit,
    ``system sentences §1–§2`` with no line (the system output is no file: the raw text's
    line 1 says nothing), ``gold sentence §1 · l. 1`` (the pasted gold is one sentence a line)."""
    at = _open(TEACHING)
    at.radio(key="teach_source").set_value("paste")
    _run(at)
    at.text_area(key="teach_paste_raw").set_value("Hello there. Bye now.\n")
    at.text_area(key="teach_paste_gold").set_value("Hello there . Bye now .\n")
    _run(at)
    assert not at.error
    html = "\n".join(e.value for e in at.html)
    assert "gold sentence §1 · l. 1</span>" in html and "system sentences §1–§2</span>" in html
    assert "system l." not in html and "sys l." not in html and "§0" not in html
    assert "÷ sentences split</span>" in html
    texts = _texts(at)
    joined = "\n".join(texts)
    assert "gold (pasted) (1 sentence, 6 tokens)" in joined
    assert "1 of 1 unit" in joined
    assert "line 1, 1" not in joined and "lines 1, 1" not in joined
    assert not [t for t in texts if ONE_PLURAL.search(t)]
    assert not [t for t in texts if SIDE_TWICE.search(t)]


def _config(element) -> dict:
    return json.loads(element.proto.columns or "{}")


def _headers(element) -> list[str]:
    """The headers a table shows: its columns, or the label its column_config gives one."""
    config = _config(element)
    return [config.get(str(c), {}).get("label") or str(c) for c in element.value.columns
            if not config.get(str(c), {}).get("hidden")]


@pytest.mark.parametrize("page, query", [
    (OVERVIEW, {}), (BRACKETS, {}), (EDITS, {}),
    (ANALYSIS, {"an_eval": "tokens"}), (ANALYSIS, {"an_eval": "brackets"}), (ANALYSIS, {"an_eval": "edits"}),
    (TEACHING, {}),
], ids=["overview", "brackets", "edits", "analysis-tokens", "analysis-brackets", "analysis-edits", "teaching"])
def test_every_score_column_is_percent_with_its_unit_named(page: str, query: dict[str, str]) -> None:
    at = _open(SENTENCES) if page == ANALYSIS else None
    if at is not None:  # Analysis analyses what the evaluations' pages have loaded
        for loader in (BRACKETS, EDITS):
            at.switch_page(loader)
            _run(at)
        at.switch_page(ANALYSIS)
        _run(at)
        at.radio(key="an_eval").set_value(query["an_eval"])
        _run(at)
        assert at.radio(key="an_eval").value == query["an_eval"]
    else:
        at = _open(page)
    headers = [h for element in at.dataframe for h in _headers(element)]
    headers += [str(c) for element in at.table for c in element.value.columns]
    scores = [h for h in headers if SCORE_HEADER.search(h)]
    assert scores, "no score column found"
    assert all(h.endswith(" (%)") for h in scores), scores
    assert not [h for h in headers if h in ("Recal", "Accracy", "Prec", "Prec.", "Tag acc")]
    for element in at.dataframe:  # the values are percent: at most 100, and some above 1
        for header, column in zip(_headers(element), element.value.columns):
            if SCORE_HEADER.search(header):
                values = element.value[column].dropna()
                assert values.between(0, 100).all(), (header, values.tolist())


def test_evalbs_own_headers_stay_in_its_text_output() -> None:
    at = _open(BRACKETS)
    pairs = at.dataframe(key="bk_table")
    assert _headers(pairs)[:10] == ["Pair", "EVALB ID", "Verdict", "Kind", "Gold", "System", "Trees", "Len", "Stat",
                                    "Recall (%)"]
    assert "Tag accuracy (%)" in _headers(pairs)
    folder = SAMPLE_DATA / "parseval" / "jp-trees"
    result = parseval.evaluate_bytes((folder / "harbour.gold.mrg").read_bytes(),
                                     (folder / "harbour.sys.mrg").read_bytes())
    report = parseval.render_report(result)
    assert " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy" in report


def test_units_and_pairs_are_numbered_from_0_everywhere() -> None:
    at = _open(BRACKETS)
    table = at.dataframe(key="bk_table").value
    assert table["Pair"].tolist() == list(range(7)) and table["EVALB ID"].tolist() == list(range(1, 8))
    assert "Pair #4: 2:1 trees, ∪ merged" in [h.value for h in at.subheader]  # EVALB's ID 5
    assert at.query_params["pair"] == "4"
    at.selectbox(key="pair").set_value(0)
    _run(at)
    assert "Pair #0: 1:1 trees, ✓ exact" in [h.value for h in at.subheader]
    first_gold = table.loc[0, "Gold text"]
    # the Analysis page names the same pair by the same number
    at.switch_page(ANALYSIS)
    _run(at)
    at.radio(key="an_eval").set_value("Brackets")
    _run(at)
    worst = next(df.value for df in at.dataframe if "Rank" in df.value.columns)
    assert worst.columns[2] == "Unit" and "ID" not in worst.columns
    row = worst[worst["Unit"] == 0].iloc[0]
    assert row["Gold"] == first_gold
    # tokens: units from 0; the sentences of a unit by their place in their file from 1 (§1), as
    # Teaching and the rendered units name them (issue 25, item 3)
    at = _open(SENTENCES, unit="0")
    assert "Unit #0: 1:1 sentences, ✓ exact" in [h.value for h in at.subheader]
    sentences = next(df.value for df in at.dataframe if "sent_id" in df.value.columns)
    assert sentences["Sentence"].tolist() == ["§1", "§1"]
    at = _open(SENTENCES, unit="2")
    sentences = next(df.value for df in at.dataframe if "sent_id" in df.value.columns)
    assert sentences[["Side", "Sentence", "Line"]].values.tolist() == [["Gold", "§3", "3"], ["Gold", "§4", "4"],
                                                                         ["System", "§3", "3"]]


def _missing(at: AppTest) -> list[tuple[list[str], dict]]:
    """Tables with a missing value (st.dataframe draws it as "None"): their first columns and
    the columns with one."""
    found = []
    for element in at.dataframe:
        missing = element.value.isna().sum()
        if missing.any():
            found.append((list(element.value.columns)[:3], missing[missing > 0].to_dict()))
    return found


def test_no_table_cell_reads_none() -> None:
    """Every page with its bundled data (the selected unit's word groups and Edits' similarity
    used to draw None): a cell without a value says "–"."""
    at = _open(SENTENCES)
    assert _missing(at) == []
    for page in (OVERVIEW, BRACKETS, EDITS, TEACHING, ABOUT):
        at.switch_page(page)
        _run(at)
        assert _missing(at) == [], page
    at.switch_page(ANALYSIS)
    _run(at)
    for evaluation in ("tokens", "brackets", "edits"):
        at.radio(key="an_eval").set_value(evaluation)
        _run(at)
        assert _missing(at) == [], evaluation
