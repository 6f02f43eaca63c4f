"""The tokens & sentences input, as the session keeps it: the Overview, Sentences & tokens
and Analysis pages read it; pages call :func:`require_loaded`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import streamlit as st

from jpcore.preprocess import PreprocessResult
from inspector.common import review
from inspector.common.state import LoadedInput, Slot, show_nothing_loaded
from inspector.tokens.view import GOLD, SYS, ResultView

#: The tokens & sentences input, shared by the Overview, Sentences & tokens and Analysis pages.
PREPROCESS = Slot("jp_loaded", "jp_failed")


@dataclass
class Loaded(LoadedInput[PreprocessResult]):
    """A tokens & sentences input; ``raw_text`` is the decoded raw document when one was given;
    ``fmt`` the format asked for (``auto``: detected; ``None`` for a JSON result)."""

    raw_text: str | None = None
    fmt: str | None = None

    @cached_property
    def view(self) -> ResultView:
        """A :class:`ResultView` of the result (built once per load)."""
        return ResultView(self.result)


def get_loaded() -> Loaded | None:
    """The loaded tokens & sentences data, or ``None`` before anything loaded."""
    return PREPROCESS.get()


def reviewing(loaded: Loaded) -> review.Reviewed | None:
    """The loaded input as the review sees it (its units with an error are the mismatches)."""
    view = loaded.view
    units = loaded.result.units
    return review.reviewing("preprocess", loaded, "t_", units, lambda unit: unit.is_mismatch,
                            lambda index, side: view.unit_text(units[index], GOLD if side == "gold" else SYS))


def require_loaded() -> Loaded:
    """The loaded data; stops the page with a hint when nothing is loaded."""
    loaded = get_loaded()
    if loaded is None:
        show_nothing_loaded(PREPROCESS, "Nothing is loaded yet: choose a sample, upload or paste files in the sidebar.")
        st.stop()
    return loaded
