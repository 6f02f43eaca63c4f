"""PARSEVAL on one aligned tree pair, in word-unit indices (spec section 2).

Contract: :func:`score_pair` takes the trees of one sentence group on each
side, the group's word units (:class:`jpcore.align.Group` over flat token
indices) and both sides' flat tag lists, and returns a :class:`PairScore`:
every constituent with its span, its status and whether it crosses the
other side, plus the matched, crossing and correct-tag counts.

The rules:

* the trees of a side are scored as one tree under a dummy root that makes
  no bracket (their constituents are simply put together);
* constituents are the nodes above the pre-terminals whose label, cut at
  the first ``-`` or ``=`` (even at position 0), is neither empty nor
  ``TOP``; nodes without words make no constituent (EVALB drops zero spans);
* a constituent spans ``[unit of its first word, unit of its last word + 1)``:
  a bracket that starts or ends inside a many-to-many word unit snaps
  outwards to the unit's edge.  Its first and last words are those with
  characters: a word whose key is empty (``U+00A0``) and that is a unit of
  its own (:mod:`jpcore.align.streams`, "Units without characters") is not
  an edge, so it changes no other bracket's span; a constituent over such
  words alone keeps their units;
* except inside a many-to-many unit whose characters differ (``similar``
  or ``different``: a stretch a tool rewrote,
  e.g. ``ca n't`` vs ``cannot``, or two sentences that share no text): there
  the unit's edges are the only points known on both sides, so a constituent
  with an edge strictly inside such a unit cannot be located on the other
  side.  It keeps its snapped span for display, counts as a gold (test)
  bracket, but is never matched and never crossing (``located`` False).
  Without this, every bracket of two unrelated texts would snap onto one
  unit and "match" by label;
* matching is EVALB's: for each gold constituent in preorder, the first
  unused system constituent with the same span and label -- one-to-one, and
  duplicates (a unary ``X -> X`` chain) count individually;
* crossing is EVALB's: a system constituent crosses when some gold
  constituent overlaps it partially (strict inequalities); the count is the
  number of such system constituents, matched or not;
* a tag is correct on a 1:1 word unit with the same characters (same word)
  and the same POS tag.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, count

from jpcore.align import DIFFERING, EXACT, Group
from jpcore.align.similarity import Normaliser
from jpcore.formats.trees import Tree
# from their own module, not jpcore.parseval.result: the flat path (jpcore.parseval.quick) scores
# groups without importing the result's classes and EVALB's
from jpcore.parseval.constituents import CROSSING, GOLD_ONLY, MATCHED, SYSTEM_ONLY, Constituent
from jpcore.peers.evalb.crossing import crossed

#: Cut labels that make no constituent.
NO_CONSTITUENT = frozenset({"", "TOP"})


def default_normaliser() -> Normaliser:
    """The normalisation of spec section 2: the ``en`` table, case-insensitive."""
    return Normaliser.for_language("en", casefold=True)


def cut_label(label: str) -> str:
    """The label up to the first ``-`` or ``=`` (EVALB's rule, even at 0).

    >>> cut_label("NP-SBJ-1"), cut_label("S=2"), cut_label("-NONE-"), cut_label("NP")
    ('NP', 'S', '', 'NP')
    """
    for i, char in enumerate(label):
        if char == "-" or char == "=":
            return label[:i]
    return label


class LabelCutter:
    """Cut labels, each distinct raw label once; ``None`` for no constituent.

    ``cache`` maps every raw label seen so far to its result (read it
    directly in loops; call the cutter for a label not in it yet).
    """

    __slots__ = ("cache",)

    def __init__(self) -> None:
        self.cache: dict[str, str | None] = {}

    def __call__(self, label: str) -> str | None:
        if label in self.cache:
            return self.cache[label]
        value = cut_label(label)
        cut = self.cache[label] = None if value in NO_CONSTITUENT else value
        return cut


@dataclass(slots=True)
class PairScore:
    """What :func:`score_pair` found for one pair."""

    gold: list[Constituent]
    sys: list[Constituent]
    matched: int
    cross: int
    correct_tags: int


@dataclass(slots=True)
class UnitMap:
    """One side of a pair: each token's word unit, and the tokens where no
    constituent may start (``blind_starts``) or end (``blind_ends``) because
    they lie inside a many-to-many unit whose characters differ, away from its edge.

    ``one_token_units``: no unit holds two of this side's tokens, so the
    side's spans keep the shape of its trees (nested or apart, in preorder).
    ``no_chars``: the tokens without characters that are a unit of their own
    (never a bracket's edge, module doc).
    """

    units: list[int]
    blind_starts: frozenset[int]
    blind_ends: frozenset[int]
    one_token_units: bool = True
    no_chars: frozenset[int] = frozenset()


def unit_map(words: Sequence[Group], gold_side: bool) -> UnitMap:
    """The :class:`UnitMap` of one side of a pair (``words`` cover its tokens in order)."""
    units: list[int] = []
    add, extend = units.append, units.extend
    blind_starts: set[int] = set()
    blind_ends: set[int] = set()
    one_token_units = True
    no_chars: set[int] = set()
    for number, unit in enumerate(words):
        start, end = unit.gold if gold_side else unit.sys
        size = end - start
        if size == 1:
            chars = unit.gold_chars if gold_side else unit.sys_chars
            if chars[0] == chars[1]:
                no_chars.add(len(units))
            add(number)
        elif size:
            one_token_units = False
            first = len(units)
            extend([number] * size)
            if unit.kind in DIFFERING:
                blind_starts.update(range(first + 1, first + size))
                blind_ends.update(range(first, first + size - 1))
    return UnitMap(units, frozenset(blind_starts), frozenset(blind_ends), one_token_units, frozenset(no_chars))


def _edges_with_chars(first: int, last: int, no_chars: frozenset[int]) -> tuple[int, int]:
    """The first and last token of ``first..last`` that have characters (both
    unchanged when none has)."""
    start, stop = first, last
    while start <= last and start in no_chars:
        start += 1
    if start > last:
        return first, last
    while stop in no_chars:
        stop -= 1
    return start, stop


def constituents(
    trees: Sequence[tuple[int, Tree]], side: UnitMap, cutter: LabelCutter, status: str
) -> list[Constituent]:
    """The constituents of ``(tree index, tree)`` pairs laid end to end, in preorder."""
    out: list[Constituent] = []
    units = side.units
    blind_starts, blind_ends = side.blind_starts, side.blind_ends
    no_chars = side.no_chars
    offset = 0
    add = out.append
    cache = cutter.cache
    for tree_index, tree in trees:
        for number, raw, start, end in tree.bracket_rows():  # no Node objects for a tree still flat
            if end > start:
                label = cache[raw] if raw in cache else cutter(raw)
                if label is not None:
                    first, last = offset + start, offset + end - 1
                    if no_chars:
                        first, last = _edges_with_chars(first, last, no_chars)
                    constituent = Constituent(label, units[first], units[last] + 1,
                                              tree_index, number, status)
                    if (blind_starts and first in blind_starts) or (blind_ends and last in blind_ends):
                        constituent.located = False
                    add(constituent)
        offset += len(tree.words)
    return out


def match(gold: list[Constituent], sys: list[Constituent]) -> int:
    """EVALB's greedy one-to-one matching; marks both sides ``matched``."""
    waiting: dict[tuple[int, int, str], list[Constituent]] = {}
    for constituent in reversed(sys):  # each list in reverse order: pop() takes the first
        if constituent.located:
            waiting.setdefault((constituent.start, constituent.end, constituent.label), []).append(constituent)
    matched = 0
    for constituent in gold:
        if not constituent.located:
            continue
        candidates = waiting.get((constituent.start, constituent.end, constituent.label))
        if candidates:
            candidates.pop().status = MATCHED
            constituent.status = MATCHED
            matched += 1
    return matched


#: Above this many table writes per bracket :func:`crossing_flags` sweeps
#: (:func:`jpcore.peers.evalb.crossing.crossed`) instead of filling tables.
TABLE_LIMIT = 16


def crossing_flags_laminar(fixed: Sequence[Constituent], probes: Sequence[Constituent], n_units: int) -> list[bool]:
    """:func:`crossing_flags` when ``fixed`` is laminar (any two brackets nested
    or apart) and in preorder (outer before inner): the innermost bracket
    around a position has both the smallest end and the largest start, and
    is written last, so one pass in the given order fills both tables (no
    sort).  Beyond :data:`TABLE_LIMIT` writes per bracket, the sweep."""
    if not fixed or not probes:
        return [False] * len(probes)
    limit = TABLE_LIMIT * (len(fixed) + len(probes) + n_units)
    total = 0
    inner_end = [n_units + 1] * (n_units + 1)
    inner_start = [-1] * (n_units + 1)
    for constituent in fixed:
        start, end = constituent.start, constituent.end
        size = end - start
        if size > 1:
            total += size
            if total > limit:
                return crossed([(c.start, c.end) for c in fixed if c.end - c.start > 1],
                               [(c.start, c.end) for c in probes])
            inner_end[start + 1 : end] = [end] * (size - 1)
            inner_start[start + 1 : end] = [start] * (size - 1)
    return [inner_end[c.start] < c.end or inner_start[c.end] > c.start for c in probes]


def crossing_flags(fixed: Sequence[Constituent], probes: Sequence[Constituent], n_units: int) -> list[bool]:
    """For each of ``probes``: does some bracket of ``fixed`` overlap it partially?

    ``a`` crosses ``b`` when ``a.start < b.start < a.end < b.end`` or
    ``b.start < a.start < b.end < a.end``.  For every position ``p``,
    ``inner_end[p]`` is the smallest end and ``inner_start[p]`` the largest
    start of the ``fixed`` brackets strictly around ``p``; a probe
    ``[s, e)`` is crossed iff ``inner_end[s] < e`` or ``inner_start[e] > s``.
    Filled with slice writes (shorter ends / larger starts written last), so
    the cost is the total length of the ``fixed`` brackets, whatever their
    shape (spans snapped to word units need not nest).  That total is
    quadratic for deep trees (a chain of ``n`` nested brackets): beyond
    :data:`TABLE_LIMIT` writes per bracket the same answer comes from
    :func:`jpcore.peers.evalb.crossing.crossed`, ``O(n log n)``.
    """
    if not fixed or not probes:
        return [False] * len(probes)
    spans = [(c.start, c.end) for c in fixed if c.end - c.start > 1]
    if sum(end - start for start, end in spans) > TABLE_LIMIT * (len(spans) + len(probes) + n_units):
        return crossed(spans, [(c.start, c.end) for c in probes])
    inner_end = [n_units + 1] * (n_units + 1)
    inner_start = [-1] * (n_units + 1)
    for start, end in sorted(spans, key=lambda span: -span[1]):
        inner_end[start + 1 : end] = [end] * (end - start - 1)
    for start, end in sorted(spans):
        inner_start[start + 1 : end] = [start] * (end - start - 1)
    return [inner_end[c.start] < c.end or inner_start[c.end] > c.start for c in probes]


def score_pair(
    gold_trees: Sequence[tuple[int, Tree]],
    sys_trees: Sequence[tuple[int, Tree]],
    words: Sequence[Group],
    gold_tags: Sequence[str],
    sys_tags: Sequence[str],
    cutter: LabelCutter,
) -> PairScore:
    """Score one pair (see the module doc).

    ``words`` are the pair's word units (flat token indices, covering the
    pair's tokens in order on both sides); ``gold_tags``/``sys_tags`` the
    flat POS tags of each whole side.
    """
    gold_units, sys_units = unit_map(words, True), unit_map(words, False)
    gold = constituents(gold_trees, gold_units, cutter, GOLD_ONLY)
    sys = constituents(sys_trees, sys_units, cutter, SYSTEM_ONLY)
    matched = match(gold, sys)
    cross = 0
    # With every bracket matched and no two gold words in one unit, both
    # sides are the same laminar set of spans: nothing can cross.
    if not (matched == len(gold) == len(sys) and all(unit.gold[1] - unit.gold[0] <= 1 for unit in words)):
        n_units = len(words)
        gold_located = [c for c in gold if c.located]
        sys_located = [c for c in sys if c.located]
        # each side's trees keep their shape when none of its tokens share a unit
        by_gold = crossing_flags_laminar if gold_units.one_token_units else crossing_flags
        by_sys = crossing_flags_laminar if sys_units.one_token_units else crossing_flags
        for constituent, crosses in zip(sys_located, by_gold(gold_located, sys_located, n_units)):
            if crosses:
                cross += 1
                constituent.crosses = True
                if constituent.status != MATCHED:
                    constituent.status = CROSSING
        for constituent, crosses in zip(gold_located, by_sys(sys_located, gold_located, n_units)):
            if crosses:
                constituent.crosses = True
                if constituent.status != MATCHED:
                    constituent.status = CROSSING
    correct = sum(tag_agreement(words, gold_tags, sys_tags).values())
    return PairScore(gold, sys, matched, cross, correct)


def tag_agreement(words: Sequence[Group], gold_tags: Sequence[str], sys_tags: Sequence[str],
                  gold_offset: int = 0, sys_offset: int = 0) -> dict[int, bool]:
    """The word units whose POS tags are compared (``exact``, one word on each side),
    by their number in ``words``: whether the two tags are equal (a pair's ``correct_tags``
    is the number of ``True``).  ``gold_tags[i - gold_offset]`` is the tag of flat word
    ``i`` (the offsets let a drawing pass the tags of the pair's trees alone)."""
    agree: dict[int, bool] = {}
    for number, unit in enumerate(words):
        if unit.kind == EXACT:
            g0, g1 = unit.gold
            s0, s1 = unit.sys
            if g1 - g0 == 1 and s1 - s0 == 1:
                agree[number] = gold_tags[g0 - gold_offset] == sys_tags[s0 - sys_offset]
    return agree


def flat_tags(trees: Sequence[Tree], first: int, stop: int, first_token: int) -> dict[int, str]:
    """The POS tags of ``trees[first:stop]`` by flat token number (their first token is
    ``first_token``): what :func:`score_pair` reads of a side's flat tag list, made for one
    pair (no flat copy of every tag of the file)."""
    tags = chain.from_iterable(trees[k].tags for k in range(first, stop))
    return dict(zip(count(first_token), tags))


def score_group(group: Group, words: Sequence[Group], gold_trees: Sequence[Tree], sys_trees: Sequence[Tree],
                gold_starts: Sequence[int], sys_starts: Sequence[int], cutter: LabelCutter,
                tags: tuple[Sequence[str], Sequence[str]] | None = None
                ) -> tuple[list[tuple[int, Tree]], list[tuple[int, Tree]], PairScore]:
    """Sentence group ``group`` (tree ranges) with its word units ``words``, scored:
    ``(gold_pair, sys_pair, score)``, each side's ``(tree index, tree)`` pairs and the
    :class:`PairScore`.  ``*_starts`` are each side's first flat token per tree; ``tags``
    both sides' flat tag lists (else the group's own are made)."""
    g0, g1 = group.gold
    s0, s1 = group.sys
    gold_pair = [(i, gold_trees[i]) for i in range(g0, g1)]
    sys_pair = [(i, sys_trees[i]) for i in range(s0, s1)]
    if tags is None:
        tags = (flat_tags(gold_trees, g0, g1, gold_starts[g0]), flat_tags(sys_trees, s0, s1, sys_starts[s0]))
    return gold_pair, sys_pair, score_pair(gold_pair, sys_pair, words, *tags, cutter)
