"""The inspector's Overview and Sentences & tokens pages, driven by AppTest.

The app opens with the EWT excerpt (gold words vs nltk) loaded; its figures
are those of the spec's reference table (sentences 101/9/10, words
2498/36/75) and of conll18_ud_eval.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from jpcore.formats import read_segmentation
from jpcore.preprocess import evaluate
from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
EWT = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt"
SENTENCES_PAGE = "../pages/sentences.py"
OVERVIEW_PAGE = "../pages/overview.py"
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture
def app() -> AppTest:
    """The app after its first run (Overview, EWT excerpt words vs nltk)."""
    return _run(AppTest.from_file(str(APP), default_timeout=60))


@pytest.fixture
def sentences(app: AppTest) -> AppTest:
    """The Sentences & tokens page with the default sample."""
    app.switch_page(SENTENCES_PAGE)
    return _run(app)


def _frame_with(at: AppTest, column: str) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe if column in df.value.columns]
    assert frames, f"no table with a {column!r} column"
    return frames[0]


def _counts(at: AppTest) -> dict[str, tuple[int, int, int]]:
    scores = _frame_with(at, "TP").set_index("Metric")
    return {name: tuple(int(v) for v in scores.loc[name, ["TP", "FP", "FN"]]) for name in scores.index}


def _units(at: AppTest) -> pd.DataFrame:
    return at.dataframe(key="units_table").value


def _unescape(markdown: str) -> str:
    """Markdown text without its backslash escapes (how it reads on screen)."""
    return re.sub(r"\\(.)", r"\1", markdown)


def _html(at: AppTest) -> str:
    return "\n".join(element.value for element in at.html)


def _select_row(at: AppTest, row: int) -> AppTest:
    at.session_state["units_table"] = {"selection": {"rows": [row]}}
    return _run(at)


# --- Overview ---------------------------------------------------------------


def test_opens_with_the_ewt_excerpt_loaded(app: AppTest) -> None:
    assert not app.error
    assert _counts(app) == {"Sentences": (101, 9, 10), "Words": (2498, 36, 75)}
    conll = _frame_with(app, "Predicted").set_index("Metric")
    assert conll.loc["Sentences"].tolist() == [101, 111, 110]
    assert conll.loc["Words"].tolist() == [2498, 2573, 2534]
    metrics = {metric.label: metric.value for metric in app.metric}
    assert metrics["Sentences precision"] == "91.82%"
    assert metrics["Sentences recall"] == "90.99%"
    assert metrics["Words F1"] == "97.83%"
    loaded = _frame_with(app, "Format").set_index("Side")
    assert loaded.loc["Gold", "File"] == "en_ewt-ud-test.excerpt.gold.words.txt"
    assert loaded.loc["System", ["Sentences", "Words"]].tolist() == [110, 2534]


def test_overview_states_definitions_kinds_chart_and_downloads(app: AppTest) -> None:
    text = "\n".join(m.value for m in app.markdown)
    assert "**P** = TP / (TP + FP)" in text
    assert "**FN** = gold units − TP" in text
    assert "normalisation table 'en'" in text
    kinds = _frame_with(app, "Units")
    by_value = dict(zip(kinds["Value"], kinds["Units"]))
    # a group cut differently is named by its shape (issue 25, item 7): 2 split, 3 merged, 1 regrouped
    assert (by_value["exact"], by_value["split"], by_value["merged"], by_value["regrouped"]) == (101, 2, 3, 1)
    assert (by_value["1:1"], by_value["n:1"], by_value["1:n"], by_value["m:n"]) == (101, 3, 2, 1)
    assert len(app.get("plotly_chart")) == 1
    labels = [button.label for button in app.get("download_button")]
    assert any("Text report" in label for label in labels)
    assert any("JSON" in label for label in labels)
    assert "Source and licence of this sample" in [e.label for e in app.expander]


# --- Sentences & tokens: rows and filters -----------------------------------


def test_sentences_page_lists_every_unit(sentences: AppTest) -> None:
    units = _units(sentences)
    assert len(units) == 107
    assert units["Sent TP"].sum() == 101 and units["Sent FP"].sum() == 9
    assert units["Sent FN"].sum() == 10
    assert units["Words TP"].sum() == 2498 and units["Words FP"].sum() == 36
    assert units["Words FN"].sum() == 75
    assert "Showing 107 of 107 units." in [c.value for c in sentences.caption]


def test_filters_change_the_rows(sentences: AppTest) -> None:
    sentences.toggle(key="mismatches").set_value(True)
    assert len(_units(_run(sentences))) == 19
    sentences.multiselect(key="kind").set_value(["split", "merged", "regrouped"])
    cut = _units(_run(sentences))
    assert cut["Unit"].tolist() == [2, 10, 19, 38, 46, 80]
    assert cut["Kind"].tolist() == ["merged", "split", "merged", "split", "regrouped", "merged"]
    sentences.multiselect(key="kind").set_value(["split"])
    assert _units(_run(sentences))["Unit"].tolist() == [10, 38]
    sentences.multiselect(key="kind").set_value([])
    sentences.multiselect(key="shape").set_value(["n:1"])
    assert _units(_run(sentences))["Unit"].tolist() == [2, 19, 80]
    sentences.multiselect(key="shape").set_value([])
    sentences.text_input(key="q").input("google")
    assert _units(_run(sentences))["Unit"].tolist() == [1, 3, 19]
    sentences.toggle(key="mismatches").set_value(False)
    assert len(_units(_run(sentences))) == 6
    sentences.text_input(key="q").input("can't")  # found across the split ca n't
    assert _units(_run(sentences))["Unit"].tolist() == [36, 70]


def test_filters_live_in_the_url(app: AppTest) -> None:
    app.query_params["shape"] = "m:n"
    app.switch_page(SENTENCES_PAGE)
    assert _units(_run(app))["Unit"].tolist() == [46]


# --- Detail -----------------------------------------------------------------


def test_detail_of_a_merged_unit(sentences: AppTest) -> None:
    sentences.multiselect(key="kind").set_value(["merged"])
    _run(sentences)
    _select_row(sentences, 0)  # unit 2: two gold sentences, one nltk sentence
    assert "Unit #2: 2:1 sentences, ∪ merged" in [h.value for h in sentences.subheader]
    html = _html(sentences)
    detail = next(e.value for e in sentences.html if "jp-units" in e.value and "#2<br>" in e.value)
    assert "~~~" in detail
    assert "[ via Microsoft Watch from Mary Jo Foley ]" in detail
    assert "Sentences TP 0, FP 1, FN 2: gold has 2 sentences here" in html
    assert "en_ewt-ud-test.excerpt.gold.words.txt lines 3, 4" in html
    assert "none of them has the same start and end on both sides, so no sentence TP" in html
    unit_sentences = _frame_with(sentences, "sent_id")
    assert unit_sentences["Line"].tolist() == ["3", "4", "3"]
    assert unit_sentences["Sentence"].tolist() == ["§3", "§4", "§3"]  # one numbering: from 1, in its file
    assert "gold sentences §3–§4 · l. 3, 4<br>system sentence §3 · l. 3" in detail


def test_detail_explains_every_word_group(sentences: AppTest) -> None:
    sentences.multiselect(key="shape").set_value(["m:n"])
    _run(sentences)
    _select_row(sentences, 0)  # unit 46: 2:2 sentences, 3 word groups that do not match
    groups = _frame_with(sentences, "Gold words")
    assert (groups["TP"].sum(), groups["FP"].sum(), groups["FN"].sum()) == (43, 8, 5)
    mismatches = groups[groups["Kind"] != "match"]
    assert mismatches["#"].tolist() == ["1", "2", "3"]
    assert set(groups[groups["Kind"] == "match"]["#"]) == {"–"}  # never an empty "None" cell (issue 15)
    assert mismatches["System words"].tolist()[1] == "D.C ."
    html = _html(sentences)
    assert "Words TP 43, FP 8, FN 5" in html  # the level's own name (issue 25, item 8)
    assert "#2 Word group “D.C.” ~ “D.C .”: 1 gold word is split into 2 system words" in html


def test_detail_shows_the_raw_text_of_the_unit(sentences: AppTest) -> None:
    sentences.multiselect(key="kind").set_value(["merged"])
    _run(sentences)
    _select_row(sentences, 0)
    raw = [code.value for code in sentences.code]
    # nltk joined two gold sentences across a paragraph break of the raw text
    assert raw == ["[via Microsoft Watch from Mary Jo Foley ]\n\n(And, by the way, is anybody "
                   "else just a little nostalgic for the days when that was a good thing?)"]


def test_rendered_view_is_paged(sentences: AppTest) -> None:
    def shown() -> list[int]:
        rendered = [e.value for e in sentences.html if "jp-units" in e.value][-1]
        return [int(n) for n in re.findall(r'class="jp-num">#(\d+)<br>', rendered)]

    pagination = sentences.pagination(key="page")
    assert pagination.num_pages == 3
    assert shown() == list(range(0, 40))
    pagination.set_value(3)
    _run(sentences)
    assert shown() == list(range(80, 107))


def test_before_a_selection_the_first_merged_unit_is_shown(sentences: AppTest) -> None:
    assert "Unit #2: 2:1 sentences, ∪ merged" in [h.value for h in sentences.subheader]
    assert any("Click another row" in caption.value for caption in sentences.caption)


# --- Loading ----------------------------------------------------------------


def _paste(at: AppTest, gold: str, system: str) -> AppTest:
    at.radio(key="source").set_value("paste")
    _run(at)
    at.text_area(key="paste_gold").input(gold)
    at.text_area(key="paste_sys").input(system)
    at.button(key="paste_submit").click()
    return _run(at)


def test_pasted_text_is_evaluated(app: AppTest) -> None:
    _paste(app, "Click here To view it .\n", "Click here\nTo view it .\n")
    assert not app.error
    assert _counts(app) == {"Sentences": (0, 2, 1), "Words": (6, 0, 0)}


def test_bad_pasted_file_shows_the_error_and_keeps_the_data(app: AppTest) -> None:
    app.selectbox(key="opt_format").set_value("conllu")
    _paste(app, "1\tThe\t_\n", "The\n")
    assert len(app.error) == 1
    message = _unescape(app.error[0].value)
    assert "gold (pasted):1: expected 10 tab-separated columns, found 3: '1\\tThe\\t_'" in message
    assert "Still showing the previous data: English EWT excerpt: gold words vs nltk" in message
    assert _counts(app) == {"Sentences": (101, 9, 10), "Words": (2498, 36, 75)}
    app.switch_page(SENTENCES_PAGE)
    _run(app)
    assert len(app.error) == 1 and len(_units(app)) == 107


def test_pasted_markup_is_escaped(app: AppTest) -> None:
    _paste(app, f"{SCRIPT} ok\n", f"{SCRIPT}ok\n")
    app.switch_page(SENTENCES_PAGE)
    _run(app)
    html = _html(app)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script" not in html
    assert _units(app)["Gold"].tolist() == [f"{SCRIPT} ok"]
    _select_row(app, 0)
    assert "<script" not in _html(app)
    assert "&lt;script&gt;" in _html(app)


def test_uploads_are_cached_on_bytes_not_names(app: AppTest) -> None:
    gold = (EWT / "en_ewt-ud-test.excerpt.gold.tok.txt").read_bytes()
    system = (EWT / "en_ewt-ud-test.excerpt.nltk.surface.tok.txt").read_bytes()
    app.radio(key="source").set_value("upload")
    _run(app)
    app.file_uploader(key="upload_gold").set_value(("gold.txt", gold, "text/plain"))
    app.file_uploader(key="upload_sys").set_value(("system.txt", system, "text/plain"))
    _run(app)
    assert _counts(app)["Words"] == (2424, 110, 112)
    # same name, other content: evaluated again
    app.file_uploader(key="upload_sys").set_value(("system.txt", gold, "text/plain"))
    _run(app)
    assert _counts(app) == {"Sentences": (111, 0, 0), "Words": (2536, 0, 0)}
    # same content, other name: the name shown is the new one
    app.file_uploader(key="upload_sys").set_value(("renamed.txt", gold, "text/plain"))
    _run(app)
    assert _frame_with(app, "Format").set_index("Side").loc["System", "File"] == "renamed.txt"
    assert _counts(app) == {"Sentences": (111, 0, 0), "Words": (2536, 0, 0)}


def test_bad_upload_shows_the_error(app: AppTest) -> None:
    app.radio(key="source").set_value("upload")
    _run(app)
    app.file_uploader(key="upload_gold").set_value(("gold.txt", b"ok\n\xff bad\n", "text/plain"))
    app.file_uploader(key="upload_sys").set_value(("system.txt", b"ok\n", "text/plain"))
    _run(app)
    assert "gold.txt:2: expected UTF-8 text, found byte ff" in _unescape(app.error[0].value)
    assert _counts(app)["Sentences"] == (101, 9, 10)


def test_choosing_a_sample_sets_its_options(app: AppTest) -> None:
    app.selectbox(key="sample").set_value("ewt-tokens")
    _run(app)
    assert app.radio(key="opt_level").value == "tokens"
    assert _counts(app) == {"Tokens": (2424, 110, 112), "Sentences": (101, 9, 10)}
    app.selectbox(key="sample").set_value("fr")
    _run(app)
    assert (app.radio(key="opt_level").value, app.selectbox(key="opt_language").value) == ("tokens", "fr")
    assert not app.error
    assert "normalisation table 'fr'" in "\n".join(m.value for m in app.markdown)


@pytest.mark.parametrize("key", ["ko", "ja", "fr", "ewt-conllu"])
def test_every_sample_loads_by_name_from_the_url(key: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["sample"] = key
    _run(at)
    assert not at.error
    assert at.selectbox(key="sample").value == key
    at.switch_page(SENTENCES_PAGE)
    _run(at)
    assert len(_units(at)) > 0


def test_a_path_in_the_url_is_not_a_sample() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["sample"] = "../../../etc/passwd"
    _run(at)
    assert at.selectbox(key="sample").value == "ewt-words"
    assert _counts(at)["Sentences"] == (101, 9, 10)


def test_a_saved_json_result_reopens(app: AppTest) -> None:
    gold = read_segmentation((EWT / "en_ewt-ud-test.excerpt.gold.words.txt").read_bytes(), "g.txt")
    system = read_segmentation((EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes(), "s.txt")
    saved = json.dumps(evaluate(gold, system).to_dict()).encode()
    app.selectbox(key="sample").set_value("ewt-tokens")
    _run(app)
    app.radio(key="source").set_value("json")
    _run(app)
    app.file_uploader(key="upload_json").set_value(("result.json", saved, "application/json"))
    _run(app)
    assert _counts(app) == {"Sentences": (101, 9, 10), "Words": (2498, 36, 75)}


def test_pages_are_not_in_a_legacy_pages_folder() -> None:
    # Streamlit runs a `pages/` folder next to the entry point as a legacy
    # multipage app until st.navigation has run once in the process (and
    # AppTest on every run): a fresh server opened at /sentences would skip
    # app.py and its loader.  The entry is inspector/main/app.py, the pages
    # are in inspector/pages/: never beside it.
    assert not (APP.parent / "pages").exists()
    assert (APP.parent.parent / "pages" / "sentences.py").is_file()
