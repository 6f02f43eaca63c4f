"""jp-inspector: the Streamlit entry point (``streamlit run inspector/app.py``).

Pages are listed explicitly with ``st.navigation``: adding a page is one line
in :data:`PAGES`.  They live in ``app_pages/``, deliberately *not* in a folder
called ``pages/``: Streamlit (1.67) treats a ``pages/`` folder next to the
entry point as a legacy multipage app until ``st.navigation`` has run once in
the process (so a fresh server opened at ``/sentences`` would run the page
without this file, i.e. without the loader), and ``AppTest`` does so on every
run.  The sidebar loader is shared by every page and runs before the page;
the app opens with the EWT excerpt (gold words vs nltk) already loaded.

Around every page run: the URL is cleaned for the page and notes on what
was ignored in it go at the top (:mod:`inspector.url_state`), and the
session is registered so its data is freed when it ends
(:mod:`inspector.session_memory`).  The page icon is a file of the app:
nothing is fetched from another server (a ``:material/...:`` page icon is
downloaded from a font CDN by the browser).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from inspector import loading, session_memory, url_state

#: The browser tab's icon, served by the app itself.
ICON = Path(__file__).resolve().parent / "assets" / "icon.png"

st.set_page_config(page_title="jp-inspector", page_icon=str(ICON), layout="wide")
session_memory.register()

#: Pages of the tokenization/SBD evaluation: they share the sidebar loader.
PREPROCESS_PAGES = [
    st.Page("app_pages/overview.py", title="Overview", icon=":material/dashboard:", default=True),
    st.Page("app_pages/sentences.py", title="Sentences & tokens", icon=":material/view_list:"),
]
#: Every page, in menu order.  Pages of other evaluations (brackets, edits)
#: bring their own loaders: add them here, one line each.
PAGES = [
    *PREPROCESS_PAGES,
    st.Page("app_pages/brackets.py", title="Brackets", icon=":material/account_tree:"),
    st.Page("app_pages/edits.py", title="Edits", icon=":material/edit_note:"),
    st.Page("app_pages/teaching.py", title="Teaching", icon=":material/school:"),
    st.Page("app_pages/about.py", title="About", icon=":material/info:"),
    st.Page("app_pages/analysis.py", title="Analysis", icon=":material/analytics:"),
]

page = st.navigation(PAGES)
page_key = url_state.page_key(page.url_path)
url_state.begin(page_key)
notes = None
try:
    if page.url_path in {p.url_path for p in PREPROCESS_PAGES}:
        loading.sidebar_loader()  # its progress box comes first
    notes = st.empty()  # what the URL held that was ignored, above the page
    page.run()
finally:
    url_state.end(page_key, notes)
