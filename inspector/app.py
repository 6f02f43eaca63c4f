"""jp-inspector: the Streamlit entry point (``streamlit run inspector/app.py``).

Pages are listed explicitly with ``st.navigation``: adding a page is one line
in :data:`PAGES`.  They live in ``app_pages/``, deliberately *not* in a folder
called ``pages/``: Streamlit (1.67) treats a ``pages/`` folder next to the
entry point as a legacy multipage app until ``st.navigation`` has run once in
the process (so a fresh server opened at ``/sentences`` would run the page
without this file, i.e. without the loader), and ``AppTest`` does so on every
run.  The sidebar loader is shared by every page and runs before the page;
the app opens with the EWT excerpt (gold words vs nltk) already loaded.
"""

from __future__ import annotations

import streamlit as st

from inspector import loading

st.set_page_config(page_title="jp-inspector", page_icon=":material/compare:", layout="wide")

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
if page.url_path in {p.url_path for p in PREPROCESS_PAGES}:
    loading.sidebar_loader()
page.run()
