"""What is loaded now: the session state every evaluation view keeps its input in.

Each evaluation keeps its loaded input in a :class:`Slot` (its key in the
session, its last failure, how the URL names what it holds).  The loader
(:mod:`inspector.common.loader`) replaces the object only when new input
evaluates without error, so bad input never discards the previous data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import streamlit as st

from inspector.common.files import NamedBytes
from inspector.common.url_kinds import DATA, TEXT, Params

R = TypeVar("R")
#: Every slot, as it is made (one per evaluation view).
SLOTS: list[Slot] = []


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one evaluation keeps its loaded input and its last failure in the session,
    and how the URL names what it holds.

    ``what`` names the data in messages ("data", "trees"); the URL names a
    bundled sample as ``?SAMPLE_PARAM=KEY`` and data that came from a file as
    ``?DATA_PARAM=SOURCE-DIGEST`` (:attr:`LoadedInput.token`).
    """

    loaded_key: str
    failed_key: str
    what: str = "data"
    sample_param: str = "sample"
    data_param: str = "data"

    def __post_init__(self) -> None:
        SLOTS.append(self)

    def url_params(self) -> Params:
        """The URL parameters that name what this slot holds (for its pages' ``PageSpec.params``)."""
        return {self.sample_param: TEXT, self.data_param: DATA}

    def get(self) -> Any:
        """The loaded :class:`LoadedInput` (of this evaluation's kind), or ``None``."""
        return st.session_state.get(self.loaded_key)

    def failure(self) -> tuple[str, str] | None:
        """``(fingerprint, message)`` of the last input that failed, if any."""
        return st.session_state.get(self.failed_key)

    def put(self, loaded: LoadedInput, held_bytes: int = 0) -> None:
        """Make ``loaded`` current and forget any earlier failure; ``held_bytes`` is the
        memory it holds (:func:`inspector.common.input_limits.held_estimate`)."""
        st.session_state[self.loaded_key] = loaded
        st.session_state[f"{self.loaded_key}_held"] = held_bytes
        st.session_state.pop(self.failed_key, None)

    def held_bytes(self) -> int:
        """The memory what this slot holds takes (0 when it holds nothing)."""
        return st.session_state.get(f"{self.loaded_key}_held", 0) if self.get() is not None else 0

    def clear(self) -> None:
        """Forget what is loaded (the session's data is being freed)."""
        st.session_state.pop(self.loaded_key, None)
        st.session_state.pop(self.failed_key, None)


def session_held_bytes() -> int:
    """The memory all the data this session loaded holds (every slot's estimate)."""
    return sum(slot.held_bytes() for slot in SLOTS)


@dataclass
class LoadedInput(Generic[R]):
    """An evaluated input, as a :class:`Slot` holds it: the result and where it came from.

    ``fingerprint`` identifies the input (content digests, names, options);
    ``source`` is ``sample``, ``upload``, ``paste`` or ``json``;
    ``label`` is how messages name it; ``sample_key`` names the bundled
    sample, if any; ``saved_comparison`` is the comparison with a system B
    that a saved JSON result holds (``jpcore TASK ... --compare B --json``'s
    ``"comparison"``, read back and made again by
    :func:`jpcore.results.reader.read_run_json`: a
    :class:`~jpcore.extras.comparison.ComparisonRun`), ``None`` for every
    other input (keyword only, so each view's fields keep their places).
    ``gold_file`` and ``sys_file`` are the two files evaluated (what the review
    store identifies units by, and the gold a corrected copy is made of);
    ``None`` for a saved JSON result, which does not hold them.
    """

    result: R
    fingerprint: str
    source: str
    label: str
    sample_key: str | None = None
    saved_comparison: Any = field(default=None, kw_only=True)
    file_hashes: dict[str, str] | None = field(default=None, kw_only=True)
    """The gold and system files' :func:`jpcore.signature.file_hash` (``None`` for a saved result)."""
    saved_signature: str | None = field(default=None, kw_only=True)
    """A saved JSON result's own ``"signature"`` (``None`` for files, or an older result without one)."""
    gold_file: NamedBytes | None = field(default=None, kw_only=True)
    sys_file: NamedBytes | None = field(default=None, kw_only=True)

    @property
    def token(self) -> str | None:
        """How the URL names this data when it came from a file (``upload-3fa9c0d1e2b4``),
        ``None`` for a bundled sample (named by its key)."""
        return None if self.sample_key is not None else f"{self.source}-{self.fingerprint[:12]}"


def missing_link(slot: Slot) -> str | None:
    """When ``slot`` holds nothing and the URL names data that came from a file:
    what to say instead of showing any other data (a new tab opened with a
    link to uploaded data), else ``None``."""
    if slot.get() is not None:
        return None
    token = str(st.query_params.get(slot.data_param, ""))
    source = token.split("-", 1)[0]
    if source == "paste":
        return ("This link points at pasted text that is not on this server; paste it again or open the "
                "HTML report.")
    if source in ("upload", "json"):
        return ("This link points at uploaded data that is not on this server; upload it again or open the "
                "HTML report.")
    return None


def show_nothing_loaded(slot: Slot, hint: str) -> None:
    """The page body when ``slot`` holds nothing: the link's message, else ``hint``."""
    message = missing_link(slot)
    if message is not None:
        st.warning(message, icon=":material/link_off:")
    else:
        st.info(hint)
