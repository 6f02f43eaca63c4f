"""The gold self-check in the app (issue 28, item 3): when a loader loads a gold file, the app
runs ``jpcore check`` on it (:func:`jpcore.check.self_check`, the command's own check) after the
page, in the background, cached; a clean file shows one small caption, a file with a problem a warning above the
page naming the file, the line and what was found, escaped."""

from __future__ import annotations

import subprocess
import sys

from streamlit.testing.v1 import AppTest

from inspector.common.files import NamedBytes
from inspector.common.gold_check import checked, settle
from inspector.common.markup import md_text
from inspector.common.result_cache import RESULTS, key_of
from tests.app_support import APP, ROOT
from tests.app_support import run as _run

#: A CoNLL-U file the tokens view reads (its tokens and sentences are fine) but ``jpcore ud``
#: refuses: two words with HEAD 0 in one sentence (the peers' "ELAS 105 %" kind of file).
TWO_ROOTS = ("# text = A dog *barks*\n1\tA\ta\tDET\tDT\t_\t0\troot\t_\t_\n2\tdog\tdog\tNOUN\tNN\t_\t0\troot\t_\t_\n"
             "3\t*barks*\tbark\tVERB\tVBZ\t_\t2\tdep\t_\t_\n\n")
PROBLEM = ("gold (pasted):2: expected exactly one word with HEAD 0 in the sentence, found 2 (lines 2, 3)")


def _checked(at: AppTest) -> AppTest:
    """The page again once the self-check started after its first run is done (in a browser the
    fragment that waits for it shows it, and the page's next run shows the sidebar's caption)."""
    waiting = [c.value for c in at.main.caption if c.value.startswith("Gold self-check of")]
    if waiting:
        settle(120)
        _run(at)
    return at


def _checks(at: AppTest) -> list[str]:
    return [caption.value for caption in at.sidebar.caption if caption.value.startswith("Gold self-check")]


