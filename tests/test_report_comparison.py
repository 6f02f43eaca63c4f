"""The HTML report carries the comparison (issue 23, item 2): ``--compare B --html OUT`` and the app's report.

The section's figures are those of ``--compare B --json`` on the same files
(toy-en: B = the system on gold's sentences against the re-segmented one,
6 common units): both scores, B − A in points with its interval and p to
the resolution of 1,000 resamples, the warning for fewer than 30 common
units, who wins each common unit; file names escaped.  Without ``--compare``
the report has no such section.  A vs B per unit kind (each system's own
units by kind, each kind's score and B − A): golden rows on toy-en and on the
EWT excerpt against Punkt + WordPunct, each score checked against the kind
buckets of :mod:`jpcore.analysis` (and F0.5 written out by hand); a saved
comparison, which holds no B units, says so.
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


# --- A vs B per unit kind ------------------------------------------------------------------------

def _by_kind(page: str) -> str:
    section = _text(_section(page))
    return section[section.index("A vs B per unit kind"):]


def _f_beta(tp: int, fp: int, fn: int, beta: float) -> float:
    """F-beta of summed counts, written out by hand (errant's, unrounded)."""
    b2 = beta * beta
    return (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp) if tp else 0.0


def test_compare_html_writes_a_vs_b_per_unit_kind_gec(tmp_path):
    from jpcore.analysis import buckets_by_kind
    import jpcore

    out = tmp_path / "report.html"
    a_path, b_path = TOY / "sys.resegmented.m2", TOY / "sys.m2"
    assert main(["gec", "-ref", str(TOY / "gold.m2"), "-hyp", str(a_path), "--compare", str(b_path),
                 "--html", str(out)]) == 0
    table = _by_kind(out.read_text(encoding="utf-8"))
    assert table.endswith("Unit kind A units A F0.5 (%) B units B F0.5 (%) B − A (points) "
                          "1:1 3 100.00 8 84.62 −15.38 1:n 1 66.67 0 – – n:1 2 76.92 0 – –")
    # the same figures by hand: each system's units bucketed by kind, F0.5 of the summed counts
    a = buckets_by_kind(jpcore.evaluate("gec", TOY / "gold.m2", a_path).result)
    b = buckets_by_kind(jpcore.evaluate("gec", TOY / "gold.m2", b_path).result)
    assert [(x.name, len(x.units), x.scores["edits"].as_tuple()) for x in a.buckets] == [
        ("1:1", 3, (5, 0, 0)), ("1:n", 1, (2, 1, 1)), ("n:1", 2, (4, 1, 2))]
    assert [(x.name, len(x.units), x.scores["edits"].as_tuple()) for x in b.buckets] == [("1:1", 8, (11, 2, 2))]
    # 2.5 / 3.75, 5 / 6.5, 13.75 / 16.25
    assert [f"{100 * _f_beta(*c, 0.5):.2f}" for c in ((5, 0, 0), (2, 1, 1), (4, 1, 2), (11, 2, 2))] == [
        "100.00", "66.67", "76.92", "84.62"]


def test_compare_html_writes_a_vs_b_per_unit_kind_preprocess(tmp_path):
    from inspector.tokens.samples import SAMPLES, derived_system_text
    from jpcore.analysis import buckets_by_kind
    import jpcore

    ewt = SAMPLES["ewt-words"]
    b_path = tmp_path / "punkt-wordpunct.tok.txt"
    b_path.write_bytes(derived_system_text("ewt-words", "punkt", "wordpunct"))
    out = tmp_path / "report.html"
    assert main(["preprocess", str(ewt.gold_path), str(ewt.sys_path), "--compare", str(b_path),
                 "--html", str(out)]) == 0
    table = _by_kind(out.read_text(encoding="utf-8"))
    assert table.endswith("Unit kind A units A Words F1 (%) B units B Words F1 (%) B − A (points) "
                          "1:1 101 98.18 101 96.17 −2.01 1:n 2 94.64 2 87.93 −6.71 n:1 3 97.38 3 94.36 −3.02 "
                          "m:n 1 86.87 1 76.27 −10.60")
    for path, expected in ((ewt.sys_path, ["98.18", "94.64", "97.38", "86.87"]),
                           (b_path, ["96.17", "87.93", "94.36", "76.27"])):
        buckets = buckets_by_kind(jpcore.evaluate("preprocess", ewt.gold_path, path).result).buckets
        assert [f"{100 * x.scores['tokens'].f:.2f}" for x in buckets] == expected


def test_a_saved_comparison_says_b_units_are_not_in_it(tmp_path, capsysbinary):
    from jpcore.reports import render_html
    from jpcore.results.reader import read_run_json

    args = ["gec", "-ref", str(TOY / "gold.m2"), "-hyp", str(TOY / "sys.resegmented.m2"), "--compare",
            str(TOY / "sys.m2"), "--json"]
    assert main(args) == 0
    data = capsysbinary.readouterr().out
    saved = read_run_json(data.splitlines()[-1], "run.json", None, "gec")
    page = render_html(saved.result, comparison=saved.extras.comparison)
    assert _by_kind(page) == ("A vs B per unit kind: a saved comparison holds B's counts per common unit, not B's "
                              "own units; evaluate B's file again to see it.")
