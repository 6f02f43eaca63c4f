"""Texts the Teaching page can start from: raw text plus its gold, chosen by name.

The catalogue joins the exercise texts (:mod:`inspector.teaching.exercises`)
and the bundled UD excerpts (:data:`inspector.tokens.samples.SAMPLES`, their raw
text and gold file).  The page and the URL name a text only by its key in
:func:`teaching_texts`; a path never comes from the user.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from inspector.tokens import samples
from inspector.teaching.exercises import load_exercises


@dataclass(frozen=True, slots=True)
class TeachingText:
    """A raw text and its gold file, with the options that read the gold right."""

    key: str
    title: str
    raw_path: Path
    gold_path: Path
    fmt: str = "text"
    level: str = "words"
    language: str = "en"
    note: str = ""

    @property
    def gold_name(self) -> str:
        """The gold file's name (shown in reports)."""
        return self.gold_path.name

    def raw_text(self) -> str:
        """The raw text, decoded."""
        return self.raw_path.read_text("utf-8")

    def gold_bytes(self) -> bytes:
        """The gold file's bytes."""
        return self.gold_path.read_bytes()


@lru_cache(maxsize=1)
def teaching_texts() -> dict[str, TeachingText]:
    """Every text by key: the exercises first, then the UD samples (``ud-KEY``)
    whose files are present, one per raw text and token level."""
    texts = {
        f"exercise-{exercise.key}": TeachingText(
            key=f"exercise-{exercise.key}",
            title=f"Exercise: {exercise.title}",
            raw_path=exercise.raw_path,
            gold_path=exercise.gold_path,
            note="Written for jp-inspector (sample_data/teaching).",
        )
        for exercise in load_exercises()
    }
    seen_raw: set[tuple[Path, str]] = set()
    for sample in samples.SAMPLES.values():
        # one entry per raw text and token level: the EWT excerpt has three
        # gold files for two levels; offer the tokenized-text ones
        identity = (sample.raw_path, sample.level)
        if identity in seen_raw or not (sample.raw_path.is_file() and sample.gold_path.is_file()):
            continue
        seen_raw.add(identity)
        texts[f"ud-{sample.key}"] = TeachingText(
            key=f"ud-{sample.key}",
            title=f"{sample.title.rsplit(':', 1)[0]} (gold {sample.level})",
            raw_path=sample.raw_path,
            gold_path=sample.gold_path,
            fmt=sample.fmt,
            level=sample.level,
            language=sample.language,
            note=sample.attribution(),
        )
    return texts


#: The text the page opens with.
DEFAULT_TEXT = "ud-ewt-words"


def exercise_text_key(exercise_key: str) -> str:
    """The catalogue key of an exercise's text."""
    return f"exercise-{exercise_key}"
