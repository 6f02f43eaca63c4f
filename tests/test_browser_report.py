"""The HTML reports in chromium: nothing cut on the right, on screen and on paper.

Each report (tokenization on the EWT excerpt, alone and with its comparison
against a system B, PARSEVAL on jp-trees and on
EVALB's bug trees, whose pairs are drawn words down the page, GEC on the
re-segmented UA-GEC slice) is opened at 800 and 1,400 px and in print media
at A4 portrait and landscape widths (718 and 1,047 px of content): the page
never scrolls sideways, every table fits its box (the per-unit table's
texts and headers wrap), every tree box fits the page, on paper every
chunk of a paged table is printed, and in the trees every text stays inside
its box as the browser draws it.
"""

from __future__ import annotations

from functools import cache

import pytest

from bench.shared_data import SHARED_DATA
from jpcore.formats import read_segmentation
from jpcore.formats.m2 import read_m2
from jpcore.reports import render_html
from jpcore.align.similarity import Normaliser
from jpcore import parseval
from jpcore.gec import evaluate as gec_evaluate
from jpcore.preprocess import evaluate as preprocess_evaluate
from tests.browser_support import CHROMIUM_ARGS, chromium_executable
from tests.conftest import SAMPLE_DATA

EWT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
BUG = SHARED_DATA / "parseval" / "evalb-dist" / "bug"
UAGEC = SAMPLE_DATA / "m2" / "uagec"
#: (viewport width, media): A4 portrait and landscape content widths at 96 dpi with 10 mm margins.
VIEWS = [(800, "screen"), (1400, "screen"), (718, "print"), (1047, "print")]

FIT = """() => {
  const out = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) out.push(['page', page.scrollWidth, page.clientWidth]);
  const right = document.body.getBoundingClientRect().right + 0.5;
  for (const box of document.querySelectorAll('.wide')) {
    if (box.scrollWidth > box.clientWidth) out.push(['table', box.scrollWidth, box.clientWidth]);
    if (box.getBoundingClientRect().right > right) out.push(['table box', box.getBoundingClientRect().right, right]);
  }
  for (const box of document.querySelectorAll('.jp-trees, .charts svg')) {
    if (box.getBoundingClientRect().right > right) out.push(['figure', box.getBoundingClientRect().right, right]);
  }
  return out;
}"""

PRINTED = """() => [...document.querySelectorAll('details table')].filter(t => !t.checkVisibility()).length"""

TEXT_IN_BOXES = """() => {
  const out = [];
  for (const node of document.querySelectorAll('svg.jp-tree g.jp-node')) {
    const r = node.querySelector('rect').getBBox(), t = node.querySelector('text').getBBox();
    if (t.x < r.x - 0.5 || t.x + t.width > r.x + r.width + 0.5) out.push([node.textContent, t.x, t.width, r.x, r.width]);
  }
  return [out, document.querySelectorAll('svg.jp-tree g.jp-node').length];
}"""


@cache
def _reports() -> dict[str, str]:
    gold = read_segmentation((EWT / "en_ewt-ud-test.excerpt.gold.words.txt").read_bytes(), "gold", "text", "words")
    system = read_segmentation((EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes(), "sys", "text", "words")
    return {
        "preprocess": render_html(preprocess_evaluate(gold, system, Normaliser.for_language("en"))),
        "parseval": render_html(parseval.evaluate_bytes(
            (TREES / "harbour.gold.mrg").read_bytes(), (TREES / "harbour.sys.mrg").read_bytes(),
            gold_name="harbour.gold.mrg", sys_name="harbour.sys.mrg")),
        "parseval-bug": render_html(parseval.evaluate_bytes(
            (BUG / "bug.gld").read_bytes(), (BUG / "bug.tst").read_bytes(), gold_name="bug.gld",
            sys_name="bug.tst")),
        "gec": render_html(gec_evaluate(read_m2(UAGEC / "ann1.first100.m2"),
                                        read_m2(UAGEC / "ann0.first100.resegmented.m2"))),
        "preprocess-compared": _compared(),
    }


def _compared() -> str:
    """nltk's report with the comparison against gold as system B (issue 23: the report carries it)."""
    import jpcore

    gold = EWT / "en_ewt-ud-test.excerpt.gold.words.txt"
    a = jpcore.evaluate("preprocess", gold, EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt")
    return render_html(a.result, comparison=jpcore.compare(a, jpcore.evaluate("preprocess", gold, gold)))


@pytest.mark.browser
def test_reports_fit_the_page_on_screen_and_on_paper() -> None:
    from playwright.sync_api import sync_playwright

    reports = _reports()
    assert 'data-arrangement="down"' in reports["parseval-bug"]  # long pairs: words down the page
    assert '<section id="comparison">' in reports["preprocess-compared"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        try:
            for width, media in VIEWS:
                page = browser.new_page(viewport={"width": width, "height": 900})
                page.emulate_media(media=media)
                for name, html in reports.items():
                    page.set_content(html)
                    assert page.evaluate(FIT) == [], (name, width, media)
                    if media == "print":
                        assert page.evaluate(PRINTED) == 0, (name, width)
                page.close()
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            for name in ("parseval", "parseval-bug"):
                page.set_content(reports[name])
                outside, nodes = page.evaluate(TEXT_IN_BOXES)
                assert nodes > 50 and outside == [], name
            page.close()
        finally:
            browser.close()


@pytest.mark.browser
def test_a_long_report_prints_every_chunk_of_its_table() -> None:
    from playwright.sync_api import sync_playwright

    folder = SAMPLE_DATA / "ud" / "UD_English-EWT-full"
    gold = read_segmentation((folder / "en_ewt-ud-test.gold.words.txt").read_bytes(), "gold", "text", "words")
    system = read_segmentation((folder / "en_ewt-ud-test.nltk.tok.txt").read_bytes(), "sys", "text", "words")
    html = render_html(preprocess_evaluate(gold, system, Normaliser.for_language("en")))
    assert "All 1,409 units" in html and html.count("<details") == 8  # chunks of 200 rows
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1047, "height": 900})
            page.set_content(html)
            assert page.evaluate(PRINTED) == 7  # on screen only the first chunk is open
            page.emulate_media(media="print")
            assert page.evaluate(PRINTED) == 0
            assert page.evaluate(FIT) == []
        finally:
            browser.close()
