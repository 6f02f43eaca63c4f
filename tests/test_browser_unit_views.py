"""The unit views' drawings and widths in Debian's chromium (issue 25, items 9, 10 and 12).

* Trees: pair #0 of the harbour sample says "9 of 10 tags correct", and its wrong tag (gold
  VBZ, system NNS on "leaves") is boxed in the error colour on both sides; at 2560 px Fit
  fills the frame; at 800 px the Zoom control's "200%" is whole.
* Dependencies: unit #1 of the parsed EWT pair draws one SVG path per word with a head
  (counted from the CoNLL-U files) and its six wrong system arcs in the error colour.
* Widths: at 800, 1400 and 2560 px no page (Teaching included) scrolls sideways and no
  metric, button, label or select is cut; at 1400 px Error by shape shows every column; at
  800 px the table of what is loaded shows every column; at 2560 px every bar of the unit charts is at least
  12 px tall (a one-unit shape was a 2 px sliver).

* Dependencies: a multiword token's surface (``I'm`` over ``I`` ``'m``, unit #9) is a box that
  spans exactly its words' boxes on each side.

Set ``JP_INSPECTOR_SCREENSHOTS=docs`` to also write docs/screenshot-deps-arcs.png (unit #1's
arcs) and docs/screenshot-trees.png (pair #0 of the harbour trees at 1400 px).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inspector.common.screen_width import NARROW_PX
from tests.browser_support import app_page, drawn
from tests.test_app_deps_arcs import conllu_sentences
from tests.test_browser_widths import CUT, SIDEBAR_GONE

PAGES = ["", "sentences", "brackets", "edits", "deps", "teaching", "analysis", "about"]
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"

#: The first grid whose first headers are ``first`` (a table is known by its key columns): its
#: box, its scroller's widths, and each header cell's box.
GRID = """first => {
  for (const grid of document.querySelectorAll('[data-testid="stDataFrame"]')) {
    const cells = [...grid.querySelectorAll('table thead th')];
    if (first.some((name, k) => !cells[k] || cells[k].textContent !== name)) continue;
    const scroller = grid.querySelector('.dvn-scroller'), box = grid.getBoundingClientRect();
    const headers = {};
    for (const th of cells) { const r = th.getBoundingClientRect(); headers[th.textContent] = {left: r.left, right: r.right}; }
    return {left: box.left, right: box.right, scroll: scroller ? scroller.scrollWidth : null,
            client: scroller ? scroller.clientWidth : null, headers};
  }
  return null;
}"""


#: Each category's stacked bar in the two unit charts: its height inside the plot area (px; a
#: bar on a log axis starts far below it, clipped).
STACKS = """() => {
  const out = [];
  for (const key of ['units_by_shape_chart', 'units_by_kind_chart']) {
    const chart = document.querySelector(`.st-key-${key}`);
    if (!chart) continue;
    const plot = chart.querySelector('rect.nsewdrag');
    if (!plot) continue;
    const area = plot.getBoundingClientRect();
    const stacks = {};
    for (const bar of chart.querySelectorAll('g.point path')) {
      const r = bar.getBoundingClientRect();
      if (r.width === 0) continue;
      const x = Math.round(r.left + r.width / 2), top = Math.max(r.top, area.top), bottom = Math.min(r.bottom, area.bottom);
      if (bottom <= top) continue;
      const s = stacks[x] || (stacks[x] = {top, bottom});
      s.top = Math.min(s.top, top); s.bottom = Math.max(s.bottom, bottom);
    }
    for (const s of Object.values(stacks)) out.push(s.bottom - s.top);
  }
  return out;
}"""


def _grid(page, *first: str) -> dict:
    page.wait_for_function(f"first => {{ const g = ({GRID})(first); return g && g.scroll; }}", arg=list(first))
    return page.evaluate(GRID, list(first))


@pytest.mark.browser
def test_trees_mark_the_wrong_tag_and_fit_the_frame(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 2560, 1200) as (page, url):
        page.goto(f"{url}/brackets?trees=harbour&pair=0")
        expect(page.get_by_role("heading", name="Pair #0:", exact=False)).to_be_visible()
        drawn(page)
        expect(page.get_by_text("9 of 10 tags correct", exact=False)).to_be_visible()
        trees = page.locator(".jp-trees")
        wrong = trees.locator("g.jp-tag-wrong")
        expect(wrong).to_have_count(2)  # the tag on both sides
        expect(wrong.nth(0).locator("text")).to_have_text("VBZ")
        expect(wrong.nth(1).locator("text")).to_have_text("NNS")
        assert wrong.nth(1).locator("title").text_content() == "tag wrong in word unit u6: gold VBZ, system NNS"
        colour = wrong.nth(1).locator("text").evaluate("e => getComputedStyle(e).fill")
        assert colour == "rgb(213, 94, 0)"  # the palette's vermillion
        expect(trees).to_have_attribute("data-zoom", "fit")
        frame = trees.bounding_box()
        for svg in trees.locator("svg").all():  # Fit: as wide as the frame (it drew a quarter of it)
            assert svg.bounding_box()["width"] >= 0.9 * (frame["width"] - 12)
        assert page.evaluate(SIDEWAYS) <= 0

    with app_page(tmp_path, 1400, 1600) as (page, url):  # the docs' screenshot: the width people read at
        page.goto(f"{url}/brackets?trees=harbour&pair=0")
        expect(page.get_by_role("heading", name="Pair #0:", exact=False)).to_be_visible()
        drawn(page)
        trees = page.locator(".jp-trees")
        expect(trees.locator("g.jp-tag-wrong")).to_have_count(2)
        header = page.locator('[data-testid="stHeader"]').bounding_box()
        # at the top of the window, under Streamlit's header (which is drawn over the page)
        trees.evaluate("(e, top) => { e.style.scrollMarginTop = `${top}px`; e.scrollIntoView({block: 'start'}); }",
                       header["y"] + header["height"] + 8)
        drawn(page)
        box, window = trees.bounding_box(), page.viewport_size
        assert box["x"] >= 0 and box["x"] + box["width"] <= window["width"]
        assert box["y"] >= header["y"] + header["height"], (box, header)  # whole in the window
        assert box["y"] + box["height"] <= window["height"], box
        folder = Path(os.environ.get("JP_INSPECTOR_SCREENSHOTS") or tmp_path)
        page.screenshot(path=str(folder / "screenshot-trees.png"), clip=box)  # the window's pixels: never cropped

    with app_page(tmp_path, 800, 1000) as (page, url):
        page.goto(f"{url}/brackets?trees=harbour&pair=0")
        expect(page.get_by_role("heading", name="Pair #0:", exact=False)).to_be_visible()
        page.wait_for_function(SIDEBAR_GONE)  # measured once the collapsing sidebar has slid out
        drawn(page)
        zoom = page.get_by_role("radiogroup", name="Zoom").get_by_role("radio", name="200%", exact=True)
        expect(zoom).to_be_visible()
        box, main = zoom.bounding_box(), page.locator('[data-testid="stMain"]').bounding_box()
        assert box["x"] >= main["x"] and box["x"] + box["width"] <= main["x"] + main["width"]
        assert zoom.evaluate("e => [...e.querySelectorAll('*')].every(c => c.scrollWidth <= c.clientWidth + 1)")
        assert page.evaluate(CUT) == []


@pytest.mark.browser
def test_dependency_arcs_are_drawn(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from bench.deps_samples import FOLDER, GOLD, PARSED

    gold, system = conllu_sentences(FOLDER / GOLD)[1], conllu_sentences(FOLDER / PARSED)[1]
    with_head = sum(1 for word in gold + system if word[6] != "0")
    wrong = sum(1 for g, s in zip(gold, system, strict=True)
                if s[6] != "0" and (g[6] != s[6] or g[7].split(":")[0] != s[7].split(":")[0]))
    with app_page(tmp_path, 1400, 1100) as (page, url):
        page.goto(f"{url}/deps?d_unit=1")
        expect(page.get_by_role("heading", name="Unit #1:", exact=False)).to_be_visible()
        drawn(page)
        arcs = page.locator("svg.dp-arcs")
        expect(arcs).to_have_count(1)
        expect(arcs.locator("path")).to_have_count(with_head)  # 44: every word with a head, both sides
        expect(arcs.locator("g.dp-wrong path.dp-arc")).to_have_count(wrong)  # 6
        stroke = arcs.locator("g.dp-wrong path.dp-arc").first.evaluate("e => getComputedStyle(e).stroke")
        assert stroke == "rgb(213, 94, 0)"
        # gold's arcs above the gold words, system's below the system words (SVG coordinates)
        gold_heads = sum(1 for word in gold if word[6] != "0")
        places = arcs.evaluate("""(svg, n) => {
          const words = [...svg.querySelectorAll("text[font-weight='600']")].map(t => t.getBBox());
          const paths = [...svg.querySelectorAll('path.dp-arc')].map(p => p.getBBox());
          return {goldWords: Math.min(...words.slice(0, n.gold).map(b => b.y)),
                  sysWords: Math.max(...words.slice(n.gold).map(b => b.y + b.height)),
                  goldArcs: Math.max(...paths.slice(0, n.heads).map(b => b.y + b.height)),
                  sysArcs: Math.min(...paths.slice(n.heads).map(b => b.y))};
        }""", {"gold": len(gold), "heads": gold_heads})
        assert places["goldArcs"] <= places["goldWords"] + 2 and places["sysArcs"] >= places["sysWords"] - 2, places
        assert page.evaluate(SIDEWAYS) <= 0  # a long sentence scrolls inside its own box
        if os.environ.get("JP_INSPECTOR_SCREENSHOTS"):
            page.locator(".dp-arcs-box").screenshot(
                path=str(Path(os.environ["JP_INSPECTOR_SCREENSHOTS"]) / "screenshot-deps-arcs.png"))


@pytest.mark.browser
def test_a_multiword_tokens_surface_spans_exactly_its_words_in_the_arcs(tmp_path: Path) -> None:
    """Unit #9 of the parsed EWT pair starts with ``1-2 I'm``: its surface's box, on each side,
    spans the boxes of ``I`` and ``'m`` and stops before ``staying``."""
    from playwright.sync_api import expect

    from bench.deps_samples import FOLDER, GOLD

    gold = conllu_sentences(FOLDER / GOLD)[9]
    with app_page(tmp_path, 1400, 1100) as (page, url):
        page.goto(f"{url}/deps?d_unit=9")
        expect(page.get_by_role("heading", name="Unit #9:", exact=False)).to_be_visible()
        drawn(page)
        arcs = page.locator("svg.dp-arcs")
        expect(arcs.locator("g.dp-mwt")).to_have_count(2)
        boxes = arcs.evaluate("""(svg, n) => {
          const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
          const words = [...svg.querySelectorAll("text[font-weight='600']")];
          const sides = [words.slice(0, n), words.slice(n)];
          return [...svg.querySelectorAll('g.dp-mwt')].map((g, k) => ({
            form: g.querySelector('text').textContent, rect: box(g.querySelector('rect')),
            words: sides[k].slice(0, 3).map(w => ({text: w.textContent, ...box(w)}))}));
        }""", len(gold))
        for side in boxes:
            first, second, after = side["words"]
            rect = side["rect"]
            assert side["form"] == "I'm" and [first["text"], second["text"], after["text"]] == ["I", "'m", "staying"]
            assert rect["left"] <= first["left"] and rect["right"] >= second["right"], side  # over both words
            assert rect["right"] <= after["left"], side  # and no further
        gold_box, sys_box = boxes[0]["rect"], boxes[1]["rect"]
        assert gold_box["bottom"] <= sys_box["top"]  # gold's surface over the system's, in the middle
        assert gold_box["top"] >= boxes[0]["words"][0]["bottom"] and sys_box["bottom"] <= boxes[1]["words"][0]["top"]


