"""Running jpcore on loaded bytes, cached.

The cache key is the *content* of the files (a digest of their bytes) plus
the options, never their names: a file re-uploaded under the same name with
new content is evaluated again, and the same content under another name is
not.  Names are only used for messages and display.  The cache
(:data:`inspector.common.result_cache.RESULTS`) is bounded in bytes and in time.

Bad input raises :class:`jpcore.errors.InputError` (``file:line: expected
..., found ...``); the caller shows its text.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.formats.result_json import read_result_json
from jpcore.formats import read_segmentation
from jpcore.formats.raw import read_raw
from jpcore.similarity import Normaliser
from jpcore.tasks.preprocess import PreprocessResult, evaluate
from inspector.common.files import NamedBytes
from inspector.common.result_cache import RESULTS, key_of


@dataclass(frozen=True, slots=True)
class Options:
    """Reading and normalisation options (see ``jpcore preprocess``)."""

    fmt: str = "auto"
    level: str = "words"
    language: str = "en"
    contractions: bool = False
    casefold: bool = False
    strict: bool = False


def _evaluate_bytes(
    gold_data: bytes,
    sys_data: bytes,
    raw_data: bytes | None,
    fmt: str,
    level: str,
    language: str,
    contractions: bool,
    casefold: bool,
    strict: bool,
    _gold_name: str,
    _sys_name: str,
    _raw_name: str,
) -> tuple[PreprocessResult, str | None]:
    gold = read_segmentation(gold_data, _gold_name, fmt, level)
    system = read_segmentation(sys_data, _sys_name, fmt, level)
    raw_text = read_raw(raw_data, _raw_name) if raw_data is not None else None
    normaliser = Normaliser.for_language(language, contractions=contractions, casefold=casefold)
    return evaluate(gold, system, normaliser, strict=strict, raw_text=raw_text), raw_text


def evaluate_files(
    gold: NamedBytes, system: NamedBytes, raw: NamedBytes | None, options: Options
) -> tuple[PreprocessResult, str | None]:
    """The result of ``jpcore preprocess`` on these files, and the decoded raw text.

    Raises :class:`InputError` for bad input.  The result is a fresh copy
    (the cache returns one per call), its sides named as given.
    """
    raw_data = raw.data if raw is not None else None
    result, raw_text = RESULTS.compute(
        key_of(("preprocess", options), (gold.data, system.data, raw_data)),
        lambda: _evaluate_bytes(
            gold.data, system.data, raw_data,
            options.fmt, options.level, options.language, options.contractions,
            options.casefold, options.strict,
            _gold_name=gold.name, _sys_name=system.name, _raw_name=raw.name if raw else "",
        ),
    )
    result.gold.name = gold.name
    result.system.name = system.name
    return result, raw_text


def result_from_json(file: NamedBytes) -> PreprocessResult:
    """A result saved with ``jpcore preprocess --json`` (or the app's JSON download), validated."""
    return RESULTS.compute(key_of("preprocess-json", (file.data,)),
                           lambda: read_result_json(file.data, file.name, PreprocessResult.from_dict, "preprocess"))
