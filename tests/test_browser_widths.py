"""Any width (issue 15, item 1): at 800 px (sidebar open) and at 1400 px no metric, button,
widget label or select on any page is cut ("Tabl…", "O.", "9…"), and the page itself never
scrolls sideways (wide tables scroll inside their own box).

Cut means: an element of one of those, or a descendant, whose content is wider than its
box while its overflow is not visible (how Streamlit ellipsises).  Rows of metrics,
filters and buttons are :func:`inspector.common.widgets.flow` rows, which wrap instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page, drawn, settled

PAGES = ["", "sentences", "brackets", "edits", "deps", "teaching", "analysis", "about"]

CUT = """() => {
  const found = [];
  const roots = document.querySelectorAll('[data-testid="stMain"] [data-testid="stMetric"],'
      + ' [data-testid="stMain"] button, [data-testid="stMain"] [data-testid="stWidgetLabel"],'
      + ' [data-testid="stMain"] [data-baseweb="select"]');
  for (const root of roots) for (const el of [root, ...root.querySelectorAll('*')]) {
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') {
      found.push(`${root.getAttribute('data-testid') || root.tagName}: ${root.innerText.replace(/\\s+/g, ' ').slice(0, 40)}`);
      break;
    }
  }
  return found;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [800, 1400])
def test_nothing_is_cut_and_the_page_never_scrolls_sideways(tmp_path: Path, width: int) -> None:
    from playwright.sync_api import expect

    problems = {}
    with app_page(tmp_path, width, 1000) as (page, url):
        for path in PAGES:
            page.goto(f"{url}/{path}")
            expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=120_000)
            settled(page)
            drawn(page)
            cut = page.evaluate(CUT)
            scroll = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if cut or scroll > 0:
                problems[path or "overview"] = {"cut": cut, "sideways scroll (px)": scroll}
    assert problems == {}
