"""Links that travel (issue 23, item 1): every page's URL names what is loaded, A and B.

The general pages (Compare, Analysis, Ranking) read an evaluation's loader
without drawing it; their URL names its system A and B as the evaluation's
own pages do, and that URL opened in a new session (a new browser) loads the
same bundled data and shows the same figures:

* Compare on the toy M2 pair (A = the re-segmented system, B = the system on
  gold's sentences): F0.5 A 83.33 %, B 84.62 %, B wins 1 of 6 common units
  (the filter by winner and the unit opened, which the browser writes into
  the URL, are in tests/test_browser_links.py);
* Analysis on the EWT excerpt (gold words vs nltk) with B = Punkt +
  WordPunct: the same buckets table;
* Ranking on the toy pair: the same ranking (the bundled variants added,
  which the browser writes into the URL, in tests/test_browser_links.py);
* the link followed on Compare leaves the loaders as their own pages would
  (the Sentences page then shows the same A and B, nothing loaded again);
* a link naming uploaded data says the data is not on this server; another
  evaluation's data leaves the URL when the page shows one evaluation.
"""

from __future__ import annotations

import pandas as pd
from streamlit.testing.v1 import AppTest

from tests.app_support import APP
from tests.app_support import run as _run

COMPARE, ANALYSIS, RANKING = "../pages/compare.py", "../pages/analysis.py", "../pages/ranking.py"


def _new_session(page: str, query: dict[str, list[str]]) -> AppTest:
    """A new session (a new browser) opened at ``page`` with the URL parameters ``query``."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(page)
    for name, values in query.items():
        at.query_params[name] = values if len(values) > 1 else values[0]
    return _run(at)


def _url(at: AppTest) -> dict[str, list[str]]:
    """The URL parameters the app left, each as a list of values."""
    return {name: [str(v) for v in (value if isinstance(value, list) else [value])]
            for name, value in at.query_params.items()}


def _frame(at: AppTest, column: str) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe if column in df.value.columns]
    assert frames, f"no table with a {column!r} column"
    return frames[0]


def _infos(at: AppTest) -> list[str]:
    return [info.value for info in at.info]


def _captions(at: AppTest) -> list[str]:
    return [caption.value for caption in at.caption]


def _edits_with_b() -> AppTest:
    """The Edits page: A = the re-segmented toy system, B = the toy system chosen under the loader."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page("../pages/edits.py")
    _run(at)
    at.selectbox(key="g_sample").set_value("toy-resegmented")
    _run(at)
    at.radio(key="g_b_source").set_value("sample")
    _run(at)
    assert at.selectbox(key="g_b_sample").value == "toy"
    return at


def test_a_link_copied_from_compare_opens_the_same_figures() -> None:
    at = _edits_with_b()
    at.switch_page(COMPARE)
    _run(at)
    url = _url(at)
    assert url["m2"] == ["toy-resegmented"] and url["m2_b"] == ["toy"]
    assert "sample" not in url  # the tokens view's data is not what this page shows

    linked = _new_session(COMPARE, url)
    for shown in (at, linked):
        scores = _frame(shown, "B − A (points)")
        assert [round(x, 2) for x in scores["A (%)"]] == [83.33]
        assert [round(x, 2) for x in scores["B (%)"]] == [84.62]
        assert "6 common units: B wins 1, A wins 0, tie 5 (by each unit's F0\\.5 of its own counts)." in \
            _captions(shown)
        assert list(_frame(shown, "Winner")["Winner"]) == ["tie", "tie", "B", "tie", "tie", "tie"]
    assert _infos(linked) == _infos(at)
    assert _frame(linked, "Winner").equals(_frame(at, "Winner"))
    assert _url(linked) == url


def test_the_loaders_follow_the_link_as_their_own_pages_would() -> None:
    at = _edits_with_b()
    at.switch_page(COMPARE)
    _run(at)
    linked = _new_session(COMPARE, _url(at))
    a, b = linked.session_state["gec_loaded"], linked.session_state["gec_loaded_b"]
    linked.switch_page("../pages/edits.py")
    _run(linked)
    assert linked.selectbox(key="g_sample").value == "toy-resegmented"
    assert linked.radio(key="g_b_source").value == "sample" and linked.selectbox(key="g_b_sample").value == "toy"
    # the same objects: the Edits page's loader found them loaded and loaded nothing again
    assert linked.session_state["gec_loaded"] is a and linked.session_state["gec_loaded_b"] is b
    assert _url(linked)["m2"] == ["toy-resegmented"] and _url(linked)["m2_b"] == ["toy"]


def test_a_link_copied_from_analysis_opens_the_same_buckets_with_b() -> None:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["sample_b"] = "punkt-wordpunct"
    _run(at)
    at.switch_page(ANALYSIS)
    _run(at)
    url = _url(at)
    assert url["sample"] == ["ewt-words"] and url["sample_b"] == ["punkt-wordpunct"]
    linked = _new_session(ANALYSIS, url)
    table = _frame(linked, "Bucket")
    assert table.equals(_frame(at, "Bucket"))
    assert list(table["Bucket"]) == ["1-10", "11-20", "21-40", "41+"]
    assert _url(linked) == url


def test_a_link_copied_from_ranking_opens_the_same_ranking() -> None:
    at = _edits_with_b()
    at.switch_page(RANKING)
    _run(at)
    url = _url(at)
    assert url["m2"] == ["toy-resegmented"] and url["m2_b"] == ["toy"]
    linked = _new_session(RANKING, url)
    table = _frame(linked, "Group")
    assert table.equals(_frame(at, "Group"))
    assert list(table["System"]) == ["B: toy-en: system vs gold, same sentences",
                                     "A: toy-en: re-segmented system vs gold (2 annotators)"]
    assert [round(x, 2) for x in table["F0.5 (%)"]] == [84.62, 83.33]


def test_a_link_to_uploaded_data_says_it_is_not_on_this_server() -> None:
    linked = _new_session(COMPARE, {"cmp_eval": ["Edits"], "m2_data": ["upload-0123456789ab"]})
    assert [w.value for w in linked.warning] == [
        "This link points at uploaded data that is not on this server; upload it again or open the HTML report."]
    assert any(text.startswith("Nothing is loaded for Edits yet") for text in _infos(linked))
    assert _url(linked)["m2_data"] == ["upload-0123456789ab"]



def test_a_link_naming_the_evaluation_keeps_it_without_a_note() -> None:
    """In a new session the page's default evaluation is the one with data loaded, the link's:
    it is shown, and no note says the address's evaluation was ignored (Streamlit leaves a
    widget's default out of the URL)."""
    linked = _new_session(COMPARE, {"cmp_eval": ["Edits"], "m2": ["toy-resegmented"], "m2_b": ["toy"]})
    assert not [text for text in _infos(linked) if "Ignored" in text]
    assert linked.radio(key="cmp_eval").value == "edits"
    assert _url(linked) == {"m2": ["toy-resegmented"], "m2_b": ["toy"]}
    assert "6 common units: B wins 1, A wins 0, tie 5 (by each unit's F0\\.5 of its own counts)." in _captions(linked)
