"""Benchmark: what the app keeps for a loaded file, per byte of that file, per format.

The inspector's whole-file path, as a page takes it: the view's loader
(:data:`inspector.<view>.loader.SPEC`) evaluates the pair
(``SPEC.evaluate``, which also keeps a pickle of the result in the shared
:data:`inspector.common.result_cache.RESULTS`) and makes what the session
holds (``SPEC.loaded``: the result, and the indexes or views it builds while
loading).  Each row runs that once in a fresh forked process (the inputs
already built, every module imported and the path warmed on a bundled
sample, the cache emptied) under :mod:`tracemalloc`:

* **held**: the bytes still allocated once the load has returned and a
  full collection has run, with the session's object and the cache's pickle
  alive (both columns: the session's object alone is held minus the pickle);
* **peak**: the most bytes allocated at once during the load.

The factor is bytes per byte of input (gold + system file).  Target:
held at most :data:`TARGET` times the input (issue 13, item 4).  Traced
bytes are Python's allocations only: the server's resident memory
(``python -m bench.app_memory``, the figures behind the app's input limits)
adds the allocator's slack and Streamlit's own copies.

Inputs (real data, ``../shared/data``): the EWT test set as tokenized text
(gold words vs nltk) and as CoNLL-U (gold vs nltk's CoNLL-U) on the tokens &
sentences pages; the PARSEVAL section of :mod:`bench.treebank` (2,416
trees) on the Brackets page; UA-GEC's GEC-only test set, annotator 0
re-segmented vs annotator 1, on the Edits page; EWT's CoNLL-U vs a system
derived from it (:mod:`bench.ud_systems`, ``everything``) on the
Dependencies page.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from bench.measure import in_child
from bench.shared_data import SHARED_DATA

#: Issue 13 item 4: the app holds at most this many bytes per byte of a loaded file.
TARGET = 25.0

EWT = SHARED_DATA / "ud" / "UD_English-EWT"
UAGEC = SHARED_DATA / "m2" / "uagec-gec-only-test"


@dataclass(frozen=True)
class Case:
    """One format: the view whose loader reads it, the input's name, how to make its
    files (gold, system) and the view's options (``None``: its default)."""

    name: str
    view: str
    files: Callable[[], tuple[bytes, bytes]]
    options: Callable[[], Any] | None = None


def _ewt_text() -> tuple[bytes, bytes]:
    return (EWT / "en_ewt-ud-test.gold.words.txt").read_bytes(), (EWT / "en_ewt-ud-test.nltk.tok.txt").read_bytes()


def _ewt_conllu() -> tuple[bytes, bytes]:
    return (EWT / "en_ewt-ud-test.conllu").read_bytes(), (EWT / "en_ewt-ud-test.nltk.conllu").read_bytes()


def _treebank() -> tuple[bytes, bytes]:
    from bench.treebank import section

    return section()


def _uagec() -> tuple[bytes, bytes]:
    return (UAGEC / "ann1.m2").read_bytes(), (UAGEC / "resegmented" / "ann0.resegmented.m2").read_bytes()


def _ud() -> tuple[bytes, bytes]:
    from bench.ud_systems import derive

    gold = (EWT / "en_ewt-ud-test.conllu").read_bytes()
    return gold, derive(gold.decode("utf-8"), "everything").encode("utf-8")


def _tokens_options() -> Any:
    from inspector.tokens.loader import Options

    return Options()


def _gec_options() -> Any:
    from inspector.edits.loader import GecSettings

    return GecSettings()


CASES = (
    Case("tokenized text: EWT test, gold words vs nltk", "tokens", _ewt_text, _tokens_options),
    Case("CoNLL-U: EWT test, gold vs nltk", "tokens", _ewt_conllu, _tokens_options),
    Case("bracketed trees: treebank section (2,416 trees)", "brackets", _treebank),
    Case("M2: UA-GEC test, re-segmented annotator 0 vs annotator 1", "edits", _uagec, _gec_options),
    Case("CoNLL-U dependencies: EWT test vs a derived system", "deps", _ud),
)


def _load(spec: Any, gold: bytes, system: bytes, options: Any, names: tuple[str, str]) -> Any:
    """What the loader keeps for this pair (the slot's object), as ``LoaderSpec._apply`` makes it."""
    from inspector.common.files import NamedBytes
    from inspector.common.loader import Request

    request = Request("upload", "bench", NamedBytes(names[0], gold), NamedBytes(names[1], system), None, options)
    result = spec.evaluate(request)
    return spec.loaded(result, request, request.fingerprint(), lambda _text: None)


def _warm(spec: Any, options: Any) -> None:
    """The whole path once on the view's default bundled sample: every lazy import done."""
    from inspector.common.result_cache import RESULTS

    gold, system, _ = spec.sample(spec.default_sample).read_files()
    loaded = _load(spec, gold.data, system.data, options, (gold.name, system.name))
    if spec.task == "preprocess":
        _ = loaded.view
    del loaded
    RESULTS.clear()


def _measure_here(case: Case, gold: bytes, system: bytes) -> tuple[int, int, int]:
    """(held bytes, pickle bytes, peak bytes) of one load, in this process."""
    from inspector.common.result_cache import RESULTS

    spec = import_module(f"inspector.{case.view}.loader").SPEC
    options = case.options() if case.options is not None else None
    names = ("gold.m2", "system.m2") if case.view == "edits" else ("gold", "system")
    _warm(spec, options)
    gc.collect()
    tracemalloc.start()
    loaded = _load(spec, gold, system, options, names)
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert loaded is not None
    return held, RESULTS.stored_bytes, peak


@dataclass
class Row:
    """One format: its input bytes, what the app holds and its peak, against :data:`TARGET`."""

    HEADER = ("app memory, whole-file path (tracemalloc)", "input MB", "held MB", "of it cache pickle MB",
              "peak MB", "held factor", "peak factor", "target", "met")

    name: str
    input_bytes: int
    held: int
    pickle: int
    peak: int

    @property
    def factor(self) -> float:
        """Held bytes per input byte."""
        return self.held / self.input_bytes

    def met(self) -> bool:
        """Held at most :data:`TARGET` times the input."""
        return self.factor <= TARGET

    def cells(self) -> tuple[str, ...]:
        """The row as text."""
        mb = 1_000_000
        return (self.name, f"{self.input_bytes / mb:.2f}", f"{self.held / mb:.1f}", f"{self.pickle / mb:.1f}",
                f"{self.peak / mb:.1f}", f"{self.factor:.1f}x", f"{self.peak / self.input_bytes:.1f}x",
                f"held <= {TARGET:g}x", "yes" if self.met() else "NO")


def measure(case: Case) -> Row:
    """One case, in a fresh forked process."""
    gold, system = case.files()
    held, pickle, peak = in_child(lambda: _measure_here(case, gold, system))
    return Row(case.name, len(gold) + len(system), held, pickle, peak)


def run() -> list[Row]:
    """Rows for the benchmark table."""
    return [measure(case) for case in CASES]


if __name__ == "__main__":
    from bench.__main__ import tables

    rows = run()
    print(tables(rows, markdown=False), end="")
    raise SystemExit(0 if all(row.met() for row in rows) else 1)
