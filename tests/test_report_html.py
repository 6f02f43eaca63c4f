"""The self-contained HTML report (jpcore.reports) of each evaluation, and ``--html OUT``.

For each task the report must hold the exact headline scores as the CLI
prints them, the definition of every metric, the licence of bundled inputs,
the parameters in force, and the per-unit table; every value from an input
file is escaped; nothing is loaded from outside (no script, no external
resource, a Content-Security-Policy that forbids them).
"""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from jpcore.formats import read_segmentation
from jpcore.formats.m2 import read_m2
from jpcore.reports import InputInfo, attribution_near, render_html
from jpcore.reports.provenance import UNKNOWN, attribution_text
from jpcore.reports.svg import Series, bar_chart
from jpcore.align.similarity import Normaliser
from jpcore import parseval
from jpcore.gec import evaluate as gec_evaluate
from jpcore.gec import evaluate_bytes as gec_evaluate_bytes
from jpcore.preprocess import evaluate as preprocess_evaluate
from tests.conftest import ROOT, SAMPLE_DATA

EWT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
EWT_GOLD = EWT / "en_ewt-ud-test.excerpt.gold.words.txt"
EWT_SYS = EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
TOY = SAMPLE_DATA / "m2" / "toy-en"
SCRIPT = "<script>alert(1)</script>"


class _Tags(HTMLParser):
    """Every start tag with its attributes (to look for resources and scripts)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _assert_self_contained(html: str) -> None:
    parser = _Tags()
    parser.feed(html)
    names = {tag for tag, _ in parser.tags}
    assert not names & {"script", "link", "img", "iframe", "object", "embed", "image", "use"}, names
    for tag, attrs in parser.tags:
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name)  # no event handler
            if name in ("src", "href", "xlink:href", "action", "data", "poster"):
                assert value is None or value.startswith("#"), (tag, name, value)  # in-page anchors only
    assert "url(" not in html and "@import" not in html
    assert "default-src 'none'" in html  # the CSP forbids every external resource
    assert html.count("<svg") >= 1  # charts are inline SVG


def _preprocess(gold: str | None = None, system: str | None = None):
    if gold is None:
        g = read_segmentation(EWT_GOLD.read_bytes(), EWT_GOLD.name, "text", "words")
        s = read_segmentation(EWT_SYS.read_bytes(), EWT_SYS.name, "text", "words")
    else:
        g = read_segmentation(gold.encode(), "gold.txt", "text", "words")
        s = read_segmentation(system.encode(), "sys.txt", "text", "words")
    return preprocess_evaluate(g, s, Normaliser.for_language("en"))


# --- preprocess -----------------------------------------------------------------


def test_preprocess_report_has_the_cli_scores_definitions_and_licence() -> None:
    result = _preprocess()
    html = render_html(result, [InputInfo("gold", EWT_GOLD.name, attribution_near(EWT_GOLD)),
                                InputInfo("system", EWT_SYS.name, attribution_near(EWT_SYS))])
    # the CLI's table: Sentences 101/9/10 91.82 90.99 91.40; Words 2498/36/75 98.58 97.09 97.83
    for figure in ("91.82", "90.99", "91.40", "98.58", "97.09", "97.83"):
        assert f">{figure}</td>" in html
    for count in (">101</td>", ">2498</td>", ">36</td>", ">75</td>"):
        assert count in html
    for term in ("Sentence TP", "Words TP", "FP", "FN", "Precision (P)", "Recall (R)", "F1",
                 "Kind: split / merged / regrouped", "Shape (gold:system)"):
        assert f"<dt>{term}</dt>" in html
    assert "2·TP / (2·TP + FP + FN)" in html
    assert "normalisation table &#x27;en&#x27;" in html  # the normalisation in force
    assert "CC BY-SA 4.0" in html and "Leland Stanford Junior University" in html
    assert "Per-unit table" in html and "All 107 units" in html
    assert 'class="sep"' in html  # merged sentences joined by ~~~
    _assert_self_contained(html)


def test_preprocess_report_escapes_tokens_and_names() -> None:
    result = _preprocess(f"{SCRIPT} ok .\n", f"{SCRIPT} ok.\n")
    html = render_html(result, [InputInfo("gold", "<b>gold</b>.txt"), InputInfo("system", "s.txt")])
    assert "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b>gold</b>" not in html and "&lt;b&gt;gold&lt;/b&gt;.txt" in html
    assert UNKNOWN in html  # user files: licence not known
    _assert_self_contained(html)


def test_the_per_unit_counts_and_the_inputs_are_named_for_the_level() -> None:
    """Issue 25.8: the level's own name in the counts ("Words TP", never "Tok TP" at the words level)."""
    text = "Don't go .\nI'm here .\n"
    for level, name in (("words", "Words"), ("tokens", "Tokens")):
        g = read_segmentation(text.encode(), "gold.txt", "text", level)
        s = read_segmentation(text.replace(" .", ".").encode(), "sys.txt", "text", level)
        html = render_html(preprocess_evaluate(g, s, Normaliser.for_language("en")))
        heads = re.findall(r"<th[^>]*>([^<]*)</th>", html)
        assert [h for h in heads if h.endswith(("TP", "FP", "FN")) and not h.startswith(("Sent", "TP", "FP", "FN"))][-3:] \
            == [f"{name} TP", f"{name} FP", f"{name} FN"]
        assert name in heads[heads.index("Sentences") + 1:heads.index("Sentences") + 2]  # the inputs table
        assert not any(h.startswith("Tok ") for h in heads)


