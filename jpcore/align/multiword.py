"""Words inside multiword tokens, paired exactly as the CoNLL 2018 UD script pairs them.

Contract: :func:`pair_words` takes the word groups of
:func:`jpcore.align.group_units` (over word end offsets in the *token*
character stream, every word of a multiword token ending where its token
ends) and returns them refined so that a 1:1 ``exact`` group is exactly a
word pair ``conll18_ud_eval.py`` counts as correct.  Groups whose characters
differ are returned unchanged: there the script refuses the files, and the
alignment goes on as for tokens.

The script's rule (``align_words``), restated.  Every word has a span: its
own characters, or, inside a multiword token, the whole token's.  Both word
lists are walked together:

* where neither current word belongs to a multiword token, two words with
  the same span are a pair; otherwise the one that starts first (gold on a
  tie) is passed over;
* at a multiword token (either side) a *multiword span* opens: it ends at
  the token's end and grows over every multiword token that starts before
  its end; it takes every word up to there (a word of a multiword token that
  starts before the end; any other word that ends by the end).  If the
  system's current word is not in a multiword token and starts before the
  gold token (it straddles its start: the script's test #6), that one word
  is left out (and likewise for gold).  Inside the span words are paired by
  the longest common subsequence of their FORMs, lower-cased, read back
  greedily from the start (:func:`lcs_pairs`).

So ``zum`` expanded ``Zu dem`` against ``zu dem`` is two pairs, ``du``
left unexpanded against ``de le`` none, and a sentence boundary where both
files have the same characters stays a correct sentence.

The refined groups: each pair is a 1:1 ``exact`` group; the words between
two pairs form a ``merged`` group (the same characters, expanded or cut
differently), or a ``gold-only`` / ``system-only`` one when only one side has
words there (a word only one expansion has), cut further wherever the
original groups were cut.  A cut that a pair crosses moves back, on the
crossing side, to just before the paired word.  That happens only where the
script pairs a word of one sentence with a word of the next (its multiword
span can take the last words of the previous sentence when a gold token
there was split in two): the pair is kept, in the unit of its gold word, so
the totals stay the script's; every other word group nests inside its
sentence group.

>>> lcs_pairs(["zu", "dem"], ["zu", "dem"]), lcs_pairs(["de", "le"], ["du"])
([(0, 0), (1, 1)], [])
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from jpcore.align.streams import EXACT, GOLD_ONLY, MERGED, SYSTEM_ONLY, Group

__all__ = ["WordSpans", "conll18_form", "conll18_pairs", "lcs_pairs", "pair_words"]


def conll18_form(form: str, in_multiword: bool) -> str:
    """A FORM as the script compares it: lower-cased; a word outside a multiword
    token without its Unicode ``Zs`` spaces (the script strips them from token
    lines only)."""
    if not in_multiword and not form.isalnum():
        form = "".join(char for char in form if unicodedata.category(char) != "Zs")
    return form.lower()


@dataclass(slots=True)
class WordSpans:
    """One side's words: span ``[start, end)`` in a common character space,
    whether the word is in a multiword token, and its compared FORM."""

    start: list[int]
    end: list[int]
    multiword: list[bool]
    form: list[str]

    def __len__(self) -> int:
        return len(self.start)


def lcs_pairs(gold_forms: Sequence[str], sys_forms: Sequence[str]) -> list[tuple[int, int]]:
    """The pairs the script takes inside one multiword span (local indices).

    ``lcs(g, s)`` is the length of the longest common subsequence of
    ``gold_forms[g:]`` and ``sys_forms[s:]``; from ``(0, 0)``: equal forms
    are a pair (both advance), else gold advances if that keeps the length,
    else the system does.  The table is kept as bit vectors (one integer per
    system suffix, the Allison-Dix recurrence), so a span of ``n`` gold and
    ``m`` system words costs about ``n * m / 64`` word operations.
    """
    n_gold, n_sys = len(gold_forms), len(sys_forms)
    if not n_gold or not n_sys:
        return []
    # bit k stands for gold_forms[n_gold - 1 - k]: the gold suffixes are prefixes of the reversal
    masks: dict[str, int] = {}
    for bit, form in enumerate(reversed(gold_forms)):
        masks[form] = masks.get(form, 0) | (1 << bit)
    full = (1 << n_gold) - 1
    vector = full
    rows = [vector]  # rows[i]: the system's last i words
    for form in reversed(sys_forms):
        matched = vector & masks.get(form, 0)
        vector = ((vector + matched) | (vector - matched)) & full
        rows.append(vector)

    def lcs(g: int, s: int) -> int:
        width = n_gold - g
        return width - (rows[n_sys - s] & ((1 << width) - 1)).bit_count()

    pairs = []
    g = s = 0
    while g < n_gold and s < n_sys:
        if gold_forms[g] == sys_forms[s]:
            pairs.append((g, s))
            g += 1
            s += 1
        elif lcs(g, s) == lcs(g + 1, s):
            g += 1
        else:
            s += 1
    return pairs


def _beyond(words: WordSpans, i: int, span_end: int) -> bool:
    if i >= len(words):
        return True
    if words.multiword[i]:
        return words.start[i] >= span_end
    return words.end[i] > span_end


def _multiword_span(gold: WordSpans, system: WordSpans, gi: int, si: int) -> tuple[int, int, int, int]:
    """``(gold_start, sys_start, gold_end, sys_end)`` word indices of the span opening at ``gi``/``si``."""
    if gold.multiword[gi]:
        span_end = gold.end[gi]
        if not system.multiword[si] and system.start[si] < gold.start[gi]:
            si += 1
    else:
        span_end = system.end[si]
        if gold.start[gi] < system.start[si]:
            gi += 1
    gold_start, sys_start = gi, si
    while not _beyond(gold, gi, span_end) or not _beyond(system, si, span_end):
        if gi < len(gold) and (si >= len(system) or gold.start[gi] <= system.start[si]):
            if gold.multiword[gi]:
                span_end = max(span_end, gold.end[gi])
            gi += 1
        else:
            if system.multiword[si]:
                span_end = max(span_end, system.end[si])
            si += 1
    return gold_start, sys_start, gi, si


def conll18_pairs(gold: WordSpans, system: WordSpans) -> list[tuple[int, int]]:
    """Every (gold, system) word pair the script counts as aligned (module doc),
    in order."""
    pairs: list[tuple[int, int]] = []
    gi = si = 0
    n_gold, n_sys = len(gold), len(system)
    while gi < n_gold and si < n_sys:
        if gold.multiword[gi] or system.multiword[si]:
            gold_start, sys_start, gi, si = _multiword_span(gold, system, gi, si)
            local = lcs_pairs(gold.form[gold_start:gi], system.form[sys_start:si])
            pairs.extend((gold_start + g, sys_start + s) for g, s in local)
        elif gold.start[gi] == system.start[si] and gold.end[gi] == system.end[si]:
            pairs.append((gi, si))
            gi += 1
            si += 1
        elif gold.start[gi] <= system.start[si]:
            gi += 1
        else:
            si += 1
    return pairs


@dataclass(frozen=True, slots=True)
class SideWords:
    """What :func:`pair_words` needs of one side: each word's end offset in the
    token character stream, the offset where its multiword token starts (-1
    outside one), and its FORM as read."""

    ends: Sequence[int]
    multiword_starts: Sequence[int]
    forms: Sequence[str]

    def start(self, k: int) -> int:
        """Where word ``k``'s span starts."""
        start = self.multiword_starts[k]
        if start >= 0:
            return start
        return self.ends[k - 1] if k else 0

    def spans(self, first: int, stop: int, shift: int) -> WordSpans:
        """Words ``first:stop`` as :class:`WordSpans`, offsets plus ``shift``."""
        multiword = [self.multiword_starts[k] >= 0 for k in range(first, stop)]
        return WordSpans(
            [self.start(k) + shift for k in range(first, stop)],
            [self.ends[k] + shift for k in range(first, stop)],
            multiword,
            [conll18_form(form, inside) for form, inside in zip(self.forms[first:stop], multiword)],
        )

    def has_multiword(self, first: int, stop: int) -> bool:
        """Whether one of words ``first:stop`` is in a multiword token."""
        if stop - first == 1:
            return self.multiword_starts[first] >= 0
        return any(self.multiword_starts[k] >= 0 for k in range(first, stop))


