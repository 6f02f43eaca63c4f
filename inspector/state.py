"""What is loaded now: the one piece of session state every page reads.

The loader (:mod:`inspector.loading`) replaces the :class:`Loaded` object
only when new input evaluates without error, so bad input never discards
the previous data.  Pages call :func:`require_loaded`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import streamlit as st

from jpcore.tasks.preprocess import PreprocessResult
from inspector.view import ResultView

_LOADED = "jp_loaded"
_FAILED = "jp_failed"


@dataclass
class Loaded:
    """An evaluated input: the result and where it came from.

    ``fingerprint`` identifies the input (content digests, names, options);
    ``source`` is ``sample``, ``upload``, ``paste`` or ``json``;
    ``sample_key`` names the bundled sample, if any; ``raw_text`` is the
    decoded raw document when one was given.
    """

    result: PreprocessResult
    fingerprint: str
    source: str
    label: str
    sample_key: str | None = None
    raw_text: str | None = None

    @cached_property
    def view(self) -> ResultView:
        """A :class:`ResultView` of the result (built once per load)."""
        return ResultView(self.result)


def get_loaded() -> Loaded | None:
    """The loaded data, or ``None`` before anything loaded."""
    return st.session_state.get(_LOADED)


def set_loaded(loaded: Loaded) -> None:
    """Make ``loaded`` the current data and forget any earlier failure."""
    st.session_state[_LOADED] = loaded
    st.session_state.pop(_FAILED, None)


def get_failure() -> tuple[str, str] | None:
    """``(fingerprint, message)`` of the last input that failed, if any."""
    return st.session_state.get(_FAILED)


def set_failure(fingerprint: str, message: str) -> None:
    """Remember that the input ``fingerprint`` failed with ``message``."""
    st.session_state[_FAILED] = (fingerprint, message)


def require_loaded() -> Loaded:
    """The loaded data; stops the page with a hint when nothing is loaded."""
    loaded = get_loaded()
    if loaded is None:
        st.info("Nothing is loaded yet: choose a sample, upload or paste files in the sidebar.")
        st.stop()
    return loaded
