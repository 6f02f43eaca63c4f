"""What is loaded now: the session state the evaluation pages read.

Each evaluation keeps its loaded input in a :class:`Slot` (tokens &
sentences: :data:`PREPROCESS`, holding a :class:`Loaded`; the Brackets and
Edits loaders have their own).  A loader replaces the object only when new
input evaluates without error (:func:`inspector.load_flow.apply`), so bad
input never discards the previous data.  Pages call :func:`require_loaded`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

import streamlit as st

from jpcore.tasks.preprocess import PreprocessResult
from inspector.view import ResultView

R = TypeVar("R")



@dataclass(frozen=True, slots=True)
class Slot:
    """Where one evaluation keeps its loaded input and its last failure in the session.

    ``what`` names the data in messages ("data", "trees"); ``evaluation`` is
    a key of :data:`inspector.input_limits.CLI_COMMANDS`.
    """

    loaded_key: str
    failed_key: str
    evaluation: str
    what: str = "data"

    def get(self) -> Any:
        """The loaded :class:`LoadedInput` (of this evaluation's kind), or ``None``."""
        return st.session_state.get(self.loaded_key)

    def failure(self) -> tuple[str, str] | None:
        """``(fingerprint, message)`` of the last input that failed, if any."""
        return st.session_state.get(self.failed_key)

    def put(self, loaded: LoadedInput) -> None:
        """Make ``loaded`` current and forget any earlier failure."""
        st.session_state[self.loaded_key] = loaded
        st.session_state.pop(self.failed_key, None)


#: The tokens & sentences input, shared by the Overview, Sentences & tokens and Analysis pages.
PREPROCESS = Slot("jp_loaded", "jp_failed", "preprocess")


@dataclass
class LoadedInput(Generic[R]):
    """An evaluated input, as a :class:`Slot` holds it: the result and where it came from.

    ``fingerprint`` identifies the input (content digests, names, options);
    ``source`` is ``sample``, ``upload``, ``paste`` or ``json``;
    ``label`` is how messages name it; ``sample_key`` names the bundled
    sample, if any.
    """

    result: R
    fingerprint: str
    source: str
    label: str
    sample_key: str | None = None


@dataclass
class Loaded(LoadedInput[PreprocessResult]):
    """A tokens & sentences input; ``raw_text`` is the decoded raw document when one was given."""

    raw_text: str | None = None

    @cached_property
    def view(self) -> ResultView:
        """A :class:`ResultView` of the result (built once per load)."""
        return ResultView(self.result)


def get_loaded() -> Loaded | None:
    """The loaded tokens & sentences data, or ``None`` before anything loaded."""
    return PREPROCESS.get()


def require_loaded() -> Loaded:
    """The loaded data; stops the page with a hint when nothing is loaded."""
    loaded = get_loaded()
    if loaded is None:
        st.info("Nothing is loaded yet: choose a sample, upload or paste files in the sidebar.")
        st.stop()
    return loaded
