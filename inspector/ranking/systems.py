"""The systems the Ranking page ranks: A, B and more, each aligned to A's gold by the view's own call.

Contract: :func:`ranked_systems` draws the "more systems" widgets (bundled
variants of the loaded sample -- the catalogue's other systems for the same
gold, the view's derived systems, and gold itself as a system, the upper
bound -- and uploaded files) and returns every system to rank as
:class:`System` (its letter, label and result), A first, then B when one is
loaded, then the chosen ones.  Each more system is evaluated by the view's
own ``evaluate`` on A's request with that system (A's gold, third file and
options: :func:`inspector.common.system_b.a_request`), as ``jpcore TASK GOLD
A B C --rank`` evaluates each file.  An upload over the size limit or bad
input is one escaped ``st.error`` naming the file; the others are ranked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from jpcore.errors import InputError
from inspector.common import system_b
from inspector.common.files import NamedBytes
from inspector.common.input_limits import check_input, upload_help
from inspector.common.loader import LoaderSpec
from inspector.common.markup import md_text
from inspector.common.state import LoadedInput, session_held_bytes

#: The bundled variant that is gold itself.
GOLD_VARIANT = "gold-as-system"


@dataclass(frozen=True)
class System:
    """One ranked system: its letter (A, B, C...), how the page names it, its result."""

    letter: str
    label: str
    result: Any

    @property
    def name(self) -> str:
        """``A: label``: what the tables and the chart call it."""
        return f"{self.letter}: {self.label}"


def letter(index: int) -> str:
    """A, B, ..., Z, then S27, S28..."""
    return chr(ord("A") + index) if index < 26 else f"S{index + 1}"


def _variants(spec: LoaderSpec, a: LoadedInput, b: LoadedInput | None, gold: NamedBytes | None) -> dict[str, Any]:
    offered = {key: (second.title, second.read) for key, second in system_b.offered(spec, a).items()
               if b is None or key != b.sample_key}
    if gold is not None:
        offered[GOLD_VARIANT] = ("Gold itself as a system (the upper bound)", lambda: gold)
    return offered


def _quiet(_stage: str) -> None:
    """A loading step that reports nothing (the ranking's systems load without a status box)."""


def ranked_systems(spec: LoaderSpec, a: LoadedInput, b: LoadedInput | None) -> list[System]:
    """Draw the more-systems widgets; every system to rank, A first (see the module doc)."""
    systems = [System("A", a.label, a.result)]
    if b is not None:
        systems.append(System("B", b.label, b.result))
    request = system_b.a_request(spec, a)
    if request is None:
        st.caption("More systems need the gold file system A was aligned to: load A from a sample or files on "
                   "its own page (a saved JSON result holds no gold file).")
        return systems
    variants = _variants(spec, a, b, request.gold)
    chosen = st.multiselect("Bundled variants", list(variants), key=f"rk_variants_{spec.task}", bind="query-params",
                            format_func=lambda key: variants[key][0],
                            help="Other systems for the same gold that come with the sample, and gold itself.")
    files = st.file_uploader("More systems (files)", accept_multiple_files=True, key=f"rk_upload_{spec.task}",
                             help=upload_help("Further systems' output for the same gold, in the format of "
                                              "system A's file.", spec.limits))
    wanted: list[tuple[str, str, NamedBytes, str | None]] = []
    for key in chosen:
        title, read = variants[key]
        wanted.append(("sample", title, read(), None if key == GOLD_VARIANT else key))
    for file in files or []:
        wanted.append(("upload", f"{file.name} (uploaded)", NamedBytes(file.name, file.getvalue()), None))
    for source, label, data, sample_key in wanted:
        try:
            if source == "upload":
                check_input([(data, spec.file_factor(data, request.options))], spec.limits, session_held_bytes())
            more = replace(request, source=source, label=label, system=data, sample_key=sample_key)
            # what the view's loader keeps of an evaluation (the tokens view's evaluate also returns the raw text)
            result = spec.loaded(spec.evaluate(more), more, more.fingerprint(), _quiet).result
        except InputError as error:
            st.error(f"Could not rank {md_text(label)}: {md_text(error)}.", icon=":material/error:")
            continue
        systems.append(System(letter(len(systems)), label, result))
    return systems