@pytest.mark.browser
@pytest.mark.parametrize("width", [800, 1400, 2560])
def test_every_page_fits_its_width(tmp_path: Path, width: int) -> None:
    from playwright.sync_api import expect

    problems: dict[str, object] = {}
    with app_page(tmp_path, width, 1000) as (page, url):
        for path in PAGES:
            page.goto(f"{url}/{path}")
            expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=120_000)
            if width < NARROW_PX:  # measured once the collapsing sidebar has slid out (it narrows the page meanwhile)
                page.wait_for_function(SIDEBAR_GONE)
            drawn(page)
            cut, sideways = page.evaluate(CUT), page.evaluate(SIDEWAYS)
            if cut or sideways > 0:
                problems[path or "overview"] = {"cut": cut, "sideways": sideways}
            if path == "" and width == 800:  # What is loaded: every column in its box
                grid = _grid(page, "Side", "File")
                if grid["scroll"] > grid["client"] + 1:
                    problems["what is loaded"] = grid
            if path == "" and width >= 1400:  # Error by shape: every column in its box
                grid = _grid(page, "Shape", "Units")
                if grid["scroll"] > grid["client"] + 1:
                    problems["error by shape"] = grid
            if path == "sentences" and width == 2560:  # every category's bar a bar, not a sliver
                page.wait_for_selector(".st-key-units_by_shape_chart g.point path", state="attached")
                heights = page.evaluate(STACKS)
                if not heights or min(heights) < 12:
                    problems["bars"] = heights
    assert problems == {}
