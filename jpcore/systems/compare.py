"""Two system results against the same gold: where do they differ?

Each :class:`~jpcore.preprocess.PreprocessResult` cuts the gold
sentences into aligned units, and the two systems usually cut differently.
:func:`compare_results` finds the coarsest stretches of gold sentences that
*both* results treat as a whole: a **region** ends at a gold sentence index
where a unit ends in both results.  Inside a region each result has one or
more units; the region's counts for a result are the sums of its units'
counts (taken from the result objects, not recounted from tokens), and the
region is ``same`` when both systems produced exactly the same sentences
of tokens there.

A unit with no gold sentence (system-only) belongs to the region that
starts where it sits (the last region at the end of the file).

>>> from jpcore.formats import read_segmentation
>>> from jpcore.preprocess import evaluate
>>> gold = read_segmentation("A b .\\nC d .\\n", "gold")
>>> a = evaluate(gold, read_segmentation("A b .\\nC d .\\n", "a"))
>>> b = evaluate(gold, read_segmentation("A b . C d .\\n", "b"))
>>> [(r.gold, r.same, r.counts_a["sentences"].as_tuple(), r.counts_b["sentences"].as_tuple())
...  for r in compare_results(a, b)]
[((0, 2), False, (2, 0, 0), (0, 1, 2))]
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from jpcore.preprocess import Counts, PreprocessResult, Unit


@dataclass(slots=True)
class Region:
    """Gold sentences ``gold[0]:gold[1]`` and each result's units over them."""

    gold: tuple[int, int]
    units_a: list[Unit] = field(default_factory=list)
    units_b: list[Unit] = field(default_factory=list)
    counts_a: dict[str, Counts] = field(default_factory=dict)
    counts_b: dict[str, Counts] = field(default_factory=dict)
    same: bool = True

    @property
    def differs(self) -> bool:
        """True when the two systems produced different output here."""
        return not self.same


def _cuts(result: PreprocessResult) -> set[int]:
    cuts = {0, len(result.gold.sentences)}
    for unit in result.units:
        cuts.update(unit.gold)
    return cuts


def _sum(units: list[Unit]) -> dict[str, Counts]:
    sentences, tokens = Counts(), Counts()
    for unit in units:
        sentences.add(unit.sentences)
        tokens.add(unit.tokens)
    return {"sentences": sentences, "tokens": tokens}


def _output(result: PreprocessResult, units: list[Unit]) -> list[list[str]]:
    return [sentence.tokens for unit in units for sentence in result.system.sentences[unit.sys[0] : unit.sys[1]]]


def compare_results(a: PreprocessResult, b: PreprocessResult) -> list[Region]:
    """The regions of two results over the same gold, in document order.

    Raises :class:`ValueError` when the two results have different gold sentences.
    """
    if [s.tokens for s in a.gold.sentences] != [s.tokens for s in b.gold.sentences]:
        raise ValueError("the two results were not evaluated against the same gold")
    cuts = sorted(_cuts(a) & _cuts(b))
    starts = cuts[:-1] if len(cuts) > 1 else cuts
    regions = [Region((start, end)) for start, end in zip(cuts, cuts[1:])] or [Region((0, 0))]
    for result, attribute in ((a, "units_a"), (b, "units_b")):
        for unit in result.units:
            index = min(max(bisect_right(starts, unit.gold[0]) - 1, 0), len(regions) - 1)
            getattr(regions[index], attribute).append(unit)
    for region in regions:
        region.counts_a = _sum(region.units_a)
        region.counts_b = _sum(region.units_b)
        region.same = _output(a, region.units_a) == _output(b, region.units_b)
    return regions


@dataclass(frozen=True, slots=True)
class Boundaries:
    """Boundaries (ends of tokens or of sentences) two outputs of the same text share
    or only one of them has: ``shared``, ``a_only``, ``b_only``."""

    shared: int
    a_only: int
    b_only: int


def _split(n_a: int, n_b: int) -> tuple[int, int, int]:
    """Ends inside one aligned stretch: its own end is shared when both sides have
    something there; every other end is one side's only."""
    if n_a and n_b:
        return 1, n_a - 1, n_b - 1
    return 0, n_a, n_b


def boundaries(result: PreprocessResult) -> dict[str, Boundaries]:
    """Token and sentence boundaries of output A (evaluated as the gold side) and B
    (the system side) of ``result`` = ``evaluate(A, B)``, read from its alignment:
    an aligned word group (unit) ends where both end, and no end inside it is
    shared (else the alignment would have cut it there).

    >>> from jpcore.formats import read_segmentation
    >>> from jpcore.preprocess import evaluate
    >>> a = read_segmentation("Dr. Lee ca n't .\\n", "a")
    >>> b = read_segmentation("Dr . Lee can't .\\n", "b")
    >>> boundaries(evaluate(a, b))["tokens"]
    Boundaries(shared=4, a_only=1, b_only=1)
    """
    counts = {}
    for level in ("tokens", "sentences"):
        shared = a_only = b_only = 0
        stretches = ((g.gold, g.sys) for unit in result.units for g in unit.words) if level == "tokens" else (
            (unit.gold, unit.sys) for unit in result.units)
        for (a0, a1), (b0, b1) in stretches:
            s, a, b = _split(a1 - a0, b1 - b0)
            shared, a_only, b_only = shared + s, a_only + a, b_only + b
        counts[level] = Boundaries(shared, a_only, b_only)
    return counts
