"""The Ranking page (issue 23), driven by AppTest on the bundled samples.

* with A and B chosen on the Edits page and gold added as a bundled
  variant, the page shows exactly what ``python -m jpcore gec -ref GOLD -hyp
  A B GOLD --rank --json`` computes (run here as a process on the same
  files): the order, the groups, each score and interval, every pair;
* who is best per shared unit, by hand on the toy data, and its filter;
* the tables download as CSV, Markdown and LaTeX (the command line's writers);
* a system's name from a file is escaped in the chart (plotly reads markup);
* without a second system the page says where to choose one.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import APP, ROOT, cli_json
from tests.app_support import run as _run

TOY = ROOT / "sample_data" / "m2" / "toy-en"
RANKING = "../pages/ranking.py"
HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def ranked() -> AppTest:
    """Edits: A = the re-segmented toy system, B = the toy system; on Ranking, gold added."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["m2_b"] = "toy"
    _run(at)
    at.switch_page("../pages/edits.py")
    _run(at)
    at.switch_page(RANKING)
    _run(at)
    variants = at.multiselect(key="rk_variants_gec")
    assert variants.options == ["Gold itself as a system (the upper bound)"]
    variants.select(variants.options[0])
    return _run(at)


def test_the_ranking_is_the_command_lines(ranked: AppTest) -> None:
    assert ranked.radio(key="rk_eval").value == "edits"
    cli = cli_json("gec", "-ref", str(TOY / "gold.m2"), "-hyp", str(TOY / "sys.resegmented.m2"), str(TOY / "sys.m2"),
               str(TOY / "gold.m2"), "--rank")["ranking"]
    table = ranked.dataframe[0].value
    assert list(table["System"]) == ["C: Gold itself as a system (the upper bound)",
                                     "B: toy-en: system vs gold, same sentences",
                                     "A: toy-en: re-segmented system vs gold (2 annotators)"]
    assert cli["order"] == [2, 1, 0] and cli["groups"] == [[2, 1, 0]]
    assert list(table["Rank"]) == [1, 2, 3] and list(table["Group"]) == [1, 1, 1]
    assert list(table["F0.5 (%)"]) == [100 * cli["systems"][i]["score"] for i in cli["order"]]
    assert list(table["Low (%)"]) == [100 * cli["systems"][i]["interval"][0] for i in cli["order"]]
    assert list(table["High (%)"]) == [100 * cli["systems"][i]["interval"][1] for i in cli["order"]]
    assert list(table["p"]) == ["\u2013", "0.065", "0.071"]
    pairs = ranked.dataframe[1].value
    # the command line's pairs table, written by the one scale (points, U+2212 for a negative)
    assert [100 * p["difference"] for p in cli["pairs"]] == pytest.approx([1.2820512820512775, 16.66666666666667,
                                                                           15.384615384615385])
    assert list(pairs["B \u2212 A (points)"]) == ["+1.28", "+16.67", "+15.38"]
    assert list(pairs["95 % interval (points)"]) == ["[+0.00, +3.02]", "[+2.99, +37.50]", "[+1.41, +34.78]"]
    assert list(table["Best \u2212 system (points)"]) == ["\u2013", "+15.38", "+16.67"]
    assert list(pairs["Common units"]) == [p["common_units"] for p in cli["pairs"]] == [6, 6, 8]
    assert list(pairs["Significant"]) == ["no", "no", "no"]
    warnings = [re.sub(r"\\(.)", r"\1", w.value) for w in ranked.warning]  # md_text's escapes undone
    a, b = "A: toy-en: re-segmented system vs gold (2 annotators)", "B: toy-en: system vs gold, same sentences"
    c = "C: Gold itself as a system (the upper bound)"
    assert warnings == [f"{b} against {a}: 6 common units: the interval is unreliable",
                        f"{c} against {a}: 6 common units: the interval is unreliable",
                        f"{c} against {b}: 8 common units: the interval is unreliable"]
    (line,) = [info.value for info in ranked.info]
    assert line.startswith("3 systems ranked on F0\\.5: **group 1: C, B, A**.")


def test_who_is_best_per_unit(ranked: AppTest) -> None:
    units = ranked.dataframe[2].value
    assert list(units["Unit"]) == [0, 1, 2, 3, 4, 5]
    assert list(units["Best"]) == ["all tie", "C", "C", "all tie", "C", "all tie"]
    assert list(units["Gold sentences"]) == ["0", "1\u20132", "3\u20134", "5", "6", "7"]
    assert units["Gold"][1] == "I have visited Paris last year . ~~~ The weather was nice ."
    assert [round(x, 4) for x in units["A (%)"]] == [100.0, 0.0, 90.9091, 100.0, 66.6667, 100.0]
    assert [round(x, 4) for x in units["B (%)"]] == [100.0, 0.0, 95.2381, 100.0, 66.6667, 100.0]
    ranked.selectbox(key="rk_who_edits").set_value("B")
    _run(ranked)
    assert list(ranked.dataframe[2].value["Unit"]) == [0, 3, 5]
    ranked.selectbox(key="rk_who_edits").set_value("all")
    _run(ranked)


def test_tables_download_for_papers(ranked: AppTest) -> None:
    buttons = {button.key: button for button in ranked.get("download_button")}
    assert {f"rk_dl_{fmt}" for fmt in ("csv", "markdown", "latex")} <= set(buttons)
    assert {f"rk_pairs_dl_{fmt}" for fmt in ("csv", "markdown", "latex")} <= set(buttons)
    assert {f"rk_units_dl_{fmt}" for fmt in ("csv", "markdown", "latex")} <= set(buttons)


def test_without_a_second_system_the_page_says_where_to_choose_one() -> None:
    at = AppTest.from_file(str(APP), default_timeout=120)
    _run(at)
    at.switch_page("../pages/edits.py")
    _run(at)
    at.switch_page(RANKING)
    _run(at)
    assert at.radio(key="rk_eval").value == "tokens"  # no B anywhere: the first evaluation with an A
    assert [info.value for info in at.info] == [
        "A ranking needs two systems or more: choose a System B on the evaluation's page, or add a bundled "
        "variant or a file above."]


def test_a_hostile_system_name_is_escaped_in_the_chart() -> None:
    import jpcore
    from inspector.ranking.tables import score_figure

    gold = TOY / "gold.m2"
    ranking = jpcore.rank([jpcore.evaluate("gec", gold, TOY / "sys.m2"), jpcore.evaluate("gec", gold, gold)])
    ranking.systems[0] = type(ranking.systems[0])(**{**ranking.systems[0].__dict__, "name": HOSTILE})
    figure = score_figure(ranking)
    shown = [x for trace in figure.data for x in trace.x] + list(figure.layout.xaxis.categoryarray)
    assert HOSTILE not in shown and "&lt;img src=x onerror=alert(1)&gt;" in shown
