"""Sentence alignment of two M2 files (spec gec.md §2, step 3) and the similarity that decides.

The two space-free character streams (:mod:`jpcore.gec.keys`) are aligned by
:func:`jpcore.align.align_sides` and cut where *both* sides end a sentence
(:func:`jpcore.align.group_units`) -- the jp-algorithm's grouping, of which
the spec's greedy walk ("grow the side that has consumed fewer characters
until both have consumed the same text") is the paper's description.  It is
driven by cumulative character offsets only: it never compares token
counts, cannot stop early on a repeated short sentence and cannot run off
the end of either list.  When both sides end sentences inside the same
differing stretch (a quote rewritten at a sentence boundary), those ends are
paired as extra cuts (:func:`_cut_inside_differences`; the core's grouping
is unchanged).  Where the streams differ (a tool rewrote text, a sentence
exists on one side only) the group's similarity decides (:data:`SIMILARITY`,
:func:`jpcore.align.similarity.jaro_winkler`, on the space-free normalised
texts): a group of equal sentence counts whose sentences are pairwise
``>= alpha`` becomes that many 1:1 units, else a whole group ``>= alpha`` is
one unit, else every sentence of the group becomes its own one-sided unit
(all its gold edits FN, all its system edits FP), never glued to a neighbour.

Choosing alpha (``DEFAULT_ALPHA = 0.91``).  Measured on
``uagec-gec-only-test/resegmented/ann0.resegmented-requote.m2`` against
``ann1.m2`` with the ``"none"`` table (whitespace removal only), so that the
requoted quotes really reach the similarity path (with the ``"gec"`` table
they are mapped away and every unit is exact or merged):

* true pairs: the alignment cuts the 2,358 units of ``units.tsv``; 237 of
  them (1:1, n:1, 1:n) differ in their characters.  Their similarity ranges
  from 0.9259 to 0.9991 (mean 0.9866); the lowest are short sentences whose
  every quote was rewritten (*Я не є доктор - сказав я : Чому вам не піти
  до лікаря ?* with its four quotes: 0.9259; *Забрати тебе додому ,
  додому !*: 0.9293).
* wrong pairs: each gold sentence against the next one (2,861 pairs, the
  same-position mistake an aligner can make): mean 0.5007; above 0.90 only
  5 pairs, all duplicates or near-duplicates that no threshold can tell
  apart (three ``Image for post`` lines 1.0, ``- We’re counting cards .`` /
  ``- You’re counting cards ?`` 0.9905, one sentence with and without its
  full stop 0.975); every other pair is at most 0.8956 (sentences sharing
  their first four characters and the final full stop: ``Це про ...``).
  Each unit's system text against the next unit's gold text gives the same
  picture (at most 0.8976 apart from those duplicates).

0.91 lies midway between 0.8956 and 0.9259 (a margin of about 0.015 on each
side).  With it the requoted file gives exactly the units of ``units.tsv``
and the oracle figures with either table (tests/test_gec_align.py).

"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import NamedTuple

from jpcore.align import (
    EXACT,
    CharAlignment,
    Group,
    GOLD_ONLY,
    MERGED,
    SIMILAR,
    SYSTEM_ONLY,
    Side,
    align_sides,
    group_units,
)
from jpcore.align.similarity import jaro_winkler
from jpcore.gec.options import DEFAULT_ALPHA

__all__ = ["ALIGNER", "SIMILARITY", "SentenceGroup", "align_sentences"]

SIMILARITY = "Jaro-Winkler on space-free normalised sentences, prefix and suffix bonus (length cap 4, scale 0.1)"
ALIGNER = "jp-errant sentence alignment (jp-algorithm)"


class SentenceGroup(NamedTuple):
    """One aligned unit of sentences: block id ranges on each side, kind, similarity.

    ``kind`` is one of :data:`jpcore.align.KINDS`; ``similarity`` is the
    Jaro-Winkler similarity when the two sides' texts differ (for one-sided
    units cut out of a too-dissimilar group: that group's similarity), else
    ``None``.
    """

    kind: str
    gold: tuple[int, int]
    sys: tuple[int, int]
    similarity: float | None = None


def align_sentences(gold_keys: Sequence[str], sys_keys: Sequence[str], alpha: float = DEFAULT_ALPHA) -> list[SentenceGroup]:
    """Align gold (reference) and system (hypothesis) sentences given as space-free keys.

    Returns units in document order that partition both sides (see the module
    doc for the rules).

    >>> [tuple(g) for g in align_sentences(["abcd", "e"], ["ab", "cd", "e"])]
    [('merged', (0, 1), (0, 2), None), ('exact', (1, 2), (2, 3), None)]
    >>> [(g.kind, g.gold, g.sys) for g in align_sentences(["Hi.", "Bye."], ["Hi.", "Zzz.", "Bye."])]
    [('exact', (0, 1), (0, 1)), ('system-only', (1, 1), (1, 2)), ('exact', (1, 2), (2, 3))]
    """
    gold, system = Side.of_sentences(list(gold_keys)), Side.of_sentences(list(sys_keys))
    gold_stream, sys_stream = gold.stream, system.stream
    chars = align_sides(gold, system)
    gold_ends, sys_ends = gold.sentence_ends, system.sentence_ends
    groups = group_units(gold_ends, sys_ends, chars)
    out: list[SentenceGroup] = []
    differences: list[tuple[tuple[int, int], tuple[int, int]]] | None = None
    for group in groups:
        sys_range, gold_range = group.sys, group.gold
        if group.kind in (EXACT, MERGED):
            out.append(SentenceGroup(group.kind, gold_range, sys_range))
        elif group.kind in (GOLD_ONLY, SYSTEM_ONLY):
            out.extend(_one_sided(gold_range, sys_range, None))
        else:
            if differences is None:
                differences = chars.differences()
            for part in _cut_inside_differences(group, chars, differences, gold_ends, sys_ends):
                if part.kind in (EXACT, MERGED):  # similar or different: alpha decides below
                    out.append(SentenceGroup(part.kind, part.gold, part.sys))
                else:
                    out.extend(_resolve_similar(part, gold_keys, sys_keys, gold_stream, sys_stream, alpha))
    return out


def _cut_inside_differences(
    group: Group,
    chars: CharAlignment,
    differences: Sequence[tuple[tuple[int, int], tuple[int, int]]],
    gold_ends: Sequence[int],
    sys_ends: Sequence[int],
) -> list[Group]:
    """Cut an m:n "similar" group where both sides end sentences inside the same difference.

    :func:`jpcore.align.group_units` cuts only where both sides end a sentence
    at corresponding characters.  When a tool rewrote the characters *at* a
    boundary (``" | "`` requoted as ``'' | ``), neither end maps, and two
    units would be glued into one.  Inside one differing stretch, if the
    gold and the system side end the same number of sentences (stretch edges
    included), those ends are paired in order as extra cuts.  The parts are
    classified again: same characters -> exact/merged, else similar.
    """
    (r0, r1), (h0, h1) = group.gold, group.sys
    if r1 - r0 < 2 or h1 - h0 < 2:
        return [group]
    (c0, c1), (d0, d1) = group.gold_chars, group.sys_chars
    cuts: list[tuple[int, int]] = []  # (gold sentences before, system sentences before)
    r, h = r0, h0
    first = bisect_left(differences, ((c0, -1), (-1, -1)))
    for (ga, gb), (sa, sb) in differences[max(first - 1, 0):]:
        if gb < c0 or sb < d0:
            continue
        if ga > c1 or sa > d1:
            break
        while r < r1 - 1 and gold_ends[r] < ga:
            r += 1
        while h < h1 - 1 and sys_ends[h] < sa:
            h += 1
        gold_inside = [k for k in range(r, r1 - 1) if ga <= gold_ends[k] <= gb]
        sys_inside = [k for k in range(h, h1 - 1) if sa <= sys_ends[k] <= sb]
        if gold_inside and len(gold_inside) == len(sys_inside):
            cuts.extend(zip(gold_inside, sys_inside))
    if not cuts:
        return [group]
    parts: list[Group] = []
    start_r, start_h = r0, h0
    start_c, start_d = c0, d0
    for k_r, k_h in [*cuts, (r1 - 1, h1 - 1)]:
        end_c, end_d = gold_ends[k_r], sys_ends[k_h]
        same = chars.same_text((start_c, end_c), (start_d, end_d))
        n_r, n_h = k_r + 1 - start_r, k_h + 1 - start_h
        kind = (EXACT if n_r == 1 and n_h == 1 else MERGED) if same else SIMILAR
        parts.append(Group((start_r, k_r + 1), (start_h, k_h + 1), (start_c, end_c), (start_d, end_d), kind))
        start_r, start_h, start_c, start_d = k_r + 1, k_h + 1, end_c, end_d
    return parts


def _one_sided(gold_range: tuple[int, int], sys_range: tuple[int, int], similarity: float | None) -> list[SentenceGroup]:
    """Every sentence of the two ranges as its own one-sided unit (gold first)."""
    h0, h1 = sys_range
    r0, r1 = gold_range
    out = [SentenceGroup(GOLD_ONLY, (r, r + 1), (h0, h0), similarity) for r in range(r0, r1)]
    out += [SentenceGroup(SYSTEM_ONLY, (r1, r1), (h, h + 1), similarity) for h in range(h0, h1)]
    return out


def _resolve_similar(
    group: Group, gold_keys: Sequence[str], sys_keys: Sequence[str], gold_stream: str, sys_stream: str, alpha: float
) -> list[SentenceGroup]:
    """A group whose characters differ: pairwise 1:1 units, one unit, or one-sided units (module doc)."""
    (h0, h1), (r0, r1) = group.sys, group.gold
    n = h1 - h0
    if n > 1 and n == r1 - r0:
        pairs = [(sys_keys[h0 + k], gold_keys[r0 + k]) for k in range(n)]
        sims = [1.0 if a == b else jaro_winkler(a, b) for a, b in pairs]
        if all(s >= alpha for s in sims):
            return [
                SentenceGroup(EXACT, (r0 + k, r0 + k + 1), (h0 + k, h0 + k + 1))
                if pairs[k][0] == pairs[k][1]
                else SentenceGroup(SIMILAR, (r0 + k, r0 + k + 1), (h0 + k, h0 + k + 1), sims[k])
                for k in range(n)
            ]
    (g0, g1), (s0, s1) = group.gold_chars, group.sys_chars
    similarity = jaro_winkler(sys_stream[s0:s1], gold_stream[g0:g1])
    if similarity >= alpha:
        return [SentenceGroup(SIMILAR, group.gold, group.sys, similarity)]
    return _one_sided(group.gold, group.sys, similarity)
