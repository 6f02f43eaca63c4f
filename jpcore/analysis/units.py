"""One row of counts per aligned unit, for every evaluation alike.

Contract: :func:`unit_stats` reads a result object
(:class:`~jpcore.preprocess.PreprocessResult`,
:class:`~jpcore.parseval.result.ParsevalResult` or
:class:`~jpcore.gec.GecResult`) and returns one :class:`UnitStats` per
aligned unit (sentence group, tree pair, GEC unit) in document order, with
the counts the result already holds for it -- nothing is re-scored:

* preprocess: measures ``sentences`` and ``tokens`` (``unit.sentences``,
  ``unit.tokens``; ``tokens`` are the words at the ``words`` level);
* parseval: measure ``brackets`` -- TP = matched, FP = test - matched,
  FN = gold - matched (the pair's EVALB row);
* gec: measure ``edits`` -- the TP/FP/FN errant_compare chose for the unit
  (``result.errant.sentences[i]``), with errant's P/R/F-beta convention;
* ud: measures ``LAS``, ``UAS``, ``UPOS``, ``Words`` -- the unit's row of
  conll18's table (``unit.table``): TP = correct, FP = system - correct,
  FN = gold - correct, whose F1 is conll18's ``2 correct / (gold + system)``;
  ``length`` is the unit's gold words.

``length`` is the unit's number of gold tokens (all its gold sentences: a
merged unit counts as one long "sentence"); ``bucket`` is its kind bucket
(:func:`kind_bucket`).

>>> kind_bucket("exact", "1:1"), kind_bucket("merged", "n:1"), kind_bucket("similar", "1:1")
('1:1', 'n:1', 'differing text')
>>> kind_bucket("different", "m:n")
'differing text'
>>> kind_bucket("gold-only", "n:0"), kind_bucket("system-only", "0:1")
('gold-only', 'system-only')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jpcore.align import DIFFERENT, GOLD_ONLY, SIMILAR, SYSTEM_ONLY
from jpcore.analysis.scores import Score
from jpcore.runtime import gc_paused
from jpcore.task import of_result
from jpcore.gec import GecResult
from jpcore.parseval.result import ParsevalResult
from jpcore.preprocess import PreprocessResult
from jpcore.ud import UdResult
from jpcore.ud.metrics import METRICS

#: Any result the analysis reads.
Result = PreprocessResult | ParsevalResult | GecResult | UdResult

PREPROCESS, PARSEVAL, GEC, UD = "preprocess", "parseval", "gec", "ud"
#: The measures of each evaluation, the first one the headline.
MEASURES: dict[str, tuple[str, ...]] = {
    PREPROCESS: ("sentences", "tokens"),
    PARSEVAL: ("brackets",),
    GEC: ("edits",),
    UD: ("LAS", "UAS", "UPOS", "Words"),
}

DIFFERING = "differing text"
#: Kind buckets in display order: the four two-sided patterns of units with
#: the same characters, then rewritten text, then one-sided units.
KIND_BUCKETS = ("1:1", "1:n", "n:1", "m:n", DIFFERING, GOLD_ONLY, SYSTEM_ONLY)


def kind_bucket(kind: str, shape: str) -> str:
    """The :data:`KIND_BUCKETS` entry of a unit of ``kind`` and ``shape``.

    ``similar`` and ``different`` units (the characters differ) are
    ``differing text`` whatever their shape; one-sided units are
    ``gold-only`` / ``system-only``; every other unit is named by its shape
    pattern.
    """
    if kind in (SIMILAR, DIFFERENT):
        return DIFFERING
    if kind in (GOLD_ONLY, SYSTEM_ONLY):
        return kind
    if shape in KIND_BUCKETS:
        return shape
    # a unit with units on one side only but another kind (e.g. a group of
    # empty trees): name it by the side it has
    return GOLD_ONLY if shape.endswith(":0") else SYSTEM_ONLY


@dataclass(frozen=True, slots=True)
class UnitStats:
    """One aligned unit's shape and counts (see the module doc).

    ``index`` is the unit's (pair's) index in the result; ``n_gold`` /
    ``n_sys`` count its sentences (trees, M2 blocks) on each side.
    """

    index: int
    length: int
    kind: str
    shape: str
    ratio: str
    scores: dict[str, Score]

    @property
    def bucket(self) -> str:
        """The unit's kind bucket (:func:`kind_bucket`)."""
        return kind_bucket(self.kind, self.shape)

    def errors(self, measure: str | None = None) -> int:
        """FP + FN of ``measure``, or of every measure added together when ``None``."""
        if measure is None:
            return sum(score.errors for score in self.scores.values())
        return self.scores[measure].errors

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "index": self.index, "length": self.length, "kind": self.kind, "shape": self.shape,
            "ratio": self.ratio, "bucket": self.bucket,
            "scores": {name: score.to_dict() for name, score in self.scores.items()},
        }


def task_of(result: Result) -> str:
    """``"preprocess"``, ``"parseval"``, ``"gec"`` or ``"ud"`` (the registered task of
    ``result``, :func:`jpcore.task.of_result`); ``TypeError`` for anything else."""
    name = of_result(result).name
    if name not in MEASURES:
        raise TypeError(f"no analysis of a {name} result")
    return name


def empty_scores(result: Result) -> dict[str, Score]:
    """A zero :class:`Score` per measure of ``result``, with its convention and beta."""
    task = task_of(result)
    if task == GEC:
        return {"edits": Score(beta=result.errant.options.beta, convention="errant")}
    return {measure: Score() for measure in MEASURES[task]}


def unit_stats(result: Result) -> list[UnitStats]:
    """One :class:`UnitStats` per aligned unit of ``result``, in document order."""
    with gc_paused():  # many small acyclic objects (see jpcore.runtime)
        return _unit_stats(result)


def _unit_stats(result: Result) -> list[UnitStats]:
    task = task_of(result)
    if task == PREPROCESS:
        return [
            UnitStats(unit.index, unit.tokens.gold, unit.kind, unit.shape, unit.ratio, {
                "sentences": Score(*unit.sentences.as_tuple()),
                "tokens": Score(*unit.tokens.as_tuple()),
            })
            for unit in result.units
        ]
    if task == PARSEVAL:
        out = []
        for pair in result.pairs:
            gold, test = pair.n_gold_brackets, pair.n_sys_brackets
            score = Score(pair.matched, test - pair.matched, gold - pair.matched)
            out.append(UnitStats(pair.index, pair.length, pair.kind, pair.shape, pair.ratio,
                                 {"brackets": score}))
        return out
    if task == UD:
        columns = {name: METRICS.index(name) for name in MEASURES[UD]}
        out = []
        for unit in result.units:
            scores = {}
            for name, column in columns.items():
                tp, gold, system, _aligned = unit.table[column]
                scores[name] = Score(tp, system - tp, gold - tp)
            out.append(UnitStats(unit.index, unit.table[columns["Words"]][1], unit.kind, unit.shape, unit.ratio,
                                 scores))
        return out
    template = empty_scores(result)["edits"]
    out = []
    for unit, sentence in zip(result.units, result.errant.sentences):
        score = Score(sentence.tp, sentence.fp, sentence.fn, template.beta, template.convention)
        out.append(UnitStats(unit.index, unit.gold_offsets[-1], unit.kind, unit.shape, unit.ratio,
                             {"edits": score}))
    return out
