"""The tokens view's evaluation of a pair of files, without Streamlit (what a child process
runs for a large upload: :mod:`inspector.common.evaluator`).

:func:`evaluate_pair` is :func:`jpcore.preprocess.evaluate` on jpcore's readers with
the loader's :class:`Options`; the result is kept compact
(:func:`inspector.common.result_cache.compacted`).
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.align.similarity import Normaliser
from jpcore.formats import read_segmentation
from jpcore.formats.raw import read_raw
from jpcore.preprocess import PreprocessResult, evaluate
from inspector.common.result_cache import compacted


@dataclass(frozen=True, slots=True)
class Options:
    """Reading and normalisation options (see ``jpcore preprocess``)."""

    fmt: str = "auto"
    level: str = "words"
    language: str = "en"
    contractions: bool = False
    casefold: bool = False
    strict: bool = False


def evaluate_pair(gold_data: bytes, sys_data: bytes, raw_data: bytes | None, options: Options,
                  _gold_name: str, _sys_name: str, _raw_name: str) -> tuple[PreprocessResult, str | None]:
    """The pair's result (compact) and the raw text decoded (``None`` without one); bad input
    raises :class:`~jpcore.errors.InputError`."""
    gold = read_segmentation(gold_data, _gold_name, options.fmt, options.level)
    system = read_segmentation(sys_data, _sys_name, options.fmt, options.level)
    raw_text = read_raw(raw_data, _raw_name) if raw_data is not None else None
    normaliser = Normaliser.for_language(options.language, contractions=options.contractions,
                                         casefold=options.casefold)
    return compacted(evaluate(gold, system, normaliser, strict=options.strict, raw_text=raw_text)), raw_text
