"""System B: a second system, compared with the loaded one (system A) on the same gold.

Contract, for every loader (:class:`~inspector.common.loader.LoaderSpec`, read here as its
description, :class:`~inspector.common.loader_spec.LoaderDescription`;
:func:`run` is called by :meth:`LoaderSpec.run` after system A is loaded,
so every evaluation view offers it on every page that draws its loader):

* in the sidebar, under the loader, a *System B* radio: none, a bundled
  second system (only when A is a bundled sample that has one:
  :func:`inspector.common.samples.siblings`, or the view's own
  ``second_systems``, e.g. a tokenizer run on the sample's raw text), one
  uploaded file, or pasted text.  A loaded from a saved JSON result has no
  gold file to align B to: the radio is not offered then, and the
  comparison the file holds, if any (``--compare``), is :func:`saved`;
* B is evaluated by the view's own jpcore call with A's gold file, its
  third file and its options (``Request`` of A with B as the system), so
  each system is aligned to the same gold on its own, exactly as
  ``jpcore TASK GOLD A --compare B`` does; limits, the status box and
  errors are the loader's (bad input: one ``st.error``, nothing loaded is
  lost);
* what B holds is the view's own :class:`~inspector.common.state.LoadedInput`,
  kept in a slot of its own (:func:`slot_of`) with the fingerprint of the A
  it was aligned against (:func:`current` gives it only while that A is
  loaded); the comparison itself is :func:`comparison`, jpcore's
  :func:`~jpcore.extras.comparison.compare_results` with the command
  line's defaults (paired bootstrap, 1,000 resamples, seed 12345), made once
  per measure;
* the URL names B as it names A, with ``_b`` after A's parameters
  (``?sample_b=punkt-wordpunct``, ``?m2_b=toy``, ``?deps_data_b=upload-...``):
  a new session (a reload, a link) chooses the same bundled B again, and
  browser Back/Forward to an address naming another bundled B (or A but no
  B) chooses it (or none), as A's loader follows the URL; data from a file
  is never replaced by a URL.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from jpcore.errors import InputError
from jpcore.extras.comparison import ComparisonRun, compare_results
from jpcore.extras.options import DEFAULT_SAMPLES, DEFAULT_SEED
from jpcore.stats import PAIRED_BOOTSTRAP
from inspector.common import url_state
from inspector.common.evaluator import EvaluationStopped
from inspector.common.files import NamedBytes
from inspector.common.input_limits import check_input, held_estimate, upload_help
from inspector.common.input_widgets import fingerprint
from inspector.common.loader_spec import LoaderDescription, Request
from inspector.common.loader_state import SOURCE_NOUNS, name_in_url
from inspector.common.markup import md_text
from inspector.common.samples import SecondSample, siblings
from inspector.common.state import LoadedInput, Slot, session_held_bytes
from inspector.common.widgets import loading_status

#: The System B radio's choices.
SOURCES = ("none", "sample", "upload", "paste")
SOURCE_LABELS = {"none": "None", "sample": "Bundled B", "upload": "Upload B", "paste": "Paste B"}
#: What B is called in messages and tables.
NAME = "system B"
_SLOTS: dict[str, Slot] = {}


def slot_of(slot: Slot) -> Slot:
    """The slot that keeps system B beside system A's ``slot`` (its URL parameters: A's with ``_b``)."""
    if slot.loaded_key not in _SLOTS:
        _SLOTS[slot.loaded_key] = Slot(f"{slot.loaded_key}_b", f"{slot.failed_key}_b", what=NAME,
                                       sample_param=f"{slot.sample_param}_b", data_param=f"{slot.data_param}_b")
    return _SLOTS[slot.loaded_key]


@dataclass(frozen=True, slots=True)
class _Held:
    """What B was aligned against: system A's fingerprint; and B's own fingerprint."""

    a_fingerprint: str
    b_fingerprint: str


def _keys(spec: LoaderDescription) -> dict[str, str]:
    p = spec.prefix
    return {"source": f"{p}b_source", "sample": f"{p}b_sample", "upload": f"{p}b_upload",
            "paste": f"{p}b_paste", "form": f"{p}b_paste_form", "submit": f"{p}b_paste_submit",
            "against": f"{spec.slot.loaded_key}_b_against", "request": f"{spec.slot.loaded_key}_a_request",
            "runs": f"{spec.slot.loaded_key}_b_runs"}


def current(spec: LoaderDescription) -> LoadedInput | None:
    """System B as loaded against the system A loaded now, or ``None``."""
    a, b = spec.slot.get(), slot_of(spec.slot).get()
    if a is None or b is None:
        return None
    held = st.session_state.get(_keys(spec)["against"])
    return b if held == _Held(a.fingerprint, b.fingerprint) else None


def comparison(spec: LoaderDescription, measure: str | None = None) -> ComparisonRun | None:
    """A against B on ``measure`` (the task's headline when ``None``), as ``jpcore TASK GOLD A
    --compare B`` computes it with its defaults; ``None`` while no B is loaded."""
    a, b = spec.slot.get(), current(spec)
    if a is None or b is None:
        return None
    runs: dict = st.session_state.setdefault(_keys(spec)["runs"], {})
    key = (a.fingerprint, b.fingerprint, measure)
    if key not in runs:
        for old in [k for k in runs if k[:2] != key[:2]]:
            del runs[old]
        names = spec.input_names(a.result)
        runs[key] = compare_results(a.result, b.result, measure=measure, method=PAIRED_BOOTSTRAP,
                                    samples=DEFAULT_SAMPLES, seed=DEFAULT_SEED,
                                    system_a=_system_name(names), system_b=_system_name(spec.input_names(b.result)))
    return runs[key]


def shown(spec: LoaderDescription) -> ComparisonRun | None:
    """The comparison the view shows: A against the loaded B (:func:`comparison`, the task's
    headline measure), else the one a saved JSON result holds (:func:`saved`), else ``None``."""
    return comparison(spec) or saved(spec)


def saved(spec: LoaderDescription) -> ComparisonRun | None:
    """The comparison that the system A loaded from a saved JSON result holds (written by
    ``jpcore TASK GOLD A --compare B --json``, read back and made again by jpcore), or ``None``.
    Its B is no loaded result: the file holds B's totals and counts per common unit, not B's units."""
    a = spec.slot.get()
    return getattr(a, "saved_comparison", None) if a is not None else None


def offered(spec: LoaderSpec, a: LoadedInput) -> Mapping[str, SecondSample]:
    """The bundled second systems offered with the loaded ``a`` (what the System B selectbox lists;
    the Ranking page offers them too)."""
    return _offered(spec, a)


def a_request(spec: LoaderSpec, a: LoadedInput) -> Request | None:
    """System A's request (gold, third file, options) kept when ``a`` was loaded, with no system:
    what another system is aligned to gold with (``None`` for A from a saved JSON result)."""
    kept = st.session_state.get(_keys(spec)["request"])
    return kept[1] if kept is not None and kept[0] == a.fingerprint else None


def system_name(names: Any) -> str:
    """The system file's name among a result's ``(role, name)`` inputs."""
    return _system_name(names)


def _system_name(names: Any) -> str:
    """The system file's name among a result's ``(role, name)`` inputs."""
    for role, name in names:
        if role in ("system", "hypothesis", "sys"):
            return name
    return names[-1][1] if names else "system"


def _offered(spec: LoaderDescription, a: LoadedInput) -> Mapping[str, SecondSample]:
    if a.sample_key is None:
        return {}
    if spec.second_systems is not None:
        found = dict(siblings(spec.catalogue, a.sample_key))
        found.update(spec.second_systems(spec.sample(a.sample_key)))
        return found
    return siblings(spec.catalogue, a.sample_key)


def _prepare(spec: LoaderDescription, keys: dict[str, str], offered: Mapping[str, SecondSample]) -> None:
    """B's radio and selectbox before they are drawn: from the URL in a new session, and on
    browser Back/Forward (a URL from outside) as system A's loader follows it
    (:func:`inspector.common.loader_state.prepare`): another bundled B named is chosen, an
    address that names A but no B (one from before B was chosen) chooses none; a B from a
    file is never replaced or dropped by a URL: a note says what is still compared."""
    slot = slot_of(spec.slot)
    if keys["source"] not in st.session_state:
        token = url_state.link_value(slot.data_param)
        wanted = url_state.link_value(slot.sample_param)
        if token:
            st.session_state[keys["source"]] = token.split("-", 1)[0]
        elif wanted in offered:
            st.session_state[keys["source"]] = "sample"
            st.session_state[keys["sample"]] = wanted
        else:
            st.session_state[keys["source"]] = "none"
        return
    b: LoadedInput | None = slot.get()  # the B held, whichever A it was aligned against
    from_file = b is not None and b.sample_key is None
    if url_state.changed_from_outside(slot.sample_param):
        wanted = url_state.link_value(slot.sample_param)
        if wanted in offered and (b is None or wanted != b.sample_key):
            if from_file:
                url_state.note(f"The address named the bundled system B {md_text(offered[wanted].title)}; still "
                               f"comparing with {md_text(b.label)} (choose it under System B to load it).")
            else:
                st.session_state[keys["source"]] = "sample"
                st.session_state[keys["sample"]] = wanted
    if url_state.changed_from_outside(slot.data_param):
        token = url_state.link_value(slot.data_param)
        if token is not None and (b is None or token != b.token):
            noun = SOURCE_NOUNS.get(token.split("-", 1)[0], "data from a file")
            still = f"still comparing with {md_text(b.label)}" if b is not None else "no system B is loaded"
            url_state.note(f"The address named a system B from {noun} that is no longer loaded in this session; "
                           f"{still}.")
    if b is not None and _names_a_but_no_b(spec.slot, slot):
        if from_file:
            url_state.note(f"The address named no system B; still comparing with {md_text(b.label)} (choose "
                           "None under System B to drop it).")
        else:
            st.session_state[keys["source"]] = "none"


def _names_a_but_no_b(slot_a: Slot, slot_b: Slot) -> bool:
    """Whether this run's URL, from outside, names system A but none of the B the app had left
    in the URL (an address from before B was chosen)."""
    names_a = url_state.link_value(slot_a.sample_param) is not None or url_state.link_value(
        slot_a.data_param) is not None
    names_b = url_state.link_value(slot_b.sample_param) is not None or url_state.link_value(
        slot_b.data_param) is not None
    dropped = url_state.dropped_from_outside(slot_b.sample_param) or url_state.dropped_from_outside(
        slot_b.data_param)
    return names_a and not names_b and dropped


def _choice(spec: LoaderDescription, keys: dict[str, str], offered: Mapping[str, SecondSample]
            ) -> tuple[str, NamedBytes | None, str | None, str]:
    """Draw B's widgets: ``(source, file, bundled key, label)``; the file is ``None`` until given."""
    sources = [s for s in SOURCES if s != "sample" or offered]
    chosen_key = st.session_state.get(keys["sample"])
    if st.session_state.get(keys["source"]) == "sample" and chosen_key is not None and chosen_key not in offered:
        st.session_state[keys["source"]] = "none"  # A changed: its bundled B is not this data's
        st.session_state.pop(keys["sample"], None)
        st.caption("The bundled system B chosen before does not go with this data: choose another.")
    if st.session_state.get(keys["source"]) not in sources:
        st.session_state[keys["source"]] = "none"
    source = st.radio("System B (compare a second system)", sources, key=keys["source"],
                      format_func=SOURCE_LABELS.__getitem__, horizontal=True, persist_state="session",
                      help="A second system's output for the same gold: aligned to gold on its own, then both "
                           "are compared on their common units (paired bootstrap), as `--compare` does.")
    if source == "sample":
        if st.session_state.get(keys["sample"]) not in offered:
            st.session_state[keys["sample"]] = next(iter(offered))
        key = st.selectbox("Bundled system B", list(offered), key=keys["sample"],
                           format_func=lambda k: offered[k].title, persist_state="session")
        chosen = offered[key]
        st.caption(md_text(chosen.note))
        return source, chosen.read(), key, chosen.title
    if source == "upload":
        file = st.file_uploader("System B file", key=keys["upload"],
                                help=upload_help("The second system's output for the same gold, in the format "
                                                 "of system A's file.", spec.limits))
        if file is None:
            return source, None, None, ""
        return source, NamedBytes(file.name, file.getvalue()), None, f"{file.name} (uploaded)"
    if source == "paste":
        with st.form(keys["form"]):
            text = st.text_area("System B", key=keys["paste"], height=120, persist_state="session",
                                help="The second system's output, in the format of system A's.")
            st.form_submit_button("Compare pasted system B", key=keys["submit"])
        if not text.strip():
            return source, None, None, ""
        return source, NamedBytes("system B (pasted)", text.encode("utf-8")), None, "pasted system B"
    return source, None, None, ""


def _a_request(keys: dict[str, str], request: Request | None, a: LoadedInput) -> Request | None:
    """System A's request (gold, third file, options) for aligning B: this run's, else the one kept
    when A was loaded (an uploader is empty once its page was left)."""
    if request is not None and request.json_file is None and request.fingerprint() == a.fingerprint:
        st.session_state[keys["request"]] = (a.fingerprint, replace(request, system=None))
    kept = st.session_state.get(keys["request"])
    return kept[1] if kept is not None and kept[0] == a.fingerprint else None


def _forget(spec: LoaderDescription, keys: dict[str, str]) -> None:
    slot_of(spec.slot).clear()
    st.session_state.pop(keys["against"], None)
    st.session_state.pop(keys["runs"], None)


def _load(spec: LoaderDescription, keys: dict[str, str], a: LoadedInput, a_request: Request, source: str,
          file: NamedBytes, sample_key: str | None, label: str) -> None:
    slot = slot_of(spec.slot)
    b_request = replace(a_request, source=source, label=label, system=file, sample_key=sample_key)
    b_fingerprint = fingerprint((a.fingerprint, source, sample_key), (file,))
    b = slot.get()
    if b is not None and b.fingerprint == b_fingerprint:
        st.session_state[keys["against"]] = _Held(a.fingerprint, b_fingerprint)
        return
    failure = slot.failure()
    if failure is None or failure[0] != b_fingerprint:
        try:
            part = [(file, spec.file_factor(file, a_request.options))]
            held = held_estimate(part) if source == "sample" else check_input(
                part, spec.limits, session_held_bytes() - slot.held_bytes())
            with loading_status(f"Loading system B: {label}") as step:
                step(spec.reading)
                new = spec.loaded(spec.evaluate(b_request), b_request, b_fingerprint, step)
            _forget(spec, keys)
            slot.put(new, held)
            st.session_state[keys["against"]] = _Held(a.fingerprint, b_fingerprint)
            return
        except (InputError, EvaluationStopped) as error:  # a child killed: said as bad input is
            failure = (b_fingerprint, str(error))
            st.session_state[slot.failed_key] = failure
    st.error(f"Could not load system B {md_text(label)}: {md_text(failure[1])}.", icon=":material/error:")


def run(spec: LoaderDescription, request: Request | None) -> None:
    """Draw the System B input under the loader, load B against the loaded A, name it in the URL
    (see the module doc)."""
    keys, slot = _keys(spec), slot_of(spec.slot)
    a: LoadedInput | None = spec.slot.get()
    if a is None:
        return
    offered = _offered(spec, a)
    _prepare(spec, keys, offered)
    a_request = _a_request(keys, request, a)
    with st.sidebar:
        if a.source == "json":
            kept = saved(spec)
            held = (f" It holds the comparison with system B {md_text(kept.system_b)} made when it was saved: "
                    "the **Compare** page shows it." if kept is not None else "")
            st.caption("System B: a saved result has no gold file to align a second system to; load gold "
                       f"and system files (or a sample) to compare a system B with them.{held}")
            source, file, sample_key, label = "none", None, None, ""
        else:
            source, file, sample_key, label = _choice(spec, keys, offered)
    if source == "none":
        _forget(spec, keys)
    elif file is not None:
        if a_request is None:
            with st.sidebar:
                st.caption(f"Load {md_text(a.label)} again (its files are no longer in the loader) to align "
                           "a new system B to its gold.")
        else:
            _load(spec, keys, a, a_request, source, file, sample_key, label)
    b = current(spec)
    with st.sidebar:
        if file is None and source != "none":
            if b is not None and b.source == source:  # its widget is empty once the page was left: B stays
                st.caption(f"Loaded earlier in this session as system B: {md_text(b.label)}. Give another "
                           "file to replace it.")
            else:
                if slot.get() is not None:  # aligned to the data loaded before
                    _forget(spec, keys)
                    b = None
                st.caption("Give system B's file to compare it with system A on the same gold.")
        if b is not None:
            st.caption(f"System B: {md_text(b.label)}. The **Compare** page shows where B wins.")
    _write_url(slot, b)


def follow_link(spec: LoaderDescription, request: Request | None) -> None:
    """On a page that reads the loader without drawing it: the bundled system B the URL names
    (``?sample_b=KEY``) is loaded against the A loaded now (``request``: A's, when that page has
    just loaded it from the link) when no B is, or when the URL came from outside and names
    another bundled B than the one loaded (a B from a file is never replaced); B's widgets are
    set to it, so the loader's own page shows the same choice."""
    a: LoadedInput | None = spec.slot.get()
    if a is None:
        return
    keys, slot = _keys(spec), slot_of(spec.slot)
    a_request = _a_request(keys, request, a)
    wanted = url_state.link_value(slot.sample_param)
    offered = _offered(spec, a)
    if wanted not in offered or a_request is None:
        return
    b = current(spec)
    if b is not None and (b.sample_key in (None, wanted) or not url_state.changed_from_outside(slot.sample_param)):
        return
    st.session_state[keys["source"]] = "sample"
    st.session_state[keys["sample"]] = wanted
    chosen = offered[wanted]
    _load(spec, keys, a, a_request, "sample", chosen.read(), wanted, chosen.title)


def write_url(spec: LoaderDescription) -> None:
    """The URL names the system B loaded against the A loaded now, or no B (see :func:`_write_url`)."""
    _write_url(slot_of(spec.slot), current(spec))


def _write_url(slot: Slot, b: LoadedInput | None) -> None:
    """The URL names B (as A: a bundled key or a token) or nothing."""
    if b is None:
        for param in (slot.sample_param, slot.data_param):
            if param in st.query_params:
                del st.query_params[param]
        return
    name_in_url(slot, b)
