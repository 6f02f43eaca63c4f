"""Shareable state, keyboard navigation, multilingual display and large inputs, driven by AppTest.

* the selected unit lives in the URL (``?unit=N`` on Sentences & tokens,
  ``?pair=N`` on Brackets, ``?e_unit=N`` on Edits) next to the filters, so a
  link reopens the same view; Previous / Next step through the units the
  filters show;
* every page offers the self-contained HTML report;
* the Korean sample shows a merged unit on the first screen; Korean, Japanese
  and French texts carry their language, and the word groups are laid out
  as aligned columns;
* the large inputs (full EWT test set, 2,400 trees, 44,000 M2 sentences) load
  and their tables are paged.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
SENTENCES = "../pages/sentences.py"
OVERVIEW = "../pages/overview.py"
BRACKETS = "../pages/brackets.py"
EDITS = "../pages/edits.py"
HTML_REPORT = "HTML report (self-contained)"


def _open(page: str, timeout: float = 60, **query: str) -> AppTest:
    """The app opened at ``page`` with ``query`` in the URL (as a shared link opens it)."""
    at = AppTest.from_file(str(APP), default_timeout=timeout)
    at.switch_page(page)
    for key, value in query.items():
        at.query_params[key] = value
    return _run(at)


def _headings(at: AppTest) -> list[str]:
    return [h.value for h in at.subheader]


def _html(at: AppTest) -> str:
    return "\n".join(element.value for element in at.html)


def _captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def _query(at: AppTest) -> dict[str, str]:
    return {key: at.query_params[key] for key in at.query_params}


# --- Sentences & tokens: the selected unit and the filters in the URL -----------------------


def test_a_link_with_a_unit_and_filters_reopens_that_view() -> None:
    # ?kind= names the display word (issue 25, item 7): merged is n:1 only, split and regrouped apart
    at = _open(SENTENCES, kind="merged", mismatches="true", unit="19")
    assert at.multiselect(key="kind").value == ["merged"]
    assert at.toggle(key="mismatches").value is True
    assert at.dataframe(key="units_table").value["Unit"].tolist() == [2, 19, 80]
    assert "Unit #19: 2:1 sentences, ∪ merged" in _headings(at)
    assert at.number_input(key="unit").value == 19
    assert "Unit 2 of the 3 the filters show." in _captions(at)


def test_next_and_previous_step_through_the_units_the_filters_show() -> None:
    at = _open(SENTENCES, kind="split")
    assert "Unit #10: 1:2 sentences, ÷ split" in _headings(at)  # before any choice: the first one cut differently
    at.button(key="unit_next").click()
    _run(at)
    assert "Unit #38: 1:2 sentences, ÷ split" in _headings(at)
    assert _query(at)["unit"] == "38"  # the URL follows, so the link can be shared
    assert at.button(key="unit_next").proto.disabled is True  # 38 is the last split unit
    at.button(key="unit_prev").click()
    _run(at)
    assert "Unit #10: 1:2 sentences, ÷ split" in _headings(at)
    assert at.button(key="unit_prev").proto.disabled is True


def test_the_navigation_buttons_have_keyboard_shortcuts() -> None:
    at = _open(SENTENCES)
    assert at.button(key="unit_next").proto.shortcut.upper() == "J"
    assert at.button(key="unit_prev").proto.shortcut.upper() == "K"


def test_a_table_click_selects_the_unit_and_the_url_follows() -> None:
    at = _open(SENTENCES, shape="m:n")
    at.session_state["units_table"] = {"selection": {"rows": [0]}}
    _run(at)
    assert "Unit #46: 2:2 sentences, ± regrouped" in _headings(at)
    assert _query(at)["unit"] == "46"


def test_a_unit_number_that_does_not_exist_falls_back_to_the_first_merged_unit() -> None:
    at = _open(SENTENCES, unit="100000")
    assert "Unit #2: 2:1 sentences, ∪ merged" in _headings(at)
    at = _open(SENTENCES, unit="<script>")
    assert "Unit #2: 2:1 sentences, ∪ merged" in _headings(at)


# --- Brackets and Edits: the selected pair / unit ---------------------------------------------


def test_brackets_previous_next_and_the_pair_in_the_url() -> None:
    at = _open(BRACKETS, merged="true", pair="4")
    assert "Pair #4: 2:1 trees, ∪ merged" in _headings(at)
    ids = at.dataframe(key="bk_table").value["Pair"].tolist()
    at.button(key="pair_next").click()
    _run(at)
    following = ids[ids.index(4) + 1]
    assert next(h for h in _headings(at) if h.startswith("Pair #")).startswith(f"Pair #{following}:")
    assert _query(at)["pair"] == str(following)
    assert at.button(key="pair_next").proto.shortcut.upper() == "J"


def test_edits_unit_and_filters_in_the_url() -> None:
    at = _open(EDITS, e_unit="4", e_status="FN")
    assert at.multiselect(key="e_status").value == ["FN"]
    assert "Unit #4: 1:2 sentences (gold:system), ÷ split" in _headings(at)
    at.button(key="e_unit_prev").click()
    _run(at)
    assert _query(at)["e_unit"] != "4"
    assert any(h.startswith("Unit #") for h in _headings(at))


def test_edits_opens_on_the_first_merged_unit() -> None:
    at = _open(EDITS)
    assert "Unit #1: 2:1 sentences (gold:system), ∪ merged" in _headings(at)


# --- The HTML report on every page ------------------------------------------------------------


@pytest.mark.parametrize("page", [OVERVIEW, SENTENCES, BRACKETS, EDITS])
def test_every_page_offers_the_html_report(page: str) -> None:
    at = _open(page)
    assert HTML_REPORT in [button.label for button in at.get("download_button")]


# --- Multilingual display -----------------------------------------------------------------------


def test_the_korean_sample_shows_a_merged_unit_on_the_first_screen() -> None:
    at = _open(SENTENCES, sample="ko")
    headings = _headings(at)
    # the first heading of the page body is the selected unit: a merged one (two gold sentences)
    assert headings[0] == "Unit #8: 2:1 sentences, ∪ merged"
    detail = next(e.value for e in at.html if "jp-units" in e.value and "#8<br>" in e.value)
    assert "~~~" in detail and 'lang="ko"' in detail
    assert "현대" in _html(at) or "다" in _html(at)
    aligned = next(e.value for e in at.html if 'class="jp-ia"' in e.value)
    assert '<div class="jp-ia" lang="ko">' in aligned
    assert aligned.count('class="jp-ia-g') > 10  # one column per word group, gold over system


@pytest.mark.parametrize("key, lang", [("ja", "ja"), ("fr", "fr"), ("ewt-words", "en")])
def test_texts_carry_their_language(key: str, lang: str) -> None:
    at = _open(SENTENCES, sample=key)
    html = _html(at)
    assert f'<td class="jp-side" lang="{lang}">' in html
    assert f'<div class="jp-ia" lang="{lang}">' in html
    assert "word-break: keep-all" in html  # Korean keeps its words whole (the stylesheet)


def test_japanese_has_no_whitespace_assumption_in_search() -> None:
    at = _open(SENTENCES, sample="ja")
    at.text_input(key="q").input("不快感")  # three gold tokens: 不快 感; the system wrote 不快感
    _run(at)
    assert at.dataframe(key="units_table").value["Unit"].tolist() == [0]


# --- Large inputs ---------------------------------------------------------------------------------


def test_the_full_ewt_test_set_loads_with_the_table_paged() -> None:
    at = _open(SENTENCES, sample="ewt-full")
    status = at.main.children[0]  # the progress indication of the load, above the page
    assert type(status).__name__ == "Status" and "done in" in status.label
    assert "Large input" in status.label.replace("\\", "")
    assert "Showing 1409 of 1409 units." in _captions(at)
    assert len(at.dataframe(key="units_table").value) == 500
    assert at.pagination(key="rows").num_pages == 3
    assert "Rows 1–500 of 1,409 (page 1 of 3)." in _captions(at)
    at.pagination(key="rows").set_value(3)
    _run(at)
    assert at.dataframe(key="units_table").value["Unit"].tolist()[-1] == 1408


def test_the_2400_tree_file_is_paged() -> None:
    at = _open(BRACKETS, trees="evalb-sample-x100")
    assert len(at.dataframe(key="bk_table").value) == 500
    # 2,000 pairs: the sample's 20 ×100 (the aligner drifted to 1,230 before anchors had to be unique)
    assert "Pairs 1–500 of 2,000 (page 1 of 4)." in _captions(at)
    text = "\n".join(m.value for m in at.markdown) + _captions(at)
    assert re.search(r"sample\.gld ×100", text.replace("\\", ""))


def test_the_44000_sentence_m2_pair_is_paged() -> None:
    at = _open(EDITS, timeout=300, m2="uagec-44k")
    captions = _captions(at)
    assert "Showing 36520 of 36520 units and 151360 edits." in captions
    assert "Units 1–500 of 36,520 (page 1 of 74)." in captions
    assert "Edits 1–500 of 151,360 (page 1 of 303)." in captions
    assert len(at.dataframe(key="e_units").value) == 500
    at.button(key="e_unit_next").click()
    _run(at)
    assert any(h.startswith("Unit #") for h in _headings(at))
