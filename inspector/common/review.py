"""The review of an evaluation's units: a verdict and a note on each, written at once to the review store.

Contract (one widget for every evaluation view's unit page):

* :func:`reviewing` makes a loaded input reviewable (:class:`Reviewed`): the
  task, the SHA-256 of its gold and system file and one
  :class:`~jpcore.review.identity.UnitKey` per unit (by content, never by
  number), the units with an error ("mismatched") and each unit's text;
  ``None`` for a saved JSON result, which does not hold the files.
* :func:`verdict_filter` draws the filter by verdict (``not reviewed yet``
  too), bound to the URL under the key its page declares;
  :func:`filter_units` applies it; :func:`with_verdicts` adds the
  ``Verdict`` column to a unit table.
* :func:`review_panel`, in a unit's detail: how many mismatched units are
  reviewed, the reviewer's name (asked once per session, kept in the store),
  the control labelled **Verdict** (gold error / system error / both
  acceptable / unclear, or none), keys 1-4 for the same, the **Note**, and
  the verdicts a changed system file's units can take over.  Every change is
  written to the store at once (no save button).
* what the verdicts make -- the scores after review, the corrected gold, the
  HTML report's columns and section -- is :mod:`inspector.common.review_outcome`.
* The store is :func:`jpcore.review.store.open_store` at ``$JP_REVIEW_DB``
  (``jp-inspector --review-db PATH`` sets it), else its default place; one
  per server process.

Every note, name and text from the store is shown through
:mod:`inspector.common.markup` (widget values are shown by Streamlit as text).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

from jpcore.review import VERDICTS
from jpcore.review.identity import UnitKey, file_sha256, unit_keys
from jpcore.errors import InputError
from jpcore.review.store import Review, ReviewStore, default_location, open_store, store_errors
from inspector.common.markup import md_text
from inspector.common.state import LoadedInput
from inspector.common.wording import of_total, plural

#: The environment variable naming the review store (a path or a database URL).
ENV = "JP_REVIEW_DB"
#: The labels of the two controls.
VERDICT_LABEL, NOTE_LABEL = "Verdict", "Note"
#: The filter's value for a unit with no verdict.
NOT_REVIEWED = "not reviewed yet"
#: What the filter by verdict offers.
FILTER_CHOICES = (*VERDICTS, NOT_REVIEWED)
#: The label of the filter by verdict.
FILTER_LABEL = "Verdict filter"
#: The keys that set each verdict, in :data:`VERDICTS` order.
KEYS = tuple(str(number) for number in range(1, len(VERDICTS) + 1))
#: How the Verdict column shows a unit without a verdict.
NONE = "–"
_REVIEWER = "_rv_reviewer"  # the session's reviewer name, once known
_WRITTEN = "_rv_written"  # a review was written by this run's callback
#: How long the server keeps the verdicts offered for a pair of files (seconds).
OFFERED_SECONDS = 60.0
#: (store, task, gold SHA-256, system SHA-256) -> (when read, the offered reviews)
_OFFERED: dict[tuple[str | None, str, str, str], tuple[float, dict[UnitKey, Review]]] = {}


def store_location() -> str | None:
    """Where the review store is: ``$JP_REVIEW_DB``, else ``None`` (the store's default place)."""
    return os.environ.get(ENV) or None


@st.cache_resource(show_spinner=False)
def _open(where: str | None) -> ReviewStore:
    return open_store(where)


def review_store() -> ReviewStore:
    """The server's review store (opened once per location)."""
    return _open(store_location())


@dataclass(frozen=True, eq=False)
class Reviewed:
    """A loaded input as the review sees it (see the module doc); ``prefix`` starts the
    widget keys of its page, ``text(index, side)`` is a unit's text (``"gold"``/``"sys"``)."""

    task: str
    prefix: str
    gold_sha256: str
    sys_sha256: str
    keys: tuple[UnitKey, ...]
    index_of: Mapping[UnitKey, int]
    mismatched: frozenset[int]
    text: Callable[[int, str], str]

    def reviews(self) -> dict[int, Review]:
        """The store's review of each unit (by unit index) that has one, for these two files."""
        found = review_store().verdicts(self.task, self.gold_sha256, self.sys_sha256)
        index_of = self.index_of
        return {index_of[key]: review for key, review in found.items() if key in index_of}

    def offered(self) -> dict[int, Review]:
        """Reviews made against another version of the system file whose unit spans match
        units of this one (by unit index).  The server reads them at most once every
        :data:`OFFERED_SECONDS` for these files (reviews of another version are rarely
        written while these are reviewed), and again once they are taken."""
        files = (self.task, self.gold_sha256, self.sys_sha256)
        kept = _OFFERED.get((store_location(), *files))
        if kept is None or time.monotonic() - kept[0] > OFFERED_SECONDS:
            kept = (time.monotonic(), review_store().offered(*files, self.keys))
            _OFFERED[(store_location(), *files)] = kept
        index_of = self.index_of
        return {index_of[key]: review for key, review in kept[1].items() if key in index_of}

    def record(self, index: int, verdict: str | None, note: str, reviewer: str) -> None:
        """Write unit ``index``'s verdict and note to the store now."""
        review_store().record(self.keys[index], verdict, note, reviewer,
                              self.text(index, "gold"), self.text(index, "sys"))
        st.session_state[_WRITTEN] = True


def reviewing(task: str, loaded: LoadedInput | None, prefix: str, units: Sequence[Any],
              mismatched: Callable[[Any], bool], text: Callable[[int, str], str]) -> Reviewed | None:
    """``loaded`` made reviewable (built once per load and page ``prefix``), or ``None`` when
    it holds no files (a saved JSON result) or nothing is loaded.  ``units`` are the result's
    units in unit order, ``mismatched(unit)`` says whether one has an error."""
    if loaded is None or loaded.gold_file is None or loaded.sys_file is None:
        return None
    try:
        with store_errors(store_location() or default_location()):
            review_store()
    except (InputError, OSError) as error:
        st.error(f"Verdicts cannot be kept: {md_text(error)}.", icon=":material/error:")
        return None
    slot = f"_rv_{prefix}reviewed"
    kept = st.session_state.get(slot)
    if kept is not None and kept[0] == loaded.fingerprint:
        return kept[1]
    gold_sha, sys_sha = file_sha256(loaded.gold_file.data), file_sha256(loaded.sys_file.data)
    keys = tuple(unit_keys(loaded.result, gold_sha, sys_sha))
    made = Reviewed(task, prefix, gold_sha, sys_sha, keys, {key: index for index, key in enumerate(keys)},
                    frozenset(index for index, unit in enumerate(units) if mismatched(unit)), text)
    st.session_state[slot] = (loaded.fingerprint, made)
    return made


# --- the unit list ------------------------------------------------------------------


def verdict_filter(reviewed: Reviewed | None, key: str, width: int | None = None) -> frozenset[str]:
    """The filter by verdict (bound to the URL as ``?key=``; empty: every unit); disabled
    when the input cannot be reviewed."""
    chosen = st.multiselect(
        FILTER_LABEL, list(FILTER_CHOICES), key=key, bind="query-params", placeholder="any verdict",
        disabled=reviewed is None, width=width or "stretch",
        help="Only the units with one of these verdicts (\u201cnot reviewed yet\u201d: no verdict).")
    return frozenset(chosen)


def verdict_text(review: Review | None) -> str:
    """How a table shows a unit's verdict (:data:`NONE` without one)."""
    return review.verdict if review is not None and review.verdict is not None else NONE


def filter_units(items: Iterable[Any], index: Callable[[Any], int], reviews: Mapping[int, Review],
                 chosen: frozenset[str]) -> list[Any]:
    """The ``items`` (units, or their numbers: ``index(item)`` is the unit number) whose
    verdict is among ``chosen`` (:data:`NOT_REVIEWED` for none); all of them when ``chosen`` is empty."""
    if not chosen:
        return list(items)
    kept = []
    for item in items:
        review = reviews.get(index(item))
        verdict = NOT_REVIEWED if review is None or review.verdict is None else review.verdict
        if verdict in chosen:
            kept.append(item)
    return kept


def with_verdicts(frame: pd.DataFrame, indices: Sequence[int], reviews: Mapping[int, Review],
                  position: int = 1) -> pd.DataFrame:
    """``frame`` (one row per unit of ``indices``) with a ``Verdict`` column at ``position``
    (after the unit's number: a key column, before what the unit cost)."""
    frame.insert(position, VERDICT_LABEL, [verdict_text(reviews.get(index)) for index in indices])
    return frame


def reviewed_count(reviewed: Reviewed, reviews: Mapping[int, Review]) -> str:
    """``37 of 120 mismatched units reviewed`` (and how many correct units have a verdict)."""
    done = [index for index, review in reviews.items() if review.verdict is not None]
    on_mismatched = sum(1 for index in done if index in reviewed.mismatched)
    text = f"{of_total(on_mismatched, len(reviewed.mismatched), 'mismatched unit', grouped=True)} reviewed"
    others = len(done) - on_mismatched
    if others:
        text += f" (and {plural(others, 'correct unit', grouped=True)})"
    return text


# --- the reviewer ---------------------------------------------------------------------


def _session() -> str:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "no-session"


def _fragment_rerun() -> bool:
    """True when this run reruns a fragment only (a unit's detail), not the whole page."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx is not None and bool(ctx.fragment_ids_this_run)


def reviewer_name() -> str | None:
    """This session's reviewer, as the store keeps it (``None`` until given)."""
    name = st.session_state.get(_REVIEWER)
    if name is None:
        name = review_store().reviewer(_session())
        if name:
            st.session_state[_REVIEWER] = name
    return name or None


def _take_name(key: str) -> None:
    name = str(st.session_state.get(key) or "").strip()
    if name:
        review_store().set_reviewer(_session(), name)
        st.session_state[_REVIEWER] = name


def _forget_name() -> None:
    st.session_state.pop(_REVIEWER, None)
    review_store().set_reviewer(_session(), "")


def _reviewer_row(prefix: str) -> str | None:
    """The reviewer's name: asked for until given, then shown with a way to change it."""
    name = reviewer_name()
    if name is None:
        key = f"{prefix}rv_name"
        st.text_input("Your name (recorded with each verdict; asked once per session)", key=key,
                      on_change=_take_name, args=(key,), placeholder="e.g. Ana", width=320)
        st.caption("Give your name, then set verdicts with the mouse or with keys 1–4.")
        return None
    row = st.container(horizontal=True, vertical_alignment="center", gap="small")
    row.caption(f"Reviewing as **{md_text(name)}**.")
    row.button("Change name", key=f"{prefix}rv_rename", type="tertiary", on_click=_forget_name)
    return name


# --- the panel -----------------------------------------------------------------------


def _set_from_control(reviewed: Reviewed, index: int, reviewer: str) -> None:
    prefix = reviewed.prefix
    reviewed.record(index, st.session_state.get(f"{prefix}rv_verdict"), st.session_state.get(f"{prefix}rv_note") or "",
                    reviewer)


def _set_from_key(reviewed: Reviewed, index: int, verdict: str, reviewer: str) -> None:
    reviewed.record(index, verdict, st.session_state.get(f"{reviewed.prefix}rv_note") or "", reviewer)


def _take_offered(reviewed: Reviewed, offered: Mapping[int, Review]) -> None:
    """Record the offered reviews on these units, in one transaction."""
    review_store().record_many(
        Review(reviewed.keys[index], review.verdict, review.note, review.reviewer, "",
               reviewed.text(index, "gold"), reviewed.text(index, "sys"))
        for index, review in offered.items())
    _OFFERED.pop((store_location(), reviewed.task, reviewed.gold_sha256, reviewed.sys_sha256), None)
    st.session_state[_WRITTEN] = True


def offered_banner(reviewed: Reviewed, reviews: Mapping[int, Review]) -> None:
    """When units of this system file match units reviewed against another version of it:
    how many, and a button that takes their verdicts."""
    offered = {index: review for index, review in reviewed.offered().items() if index not in reviews}
    if not offered:
        return
    count = len(offered)
    row = st.container(horizontal=True, vertical_alignment="center", gap="small")
    row.info(f"{plural(count, 'verdict', grouped=True)} from another version of the system file "
             f"{'matches' if count == 1 else 'match'} these units (the same characters on both sides).",
             icon=":material/history:")
    row.button(f"Take {'it' if count == 1 else 'them'}", key=f"{reviewed.prefix}rv_take",
               on_click=_take_offered, args=(reviewed, offered), icon=":material/download_done:",
               help="Record those verdicts and notes (with their reviewers' names) for these units.")


def review_panel(reviewed: Reviewed | None, index: int, reviews: Mapping[int, Review] | None = None) -> None:
    """The review of unit ``index`` (see the module doc); call inside the unit's detail with the
    ``reviews`` the page read in this run (read again when only the detail reruns)."""
    if reviewed is None:
        st.caption("No review here: verdicts are kept for a gold and a system file in a working review store "
                   "(a saved JSON result does not hold the files: load the files themselves).")
        return
    if st.session_state.pop(_WRITTEN, False) and _fragment_rerun():
        st.rerun()  # the unit list's Verdict column, its filter and the counts follow the store too
    prefix = reviewed.prefix
    if reviews is None or _fragment_rerun():
        reviews = reviewed.reviews()
    st.markdown(f"**Review** · {reviewed_count(reviewed, reviews)}")
    offered_banner(reviewed, reviews)
    reviewer = _reviewer_row(prefix)
    current = reviews.get(index)
    # the controls show what the store holds for the unit shown (set before they are drawn)
    st.session_state[f"{prefix}rv_verdict"] = current.verdict if current is not None else None
    st.session_state[f"{prefix}rv_note"] = current.note if current is not None else ""
    disabled = reviewer is None
    row = st.container(horizontal=True, wrap=True, vertical_alignment="bottom", gap="small")
    with row:
        st.segmented_control(
            VERDICT_LABEL, list(VERDICTS), key=f"{prefix}rv_verdict", disabled=disabled,
            on_change=_set_from_control, args=(reviewed, index, reviewer or ""),
            help="What you decided about this unit; written at once. Click the chosen one again for none.")
        for key, verdict in zip(KEYS, VERDICTS):
            st.button(key, key=f"{prefix}rv_key{key}", shortcut=key, type="tertiary", disabled=disabled,
                      on_click=_set_from_key, args=(reviewed, index, verdict, reviewer or ""),
                      help=f"Key {key}: {verdict}.")
    st.text_input(NOTE_LABEL, key=f"{prefix}rv_note", disabled=disabled, max_chars=2000,
                  on_change=_set_from_control, args=(reviewed, index, reviewer or ""),
                  placeholder="Why (optional); Enter keeps it",
                  help="Kept with the verdict; Enter or leaving the field writes it.")
    if current is not None and current.reviewer:
        when = current.time[:19].replace("T", " ")
        st.caption(f"Last written by {md_text(current.reviewer)} at {md_text(when)} UTC.")
    st.caption("Keys: 1 gold error · 2 system error · 3 both acceptable · 4 unclear; J / K the next / "
               "previous unit.")


def judged(reviews: Mapping[int, Review]) -> dict[int, Review]:
    """The reviews of ``reviews`` that hold a verdict (a note alone is not a verdict)."""
    return {index: review for index, review in reviews.items() if review.verdict is not None}


def session_kept(reviewed: Reviewed, name: str, key: object, make: Callable[[], Any]) -> Any:
    """``make()`` kept for this session and page while ``key`` (what it depends on) stays the same."""
    slot = f"_rv_{reviewed.prefix}{name}"
    found = st.session_state.get(slot)
    if found is not None and found[0] == key:
        return found[1]
    value = make()
    st.session_state[slot] = (key, value)
    return value
