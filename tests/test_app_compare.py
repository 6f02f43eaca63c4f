"""System B in the app (issue 16), driven by AppTest on the bundled samples.

* every view's loader offers a System B; with B loaded, the view's first
  page shows the significance line, whose figures are exactly those of
  ``python -m jpcore TASK GOLD A --compare B --json`` (run here as a
  process on the same files): for tokens (a system made from the sample's
  raw text), edits and deps (the catalogue's other system for the same
  gold), brackets (gold pasted as system B);
* the Compare page: both systems' scores, who wins each common unit (by
  each unit's own counts, those of the CLI's ``unit_counts``), the filter by
  winner, a unit opened showing each system's own units; file contents
  escaped;
* error by shape on the Overview and the Analysis page: the CLI's
  ``--by-shape --json`` ``totals_by_shape``, and pinned figures;
* B stays through page switches, and a link naming B loads it again.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from inspector.tokens.samples import SAMPLES, derived_system_text
from tests.app_support import APP, ROOT, cli_json
from tests.app_support import run as _run

EWT = SAMPLES["ewt-words"]
TOY = ROOT / "sample_data" / "m2" / "toy-en"
PARSED = ROOT / "sample_data" / "ud" / "UD_English-EWT-parsed"
TREES = ROOT / "sample_data" / "parseval" / "jp-trees"
COMPARE = "../pages/compare.py"
HOSTILE = "<img src=x onerror=alert(1)>"


_cli = cli_json


def _open(page: str | None = None, **query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    for key, value in query.items():
        at.query_params[key] = value
    _run(at)
    if page is not None:
        at.switch_page(page)
        _run(at)
    return at


def _plain(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text).replace("**", "")


def _lines(at: AppTest) -> list[str]:
    return [_plain(info.value) for info in at.info if "common units; A = " in info.value]


def _points(value: float) -> str:
    """A difference in points as the app must write it: signed, two decimals, U+2212 (written here by hand,
    not by jpcore.stats.scale, so the test holds the scale's rule)."""
    shown = f"{value:.2f}"
    if float(shown) == 0:
        return "+0.00"
    return "\u2212" + shown[1:] if shown.startswith("-") else "+" + shown


def _expected(comparison: dict, best: float) -> str:
    """The line's ``B − A = ... points, 95 % interval [...] points, p ...`` from the command's JSON
    (``best``: 1 for a 0-1 score, 100 for EVALB's percent); p with 1,000 resamples: ``p < 0.001`` below
    1/1,000, else two significant digits."""
    low, high = (100 / best * value for value in comparison["interval"])
    p = comparison["p_value"]
    p_text = "p < 0.001" if p < 0.001 else f"p = {p:.2g}"
    return (f"B \u2212 A = {_points(100 / best * comparison['difference'])} points, 95 % interval "
            f"[{_points(low)}, {_points(high)}] points, {p_text}")


def _warnings(at: AppTest) -> list[str]:
    return [_plain(warning.value) for warning in at.warning if "common unit" in warning.value]


def _session_run(at: AppTest, runs_key: str) -> dict:
    """The comparison the app computed (its ``to_dict``), from the session."""
    runs = at.session_state[runs_key]
    (run,) = runs.values()
    return run.to_dict()


def _same_figures(app: dict, cli: dict) -> None:
    for key in ("p_value", "difference", "interval", "score_a", "score_b", "samples", "seed", "method", "wins",
                "units", "unit_counts"):
        assert app[key] == cli[key], key


# --- the significance line on each view's first page --------------------------------------------


@pytest.fixture(scope="module")
def ewt_b(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled derived system B (Punkt + WordPunct on the raw text), written for the CLI."""
    path = tmp_path_factory.mktemp("b") / "punkt-wordpunct.tok.txt"
    path.write_bytes(derived_system_text("ewt-words", "punkt", "wordpunct"))
    return path


def test_overview_shows_the_clis_comparison_of_a_system_made_from_the_raw_text(ewt_b: Path) -> None:
    at = _open(sample="ewt-words", sample_b="punkt-wordpunct")
    cli = _cli("preprocess", str(EWT.gold_path), str(EWT.sys_path), "--compare", str(ewt_b))["comparison"]
    (line,) = _lines(at)
    assert _expected(cli, 1) in line
    assert "B − A = −2.42 points, 95 % interval [−3.89, −0.91] points, p = 0.002" in line
    assert "paired bootstrap, 1,000 resamples, seed 12345" in line
    assert "Words F1: A 97.83%, B 95.41%" in line
    _same_figures(_session_run(at, "jp_loaded_b_runs"), cli)
    assert at.query_params["sample_b"] == ["punkt-wordpunct"] or at.query_params["sample_b"] == "punkt-wordpunct"


def test_edits_page_compares_the_toy_pair_as_the_cli_does() -> None:
    at = _open("../pages/edits.py", m2_b="toy")
    cli = _cli("gec", "-hyp", str(TOY / "sys.resegmented.m2"), "-ref", str(TOY / "gold.m2"), "--compare",
               str(TOY / "sys.m2"))["comparison"]
    (line,) = _lines(at)
    assert _expected(cli, 1) in line
    # errant's 0.8333 and 0.8462 on the one scale: percent, points, p to the resolution of 1,000 resamples
    assert "F0.5: A 83.33%, B 84.62%" in line
    assert "B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39" in line
    assert _warnings(at) == ["6 common units: the interval is unreliable."]
    _same_figures(_session_run(at, "gec_loaded_b_runs"), cli)


def test_deps_page_compares_the_two_parses_as_the_cli_does() -> None:
    at = _open("../pages/deps.py", deps_b="ewt-raw-text")
    gold = PARSED / "en_ewt-ud-test.first49.conllu"
    cli = _cli("ud", str(gold), str(PARSED / "en_ewt-ud-test.first49.parsed.conllu"), "--compare",
               str(PARSED / "en_ewt-ud-test.first49.raw-text.conllu"))["comparison"]
    (line,) = _lines(at)
    assert _expected(cli, 1) in line
    assert "LAS F1: A 73.24%, B 68.56%" in line
    assert "B − A = −4.68 points, 95 % interval [−6.32, −3.20] points, p < 0.001" in line
    assert _warnings(at) == []  # 49 common units
    _same_figures(_session_run(at, "deps_loaded_b_runs"), cli)


def _brackets_with_gold_as_b() -> AppTest:
    """The Brackets page on harbour, with the gold file pasted as system B."""
    at = _open("../pages/brackets.py", trees="harbour")
    at.radio(key="bk_b_source").set_value("paste")
    _run(at)
    at.text_area(key="bk_b_paste").input((TREES / "harbour.gold.mrg").read_text("utf-8"))
    at.button(key="bk_b_paste_submit").click()
    _run(at)
    return at


def test_brackets_page_compares_a_pasted_system_b_as_the_cli_does() -> None:
    at = _brackets_with_gold_as_b()
    cli = _cli("parseval", str(TREES / "harbour.gold.mrg"), str(TREES / "harbour.sys.mrg"), "--compare",
               str(TREES / "harbour.gold.mrg"))["comparison"]
    (line,) = _lines(at)
    assert _expected(cli, 100) in line
    _same_figures(_session_run(at, "bk_loaded_b_runs"), cli)
    assert "Bracketing F1: A 86.27%, B 100.00%" in line
    assert "B − A = +13.73 points, 95 % interval [+3.03, +25.49] points, p = 0.03" in line
    assert _warnings(at) == ["7 common units: the interval is unreliable."]


# --- the Compare page ----------------------------------------------------------------------------


def _frame(at: AppTest, column: str) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe if column in df.value.columns]
    assert frames, f"no table with a {column!r} column"
    return frames[0]


def _f1(tp: int, fp: int, fn: int) -> float:
    return 2 * tp / (2 * tp + fp + fn) if tp or fp or fn else 0.0


def test_compare_page_lists_who_wins_each_common_unit(ewt_b: Path) -> None:
    at = _open(sample="ewt-words", sample_b="punkt-wordpunct")
    at.switch_page(COMPARE)
    _run(at)
    cli = _cli("preprocess", str(EWT.gold_path), str(EWT.sys_path), "--compare", str(ewt_b))["comparison"]
    assert len(_lines(at)) == 1
    scores = _frame(at, "B − A (points)")
    assert list(scores["Metric"]) == ["Sentences F1", "Words F1"]
    assert round(scores["A (%)"][1], 2) == 97.83 and round(scores["B (%)"][1], 2) == 95.41
    table = _frame(at, "Winner")
    assert len(table) == len(cli["units"]) == 107
    expected = []
    for a, b in zip(cli["unit_counts"]["a"], cli["unit_counts"]["b"]):
        fa, fb = _f1(*a), _f1(*b)
        expected.append("tie" if fa == fb else "B" if fb > fa else "A")
    assert list(table["Winner"]) == expected
    assert list(table["A TP/FP/FN"]) == ["/".join(map(str, row)) for row in cli["unit_counts"]["a"]]
    assert list(table["B TP/FP/FN"]) == ["/".join(map(str, row)) for row in cli["unit_counts"]["b"]]
    assert (expected.count("B"), expected.count("A"), expected.count("tie")) == (7, 37, 63)
    assert any("B wins 7, A wins 37, tie 63" in _plain(c.value) for c in at.caption)

    at.segmented_control(key="cmp_who").set_value("B")
    _run(at)
    only_b = _frame(at, "Winner")
    assert list(only_b["Winner"]) == ["B"] * 7
    first = int(only_b["Unit"][0])
    assert at.session_state["cmp_unit"] == first  # the detail follows the filter
    detail = [_plain(m.value) for m in at.markdown]
    assert any(text.startswith(f"Common unit #{first}:") and "winner B" in text for text in detail)
    assert any(text.startswith("System A (English EWT excerpt: gold words vs nltk)") for text in detail)
    assert any(text.startswith("System B (Punkt + WordPunct, run here on the raw text)") for text in detail)


def test_compare_page_without_b_says_where_to_choose_it() -> None:
    at = _open(COMPARE)
    assert any("No system B is chosen for Tokens & sentences" in _plain(i.value) for i in at.info)
    assert not [df for df in at.dataframe if "Winner" in df.value.columns]


def test_a_pasted_system_b_is_escaped_everywhere() -> None:
    at = _open()
    at.radio(key="b_source").set_value("paste")
    _run(at)
    gold = EWT.gold_path.read_text("utf-8").splitlines()
    gold[0] = f"{HOSTILE} {gold[0]}"
    at.text_area(key="b_paste").input("\n".join(gold) + "\n")
    at.button(key="b_paste_submit").click()
    _run(at)
    assert len(_lines(at)) == 1
    at.switch_page(COMPARE)
    _run(at)
    at.number_input(key="cmp_unit").set_value(0)
    _run(at)
    texts = [m.value for m in (*at.markdown, *at.info, *at.caption)]
    shown = [text for text in texts if "onerror" in text]
    assert all(re.search(r"(?<!\\)<", text) is None for text in shown)  # every < escaped
    # system B's unit drawn as the Sentences page draws it: the text escaped in its word groups
    drawn = [element.value for element in at.html if '<table class="jp-units">' in element.value]
    assert len(drawn) == 2  # system A's units, then system B's
    assert "&lt;img src=x onerror=alert(1)&gt;" in drawn[1] and HOSTILE not in drawn[1]
    assert not any(HOSTILE in element.value for element in at.html)


# --- B stays, and a link names it ------------------------------------------------------------------


def test_system_b_stays_through_page_switches_and_a_reload_loads_it_again() -> None:
    at = _open(m2_b="toy")
    at.switch_page("../pages/edits.py")
    _run(at)
    assert len(_lines(at)) == 1
    assert at.query_params["m2_b"] in ("toy", ["toy"])
    for page in ("../pages/about.py", COMPARE, "../pages/edits.py"):
        at.switch_page(page)
        _run(at)
    assert len(_lines(at)) == 1
    reloaded = _open("../pages/edits.py", m2="toy-resegmented", m2_b="toy")
    assert _lines(reloaded) == _lines(at)
    at.radio(key="g_b_source").set_value("none")
    _run(at)
    assert _lines(at) == [] and "m2_b" not in at.query_params


def _notes(at: AppTest) -> list[str]:
    return [_plain(info.value) for info in at.info if "address" in info.value]


def test_back_and_forward_to_another_bundled_b_follow_the_address() -> None:
    at = _open(sample="ewt-words", sample_b="punkt-wordpunct")
    (wordpunct,) = _lines(at)
    assert "B − A = −2.42 points, 95 % interval [−3.89, −0.91] points, p = 0.002" in wordpunct
    at.selectbox(key="b_sample").set_value("punkt-treebank")
    _run(at)
    (treebank,) = _lines(at)
    assert "B − A = −0.08 points, 95 % interval [−0.26, +0.00] points" in treebank
    assert at.query_params["sample_b"] in ("punkt-treebank", ["punkt-treebank"])
    at.query_params["sample_b"] = "punkt-wordpunct"  # what browser Back sends
    _run(at)
    assert _lines(at) == [wordpunct] and at.session_state["b_sample"] == "punkt-wordpunct"
    assert at.query_params["sample_b"] in ("punkt-wordpunct", ["punkt-wordpunct"]) and _notes(at) == []
    at.query_params["sample_b"] = "punkt-treebank"  # and Forward
    _run(at)
    assert _lines(at) == [treebank]


def test_back_to_the_address_before_b_was_chosen_drops_a_bundled_b() -> None:
    at = _open("../pages/edits.py")
    assert _lines(at) == [] and "m2_b" not in at.query_params
    at.radio(key="g_b_source").set_value("sample")
    _run(at)
    (line,) = _lines(at)
    assert "B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39" in line
    del at.query_params["m2_b"]  # Back: the Edits page's address before B was chosen
    _run(at)
    assert _lines(at) == [] and at.radio(key="g_b_source").value == "none" and "m2_b" not in at.query_params
    at.query_params["m2_b"] = "toy"  # Forward
    _run(at)
    assert _lines(at) == [line]


def test_an_address_never_replaces_a_system_b_from_a_file() -> None:
    at = _open()
    at.radio(key="b_source").set_value("paste")
    _run(at)
    at.text_area(key="b_paste").input(EWT.gold_path.read_text("utf-8"))
    at.button(key="b_paste_submit").click()
    _run(at)
    (pasted,) = _lines(at)
    token = at.query_params["data_b"]
    del at.query_params["data_b"]
    at.query_params["sample_b"] = "punkt-wordpunct"  # Back to an address naming a bundled B
    _run(at)
    assert _lines(at) == [pasted]
    assert any(note.startswith("The address named the bundled system B Punkt + WordPunct, run here on the raw "
                               "text; still comparing with pasted system B") for note in _notes(at))
    assert "sample_b" not in at.query_params  # the app names what it compares
    at.query_params["data_b"] = "paste-0123456789ab"  # pasted text this session no longer has
    _run(at)
    assert _lines(at) == [pasted] and at.query_params["data_b"] in (token, [token])
    assert any(note.startswith("The address named a system B from pasted text that is no longer loaded in this "
                               "session; still comparing with pasted system B") for note in _notes(at))
    del at.query_params["data_b"]  # an address from before B was chosen
    _run(at)
    assert _lines(at) == [pasted]
    assert any(note.startswith("The address named no system B; still comparing with pasted system B")
               for note in _notes(at))


# --- error by shape ------------------------------------------------------------------------------


def _shape_table(at: AppTest) -> pd.DataFrame:
    return _frame(at, "Shape")


def test_overview_splits_the_totals_by_unit_shape_as_the_cli() -> None:
    at = _open()
    table = _shape_table(at)
    cli = _cli("preprocess", str(EWT.gold_path), str(EWT.sys_path), "--by-shape")["totals_by_shape"]
    assert list(table["Shape"]) == ["1:1 same boundaries", "n:1 merged", "1:n split", "m:n regrouped"]
    for row, shape in zip(table.to_dict("records"), cli):
        assert row["Shape"].startswith(shape)
        for prefix, name in (("Sentences", "sentences"), ("Words", "tokens")):
            counts = cli[shape][name]
            assert (row[f"{prefix} TP"], row[f"{prefix} FP"], row[f"{prefix} FN"]) == (
                counts["tp"], counts["fp"], counts["fn"])
            assert row[f"{prefix} F1 (%)"] == pytest.approx(100 * counts["f1"], abs=1e-12)
    assert [round(v, 2) for v in table["Words F1 (%)"]] == [98.18, 97.38, 94.64, 86.87]
    assert list(table["Units"]) == [101, 3, 2, 1]


@pytest.mark.parametrize("evaluation, page, cli_args, expected_f", [
    ("Brackets", "../pages/brackets.py",
     ("parseval", str(TREES / "harbour.gold.mrg"), str(TREES / "harbour.sys.mrg")), [81.97, 100.0, 85.71]),
    ("Edits", "../pages/edits.py",
     ("gec", "-hyp", str(TOY / "sys.resegmented.m2"), "-ref", str(TOY / "gold.m2")), [100.0, 76.92, 66.67]),
])
def test_analysis_splits_the_totals_by_unit_shape_as_the_cli(evaluation: str, page: str, cli_args: tuple,
                                                             expected_f: list[float]) -> None:
    at = _open(page)
    at.switch_page("../pages/analysis.py")
    _run(at)
    at.radio(key="an_eval").set_value("brackets" if evaluation == "Brackets" else "edits")
    _run(at)
    table = _shape_table(at)
    cli = _cli(*cli_args, "--by-shape")["totals_by_shape"]
    assert [row.split(" ")[0] for row in table["Shape"]] == list(cli)
    score = [name for name in table.columns if str(name).endswith("(%)")]
    assert len(score) == 1
    for row, shape in zip(table.to_dict("records"), cli):
        if evaluation == "Brackets":
            counts = (cli[shape]["matched"], cli[shape]["gold"], cli[shape]["test"])
            assert (row["Bracketing matched"], row["Bracketing gold"], row["Bracketing test"]) == counts
            assert row[score[0]] == pytest.approx(cli[shape]["f1"], abs=1e-12)
        else:
            assert (row["TP"], row["FP"], row["FN"]) == (cli[shape]["tp"], cli[shape]["fp"], cli[shape]["fn"])
            assert round(row[score[0]] / 100, 4) == cli[shape]["f"]
    assert [round(v, 2) for v in table[score[0]]] == expected_f


def test_dependencies_page_splits_the_totals_by_unit_shape_as_the_cli() -> None:
    at = _open("../pages/deps.py", deps="ewt-raw-text")
    gold = PARSED / "en_ewt-ud-test.first49.conllu"
    cli = _cli("ud", str(gold), str(PARSED / "en_ewt-ud-test.first49.raw-text.conllu"),
               "--by-shape")["totals_by_shape"]
    table = _shape_table(at)
    assert list(table["Shape"]) == ["1:1 same boundaries", "n:1 merged", "1:n split", "m:n regrouped"]
    assert list(cli) == ["1:1", "n:1", "1:n", "m:n"]
    metrics = ("Tokens", "Sentences", "Words", "UPOS", "UAS", "LAS")
    assert [name for name in table.columns if str(name).endswith("(%)")] == [f"{m} F1 (%)" for m in metrics]
    for row, shape in zip(table.to_dict("records"), cli):
        assert row["Shape"].startswith(shape + " ")
        for metric in metrics:
            counts = cli[shape][metric]
            assert (row[f"{metric} TP"], row[f"{metric} FP"], row[f"{metric} FN"]) == (
                counts["tp"], counts["fp"], counts["fn"])
            assert row[f"{metric} F1 (%)"] == pytest.approx(100 * counts["f1"], abs=1e-12)
        assert row["Gold sentences"] == cli[shape]["Sentences"]["gold"]
        assert row["System sentences"] == cli[shape]["Sentences"]["system"]
    assert list(table["Units"]) == [32, 4, 5, 2]
    assert [round(v, 2) for v in table["LAS F1 (%)"]] == [70.21, 67.67, 60.93, 65.84]


# --- a saved comparison (``--compare B --json``) opened from its JSON ----------------------------


def _saved_run(tmp_path: Path, *args: str) -> tuple[bytes, dict]:
    """``python -m jpcore ARGS --json`` written to a file by the command, and its JSON."""
    out = tmp_path / "run.json"
    with out.open("wb") as sink:
        subprocess.run([sys.executable, "-m", "jpcore", *args, "--json"], cwd=ROOT, stdout=sink, check=True,
                       stderr=subprocess.DEVNULL)
    data = out.read_bytes()
    return data, json.loads(data)


def _open_json(page: str | None, prefix: str, data: bytes) -> AppTest:
    at = _open(page)
    at.radio(key=f"{prefix}source").set_value("json")
    _run(at)
    at.file_uploader(key=f"{prefix}upload_json").set_value(("run.json", data, "application/json"))
    _run(at)
    return at


def _saved_compare_page(at: AppTest, evaluation: str, cli: dict, metric: Any) -> None:
    """The Compare page of a saved comparison: its line, B's scores, who wins from ``unit_counts``."""
    at.switch_page(COMPARE)
    _run(at)
    assert at.radio(key="cmp_eval").value == evaluation
    (line,) = _lines(at)
    assert "Saved in the result file by `--compare`" in line
    assert any("System B's own units are not in the file" in _plain(c.value) for c in at.caption)
    table = _frame(at, "Winner")
    assert len(table) == len(cli["units"])
    expected = []
    for a, b in zip(cli["unit_counts"]["a"], cli["unit_counts"]["b"]):
        fa, fb = metric(*a), metric(*b)
        expected.append("tie" if fa == fb else "B" if fb > fa else "A")
    assert list(table["Winner"]) == expected
    counts = [name for name in table.columns if name.startswith("B ") and "/" in name]
    assert list(table[counts[0]]) == ["/".join(map(str, row)) for row in cli["unit_counts"]["b"]]
    detail = [_plain(m.value) for m in at.markdown]
    assert any(text.startswith("Common unit #") for text in detail)
    assert any(text.startswith("System B: ") and text.endswith("their text is not in the saved file.")
               for text in detail)


def test_a_saved_preprocess_comparison_shows_its_line_and_who_wins(tmp_path: Path, ewt_b: Path) -> None:
    data, saved = _saved_run(tmp_path, "preprocess", str(EWT.gold_path), str(EWT.sys_path), "--compare", str(ewt_b))
    cli = saved["comparison"]
    at = _open_json(None, "", data)
    (line,) = _lines(at)
    assert _expected(cli, 1) in line
    assert "B − A = −2.42 points, 95 % interval [−3.89, −0.91] points, p = 0.002" in line
    assert "paired bootstrap, 1,000 resamples, seed 12345" in line and "Saved in the result file" in line
    assert f"A = {cli['system_a']}, B = {cli['system_b']})" in line  # the names the file holds
    _saved_compare_page(at, "tokens", cli, _f1)
    scores = _frame(at, "B − A (points)")
    assert list(scores["Metric"]) == ["Sentences F1", "Words F1"]
    totals_b = cli["totals_b"]
    assert list(scores["B (%)"]) == [pytest.approx(100 * totals_b[k]["f1"], abs=1e-12)
                                     for k in ("sentences", "tokens")]
    assert round(scores["B (%)"][1], 2) == 95.41
    assert any("B wins 7, A wins 37, tie 63" in _plain(c.value) for c in at.caption)


def _f_half(tp: int, fp: int, fn: int) -> float:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return 1.25 * p * r / (0.25 * p + r) if p + r else 0.0


def test_a_saved_gec_comparison_shows_its_line_and_who_wins(tmp_path: Path) -> None:
    data, saved = _saved_run(tmp_path, "gec", "-hyp", str(TOY / "sys.resegmented.m2"), "-ref", str(TOY / "gold.m2"),
                             "--compare", str(TOY / "sys.m2"))
    cli = saved["comparison"]
    at = _open_json("../pages/edits.py", "g_", data)
    (line,) = _lines(at)
    assert _expected(cli, 1) in line
    assert "B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39" in line
    assert "Saved in the result file" in line
    again = _open_json("../pages/edits.py", "g_", data)  # from the result cache: the comparison made again
    assert _lines(again) == [line]
    _saved_compare_page(at, "edits", cli, _f_half)
    assert any("6 common units: B wins 1, A wins 0, tie 5" in _plain(c.value) for c in at.caption)
    scores = _frame(at, "B − A (points)")
    assert round(scores["B (%)"][0] / 100, 4) == cli["totals_b"]["f"] == 0.8462


def test_a_saved_ud_comparison_shows_its_line(tmp_path: Path) -> None:
    gold = PARSED / "en_ewt-ud-test.first49.conllu"
    data, saved = _saved_run(tmp_path, "ud", str(gold), str(PARSED / "en_ewt-ud-test.first49.parsed.conllu"),
                             "--compare", str(PARSED / "en_ewt-ud-test.first49.raw-text.conllu"))
    cli = saved["comparison"]
    at = _open_json("../pages/deps.py", "d_", data)
    (line,) = _lines(at)
    assert _expected(cli, 1) in line
    assert "B − A = −4.68 points, 95 % interval [−6.32, −3.20] points, p < 0.001" in line
    _saved_compare_page(at, "deps", cli, _f1)


def _evalb_f1(matched: int, gold: int, test: int) -> float:
    return 2 * matched / (gold + test) if gold + test else 0.0


def test_a_saved_parseval_comparison_shows_its_line(tmp_path: Path) -> None:
    data, saved = _saved_run(tmp_path, "parseval", str(TREES / "harbour.gold.mrg"), str(TREES / "harbour.sys.mrg"),
                             "--compare", str(TREES / "harbour.gold.mrg"))
    cli = saved["comparison"]
    at = _open_json("../pages/brackets.py", "bk_", data)
    (line,) = _lines(at)
    assert _expected(cli, 100) in line
    assert "B − A = +13.73 points, 95 % interval [+3.03, +25.49] points, p = 0.03" in line
    _saved_compare_page(at, "brackets", cli, _evalb_f1)


def test_a_saved_result_without_a_comparison_shows_no_line(tmp_path: Path) -> None:
    data, saved = _saved_run(tmp_path, "gec", "-hyp", str(TOY / "sys.resegmented.m2"), "-ref", str(TOY / "gold.m2"))
    assert "comparison" not in saved
    at = _open_json("../pages/edits.py", "g_", data)
    assert _lines(at) == []
    at.switch_page(COMPARE)
    _run(at)
    assert not [df for df in at.dataframe if "Winner" in df.value.columns]