def test_a_huge_table_is_paged_and_capped_with_a_note() -> None:
    result = _preprocess()
    html = render_html(result, max_units=10)
    assert "107 units are more than this report lists (10)" in html
    assert len(re.findall(r'<td class="num">(\d+)</td><td>merged', html)) <= 10
    paged = render_html(result)
    assert paged.count("<details") == 0  # 107 rows fit one page of 200
    from jpcore.reports.markup import paged_table

    chunks = paged_table(["n"], [[i] for i in range(450)], "units")
    assert chunks.count("<details") == 3 and "units 401–450 of 450" in chunks
    assert chunks.count("<details open>") == 1


# --- parseval -----------------------------------------------------------------


def test_parseval_report_has_evalbs_figures_and_definitions() -> None:
    gold, system = TREES / "harbour.gold.mrg", TREES / "harbour.sys.mrg"
    result = parseval.evaluate_bytes(gold.read_bytes(), system.read_bytes(), gold_name=gold.name,
                                     sys_name=system.name)
    html = render_html(result, [InputInfo("gold", gold.name, attribution_near(gold))])
    text = parseval.render_report(result)
    for name, figure in (("Bracketing Recall", "84.62"), ("Bracketing Precision", "88.00"),
                         ("Bracketing FMeasure", "86.27"), ("Tagging accuracy", "93.55")):
        assert re.search(rf"{name} += +{re.escape(figure)}", text)  # what EVALB's table says
        assert f"<td>{name}</td><td class=\"num\">{figure}</td>" in html
    for term in ("Bracketing recall", "Bracketing precision", "Bracketing F1", "Crossing brackets",
                 "Tagging accuracy", "Word unit", "Matched bracket"):
        assert f"<dt>{term}</dt>" in html
    assert "MIT" in html  # jp-trees' licence
    assert "Cut-off length (gold words)" in html
    _assert_self_contained(html)


def test_parseval_report_escapes_labels_and_words() -> None:
    gold = b"(S (NP (DT the) (NN <script>)) (VP (VBZ runs)))\n"
    system = b"(S (NP (DT the)) (X<b> (NN <script>) (VBZ runs)))\n"
    result = parseval.evaluate_bytes(gold, system, gold_name="g<i>.mrg", sys_name="s.mrg")
    html = render_html(result)
    assert "<script" not in html and "<b>" not in html and "<i>" not in html
    assert "&lt;script&gt;" in html and "g&lt;i&gt;.mrg" in html
    _assert_self_contained(html)


# --- gec -------------------------------------------------------------------------


def test_gec_report_has_errant_compares_scores_and_definitions() -> None:
    result = gec_evaluate(read_m2(TOY / "gold.m2"), read_m2(TOY / "sys.resegmented.m2"))
    html = render_html(result, [InputInfo("system", "sys.resegmented.m2", attribution_near(TOY / "gold.m2"))])
    # errant_compare: TP 11 FP 2 FN 3 Prec 0.8462 Rec 0.7857 F0.5 0.8333, in percent (the one scale)
    row = re.search(r'<table class="scores">.*?</table>', html, re.DOTALL).group(0)
    assert [cell for cell in re.findall(r'<td class="num">([^<]*)</td>', row)] == [
        "11", "2", "3", "84.62", "78.57", "83.33"]
    assert re.findall(r"<th[^>]*>([^<]*)</th>", row) == ["TP", "FP", "FN", "P (%)", "R (%)", "F0.5 (%)"]
    assert "P 84.62%, R 78.57%, F0.5 83.33% (6 units)" in html
    for term in ("TP", "FP", "FN", "Precision", "Recall", "F0.5", "Chosen annotator", "Noop rule", "alpha"):
        assert f"<dt>{term}</dt>" in html
    assert "aligned into 6 units" in html  # the alignment note
    assert "Span-Based Correction" in html and "noop" in html.lower()
    assert "written for this project" in html.lower() or "jp-inspector" in html  # toy-en's source text
    _assert_self_contained(html)


def test_gec_report_escapes_sentences_and_corrections() -> None:
    hyp = f"S a {SCRIPT} b\nA 0 1|||R:OTHER|||<img src=x>|||REQUIRED|||-NONE-|||0\n\n".encode()
    ref = f"S a {SCRIPT} b\nA 0 1|||R:OTHER|||<img src=x>|||REQUIRED|||-NONE-|||0\n\n".encode()
    html = render_html(gec_evaluate_bytes(ref, hyp, "r.m2", "h.m2"))
    assert "<script" not in html and "<img" not in html
    assert "&lt;img src=x&gt;" in html
    _assert_self_contained(html)


