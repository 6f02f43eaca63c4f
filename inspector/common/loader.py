"""The one loader: a pair of files from a bundled sample, an upload, pasted text or a
saved JSON result, evaluated by jpcore once and kept for the session.

Every evaluation view describes its loader with a :class:`LoaderSpec` -- its
sample catalogue, how it asks for its two files, the formats it reads (their
memory per byte), the jpcore call that evaluates them, the result type of its
JSON, its URL keys (its :class:`~inspector.common.state.Slot`) -- and calls
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
  ``saved_comparison``), files by the view's jpcore call; both are cached
  on the bytes (:data:`inspector.common.result_cache.RESULTS`), never on
  the names;
* bad input (:class:`~jpcore.errors.InputError`) becomes one ``st.error``
  with the ``file:line: expected ..., found ...`` message -- never a
  traceback -- and is remembered, so a rerun does not evaluate it again;
* the previously loaded data stays until a new input succeeds;
* under it, the *System B* input (:mod:`inspector.common.system_b`): a
  second system aligned to the same gold with the same options, compared
  with the loaded one on the Compare page and in each view's significance line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from jpcore.errors import InputError
from jpcore.extras.comparison import ComparisonRun
from jpcore.results.reader import read_run_json
from jpcore.reports import InputInfo
from inspector.common import loader_state, system_b
from inspector.common.files import NamedBytes
from inspector.common.input_limits import Factor, Limits, Part, check_input, held_estimate
from inspector.common.input_widgets import Field, fingerprint, json_upload, paste_pair, sample_key, upload_pair
from inspector.common.markup import md_text
from inspector.common.result_cache import RESULTS, compacted, key_of
from inspector.common.samples import BundledPair, SecondSample
from inspector.common.state import LoadedInput, Slot, session_held_bytes
from inspector.common.url_kinds import Params
from inspector.common.widgets import loading_status
from inspector.common.wording import PASTED_NAMES

#: ``step(text)``: report a stage of the loading in the status box.
Step = Callable[[str], None]
#: The four sources, in the order of the Source radio.
SOURCES = ("sample", "upload", "paste", "json")


@dataclass(frozen=True, slots=True)
class Request:
    """One input to evaluate, as chosen in the loader: the gold and system files (and
    an ``extra`` one, e.g. the raw text), the view's options, or a saved JSON result."""

    source: str
    label: str
    gold: NamedBytes | None = None
    system: NamedBytes | None = None
    extra: NamedBytes | None = None
    options: object = None
    sample_key: str | None = None
    json_file: NamedBytes | None = None

    def fingerprint(self) -> str:
        """A digest of the contents, names and options (what makes it a new input)."""
        return fingerprint((self.source, self.options, self.sample_key),
                           (self.gold, self.system, self.extra, self.json_file))


@dataclass(frozen=True, slots=True)
class Asking:
    """How one source asks for the two files: labels, help texts, the caption shown
    until both are given."""

    gold: str
    system: str
    waiting: str
    gold_help: str = ""
    system_help: str = ""


