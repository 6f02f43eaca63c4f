"""The three "Open a JSON result" loaders with malformed and hostile results (issue 12 items 5 and 10).

Every file of tests/malformed/json/ is opened in the loader of its task:
one error naming the file and the field, the data loaded before stays,
never an exception.  A valid result whose free texts (file names, tokens,
labels, error types, corrections) are Markdown and HTML shows them as
text: no image link, no tag reaches the page unescaped.
"""

from __future__ import annotations

import copy
import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import APP, ROOT
from tests.app_support import run as _run
from tests.test_result_json import MALFORMED

HERE = ROOT / "tests" / "malformed" / "json"
LOADERS = {  # task -> page, source radio, JSON uploader, what is loaded before
    "preprocess": ("../pages/overview.py", "source", "upload_json", "English EWT excerpt: gold words vs nltk"),
    "parseval": ("../pages/brackets.py", "bk_source", "bk_upload_json", "jp-trees: 8 sentences"),
    "gec": ("../pages/edits.py", "g_source", "g_upload_json", "toy-en: re-segmented system vs gold"),
}
IMAGE = "![k](https://example.invalid/x.png)"
TAG = "<img src=x onerror=alert(1)>"


def _unescape(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def _open_json(task: str, name: str, data: bytes) -> AppTest:
    page, source_key, uploader, _ = LOADERS[task]
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(page)
    _run(at)
    at.radio(key=source_key).set_value("json")
    _run(at)
    at.file_uploader(key=uploader).set_value((name, data, "application/json"))
    return _run(at)


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_result_is_refused_in_the_app_and_the_data_stays(name: str) -> None:
    task, message = MALFORMED[name]
    at = _open_json(task, name, (HERE / name).read_bytes())
    (error,) = at.error
    previous = LOADERS[task][3]
    text = _unescape(error.value)
    assert text.startswith(f"Could not load {name} (saved result): {name}: {message}.")
    assert f"Still showing the previous {'trees' if task == 'parseval' else 'data'}: {previous}" in text
    assert "![k](" not in error.value  # the link is escaped in the message


def _hostile(task: str) -> bytes:
    """The reference result of ``task`` with Markdown and HTML in every free text."""
    data = json.loads((HERE / f"{task}.reference.json").read_text("utf-8"))
    hostile = copy.deepcopy(data)
    if task == "preprocess":
        for side in ("gold", "system"):
            hostile[side]["name"] = f"{IMAGE}{TAG}.txt"
            for sentence in hostile[side]["sentences"]:
                sentence["tokens"] = [f"{IMAGE}{TAG}" if i == 0 else token for i, token in enumerate(sentence["tokens"])]
    elif task == "parseval":
        for side in ("gold", "system"):
            hostile[side]["name"] = f"{IMAGE}{TAG}.mrg"
    else:
        for key in ("hyp_name", "ref_name"):
            hostile["alignment"][key] = f"{IMAGE}{TAG}.m2"
        hostile["hyp"]["name"] = hostile["ref"]["name"] = f"{IMAGE}{TAG}.m2"
    return json.dumps(hostile, ensure_ascii=False).encode()


@pytest.mark.parametrize("task", sorted(LOADERS))
def test_markdown_and_html_in_a_results_texts_are_shown_as_text(task: str) -> None:
    data = _hostile(task)
    at = _open_json(task, f"{IMAGE}.json", data)
    assert not at.exception and not at.error, [_unescape(e.value) for e in at.error]
    if task == "preprocess":  # the tokens are drawn on the Sentences page
        at.switch_page("../pages/sentences.py")
        _run(at)
    elements = [*at.markdown, *at.caption, *at.subheader, *at.info, *at.warning, *at.error, *at.success]
    # the tree drawings are one HTML block each (st.markdown with HTML: Markdown does not apply inside
    # a block without a blank line), every value in them escaped
    blocks = [e.value for e in elements if e.value.startswith("<")]
    assert all("\n\n" not in block and "<img" not in block for block in blocks)
    markdown = "\n".join(e.value for e in elements if not e.value.startswith("<"))
    # escaped wherever Markdown renders it: no "![" nor "<" without its backslash
    assert "![k](" not in markdown and not re.search(r"(?<!\\)<img", markdown)
    assert "\\!\\[k\\]\\(https" in markdown
    html = "\n".join(e.value for e in at.html)
    assert "<img" not in html
    if task == "preprocess":
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
