"""What the pages configure so their tables fit (issue 25 item 12), read from the AppTest:

* the units tables of Sentences & tokens, Edits and Dependencies: the count columns 64 px,
  the Kind column 120 px (its longest word whole, never "mergec"), the texts 280 px, the
  Sentences table's texts right after its key columns, its counts and file lines after them;
* Error by shape: short headers with the full name on hover, the frame's names kept;
* one wording: the Source radio and the full-result download say the same on every page.
"""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from inspector.common.widgets import COUNT_COLUMN_WIDTH, KIND_COLUMN_WIDTH, TEXT_COLUMN_WIDTH
from tests.app_support import APP
from tests.app_support import run as _run

PAGES = {"sentences": "../pages/sentences.py", "edits": "../pages/edits.py", "deps": "../pages/deps.py",
         "overview": "../pages/overview.py", "brackets": "../pages/brackets.py"}
SOURCE = {"overview": "source", "brackets": "bk_source", "edits": "g_source", "deps": "d_source"}


def _open(page: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(PAGES[page])
    return _run(at)


def _config(at: AppTest, column: str) -> tuple:
    element = next(df for df in at.dataframe if column in df.value.columns)
    return element.value, json.loads(element.proto.columns or "{}")


def test_the_units_tables_give_their_texts_room() -> None:
    assert (COUNT_COLUMN_WIDTH, KIND_COLUMN_WIDTH, TEXT_COLUMN_WIDTH) == (64, 120, 280)
    for page, marker, count in (("sentences", "Words FN", "Sent TP"), ("edits", "Gold annotator", "TP"),
                                ("deps", "Groups with an error", "Unit")):
        at = _open(page)
        frame, config = _config(at, marker)
        assert config["Kind"]["width"] == KIND_COLUMN_WIDTH, page
        assert config["Gold"]["width"] == config["System"]["width"] == TEXT_COLUMN_WIDTH, page
        assert config[count]["width"] == COUNT_COLUMN_WIDTH, page
        columns = list(frame.columns)
        assert columns.index("Kind") < columns.index("Gold") < columns.index("System"), page
        if page == "sentences":  # the texts right after the key columns, the counts after them
            assert columns[:6] == ["Unit", "Verdict", "OK", "Kind", "Gold", "System"]
            assert columns[-4:] == ["Gold sentences", "System sentences", "Gold lines", "System lines"]


def test_error_by_shape_has_short_headers_and_the_full_names_on_hover() -> None:
    at = _open("overview")
    frame, config = _config(at, "Shape")
    assert list(frame.columns) == ["Shape", "Units", "Gold sentences", "System sentences", "Sentences TP",
                                   "Sentences FP", "Sentences FN", "Sentences F1 (%)", "Words TP", "Words FP",
                                   "Words FN", "Words F1 (%)"]
    labels = {name: config.get(name, {}).get("label", name) for name in frame.columns}
    assert labels == {"Shape": "Shape", "Units": "Units", "Gold sentences": "Gold", "System sentences": "System",
                      "Sentences TP": "Sent. TP", "Sentences FP": "Sent. FP", "Sentences FN": "Sent. FN",
                      "Sentences F1 (%)": "Sent. F1 (%)", "Words TP": "Words TP", "Words FP": "Words FP",
                      "Words FN": "Words FN", "Words F1 (%)": "Words F1 (%)"}
    assert config["Sentences F1 (%)"]["help"] == "Sentences F1 (%)"


def test_one_wording_on_every_page() -> None:
    for page in ("overview", "brackets", "edits", "deps"):
        at = _open(page)
        radio = at.sidebar.radio(key=SOURCE[page])
        assert list(radio.options) == ["Bundled sample", "Upload files", "Paste text", "Open a JSON result"], page
        labels = [button.label for button in at.get("download_button")]
        if page != "overview":
            assert "JSON result (reopens here)" in labels, page
