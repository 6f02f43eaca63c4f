"""The app's size limit: a file over it is refused with a message naming the
file, its size and the command line that evaluates it; the data loaded
before stays.  (Uploads are covered in the browser, tests/test_browser_limits.py:
AppTest cannot upload.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from jpcore.errors import InputError
from inspector.brackets.loader import LIMITS as PARSEVAL_LIMITS
from inspector.brackets.loader import TREES_FACTOR
from inspector.deps.loader import LIMITS as UD_LIMITS
from inspector.common.files import NamedBytes
from inspector.common.input_limits import APP_MAX_BYTES, APP_MAX_MB, check_sizes
from inspector.edits.loader import LIMITS as GEC_LIMITS
from inspector.teaching.inputs import LIMITS as TEACHING_LIMITS
from inspector.teaching.inputs import TEACHING_MAX_BYTES
from inspector.tokens.loader import LIMITS as PREPROCESS_LIMITS
from inspector.tokens.loader import RAW_FACTOR, TEXT_FACTOR
from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
LINE = "a b c .\n"
#: Each loader's limits, and the command line its messages name.
LIMITS = {"preprocess": PREPROCESS_LIMITS, "parseval": PARSEVAL_LIMITS, "gec": GEC_LIMITS,
          "ud": UD_LIMITS, "teaching": TEACHING_LIMITS}
CLI_COMMANDS = {evaluation: limits.cli for evaluation, limits in LIMITS.items()}
#: The memory per byte of the formats these tests load.
MEMORY_FACTORS = {"text": TEXT_FACTOR, "trees": TREES_FACTOR, "raw": RAW_FACTOR}


def _text_of(size: int) -> str:
    """Tokenized text of exactly ``size`` bytes."""
    text = LINE * (size // len(LINE))
    return text + "x" * (size - len(text))


def _errors(at: AppTest) -> list[str]:
    """The error messages shown, without md_text's backslash escapes."""
    return [re.sub(r"\\(.)", r"\1", e.value) for e in at.error]


def test_the_limit_is_inclusive_and_names_the_command() -> None:
    check_sizes([NamedBytes("gold.txt", bytes(APP_MAX_BYTES)), None], LIMITS["preprocess"])
    with pytest.raises(InputError) as caught:
        check_sizes([NamedBytes("gold.txt", b""), NamedBytes("sys.txt", bytes(APP_MAX_BYTES + 1))],
                    LIMITS["preprocess"])
    assert str(caught.value) == (
        "sys.txt: expected at most 20 MB per file in the app, found 20.0 MB (20,971,521 bytes); "
        "evaluate it with the command line, which has no such limit: "
        "python -m jpcore preprocess GOLD SYSTEM --stream"
    )


def test_streamlits_upload_limit_is_the_apps() -> None:
    """The uploader says the real limit (issue 25 item 12: it said "50MB per file" while the
    app took 20 MB): Streamlit's ``maxUploadSize`` is the app's, in the project's config and
    in what ``jp-inspector`` passes."""
    from inspector.launch import STREAMLIT_SETTINGS

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["maxUploadSize"] == APP_MAX_MB == STREAMLIT_SETTINGS["server.maxUploadSize"] == 20


def test_every_command_in_the_messages_exists() -> None:
    from jpcore.cli import build_parser

    commands = set(build_parser()._subparsers._group_actions[0].choices)
    for line in CLI_COMMANDS.values():
        assert line.startswith("python -m jpcore ")
        assert line.split()[3] in commands


@pytest.mark.parametrize("page, source_key, source, gold_key, sys_key, submit, evaluation, kept", [
    ("../pages/overview.py", "source", "paste", "paste_gold", "paste_sys", "paste_submit",
     "preprocess", "Still showing the previous data: English EWT excerpt: gold words vs nltk."),
    ("../pages/brackets.py", "bk_source", "paste", "bk_paste_gold", "bk_paste_sys", "bk_paste_submit",
     "parseval", "Still showing the previous trees: "),
    ("../pages/edits.py", "g_source", "paste", "g_paste_gold", "g_paste_sys", "g_paste_submit",
     "gec", "Still showing the previous data: "),
    ("../pages/deps.py", "d_source", "paste", "d_paste_gold", "d_paste_sys", "d_paste_submit",
     "ud", "Still showing the previous treebanks: EWT, 49 sentences: parse and tag errors, same tokens."),
])
def test_a_paste_over_the_limit_is_refused_and_the_data_stays(
        page, source_key, source, gold_key, sys_key, submit, evaluation, kept) -> None:
    at = AppTest.from_file(str(APP), default_timeout=120)
    _run(at)
    at.switch_page(page)
    _run(at)
    assert not _errors(at)
    at.radio(key=source_key).set_value(source)
    _run(at)
    at.text_area(key=gold_key).input(_text_of(APP_MAX_BYTES + 1))
    at.text_area(key=sys_key).input("a b c .\n")
    at.button(key=submit).click()
    _run(at)
    (message,) = _errors(at)
    assert "gold (pasted): expected at most 20 MB per file in the app, found 20.0 MB (20,971,521 bytes)" in message
    assert CLI_COMMANDS[evaluation] in message
    assert kept in message


