"""Values from a user file are text in the browser, never markup (issue 6, item 3).

In Debian's chromium (Playwright), with the app served by ``streamlit run``:
tokens such as ``<img src=x onerror=alert(1)>`` and ``<script>...</script>``
are pasted as gold and system text on the Sentences page, as M2 corrections
and sentences on the Edits page, and as tree labels and words on the
Brackets page.  Each page must show them as text (the DOM's text contains
them), build no ``img``/``script`` element from them, and no dialog may
open.  Skipped only when no chromium binary exists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import after_rerun, app_page, settled

SENTENCES_GOLD = "Hello <img src=x onerror=alert(1)> <script>alert(2)</script> world .\nBye .\n"
SENTENCES_SYS = "Hello <img src=x onerror=alert(1)> <script>alert(2)</script> world.\nBye .\n"

M2_SYS = (
    "S Hello <script>alert(3)</script> world .\n"
    "A 1 2|||R:OTHER|||<img src=x onerror=alert(4)>|||REQUIRED|||-NONE-|||0\n"
)
M2_GOLD = (
    "S Hello <script>alert(3)</script> world .\n"
    "A 1 2|||R:OTHER|||<img src=x onerror=alert(4)>|||REQUIRED|||-NONE-|||0\n"
    "A 3 4|||R:<script>alert(5)</script>|||!|||REQUIRED|||-NONE-|||0\n"
)

# labels and words cannot hold spaces or brackets: the attack uses '/' and backticks;
# labels are shown cut at their first '-' or '=' (EVALB's rule), so the img goes in a word
IMG_WORD = "<img/src=x/onerror=alert`6`>"
SCRIPT_LABEL = "<script>alert`7`</script>"
SCRIPT_WORD = "<script>alert`8`</script>"
TREES_GOLD = f"(S ({SCRIPT_LABEL} (NN a)) (X (NN {IMG_WORD})) (Y (NN {SCRIPT_WORD})))\n"
TREES_SYS = f"(S (X (NN a)) ({SCRIPT_LABEL} (NN {IMG_WORD}) (NN {SCRIPT_WORD})))\n"


def _paste(page, url: str, path: str, source: str, fields: dict[str, str], button: str) -> None:
    """Choose the paste source, fill the form, submit it; return once that run has drawn the page."""
    page.goto(f"{url}/{path}")
    settled(page)
    after_rerun(page, lambda: page.get_by_text(source, exact=True).click())
    for label, text in fields.items():  # inside a form: filling does not rerun
        page.get_by_label(label, exact=True).fill(text)
    after_rerun(page, lambda: page.get_by_role("button", name=button).click())


def _injected(page) -> list[str]:
    """Elements the pasted values would have created had they been read as HTML, in every frame."""
    found = []
    for frame in page.frames:
        found += frame.eval_on_selector_all(
            "img[src='x'], img[onerror], script",
            "nodes => nodes.filter(n => n.tagName === 'IMG' || /alert/.test(n.textContent))"
            ".map(n => n.outerHTML)",
        )
    return found


def _text(page) -> str:
    return "\n".join(frame.evaluate("() => (document.body && document.body.innerText) || ''") for frame in page.frames)


@pytest.mark.browser
def test_user_values_render_as_text_on_every_page(tmp_path: Path) -> None:
    dialogs: list[str] = []
    with app_page(tmp_path, 1500, 1400) as (page, url):
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

        _paste(page, url, "sentences", "Paste text",
               {"Gold": SENTENCES_GOLD, "System": SENTENCES_SYS}, "Evaluate pasted text")
        text = _text(page)
        assert "<script>alert(2)</script>" in text, "Sentences: the pasted token is not shown as text"
        assert "onerror=alert(1)>" in text
        assert _injected(page) == [], "Sentences"

        _paste(page, url, "edits", "Paste text",
               {"Gold (reference) M2": M2_GOLD, "System (hypothesis) M2": M2_SYS}, "Align and score")
        text = _text(page)
        assert "<img src=x onerror=alert(4)>" in text, "Edits: the correction is not shown as text"
        assert "<script>alert(3)</script>" in text
        assert _injected(page) == [], "Edits"

        _paste(page, url, "brackets", "Paste text",
               {"Gold trees": TREES_GOLD, "System trees": TREES_SYS}, "Evaluate pasted trees")
        text = _text(page)
        svg_text = " ".join(page.locator("svg text").all_text_contents())
        assert SCRIPT_LABEL in text + svg_text, "Brackets: the label is not shown as text"
        assert IMG_WORD in text + svg_text and SCRIPT_WORD in text + svg_text
        assert _injected(page) == [], "Brackets"

        # the detectors work: markup that does get parsed is found, and its alert is seen;
        # an alert from the pasted values would have fired before this one, so the
        # dialogs seen are exactly ["9"]
        page.evaluate("() => { const d = document.createElement('div');"
                      " d.innerHTML = '<img src=x onerror=alert(9)>'; document.body.appendChild(d); }")
        for _ in range(300):  # until the control's dialog is handled (it comes asynchronously)
            if dialogs:
                break
            page.wait_for_timeout(100)
        assert dialogs == ["9"], f"a script ran: {dialogs}"
        assert _injected(page) == ['<img src="x" onerror="alert(9)">']
