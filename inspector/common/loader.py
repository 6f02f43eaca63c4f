"""Evaluate a new input once and keep the last good one: the loaders' common step.

Each evaluation has its own loader widgets (:mod:`inspector.loading` for
tokens & sentences, :mod:`inspector.brackets_loading`,
:mod:`inspector.gec_loading`); once they have built a request, :func:`apply`
does the rest the same way for all three:

* an input is identified by its fingerprint (content digests, names,
  options): the same fingerprint is never evaluated twice in a row;
* user files over the app's size limit, or that would take the session past
  its memory budget, are refused before anything is read
  (:mod:`inspector.input_limits`); what the new data holds is kept with it,
  so the next load counts it;
* loading runs inside a status box that reports its stages;
* bad input (:class:`~jpcore.errors.InputError`) becomes one ``st.error``
  with the ``file:line: expected ..., found ...`` message -- never a
  traceback -- and is remembered, so a rerun does not evaluate it again;
* the previously loaded data stays until a new input succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from jpcore.errors import InputError
from inspector.common.widgets import loading_status
from inspector.common.files import NamedBytes
from inspector.common.input_limits import check_memory, check_sizes, held_estimate
from inspector.common.markup import md_text
from inspector.common.state import Slot, session_held_bytes

#: ``step(text)``: report a stage of the loading in the status box.
Step = Callable[[str], None]


#: ``(file, format)``: a part of an input and the format it is read as (a key of
#: :data:`inspector.input_limits.MEMORY_FACTORS`); the file is ``None`` when not given.
Part = tuple[NamedBytes | None, str]


def apply(slot: Slot, fingerprint: str, label: str, load: Callable[[Step], Any],
          parts: Sequence[Part] = (), user: bool = True) -> None:
    """Load the input ``fingerprint`` (called ``label``) into ``slot`` unless it is
    already loaded or already failed; ``load(step)`` reads, aligns and scores it
    and returns the object to keep.  ``parts`` are its files with their formats:
    the user's (``user``) are checked against the app's size limit and the
    session's memory; a bundled sample's only count in the memory it holds."""
    loaded = slot.get()
    if loaded is not None and loaded.fingerprint == fingerprint:
        return
    failure = slot.failure()
    if failure is None or failure[0] != fingerprint:
        try:
            if user:
                check_sizes([part for part, _ in parts], slot.evaluation)
                held = check_memory(parts, slot.evaluation, session_held_bytes())
            else:
                held = held_estimate(parts)
            with loading_status(f"Loading {label}") as step:
                new = load(step)
            slot.put(new, held)
            return
        except InputError as error:
            failure = (fingerprint, str(error))
            st.session_state[slot.failed_key] = failure
    kept = f" Still showing the previous {slot.what}: {md_text(loaded.label)}." if loaded else ""
    st.error(f"Could not load {md_text(label)}: {md_text(failure[1])}.{kept}", icon=":material/error:")
