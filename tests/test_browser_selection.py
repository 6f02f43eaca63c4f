"""Selection is one state (issue 15, item 4), with real clicks in chromium: a bar clicked on a
chart sets the filter widget it stands for and the URL; a bar of height 0 (P = R = F = 0)
takes the click too; the widget cleared by hand clears the filter, the URL and the chart's
selection, and the same bar clicked again selects it again.

EVALB's sample (``?trees=evalb-sample``): labels A, B, S, C; C scores 0 % precision, recall
and F1 (its three bars have height 0); bars in document order: precision of A, B, S, C
(0-3), recall (4-7), F1 (8-11).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser_support import after_rerun, app_page, drawn
from tests.plotly_clicks import WAIT, chart_points, click_point


def _params(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def _tags(page, key: str) -> list[str]:
    """The values a multiselect shows (each tag has a "Remove VALUE" button)."""
    return page.locator(f".st-key-{key} button[aria-label^='Remove ']").evaluate_all(
        "buttons => buttons.map(b => b.getAttribute('aria-label').slice('Remove '.length))")


def _tag_buttons(page, key: str):
    return page.locator(f".st-key-{key} button[aria-label^='Remove ']")


@pytest.mark.browser
def test_a_click_on_a_bar_of_height_0_sets_the_filter_widget_and_the_url(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1280, 900) as (page, url):
        page.goto(f"{url}/brackets?trees=evalb-sample")
        drawn(page)
        bars = chart_points(page)
        expect(bars).to_have_count(12, timeout=WAIT)
        showing_all = page.get_by_text("Showing 21 of 21 pairs.", exact=True)
        expect(showing_all).to_be_visible(timeout=WAIT)
        c_bar = bars.nth(3)  # C's precision: 0 %
        assert c_bar.bounding_box()["height"] < 5  # its outline only: nothing to click on

        after_rerun(page, lambda: click_point(page, c_bar, from_bottom=20))  # above the bar, in its column
        expect(_tag_buttons(page, "label")).to_have_count(1, timeout=WAIT)
        assert _tags(page, "label") == ["C"]
        expect(page.get_by_text("Chart selection: C (", exact=False)).to_be_visible()
        expect(showing_all).to_have_count(0)
        page.wait_for_function("() => new URLSearchParams(location.search).get('label') === 'C'")
        assert _params(page)["label"] == ["C"]
        shown = page.get_by_text("Showing ", exact=False).first.inner_text()

        # the widget cleared by hand: filter, URL and the chart's selection go
        after_rerun(page, lambda: page.locator(".st-key-label button[aria-label='Clear all']").click())
        expect(showing_all).to_be_visible(timeout=WAIT)
        assert _tags(page, "label") == []
        page.wait_for_function("() => !new URLSearchParams(location.search).has('label')")
        expect(page.get_by_text("Chart selection:", exact=False)).to_have_count(0)
        drawn(page)
        # the same bar again (the chart was redrawn without a selection): selected again
        bars = chart_points(page)
        expect(bars).to_have_count(12, timeout=WAIT)
        after_rerun(page, lambda: click_point(page, bars.nth(11), from_bottom=20))  # C's F1, also 0
        expect(_tag_buttons(page, "label")).to_have_count(1, timeout=WAIT)
        assert _tags(page, "label") == ["C"]
        assert page.get_by_text("Showing ", exact=False).first.inner_text() == shown
        page.wait_for_function("() => new URLSearchParams(location.search).get('label') === 'C'")

        # a link with the filter reopens it
        page.goto(f"{url}/brackets?trees=evalb-sample&label=C")
        drawn(page)
        expect(_tag_buttons(page, "label")).to_have_count(1, timeout=WAIT)
        assert page.get_by_text("Showing ", exact=False).first.inner_text() == shown


@pytest.mark.browser
def test_an_error_type_bar_sets_the_type_filter_and_the_url(tmp_path: Path) -> None:
    """The Edits chart (toy sample): bar 8 is R:VERB:SVA's precision; 11 edits, units 0, 2, 4, 5."""
    from playwright.sync_api import expect

    with app_page(tmp_path, 1280, 900) as (page, url):
        page.goto(f"{url}/edits")
        drawn(page)
        bars = chart_points(page)
        expect(bars).to_have_count(36, timeout=WAIT)
        after_rerun(page, lambda: click_point(page, bars.nth(8)))
        expect(page.get_by_text("Showing 4 of 6 units and 11 edits.", exact=True)).to_be_visible(timeout=WAIT)
        assert _tags(page, "e_type") == ["R:VERB:SVA"]
        page.wait_for_function("() => new URLSearchParams(location.search).get('e_type') === 'R:VERB:SVA'")
        expect(page.get_by_role("heading", name="Unit #0:", exact=False)).to_be_visible()


@pytest.mark.browser
def test_a_click_on_regrouped_sets_the_kind_filter_and_the_detail_follows(tmp_path: Path) -> None:
    """Sentences & tokens (EWT excerpt): the kind chart's bars are the correct units of exact,
    split, merged and regrouped (0-3: the last three have none), then those with an error
    (4-7); the shape chart's: 1:1, 1:n, n:1, m:n (0-3), then (4-7).  "regrouped" is the m:n
    shape's word, so its filter and the m:n shape's show the same unit."""
    from playwright.sync_api import expect

    with app_page(tmp_path, 1280, 900) as (page, url):
        page.goto(f"{url}/sentences")
        drawn(page)
        kinds, shapes = chart_points(page, 0), chart_points(page, 1)
        expect(kinds).to_have_count(8, timeout=WAIT)
        expect(shapes).to_have_count(8, timeout=WAIT)
        # regrouped's one unit with an error; on the log scale a bar's path runs far below the
        # axis (clipped there), so the click goes just under the bar's top
        regrouped = kinds.nth(7)
        height = regrouped.bounding_box()["height"]
        after_rerun(page, lambda: click_point(page, regrouped, from_bottom=height - 6))
        expect(page.get_by_text("Showing 1 of 107 units.", exact=True)).to_be_visible(timeout=WAIT)
        assert _tags(page, "kind") == ["regrouped"]
        page.wait_for_function("() => new URLSearchParams(location.search).get('kind') === 'regrouped'")
        m_n = shapes.nth(7)  # m:n's unit with an error, clicked under its top as above
        height = m_n.bounding_box()["height"]
        after_rerun(page, lambda: click_point(page, m_n, from_bottom=height - 6))
        expect(page.get_by_text("Showing 1 of 107 units.", exact=True)).to_be_visible(timeout=WAIT)
        assert _tags(page, "shape") == ["m:n"]
        page.wait_for_function("() => new URLSearchParams(location.search).get('shape') === 'm:n'")
        expect(page.get_by_role("heading", name="Unit #46: 2:2 sentences", exact=False)).to_be_visible()
