"""Clicking a plotly chart in chromium as a person does, and reading a table back.

Two ways a test's click never reaches plotly (measured on the Brackets chart):

* ``locator.click()`` on a bar: plotly's drag layer (``rect.nsewdrag``) lies
  over the bars and takes every pointer event -- that is how plotly works, it
  finds the bar under the pointer itself -- so Playwright waits forever for
  the bar to receive the click ("... intercepts pointer events");
* ``page.mouse.click(x, y)`` at a bar's bounding box taken while the bar is
  below the fold: mouse coordinates are viewport coordinates, and at
  1280x720 the Brackets chart starts below the fold, so the click lands
  outside the page.

And one that was the app's: with plotly's default ``hovermode="closest"`` only
the bar itself takes a click, so a label or category scoring 0 (a bar of
height 0) could not be selected at all; the Brackets and Edits charts now use
``hovermode="x"`` (a click anywhere in a category's column selects it).

So :func:`click_point` scrolls the element into view, measures it again,
moves the pointer over it (plotly selects the point it is hovering) and only
then clicks there, with the mouse.
"""

from __future__ import annotations

import time
from typing import Any

#: Milliseconds to wait for a rerun or a chart (plotly loads lazily).
WAIT = 60_000


def chart_points(page: Any, index: int = 0, selector: str = "g.point path") -> Any:
    """The bars (``g.point path``) or markers (``path.point``) of the ``index``-th plotly chart."""
    return page.locator('[data-testid="stPlotlyChart"]').nth(index).locator(selector)


def click_point(page: Any, point: Any, *, shift: bool = False, from_bottom: float | None = 8) -> None:
    """Click a bar or marker of a plotly chart (``shift``: add it to the selection).

    ``from_bottom``: click that many pixels above the element's bottom edge
    (inside a bar, or above a short one when it exceeds the bar's height);
    ``None``: click its centre (a marker)."""
    point.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    box = point.bounding_box()
    assert box is not None, "the chart element is not rendered"
    x = box["x"] + box["width"] / 2
    y = box["y"] + box["height"] / 2 if from_bottom is None else box["y"] + box["height"] - from_bottom
    viewport = page.viewport_size
    assert 0 <= x < viewport["width"] and 0 <= y < viewport["height"], (x, y, viewport)
    page.mouse.move(x, y)
    page.wait_for_timeout(150)
    if shift:
        page.keyboard.down("Shift")
    page.mouse.click(x, y)
    if shift:
        page.keyboard.up("Shift")


def double_click_background(page: Any, chart_index: int = 0) -> None:
    """Double-click near the top-right corner of the chart's (first) plot area,
    where no bar reaches: plotly clears the selection."""
    area = page.locator('[data-testid="stPlotlyChart"]').nth(chart_index).locator("rect.nsewdrag").first
    area.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    box = area.bounding_box()
    assert box is not None
    page.mouse.dblclick(box["x"] + box["width"] - 15, box["y"] + 8)


def grid_column(grid: Any, column: int = 0) -> list[str]:
    """The texts of one column of an ``st.dataframe``, read from the accessible
    table (``table[role=grid]``) the data grid keeps beside its canvas."""
    return grid.evaluate(
        """(grid, column) => Array.from(grid.querySelectorAll("table tbody tr"),
                                        row => row.querySelectorAll("td")[column]?.textContent ?? "")""",
        column,
    )


def wait_for_column(page: Any, grid: Any, expected: list[str], column: int = 0, timeout: float = 20) -> None:
    """Wait until :func:`grid_column` reads ``expected`` (the grid redraws after a rerun)."""
    deadline = time.monotonic() + timeout
    while True:
        found = grid_column(grid, column)
        if found == expected or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    assert found == expected
