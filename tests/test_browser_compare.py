"""System B in a real browser: chosen in the sidebar of the Edits page, the
significance line appears; the Compare page shows who wins each common unit,
and its filter keeps B's wins (issue 16).

Debian's chromium driven by Playwright (see :mod:`tests.browser_support`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import after_rerun, app_page, drawn

#: Milliseconds to wait for a rerun.
WAIT = 60_000


@pytest.mark.browser
def test_choosing_system_b_shows_the_significance_line_and_who_wins(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 2200) as (page, url):
        page.goto(f"{url}/edits")
        expect(page.get_by_role("heading", name="Edits", exact=True)).to_be_visible(timeout=WAIT)
        drawn(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        after_rerun(page, lambda: sidebar.get_by_text("Bundled B", exact=True).click())
        line = page.get_by_text("B − A = +0.0128, 95% interval [+0.0000, +0.0302], p = 0.3906")
        expect(line).to_be_visible(timeout=WAIT)
        expect(page.get_by_text("paired bootstrap, 1,000 resamples, seed 12345")).to_be_visible(timeout=WAIT)
        assert "m2_b=toy" in page.url

        after_rerun(page, lambda: page.get_by_role("link", name="Compare").click())
        expect(page.get_by_role("heading", name="Compare two systems")).to_be_visible(timeout=WAIT)
        drawn(page)
        page.get_by_role("radio", name="Edits").check()
        drawn(page)
        expect(page.get_by_text("B − A = +0.0128, 95% interval [+0.0000, +0.0302], p = 0.3906")).to_be_visible(
            timeout=WAIT)
        expect(page.get_by_text("6 common units: B wins 1, A wins 0, tie 5")).to_be_visible(timeout=WAIT)
        who = page.locator('[data-testid="stButtonGroup"]')
        after_rerun(page, lambda: who.get_by_text("B wins", exact=True).click())
        expect(page.get_by_text("Showing 1 of 6 common units.")).to_be_visible(timeout=WAIT)
        expect(page.get_by_text("winner B", exact=False)).to_be_visible(timeout=WAIT)
