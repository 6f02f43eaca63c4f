"""The Dependencies page in a real browser: Debian's chromium driven by Playwright.

Opens the app, checks the menu's order (the evaluations' pages, then
Teaching, About, Analysis, Compare), goes to Dependencies through the sidebar
navigation (the page loads its bundled parsed EWT pair by itself), reads the
metrics table from the data grid's accessible table (LAS: 624 of 852,
73.24% as ``python -m jpcore ud`` prints it), opens unit 3 by its link and
finds the wrong attachment of its comma marked ✗ on the system side with
the gold head in its title, then steps to the next unit.  The test waits
for Streamlit's script runs and for what the page shows, never for a fixed
time.  Skipped only when no chromium binary exists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page, after_rerun, drawn
from tests.browser_support import grid_row as _row

MENU = ["Overview", "Sentences & tokens", "Brackets", "Edits", "Dependencies", "Teaching", "About", "Analysis",
        "Compare", "Ranking", "Agreement"]
#: The metrics table's LAS row as the grid shows it: counts, then P / R / F1 / aligned accuracy (%).
LAS_ROW = ["LAS", "624", "852", "852", "852", "73.24", "73.24", "73.24", "73.24"]


@pytest.mark.browser
def test_dependencies_page_in_chromium(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    with app_page(tmp_path, 1500, 1400) as (page, url):
        page.goto(url)
        expect(page.get_by_role("heading", name="Overview")).to_be_visible()
        nav = page.locator('[data-testid="stSidebarNav"]')
        assert [text.split("\n")[-1].strip() for text in nav.get_by_role("link").all_inner_texts()] == MENU

        nav.get_by_role("link", name="Dependencies", exact=True).click()
        expect(page.get_by_role("heading", name="Dependencies", exact=True, level=1)).to_be_visible()
        drawn(page)
        metrics = page.locator('[data-testid="stMetric"]')
        expect(metrics.filter(has_text="LAS F1").first).to_contain_text("73.24%")
        grid = page.locator('[data-testid="stDataFrame"]').first  # the metrics table comes first
        expect(grid).to_be_visible()
        page.wait_for_function(
            """grid => grid.querySelectorAll("table tbody tr").length === 13""", arg=grid.element_handle())
        assert _row(grid, "LAS") == LAS_ROW
        assert _row(grid, "Words")[:4] == ["Words", "852", "852", "852"]

        # a link to unit 3: its comma hangs from 'by' in the system, from 'And' in gold
        page.goto(f"{url}/deps?deps=ewt-parsed&d_unit=3")
        expect(page.get_by_role("heading", name="Unit #3: 1:1 sentences, ✓ exact")).to_be_visible()
        drawn(page)
        unit = page.locator(".dp-unit")
        wrong = unit.locator('.dp-bad[title="head wrong; gold: → And 2"]')
        expect(wrong).to_have_count(1)
        expect(wrong).to_have_text("✗ → by 4")
        assert wrong.evaluate("e => getComputedStyle(e).textDecorationLine") == "underline"
        # the unit's wrong heads, UPOS and DEPRELs are marked, nothing else (the legend has one more)
        assert unit.locator(".dp-bad").count() == 15

        after_rerun(page, lambda: page.get_by_role("button", name="Next unit").click())
        expect(page.get_by_role("heading", name="Unit #4: 1:1 sentences, ✓ exact")).to_be_visible()
        assert "d_unit=4" in page.url
        page.screenshot(path=str(tmp_path / "deps.png"), full_page=True)
