"""The bundled pairs the review tests run on, one per task, evaluated as the CLI does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jpcore.task import named
from tests.conftest import SAMPLE_DATA

EWT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
PAIRS: dict[str, tuple[Path, Path]] = {
    "preprocess": (EWT / "en_ewt-ud-test.excerpt.gold.tok.txt", EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt"),
    "parseval": (SAMPLE_DATA / "parseval/jp-trees/harbour.gold.mrg", SAMPLE_DATA / "parseval/jp-trees/harbour.sys.mrg"),
    "gec": (SAMPLE_DATA / "m2/toy-en/gold.m2", SAMPLE_DATA / "m2/toy-en/sys.resegmented.m2"),
    "ud": (EWT / "en_ewt-ud-test.excerpt.conllu", EWT / "en_ewt-ud-test.excerpt.nltk.conllu"),
}


def evaluate(task: str, gold_data: bytes, sys_data: bytes) -> Any:
    """``task``'s result on two files' bytes (its default options)."""
    return named(task).load("evaluate")(gold_data, sys_data, gold_name="gold", sys_name="system")


def sample(task: str) -> tuple[bytes, bytes, Any]:
    """The gold and system bytes of ``task``'s pair and its result."""
    gold, system = (path.read_bytes() for path in PAIRS[task])
    return gold, system, evaluate(task, gold, system)