def test_a_bundled_gold_file_shows_the_small_caption_the_command_agrees_with():
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page("../pages/deps.py")
    _checked(_run(at))
    assert _checks(at) == ["Gold self-check: 100% (preprocess, ud), as `jpcore check` scores the gold file "
                           "against itself."]
    assert not [w for w in at.warning if "self-check" in w.value]
    gold = ROOT / "sample_data/ud/UD_English-EWT-parsed/en_ewt-ud-test.first49.conllu"
    done = subprocess.run([sys.executable, "-m", "jpcore", "check", str(gold)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0
    report = checked(NamedBytes(gold.name, gold.read_bytes()))
    assert report is not None and report.problem is None and "\n".join(report.lines) + "\n" == done.stdout


def test_a_pasted_gold_file_with_two_roots_shows_the_warning_with_file_and_line(tmp_path):
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page("../pages/overview.py")
    _run(at)
    at.radio(key="source").set_value("paste")
    _run(at)
    at.text_area(key="paste_gold").input(TWO_ROOTS)
    at.text_area(key="paste_sys").input("A dog *barks*\n")
    at.button(key="paste_submit").click()
    _run(at)
    # a small file's check is done within the wait after the page: shown in the same run
    assert not [c.value for c in at.main.caption if c.value.startswith("Gold self-check of")]
    # the tokens evaluation itself reads the file: its scores are shown, and so is the warning
    assert not at.error
    warnings = [w.value for w in at.warning if "self-check" in w.value]
    assert warnings == [f"**Gold self-check failed** on {md_text('gold (pasted)')}: scored against itself, as "
                        f"`jpcore check` does, it is not 100 %: {md_text(PROBLEM)}. The scores of this file may "
                        "not mean what they say; check that line of the gold file."]
    # the user's text reaches the page escaped: the file name's brackets, the asterisks never emphasis
    assert "\\(pasted\\)\\:2\\:" in warnings[0]
    assert _checks(at) == [f"Gold self-check: failed ({md_text(PROBLEM)})."]
    # cached on the bytes and the name: another session finds it without checking again
    cached = RESULTS.get(key_of(("gold-check", "gold (pasted)"), (TWO_ROOTS.encode(),)))
    assert cached is not None and cached.problem == PROBLEM and cached.lines == (
        "preprocess: sentences 100.00%, tokens 100.00% over 1 units: ok",)
    # the same as the command line's check of that file
    path = tmp_path / "gold (pasted)"
    path.write_text(TWO_ROOTS, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "jpcore", "check", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert (done.returncode, done.stderr) == (2, f"jpcore check: error: {tmp_path}/{PROBLEM}\n")


def test_a_long_check_runs_in_the_background_and_is_shown_when_done():
    """The full EWT test set's CoNLL-U (1.8 s to check here, more than the run waits): the page is
    drawn with a line saying the check runs; once done, the page's next run shows its caption."""
    ewt = ROOT.parent / "shared" / "data" / "ud" / "UD_English-EWT"
    at = AppTest.from_file(str(APP), default_timeout=300)
    at.switch_page("../pages/deps.py")
    _run(at)
    at.radio(key="d_source").set_value("upload")
    _run(at)
    for key, name in (("d_upload_gold", "en_ewt-ud-test.conllu"), ("d_upload_sys", "en_ewt-ud-test.nltk.conllu")):
        at.file_uploader(key=key).set_value((name, (ewt / name).read_bytes(), "text/plain"))
    _run(at)
    assert [c.value for c in at.main.caption if c.value.startswith("Gold self-check of")] == [
        f"Gold self-check of {md_text('en_ewt-ud-test.conllu')} running in the background (`jpcore check`)…"]
    assert _checks(at) == []
    _checked(at)
    assert _checks(at) == ["Gold self-check: 100% (preprocess, ud), as `jpcore check` scores the gold file "
                           "against itself."]
    assert not [c.value for c in at.main.caption if c.value.startswith("Gold self-check of")]


def _poll_script() -> None:
    """A page whose waiting fragment finds its check done (the check of a gold file with a problem,
    put in the cache as the worker does); it counts its runs."""
    import streamlit as st

    from inspector.common import gold_check
    from inspector.common.files import NamedBytes
    from inspector.common.result_cache import RESULTS
    from jpcore.check import CheckReport

    st.session_state["runs"] = st.session_state.get("runs", 0) + 1
    gold = NamedBytes("gold *one*.conllu", b"1\tA\t_\t_\t_\t_\t0\troot\t_\t_\n\n")
    key = gold_check._key(gold)
    RESULTS.put(key, CheckReport((), "gold *one*.conllu:1: expected a problem, found one"))
    st.title("the page")
    gold_check._waiting(gold, key)


def test_a_poll_that_finds_its_check_done_shows_it_and_never_reruns_the_page():
    """The fragment shows the report in its own place (a problem as the warning and its caption)
    and asks for no rerun of the page: a rerun asked for by a poll carries the widgets' values of
    the poll's moment and lost a file being uploaded meanwhile (bench.load)."""
    at = AppTest.from_function(_poll_script, default_timeout=60)
    at.run()
    assert not at.exception
    assert at.session_state["runs"] == 1  # rerunning the page from the poll would run it again
    assert [w.value for w in at.main.warning] == [
        f"**Gold self-check failed** on {md_text('gold *one*.conllu')}: scored against itself, as `jpcore check` "
        f"does, it is not 100 %: {md_text('gold *one*.conllu:1: expected a problem, found one')}. The scores of "
        "this file may not mean what they say; check that line of the gold file."]
    assert [c.value for c in at.main.caption] == [
        f"Gold self-check: failed ({md_text('gold *one*.conllu:1: expected a problem, found one')})."]
    at.run()  # the next poll reads the report from the session
    assert at.session_state["runs"] == 2 and len(at.main.warning) == 1