def _same_text(group: Group) -> bool:
    return group.kind in (EXACT, MERGED)


def _shift(group: Group) -> int:
    return group.gold_chars[0] - group.sys_chars[0]


def pair_words(groups: Sequence[Group], gold: SideWords, system: SideWords) -> list[Group]:
    """``groups`` with the words around every multiword token paired by
    :func:`conll18_pairs` (module doc).

    Only stretches of same-text groups are paired (elsewhere the characters
    differ), and only around multiword tokens: the script's walk starts
    afresh at every cut where neither side's next word is in a multiword
    token (a multiword span never crosses a cut, and words left over before
    it pair with nothing after it), and between two such cuts without a
    multiword token it pairs exactly the words of the 1:1 ``exact`` groups.
    """
    out: list[Group] = []
    k, n = 0, len(groups)
    while k < n:
        if not _same_text(groups[k]):
            out.append(groups[k])
            k += 1
            continue
        stop = k + 1
        while stop < n and _same_text(groups[stop]) and _shift(groups[stop]) == _shift(groups[k]):
            stop += 1
        out.extend(_pair_region(groups[k:stop], gold, system))
        k = stop
    return out


def _pair_region(region: Sequence[Group], gold: SideWords, system: SideWords) -> list[Group]:
    """One stretch of same-text groups: each island around multiword tokens refined."""
    def touches(group: Group) -> bool:
        return gold.has_multiword(*group.gold) or system.has_multiword(*group.sys)

    def safe_before(k: int) -> bool:  # the cut before region[k] restarts the script's walk
        group = region[k]
        return k == 0 or (gold.multiword_starts[group.gold[0]] < 0 and system.multiword_starts[group.sys[0]] < 0)

    out: list[Group] = []
    k, n = 0, len(region)
    while k < n:
        if not touches(region[k]):
            out.append(region[k])
            k += 1
            continue
        start = k
        while not safe_before(start):
            start -= 1
            out.pop()  # a group before an unsafe cut joins the island (never one already refined)
        stop = k + 1
        while stop < n and (touches(region[stop]) or not safe_before(stop)):
            stop += 1
        out.extend(_refine(region[start:stop], gold, system))
        k = stop
    return out


