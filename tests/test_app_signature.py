"""The signature in the app (issue 28, item 1): under each loader, the line ``jpcore TASK``
prints for the loaded files and the app's options; a saved JSON result shows its own, and a
warning naming the current settings' signature when they would give another for the same files.
Every value reaches the page escaped (:func:`inspector.common.markup.md_text`)."""

from __future__ import annotations

import re
import subprocess
import sys

from streamlit.testing.v1 import AppTest

from inspector.common.markup import md_text
from tests.app_support import APP, ROOT
from tests.app_support import run as _run
from tests.cli_support import DEFAULTS, expected

EXCERPT = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt"
WORDS, NLTK = EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
TREES = ROOT / "sample_data" / "parseval" / "jp-trees"


def _captions(at: AppTest) -> list[str]:
    return [caption.value for caption in at.sidebar.caption]


def _signature_captions(at: AppTest) -> list[str]:
    return [value for value in _captions(at) if value.startswith("Signature")]


def _page(page: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(page)
    return _run(at)


def test_a_bundled_sample_shows_the_signature_the_command_line_prints():
    at = _page("../pages/overview.py")
    # the sample sets Format to its own (text): the command line given --format text
    signature = expected("preprocess", DEFAULTS["preprocess"].replace("format:auto", "format:text"),
                         gold=WORDS, sys=NLTK)
    assert _signature_captions(at) == [f"Signature: {md_text(signature)}"]
    cli = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(WORDS), str(NLTK), "--format", "text",
                          "--signature-only"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert cli.stdout == signature + "\n"
    # an option that changes a number changes it
    at.radio(key="opt_level").set_value("tokens")
    _run(at)
    assert _signature_captions(at) == [f"Signature: {md_text(signature.replace('level:words', 'level:tokens'))}"]


def test_the_brackets_cutoff_is_in_its_signature():
    at = _page("../pages/brackets.py")
    gold, system = TREES / "harbour.gold.mrg", TREES / "harbour.sys.mrg"
    plain = expected("parseval", DEFAULTS["parseval"], gold=gold, sys=system)
    assert _signature_captions(at) == [f"Signature: {md_text(plain)}"]
    at.number_input(key="bk_cutoff").set_value(10)
    _run(at)
    assert _signature_captions(at) == [f"Signature: {md_text(plain.replace('cutoff:40', 'cutoff:10'))}"]


def _saved(*options: str) -> bytes:
    return subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(WORDS), str(NLTK), "--json", *options],
                          cwd=ROOT, capture_output=True, check=True, timeout=120).stdout


def _open_json(data: bytes) -> AppTest:
    at = _page("../pages/overview.py")
    at.radio(key="source").set_value("json")
    _run(at)
    at.file_uploader(key="upload_json").set_value(("saved.json", data, "application/json"))
    return _run(at)


def test_a_saved_result_shows_its_signature_and_no_warning_when_the_settings_agree():
    at = _open_json(_saved())
    signature = expected("preprocess", DEFAULTS["preprocess"], gold=WORDS, sys=NLTK)
    assert _signature_captions(at) == [f"Signature of this saved result: {md_text(signature)}"]
    assert not at.warning


def test_a_saved_result_scored_otherwise_says_so():
    at = _open_json(_saved("--level", "tokens", "--ignore-case"))
    saved = expected("preprocess", DEFAULTS["preprocess"].replace("level:words", "level:tokens").replace(
        "ignore-case:no", "ignore-case:yes"), gold=WORDS, sys=NLTK)
    current = expected("preprocess", DEFAULTS["preprocess"], gold=WORDS, sys=NLTK)
    assert _signature_captions(at) == [f"Signature of this saved result: {md_text(saved)}"]
    (warning,) = at.warning
    assert warning.value == ("This result was scored with other settings than the current ones. The current "
                             f"settings give, for the same files: {md_text(current)}")
    assert re.sub(r"\\(.)", r"\1", warning.value).endswith(current)


def test_the_edits_settings_are_errant_compares_flags_in_its_signature():
    at = _page("../pages/edits.py")
    toy = ROOT / "sample_data" / "m2" / "toy-en"
    plain = expected("gec", DEFAULTS["gec"], gold=toy / "gold.m2", sys=toy / "sys.resegmented.m2")
    assert _signature_captions(at) == [f"Signature: {md_text(plain)}"]
    at.selectbox(key="g_mode").set_value("dt")
    at.radio(key="g_noop").set_value("jp")
    _run(at)
    changed = plain.replace("dt:no", "dt:yes").replace("noop-rule:keep", "noop-rule:jp")
    assert _signature_captions(at) == [f"Signature: {md_text(changed)}"]
    cli = subprocess.run([sys.executable, "-m", "jpcore", "gec", "-hyp", str(toy / "sys.resegmented.m2"), "-ref",
                          str(toy / "gold.m2"), "-dt", "--noop-rule", "jp", "--signature-only"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert cli.stdout == changed + "\n"


def test_the_dependencies_page_shows_uds_signature():
    at = _page("../pages/deps.py")
    parsed = ROOT / "sample_data" / "ud" / "UD_English-EWT-parsed"
    signature = expected("ud", DEFAULTS["ud"], gold=parsed / "en_ewt-ud-test.first49.conllu",
                         sys=parsed / "en_ewt-ud-test.first49.parsed.conllu")
    assert _signature_captions(at) == [f"Signature: {md_text(signature)}"]


def test_a_saved_comparison_is_shown_without_a_verdict():
    # the app's settings do not hold --compare's options: whether they agree cannot be known
    at = _open_json(_saved("--compare", str(NLTK)))
    saved = expected("preprocess", DEFAULTS["preprocess"] + " | samples:1000 | seed:12345 | method:paired-bootstrap"
                     " | measure:tokens", gold=WORDS, sys=NLTK, compare=NLTK)
    assert _signature_captions(at) == [f"Signature of this saved result: {md_text(saved)}"]
    assert not at.warning
