"""The widgets every loader offers for a pair of files: a bundled sample by
name, two uploads, two pasted texts, a saved JSON result.

Each function draws its widgets and returns what the user gave, as
:class:`~inspector.common.files.NamedBytes` (a pasted text is named
"gold (pasted)" / "system (pasted)"), or ``None`` until both parts are
there; nothing is read or evaluated here.  :func:`fingerprint` digests a
request's parts and options, so results are keyed by content: two uploads
with the same name but other bytes are different inputs.  Every uploader's
help states the app's size limit and the command line beyond it
(:mod:`inspector.common.input_limits`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import streamlit as st

from inspector.common.files import NamedBytes
from inspector.common.input_limits import Limits, upload_help


@dataclass(frozen=True, slots=True)
class Field:
    """One side of a pair: its label, widget key, help text and (for a text area)
    the name its text goes by once pasted."""

    label: str
    key: str
    help: str = ""
    pasted_name: str = ""


def fingerprint(options: object, parts: Iterable[NamedBytes | None]) -> str:
    """A digest of ``repr(options)`` and each part's name and content."""
    digest = hashlib.sha256(repr(options).encode())
    for part in parts:
        digest.update(b"\0" if part is None else part.name.encode() + b"\0")
        digest.update(hashlib.sha256(b"" if part is None else part.data).digest())
    return digest.hexdigest()


def sample_key(state_key: str, titles: Mapping[str, str], default: str, help: str,
               label: str = "Sample") -> str:
    """A selectbox of bundled samples (``titles``: key -> title), kept for the session
    while the page is not shown.  Its first value comes from the URL
    (:func:`inspector.common.loader_state.prepare`: an unknown key is ignored, a path is
    never read); the URL names the sample once it is loaded."""
    if st.session_state.get(state_key) not in titles:
        st.session_state[state_key] = default
    return st.selectbox(label, list(titles), key=state_key, format_func=titles.__getitem__,
                        help=help, persist_state="session")


def upload_pair(gold: Field, system: Field, limits: Limits, waiting: str,
                optional: Field | None = None) -> tuple[NamedBytes, NamedBytes, NamedBytes | None] | None:
    """The gold and the system uploader, in that order, and an ``optional`` third;
    the files ``(gold, system, third)`` (the third ``None`` when not given), or
    ``None`` with the caption ``waiting`` until the first two are uploaded."""
    files = [st.file_uploader(field.label, key=field.key, help=upload_help(field.help, limits))
             for field in (gold, system)]
    extra = None
    if optional is not None:
        extra = st.file_uploader(optional.label, key=optional.key, help=upload_help(optional.help, limits))
    if files[0] is None or files[1] is None:
        st.caption(waiting)
        return None
    return (NamedBytes(files[0].name, files[0].getvalue()), NamedBytes(files[1].name, files[1].getvalue()),
            NamedBytes(extra.name, extra.getvalue()) if extra is not None else None)


def paste_pair(form_key: str, gold: Field, system: Field, button: tuple[str, str], waiting: str,
               height: int = 140) -> tuple[NamedBytes, NamedBytes] | None:
    """The gold and the system text area, in that order, in a form with the submit
    ``button`` (label, key); ``(gold, system)`` as UTF-8, or ``None`` with the
    caption ``waiting`` while both are empty."""
    with st.form(form_key):
        texts = [st.text_area(field.label, key=field.key, height=height, help=field.help or None,
                              persist_state="session")
                 for field in (gold, system)]
        st.form_submit_button(button[0], key=button[1])
    if not texts[0].strip() and not texts[1].strip():
        st.caption(waiting)
        return None
    return (NamedBytes(gold.pasted_name, texts[0].encode("utf-8")),
            NamedBytes(system.pasted_name, texts[1].encode("utf-8")))


def json_upload(key: str, written_by: str, limits: Limits) -> NamedBytes | None:
    """An uploader for a saved JSON result, or ``None`` with a caption."""
    file = st.file_uploader("Result JSON", type=["json"], key=key,
                            help=upload_help(f"Written by {written_by} or by this app's JSON download.",
                                             limits))
    if file is None:
        st.caption("Upload a JSON result to open it.")
        return None
    return NamedBytes(file.name, file.getvalue())