def _refine(region: Sequence[Group], gold: SideWords, system: SideWords) -> list[Group]:
    """One region of same-text groups, cut at the script's pairs (module doc)."""
    g0, g1 = region[0].gold[0], region[-1].gold[1]
    s0, s1 = region[0].sys[0], region[-1].sys[1]
    shift = _shift(region[0])
    local = conll18_pairs(gold.spans(g0, g1, 0), system.spans(s0, s1, shift))
    pairs = [(g0 + g, s0 + s) for g, s in local]
    matched = set(pairs)
    cuts = _adjusted_cuts([(group.gold[0], group.sys[0]) for group in region[1:]], pairs)
    bounds = sorted({(g0, s0), (g1, s1), *cuts, *pairs, *((g + 1, s + 1) for g, s in pairs)})
    start_chars = (region[0].gold_chars[0], region[0].sys_chars[0])
    out = []
    for (ga, sa), (gb, sb) in zip(bounds, bounds[1:]):
        if ga == gb and sa == sb:
            continue
        assert ga <= gb and sa <= sb, "word groups go forward on both sides"
        if gb - ga == 1 and sb - sa == 1 and (ga, sa) in matched:
            kind = EXACT
        elif ga == gb:
            kind = SYSTEM_ONLY
        elif sa == sb:
            kind = GOLD_ONLY
        else:
            kind = MERGED
        out.append(Group((ga, gb), (sa, sb), _chars(gold, ga, gb, start_chars[0]),
                         _chars(system, sa, sb, start_chars[1]), kind))
    return out


def _chars(side: SideWords, first: int, stop: int, region_start: int) -> tuple[int, int]:
    """The character range of words ``first:stop`` (a point where there are none)."""
    if first < stop:
        return side.start(first), side.ends[stop - 1]
    point = side.ends[first - 1] if first else 0
    return (max(point, region_start),) * 2


def _adjusted_cuts(cuts: Sequence[tuple[int, int]], pairs: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cuts moved back, on the side where a pair crosses them, to just before
    that pair's word (a pair crosses a cut when its gold word lies after the
    cut and its system word before, or the other way round); a cut no pair
    crosses stays.  Both lists are in order: two pointers."""
    out = []
    after_gold = after_sys = 0  # first pair at or after the cut on the gold / system side
    for cut_gold, cut_sys in cuts:
        while after_gold < len(pairs) and pairs[after_gold][0] < cut_gold:
            after_gold += 1
        while after_sys < len(pairs) and pairs[after_sys][1] < cut_sys:
            after_sys += 1
        sys_side = min(cut_sys, pairs[after_gold][1]) if after_gold < len(pairs) else cut_sys
        gold_side = min(cut_gold, pairs[after_sys][0]) if after_sys < len(pairs) else cut_gold
        out.append((gold_side, sys_side))
    return out
