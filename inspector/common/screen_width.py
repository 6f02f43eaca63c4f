"""Any window width: the sidebar starts collapsed on a narrow window, the page does not
stretch without end on a wide one.

On a 4K window (3,840 px) the wide layout would draw text lines, tables and
charts 3,500 px long; the page's content is at most :data:`WIDEST_PX` wide,
centred (:func:`fit_the_width`).  A unit view's table and its selected unit stand side by
side where there is room for both (:func:`table_and_unit`), so a wide window is not a
column of sparse screens.

Streamlit's ``initial_sidebar_state="auto"`` collapses the sidebar only at
768 px and below (its theme's ``md`` breakpoint, Streamlit 1.67); at 800 px
the open sidebar took 300 of the 800 px.  The server does not know the
window's width, so :func:`collapse_sidebar_when_narrow` adds a small script
(the app's own constant text, nothing from a file) that, in a window
narrower than :data:`NARROW_PX`, closes the sidebar once it is drawn (the
script runs in a component's frame of the app's own origin and reaches the
page as its parent) --
unless the reader has opened or closed it before (Streamlit keeps that
choice in the browser's ``localStorage`` as ``stSidebarCollapsed-…``; the
script's own click is not kept as such a choice).  The sidebar's button
opens it again as usual.
"""

from __future__ import annotations

from typing import Any

import streamlit as st
import streamlit.components.v1 as components

#: Windows narrower than this (CSS pixels) open with the sidebar collapsed.
NARROW_PX = 1024

_SCRIPT = """<script>
(() => {
  const app = window.parent;  // this runs in a component's frame of the app's own origin
  if (app.innerWidth >= %(narrow)d) return;
  const choice = () => Object.keys(app.localStorage).filter(k => k.startsWith("stSidebarCollapsed-"));
  if (choice().length) return;  // the reader chose before: theirs stands
  let tries = 0;
  const close = () => {
    const button = app.document.querySelector(
      '[data-testid="stSidebar"][data-collapsed="false"] [data-testid="stSidebarCollapseButton"] button');
    if (button) {
      button.click();
      choice().forEach(k => app.localStorage.removeItem(k));  // our click is not the reader's choice
    } else if (++tries < 1200) {  // up to a minute: a loaded machine draws the sidebar late
      app.setTimeout(close, 50);
    }
  };
  close();
})();
</script>""" % {"narrow": NARROW_PX}


#: The widest the page's content is drawn (CSS pixels; a 4K window leaves margins beside it).
WIDEST_PX = 2400

_STYLE = """<style>
[data-testid="stMainBlockContainer"] { max-width: %(widest)dpx; margin-left: auto; margin-right: auto; }
</style>""" % {"widest": WIDEST_PX}


def fit_the_width() -> None:
    """The page's content at most :data:`WIDEST_PX` wide, and the sidebar collapsed on a
    window narrower than :data:`NARROW_PX` (see the module).  Neither takes room on the page."""
    st.html(_STYLE)  # a style alone goes to Streamlit's event container: no room taken
    # in a component's frame (same origin as the app), not st.html: no script in the page's own markup
    components.html(_SCRIPT, height=0)


#: The narrowest a unit view's table and its selected unit are drawn side by side (CSS px each):
#: on a wide window (2,560 px: the main area about 2,100 px) the reader clicks a row and sees
#: the unit beside the table instead of a screen further down; on a narrower one (1,400 px)
#: the row wraps and the unit is drawn under the table, as before.
SIDE_BY_SIDE_MIN_PX = 960

_SIDE_BY_SIDE_STYLE = """<style>
.st-key-%(key)s_row > [data-testid="stLayoutWrapper"] {
  flex: 1 1 %(min)dpx !important; min-width: min(100%%, %(min)dpx) !important; }
</style>"""


def table_and_unit(key: str) -> tuple[Any, Any]:
    """Two containers, ``(table, unit)``, in one row that wraps: side by side where the main
    area holds two of :data:`SIDE_BY_SIDE_MIN_PX`, the unit under the table otherwise (their
    keys are ``{key}_table`` and ``{key}_unit``; the row's is ``{key}_row``, whose children
    Streamlit wraps in ``stLayoutWrapper`` boxes, the flex items).  The style is the
    app's own constant text with ``key``, a page's own constant."""
    st.html(_SIDE_BY_SIDE_STYLE % {"key": key, "min": SIDE_BY_SIDE_MIN_PX})
    row = st.container(horizontal=True, wrap=True, gap="large", key=f"{key}_row")
    with row:
        table = st.container(key=f"{key}_table")
        unit = st.container(key=f"{key}_unit")
    return table, unit
