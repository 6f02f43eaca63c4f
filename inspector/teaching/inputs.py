"""The Teaching page's input widgets: the text and gold, and a system to run.

:func:`choose_text` offers a bundled text by name
(:func:`inspector.teaching.texts.teaching_texts`), an upload or a paste;
:func:`choose_system` a splitter, a tokenizer and, for the regex tokenizer,
a pattern.  Widget keys start with ``teach_`` (the exercises set them to
load a question's text and system); every widget keeps its value for the
session, and an upload is kept too (its uploaders are empty after the page
was left), so coming back shows the same text and systems.  Nothing is
evaluated here.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from jpcore.formats import FORMATS
from jpcore.formats.raw import read_raw
from jpcore.align.similarity import known_languages
from jpcore.systems import HELP, SPLITTERS, TOKENIZERS
from jpcore.systems.nltk_systems import REGEX_SECONDS
from inspector.common.files import NamedBytes
from inspector.common.input_limits import Factor, Limits, check_input, upload_help
from inspector.common.markup import md_text
from inspector.common.state import session_held_bytes
from inspector.common.wording import PASTED_NAMES
from inspector.teaching.exercises import SystemChoice
from inspector.teaching.run import GoldInput
from inspector.teaching.texts import DEFAULT_TEXT, teaching_texts

SOURCES = {"bundled": "Bundled text", "upload": "Upload", "paste": "Paste"}
#: The page tokenizes its raw text again on every change: files are smaller than elsewhere (MB).
TEACHING_MAX_MB = 2
TEACHING_MAX_BYTES = TEACHING_MAX_MB * 1024 * 1024
#: Server memory per byte of its raw text and gold, measured by ``python -m bench.app_memory``
#: (246-264 on 2026-11-25); the page keeps no result in the session (its runs are cached
#: apart), so it holds 0.
TEACHING_FACTOR = Factor(peak=270, held=0, noun="Teaching text")
LIMITS = Limits("python -m jpcore preprocess GOLD SYSTEM --stream (on your tokenizer's output)",
                (TEACHING_FACTOR,), TEACHING_MAX_MB)
#: The last uploaded raw text and gold (kept for the session: an uploader is empty after leaving the page).
UPLOADED_KEY = "teach_uploaded"
#: The pattern the regex tokenizer starts with (cuts Isn't as Isn 't).
DEFAULT_PATTERN = r"\w+|'\w+|[^\w\s]"
#: Session-state keys of a system's widgets, by prefix.
SYSTEM_KEYS = ("splitter", "tokenizer", "pattern", "gaps")


@dataclass(frozen=True, slots=True)
class TextInput:
    """Raw text and gold chosen on the page, with a label and a note for display."""

    raw_text: str
    gold: GoldInput
    label: str
    note: str = ""
    raw_name: str = "raw text"


def system_keys(prefix: str) -> dict[str, str]:
    """Session-state key of each system widget for ``prefix`` (``teach_`` or ``teach_b_``)."""
    return {name: f"{prefix}{name}" for name in SYSTEM_KEYS}


def set_system(prefix: str, choice: SystemChoice) -> None:
    """Set a system's widgets to ``choice`` (call from a callback, before they are drawn)."""
    keys = system_keys(prefix)
    st.session_state[keys["splitter"]] = choice.splitter
    st.session_state[keys["tokenizer"]] = choice.tokenizer
    st.session_state[keys["gaps"]] = choice.gaps
    if choice.pattern is not None:
        st.session_state[keys["pattern"]] = choice.pattern


def choose_system(prefix: str, default: SystemChoice, label: str = "") -> SystemChoice:
    """Splitter, tokenizer (and pattern) widgets; the choice they show."""
    keys = system_keys(prefix)
    st.session_state.setdefault(keys["splitter"], default.splitter)
    st.session_state.setdefault(keys["tokenizer"], default.tokenizer)
    left, right = st.columns(2)
    splitter = left.selectbox(
        f"{label}Sentence splitter", list(SPLITTERS), key=keys["splitter"], persist_state="session",
        format_func=SPLITTERS.__getitem__,
        help=" · ".join(f"{SPLITTERS[k]}: {HELP[k]}" for k in SPLITTERS),
    )
    tokenizer = right.selectbox(
        f"{label}Tokenizer", list(TOKENIZERS), key=keys["tokenizer"], persist_state="session",
        format_func=TOKENIZERS.__getitem__,
        help=" · ".join(f"{TOKENIZERS[k]}: {HELP[k]}" for k in TOKENIZERS),
    )
    pattern, gaps = None, False
    if tokenizer == "regex":
        st.session_state.setdefault(keys["pattern"], DEFAULT_PATTERN)
        pattern_column, gaps_column = st.columns([4, 1], vertical_alignment="bottom")
        pattern = pattern_column.text_input(
            f"{label}Regular expression (Python syntax)", key=keys["pattern"], persist_state="session",
            help="Each match is a token (nltk's RegexpTokenizer); with 'gaps' the text between "
            f"matches is. Empty matches are ignored. A pattern runs at most {REGEX_SECONDS:g} s on the "
            "text (the regex module stops its matching engine then): one that backtracks without end, "
            "such as (a+)+$, is stopped and reported.",
        )
        gaps = gaps_column.checkbox("gaps", key=keys["gaps"], persist_state="session",
                                    help="The pattern matches the separators, not the tokens.")
    return SystemChoice(splitter, tokenizer, pattern, gaps)


