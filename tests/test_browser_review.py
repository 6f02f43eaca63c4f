"""A verdict set with the keyboard, kept across a reload and a new browser context (chromium, Playwright).

The app is served with ``$JP_REVIEW_DB`` in a temporary folder (never the
user's data directory).  On the Sentences & tokens page the reviewer gives
a name once, presses J (the next unit) and 2 (``system error``) without the
mouse; the Verdict control and the count show it; after a reload, and in a
new browser context (no cookie, no session) opened on the same link, the
same unit shows the same verdict; and the store holds it, keyed by the two
files' SHA-256.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jpcore.review import file_sha256, open_store
from inspector.tokens.loader import SPEC
from tests.browser_support import app_page, settled

ACTIVE = '[role="radio"][aria-checked="true"]'  # the chosen value of the Verdict control (a radio group)


def _focus_page(page) -> None:
    page.get_by_role("heading", name="Sentences & tokens", level=1).click()


def _press_until(page, key: str, check) -> None:
    """Press ``key`` on the page (not in an input) until ``check()`` holds; a key pressed while
    the app is busy may be lost on a loaded machine, so it is pressed at most three times."""
    for _ in range(3):
        settled(page, 60_000)
        _focus_page(page)
        page.keyboard.press(key)
        try:
            check()
            return
        except AssertionError:  # the key was lost: press it again
            continue
    check()


@pytest.mark.browser
def test_a_verdict_set_with_the_keyboard_survives_a_reload_and_a_new_context(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from playwright.sync_api import expect

    database = tmp_path / "reviews.sqlite3"
    monkeypatch.setenv("JP_REVIEW_DB", str(database))  # the served app inherits it
    expect.set_options(timeout=30_000)
    with app_page(tmp_path, 1500, 1300) as (page, url):
        page.goto(f"{url}/sentences?kind=merged")  # the n:1 units: 2, 19, 80
        expect(page.get_by_role("heading", name="Unit #2:")).to_be_visible()
        expect(page.get_by_text("0 of 19 mismatched units reviewed")).to_be_visible()
        name = page.get_by_label("Your name (recorded with each verdict; asked once per session)")
        name.fill("Ana")
        name.press("Enter")
        expect(page.get_by_text("Reviewing as")).to_be_visible()
        settled(page, 60_000)

        def moved() -> None:
            expect(page.get_by_role("heading", name="Unit #19:")).to_be_visible(timeout=10_000)

        _press_until(page, "j", moved)
        verdict = page.get_by_role("radiogroup", name="Verdict")

        def set_two() -> None:
            expect(verdict.locator(ACTIVE)).to_have_text("system error", timeout=10_000)

        _press_until(page, "2", set_two)
        expect(page.get_by_text("1 of 19 mismatched units reviewed")).to_be_visible()
        page.wait_for_function("() => location.search.includes('unit=19')")
        link = page.url

        page.reload()
        expect(page.get_by_role("heading", name="Unit #19:")).to_be_visible()
        expect(page.get_by_role("radiogroup", name="Verdict").locator(ACTIVE)).to_have_text("system error")
        expect(page.get_by_text("1 of 19 mismatched units reviewed")).to_be_visible()

        other = page.context.browser.new_context(viewport={"width": 1500, "height": 1300})
        try:
            fresh = other.new_page()
            fresh.goto(link)
            expect(fresh.get_by_role("heading", name="Unit #19:")).to_be_visible()
            expect(fresh.get_by_role("radiogroup", name="Verdict").locator(ACTIVE)).to_have_text("system error")
            expect(fresh.get_by_text("1 of 19 mismatched units reviewed")).to_be_visible()
        finally:
            other.close()

    gold, system, _ = SPEC.sample("ewt-words").read_files()
    with open_store(str(database)) as store:
        (review,) = store.verdicts("preprocess", file_sha256(gold.data), file_sha256(system.data)).values()
    assert (review.verdict, review.reviewer) == ("system error", "Ana")
