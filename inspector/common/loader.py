"""The one loader: a pair of files from a bundled sample, an upload, pasted text or a
saved JSON result, evaluated by jpcore once and kept for the session.

Every evaluation view describes its loader with a :class:`LoaderSpec` -- its
sample catalogue, how it asks for its two files, the formats it reads (their
memory per byte), the jpcore call that evaluates them, the result type of its
JSON, its URL keys (its :class:`~inspector.common.state.Slot`): the fields of
:class:`~inspector.common.loader_spec.LoaderDescription` -- and calls
:meth:`LoaderSpec.run`, which does the rest the same way for every evaluation:

* the Source radio (``sample`` | ``upload`` | ``paste`` | ``json``) and the
  source's widgets (:mod:`inspector.common.input_widgets`), in the sidebar
  under the loader's title, gold before system on every page, keyed ``{prefix}source``,
  ``{prefix}sample``, ``{prefix}upload_gold`` ... so views never collide;
* a sample is chosen *by name* from the catalogue (an unknown key is
  ignored, a path is never read); what is loaded stays for the session and
  the URL names it (:mod:`inspector.common.loader_state`);
* an input is identified by its fingerprint (content digests, names,
  options): the same fingerprint is never evaluated twice in a row;
* user files over the app's size limit, or that would take the session past
  its memory budget, are refused before anything is read
  (:mod:`inspector.common.input_limits`); what the new data holds is kept
  with it, so the next load counts it;
* loading runs inside a status box that reports its stages; a JSON result is
  read by :func:`jpcore.results.reader.read_run_json` (validated in
  full; a ``"comparison"`` it holds is kept as the loaded input's
  ``saved_comparison``), files by the view's jpcore call -- either, for 256 KB
  or more, in a child process (:mod:`inspector.common.evaluator`); both are cached
  on the bytes (:data:`inspector.common.result_cache.RESULTS`), never on
  the names;
* bad input (:class:`~jpcore.errors.InputError`) becomes one ``st.error``
  with the ``file:line: expected ..., found ...`` message -- never a
  traceback -- and is remembered, so a rerun does not evaluate it again;
* the previously loaded data stays until a new input succeeds;
* under it, the signature of what is loaded (:mod:`inspector.common.run_signature`):
  the line ``jpcore TASK`` prints for the same files and options, or a saved
  result's own, with a warning when the current settings would give another;
* under it, the gold self-check (:mod:`inspector.common.gold_check`): ``jpcore check`` on the
  gold file, run after the page (cached), a warning above the page when it fails;
* under it, the *System B* input (:mod:`inspector.common.system_b`): a
  second system aligned to the same gold with the same options, compared
  with the loaded one on the Compare page and in each view's significance line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from jpcore.errors import InputError
from jpcore.extras.comparison import ComparisonRun
from jpcore.results.reader import read_run_json
from jpcore.signature import file_hash
from inspector.common import gold_check, loader_state, system_b, url_state
from inspector.common.evaluator import EvaluationStopped, evaluate
from inspector.common.files import NamedBytes
from inspector.common.input_limits import Part, check_input, held_estimate
from inspector.common.input_widgets import Field, json_upload, paste_pair, sample_key, upload_pair
# the loader's description, the request and the sources live a floor below (system B reads them
# too); the views import them from here, as before
from inspector.common.loader_spec import SOURCES, Asking, LoaderDescription, Request, Step
from inspector.common.markup import md_text
from inspector.common.result_cache import RESULTS, compacted, key_of
from inspector.common.state import session_held_bytes
from inspector.common.run_signature import shown_signature
from inspector.common.url_kinds import Params
from inspector.common.widgets import loading_status
from inspector.common.wording import PASTED_NAMES

__all__ = ["SOURCES", "Asking", "LoaderSpec", "Request", "Step", "read_json"]


class LoaderSpec(LoaderDescription):
    """One evaluation's loader (see the module doc): its description
    (:class:`~inspector.common.loader_spec.LoaderDescription`, what system B reads too)
    and the loader drawn and run for it."""

    def run(self) -> Any:
        """Draw the loader, evaluate a new input, make the URL name what is loaded; return
        what is loaded (the view's :class:`~inspector.common.state.LoadedInput`) or ``None``."""
        return _run(self)

    def url_params(self) -> Params:
        """The URL parameters naming what the loader holds: system A's (its slot's) and
        system B's (:func:`inspector.common.system_b.slot_of`), for its pages' ``PageSpec``."""
        return {**self.slot.url_params(), **system_b.slot_of(self.slot).url_params()}

    def follow_link(self) -> Any:
        """On a page that reads this loader without drawing it (Analysis, Compare, Ranking): load
        the bundled system A and B the URL names when the session holds no data or other bundled
        data (a link opened in a new browser, browser Back/Forward), as the loader's own pages
        would; return what is loaded (see :func:`_follow_link`)."""
        return _follow_link(self)

    def name_in_url(self) -> None:
        """Make the URL name what the loader holds, A and B, as its own pages' URLs do (on a page
        that reads the loader without drawing it); nothing changes while nothing is loaded."""
        loaded = self.slot.get()
        if loaded is not None:
            loader_state.name_in_url(self.slot, loaded)
            system_b.write_url(self)

    def get_loaded_b(self) -> Any:
        """System B as loaded against the system A loaded now (:mod:`inspector.common.system_b`),
        or ``None``."""
        return system_b.current(self)


def _fields(spec: LoaderSpec, asking: Asking, kind: str) -> tuple[Field, Field]:
    gold = Field(asking.gold, f"{spec.prefix}{kind}_gold", asking.gold_help, pasted_name=PASTED_NAMES["gold"])
    system = Field(asking.system, f"{spec.prefix}{kind}_sys", asking.system_help, pasted_name=PASTED_NAMES["system"])
    return gold, system


def _sample_request(spec: LoaderSpec) -> Request:
    keys = spec.keys
    key = sample_key(keys.sample_key, keys.samples, spec.default_sample, spec.sample_help, label=spec.sample_label)
    sample = spec.sample(key)
    if spec.on_sample is not None:
        spec.on_sample(sample)
    st.caption(md_text(sample.note))
    gold, system, extra = sample.read_files()
    return Request("sample", sample.title, gold, system, extra, sample_key=sample.key)


def _upload_request(spec: LoaderSpec) -> Request | None:
    files = upload_pair(*_fields(spec, spec.upload, "upload"), spec.limits, spec.upload.waiting,
                        optional=spec.extra_upload)
    if files is None:
        loader_state.kept(spec.keys, "upload")
        return None
    gold, system, third = files
    return Request("upload", f"{gold.name} vs {system.name} (uploaded)", gold, system, third)


def _paste_request(spec: LoaderSpec) -> Request | None:
    texts = paste_pair(f"{spec.prefix}paste_form", *_fields(spec, spec.paste, "paste"),
                       (spec.paste_button, f"{spec.prefix}paste_submit"), spec.paste.waiting,
                       height=spec.paste_height)
    if texts is None:
        loader_state.kept(spec.keys, "paste")
        return None
    return Request("paste", spec.pasted_label, *texts)


def _json_request(spec: LoaderSpec) -> Request | None:
    file = json_upload(f"{spec.prefix}upload_json", spec.json_written_by, spec.limits)
    if file is None:
        loader_state.kept(spec.keys, "json")
        return None
    return Request("json", f"{file.name} (saved result)", json_file=file)


def read_json(spec: LoaderSpec, file: NamedBytes) -> tuple[Any, ComparisonRun | None, str | None]:
    """A result saved with ``--json`` (or the app's JSON download), validated in full, the
    comparison with a system B it holds (``--compare``), else ``None``, and its
    ``"signature"`` (``None`` when it has none); cached on its bytes.

    A large file is read in a child process, as a large input is evaluated
    (:func:`inspector.common.evaluator.evaluate`).  The child and the cache hand over the result
    and the comparison's JSON (a comparison holds its measure's functions, which do not pickle);
    the comparison is made again from that JSON, which was checked when the file was read."""
    key = key_of(f"{spec.task}-run-json", (file.data,))
    result, comparison_data, signature = RESULTS.compute(key, lambda: evaluate(
        len(file.data), _read_saved, file.data, file.name, spec.result_type.from_dict, spec.task))
    return result, ComparisonRun.rebuild(comparison_data, result) if comparison_data is not None else None, signature


def _read_saved(data: bytes, name: str, from_dict: Any, task: str) -> tuple[Any, dict[str, Any] | None, str | None]:
    """:func:`read_json`'s reading, in this process or a child: the result (compacted), the JSON
    of its comparison or ``None``, its signature or ``None``."""
    saved = read_run_json(data, name, from_dict, task)
    comparison = saved.extras.comparison
    return (compacted(saved.result), comparison.to_dict() if comparison is not None else None,
            saved.extras.signature)


def _parts(spec: LoaderSpec, request: Request) -> list[Part]:
    if request.json_file is not None:
        return [(request.json_file, spec.json_factor)]
    gold, system = ((part, spec.file_factor(part, request.options) if part is not None else None)
                    for part in (request.gold, request.system))
    return [gold, system, (request.extra, spec.extra_factor)]


def _apply(spec: LoaderSpec, request: Request) -> None:
    """Load ``request`` into the spec's slot unless it is already loaded or already failed."""
    slot, fingerprint = spec.slot, request.fingerprint()
    loaded = slot.get()
    if loaded is not None and loaded.fingerprint == fingerprint:
        return
    failure = slot.failure()
    if failure is None or failure[0] != fingerprint:
        try:
            parts = _parts(spec, request)
            if request.source != "sample":  # the user's files; a bundled sample only counts in the memory
                held = check_input(parts, spec.limits, session_held_bytes())
            else:
                held = held_estimate(parts)
            with loading_status(f"Loading {request.label}") as step:
                step(spec.reading)
                saved_comparison = saved_signature = hashes = None
                if request.json_file is not None:
                    result, saved_comparison, saved_signature = read_json(spec, request.json_file)
                else:
                    result = spec.evaluate(request)
                    if request.gold is not None and request.system is not None:
                        hashes = {"gold": file_hash(request.gold.data), "sys": file_hash(request.system.data)}
                new = spec.loaded(result, request, fingerprint, step)
                new.saved_comparison, new.saved_signature, new.file_hashes = saved_comparison, saved_signature, hashes
                new.gold_file, new.sys_file = request.gold, request.system
            slot.put(new, held)
            return
        except (InputError, EvaluationStopped) as error:  # a child killed: said as bad input is
            failure = (fingerprint, str(error))
            st.session_state[slot.failed_key] = failure
    kept = f" Still showing the previous {slot.what}: {md_text(loaded.label)}." if loaded else ""
    st.error(f"Could not load {md_text(request.label)}: {md_text(failure[1])}.{kept}", icon=":material/error:")


def _run(spec: LoaderSpec) -> Any:
    """:meth:`LoaderSpec.run`."""
    loader_state.prepare(spec.keys)
    with st.sidebar:
        st.header(spec.title)
        source = st.radio("Source", list(SOURCES), format_func=spec.source_labels.__getitem__,
                          key=f"{spec.prefix}source", persist_state="session")
        settings = spec.settings() if spec.settings is not None else None
        request = {"sample": _sample_request, "upload": _upload_request, "paste": _paste_request,
                   "json": _json_request}[source](spec)
        options = spec.options(source) if spec.options is not None else None
    if request is not None and request.source != "json":
        request = replace(request, options=options)
    if request is not None:
        _apply(spec, request)
    loader_state.write_url(spec.keys)
    loaded = spec.slot.get()
    if spec.shown is not None:
        spec.shown(loaded, settings)
    if loaded is not None:
        flags = spec.cli_flags(options, settings) if spec.cli_flags is not None else ()
        with st.sidebar:
            shown_signature(spec.task, flags, loaded.file_hashes, loaded.saved_signature)
        gold_check.reserve(loaded)
    system_b.run(spec, request)
    return loaded



def _follow_link(spec: LoaderSpec) -> Any:
    """:meth:`LoaderSpec.follow_link`: a bundled sample the URL names (``?sample=KEY``) is loaded
    when nothing is loaded, or when the URL came from outside and names another sample than the
    bundled one loaded (data from a file is never replaced: the loader's rule), with the options
    the loader's widgets hold once the sample is chosen (``on_sample``, ``held_options``); the
    loader's widgets are set to it, so its own page shows the same choice and loads nothing
    again.  Then system B (:func:`inspector.common.system_b.follow_link`)."""
    slot, keys = spec.slot, spec.keys
    wanted = url_state.link_value(slot.sample_param)
    loaded = slot.get()
    request = None
    other = (loaded is not None and loaded.sample_key not in (None, wanted)
             and url_state.changed_from_outside(slot.sample_param))
    if wanted in spec.catalogue and (loaded is None or other):
        sample = spec.sample(wanted)
        st.session_state[keys.source_key] = "sample"
        st.session_state[keys.sample_key] = wanted
        if spec.on_sample is not None:
            spec.on_sample(sample)
        gold, system, extra = sample.read_files()
        options = spec.held_options("sample") if spec.held_options is not None else None
        request = Request("sample", sample.title, gold, system, extra, sample_key=sample.key, options=options)
        _apply(spec, request)
    system_b.follow_link(spec, request)
    return slot.get()
