"""jp-inspector: the Streamlit entry point (``streamlit run inspector/main/app.py``).

Pages are listed explicitly with ``st.navigation``.  They live in
``inspector/pages/``, one folder up: this script deliberately does *not*
sit beside a folder called ``pages/``, which Streamlit (1.67) treats as a
legacy multipage app until ``st.navigation`` has run once in the process
(so a fresh server opened at ``/sentences`` would run the page without this
file, i.e. without the loader; ``AppTest`` does so on every run).  The
sidebar loader of the tokens & sentences pages runs before the page; the
app opens with the EWT excerpt (gold words vs nltk) already loaded.

Around every page run: the URL is cleaned for the page and notes on what
was ignored in it go at the top (:mod:`inspector.common.url_state`), and
the session is registered so its data is freed when it ends
(:mod:`inspector.common.session_memory`).  The page icon is a file of the
app: nothing is fetched from another server (a ``:material/...:`` page
icon is downloaded from a font CDN by the browser).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from inspector.common import session_memory, url_state
from inspector.tokens import loader as loading

#: The app's package folder (pages/ and assets/ are in it).
APP_DIR = Path(__file__).resolve().parents[1]
#: The browser tab's icon, served by the app itself.
ICON = APP_DIR / "assets" / "icon.png"

st.set_page_config(page_title="jp-inspector", page_icon=str(ICON), layout="wide")
session_memory.register()


def _page(name: str, title: str, icon: str, default: bool = False) -> st.Page:
    return st.Page(str(APP_DIR / "pages" / f"{name}.py"), title=title, icon=icon, default=default)


#: Pages of the tokenization/SBD evaluation: they share the sidebar loader.
PREPROCESS_PAGES = [
    _page("overview", "Overview", ":material/dashboard:", default=True),
    _page("sentences", "Sentences & tokens", ":material/view_list:"),
]
#: Every page, in menu order.  Pages of other evaluations (brackets, edits)
#: bring their own loaders: add them here, one line each.
PAGES = [
    *PREPROCESS_PAGES,
    _page("brackets", "Brackets", ":material/account_tree:"),
    _page("edits", "Edits", ":material/edit_note:"),
    _page("teaching", "Teaching", ":material/school:"),
    _page("about", "About", ":material/info:"),
    _page("analysis", "Analysis", ":material/analytics:"),
]

page = st.navigation(PAGES)
page_key = url_state.page_key(page.url_path)
url_state.begin(page_key)
notes = None
try:
    if page.url_path in {p.url_path for p in PREPROCESS_PAGES}:
        loading.SPEC.run()  # its progress box comes first
    notes = st.empty()  # what the URL held that was ignored, above the page
    page.run()
finally:
    url_state.end(page_key, notes)
