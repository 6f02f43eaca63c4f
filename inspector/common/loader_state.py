"""What the three loaders share about the session and the URL: nothing loaded is lost, links tell the truth.

Contract, for one evaluation's loader (:class:`LoaderKeys`: its
:class:`~inspector.common.state.Slot`, the keys of its Source radio and sample
selectbox, its samples):

* :func:`prepare` runs before the loader's widgets.  In a new session the
  Source and the sample come from the URL: a sample by name (``?sample=``,
  ``?trees=``, ``?m2=``) or, when the URL names data that came from a file
  (``?data=upload-...``), that source, so nothing else is loaded in its place
  (the page then says the data is not on this server:
  :func:`inspector.common.state.missing_link`).  Both widgets keep their value for
  the session (``persist_state``), so leaving the page and coming back, or
  a rerun, shows the same choice and loads nothing again.  On browser
  Back/Forward to a URL naming another bundled sample, that sample is
  loaded; data that came from a file is never replaced by a URL: a note
  says what is still shown.
* :func:`kept` is what a file source's widgets show once their files are
  gone (an uploader is empty after the page was left): the data loaded from
  them stays, and the caption says so.
* :func:`write_url` runs after loading: the URL names what is loaded, a
  sample by its key or data from a file by its token
  (:attr:`inspector.common.state.LoadedInput.token`); never both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import streamlit as st

from inspector.common import url_state
from inspector.common.markup import md_text
from inspector.common.state import LoadedInput, Slot

#: What a file source is called in messages.
SOURCE_NOUNS = {"upload": "uploaded files", "paste": "pasted text", "json": "the JSON result"}


@dataclass(frozen=True, slots=True)
class LoaderKeys:
    """One evaluation's loader: where it keeps what, and its bundled samples (key -> title)."""

    slot: Slot
    source_key: str
    sample_key: str
    samples: Mapping[str, str]
    default_sample: str


def _link_source(keys: LoaderKeys) -> str | None:
    token = url_state.link_value(keys.slot.data_param)
    return token.split("-", 1)[0] if token else None


def prepare(keys: LoaderKeys) -> None:
    """The Source and sample before their widgets are drawn (see the module doc)."""
    slot = keys.slot
    if keys.source_key not in st.session_state:
        st.session_state[keys.source_key] = _link_source(keys) or "sample"
    if keys.sample_key not in st.session_state:
        wanted = url_state.link_value(slot.sample_param)
        st.session_state[keys.sample_key] = wanted if wanted in keys.samples else keys.default_sample
    loaded: LoadedInput | None = slot.get()
    if loaded is None:
        return
    if url_state.changed_from_outside(slot.sample_param):
        wanted = url_state.link_value(slot.sample_param)
        if wanted in keys.samples and wanted != loaded.sample_key:
            if loaded.sample_key is not None:  # a bundled sample replaces a bundled sample
                st.session_state[keys.source_key] = "sample"
                st.session_state[keys.sample_key] = wanted
            else:
                url_state.note(f"The address named the bundled sample {md_text(keys.samples[wanted])}; still "
                               f"showing {md_text(loaded.label)} (choose the sample in the loader to load it).")
    if url_state.changed_from_outside(slot.data_param):
        token = url_state.link_value(slot.data_param)
        if token is not None and token != loaded.token:
            noun = SOURCE_NOUNS.get(token.split("-", 1)[0], "data from a file")
            url_state.note(f"The address named {noun} that is no longer loaded in this session; still showing "
                           f"{md_text(loaded.label)}.")


def kept(keys: LoaderKeys, source: str) -> bool:
    """When the data loaded comes from ``source`` but its widgets are empty: say it
    stays, and return True (the caller then asks for nothing new)."""
    loaded: LoadedInput | None = keys.slot.get()
    if loaded is None or loaded.source != source or loaded.sample_key is not None:
        return False
    verb = {"upload": "Upload other files", "paste": "Paste other text", "json": "Open another result"}[source]
    st.caption(f"Loaded from {SOURCE_NOUNS[source]} earlier in this session: {md_text(loaded.label)}. "
               f"{verb} to replace it.")
    return True


def link_is_for(slot: Slot, loaded: LoadedInput) -> bool:
    """Whether the URL this run started from is a link to ``loaded`` (its sample, or
    its data from a file), or names no data at all: only then does a unit it names
    apply (a link's unit #1 is never shown on other data)."""
    sample = url_state.link_value(slot.sample_param)
    token = url_state.link_value(slot.data_param)
    if sample is None and token is None:
        return True
    return (sample == loaded.sample_key) if loaded.sample_key is not None else token == loaded.token


def write_url(keys: LoaderKeys) -> None:
    """Make the URL name what is loaded (nothing changes while nothing is loaded)."""
    slot = keys.slot
    loaded: LoadedInput | None = slot.get()
    if loaded is not None:
        name_in_url(slot, loaded)


def name_in_url(slot: Slot, loaded: LoadedInput) -> None:
    """The URL names ``loaded`` by ``slot``'s parameters: a bundled sample by its key, data
    from a file by its token; the other parameter goes."""
    if loaded.sample_key is not None:
        st.query_params[slot.sample_param] = loaded.sample_key
        if slot.data_param in st.query_params:
            del st.query_params[slot.data_param]
    else:
        st.query_params[slot.data_param] = loaded.token
        if slot.sample_param in st.query_params:
            del st.query_params[slot.sample_param]
