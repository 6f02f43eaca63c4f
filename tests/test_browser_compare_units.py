"""The Compare page's unit view in a real browser (issue 23, item 4): a common unit shows each
system's own units drawn as the evaluation's page draws them -- for Edits both systems' edits
highlighted, for Tokens & sentences both systems' word groups -- with both systems' scores
there, and the warning under 30 common units.

Debian's chromium driven by Playwright (see :mod:`tests.browser_support`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import after_rerun, app_page, drawn

#: Milliseconds to wait for a rerun.
WAIT = 60_000


def _open_compare(page, url: str, start: str, evaluation: str) -> None:
    """Load A and B at ``start`` (their address), go to Compare by its menu link, choose ``evaluation``,
    and keep the units where B wins (the first one opens)."""
    from playwright.sync_api import expect

    page.goto(f"{url}/{start}")
    drawn(page)
    expect(page.get_by_text("common units; A = ", exact=False)).to_be_visible(timeout=WAIT)
    after_rerun(page, lambda: page.get_by_role("link", name="Compare").click())
    expect(page.get_by_role("heading", name="Compare two systems")).to_be_visible(timeout=WAIT)
    drawn(page)
    page.get_by_role("radio", name=evaluation).check()
    drawn(page)
    who = page.locator('[data-testid="stButtonGroup"]')
    after_rerun(page, lambda: who.get_by_text("B wins", exact=True).click())
    drawn(page)


@pytest.mark.browser
def test_a_common_unit_shows_both_systems_edits(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 2600) as (page, url):
        _open_compare(page, url, "edits?m2_b=toy", "Edits")
        expect(page.get_by_text("6 common units: the interval is unreliable.")).to_be_visible(timeout=WAIT)
        # the one unit B wins: toy-en's unit 2, A 4/0/2 (F0.5 90.91) against B 4/0/1 (F0.5 95.24)
        expect(page.get_by_text("winner B (A 90.91%, B 95.24%)", exact=False)).to_be_visible(timeout=WAIT)
        tables = page.locator("table.gec-units")
        expect(tables).to_have_count(2, timeout=WAIT)  # system A's unit, then system B's two
        assert tables.nth(0).locator("td.jp-num").count() == 1
        assert tables.nth(1).locator("td.jp-num").count() == 2
        for number in range(2):
            expect(tables.nth(number).locator(".gec-edit").first).to_be_visible(timeout=WAIT)
        # B's two units hold gold's two sentences; A's one unit merges them (~~~ between them)
        expect(tables.nth(0).locator(".jp-sep").first).to_be_attached(timeout=WAIT)


@pytest.mark.browser
def test_a_common_unit_shows_both_systems_word_groups(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1500, 2600) as (page, url):
        _open_compare(page, url, "?sample=ewt-words&sample_b=punkt-wordpunct", "Tokens & sentences")
        expect(page.get_by_text("common units: the interval is unreliable", exact=False)).to_have_count(0)
        # the first unit B wins: unit 1, "search - engine" against nltk's "search-engine"
        expect(page.get_by_text("winner B (A 80.95%, B 91.67%)", exact=False)).to_be_visible(timeout=WAIT)
        tables = page.locator("table.jp-units")
        expect(tables).to_have_count(2, timeout=WAIT)
        a_side = tables.nth(0).locator("td.jp-side").nth(1)  # system A's side of its unit
        expect(a_side.locator(".jp-wg").filter(has_text="search-engine")).to_be_visible(timeout=WAIT)
        b_side = tables.nth(1).locator("td.jp-side").nth(1)
        expect(b_side).to_contain_text("search - engine")
        expect(page.locator(".jp-ia-key")).to_have_count(2)  # each system's word groups aligned under gold
