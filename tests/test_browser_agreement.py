"""The Agreement page and the gold self-check in a real browser (issue 28, items 3 and 4).

Debian's chromium driven by Playwright (see :mod:`tests.browser_support`): the
Dependencies page opened on the bundled gold against its parse from raw text
shows, once the self-check that runs after the page is done, the caption
"Gold self-check: 100%" (in the sidebar, or where the waiting fragment said it runs); the
Agreement page, reached through the menu, shows the command's figures: 813
comparable words and, in the per-column table's accessible grid, HEAD's kappa
0.8136 (``jpcore ud A B --agreement`` prints the same); a row of the word
groups cut differently, ticked, opens its unit (#4) on the Dependencies page.  The test waits for
Streamlit's script runs and for what the page shows, never for a fixed time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import after_rerun, app_page, drawn
from tests.browser_support import grid_row as _row

#: Milliseconds to wait for a rerun.
WAIT = 120_000


@pytest.mark.browser
def test_the_agreement_page_shows_the_kappa_and_the_gold_check_its_caption(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT)
    with app_page(tmp_path, 1500, 1600) as (page, url):
        page.goto(f"{url}/deps?deps=ewt-raw-text")
        expect(page.get_by_role("heading", name="Dependencies", exact=True, level=1)).to_be_visible()
        drawn(page)
        # in the sidebar when the check was done within the run, else where its fragment waited
        expect(page.get_by_text("Gold self-check: 100% (preprocess, ud)", exact=False).first).to_be_visible()

        nav = page.locator('[data-testid="stSidebarNav"]')
        after_rerun(page, lambda: nav.get_by_role("link", name="Agreement", exact=True).click())
        expect(page.get_by_role("heading", name="Agreement of two annotators")).to_be_visible()
        drawn(page)
        # the page opens on the evaluation whose files are loaded; the radio is bound to the URL
        expect(page.get_by_role("radio", name="Dependencies")).to_be_checked()
        after_rerun(page, lambda: page.get_by_role("radio", name="Brackets").check(force=True))
        assert "ag_eval=Brackets" in page.url  # a bound radio names its option as shown
        after_rerun(page, lambda: page.get_by_role("radio", name="Dependencies").check(force=True))
        drawn(page)
        assert "ag_eval" not in page.url  # the default (the loaded evaluation) is not written
        expect(page.locator('[data-testid="stMetric"]').first).to_contain_text("813")
        expect(page.get_by_text("Comparable words: 813 of 852 in A (95.42%), of 837 in B (97.13%).")).to_be_visible()
        grid = page.locator('[data-testid="stDataFrame"]').first  # the per-column table comes first
        page.wait_for_function("""grid => grid.querySelectorAll("table tbody tr").length === 5""",
                               arg=grid.element_handle())
        assert _row(grid, "HEAD") == ["HEAD", "813", "681", "83.76", _row(grid, "HEAD")[4], "0.8136"]
        assert _row(grid, "UPOS")[-1] == "0.6393"

        # a word group the annotators cut differently opens its unit on the Dependencies page
        excluded = page.locator(".st-key-ag_excluded [data-testid='stDataFrame']")
        excluded.scroll_into_view_if_needed()
        drawn(page)
        box = excluded.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + 15, box["y"] + 35 + 17)  # row 1 (unit 4: "Google 's" / "Google's")
        button = page.get_by_role("button", name="Open unit #4 on Dependencies")
        expect(button).to_be_visible()
        button.click()
        expect(page.get_by_role("heading", name="Dependencies", exact=True, level=1)).to_be_visible()
        page.wait_for_function("() => new URLSearchParams(location.search).get('d_unit') === '4'")
        expect(page.get_by_role("heading", name="Unit #4", exact=False)).to_be_visible()
