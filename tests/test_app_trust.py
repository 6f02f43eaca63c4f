"""The app with a user's own data, driven by AppTest (issue 12 items 1-4 and 8).

* what a loader loaded (upload, paste, JSON result, sample) stays through
  any page switch and rerun: coming back shows it, its Source still chosen,
  nothing is loaded again;
* the URL names what is loaded: a sample by key, data from a file by a
  token; a new session opened with such a link says the data is not on this
  server and shows no other data; a unit named by a link to other data is
  not applied;
* a new source detects its format unless set for that source: a CoNLL-U
  pair uploaded after the text sample is scored as CoNLL-U (91.40% as the
  CLI), and the format read is shown next to the scores;
* an empty file is "FILE is empty", the data loaded before stays;
* URL parameters that are not what a page reads (``²``, 5,000 digits, a
  unit that does not exist, a name no page has) are ignored with a note.
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

from tests.app_support import APP, ROOT
from tests.app_support import run as _run

EWT = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt"
GOLD_CONLLU = EWT / "en_ewt-ud-test.excerpt.conllu"
SYS_CONLLU = EWT / "en_ewt-ud-test.excerpt.nltk.conllu"
SYS_TOK = EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
TOY = ROOT / "sample_data" / "m2" / "toy-en"
TREES = ROOT / "sample_data" / "parseval" / "jp-trees"
OVERVIEW, SENTENCES = "../pages/overview.py", "../pages/sentences.py"
BRACKETS, EDITS, ANALYSIS = "../pages/brackets.py", "../pages/edits.py", "../pages/analysis.py"
DEPS = "../pages/deps.py"
TEACHING, ABOUT = "../pages/teaching.py", "../pages/about.py"
NOT_HERE = ("This link points at uploaded data that is not on this server; upload it again or open the "
            "HTML report.")


def _unescape(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def _open(at_page: str = OVERVIEW, **query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(at_page)
    for key, value in query.items():
        at.query_params[key] = value
    return _run(at)


def _goto(at: AppTest, page: str) -> AppTest:
    at.switch_page(page)
    return _run(at)


def _query(at: AppTest) -> dict[str, object]:
    return {key: at.query_params[key] for key in at.query_params}


def _captions(at: AppTest) -> str:
    return "\n".join(_unescape(c.value) for c in at.caption)


def _counts(at: AppTest) -> dict[str, tuple[int, int, int]]:
    frame = next(df.value for df in at.dataframe if "TP" in df.value.columns)
    scores = frame.set_index("Metric")
    return {name: tuple(int(v) for v in scores.loc[name, ["TP", "FP", "FN"]]) for name in scores.index}


def _metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def _upload(at: AppTest, gold: tuple[str, bytes], system: tuple[str, bytes]) -> AppTest:
    at.radio(key="source").set_value("upload")
    _run(at)
    at.file_uploader(key="upload_gold").set_value((*gold, "text/plain"))
    at.file_uploader(key="upload_sys").set_value((*system, "text/plain"))
    return _run(at)


def _infos(at: AppTest) -> str:
    return "\n".join(_unescape(e.value) for e in [*at.info, *at.warning])


# --- item 1: nothing loaded is lost --------------------------------------------------------------


def test_an_upload_survives_every_page_and_comes_back_with_its_source() -> None:
    at = _open()
    _upload(at, ("gold.conllu", GOLD_CONLLU.read_bytes()), ("system.tok.txt", SYS_TOK.read_bytes()))
    label = "Loaded: gold.conllu vs system.tok.txt (uploaded)"
    assert label in _captions(at)
    token = _query(at)["data"]
    assert re.fullmatch(r"upload-[0-9a-f]{12}", token) and "sample" not in _query(at)
    for page in (EDITS, BRACKETS, DEPS, ANALYSIS, ABOUT, TEACHING, SENTENCES, OVERVIEW):
        _goto(at, page)
        assert not at.exception
    assert at.radio(key="source").value == "upload"
    assert label in _captions(at)
    assert "Loaded from uploaded files earlier in this session" in _captions(at)
    assert _query(at)["data"] == token and "sample" not in _query(at)
    _run(at)  # a rerun of the page
    assert label in _captions(at) and _query(at)["data"] == token


@pytest.mark.parametrize("page, source_key, paste, button, text, loaded", [
    (OVERVIEW, "source", ("paste_gold", "paste_sys"), "paste_submit",
     ("Click here To view it .\n", "Click here\nTo view it .\n"), "pasted text"),
    (BRACKETS, "bk_source", ("bk_paste_gold", "bk_paste_sys"), "bk_paste_submit",
     ("(S (NN a) (NN b))\n", "(S (NN a) (NN b))\n"), "pasted trees"),
    (EDITS, "g_source", ("g_paste_sys", "g_paste_gold"), "g_paste_submit",
     ("S a b\n", "S a b\n"), "pasted M2"),
    (DEPS, "d_source", ("d_paste_gold", "d_paste_sys"), "d_paste_submit",
     ("1\ta\ta\tX\t_\t_\t0\troot\t_\t_\n", "1\ta\ta\tX\t_\t_\t0\troot\t_\t_\n"), "pasted CoNLL-U"),
])
def test_pasted_data_survives_the_other_pages(page: str, source_key: str, paste: tuple[str, str], button: str,
                                              text: tuple[str, str], loaded: str) -> None:
    at = _open(page)
    at.radio(key=source_key).set_value("paste")
    _run(at)
    for key, value in zip(paste, text):
        at.text_area(key=key).input(value)
    at.button(key=button).click()
    _run(at)
    assert not at.error
    for other in (OVERVIEW, EDITS, BRACKETS, DEPS, ANALYSIS, page):
        _goto(at, other)
    assert at.radio(key=source_key).value == "paste"
    assert [at.text_area(key=key).value for key in paste] == list(text)
    assert re.fullmatch(r"paste-[0-9a-f]{12}", str(next(v for k, v in _query(at).items() if k.endswith("data"))))
    assert loaded in "\n".join(_unescape(c.value) for c in at.caption)


def test_brackets_and_edits_uploads_and_a_json_result_stay() -> None:
    at = _open(BRACKETS)
    at.radio(key="bk_source").set_value("upload")
    _run(at)
    gold = (TREES / "harbour.gold.mrg").read_bytes()
    at.file_uploader(key="bk_upload_gold").set_value(("g.mrg", gold, "text/plain"))
    at.file_uploader(key="bk_upload_sys").set_value(("s.mrg", gold, "text/plain"))
    _run(at)
    _goto(at, EDITS)
    at.radio(key="g_source").set_value("json")
    _run(at)
    saved = subprocess.run([sys.executable, "-m", "jpcore", "gec", "-hyp", str(TOY / "sys.m2"), "-ref",
                            str(TOY / "gold.m2"), "--json"], capture_output=True, cwd=ROOT, check=True).stdout
    at.file_uploader(key="g_upload_json").set_value(("result.json", saved, "application/json"))
    _run(at)
    assert "result.json (saved result)" in _unescape(at.caption[0].value)
    for page in (OVERVIEW, BRACKETS):
        _goto(at, page)
    assert "g.mrg vs s.mrg (uploaded)" in _unescape(at.caption[0].value)
    assert re.fullmatch(r"upload-[0-9a-f]{12}", _query(at)["trees_data"]) and "trees" not in _query(at)
    _goto(at, EDITS)
    assert "result.json (saved result)" in _captions(at)
    assert "Loaded from the JSON result earlier in this session: result.json (saved result)." in _captions(at)
    assert re.fullmatch(r"json-[0-9a-f]{12}", _query(at)["m2_data"]) and "m2" not in _query(at)
    assert at.radio(key="g_source").value == "json"


# --- item 2: links tell the truth ------------------------------------------------------------------


@pytest.mark.parametrize("page, param", [(SENTENCES, "data"), (OVERVIEW, "data"), (BRACKETS, "trees_data"),
                                         (EDITS, "m2_data"), (DEPS, "deps_data")])
def test_a_link_to_uploaded_data_in_a_new_session_shows_no_other_data(page: str, param: str) -> None:
    at = _open(page, **{param: "upload-0123456789ab", "q": "Thanks", "unit": "1", "pair": "1", "e_unit": "1"})
    assert NOT_HERE in _infos(at)
    assert not [h.value for h in at.subheader if h.value.startswith(("Unit #", "Pair #"))]
    assert not any("EWT" in c.value or "jp-trees" in c.value or "toy-en" in c.value for c in at.caption)
    source_key = {SENTENCES: "source", OVERVIEW: "source", BRACKETS: "bk_source", EDITS: "g_source",
                  DEPS: "d_source"}[page]
    assert at.radio(key=source_key).value == "upload"
    assert _query(at)[param] == "upload-0123456789ab"  # the link stays as it was


def test_pasted_data_has_its_own_words_and_a_sample_link_loads_the_sample() -> None:
    at = _open(SENTENCES, data="paste-0123456789ab")
    assert ("This link points at pasted text that is not on this server; paste it again or open the "
            "HTML report.") in _infos(at)
    at = _open(SENTENCES, sample="ewt-conllu", unit="19")
    assert "Unit #19: 2:1 sentences, ∪ merged" in [h.value for h in at.subheader]


def test_a_links_unit_is_never_shown_on_other_data() -> None:
    at = _open(SENTENCES, data="upload-0123456789ab", unit="2")
    assert NOT_HERE in _infos(at)
    _goto(at, OVERVIEW)
    _upload(at, ("g.txt", b"A b .\nC d .\nE f .\n"), ("s.txt", b"A b . C d .\nE f .\n"))
    _goto(at, SENTENCES)
    headings = [h.value for h in at.subheader if h.value.startswith("Unit #")]
    assert headings == ["Unit #0: 2:1 sentences, ∪ merged"]  # the first merged unit, not the link's unit 2


# --- item 3: the format of a new source ------------------------------------------------------------


def test_an_uploaded_conllu_pair_is_read_as_conllu_after_the_text_sample() -> None:
    cli = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(GOLD_CONLLU), str(SYS_CONLLU)],
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "Sentences  |     101 |       9 |      10 |     91.82 |     90.99 |     91.40" in cli
    at = _open()
    assert at.selectbox(key="opt_format").value == "text"  # the EWT sample's
    _upload(at, (GOLD_CONLLU.name, GOLD_CONLLU.read_bytes()), (SYS_CONLLU.name, SYS_CONLLU.read_bytes()))
    assert _metric(at, "Sentences F1") == "91.40%"
    assert _counts(at)["Sentences"] == (101, 9, 10)
    assert at.selectbox(key="opt_format_upload").value == "auto"
    shown = "\n".join(_unescape(c.value) for c in at.caption)
    assert "Scored as read: gold CoNLL-U, system CoNLL-U (detected), level words." in shown
    # set for that source, the format applies to it (and only to it)
    at.selectbox(key="opt_format_upload").set_value("text")
    _run(at)
    assert _metric(at, "Sentences F1") == "0.07%"
    assert "gold tokenized text, system tokenized text (as set in Options)" in _captions(at)
    at.radio(key="source").set_value("sample")
    _run(at)
    assert at.selectbox(key="opt_format").value == "text" and _metric(at, "Sentences F1") == "91.40%"


# --- item 4: an empty file ----------------------------------------------------------------------


@pytest.mark.parametrize("data, found", [(b"", "no text at all"), (b" \n\n\t\n", "only blank lines")])
def test_an_empty_upload_is_named_and_the_data_stays(data: bytes, found: str) -> None:
    at = _open()
    _upload(at, ("gold.txt", SYS_TOK.read_bytes()), ("empty.txt", data))
    (error,) = at.error
    assert (f"Could not load gold.txt vs empty.txt (uploaded): empty.txt is empty: expected at least one "
            f"sentence, found {found}. Still showing the previous data: English EWT excerpt: gold words vs "
            "nltk.") == _unescape(error.value)
    assert _counts(at)["Sentences"] == (101, 9, 10)


def test_an_empty_m2_upload_is_named() -> None:
    at = _open(EDITS)
    at.radio(key="g_source").set_value("upload")
    _run(at)
    at.file_uploader(key="g_upload_sys").set_value(("sys.m2", b"\n", "text/plain"))
    at.file_uploader(key="g_upload_gold").set_value(("gold.m2", (TOY / "gold.m2").read_bytes(), "text/plain"))
    _run(at)
    (error,) = at.error
    assert "sys.m2 is empty: expected at least one block (an S line), found only whitespace" in _unescape(
        error.value)
    assert "Still showing the previous data: toy-en: re-segmented system vs gold" in _unescape(error.value)


# --- item 8: URL parameters ---------------------------------------------------------------------


@pytest.mark.parametrize("page, key, heading", [
    (SENTENCES, "unit", "Unit #2: 2:1 sentences, ∪ merged"),
    (BRACKETS, "pair", "Pair #4: 2:1 trees, ∪ merged"),
    (EDITS, "e_unit", "Unit #1: 2:1 sentences (gold:system), ∪ merged"),
    (DEPS, "d_unit", "Unit #0: 1:1 sentences, ✓ exact"),
])
@pytest.mark.parametrize("value, why", [
    ("²", "not a whole number of at most 9 digits"),
    ("9" * 5000, "not a whole number of at most 9 digits"),
    ("١", "not a whole number of at most 9 digits"),
    ("100000", "not among what this page offers for the data loaded"),
])
def test_a_bad_unit_in_the_url_is_ignored_with_a_note(page: str, key: str, heading: str, value: str,
                                                      why: str) -> None:
    at = _open(page, **{key: value})
    assert heading in [h.value for h in at.subheader]
    shown = value if len(value) <= 24 else f"{value[:24]}… ({len(value):,} characters)"
    assert f"Ignored the address's {key}=`{shown}`: {why}." in _infos(at)
    assert key not in _query(at) or _query(at)[key] != value


def test_unknown_names_and_bad_flags_are_noted_and_other_pages_settings_left() -> None:
    at = _open(SENTENCES, foo="bar", mismatches="maybe", kind="nonsense", e_unit="3")
    notes = _infos(at)
    assert "Ignored the address's `foo`: the app has no such setting." in notes
    assert "Ignored the address's mismatches=`maybe`: not true or false." in notes
    assert "Ignored the address's kind=`nonsense`: not among what this page offers for the data loaded." in notes
    assert "e_unit" not in notes  # the Edits page's setting, given by a link: left for that page
    assert "foo" not in _query(at) and "mismatches" not in _query(at)
    # a note is only for the run the URL came in with
    _run(at)
    assert "Ignored" not in _infos(at)


def test_back_from_edits_to_brackets_keeps_the_pair_and_drops_m2() -> None:
    """The issue's Back from Edits to Brackets: when Streamlit's history entry for the page
    switch carries no parameter of its own, the browser's Back runs /brackets with the URL of
    the page left (m2=...) and no pair: the pair chosen before (3, not the default 4) comes
    back, and m2= goes."""
    at = _open(BRACKETS, pair="4")
    assert "Pair #4: 2:1 trees, ∪ merged" in [h.value for h in at.subheader]
    at.button(key="pair_prev").click()
    _run(at)
    assert "Pair #3: 1:1 trees, ✓ exact" in [h.value for h in at.subheader] and _query(at)["pair"] == "3"
    _goto(at, EDITS)
    assert _query(at) == {"m2": "toy-resegmented"}
    _goto(at, BRACKETS)  # what Back sends: the Brackets page with the Edits page's parameters
    query = _query(at)
    assert "Pair #3: 1:1 trees, ✓ exact" in [h.value for h in at.subheader]
    assert "m2" not in query and query["trees"] == "harbour" and query["pair"] == "3"
    assert "Ignored" not in _infos(at)


# --- property: no URL breaks a page ---------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from inspector.main.menu import page_params  # noqa: E402

_VALUES = ["²", "١", "٣", "9" * 5000, "-1", "0", "", "true", "false", "maybe", "\x00", "\u202e", "<script>",
           "![k](https://example.invalid/x.png)", "%", "1e9", "merged", "n:1", "upload-0123456789ab",
           "json-zz", "ewt-conllu", "x" * 600, "NP", "R:NOUN", "3", "nsubj", "ewt-raw-text"]
_PAGES = {"overview": OVERVIEW, "sentences": SENTENCES, "brackets": BRACKETS, "edits": EDITS, "deps": DEPS,
          "analysis": ANALYSIS, "teaching": TEACHING, "about": ABOUT}
_NAMES = sorted({name for params in page_params().values() for name in params} | {"foo", "sample ", "unit[]"})


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(page=st.sampled_from(sorted(_PAGES)),
       query=st.dictionaries(st.sampled_from(_NAMES), st.sampled_from(_VALUES), min_size=1, max_size=4))
def test_no_url_breaks_a_page(page: str, query: dict[str, str]) -> None:
    at = _open(_PAGES[page], **query)  # _run fails on any exception shown
    for value in _query(at).values():
        for one in (value if isinstance(value, list) else [value]):
            assert len(one) <= 500 and one.isprintable()
