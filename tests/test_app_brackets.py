"""The inspector's Brackets page, driven by AppTest.

The page opens with the project's own tree pair (``sample_data/parseval/jp-trees``):
7 aligned pairs over 8 gold and 8 system trees, one merged (2:1) and one
split (1:2) pair and the contraction ``ca n't`` / ``can not``; its figures
are those of ``jpcore parseval`` on the same files (44 / 52 / 50, 3 crossing).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
PAGE = "../pages/brackets.py"
TREES = ROOT / "sample_data" / "parseval" / "jp-trees"
SCRIPT = "<script>alert`1`</script>"


def _open(**query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    _run(at)
    at.switch_page(PAGE)
    return _run(at)


@pytest.fixture
def page() -> AppTest:
    """The Brackets page with the default tree pair."""
    return _open()


def _table(at: AppTest) -> pd.DataFrame:
    return at.dataframe(key="bk_table").value


def _frame_with(at: AppTest, column: str) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe if column in df.value.columns]
    assert frames, f"no table with a {column!r} column"
    return frames[0]


def _ids(at: AppTest) -> list[int]:
    """The pairs the table shows, numbered from 0 as every unit of the app (EVALB's ID - 1)."""
    return _table(at)["Pair"].tolist()


def _html(at: AppTest) -> str:
    """All markup of the page: ``st.html`` and raw HTML given to ``st.markdown`` (the SVG)."""
    markup = [element.value for element in at.html]
    markup += [element.value for element in at.markdown if element.value.startswith("<style>")]
    return "\n".join(markup)


def _markdown(at: AppTest) -> str:
    return "\n".join(element.value for element in at.markdown)


def _unescape(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


# --- What the page shows -------------------------------------------------------


def test_opens_with_the_project_pair(page: AppTest) -> None:
    assert not page.error
    assert "Brackets" in [t.value for t in page.title]
    metrics = {metric.label: metric.value for metric in page.metric}
    assert metrics == {
        "Bracketing recall": "84.62%", "Bracketing precision": "88.00%", "Bracketing F1": "86.27%",
        "Tagging accuracy": "93.55%", "Crossing brackets": "3",
    }
    table = _table(page)
    assert table["Pair"].tolist() == [0, 1, 2, 3, 4, 5, 6]
    assert table["EVALB ID"].tolist() == [1, 2, 3, 4, 5, 6, 7]
    assert (table["Matched"].sum(), table["Gold"].sum(), table["Test"].sum(), table["Cross"].sum()) == (44, 52, 50, 3)
    assert table["Trees"].tolist() == ["1:1", "1:1", "1:1", "1:1", "2:1", "1:2", "1:1"]
    assert table.loc[4, "Gold lines"] == "5, 6" and table.loc[5, "System lines"] == "6, 7"
    assert table.loc[4, "Gold text"] == "They ran to the stop . ~~~ The driver waited for them ."
    assert "Showing 7 of 7 pairs." in [c.value for c in page.caption]


def test_the_first_screen_shows_the_merged_pair(page: AppTest) -> None:
    # nothing selected: the first pair with merged sentences is drawn
    assert page.selectbox(key="pair").value == 4
    assert "Pair #4: 2:1 trees, ∪ merged" in [h.value for h in page.subheader]
    html = _html(page)
    assert "<svg" in html and "~~~" in html
    assert 'class="jp-trees"' in html and "overflow-x: auto" in html
    assert "jp-matched" in html
    assert "~~~" in _unescape(_markdown(page))


def test_the_json_and_the_page_agree_with_the_command_line(page: AppTest) -> None:
    done = subprocess.run([sys.executable, "-m", "jpcore", "parseval", str(TREES / "harbour.gold.mrg"),
                           str(TREES / "harbour.sys.mrg"), "--json"], capture_output=True, cwd=ROOT, check=True)
    groups = json.loads(done.stdout)["groups"]
    table = _table(page)
    assert table["Matched"].tolist() == [g["matched"] for g in groups]
    assert table["Cross"].tolist() == [g["cross"] for g in groups]
    assert table["Tags"].tolist() == [g["correct_tags"] for g in groups]


# --- Filters ---------------------------------------------------------------------


def test_filters_change_the_rows(page: AppTest) -> None:
    page.toggle(key="merged").set_value(True)
    assert _ids(_run(page)) == [4, 5]
    page.toggle(key="merged").set_value(False)
    page.toggle(key="word_groups").set_value(True)
    assert _ids(_run(page)) == [2]
    page.toggle(key="word_groups").set_value(False)
    page.toggle(key="crossing").set_value(True)
    assert _ids(_run(page)) == [0, 3]
    page.toggle(key="crossing").set_value(False)
    page.multiselect(key="label").set_value(["PP"])
    assert _ids(_run(page)) == [0, 3, 4, 5]
    page.multiselect(key="label").set_value(["SBAR"])
    assert _ids(_run(page)) == [3]
    page.multiselect(key="label").set_value([])
    page.multiselect(key="length").set_value(["11-20"])
    assert _ids(_run(page)) == [3, 4]
    page.toggle(key="crossing").set_value(True)
    assert _ids(_run(page)) == [3]
    assert "Showing 1 of 7 pairs." in [c.value for c in page.caption]


def test_a_bar_selected_in_the_chart_filters_the_table(page: AppTest) -> None:
    assert len(page.get("plotly_chart")) == 1
    page.session_state["bk_label_chart"] = {
        "selection": {"points": [{"x": "ADVP", "y": 100.0, "curve_number": 0, "point_index": 4}],
                      "point_indices": [4], "box": [], "lasso": []}}
    _run(page)
    assert _ids(page) == [1, 5]
    assert any("Chart selection: ADVP" in _unescape(c.value) for c in page.caption)
    assert ("Chart selection: ADVP (double-click the chart, or click the selected bar again, to clear)."
            in [_unescape(c.value) for c in page.caption])


def test_a_click_anywhere_in_a_label_column_selects_it(page: AppTest) -> None:
    """hovermode "x": plotly gives a click above a short (or 0 %) bar to its label's
    bars (tests/test_browser_brackets.py clicks above PP's bars in chromium)."""
    spec = json.loads(page.get("plotly_chart")[0].proto.spec)
    assert spec["layout"]["hovermode"] == "x"
    assert [trace["x"] for trace in spec["data"]] == [["NP", "S", "VP", "PP", "ADVP", "SBAR"]] * 3


def test_filters_and_the_pair_live_in_the_url() -> None:
    at = _open(crossing="true", label="PP", pair="3")
    assert _ids(at) == [0, 3]
    assert "Pair #3: 1:1 trees, ✓ exact" in [h.value for h in at.subheader]
    at = _open(pair="99")  # not a pair: the first merged one
    assert "Pair #4: 2:1 trees, ∪ merged" in [h.value for h in at.subheader]


# --- The selected pair --------------------------------------------------------------


def test_choosing_a_pair_draws_it(page: AppTest) -> None:
    page.selectbox(key="pair").set_value(2)
    _run(page)
    assert "Pair #2: 1:1 trees, ≈ similar" in [h.value for h in page.subheader]
    units = _frame_with(page, "Gold words")
    assert units["Gold words"].tolist()[1] == "ca ~~~ n't"
    assert units["System words"].tolist()[1] == "can ~~~ not"
    assert units["Kind"].tolist()[1] == "different"  # "can't"/"cannot": Jaro-Winkler 0.888 < 0.91
    text = _unescape(_markdown(page))
    assert "[ca ~~~ n't]" in text and "[can ~~~ not]" in text
    constituents = _frame_with(page, "Status")
    assert set(constituents["Status"]) == {"matched"}


def test_statuses_are_drawn_with_colour_and_shape(page: AppTest) -> None:
    page.selectbox(key="pair").set_value(0)
    _run(page)
    html = _html(page)
    for status in ("matched", "gold-only", "crossing"):
        assert f"jp-{status}" in html
    assert 'stroke-dasharray="2 2"' in html and 'stroke-dasharray="6 3"' in html  # not only colour
    constituents = _frame_with(page, "Status")
    crossing = constituents[constituents["Status"] == "crossing"]
    assert list(zip(crossing["Side"], crossing["Label"])) == [
        ("gold", "NP"), ("gold", "PP"), ("gold", "VP"), ("system", "PP"), ("system", "NP")]
    fallback = [code.value for code in page.code]
    assert fallback[0].startswith("(TOP (S✓ (NP✗ (NP✓ (DT The) (NN bus)) (PP✗ (TO to) (NP− (DT the)")
    assert "(PP✗ (TO to) (NP✗ (DT the) (JJ old) (NN harbour) (NNS leaves)))" in fallback[1]


def test_downloads(page: AppTest) -> None:
    labels = [button.label for button in page.get("download_button")]
    assert labels == ["Totals (CSV)", "Totals (Markdown)", "Totals (LaTeX)", "EVALB-format report", "JSON result (reopens here)", "Table as CSV",
                      "HTML report (self-contained)"]


# --- Loading ------------------------------------------------------------------------


def _paste(at: AppTest, gold: str, system: str) -> AppTest:
    at.radio(key="bk_source").set_value("paste")
    _run(at)
    at.text_area(key="bk_paste_gold").input(gold)
    at.text_area(key="bk_paste_sys").input(system)
    at.button(key="bk_paste_submit").click()
    return _run(at)


def test_pasted_markup_is_escaped(page: AppTest) -> None:
    tree = f"(S (<b>x</b> {SCRIPT}) (NP (NN cat)))"
    _paste(page, tree, tree)
    assert not page.error
    assert _ids(page) == [0]
    html = _html(page)
    assert "<script" not in html and "<b>" not in html
    assert "&lt;script&gt;alert`1`&lt;/script&gt;" in html and "&lt;b&gt;x&lt;/b&gt;" in html
    for element in (*page.markdown, *page.caption):
        if not element.value.startswith("<style>"):  # Markdown text: every '<' backslash-escaped
            assert not re.search(r"(?<!\\)<", element.value)
    assert "\\<script\\>" in _markdown(page)
    assert _table(page).loc[0, "Gold text"] == f"{SCRIPT} cat"


def test_a_script_label_is_escaped_in_the_tree(page: AppTest) -> None:
    _paste(page, "(<script> (NN a) (NN b))", "(<script> (NN a)) (X (NN b))")
    html = _html(page)
    assert "<script" not in html
    assert "&lt;script&gt;" in html
    assert page.multiselect(key="label").options == ["<script>", "X"]


def test_bad_trees_show_file_and_line_and_keep_the_data(page: AppTest) -> None:
    _paste(page, "(S (NP (NN a)))\n(S (NP (NN b))", "(S (NP (NN a)))\n(S (NP (NN b)))")
    assert len(page.error) == 1
    message = _unescape(page.error[0].value)
    assert "gold (pasted):2: expected ')' closing the '(' of 'S' opened on line 2" in message
    assert "Still showing the previous trees: jp-trees" in message
    assert _ids(page) == [0, 1, 2, 3, 4, 5, 6]


def test_uploads(page: AppTest) -> None:
    page.radio(key="bk_source").set_value("upload")
    _run(page)
    gold = (TREES / "harbour.gold.mrg").read_bytes()
    page.file_uploader(key="bk_upload_gold").set_value(("g.mrg", gold, "text/plain"))
    page.file_uploader(key="bk_upload_sys").set_value(("s.mrg", gold, "text/plain"))
    _run(page)
    assert {m.label: m.value for m in page.metric}["Bracketing F1"] == "100.00%"
    assert len(_table(page)) == 8


def test_the_evalb_sample_by_name_and_a_path_is_not_a_sample() -> None:
    at = _open(trees="evalb-sample")
    assert at.selectbox(key="bk_sample").value == "evalb-sample"
    assert len(_table(at)) == 21
    at.toggle(key="merged").set_value(True)
    assert _ids(_run(at)) == [7, 19]
    at = _open(trees="../../../etc/passwd")
    assert at.selectbox(key="bk_sample").value == "harbour"
    assert len(_table(at)) == 7


def test_a_saved_json_result_reopens(page: AppTest, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "jpcore", "parseval", str(TREES / "harbour.gold.mrg"),
                           str(TREES / "harbour.sys.mrg"), "--json"], capture_output=True, cwd=ROOT, check=True)
    page.radio(key="bk_source").set_value("json")
    _run(page)
    page.file_uploader(key="bk_upload_json").set_value(("result.json", done.stdout, "application/json"))
    _run(page)
    assert not page.error
    assert _table(page)["Matched"].sum() == 44
    page.file_uploader(key="bk_upload_json").set_value(("bad.json", b"[1, 2]", "application/json"))
    _run(page)
    assert "bad.json:1: expected a JSON object written by" in _unescape(page.error[0].value)


def test_cutoff_sets_the_second_block(page: AppTest) -> None:
    page.number_input(key="bk_cutoff").set_value(10)
    _run(page)
    assert any("cut-off 10 gold words" in _unescape(c.value) for c in page.caption)
