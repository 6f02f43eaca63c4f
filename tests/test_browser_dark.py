"""The dark theme keeps every mark readable (issue 15, item 8).

In Debian's chromium, with the app served with ``--theme.base dark``: the
Brackets legend's chips (✓ − + ✗ ?), the trees' labels and the kind badges of
the Sentences page are drawn in a colour whose contrast with the page's
background is at least 4.5:1 (WCAG AA for text).  Before the fix the
legend's symbols were SVG text with the default black fill: 1.11:1 on the
dark background.  The same check runs in the light theme.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import app_page, drawn

#: Each element's text colour (SVG: its fill) and the app's background, as [r, g, b] lists.
COLOURS = """selector => {
    const rgb = value => (value.match(/[0-9.]+/g) || []).slice(0, 3).map(Number);
    const background = rgb(getComputedStyle(document.querySelector('[data-testid="stApp"]')).backgroundColor);
    return [background, [...document.querySelectorAll(selector)].map(node => {
        const style = getComputedStyle(node);
        return [node.textContent, rgb(node instanceof SVGElement ? style.fill : style.color)];
    })];
}"""


def _luminance(rgb: list[float]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    """WCAG contrast ratio of two colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_is_computed_as_wcag_says() -> None:
    assert round(contrast([0, 0, 0], [255, 255, 255]), 2) == 21.0
    assert round(contrast([0, 0, 0], [14, 17, 23]), 2) == 1.11  # black on Streamlit's dark background


def _lowest(page, selector: str) -> tuple[float, str, int]:
    background, marks = page.evaluate(COLOURS, selector)
    assert marks, f"nothing matches {selector}"
    worst = min(marks, key=lambda mark: contrast(mark[1], background))
    return round(contrast(worst[1], background), 2), worst[0], len(marks)


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["dark", "light"])
def test_marks_are_readable_in_the_theme(tmp_path: Path, theme: str) -> None:
    from playwright.sync_api import expect

    with app_page(tmp_path, 1400, 1200, options=("--theme.base", theme)) as (page, url):
        page.goto(f"{url}/brackets?pair=4")
        expect(page.locator(".jp-legend svg text").first).to_be_attached(timeout=120_000)
        expect(page.locator(".jp-trees svg text").first).to_be_attached(timeout=120_000)
        drawn(page)
        ratio, text, count = _lowest(page, ".jp-legend svg text")
        assert count == 6 and ratio >= 4.5  # the five statuses and "tag wrong", f"{theme}: legend chip {text!r} at {ratio}:1"
        ratio, text, _ = _lowest(page, ".jp-trees svg text:not(.jp-sep-t)")
        assert ratio >= 4.5, f"{theme}: tree label {text!r} at {ratio}:1"
        page.screenshot(path=str(tmp_path / f"brackets-{theme}.png"))

        page.goto(f"{url}/sentences")
        expect(page.locator(".jp-badge").first).to_be_attached(timeout=120_000)
        drawn(page)
        ratio, text, _ = _lowest(page, ".jp-badge")
        assert ratio >= 4.5, f"{theme}: badge {text!r} at {ratio}:1"
