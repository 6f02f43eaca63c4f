"""Issue 25, items 7 and 8 in chromium: what a reader sees.

* a system that cut one gold sentence in two is labelled ``split`` (never ``merged``) in
  the rendered units of Sentences & tokens (EWT excerpt, ``?kind=split``: units 10 and 38);
* the French sample read at the words level draws gold's surface token ``au`` over its
  words ``à le``: the form's box lies above the words and spans them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser_support import app_page, drawn


@pytest.mark.browser
def test_split_label_and_the_surface_token_over_its_words(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1400, 1200) as (page, url):
        page.goto(f"{url}/sentences?kind=split")
        expect(page.get_by_role("heading", name="Unit #10: 1:2 sentences, ÷ split")).to_be_visible()
        drawn(page)
        rows = page.locator("table.jp-units tbody tr")
        split_rows = rows.filter(has_text="÷ sentences split")
        expect(split_rows.first).to_be_visible()
        # the rendered list shows the two split units, each badge reading "split", none "merged"
        listed = page.locator("table.jp-units").last.locator("tbody tr")
        expect(listed).to_have_count(2)
        for row in (listed.nth(0), listed.nth(1)):
            text = row.inner_text()
            assert "÷ sentences split" in text and "1:2 sentences" in text and "merged" not in text
            assert "~~~" in text  # the system's two sentences joined
        assert listed.nth(0).locator(".jp-badge").inner_text() == "÷ sentences split"

        # the French sample at the words level: au over à le
        page.goto(f"{url}/sentences?sample=fr")
        expect(page.get_by_role("heading", name="Sentences & tokens")).to_be_visible()
        drawn(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        sidebar.get_by_text("Options", exact=True).click()
        sidebar.locator('[data-testid="stRadio"]').filter(has_text="Token level").get_by_text(
            "words", exact=True).click()
        drawn(page)
        token = page.locator("table.jp-units .jp-mwt").filter(
            has=page.locator(".jp-mwt-form", has_text=re.compile(r"^au$"))).filter(
            has=page.locator(".jp-mwt-words", has_text=re.compile(r"^à le$"))).first
        token.scroll_into_view_if_needed()
        expect(token).to_be_visible()
        form = token.locator(".jp-mwt-form").bounding_box()
        words = token.locator(".jp-mwt-words").bounding_box()
        assert form is not None and words is not None
        assert form["y"] + form["height"] <= words["y"] + 1  # drawn over its words
        assert form["x"] <= words["x"] + 1 and form["x"] + form["width"] >= words["x"] + words["width"] - 1
        assert token.locator(".jp-mwt-form").inner_text() == "au"
        assert token.locator(".jp-mwt-words").inner_text() == "à le"
        expect(page.locator("table.jp-units").last.get_by_text("Words ✗", exact=False).first).to_be_visible()
