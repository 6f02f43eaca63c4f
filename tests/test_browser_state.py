"""Shared links, keyboard navigation and the HTML report in a real browser (chromium, Playwright).

* A link copied from the address bar after choosing filters and a unit (with
  the keyboard: J = next unit) opens, in a new tab (a new session), the same
  filters and the same unit.
* The "HTML report" button of each page downloads one self-contained file
  whose headline scores are the page's (and the CLI's).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page, drawn, settled


def _press(page, key: str, before: str, after: str) -> None:
    """Press a shortcut key on the page (not in an input) until the heading ``after`` replaces
    ``before``; a key pressed while the app is busy may be lost on a loaded machine, so a
    press is repeated (at most three times) only while ``before`` is still shown."""
    for _ in range(3):
        settled(page, 60_000)
        page.get_by_role("heading", name="Sentences & tokens", level=1).click()  # focus the page
        page.keyboard.press(key)
        try:
            page.get_by_role("heading", name=after).wait_for(timeout=10_000)
            return
        except Exception:  # noqa: BLE001 - the key was lost: retry if nothing moved
            if not page.get_by_role("heading", name=before).is_visible():
                raise
    raise AssertionError(f"key {key!r} did not move from {before!r} to {after!r}")


@pytest.mark.browser
def test_a_shared_link_lands_on_the_same_unit(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    with app_page(tmp_path, 1500, 1300) as (page, url):
        page.goto(f"{url}/sentences?kind=merged")
        expect(page.get_by_role("heading", name="Unit #2:")).to_be_visible()
        settled(page, 60_000)
        _press(page, "j", "Unit #2:", "Unit #19:")  # next merged (n:1) unit
        _press(page, "j", "Unit #19:", "Unit #80:")
        _press(page, "k", "Unit #80:", "Unit #19:")  # previous
        settled(page, 60_000)
        page.wait_for_function("() => location.search.includes('unit=19')")
        shared = page.url
        assert "kind=merged" in shared and "unit=19" in shared

        other = page.context.browser.new_page(viewport={"width": 1500, "height": 1300})
        other.goto(shared)
        expect(other.get_by_role("heading", name="Unit #19: 2:1 sentences, ∪ merged")).to_be_visible()
        expect(other.get_by_text("Showing 3 of 107 units.")).to_be_visible()
        expect(other.get_by_text("Unit 2 of the 3 the filters show.", exact=False)).to_be_visible()
        other.close()

        # the Edits page keeps its unit the same way
        page.goto(f"{url}/edits?e_unit=4")
        expect(page.get_by_role("heading", name="Unit #4: 1:2 sentences (gold:system), ÷ split")).to_be_visible()


def _download_report(page, key: str, tmp_path: Path) -> str:
    button = page.locator(f".st-key-{key}").get_by_role("button", name="HTML report (self-contained)")
    button.scroll_into_view_if_needed()
    with page.expect_download() as info:
        button.click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return path.read_text("utf-8")


@pytest.mark.browser
def test_the_html_report_downloads_with_the_scores(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    with app_page(tmp_path, 1500, 1300) as (page, url):
        page.goto(url)
        expect(page.get_by_text("91.82%", exact=True)).to_be_visible()
        settled(page, 60_000)
        html = _download_report(page, "download_html", tmp_path)
        for figure in ("91.82", "90.99", "91.40", "98.58", "97.09", "97.83"):  # sentences and words P/R/F1
            assert f">{figure}</td>" in html
        assert "Definitions of the metrics" in html and "CC BY-SA 4.0" in html
        assert "<script" not in html

        page.goto(f"{url}/brackets")
        expect(page.get_by_text("84.62%", exact=True)).to_be_visible()
        settled(page, 60_000)
        html = _download_report(page, "bk_download_html", tmp_path)
        assert '<td>Bracketing Recall</td><td class="num">84.62</td>' in html

        page.goto(f"{url}/edits")
        expect(page.get_by_text("Showing 6 of 6 units", exact=False)).to_be_visible()
        settled(page, 60_000)
        html = _download_report(page, "e_dl_html", tmp_path)
        # errant's 0.8462 / 0.7857 / 0.8333 in percent, the report's one scale
        assert '<td class="num">84.62</td><td class="num">78.57</td><td class="num">83.33</td>' in html


@pytest.mark.browser
def test_the_readme_walkthrough(tmp_path: Path) -> None:
    """docs/app.md "Walkthrough: which sentences did the system merge, and what did that cost in
    tokens?" (the README's researcher tour quotes it).

    Set ``JP_INSPECTOR_SCREENSHOT_WALKTHROUGH=docs/screenshot-walkthrough.png``
    to also write its screenshot.
    """
    import os

    from playwright.sync_api import expect

    from tests.browser_support import ROOT

    expect.set_options(timeout=30_000)
    with app_page(tmp_path, 1500, 1250) as (page, url):
        page.goto(f"{url}/sentences?shape=n%3A1")
        expect(page.get_by_text("Showing 3 of 107 units.")).to_be_visible()
        expect(page.get_by_role("heading", name="Unit #2: 2:1 sentences, ∪ merged")).to_be_visible()
        expect(page.get_by_text("Sentences TP 0, FP 1, FN 2", exact=False).first).to_be_attached()
        settled(page, 60_000)
        drawn(page)
        page.screenshot(path=str(tmp_path / "walkthrough.png"))
        target = os.environ.get("JP_INSPECTOR_SCREENSHOT_WALKTHROUGH")
        if target:
            page.screenshot(path=str(ROOT / target))
        _press(page, "j", "Unit #2:", "Unit #19: 2:1 sentences, ∪ merged")
        expect(page.get_by_text("Words TP 85, FP 2, FN 8", exact=False).first).to_be_attached()
