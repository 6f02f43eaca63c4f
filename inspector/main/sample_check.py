"""Every bundled sample loaded through jpcore, without a server (``jp-inspector --check``).

Contract: :func:`check_samples` reads and evaluates each sample of the app's
catalogues (each registered view's ``samples`` module: ``CATALOGUE``,
``KIND``, ``check``) as its loader does with the sample's own options (the UD pairs
with their raw text, the tree pairs and the M2 pairs, the large ones made
by repeating the small ones, the Teaching texts and exercises) and checks
that each folder carries its ``SOURCE.md`` (source, licence, attribution).
It returns one :class:`SampleCheck` per sample, in catalogue order: a
one-line summary of the result (headline figures) or the error, naming the
file.  Nothing here imports Streamlit, so an installed copy can be checked
from any directory; :func:`jpcore.bundled.sample_data_root` says which data
was read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from jpcore.formats import read_segmentation
from jpcore.formats.raw import read_raw
from jpcore.task import TASKS
from inspector.common.evaluation_view import view_module
from inspector.teaching.exercises import TEACHING_ROOT, load_exercises
from inspector.teaching.texts import teaching_texts


@dataclass(frozen=True, slots=True)
class SampleCheck:
    """One sample: its catalogue (``kind``), ``key``, ``title``, and ``summary`` or ``error``."""

    kind: str
    key: str
    title: str
    summary: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        """True when the sample loaded."""
        return not self.error

    def line(self) -> str:
        """The check as one line: ``ok``/``FAILED``, catalogue, key, then what was found."""
        status = "ok    " if self.ok else "FAILED"
        return f"{status} {self.kind:<9} {self.key:<24} {self.summary or self.error}"


def _teaching_text(path_raw: Path, path_gold: Path, fmt: str, level: str) -> str:
    raw = read_raw(path_raw.read_bytes(), path_raw.name)
    gold = read_segmentation(path_gold.read_bytes(), path_gold.name, fmt, level)
    return f"{len(raw):,} characters · {len(gold.sentences):,} gold sentences"


def _checks() -> Iterator[tuple[str, str, str, Callable[[], str]]]:
    for task in TASKS.values():  # each view's catalogue: inspector/<view>/samples.py (no Streamlit)
        if task.view is None:
            continue
        catalogue = import_module(view_module(task.view, "samples"))
        for sample in catalogue.CATALOGUE.values():
            yield catalogue.KIND, sample.key, sample.title, lambda sample=sample, c=catalogue: c.check(sample)

    def exercises() -> str:
        if not (TEACHING_ROOT / "SOURCE.md").is_file():
            raise FileNotFoundError(f"{TEACHING_ROOT / 'SOURCE.md'}: missing (source and licence)")
        found = load_exercises()
        return f"{len(found)} exercises · {sum(len(e.questions) for e in found)} questions"

    yield "teaching", "exercises", "Teaching exercises", exercises
    for text in teaching_texts().values():
        yield ("teaching", text.key, text.title,
               lambda text=text: _teaching_text(text.raw_path, text.gold_path, text.fmt, text.level))


def check_samples() -> list[SampleCheck]:
    """Load every bundled sample (see the module doc)."""
    out = []
    for kind, key, title, run in _checks():
        try:
            out.append(SampleCheck(kind, key, title, summary=run()))
        except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the others
            out.append(SampleCheck(kind, key, title, error=f"{type(error).__name__}: {error}"))
    return out
