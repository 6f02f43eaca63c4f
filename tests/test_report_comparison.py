"""The HTML report carries the comparison (issue 23, item 2): ``--compare B --html OUT`` and the app's report.

The section's figures are those of ``--compare B --json`` on the same files
(toy-en: B = the system on gold's sentences against the re-segmented one,
6 common units): both scores, B − A in points with its interval and p to
the resolution of 1,000 resamples, the warning for fewer than 30 common
units, who wins each common unit; file names escaped.  Without ``--compare``
the report has no such section.
"""

from __future__ import annotations

import html
import json
import re

from jpcore.cli import main
from tests.conftest import SAMPLE_DATA

TOY = SAMPLE_DATA / "m2" / "toy-en"
HOSTILE = "<img src=x onerror=alert(1)>"


def _text(markup: str) -> str:
    """The section's text, tags dropped, entities read, white space folded."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def _section(page: str) -> str:
    start = page.index('<section id="comparison">')
    return page[start:page.index("</section>", start)]


def test_compare_html_writes_the_comparison(capsysbinary, tmp_path):
    out = tmp_path / "report.html"
    args = ["gec", "-ref", str(TOY / "gold.m2"), "-hyp", str(TOY / "sys.resegmented.m2"), "--compare",
            str(TOY / "sys.m2")]
    assert main([*args, "--html", str(out)]) == 0
    assert main([*args, "--json"]) == 0
    saved = json.loads(capsysbinary.readouterr().out.decode("utf-8").splitlines()[-1])["comparison"]
    section = _text(_section(out.read_text(encoding="utf-8")))
    assert (saved["score_a"], saved["score_b"]) == (0.8333333333333334, 0.8461538461538461)
    assert f"A {TOY / 'sys.resegmented.m2'} 83.33 B {TOY / 'sys.m2'} 84.62" in section
    assert ("B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39 (paired-bootstrap, 1,000 "
            "resamples, seed 12345).") in section
    assert saved["interval"] == [0.0, 0.030241935483870885] and saved["p_value"] == 0.3906093906093906
    assert "Warning : 6 common units: the interval is unreliable." in section
    assert "Who wins each common unit (by its own counts): A 0, B 1, tie 5." in section
    assert "2 3–4 4/0/2 90.91 4/0/1 95.24 B" in section
    assert [row[:2] for row in saved["unit_counts"]["a"]] == [[2, 0], [0, 1], [4, 0], [1, 0], [2, 1], [2, 0]]


def test_no_compare_no_section(tmp_path):
    out = tmp_path / "report.html"
    assert main(["gec", "-ref", str(TOY / "gold.m2"), "-hyp", str(TOY / "sys.m2"), "--html", str(out)]) == 0
    assert 'id="comparison"' not in out.read_text(encoding="utf-8")


def test_names_are_escaped():
    import jpcore
    from jpcore.reports import render_html

    gold = TOY / "gold.m2"
    a, b = jpcore.evaluate("gec", gold, TOY / "sys.m2"), jpcore.evaluate("gec", gold, gold)
    run = jpcore.compare(a, b)
    run = type(run)(**{**run.__dict__, "system_b": HOSTILE})
    page = render_html(a.result, comparison=run)
    assert HOSTILE not in page and "&lt;img src=x onerror=alert(1)&gt;" in _section(page)
    assert "p = 0.065" in _text(_section(page))
