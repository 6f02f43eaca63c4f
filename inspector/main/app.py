"""jp-inspector: the Streamlit entry point (``streamlit run inspector/main/app.py``).

Pages are listed with ``st.navigation``, built from the registry: each
evaluation registered in :data:`jpcore.task.TASKS` with a view brings its
pages (:func:`inspector.common.evaluation_view.evaluation_views`), then come
the general pages (Teaching, About, Analysis, Compare: the last two built
over the registry too): :mod:`inspector.main.menu`.  Page files live in
``inspector/pages/``, one folder up: this script deliberately does *not*
sit beside a folder called ``pages/``, which Streamlit (1.67) treats as a
legacy multipage app until ``st.navigation`` has run once in the process
(so a fresh server opened at ``/sentences`` would run the page without this
file, i.e. without the loader; ``AppTest`` does so on every run).  A view's
``before_pages`` (the sidebar loader the tokens & sentences pages share)
runs before its page; the app opens with the EWT excerpt (gold words vs
nltk) already loaded.

Around every page run: the URL is cleaned for the page (the parameters
each page declares in its ``PageSpec``) and notes on what
was ignored in it go at the top (:mod:`inspector.common.url_state`), and
the session is registered so its data is freed when it ends
(:mod:`inspector.common.session_memory`); after the page, the gold self-checks its
loaders reserved are run (:mod:`inspector.common.gold_check`).  A window narrower than 1,024 px
opens with the sidebar collapsed, and the content is at most 2,400 px wide on a
4K screen (:mod:`inspector.common.screen_width`).  The page icon is a file of the
app: nothing is fetched from another server (a ``:material/...:`` page
icon is downloaded from a font CDN by the browser).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from inspector.common import gold_check, session_memory, url_state
from inspector.common.evaluation_view import PageSpec
from inspector.common.screen_width import fit_the_width
from inspector.main.menu import menu, page_key, page_params

#: The app's package folder (pages/ and assets/ are in it).
APP_DIR = Path(__file__).resolve().parents[1]
#: The browser tab's icon, served by the app itself.
ICON = APP_DIR / "assets" / "icon.png"

st.set_page_config(page_title="jp-inspector", page_icon=str(ICON), layout="wide")
session_memory.register()


def _page(spec: PageSpec) -> st.Page:
    return st.Page(spec.file, title=spec.title, icon=spec.icon, default=spec.default)


#: Each page with the hook drawn before it (a loader its view's pages share), in menu order.
PAGES = [(_page(spec), before) for spec, before in menu()]

page = st.navigation([entry for entry, _ in PAGES])
before = {entry.url_path: hook for entry, hook in PAGES}.get(page.url_path)
key = page_key(page.url_path)
url_state.begin(key, page_params())
notes = None
gold_check.begin()
try:
    if before is not None:
        before()  # its progress box comes first
    fit_the_width()  # the sidebar collapsed below 1,024 px, the content at most 2,400 px wide
    notes = st.empty()  # what the URL held that was ignored, above the page
    page.run()
    gold_check.fill()  # after the page: the gold self-check never delays its first render
finally:
    url_state.end(key, notes)
