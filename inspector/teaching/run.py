"""The Teaching page's calls into jpcore, cached on content.

:func:`evaluate_system` runs a splitter + tokenizer on the raw text
(:func:`jpcore.systems.run_system`), reads the gold file and scores the one
against the other (:func:`jpcore.preprocess.evaluate`).  The cache key
is the raw text, the gold bytes and every option; names are passed outside
the key (``_``-prefixed).  Bad input -- a gold file that does not parse, a
regular expression that does not compile or runs past its time limit
(:data:`jpcore.systems.nltk_systems.REGEX_SECONDS`) -- raises
:class:`jpcore.errors.InputError`; the page shows its text.  Failures are
cached too, so a pattern that ran out of time is not run again on every
rerun while it stays in the box.
"""

from __future__ import annotations

from dataclasses import dataclass


from jpcore.errors import InputError
from jpcore.formats import read_segmentation
from jpcore.align.similarity import Normaliser
from jpcore.systems import SystemRun, run_system
from jpcore.systems.compare import Region, compare_results
from jpcore.preprocess import PreprocessResult, evaluate
from inspector.common.result_cache import TEACHING_RESULTS, key_of
from inspector.teaching.exercises import SystemChoice
from inspector.tokens.view import ResultView


@dataclass(frozen=True, slots=True)
class GoldInput:
    """The gold file's bytes, its name and how to read it."""

    name: str
    data: bytes
    fmt: str = "auto"
    level: str = "words"
    language: str = "en"


@dataclass
class Evaluated:
    """A system run on the raw text and its result against gold."""

    run: SystemRun
    result: PreprocessResult

    @property
    def view(self) -> ResultView:
        """A :class:`ResultView` of the result."""
        return ResultView(self.result)


def _evaluate_or_fail(
    raw_text: str,
    gold_data: bytes,
    fmt: str,
    level: str,
    language: str,
    splitter: str,
    tokenizer: str,
    pattern: str | None,
    gaps: bool,
    _gold_name: str,
) -> tuple[SystemRun, PreprocessResult] | tuple[str, int | None, str, str, str]:
    """``(run, result)``, or the fields and message of the :class:`InputError` it raised (cached as well)."""
    try:
        run = run_system(raw_text, splitter, tokenizer, pattern=pattern, gaps=gaps, level=level)
        gold = read_segmentation(gold_data, _gold_name, fmt, level)
        result = evaluate(gold, run.segmentation, Normaliser.for_language(language), raw_text=raw_text)
    except InputError as error:
        return error.file, error.line, error.expected, error.found, str(error)
    return run, result


def evaluate_system(raw_text: str, gold: GoldInput, choice: SystemChoice) -> Evaluated:
    """Run ``choice`` on ``raw_text`` and score it against ``gold`` (cached).

    Raises :class:`InputError` for a bad gold file or pattern.
    """
    pattern = choice.pattern if choice.tokenizer == "regex" else None
    gaps = choice.gaps if choice.tokenizer == "regex" else False
    outcome = TEACHING_RESULTS.compute(
        key_of(("teaching", gold.fmt, gold.level, gold.language, choice.splitter, choice.tokenizer, pattern, gaps),
               (raw_text, gold.data)),
        lambda: _evaluate_or_fail(raw_text, gold.data, gold.fmt, gold.level, gold.language,
                                  choice.splitter, choice.tokenizer, pattern, gaps, _gold_name=gold.name),
    )
    if len(outcome) == 5:
        error = InputError(*outcome[:4])
        error.args = (outcome[4],)
        raise error
    run, result = outcome
    result.gold.name = gold.name
    return Evaluated(run, result)


def compare(a: Evaluated, b: Evaluated) -> list[Region]:
    """The regions where the two systems' outputs are compared (see :mod:`jpcore.systems.compare`)."""
    return compare_results(a.result, b.result)


def _pair_or_fail(raw_text: str, choice_a: SystemChoice, choice_b: SystemChoice,
                  language: str) -> tuple[SystemRun, SystemRun, PreprocessResult] | tuple[str, int | None, str, str, str]:
    """``(run_a, run_b, evaluate(A, B))``, or the fields and message of the :class:`InputError` raised."""
    try:
        runs = [run_system(raw_text, c.splitter, c.tokenizer, pattern=c.pattern if c.tokenizer == "regex" else None,
                           gaps=c.gaps and c.tokenizer == "regex", name=name)
                for c, name in ((choice_a, "A"), (choice_b, "B"))]
        result = evaluate(runs[0].segmentation, runs[1].segmentation, Normaliser.for_language(language),
                          raw_text=raw_text)
    except InputError as error:
        return error.file, error.line, error.expected, error.found, str(error)
    return runs[0], runs[1], result


def evaluate_pair(raw_text: str, choice_a: SystemChoice, choice_b: SystemChoice,
                  language: str = "en") -> tuple[SystemRun, SystemRun, PreprocessResult]:
    """Two systems on ``raw_text`` and output A aligned against output B, no gold (cached).

    Raises :class:`InputError` for a bad pattern.
    """
    outcome = TEACHING_RESULTS.compute(
        key_of(("teaching-pair", choice_a, choice_b, language), (raw_text,)),
        lambda: _pair_or_fail(raw_text, choice_a, choice_b, language),
    )
    if len(outcome) == 5:
        error = InputError(*outcome[:4])
        error.args = (outcome[4],)
        raise error
    return outcome