def _bundled() -> TextInput:
    texts = teaching_texts()
    if st.session_state.get("teach_text") not in texts:
        st.session_state["teach_text"] = DEFAULT_TEXT if DEFAULT_TEXT in texts else next(iter(texts))
    key = st.selectbox("Bundled text", list(texts), key="teach_text", persist_state="session",
                       format_func=lambda k: texts[k].title,
                       help="Exercise texts written for jp-inspector and the bundled UD excerpts.")
    text = texts[key]
    gold = GoldInput(text.gold_name, text.gold_bytes(), text.fmt, text.level, text.language)
    return TextInput(text.raw_text(), gold, text.title, text.note, text.raw_path.name)


def _gold_options() -> tuple[str, str, str]:
    with st.expander("Gold options"):
        fmt = st.selectbox("Gold format", FORMATS, key="teach_format", persist_state="session",
                           help="auto: CoNLL-U if it looks like CoNLL-U, else tokenized text.")
        level = st.radio("Token level (CoNLL-U gold)", ("words", "tokens"), key="teach_level", persist_state="session",
                         horizontal=True,
                         help="'words' reads syntactic words (ca n't), 'tokens' surface tokens (can't).")
        languages = known_languages()
        language = st.selectbox("Normalisation table", languages, key="teach_language", persist_state="session",
                                index=languages.index("en") if "en" in languages else 0)
    return fmt, level, language


def _uploaded() -> TextInput | None:
    raw_column, gold_column = st.columns(2)
    raw = raw_column.file_uploader(
        "Raw text", key="teach_upload_raw",
        help=upload_help("The untokenized text the tokenizers run on (UTF-8).", LIMITS))
    gold = gold_column.file_uploader(
        "Gold segmentation", key="teach_upload_gold",
        help=upload_help("Tokenized text (one sentence per line) or CoNLL-U.", LIMITS))
    fmt, level, language = _gold_options()
    if raw is None or gold is None:
        kept = st.session_state.get(UPLOADED_KEY)
        if raw is None and gold is None and kept is not None:  # the uploaders are empty after leaving the page
            raw_file, gold_file = kept
            st.caption(f"Using the files uploaded earlier in this session: {md_text(raw_file.name)} with gold "
                       f"{md_text(gold_file.name)}. Upload other files to replace them.")
            return _text_of_upload(raw_file, gold_file, fmt, level, language)
        st.caption("Upload a raw text and its gold segmentation.")
        return None
    raw_file, gold_file = NamedBytes(raw.name, raw.getvalue()), NamedBytes(gold.name, gold.getvalue())
    text = _text_of_upload(raw_file, gold_file, fmt, level, language)
    st.session_state[UPLOADED_KEY] = (raw_file, gold_file)
    return text


def _text_of_upload(raw_file: NamedBytes, gold_file: NamedBytes, fmt: str, level: str,
                    language: str) -> TextInput:
    check_input([(raw_file, TEACHING_FACTOR), (gold_file, TEACHING_FACTOR)], LIMITS, session_held_bytes())
    raw_text = read_raw(raw_file.data, raw_file.name)
    return TextInput(raw_text, GoldInput(gold_file.name, gold_file.data, fmt, level, language),
                     f"{raw_file.name} with gold {gold_file.name} (uploaded)", raw_name=raw_file.name)


def _pasted() -> TextInput | None:
    raw_column, gold_column = st.columns(2)
    raw = raw_column.text_area("Raw text", key="teach_paste_raw", height=150, persist_state="session",
                               help="The untokenized text the tokenizers run on.")
    gold = gold_column.text_area("Gold segmentation", key="teach_paste_gold", height=150, persist_state="session",
                                 help="One sentence per line, tokens separated by spaces; or CoNLL-U.")
    fmt, level, language = _gold_options()
    if not raw.strip() or not gold.strip():
        st.caption("Paste a raw text and its gold segmentation (Ctrl+Enter applies).")
        return None
    gold_file = NamedBytes(PASTED_NAMES["gold"], gold.encode("utf-8"))
    raw_file = NamedBytes(PASTED_NAMES["raw"], raw.encode("utf-8"))
    check_input([(raw_file, TEACHING_FACTOR), (gold_file, TEACHING_FACTOR)], LIMITS, session_held_bytes())
    return TextInput(read_raw(raw, PASTED_NAMES["raw"]),
                     GoldInput(gold_file.name, gold_file.data, fmt, level, language),
                     "pasted text", raw_name=PASTED_NAMES["raw"])


def choose_text() -> TextInput | None:
    """The source radio and its widgets; the chosen text, or None until both parts are given.

    Raises :class:`InputError` when an uploaded raw text does not decode or a
    user's file is over the page's size limit (:mod:`inspector.common.input_limits`).
    """
    source = st.radio("Start from", list(SOURCES), key="teach_source", persist_state="session", horizontal=True,
                      format_func=SOURCES.__getitem__)
    if source == "upload":
        return _uploaded()
    if source == "paste":
        return _pasted()
    return _bundled()
