"""Issue 25 item 1 in chromium: the Teaching page's explained units fit at 800, 1400 and 2560 px.

An instructor's paragraph ("Dr.", "U.S.", quotes, "don't", "...", "3.14", "5 p.m.
Then", "$4.50", "Mr.") is pasted with its gold and cut by Punkt + WordPunct, which
makes word groups such as "U . S .", "3 . 14" and "don ' t".  At each width: the
page does not scroll sideways, no unit card is wider than its box, every word
group is one box on one line with each of its tokens boxed, and the explanation
is beside the unit only where its column has room for ~40 characters (else under it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import after_rerun, app_page, drawn
from tests.test_app_teaching_own_text import GOLD, RAW

#: What the page shows of each drawn unit and word group (read once drawn).
MEASURE = """() => {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]').getBoundingClientRect();
  const cards = [...document.querySelectorAll('.jp-explained .jp-tu')].filter(c => c.offsetParent !== null);
  const groups = [...document.querySelectorAll('.jp-explained .jp-tg')].filter(g => g.offsetParent !== null);
  return {
    scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    cards: cards.map(c => {
      const box = c.getBoundingClientRect();
      const unit = c.querySelector('.jp-tu-grid > div').getBoundingClientRect();
      const why = c.querySelector('.jp-why-cell');
      const w = why ? why.getBoundingClientRect() : null;
      return {overflow: c.scrollWidth - c.clientWidth, right: box.right - main.right,
              beside: w ? w.top < unit.bottom - 1 : null, whyWidth: w ? w.width : null,
              whyFont: why ? parseFloat(getComputedStyle(why).fontSize) : null};
    }),
    groups: groups.map(g => {
      const tokens = [...g.querySelectorAll('.jp-tt')];
      const tops = tokens.map(t => Math.round(t.getBoundingClientRect().top));
      return {tokens: tokens.map(t => t.innerText),
              boxed: tokens.every(t => getComputedStyle(t).borderTopStyle === 'solid'),
              lines: new Set(tops).size};
    }),
  };
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [800, 1400, 2560])
def test_explained_units_fit_at_every_width(tmp_path: Path, width: int) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, width, 1100) as (page, url):
        page.goto(f"{url}/teaching")
        expect(page.get_by_role("heading", name="Teaching: run a tokenizer, see every count")).to_be_visible()
        drawn(page)
        after_rerun(page, lambda: page.get_by_text("Paste", exact=True).click())
        page.get_by_role("textbox", name="Raw text").fill(RAW)
        page.get_by_role("textbox", name="Gold segmentation").fill(GOLD)
        after_rerun(page, lambda: page.get_by_role("textbox", name="Gold segmentation").press("Control+Enter"))
        page.get_by_role("combobox", name="Tokenizer", exact=True).click()
        after_rerun(page, lambda: page.get_by_role("option", name="WordPunct", exact=True).click())
        expect(page.locator(".jp-explained .jp-tu").first).to_be_visible()
        drawn(page)
        seen = page.evaluate(MEASURE)

        assert seen["scroll"] <= 0, seen["scroll"]
        assert len(seen["cards"]) == 4  # every unit of the paragraph has a token error
        for card in seen["cards"]:
            assert card["overflow"] <= 0 and card["right"] <= 1, card
            # beside the unit only with room for ~40 characters of its text, else under it
            assert card["beside"] == (width >= 1400), card
            assert card["whyWidth"] >= 40 * card["whyFont"] * 0.45, card
        tokens = [group["tokens"] for group in seen["groups"]]
        for expected in (["U", ".", "S", "."], ["3", ".", "14"], ["don", "'", "t"], ["Dr", "."], ["Mr", "."],
                         ["4", ".", "50"], ["p", ".", "m", "."]):
            assert expected in tokens, (expected, tokens)
        assert all(group["boxed"] for group in seen["groups"])
        assert [group for group in seen["groups"] if group["lines"] != 1] == []
