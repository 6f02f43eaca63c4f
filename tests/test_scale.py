"""The one scale (jpcore/stats/scale.py): exact strings for scores, differences, intervals, p and the warning.

Every figure jpcore's own blocks, the HTML report and the app write goes
through these functions, so the strings here are what a person reads on
the command line, in the report and on the pages.
"""

from __future__ import annotations

import pytest

from jpcore.stats.measures import GEC, PARSEVAL, PREPROCESS
from jpcore.stats.result import Comparison
from jpcore.stats.scale import (
    FEW_UNITS, MINUS, difference_text, few_units, interval_text, p_cell, p_text, percent, points, score_cell,
    score_text,
)


@pytest.mark.parametrize("p_value, samples, expected", [
    (0.0, 1000, "p < 0.001"),             # below 1 / samples: the resolution 1,000 samples give
    (1 / 1001, 1000, "p < 0.001"),        # the paired bootstrap's floor 1 / (samples + 1)
    (0.000999, 1000, "p < 0.001"),
    (0.001, 1000, "p = 0.001"),           # not below 1 / samples
    (0.001998, 1000, "p = 0.002"),        # never "p = 0.001998"
    (0.3912, 1000, "p = 0.39"),
    (0.3906093906093906, 1000, "p = 0.39"),
    (0.02997, 1000, "p = 0.03"),
    (0.065, 1000, "p = 0.065"),
    (1.0, 1000, "p = 1"),
    (0.0, 200, "p < 0.005"),
    (1 / 10001, 10000, "p < 0.0001"),
])
def test_p_to_the_resolution_of_the_samples(p_value: float, samples: int, expected: str) -> None:
    assert p_text(p_value, samples) == expected
    assert p_cell(p_value, samples) == expected[len("p "):].removeprefix("= ")


@pytest.mark.parametrize("value, expected", [
    (-2.42, "\u22122.42"), (1.28, "+1.28"), (0.0, "+0.00"), (-0.0, "+0.00"), (-0.004, "+0.00"),
    (-0.005000001, "\u22120.01"), (16.666666666666664, "+16.67"), (-100.0, "\u2212100.00"),
])
def test_a_difference_in_points_is_signed_with_a_real_minus(value: float, expected: str) -> None:
    assert points(value) == expected
    assert "-" not in points(value)  # never a hyphen-minus
    assert MINUS == "\u2212"


def test_scores_and_intervals() -> None:
    assert score_cell(83.33333333333334) == "83.33" and score_text(83.33333333333334) == "83.33%"
    assert score_text(100.0) == "100.00%" and score_cell(0.0) == "0.00"
    assert interval_text(0.0, 3.0241935483870885) == "[+0.00, +3.02]"
    assert interval_text(-3.89, -0.91) == "[\u22123.89, \u22120.91]"


def test_every_measure_in_percent() -> None:
    words, brackets, edits = PREPROCESS[1], PARSEVAL[0], GEC[0]
    assert percent(words, 0.978265126297239) == pytest.approx(97.8265126297239)
    assert percent(brackets, 86.27450980392156) == 86.27450980392156  # EVALB's percent as it is
    assert percent(edits, 0.8333333333333334) == pytest.approx(83.33333333333334)  # errant's 0-1 F0.5
    assert (words.show(0.978265126297239), brackets.show(86.27450980392156), edits.show(0.8333333333333334)) == (
        "97.83%", "86.27%", "83.33%")
    assert edits.show_signed(-0.0242) == "\u22122.42" and brackets.show_signed(13.725490196078432) == "+13.73"


def test_few_common_units_make_the_interval_unreliable() -> None:
    assert FEW_UNITS == 30
    assert few_units(6) == "6 common units: the interval is unreliable"
    assert few_units(1) == "1 common unit: the interval is unreliable"
    assert few_units(29) == "29 common units: the interval is unreliable"
    assert few_units(30) is None and few_units(1409) is None


def _comparison(difference: float, interval: tuple[float, float] | None, p_value: float) -> Comparison:
    return Comparison("paired-bootstrap", "f0.5", 1000, 12345, 1.0, 0.8333333333333334,
                      0.8333333333333334 + difference, difference, interval, p_value, None, [])


def test_the_difference_line() -> None:
    # gec toy-en: sys.m2 against sys.resegmented.m2 (tests/test_extras_compare.py has the figures)
    toy = _comparison(0.012820512820512775, (0.0, 0.030241935483870885), 391 / 1001)
    assert difference_text(GEC[0], toy) == (
        "B \u2212 A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39")
    ewt = _comparison(-0.02173487370276095, (-0.0327640292784942, -0.011484823625922846), 1 / 1001)
    assert difference_text(PREPROCESS[1], ewt) == (
        "B \u2212 A = \u22122.17 points, 95 % interval [\u22123.28, \u22121.15] points, p < 0.001")
    randomized = _comparison(-0.02173487370276095, None, 1 / 1001)  # approximate randomization: no interval
    assert difference_text(PREPROCESS[1], randomized) == "B \u2212 A = \u22122.17 points, p < 0.001"


def test_the_documented_example_is_what_the_command_prints() -> None:
    """docs/scores.md quotes ``jpcore gec ... --compare``: stdout byte for byte."""
    import shlex
    import subprocess
    import sys

    from tests.conftest import SAMPLE_DATA

    root = SAMPLE_DATA.parent
    page = (root / "docs" / "scores.md").read_text("utf-8")
    block = page[page.index("```\n$ ") + len("```\n$ "):]
    block = block[:block.index("```\n")]
    command, _, expected = block.partition("\n")
    args = shlex.split(command)
    assert args[:3] == [".venv/bin/python", "-m", "jpcore"]
    out = subprocess.run([sys.executable, *args[1:]], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout == expected
