"""The About page, driven by AppTest: the papers' examples and the ud example computed live,
and the metric cards (docs/metric-cards/*.md, figures held by tests/test_metric_cards.py)."""

from __future__ import annotations

import html
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from inspector.about.cards import card_names, card_title
from inspector.about.examples import EXAMPLES, get_example, run_example, walk
from inspector.about.ud_examples import UD_EXAMPLES

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
PAGE = "../pages/about.py"
SEP = '<span class="jp-sep" title="sentence boundary">~~~</span>'


@pytest.fixture(scope="module")
def about() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _counts(frame: pd.DataFrame) -> dict[str, tuple[int, int, int]]:
    scores = frame.set_index("Metric")
    return {name: tuple(int(v) for v in scores.loc[name, ["TP", "FP", "FN"]]) for name in scores.index}


def _units_tables(at: AppTest) -> list[str]:
    return [element.value for element in at.html if '<table class="jp-units">' in element.value]


def _reasons(at: AppTest) -> list[str]:
    return [html.unescape(element.value) for element in at.html if '<ul class="jp-why">' in element.value]


def test_three_examples_with_their_exact_counts(about: AppTest) -> None:
    tables = [df.value for df in about.dataframe if "TP" in df.value.columns]
    assert [_counts(t) for t in tables] == [
        {"Sentences": (0, 2, 1), "Words": (6, 0, 0)},
        {"Sentences": (0, 1, 3), "Words": (11, 0, 0)},
        {"Sentences": (1, 0, 0), "Words": (5, 2, 2)},
    ]
    assert [s.value for s in about.subheader] == [example.title for example in (*EXAMPLES, *UD_EXAMPLES)]


def test_merged_sentences_are_joined_with_tildes(about: AppTest) -> None:
    click, mike, isnt = _units_tables(about)
    # Click here ~~~ To view it . : the system side of a 1:2 unit
    assert f"Click here {SEP} To view it ." in click
    # the shape's own word (issue 25, item 7): the system split the gold sentence
    assert "1:2 sentences" in click and "÷ sentences split</span>" in click and "merged" not in click
    assert "Sentences ✗ TP 0 · FP 2 · FN 1" in click and "Words ✓ TP 6" in click
    # Mike McConnell ~~~ 07/06/2000 14:57 ~~~ John , Hello ... : the gold side of a 3:1 unit
    assert f"Mike McConnell {SEP} 07/06/2000 14:57 {SEP} John , Hello from South America ." in mike
    assert "3:1 sentences" in mike and "∪ sentences merged</span>" in mike and "Sentences ✗ TP 0 · FP 1 · FN 3" in mike
    # Isn 't vs Is n't: one 2:2 word group, numbered 1 on both sides
    assert SEP not in isnt
    assert "Is n&#x27;t<sup>±1</sup>" in isnt and "Isn &#x27;t<sup>±1</sup>" in isnt
    assert "word group 1: 2:2 gold:system words, regrouped - TP 0, FP 2, FN 2" in isnt
    assert "Words ✗ TP 5 · FP 2 · FN 2" in isnt
    # an exact sentence with word errors is never the green "exact" of a correct unit (issue 25, item 4)
    assert "✓ sentence exact · words 5/2/2</span>" in isnt and "#F0E442" in isnt


def test_every_count_is_explained(about: AppTest) -> None:
    click, mike, isnt = _reasons(about)
    assert ("Sentences TP 0, FP 2, FN 1: gold has 1 sentence here, §1 (gold line 1), and the system 2 "
            "sentences, §1–§2 (system lines 1, 2).") in click
    assert "Together they cover the same characters (a 1:2 unit, split, joined with ~~~)" in click
    assert "Words TP 6, FP 0, FN 0" in click
    assert "Sentences TP 0, FP 1, FN 3: gold has 3 sentences here, §1–§3 (gold lines 1, 2, 3)" in mike
    assert ("#1 Word group “Is n't” ~ “Isn 't”: 2 gold and 2 system words cover the same characters "
            "but no single word matches: FN 2, FP 2.") in isnt


def test_the_walk_over_end_offsets_is_shown(about: AppTest) -> None:
    walks = [m.value for m in about.markdown if m.value.startswith("Space-free text:")]
    assert walks[0] == (
        "Space-free text: `ClickhereToviewit.` (18 characters).  \n"
        "**Sentences** end at [18] in gold and at [9, 18] in the system; both end one at [18]: "
        "1 sentence group.  \n"
        "**Tokens** end at [5, 9, 11, 15, 17, 18] in gold and at [5, 9, 11, 15, 17, 18] in the "
        "system; both end one at [5, 9, 11, 15, 17, 18]: 6 word groups."
    )
    assert "**Sentences** end at [13, 28, 55] in gold and at [55] in the system" in walks[1]
    assert ("**Tokens** end at [4, 7, 8, 10, 13, 16, 20] in gold and at [4, 7, 8, 11, 13, 16, 20] in "
            "the system; both end one at [4, 7, 8, 13, 16, 20]: 6 word groups.") in walks[2]


