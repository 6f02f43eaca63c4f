"""The Compare page on one scale, and its unit view drawing both systems (issue 23, items 3 and 4).

For each evaluation, on the bundled samples with a system B (AppTest):

* the significance line in percent and points, with U+2212 for a negative
  B − A and p to the resolution of 1,000 resamples (``p < 0.001``,
  ``p = 0.39``), the figures of ``jpcore TASK GOLD A --compare B``;
* the warning under 30 common units (toy-en: 6, harbour: 7; none for the
  EWT excerpt's 107 and the parse's 43);
* both systems' scores with B − A written in points (``−2.42``);
* a common unit opened shows, for A and for B, the counts and the P, R and
  score they make (exact figures, hand-computed below), and each system's
  units drawn by the view's own renderer: the Sentences page's word groups,
  the Edits page's highlighted edits, the Brackets page's trees, the
  Dependencies page's words gold over system.
"""

from __future__ import annotations


import pandas as pd
from streamlit.testing.v1 import AppTest

from tests.app_support import run as _run
from tests.test_app_compare import _brackets_with_gold_as_b, _open, _plain

COMPARE = "../pages/compare.py"


def _compare(at: AppTest, unit: int) -> AppTest:
    at.switch_page(COMPARE)
    _run(at)
    at.number_input(key="cmp_unit").set_value(unit)
    _run(at)
    return at


def _line(at: AppTest) -> str:
    (line,) = [_plain(info.value) for info in at.info if "common units; A = " in info.value]
    return line


def _warnings(at: AppTest) -> list[str]:
    return [_plain(warning.value) for warning in at.warning if "common unit" in warning.value]


def _frame(at: AppTest, column: str) -> pd.DataFrame:
    (frame,) = [df.value for df in at.dataframe if column in df.value.columns]
    return frame


def _unit_scores(at: AppTest) -> list[list[object]]:
    """The opened unit's table: System, counts, P, R, score (rounded to the two decimals shown)."""
    frame = [df.value for df in at.dataframe if list(df.value.columns)[:1] == ["System"]
             and "P (%)" in df.value.columns][0]
    return [[row[0], row[1], *(round(value, 2) for value in row[2:])] for row in frame.itertuples(index=False)]


def _headings(at: AppTest) -> list[str]:
    return [_plain(m.value) for m in at.markdown if m.value.startswith(("**Common unit", "**System"))]


def test_tokens_compare_draws_both_systems_word_groups() -> None:
    at = _compare(_open(sample="ewt-words", sample_b="punkt-wordpunct"), 1)
    assert "Words F1: A 97.83%, B 95.41%." in _line(at)
    assert ("B \u2212 A = \u22122.42 points, 95 % interval [\u22123.89, \u22120.91] points, p = 0.002 "
            "(107 common units;") in _line(at)
    assert _warnings(at) == []
    scores = _frame(at, "B \u2212 A (points)")
    assert list(scores["B \u2212 A (points)"]) == ["+0.00", "\u22122.42"]
    # unit 1: A (nltk) 17/2/6 -> P 17/19, R 17/23, F1 34/42; B (Punkt + WordPunct) 22/3/1 -> 22/25, 22/23, 44/48
    assert _unit_scores(at) == [["A", "17/2/6", 89.47, 73.91, 80.95], ["B", "22/3/1", 88.0, 95.65, 91.67]]
    assert _headings(at)[0] == "Common unit #1: gold sentence 1 · winner B (A 80.95%, B 91.67%)"
    drawn = [h.value for h in at.html if '<table class="jp-units">' in h.value]
    assert len(drawn) == 2  # A's unit, then B's, each with its aligned word groups
    for html in drawn:
        assert "jp-wg" in html and "jp-ia-key" in html  # numbered word groups, and aligned gold over system
    # gold "search - engine" (three tokens) against nltk's one token "search-engine" (a word group on A's
    # side) and WordPunct's three tokens (matched on B's)
    assert "search-engine" in drawn[0] and "search-engine" not in drawn[1]


