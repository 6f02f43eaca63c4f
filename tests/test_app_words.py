"""Words that mean one thing (issue 25, items 3, 4, 7, 8), driven by AppTest on the bundled samples.

* item 7: a group cut differently is named by its shape -- ``split`` (1:n), ``merged``
  (n:1), ``regrouped`` (m:n) -- in badges, headings, tables, filters, charts and the
  HTML report; the JSON's ``kind`` keeps ``merged``;
* item 8: a multiword token's surface form drawn over its words (``au`` over ``à le``),
  the words level's counts named Words, one number per sentence plus the file's sent_id;
* item 3: sentences named ``gold sentence §3`` / ``system sentence §2`` from 1, the same
  number for the same sentence on Teaching and Sentences & tokens, no file line for a
  system output made from raw text;
* item 4: an exact sentence with token errors is never the green ``exact``; a
  normalisation that made two tokens equal is said at the unit; Two systems side by side
  explains every count.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from jpcore.formats import read_segmentation
from jpcore.preprocess import evaluate
from jpcore.reports import render_html
from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
EWT = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt"
SENTENCES = "../pages/sentences.py"
TEACHING = "../pages/teaching.py"


def _open(page: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.switch_page(page)
    for key, value in query.items():
        at.query_params[key] = value
    return _run(at)


def _html(at: AppTest) -> str:
    return "\n".join(element.value for element in at.html)


def _frame_with(at: AppTest, column: str) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe if column in df.value.columns]
    assert frames, f"no table with a {column!r} column"
    return frames[0]


def _row(rendered: str, unit: int) -> str:
    """The rendered ``<tr>`` of unit ``unit``."""
    match = re.search(rf'<tr><td class="jp-num">#{unit}<br>.*?</tr>', rendered, re.S)
    assert match, f"unit #{unit} is not rendered"
    return match.group(0)


# --- item 7: split, merged, regrouped --------------------------------------------------------


def test_each_shape_has_its_own_word_in_badges_headings_tables_and_filters() -> None:
    at = _open(SENTENCES, kind="split")
    assert at.multiselect(key="kind").options == [
        "exact", "split", "merged", "regrouped", "similar", "different", "gold-only", "system-only"]
    units = at.dataframe(key="units_table").value
    assert units[["Unit", "Kind", "Shape", "Ratio"]].values.tolist() == [[10, "split", "1:n", "1:2"],
                                                                          [38, "split", "1:n", "1:2"]]
    # nltk cut gold sentence 12 in two: the heading and the badge say "split", never "merged"
    assert "Unit #10: 1:2 sentences, ÷ split" in [h.value for h in at.subheader]
    rendered = _html(at)
    row = _row(rendered, 10)
    assert ('title="1:n: one gold unit cut into several system units (the same characters)" '
            'style="border-style: dashed; border-color: #E69F00; background: #E69F0033;">÷ sentences split</span>'
            '<br><span class="jp-small">1:2 sentences</span>') in row
    assert "merged" not in row
    # the legend names the three words with their shapes
    for word, meaning in (("÷ split", "1:n: one gold unit cut into several system units (the same characters)"),
                          ("∪ merged", "n:1: several gold units joined into one system unit (the same characters)"),
                          ("± regrouped", "m:n: the same characters cut into different units on both sides")):
        assert f'{word}</span> <span class="jp-small">{meaning}</span>' in rendered
    at.multiselect(key="kind").set_value(["regrouped"])
    _run(at)
    assert at.dataframe(key="units_table").value["Unit"].tolist() == [46]
    assert "Unit #46: 2:2 sentences, ± regrouped" in [h.value for h in at.subheader]


def test_the_html_report_uses_the_same_words_and_the_json_keeps_merged() -> None:
    from jpcore.reports.markup import COLOURS

    ORANGE = COLOURS["orange"]  # noqa: N806 - the colour of every kind that cuts differently
    gold = read_segmentation((EWT / "en_ewt-ud-test.excerpt.gold.words.txt").read_bytes(), "gold.txt", "text")
    system = read_segmentation((EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes(), "sys.txt", "text")
    result = evaluate(gold, system)
    report = render_html(result)
    assert f'<tr><td class="num">2</td><td class="kind"><span style="border-left-color: {ORANGE};">merged</span></td>' in report
    assert f'<tr><td class="num">10</td><td class="kind"><span style="border-left-color: {ORANGE};">split</span></td>' in report
    assert f'<tr><td class="num">46</td><td class="kind"><span style="border-left-color: {ORANGE};">regrouped</span></td>' in report
    assert "<dt>Kind: split / merged / regrouped</dt>" in report
    assert "<tr><td>m:n</td><td>regrouped</td>" in report  # totals by shape
    kinds = [unit["kind"] for unit in result.to_dict()["units"]]
    assert [kinds[i] for i in (2, 10, 46)] == ["merged", "merged", "merged"]


# --- item 8: multiword tokens, the level's own name, one number per sentence ----------------


@pytest.fixture(scope="module")
def french_words() -> AppTest:
    """Sentences & tokens on the French sample read at the words level (gold "à le", system "au")."""
    at = _open(SENTENCES, sample="fr")
    at.radio(key="opt_level").set_value("words")
    _run(at)
    at.number_input(key="unit").set_value(3)
    return _run(at)


def test_the_surface_token_is_drawn_over_its_words(french_words: AppTest) -> None:
    at = french_words
    assert not at.error
    row = _row(_html(at), 3)
    assert ('<span class="jp-mwt" title="multiword token au: its words below"><span class="jp-mwt-form">au</span>'
            '<span class="jp-mwt-words">à le</span></span>') in row
    assert '<span class="jp-bad">Words ✗ TP 19 · FP 8 · FN 23</span>' in row  # the level's own name
    text = html.unescape(_html(at))
    assert ("#3 Word group “( jusqu' à le” ~ “(jusqu'au”: 4 gold words and 1 system word whose characters differ "
            "(different (not similar)), so none is a TP: FN 4, FP 1. Gold's surface token is “au” (multiword token "
            "au = à le).") in text


def _headers(at: AppTest, key: str) -> list[str]:
    """The headers a data grid shows (a column's label where the page gives it one)."""
    element = at.dataframe(key=key)
    config = json.loads(element.proto.columns or "{}")
    return [config.get(str(name), {}).get("label", str(name)) for name in element.value.columns]


def test_the_counts_are_named_for_the_level_in_the_units_and_word_group_tables(french_words: AppTest) -> None:
    words = french_words
    assert _headers(words, "units_table") == [
        "Unit", "Verdict", "OK", "Kind", "Gold", "System", "Ratio", "Shape", "Sent TP", "Sent FP", "Sent FN",
        "Words TP", "Words FP", "Words FN", "Gold sentences", "System sentences", "Gold lines", "System lines"]
    assert _frame_with(words, "Gold words").columns.tolist() == [
        "#", "Gold words", "System words", "Kind", "Ratio", "TP", "FP", "FN", "Why"]
    assert words.dataframe(key="units_table").value.loc[3, ["Words TP", "Words FP", "Words FN"]].tolist() == [
        19, 8, 23]  # unit 3's counts, as its card says
    tokens = _open(SENTENCES, sample="fr", unit="3")  # the same sample at the tokens level
    assert _headers(tokens, "units_table") == [
        "Unit", "Verdict", "OK", "Kind", "Gold", "System", "Ratio", "Shape", "Sent TP", "Sent FP", "Sent FN",
        "Tok. TP", "Tok. FP", "Tok. FN", "Gold sentences", "System sentences", "Gold lines", "System lines"]
    frame = tokens.dataframe(key="units_table").value
    assert frame.columns.tolist()[11:14] == ["Tokens TP", "Tokens FP", "Tokens FN"]  # the full names in the CSV
    config = json.loads(tokens.dataframe(key="units_table").proto.columns)
    assert config["Tokens TP"]["help"] == "Tokens TP"
    assert _frame_with(tokens, "Gold tokens").columns.tolist()[:3] == ["#", "Gold tokens", "System tokens"]


def test_one_number_per_sentence_plus_the_files_sent_id(french_words: AppTest) -> None:
    sentences = _frame_with(french_words, "sent_id")
    assert sentences.columns.tolist() == ["Side", "Sentence", "sent_id", "Line", "Words", "Text"]
    assert sentences[["Side", "Sentence", "sent_id", "Line", "Words"]].values.tolist() == [
        ["Gold", "§4", "fr-ud-test_00004", "–", 42], ["System", "§4", "–", "4", 27]]
    assert "Unit #3: 1:1 sentences, ≈ similar" in [h.value for h in french_words.subheader]


# --- item 3: one numbering -------------------------------------------------------------------


def test_the_same_sentence_has_the_same_number_on_teaching_and_sentences() -> None:
    teaching = _open(TEACHING)
    card = _html(teaching)
    assert ('<span class="jp-small">gold sentences §3–§4 · l. 3, 4</span>'
            '<span class="jp-small">system sentence §3</span>') in card  # punkt output: no file, no line
    assert '<span class="jp-sent" title="system sentence §1">§1</span>' in card and "§0" not in card
    sentences = _open(SENTENCES, unit="2")
    assert "gold sentences §3–§4 · l. 3, 4<br>system sentence §3 · l. 3" in _row(_html(sentences), 2)
    assert _frame_with(sentences, "sent_id")["Sentence"].tolist() == ["§3", "§4", "§3"]


# --- item 4: badges that do not mislead --------------------------------------------------------


def test_an_exact_sentence_with_word_errors_is_not_the_green_exact() -> None:
    at = _open(SENTENCES, unit="1")
    row = _row(_html(at), 1)
    assert ('<span class="jp-badge" title="the sentence boundaries are exact, but some tokens are not: words TP 17, '
            'FP 2, FN 6" style="border-style: solid; border-color: #F0E442; background: #F0E44233;">'
            "✓ sentence exact · words 17/2/6</span>") in row
    assert "#009E73" not in row  # the green of a correct unit
    assert "Unit #1: 1:1 sentences, ✓ exact · words 17/2/6" in [h.value for h in at.subheader]
    at = _open(SENTENCES, unit="0")
    assert "✓ sentence exact</span>" in _row(_html(at), 0) and "#009E73" in _row(_html(at), 0)


def test_a_normalisation_that_made_two_tokens_equal_is_said_at_the_unit() -> None:
    at = _open(TEACHING)
    at.button(key="teach_try_quotes_1").click()
    _run(at)
    at.toggle(key="teach_only_errors").set_value(False)
    _run(at)
    page = _html(at)
    assert ('<span class="jp-norm" title="gold &quot; and system ``: the same word after normalisation (a TP)">'
            "``<sup>≡</sup></span>") in page
    assert ("Normalised: gold “\"” = system “``” and gold “\"” = system “''”; written differently, but the same "
            "word after normalisation (normalisation table 'en', contractions kept, case-sensitive), so each is "
            "a TP.") in html.unescape(page)


def test_two_systems_side_by_side_explain_every_count_with_room_for_the_counts() -> None:
    at = _open(TEACHING)
    at.button(key="teach_try_contractions_3").click()
    _run(at)
    regions = next(element.value for element in at.html if 'class="jp-units jp-region"' in element.value)
    assert '<col style="width:13%">' in regions
    assert '<td class="jp-why-cell jp-small">Why these counts</td>' in regions
    text = html.unescape(regions)
    assert "Words TP 21, FP 1, FN 2: 21 of the 23 gold and 22 system words match one to one" in text
    assert "Words TP 23, FP 0, FN 0: each of the 23 gold words has a system word" in text
    at.toggle(key="teach_quiz").set_value(True)
    _run(at)
    regions = next(element.value for element in at.html if 'class="jp-units jp-region"' in element.value)
    assert "Why these counts" not in regions  # quiz mode hides them here too
