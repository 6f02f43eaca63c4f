"""The Brackets page's trees in chromium at 1,400 px: an 11-word pair without scrolling.

Pair #3 of jp-trees (11 words, 1 crossing; EVALB's ID 4) used to need horizontal scrolling
at 1,400 px; drawn gold over system and fitted to the box it now fits, with
the two trees one above the other and every text inside its box as the
browser draws it.  Zoomed to 200 %, the box scrolls inside itself and the
page still does not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page

SCROLLS = "e => [e.scrollWidth, e.clientWidth]"
PAGE_SCROLLS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
TEXT_IN_BOXES = """e => [...e.querySelectorAll('g.jp-node')].filter(node => {
  const r = node.querySelector('rect').getBBox(), t = node.querySelector('text').getBBox();
  return t.x < r.x - 0.5 || t.x + t.width > r.x + r.width + 0.5;
}).length"""


@pytest.mark.browser
def test_an_eleven_word_pair_fits_at_1400_px(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1400, 1000) as (page, url):
        page.goto(f"{url}/brackets?pair=3")
        expect(page.get_by_role("heading", name="Pair #3: 1:1 trees, ✓ exact")).to_be_visible()
        trees = page.locator(".jp-trees")
        expect(trees).to_have_attribute("data-arrangement", "stacked")
        expect(trees.locator("svg")).to_have_count(2)
        expect(page.get_by_text("1 crossing (EVALB's count", exact=False)).to_be_visible()
        scroll_width, client_width = trees.evaluate(SCROLLS)
        assert scroll_width <= client_width
        gold, system = (trees.locator("svg").nth(i).bounding_box() for i in range(2))
        assert gold["y"] + gold["height"] <= system["y"]  # gold over system
        assert abs(gold["x"] - system["x"]) < 1 and abs(gold["width"] - system["width"]) < 1
        assert trees.evaluate(TEXT_IN_BOXES) == 0

        page.get_by_role("radio", name="200%").click()
        expect(trees).to_have_attribute("data-zoom", "2")
        scroll_width, client_width = trees.evaluate(SCROLLS)
        assert scroll_width > client_width  # the box scrolls inside itself...
        page_width, viewport = page.evaluate(PAGE_SCROLLS)
        assert page_width <= viewport  # ...the page does not