def test_edits_compare_draws_both_systems_edits() -> None:
    at = _compare(_open("../pages/edits.py", m2_b="toy"), 2)
    assert "F0.5: A 83.33%, B 84.62%." in _line(at)
    assert "B \u2212 A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39 (6 common units;" in _line(at)
    assert _warnings(at) == ["6 common units: the interval is unreliable."]
    scores = _frame(at, "B \u2212 A (points)")
    assert list(scores["B \u2212 A (points)"]) == ["+1.28"]
    # both systems' P, R and F0.5 (errant_compare: A 0.8462 0.7857 0.8333, B 0.8462 0.8462 0.8462)
    assert [round(scores[c][0], 2) for c in ("A P (%)", "A R (%)", "A (%)", "B P (%)", "B R (%)", "B (%)")] == [
        84.62, 78.57, 83.33, 84.62, 84.62, 84.62]
    # unit 2: A 4/0/2 -> P 1, R 4/6, F0.5 1.25 * (2/3) / (0.25 + 2/3); B 4/0/1 -> P 1, R 4/5, F0.5 1.25 * 0.8 / 1.05
    assert _unit_scores(at) == [["A", "4/0/2", 100.0, 66.67, 90.91], ["B", "4/0/1", 100.0, 80.0, 95.24]]
    assert _headings(at)[1:] == [
        "System A (toy-en: re-segmented system vs gold (2 annotators)): 1 unit (numbered 2), gold beside its own "
        "alignment",
        "System B (toy-en: system vs gold, same sentences): 2 units (numbered 3–4), gold beside its own alignment"]
    drawn = [h.value for h in at.html if "gec-units" in h.value]
    assert len(drawn) == 2
    assert [html.count("<td class=\"jp-num\">") for html in drawn] == [1, 2]  # A's merged unit; B's two units
    for html in drawn:
        assert 'class="gec-edit"' in html  # each system's edits highlighted, not only the source


def test_brackets_compare_draws_both_systems_trees() -> None:
    at = _compare(_brackets_with_gold_as_b(), 0)
    assert "Bracketing F1: A 86.27%, B 100.00%." in _line(at)
    assert "B \u2212 A = +13.73 points, 95 % interval [+3.03, +25.49] points, p = 0.03 (7 common units;" in _line(at)
    assert _warnings(at) == ["7 common units: the interval is unreliable."]
    # unit 0: A matched 4 of 8 gold, 6 test -> P 4/6, R 4/8, F1 8/14 (EVALB's percent); B the gold itself
    assert _unit_scores(at) == [["A", "4/8/6", 66.67, 50.0, 57.14], ["B", "8/8/8", 100.0, 100.0, 100.0]]
    trees = [m.value for m in at.markdown if "<svg" in m.value]
    assert len(trees) == 2  # gold and A's tree, gold and B's tree
    assert all(tree.count("<svg") >= 1 and "harbour" in tree for tree in trees)


def test_dependencies_compare_draws_both_analyses() -> None:
    at = _compare(_open("../pages/deps.py", deps_b="ewt-raw-text"), 0)
    assert "LAS F1: A 73.24%, B 68.56%." in _line(at)
    assert ("B \u2212 A = \u22124.68 points, 95 % interval [\u22126.32, \u22123.20] points, p < 0.001 "
            "(43 common units;") in _line(at)
    assert _warnings(at) == []
    assert list(_frame(at, "B \u2212 A (points)")["B \u2212 A (points)"]) == [
        "\u22121.08", "\u221247.47", "\u22123.73", "\u22122.84", "\u22125.28", "\u22124.68"]
    # unit 0, LAS: A 5 of 7 words right on both sides (5/2/2), B 3 of 7 (3/4/4): P = R = F1
    assert _unit_scores(at) == [["A", "5/2/2", 71.43, 71.43, 71.43], ["B", "3/4/4", 42.86, 42.86, 42.86]]
    drawn = [h.value for h in at.html if "dp-w" in h.value]
    assert len(drawn) == 2  # A's words gold over system, then B's
    assert all("jp-ia-key" in html and "GoogleOS" in html for html in drawn)
    assert drawn[0] != drawn[1]  # two analyses of the same gold
