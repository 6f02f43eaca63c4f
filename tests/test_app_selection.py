"""Selection is one state (issue 15, item 4): a filter change moves the unit detail to
the first unit the filters show, on every page with a detail, instead of leaving it on
a unit they exclude ("This unit is not among the 1 the filters show"); a unit chosen
while the filters stay the same is kept, even outside them."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app_support import APP
from tests.app_support import run as _run


def _page(path: str) -> AppTest:
    at = _run(AppTest.from_file(str(APP), default_timeout=60))
    at.switch_page(path)
    return _run(at)


def _heading(at: AppTest, start: str) -> str:
    return next(h.value for h in at.subheader if h.value.startswith(start))


def _captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def test_sentences_detail_follows_the_filters() -> None:
    at = _page("../pages/sentences.py")
    assert _heading(at, "Unit #").startswith("Unit #2:")  # the first merged unit
    at.multiselect(key="shape").set_value(["m:n"])  # unit 46 only
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #46: 2:2 sentences")
    assert "Unit 1 of the 1 the filters show." in _captions(at)
    at.number_input(key="unit").set_value(5)  # typed, filters unchanged: kept, and said
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #5:")
    assert "This unit is not among the 1 the filters show." in _captions(at)
    at.multiselect(key="shape").set_value(["n:1"])  # 2, 19, 80
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #2:")


def test_brackets_detail_follows_the_filters() -> None:
    at = _page("../pages/brackets.py")
    assert _heading(at, "Pair #").startswith("Pair #4:")
    at.toggle(key="crossing").set_value(True)
    at.multiselect(key="label").set_value(["PP"])  # pairs 0 and 3
    _run(at)
    assert _heading(at, "Pair #").startswith("Pair #0:")


def test_edits_detail_follows_the_filters() -> None:
    at = _page("../pages/edits.py")
    first = _heading(at, "Unit #")
    at.multiselect(key="e_op").set_value(["M"])  # unit 4 only
    _run(at)
    assert _heading(at, "Unit #").startswith("Unit #4:"), first
