"""One page grammar for loaders (issue 15, item 5): every evaluation's loader sits in
the sidebar under its title and asks for the gold file before the system file,
whichever the evaluation (an M2 loader used to ask for the hypothesis first, in
an expander that folded on every source change)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import APP
from tests.app_support import run as _run

LOADERS = [
    # page, the loader's key prefix, its title, (gold label, system label) when pasting
    ("../pages/sentences.py", "", None, ("Gold", "System")),
    ("../pages/brackets.py", "bk_", None, ("Gold trees", "System trees")),
    ("../pages/edits.py", "g_", "Gold and system M2 files", ("Gold (reference) M2", "System (hypothesis) M2")),
    ("../pages/deps.py", "d_", "Gold and system CoNLL-U", ("Gold CoNLL-U", "System CoNLL-U")),
]


@pytest.mark.parametrize(("page", "prefix", "title", "labels"), LOADERS, ids=["tokens", "brackets", "edits", "deps"])
def test_the_loader_is_in_the_sidebar_gold_first(page: str, prefix: str, title: str | None,
                                                 labels: tuple[str, str]) -> None:
    at = _run(AppTest.from_file(str(APP), default_timeout=60))
    at.switch_page(page)
    _run(at)
    assert [radio.key for radio in at.sidebar.radio if radio.key == f"{prefix}source"] == [f"{prefix}source"]
    assert not at.expander or all(f"{prefix}source" not in [r.key for r in e.radio] for e in at.expander)
    if title is not None:
        assert title in [header.value for header in at.sidebar.header]
    at.radio(key=f"{prefix}source").set_value("paste")
    _run(at)
    assert [area.label for area in at.sidebar.text_area][:2] == list(labels)
    assert [area.key for area in at.sidebar.text_area][:2] == [f"{prefix}paste_gold", f"{prefix}paste_sys"]