# --- pieces ------------------------------------------------------------------------


def test_svg_chart_escapes_and_shortens_labels() -> None:
    svg = bar_chart("t<>", ["<script>" + "x" * 40], [Series("s&", [3.0], "#000000")])
    assert "<script" not in svg and "&lt;script&gt;" in svg and "s&amp;" in svg
    assert "…" in svg


def test_attribution_is_read_from_source_md() -> None:
    text = attribution_text("# t\n* Licence: CC0\n\n## Attribution\n\nBy <me>.\n\n## Files\n* x\n")
    assert text == "By <me>.\n\nLicence: CC0"
    assert attribution_near(ROOT / "no-such-dir" / "file.txt") is None


def test_every_result_type_and_nothing_else() -> None:
    with pytest.raises(TypeError):
        render_html(object())  # type: ignore[arg-type]


# --- the command line -----------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jpcore", *args], cwd=ROOT, capture_output=True, text=True,
                          check=False)


@pytest.mark.parametrize("command, figures", [
    (["preprocess", str(EWT_GOLD), str(EWT_SYS)], ["91.82", "97.83"]),
    (["parseval", str(TREES / "harbour.gold.mrg"), str(TREES / "harbour.sys.mrg")], ["84.62", "86.27"]),
    (["gec", "-hyp", str(TOY / "sys.resegmented.m2"), "-ref", str(TOY / "gold.m2")], ["84.62", "83.33"]),
])
def test_cli_html_writes_the_report_and_prints_the_usual_output(tmp_path: Path, command: list[str],
                                                                 figures: list[str]) -> None:
    plain = _cli(*command)
    out = tmp_path / "report.html"
    run = _cli(*command, "--html", str(out))
    assert run.returncode == 0, run.stderr
    assert run.stdout == plain.stdout  # the report on stdout is unchanged
    html = out.read_text("utf-8")
    for figure in figures:
        assert figure in html
    assert "Definitions of the metrics" in html and "Inputs, licences and attribution" in html
    _assert_self_contained(html)


def test_cli_html_to_an_unwritable_place_is_a_clean_error(tmp_path: Path) -> None:
    run = _cli("preprocess", str(EWT_GOLD), str(EWT_SYS), "--html", str(tmp_path / "missing" / "r.html"))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and "r.html" in run.stderr


def test_cli_html_in_evalb_legacy_mode_is_refused() -> None:
    sample = SAMPLE_DATA / "parseval" / "evalb-sample"
    run = _cli("parseval", "--evalb", str(sample / "sample.prm"), str(sample / "sample.gld"),
               str(sample / "sample.tst"), "--html", "x.html")
    assert run.returncode == 2
    assert "only available in alignment mode" in run.stderr


def test_the_kind_column_keeps_each_word_whole_in_the_apps_colours() -> None:
    """Issue 25 item 12: the report's Kind column broke words ("exac|t") and coloured every
    kind orange.  Each Kind cell is one unbroken word after a bar of its kind's colour, the
    app's (inspector.common.palette), and the chart of kinds draws each bar in its colour."""
    from inspector.common.palette import KIND_STYLES
    from jpcore.align.serial import display_kind_counts
    from jpcore.reports.markup import COLOURS, KIND_COLOURS, STYLE, kind_cell

    assert {kind: style.colour for kind, style in KIND_STYLES.items()} == KIND_COLOURS
    assert "td.kind {white-space: nowrap; overflow-wrap: normal;}" in STYLE
    assert kind_cell("merged").render() == (
        f'<td class="kind"><span style="border-left-color: {COLOURS["orange"]};">merged</span></td>')
    assert kind_cell("merged", "1:n").render() == (  # a group's display word, in the colour of its kind
        f'<td class="kind"><span style="border-left-color: {COLOURS["orange"]};">split</span></td>')
    assert kind_cell("<b>").render() == (
        f'<td class="kind"><span style="border-left-color: {COLOURS["black"]};">&lt;b&gt;</span></td>')
    # the EWT excerpt's report: every Kind cell so, and the chart of kinds in the kinds' colours
    result = _preprocess()
    html = render_html(result, [])
    kinds = display_kind_counts(result.units)  # each kind by its display word (split, merged, ...)
    cells = re.findall(r'<td class="kind"><span style="border-left-color: (#[0-9A-F]{6});">([a-z-]+)</span></td>', html)
    assert cells and all(KIND_COLOURS[kind] == colour for colour, kind in cells)
    assert len(cells) == min(len(result.units), html.count('<td class="kind">'))
    chart = html[html.index('aria-label="Units by kind"'):]
    chart = chart[:chart.index("</svg>")]
    bars = re.findall(r'fill="(#[0-9A-F]{6})"><title>([a-z-]+) · units: (\d+)</title>', chart)
    assert [(kind, int(n)) for _, kind, n in bars] == [(kind, kinds[kind]) for kind in kinds]
    assert all(KIND_COLOURS[kind] == colour for colour, kind, _ in bars)