def test_papers_and_peer_tools(about: AppTest) -> None:
    text = "\n".join(m.value for m in about.markdown)
    for citation in ("**Jo et al. 2024**", "**Park et al. 2024**", "**Wang et al. 2025**"):
        assert citation in text
    assert "**jp-evalb**" in text and "**jp-errant**" in text
    assert "conll18_ud_eval.py" in text and "**EVALB**" in text and "**errant_compare**" in text
    assert [h.value for h in about.header] == [
        "The papers' examples, computed now", "Dependencies when the characters differ", "The papers",
        "How our numbers relate to the tools people use", "Metric cards"]


def test_one_metric_card_per_evaluation_with_its_figures(about: AppTest) -> None:
    """Each card in its own section, titled as the file, with a figure of its table; links
    to other docs pages shown as their path (they would not resolve in the app)."""
    titles = [card_title(name) for name in card_names()]
    assert titles == [
        "Metric card: gec (grammatical error correction, span-based F0.5)",
        "Metric card: parseval (constituency trees, PARSEVAL)",
        "Metric card: preprocess (sentence boundaries and tokens)",
        "Metric card: ud (dependency parsing and tagging, the CoNLL 2018 metrics)",
    ]
    sections = {expander.label: "\n".join(m.value for m in expander.markdown) for expander in about.expander}
    assert list(sections) == titles
    figures = ["1379 / 1095 / 1892 / 0.5574 / 0.4216 / 0.5237", "87.76 / 90.53 / 89.12",
               "1084 / 349 / 993", "23709 / 24740 / 25299"]
    for title, figure in zip(titles, figures):
        assert f"| {figure} |" in sections[title], title
        assert "##### Figures we do not reproduce" in sections[title] or "#### Reproduced figures" in sections[title]
        assert "](../" not in sections[title]
    assert "equal-to-the-peers.md (docs/equal-to-the-peers.md)" in sections[titles[2]]
    assert "| 24176 / 1109 / 918 | 24267 / 1032 / 827 |" in sections[titles[2]]


def test_examples_module_matches_the_paper() -> None:
    click = run_example(get_example("click"))
    assert [(u.shape, u.ratio, u.kind) for u in click.units] == [("1:n", "1:2", "merged")]
    steps = walk(run_example(get_example("mike")))
    assert steps.stream == "MikeMcConnell07/06/200014:57John,HellofromSouthAmerica."
    assert (steps.gold_ends, steps.sys_ends, steps.cuts) == ([13, 28, 55], [55], [55])
    isnt = run_example(get_example("isnt"))
    assert [w.ratio for w in isnt.units[0].words] == ["1:1", "1:1", "1:1", "2:2", "1:1", "1:1"]


def test_the_ud_rule_and_its_worked_example(about: AppTest) -> None:
    """colour -> color (a 1:1 group whose characters differ) keeps The's head; colour cut in
    two does not: the figures of jpcore/ud/__init__.py's worked example, scored by the page."""
    text = "\n".join(m.value for m in about.markdown)
    assert "**A head is correct** when both words are roots, or when the aligned system word's head" in text
    tables = [df.value.set_index("Metric") for df in about.dataframe if "Correct" in df.value.columns]
    counts = [{name: tuple(int(table.at[name, column]) for column in ("Correct", "Gold", "System"))
               for name in ("Words", "UPOS", "UAS", "LAS", "CLAS")} for table in tables]
    assert counts == [
        {"Words": (3, 4, 4), "UPOS": (3, 4, 4), "UAS": (3, 4, 4), "LAS": (3, 4, 4), "CLAS": (1, 2, 2)},
        {"Words": (3, 4, 5), "UPOS": (3, 4, 5), "UAS": (2, 4, 5), "LAS": (2, 4, 5), "CLAS": (1, 2, 3)},
    ]
    assert [float(table.at["UAS", "F1 (%)"]) for table in tables] == [75.0, 44.44]
    lines = [m.value for m in about.markdown if m.value.startswith("Computed now:")]
    assert [line.split("  \n")[0] for line in lines] == [
        "Computed now: The\\: gold head colour\\, system head color\\: correct \\(UAS\\).",
        "Computed now: The\\: gold head colour\\, system head col\\: wrong \\(UAS\\).",
    ]
    units = [element.value for element in about.html if 'class="jp-ia dp-unit"' in element.value]
    rewritten, cut = units
    assert "≈1" in rewritten and '<span class="dp-a dp-bad"' not in rewritten  # The -> color: not marked
    assert '<span class="dp-a dp-bad" title="head wrong; gold: → colour 2">✗ → col 2</span>' in cut
    assert "÷1" in cut  # colour / col our: a 1:2 group, split
