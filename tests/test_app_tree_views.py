"""The Brackets page's tree views, driven by AppTest: arrangement, zoom, the crossing sentence,
and the HTML report's trees of the pair shown.

The default pair is #4 (2:1, merged; pairs are numbered from 0, EVALB's ID
5): drawn gold over system, fitted to the box.  Pair #0 is counted "2
crossing" and shows 5 ✗: the sentence under the trees says why.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from jpcore.reports import render_html
from jpcore.parseval.tree_svg import MIN_FIT
from tests.app_support import run as _run
from tests.conftest import ROOT

APP = ROOT / "inspector" / "main" / "app.py"
PAGE = "../pages/brackets.py"


@pytest.fixture
def page() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    _run(at)
    at.switch_page(PAGE)
    return _run(at)


def _trees_html(at: AppTest) -> str:
    shown = [m.value for m in at.markdown if 'class="jp-trees"' in m.value]
    assert len(shown) == 1
    return shown[0]


def _captions(at: AppTest) -> list[str]:
    return [re.sub(r"\\(.)", r"\1", caption.value) for caption in at.caption]


def test_the_default_is_gold_over_system_fitted(page: AppTest) -> None:
    html = _trees_html(page)
    assert 'data-arrangement="stacked" data-zoom="fit"' in html
    assert html.count("<svg") == 2
    assert len(re.findall(r'<svg style="width:100%;max-width:\d+px;min-width:\d+px"', html)) == 2
    assert page.button_group(key="bk_tree_layout").value == "auto"
    assert page.button_group(key="bk_tree_zoom").value == "Fit"
    assert MIN_FIT == 0.7


def test_words_down_the_page_and_a_zoom(page: AppTest) -> None:
    page.button_group(key="bk_tree_layout").set_value("down")
    page.button_group(key="bk_tree_zoom").set_value("150%")
    _run(page)
    html = _trees_html(page)
    assert 'data-arrangement="down" data-zoom="1.5"' in html
    assert html.count('style="flex:0 0 auto"') == 2
    page.button_group(key="bk_tree_layout").set_value("side")
    page.button_group(key="bk_tree_zoom").set_value(None)  # nothing chosen: fit
    _run(page)
    assert 'data-arrangement="side" data-zoom="fit"' in _trees_html(page)


def test_the_crossing_count_and_the_marks_are_explained(page: AppTest) -> None:
    page.selectbox(key="pair").set_value(0)
    _run(page)
    html = _trees_html(page)
    assert html.count('class="jp-node jp-crossing"') == 5
    captions = _captions(page)
    assert any("· 2 crossing (see under the trees) ·" in caption for caption in captions)
    assert ("2 crossing (EVALB's count: system brackets that cross a gold bracket); ✗ marks the unmatched "
            "brackets that cross one of the other side: 2 system and 3 gold.") in captions


def test_the_report_draws_the_pair_shown_first(page: AppTest) -> None:
    page.selectbox(key="pair").set_value(1)  # an exact pair whose brackets all match (EVALB's ID 2)
    _run(page)
    from jpcore import parseval
    from tests.conftest import SAMPLE_DATA

    folder = SAMPLE_DATA / "parseval" / "jp-trees"
    result = parseval.evaluate_bytes((folder / "harbour.gold.mrg").read_bytes(),
                                     (folder / "harbour.sys.mrg").read_bytes(),
                                     gold_name="harbour.gold.mrg", sys_name="harbour.sys.mrg")
    html = render_html(result, selected=[page.session_state["pair"] + 1])  # the report takes EVALB's IDs
    drawn = re.findall(r'<h3 id="trees-(\d+)">', html)
    # pair 2 first (selected), then the pairs with an error: 1, 3 (similar), 4, 5, 6 (merged)
    assert drawn == ["2", "1", "3", "4", "5", "6"]
    assert "1 selected pair, then 5 of the 5 pairs with an error" in html


def test_the_report_names_a_pair_as_the_page_does(page: AppTest) -> None:
    """Pairs are numbered from 0 on the page (issue 15, item 5); the report's trees say the same
    number, with EVALB's ID beside it."""
    assert "Pair #4: 2:1 trees, ∪ merged" in [h.value for h in page.subheader]
    from jpcore import parseval
    from tests.conftest import SAMPLE_DATA

    folder = SAMPLE_DATA / "parseval" / "jp-trees"
    result = parseval.evaluate_bytes((folder / "harbour.gold.mrg").read_bytes(),
                                     (folder / "harbour.sys.mrg").read_bytes())
    html = render_html(result, selected=[page.session_state["pair"] + 1])
    assert '<h3 id="trees-5">Pair #4 (EVALB ID 5): 2:1 trees, merged</h3>' in html