@dataclass(frozen=True)
class LoaderSpec:
    """One evaluation's loader (see the module doc); every callable is the view's own."""

    task: str
    """jpcore's task name: the ``task`` of its JSON results, the result cache's key."""
    slot: Slot
    """Where the session keeps what is loaded; its URL parameters."""
    prefix: str
    """The start of every widget key (``bk_``: ``bk_source``, ``bk_upload_gold``...)."""
    title: str
    """The loader's heading in the sidebar."""
    catalogue: Mapping[str, BundledPair]
    default_sample: str
    source_labels: Mapping[str, str]
    """The Source radio's label of each of :data:`SOURCES`."""
    sample_help: str
    upload: Asking
    paste: Asking
    paste_button: str
    pasted_label: str
    """How messages name pasted input ("pasted trees")."""
    json_written_by: str
    """The command whose ``--json`` the JSON source reads."""
    limits: Limits
    json_factor: Factor
    evaluate: Callable[[Request], Any]
    """jpcore on the request's files (cached by the view); InputError for bad input."""
    result_type: Any
    """The result class; its ``from_dict`` reads a saved JSON result."""
    loaded: Callable[[Any, Request, str, Step], LoadedInput]
    """The result, its request and fingerprint -> what the slot keeps (it may report more stages)."""
    reading: str
    """The first stage of loading, as the status box says it."""
    input_names: Callable[[Any], Sequence[tuple[str, str]]]
    """A result's input files for the HTML report: ``(role, name)`` in display order."""
    factor: Callable[[NamedBytes, Any], Factor] | None = None
    """The memory per byte of a user's gold or system file, read with the options (by
    default the one format of ``limits``)."""
    sample_label: str = "Sample"
    extra_upload: Field | None = None
    """An optional third uploader (e.g. the raw text: ``Request.extra``)."""
    extra_factor: Factor | None = None
    """The memory per byte of that third file."""
    paste_height: int = 140
    options: Callable[[str], Any] | None = None
    """The option widgets (after the source's), given the source; what they choose is part of the input."""
    settings: Callable[[], Any] | None = None
    """Widgets after the Source radio that are not part of the input (applied by ``shown``)."""
    on_sample: Callable[[BundledPair], None] | None = None
    """Called when a sample is chosen, before its caption (e.g. to set the options to the sample's)."""
    shown: Callable[[LoadedInput | None, Any], None] | None = None
    """After loading: what is loaded and the settings (e.g. a caption under the loader)."""
    second_systems: Callable[[BundledPair], Mapping[str, SecondSample]] | None = None
    """System B's bundled choices for a sample beyond the catalogue's own siblings
    (:func:`inspector.common.samples.siblings`), e.g. systems made from its raw text."""

    @property
    def keys(self) -> loader_state.LoaderKeys:
        """Its keys for :mod:`inspector.common.loader_state`."""
        titles = {key: sample.title for key, sample in self.catalogue.items()}
        return loader_state.LoaderKeys(self.slot, f"{self.prefix}source", f"{self.prefix}sample", titles,
                                       self.default_sample)

    def sample(self, key: str | None) -> BundledPair:
        """The sample called ``key``; the default sample for an unknown key."""
        return self.catalogue.get(key or "", self.catalogue[self.default_sample])

    def file_factor(self, part: NamedBytes, options: Any) -> Factor:
        """The memory per byte of ``part`` (a gold or system file) read with ``options``."""
        if self.factor is not None:
            return self.factor(part, options)
        (only,) = self.limits.formats
        return only

    def run(self) -> Any:
        """Draw the loader, evaluate a new input, make the URL name what is loaded; return
        what is loaded (the view's :class:`~inspector.common.state.LoadedInput`) or ``None``."""
        return _run(self)

    def get_loaded(self) -> Any:
        """What is loaded (the view's :class:`~inspector.common.state.LoadedInput`), or ``None``."""
        return self.slot.get()

    def url_params(self) -> Params:
        """The URL parameters naming what the loader holds: system A's (its slot's) and
        system B's (:func:`inspector.common.system_b.slot_of`), for its pages' ``PageSpec``."""
        return {**self.slot.url_params(), **system_b.slot_of(self.slot).url_params()}

    def get_loaded_b(self) -> Any:
        """System B as loaded against the system A loaded now (:mod:`inspector.common.system_b`),
        or ``None``."""
        return system_b.current(self)

    def report_inputs(self, loaded: LoadedInput) -> list[InputInfo]:
        """The HTML report's inputs: the file names shown, and for a bundled sample the
        licence and attribution of its folder's ``SOURCE.md`` (unknown for user files)."""
        text = self.sample(loaded.sample_key).attribution() if loaded.sample_key is not None else None
        return [InputInfo(role, name, text) for role, name in self.input_names(loaded.result)]


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


def read_json(spec: LoaderSpec, file: NamedBytes) -> tuple[Any, ComparisonRun | None]:
    """A result saved with ``--json`` (or the app's JSON download), validated in full, and the
    comparison with a system B it holds (``--compare``), else ``None``; cached on its bytes.

    The cache keeps the result and the comparison's JSON (a comparison holds its measure's
    functions, which do not pickle); a result found there has its comparison made again
    from that JSON, which was checked when the file was first read."""
    made: list[ComparisonRun | None] = []

    def read() -> tuple[Any, dict[str, Any] | None]:
        saved = read_run_json(file.data, file.name, spec.result_type.from_dict, spec.task)
        made.append(saved.extras.comparison)
        comparison = saved.extras.comparison
        return compacted(saved.result), comparison.to_dict() if comparison is not None else None

    result, comparison_data = RESULTS.compute(key_of(f"{spec.task}-run-json", (file.data,)), read)
    if made:
        return result, made[0]
    return result, ComparisonRun.rebuild(comparison_data, result) if comparison_data is not None else None


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
                saved_comparison = None
                if request.json_file is not None:
                    result, saved_comparison = read_json(spec, request.json_file)
                else:
                    result = spec.evaluate(request)
                new = spec.loaded(result, request, fingerprint, step)
                new.saved_comparison = saved_comparison
                new.gold_file, new.sys_file = request.gold, request.system
            slot.put(new, held)
            return
        except InputError as error:
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
    system_b.run(spec, request)
    return loaded

