"""System B in a real browser: chosen in the sidebar of the Edits page, the
significance line appears; the Compare page shows who wins each common unit,
and its filter keeps B's wins; browser Back and Forward to an address naming
another B (or none) show that B's line (issue 16).

Debian's chromium driven by Playwright (see :mod:`tests.browser_support`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import after_rerun, app_page, drawn, runs_of

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
        line = page.get_by_text("B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39")
        expect(line).to_be_visible(timeout=WAIT)
        expect(page.get_by_text("paired bootstrap, 1,000 resamples, seed 12345")).to_be_visible(timeout=WAIT)
        assert "m2_b=toy" in page.url
        assert runs_of(page).page_name == "Edits"  # the page each run drew, as the server names it

        after_rerun(page, lambda: page.get_by_role("link", name="Compare").click())
        assert runs_of(page).page_name == "Compare"
        expect(page.get_by_role("heading", name="Compare two systems")).to_be_visible(timeout=WAIT)
        drawn(page)
        page.get_by_role("radio", name="Edits").check()
        drawn(page)
        expect(page.get_by_text("B − A = +1.28 points, 95 % interval [+0.00, +3.02] points, p = 0.39")).to_be_visible(
            timeout=WAIT)
        expect(page.get_by_text("6 common units: B wins 1, A wins 0, tie 5")).to_be_visible(timeout=WAIT)
        who = page.locator('[data-testid="stButtonGroup"]')
        after_rerun(page, lambda: who.get_by_text("B wins", exact=True).click())
        expect(page.get_by_text("Showing 1 of 6 common units.")).to_be_visible(timeout=WAIT)
        expect(page.get_by_text("winner B", exact=False)).to_be_visible(timeout=WAIT)


#: The significance line's figures with each bundled system B of the EWT excerpt (words).
WORDPUNCT = "B − A = −2.42 points, 95 % interval [−3.89, −0.91] points, p = 0.002"
TREEBANK = "B − A = −0.08 points, 95 % interval [−0.26, +0.00] points"


def _history_step(page, step, wanted: str | None) -> None:
    """Browser Back or Forward (``step``): wait for the run it starts to be drawn, and for the
    address to name ``wanted`` (``None``: no system B)."""
    after_rerun(page, step)
    if wanted is None:
        page.wait_for_function("() => !location.search.includes('sample_b=')", timeout=WAIT)
    else:
        page.wait_for_function("w => location.search.includes(w)", arg=wanted, timeout=WAIT)


@pytest.mark.browser
def test_back_and_forward_to_another_system_b_follow_the_address(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 1600) as (page, url):
        page.goto(f"{url}/?sample=ewt-words")
        expect(page.get_by_role("heading", name="Overview", exact=True)).to_be_visible(timeout=WAIT)
        drawn(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        after_rerun(page, lambda: sidebar.get_by_text("Bundled B", exact=True).click())  # the first: Treebank
        expect(page.get_by_text(TREEBANK)).to_be_visible(timeout=WAIT)
        page.wait_for_function("() => location.search.includes('sample_b=punkt-treebank')", timeout=WAIT)
        sidebar.get_by_role("combobox", name="Bundled system B").click()
        after_rerun(page, lambda: page.get_by_role("option", name="Punkt + WordPunct, run here on the raw text",
                                                   exact=True).click())
        expect(page.get_by_text(WORDPUNCT)).to_be_visible(timeout=WAIT)
        page.wait_for_function("() => location.search.includes('sample_b=punkt-wordpunct')", timeout=WAIT)

        _history_step(page, page.go_back, "sample_b=punkt-treebank")  # the earlier B's line
        expect(page.get_by_text(TREEBANK)).to_be_visible(timeout=WAIT)
        expect(page.get_by_text(WORDPUNCT)).to_have_count(0)
        expect(sidebar.get_by_text("nltk's Punkt + Treebank on", exact=False)).to_be_visible(timeout=WAIT)

        _history_step(page, page.go_back, None)  # the address from before B was chosen: no B
        expect(page.get_by_text("common units; A = ", exact=False)).to_have_count(0)
        assert "sample=ewt-words" in page.url

        _history_step(page, page.go_forward, "sample_b=punkt-treebank")
        expect(page.get_by_text(TREEBANK)).to_be_visible(timeout=WAIT)
        _history_step(page, page.go_forward, "sample_b=punkt-wordpunct")
        expect(page.get_by_text(WORDPUNCT)).to_be_visible(timeout=WAIT)
        expect(page.get_by_text(TREEBANK)).to_have_count(0)
