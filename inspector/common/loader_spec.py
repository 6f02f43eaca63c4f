"""What a loader is, as data: the :class:`LoaderDescription` every evaluation view gives
(its samples, how it asks for its two files, its formats and limits, the jpcore call, its
session slot), the :class:`Request` a loader makes of what was chosen, and the sources.

It sits below both users: :mod:`inspector.common.loader` (which draws the loader and
loads system A: :class:`~inspector.common.loader.LoaderSpec` is this description with
its ``run``) and :mod:`inspector.common.system_b` (which loads a second system with A's
request and the same description) read it; it imports neither.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jpcore.reports import InputInfo
from inspector.common import loader_state
from inspector.common.files import NamedBytes
from inspector.common.input_limits import Factor, Limits
from inspector.common.input_widgets import Field, fingerprint
from inspector.common.samples import BundledPair, SecondSample
from inspector.common.state import LoadedInput, Slot

__all__ = ["SOURCES", "Asking", "LoaderDescription", "Request", "Step"]

#: ``step(text)``: report a stage of the loading in the status box.
Step = Callable[[str], None]
#: The four sources, in the order of the Source radio.
SOURCES = ("sample", "upload", "paste", "json")


#: The Source radio's words, the same under every loader (issue 25 item 12: one wording for
#: the same thing on every page).
SOURCE_LABELS = {"sample": "Bundled sample", "upload": "Upload files", "paste": "Paste text",
                 "json": "Open a JSON result"}


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
class LoaderDescription:
    """One evaluation's loader as data (see the module doc); every callable is the view's own."""

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
    held_options: Callable[[str], Any] | None = None
    """``held_options(source)``: what the option widgets hold for ``source`` (their defaults until
    first drawn), read without drawing them: the options a page that reads the loader without
    drawing it (Analysis, Compare, Ranking) loads a linked sample with, after ``on_sample``."""
    settings: Callable[[], Any] | None = None
    """Widgets after the Source radio that are not part of the input (applied by ``shown``)."""
    on_sample: Callable[[BundledPair], None] | None = None
    """Called when a sample is chosen, before its caption (e.g. to set the options to the sample's)."""
    shown: Callable[[LoadedInput | None, Any], None] | None = None
    """After loading: what is loaded and the settings (e.g. a caption under the loader)."""
    cli_flags: Callable[[Any, Any], Sequence[str]] | None = None
    """``cli_flags(options, settings)``: the options of ``jpcore TASK`` that the view's options
    and settings mean (none by default), for the signature shown under the loader
    (:mod:`inspector.common.run_signature`)."""
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

    def get_loaded(self) -> Any:
        """What is loaded (the view's :class:`~inspector.common.state.LoadedInput`), or ``None``."""
        return self.slot.get()

    def report_inputs(self, loaded: LoadedInput) -> list[InputInfo]:
        """The HTML report's inputs: the file names shown, and for a bundled sample the
        licence and attribution of its folder's ``SOURCE.md`` (unknown for user files)."""
        text = self.sample(loaded.sample_key).attribution() if loaded.sample_key is not None else None
        return [InputInfo(role, name, text) for role, name in self.input_names(loaded.result)]