def test_a_teaching_text_over_its_limit_is_refused() -> None:
    at = AppTest.from_file(str(APP), default_timeout=120)
    _run(at)
    at.switch_page("../pages/teaching.py")
    _run(at)
    at.radio(key="teach_source").set_value("paste")
    _run(at)
    at.text_area(key="teach_paste_raw").input(_text_of(TEACHING_MAX_BYTES + 1))
    at.text_area(key="teach_paste_gold").input("a b c .\n")
    _run(at)
    (message,) = _errors(at)
    assert message.startswith("Could not read the text: raw text (pasted): expected at most 2 MB per "
                              "file in the app, found 2.0 MB (2,097,153 bytes)")
    assert CLI_COMMANDS["teaching"] in message


# --- the session's memory (issue 12 item 14) ------------------------------------------------------


def test_the_memory_limit_names_the_file_the_room_and_the_command() -> None:
    from inspector.common.input_limits import SESSION_MEMORY_BYTES, check_memory, largest_input

    text = MEMORY_FACTORS["text"]
    fits = largest_input(text)
    assert fits == int(SESSION_MEMORY_BYTES / text.peak) and fits < APP_MAX_BYTES
    held = check_memory([(NamedBytes("gold.txt", bytes(fits // 2)), text),
                         (NamedBytes("sys.txt", bytes(fits // 2)), text), (None, MEMORY_FACTORS["raw"])],
                        LIMITS["preprocess"], held=0)
    assert held == int(text.held * 2 * (fits // 2))
    with pytest.raises(InputError) as caught:
        check_memory([(NamedBytes("gold.txt", bytes(fits // 2)), text),
                      (NamedBytes("sys.txt", bytes(fits // 2 + 1000)), text)], LIMITS["preprocess"],
                     held=50 * 1024 * 1024)
    room = (SESSION_MEMORY_BYTES - 50 * 1024 * 1024 - text.peak * (fits // 2)) / text.peak
    assert str(caught.value) == (
        f"sys.txt: expected at most {room / 1024 / 1024:.1f} MB of tokenized text here (the server needs about "
        f"{text.peak:.0f} bytes of memory per byte of it to read, align and show it, and one session may use "
        "1,000 MB; this session's data holds about 50.0 MB now), found "
        f"{(fits // 2 + 1000) / 1024 / 1024:.1f} MB ({fits // 2 + 1000:,} bytes); evaluate it with the command "
        "line, which has no such limit: python -m jpcore preprocess GOLD SYSTEM --stream")


def test_a_paste_over_the_sessions_memory_is_refused_and_the_data_stays() -> None:
    from inspector.common.input_limits import largest_input

    at = AppTest.from_file(str(APP), default_timeout=120)
    _run(at)
    at.radio(key="source").set_value("paste")
    _run(at)
    size = largest_input(MEMORY_FACTORS["text"]) + 1000
    assert size < APP_MAX_BYTES  # under the per-file limit: only the memory refuses it
    at.text_area(key="paste_gold").input(_text_of(size))
    at.text_area(key="paste_sys").input("a b c .\n")
    at.button(key="paste_submit").click()
    _run(at)
    (message,) = _errors(at)
    assert message.startswith("Could not load pasted text: gold (pasted): expected at most ")
    assert "MB of tokenized text here (the server needs about" in message
    assert CLI_COMMANDS["preprocess"] in message
    assert "Still showing the previous data: English EWT excerpt: gold words vs nltk." in message


def test_what_other_pages_hold_counts_in_the_sessions_memory() -> None:
    """Trees loaded on the Brackets page lower what the Overview can take, and its message says so."""
    from inspector.common.input_limits import largest_input

    at = AppTest.from_file(str(APP), default_timeout=300)
    _run(at)
    at.switch_page("../pages/brackets.py")
    _run(at)
    assert at.session_state["bk_loaded_held"] > 0  # the bundled trees count too
    at.radio(key="bk_source").set_value("paste")
    _run(at)
    trees = "(S (NP (DT a) (NN b)) (VP (VB c)))\n" * 15_000  # 540 KB
    at.text_area(key="bk_paste_gold").input(trees)
    at.text_area(key="bk_paste_sys").input(trees)
    at.button(key="bk_paste_submit").click()
    _run(at)
    assert not _errors(at)
    held = at.session_state["bk_loaded_held"]
    assert held == int(MEMORY_FACTORS["trees"].held * 2 * len(trees))
    at.switch_page("../pages/overview.py")
    _run(at)
    at.radio(key="source").set_value("paste")
    _run(at)
    size = largest_input(MEMORY_FACTORS["text"]) - 1000  # fits an empty session, not this one
    at.text_area(key="paste_gold").input(_text_of(size))
    at.text_area(key="paste_sys").input("a b c .\n")
    at.button(key="paste_submit").click()
    _run(at)
    (message,) = _errors(at)
    assert f"this session's data holds about {(held + at.session_state['jp_loaded_held']) / 1024 / 1024:.1f} MB now" \
        in message
