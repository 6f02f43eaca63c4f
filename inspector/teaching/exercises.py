"""The Teaching page's exercise set, read from ``sample_data/teaching/exercises.json``.

An :class:`Exercise` is a short raw text with its gold segmentation and a few
:class:`Question` s.  Each question names the system it is about (splitter,
tokenizer, pattern: a :class:`SystemChoice`), optionally a second system to
compare with, the totals jpcore gives for it (``expect``, checked by the
tests) and an answer that the page reveals on demand.  Texts are chosen by
key, never by a path from the user.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from inspector.common.samples import SAMPLE_DATA

#: Folder of the exercise texts (written for this project, see its SOURCE.md).
TEACHING_ROOT = SAMPLE_DATA / "teaching"
EXERCISES_FILE = TEACHING_ROOT / "exercises.json"


@dataclass(frozen=True, slots=True)
class SystemChoice:
    """A splitter and a tokenizer (keys of :mod:`jpcore.systems`), and a pattern for ``regex``."""

    splitter: str = "punkt"
    tokenizer: str = "nltkword"
    pattern: str | None = None
    gaps: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SystemChoice:
        """From the JSON form ``{"splitter", "tokenizer", "pattern"?, "gaps"?}``."""
        return cls(data["splitter"], data["tokenizer"], data.get("pattern"), bool(data.get("gaps", False)))


@dataclass(frozen=True, slots=True)
class Question:
    """One question, its answer and the system(s) it is about."""

    question: str
    answer: str
    system: SystemChoice
    expect: dict[str, tuple[int, int, int]]
    compare: SystemChoice | None = None


@dataclass(frozen=True, slots=True)
class Exercise:
    """A prepared text: raw, gold, an introduction and its questions."""

    key: str
    title: str
    raw_file: str
    gold_file: str
    intro: str
    questions: tuple[Question, ...]

    @property
    def raw_path(self) -> Path:
        """Absolute path of the raw text."""
        return TEACHING_ROOT / self.raw_file

    @property
    def gold_path(self) -> Path:
        """Absolute path of the gold segmentation (tokenized text)."""
        return TEACHING_ROOT / self.gold_file


def _question(data: dict[str, Any]) -> Question:
    compare = data.get("compare")
    return Question(
        question=data["question"],
        answer=data["answer"],
        system=SystemChoice.from_dict(data["system"]),
        expect={level: tuple(counts) for level, counts in data["expect"].items()},  # type: ignore[misc]
        compare=SystemChoice.from_dict(compare) if compare else None,
    )


@lru_cache(maxsize=1)
def load_exercises(path: Path = EXERCISES_FILE) -> tuple[Exercise, ...]:
    """Every exercise, in file order."""
    data = json.loads(path.read_text("utf-8"))
    return tuple(
        Exercise(
            key=item["key"],
            title=item["title"],
            raw_file=item["raw"],
            gold_file=item["gold"],
            intro=item["intro"],
            questions=tuple(_question(q) for q in item["questions"]),
        )
        for item in data["exercises"]
    )
