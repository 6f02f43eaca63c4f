"""The jp-algorithm: align two segmentations of the same characters.

The idea
========

Gold and system are the same text cut differently.  Take each side's units
(sentences, or tokens) as normalised, whitespace-free strings (see
:mod:`jpcore.align.similarity`).  Concatenated, each side is one *character
stream*; a unit is a range ``[start, end)`` of its stream, and a side is
fully described by the sorted list of offsets where its units end.

**Equal streams (the normal case).**  Walk the two sorted lists of end
offsets together, like the merge step of merge sort.  Every offset that
*both* sides end a unit at is a **cut**.  Between two consecutive cuts lie
``m`` gold and ``n`` system units that cover exactly the same characters: one
**group**.  ``m = n = 1`` is a 1:1 group (the unit is correct); anything else
is a merged group (1:n, n:1 or m:n; the inspector joins its units with
``~~~``).  This is the jp-algorithm's "keep adding units to the side that has
consumed fewer characters until both sides have consumed the same text",
done without look-ahead heuristics: it is driven by cumulative character
offsets only, so it cannot drift, cannot end a group early on a repeated
token, and cannot run off the end of the file.

**Different streams.**  When a tool rewrote characters, or a sentence is
missing on one side, the streams differ.  :func:`align_streams` first aligns
the two streams at character level.  It extends exact stretches as far as
they go; at a mismatch it re-synchronises on the nearest *anchor*, a string
both streams hold near the mismatch (:func:`_resync`), or on the common
suffix of the two streams if that is nearer.  Only the short stretch
between the mismatch and the anchor is handed to an edit-distance diff
(``difflib``), and only when it is small (:data:`MAX_DIFF_CELLS`).  Two
rules keep repetitive text from pulling the alignment off course.  (With
the nearest 8-character agreement, text of tokens drawn from ``a aa aaa b
bb bbb`` with one token in twenty replaced fell from Words F1 46% at 2,000
sentences to 22% at 16,000, and a sentence dropped among template sentences
became a substitution in every later one; now F1 is 94.9% at every length:
``bench/align_drift.py``.)

* the anchor is long enough that a chance agreement is unlikely
  (:func:`anchor_length`): :data:`ANCHOR` characters for ordinary text,
  16 or more for text of two letters;
* it occurs once in each search window, so a phrase every sentence repeats
  never re-synchronises a sentence with its neighbour: the sentence's own
  text (a name, a number) does.  Where nothing in the windows is unique
  (the identical template sentences of EVALB's sample), or the windows
  exceed :data:`UNIQUE_WINDOW` characters, the nearest agreement is taken.

One case is left to that nearest agreement: when everything after the
difference is the same on both sides, the common suffix competes with a
shifted copy of a repeated phrase on distance alone, and the nearer copy
wins.

Windows start at 64 characters and double until the anchor found lies
inside them, so the cost is proportional to the size of the difference, not
of the file.  The result is a :class:`CharAlignment`: the list of equal
*runs* ``(gold_pos, sys_pos, length)``; what lies between runs is a
*difference*.  A gold offset inside (or at either edge of) a run maps to
exactly one system offset; an offset inside a difference maps to none.  A
cut is then a gold end offset whose image is a system end offset.  A
difference with nothing on one side (an extra or missing sentence) produces
a group with units on one side only.

The same routine aligns sentences and, with the token end offsets and the
same :class:`CharAlignment`, words.  Every sentence end is a token end, so
every sentence cut is also a token cut and word groups nest inside sentence
groups.

The kinds of group (one vocabulary for preprocess, parseval and gec)
====================================================================

* ``exact``: one unit on each side, the same characters: the unit is correct;
* ``merged``: the same characters cut into different units (1:n, n:1, m:n);
* ``similar``: the characters differ, but the two texts are the same text
  rewritten: their Jaro-Winkler similarity (prefix and suffix bonus, on the
  space-free normalised texts, :func:`jpcore.align.similarity.jaro_winkler`) is at
  least :data:`SIMILAR_AT_LEAST` (0.91, the threshold gec measured between
  true and wrong sentence pairs: ``jpcore.gec``).  ``colour``/``color``
  (0.97) and ``do not``/``don't`` (0.92) are similar;
* ``different``: the characters differ and are not similar: two unrelated
  texts that merely sit between the same common boundaries (``cat``/``dog``,
  or three sentences against three others).  Never a TP, like ``similar``;
  evaluations that pair units (gec) split such a group into one-sided units;
* ``gold-only`` / ``system-only``: text that only one side has (inside a
  multiword token, a word only one side's expansion has:
  :mod:`jpcore.align.multiword`).

Units without characters
========================

A unit whose key is empty -- a token that normalises to nothing (a
zero-width space U+200B, a byte order mark U+FEFF; in trees, where only
ASCII whitespace separates tokens, also a no-break space U+00A0 and the
other Unicode spaces), a tree without words -- ends where it starts: it sits
*at* an offset, and where both sides cut there it could belong to the group
on either side.  One rule, at every level: **a unit without characters is
never put in a group with units that have characters across a cut.**  At a
cut, each one is a group of its own: paired in order with the other side's
units without characters at the same cut (``exact``: the same characters,
none), the rest one-sided (``gold-only`` / ``system-only``).  Words are cut
inside their sentence group (:func:`jpcore.align.nesting.group_words`), so
such a word is grouped inside its own sentence's group and a word group
never crosses a sentence group's edge.  Where no cut falls at its place
(inside a ``merged`` or differing stretch) it stays in the group of its
neighbours, which lie in the same sentence group.  So removing such units
changes no group but the ones they are in (tested with hypothesis over
every evaluation in ``tests/test_empty_keys_properties.py``).

Invariants (tested with hypothesis in ``tests/test_align_properties.py``)
=========================================================================

* The groups partition both sides: concatenating their gold ranges gives
  ``0 .. len(gold)`` in order, and likewise for the system ranges.
* Identical inputs give only 1:1 groups, all exact (units without characters included).
* A group is ``exact``/``merged`` only if the two sides' characters in it are
  identical; otherwise it is ``similar`` or ``different`` (both sides
  non-empty) or ``gold-only`` / ``system-only``.
* A change confined to one place changes only the groups that touch it
  (in text that repeats itself within a search window, which copy of a
  repeated stretch is missing can be ambiguous: then more groups may change,
  but every unit is still counted once).
* Time and memory are linear in the input for equal streams and proportional
  to the size of the differences otherwise; no recursion.

This module aligns the characters (:func:`align_streams`) and names the
kinds; :mod:`jpcore.align.grouping` cuts and groups the units on that
alignment (:func:`~jpcore.align.grouping.group_units`).

>>> from jpcore.align.grouping import align_units
>>> groups = align_units(["Clickhere", "Toviewit."], ["ClickhereToviewit."])
>>> [(g.gold, g.sys, g.kind, g.shape, g.ratio) for g in groups]
[((0, 2), (0, 1), 'merged', 'n:1', '2:1')]
>>> [g.kind for g in align_units(["colour"], ["color"])], [g.kind for g in align_units(["cat"], ["dog"])]
(['similar'], ['different'])
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from jpcore.align.similarity import jaro_winkler

#: Shortest exact stretch that re-synchronises two differing streams.
ANCHOR = 8
#: Longest anchor :func:`anchor_length` asks for (text more repetitive than
#: that has no informative anchor: the nearest agreement is taken).
MAX_ANCHOR = 64
#: An anchor is long enough when the expected number of chance agreements of
#: that length between the two search windows is at most this.
CHANCE_AGREEMENTS = 1 / 16
#: Search windows up to this size accept only anchors that occur once in
#: each window; larger ones take the nearest agreement (a long table of
#: identical lines has no unique anchor).
UNIQUE_WINDOW = 4096
#: Largest ``len(gold) * len(sys)`` of a difference handed to ``difflib``;
#: beyond it the whole stretch is one difference (keeps the worst case linear).
MAX_DIFF_CELLS = 250_000
#: First search window when re-synchronising; doubled until the anchor found
#: is provably the nearest one.
_FIRST_WINDOW = 64
#: Two differing texts are ``similar`` when their Jaro-Winkler similarity
#: (:func:`jpcore.align.similarity.jaro_winkler`) is at least this (gec's measured
#: threshold, ``jpcore.gec.options.DEFAULT_ALPHA``); below it they are ``different``.
SIMILAR_AT_LEAST = 0.91

EXACT = "exact"
MERGED = "merged"
SIMILAR = "similar"
DIFFERENT = "different"
GOLD_ONLY = "gold-only"
SYSTEM_ONLY = "system-only"
KINDS = (EXACT, MERGED, SIMILAR, DIFFERENT, GOLD_ONLY, SYSTEM_ONLY)
#: The kinds of a two-sided group whose characters differ.
DIFFERING = (SIMILAR, DIFFERENT)


def differing_kind(gold_text: str, sys_text: str) -> str:
    """:data:`SIMILAR` or :data:`DIFFERENT` for two texts that differ (module doc).

    >>> differing_kind("colour", "color"), differing_kind("aaaabbbb", "xyzuvwrst")
    ('similar', 'different')
    """
    return SIMILAR if jaro_winkler(gold_text, sys_text) >= SIMILAR_AT_LEAST else DIFFERENT


class GroupShape:
    """Counting properties of anything with ``gold`` and ``sys`` index ranges."""

    __slots__ = ()
    gold: tuple[int, int]
    sys: tuple[int, int]

    @property
    def n_gold(self) -> int:
        """Number of gold units in the group."""
        return self.gold[1] - self.gold[0]

    @property
    def n_sys(self) -> int:
        """Number of system units in the group."""
        return self.sys[1] - self.sys[0]

    @property
    def shape(self) -> str:
        """``"1:1"``, ``"1:n"``, ``"n:1"``, ``"m:n"``, ``"1:0"``, ``"0:1"``, ...

        Counts up to one are written as digits, more as a letter, so the
        shape names the *pattern*: ``2:1`` and ``3:1`` are both ``n:1``.
        """
        return _shape(self.n_gold, self.n_sys)

    @property
    def ratio(self) -> str:
        """The literal unit counts, ``"2:1"`` for two gold and one system unit."""
        return f"{self.n_gold}:{self.n_sys}"


@dataclass(frozen=True, slots=True)
class Group(GroupShape):
    """Units ``gold[0]:gold[1]`` and ``sys[0]:sys[1]`` cover the same text.

    ``gold_chars`` / ``sys_chars`` are the character ranges of the group in
    each side's stream; ``kind`` is one of :data:`KINDS`.
    """

    gold: tuple[int, int]
    sys: tuple[int, int]
    gold_chars: tuple[int, int]
    sys_chars: tuple[int, int]
    kind: str

    @property
    def is_match(self) -> bool:
        """One gold and one system unit with identical characters: a TP."""
        return self.kind == EXACT and self.n_gold == 1 and self.n_sys == 1


_SET_GROUP_FIELDS = tuple(getattr(Group, name).__set__ for name in ("gold", "sys", "gold_chars", "sys_chars", "kind"))


def new_group(gold: tuple[int, int], sys: tuple[int, int], gold_chars: tuple[int, int],
              sys_chars: tuple[int, int], kind: str) -> Group:
    """``Group(gold, sys, gold_chars, sys_chars, kind)``, the same object, built
    without the frozen dataclass's ``__init__`` (one ``object.__setattr__`` call
    per field): the grouping loops build one per word, and this takes 28 ms
    for 57,000 groups where the constructor takes 39 ms."""
    group = _new_object(Group)
    set_gold, set_sys, set_gold_chars, set_sys_chars, set_kind = _SET_GROUP_FIELDS
    set_gold(group, gold)
    set_sys(group, sys)
    set_gold_chars(group, gold_chars)
    set_sys_chars(group, sys_chars)
    set_kind(group, kind)
    return group


_new_object = object.__new__


def _shape(n_gold: int, n_sys: int) -> str:
    if n_gold == 1 and n_sys == 1:
        return "1:1"
    if n_gold > 1 and n_sys > 1:
        return "m:n"
    gold_part = str(n_gold) if n_gold <= 1 else "n"
    sys_part = str(n_sys) if n_sys <= 1 else "n"
    return f"{gold_part}:{sys_part}"


@dataclass(frozen=True, slots=True)
class CharAlignment:
    """A monotone alignment of two character streams.

    ``runs`` are maximal equal stretches ``(gold_pos, sys_pos, length)`` in
    increasing order on both sides; everything between two runs (and before
    the first, after the last) is a difference.  ``gold_text`` / ``sys_text``
    are the two streams (:func:`align_streams` keeps them; an alignment built
    by hand without them can group identical streams only).
    """

    gold_len: int
    sys_len: int
    runs: tuple[tuple[int, int, int], ...]
    gold_text: str | None = field(default=None, repr=False, compare=False)
    sys_text: str | None = field(default=None, repr=False, compare=False)

    def kind_of_difference(self, gold_chars: tuple[int, int], sys_chars: tuple[int, int]) -> str:
        """:func:`differing_kind` of the texts in these two ranges."""
        if self.gold_text is None or self.sys_text is None:
            raise ValueError("a CharAlignment without its texts cannot judge a difference")
        return differing_kind(self.gold_text[gold_chars[0]:gold_chars[1]], self.sys_text[sys_chars[0]:sys_chars[1]])

    @property
    def identical(self) -> bool:
        """True when the two streams are the same string."""
        if self.gold_len != self.sys_len:
            return False
        if self.gold_len == 0:
            return True
        return len(self.runs) == 1 and self.runs[0] == (0, 0, self.gold_len)

    def differences(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The differing stretches as ``((gold_start, gold_end), (sys_start, sys_end))``."""
        out = []
        g = s = 0
        for gold_pos, sys_pos, length in self.runs:
            if gold_pos > g or sys_pos > s:
                out.append(((g, gold_pos), (s, sys_pos)))
            g, s = gold_pos + length, sys_pos + length
        if g < self.gold_len or s < self.sys_len:
            out.append(((g, self.gold_len), (s, self.sys_len)))
        return out

    def same_text(self, gold_chars: tuple[int, int], sys_chars: tuple[int, int]) -> bool:
        """Whether these two ranges hold identical characters via one run."""
        g0, g1 = gold_chars
        s0, s1 = sys_chars
        if g1 - g0 != s1 - s0:
            return False
        if g0 == g1:
            return True
        i = bisect_right(self.runs, (g0, self.sys_len + 1, 0)) - 1
        if i < 0:
            return False
        gold_pos, sys_pos, length = self.runs[i]
        return gold_pos <= g0 and g1 <= gold_pos + length and s0 - g0 == sys_pos - gold_pos

    def to_sys(self, gold_offset: int) -> int | None:
        """The system offset a gold offset maps to, or None inside a difference."""
        i = bisect_right(self.runs, (gold_offset, self.sys_len + 1, 0)) - 1
        for j in (i, i + 1):
            if 0 <= j < len(self.runs):
                gold_pos, sys_pos, length = self.runs[j]
                if gold_pos <= gold_offset <= gold_pos + length:
                    return sys_pos + gold_offset - gold_pos
        if gold_offset == 0:
            return 0
        if gold_offset == self.gold_len:
            return self.sys_len
        return None


def common_prefix(a: str, b: str, i: int = 0, j: int = 0) -> int:
    """Length of the common prefix of ``a[i:]`` and ``b[j:]``.

    Gallops: compares slices of 64, 128, 256, ... characters (C-speed) and
    halves the step at the first mismatch, so the cost is proportional to
    the prefix found, not to the rest of the stream (comparing the whole
    rest first made every difference cost O(n): quadratic overall).
    """
    return _gallop(min(len(a) - i, len(b) - j),
                   lambda done, step: a[i + done : i + done + step] == b[j + done : j + done + step])


def _gallop(limit: int, same: Callable[[int, int], bool]) -> int:
    """The longest ``done <= limit`` whose every chunk ``same(done, step)`` held: chunks of
    64, 128, 256, ... characters, the step halved at the first chunk that differs."""
    done, step = 0, 64
    while done < limit:
        step = min(step, limit - done)
        if same(done, step):
            done += step
            step *= 2
        elif step == 1:
            return done
        else:
            step //= 2
    return done


def common_suffix_length(a: str, b: str) -> int:
    """Length of the common suffix of ``a`` and ``b``: :func:`common_prefix` from the end
    (galloping over slices), without a reversed copy of either stream.

    >>> common_suffix_length("abcdef", "xxdef"), common_suffix_length("abc", "abc"), common_suffix_length("a", "b")
    (3, 3, 0)
    """
    la, lb = len(a), len(b)
    return _gallop(min(la, lb), lambda done, step: a[la - done - step : la - done] == b[lb - done - step : lb - done])


def anchor_length(gold_window: str, sys_window: str) -> int:
    """How many characters an anchor between these two search windows needs.

    ``p`` is the chance that a character of one window equals a character of
    the other (the sum over characters of the product of their frequencies);
    two windows of ``n`` and ``m`` positions then agree by chance on about
    ``n * m * p ** L`` stretches of ``L`` characters.  The anchor is the
    shortest ``L`` (at least :data:`ANCHOR`, at most :data:`MAX_ANCHOR`) that
    brings this down to :data:`CHANCE_AGREEMENTS`.  Ordinary text has
    ``p`` near 0.05 and keeps 8 characters; text of two letters (``p`` near
    0.5) needs 16 or more.

    >>> anchor_length("The cat sat on the mat by the door.", "A dog ran to the park at noon.")
    8
    >>> anchor_length("aabbbababbaabbbaabab" * 3, "babbaaabbbaabbabab" * 3)
    16
    """
    n, m = len(gold_window), len(sys_window)
    if not n or not m:
        return ANCHOR
    gold_counts, sys_counts = Counter(gold_window), Counter(sys_window)
    agree = sum(count * sys_counts[char] for char, count in gold_counts.items() if char in sys_counts)
    p = agree / (n * m)
    if p <= 0.0:
        return ANCHOR
    if p >= 1.0:
        return MAX_ANCHOR
    needed = math.log(n * m / CHANCE_AGREEMENTS) / -math.log(p)
    return min(MAX_ANCHOR, max(ANCHOR, math.ceil(needed)))


def _nearest_anchor(a: str, b: str, i: int, j: int, window: int, limit: int) -> tuple[int, int] | None:
    """The nearest anchor ``(p, q)`` with ``p-i + q-j < limit`` whose start lies in
    the windows ``a[i:i+window]`` / ``b[j:j+window]`` (module doc): as long as
    :func:`anchor_length` asks for the windows' text; one that occurs once in
    each window if there is any (up to :data:`UNIQUE_WINDOW`), else the
    nearest agreement."""
    length = anchor_length(a[i : i + window], b[j : j + window])
    stop_a = min(len(a) - length, i + window)
    stop_b = min(len(b) - length, j + window)
    if stop_a < i or stop_b < j:
        return None
    first_in_b: dict[str, int] = {}
    repeated: set[str] = set()  # occurs more than once in either window
    for q in range(j, stop_b + 1):
        gram = b[q : q + length]
        if gram in first_in_b:
            repeated.add(gram)
        else:
            first_in_b[gram] = q
    seen_in_a: set[str] = set()
    for p in range(i, stop_a + 1):
        gram = a[p : p + length]
        if gram in seen_in_a:
            repeated.add(gram)
        seen_in_a.add(gram)
    may_be_unique = window <= UNIQUE_WINDOW
    unique: tuple[int, int] | None = None
    nearest: tuple[int, int] | None = None
    nearest_limit = limit
    for p in range(i, stop_a + 1):
        if p - i >= limit:
            break
        gram = a[p : p + length]
        q = first_in_b.get(gram)
        if q is None:
            continue
        cost = (p - i) + (q - j)
        if may_be_unique and gram not in repeated:
            if cost < limit:
                unique, limit = (p, q), cost
        elif cost < nearest_limit:
            nearest, nearest_limit = (p, q), cost
    return unique if unique is not None else nearest


def _resync(a: str, b: str, i: int, j: int, common_suffix: int) -> tuple[int, int] | None:
    """The nearest ``(i2, j2)`` (least ``i2-i + j2-j``) where ``a`` and ``b``
    agree again on an anchor (:func:`_nearest_anchor`) or on the whole common
    suffix.

    Windows double until the best anchor found lies inside the window, so
    no nearer one exists in it; the cost is linear in the distance.
    """
    rest_a, rest_b = len(a) - i, len(b) - j
    best: tuple[int, int] | None = None
    best_cost = rest_a + rest_b + 1
    tail = min(rest_a, rest_b, common_suffix)
    if tail > 0:
        best = (len(a) - tail, len(b) - tail)
        best_cost = best[0] - i + best[1] - j
    window = _FIRST_WINDOW
    while True:
        found = _nearest_anchor(a, b, i, j, window, best_cost)
        if found is not None:
            best, best_cost = found, found[0] - i + found[1] - j
        if best_cost <= window or (window >= rest_a and window >= rest_b):
            return best
        window *= 2


def _diff_runs(a: str, b: str, i0: int, i1: int, j0: int, j1: int) -> list[tuple[int, int, int]]:
    """Equal runs inside a small difference ``a[i0:i1]`` vs ``b[j0:j1]``."""
    if i1 == i0 or j1 == j0 or (i1 - i0) * (j1 - j0) > MAX_DIFF_CELLS:
        return []
    import difflib  # here: most runs never get here, and its import costs more than many a run's diffs

    matcher = difflib.SequenceMatcher(None, a[i0:i1], b[j0:j1], autojunk=False)
    return [(i0 + p, j0 + q, n) for p, q, n in matcher.get_matching_blocks() if n]


def align_streams(
    gold: str,
    sys: str,
    gold_bounds: Mapping[int, int] | None = None,
    sys_bounds: Mapping[int, int] | None = None,
) -> CharAlignment:
    """Align two character streams (see the module doc).

    ``gold_bounds``/``sys_bounds`` (optional) map offsets where units end
    to a weight (e.g. 1 for a token end, 4 for a sentence end).
    A pure insertion or deletion can often be placed at several equivalent
    positions (``ab.|ab.|abd.`` loses ``ab.`` or ``.ab`` or ``b.a``); it is
    slid to the position that starts and ends on the heaviest boundaries, so a
    missing sentence is one whole one-sided group and its neighbours stay
    intact.

    >>> align_streams("abcdef", "abcdef").runs
    ((0, 0, 6),)
    >>> align_streams("Hello.Extra.World.", "Hello.World.").differences()
    [((6, 12), (6, 6))]
    """
    if gold == sys:
        return CharAlignment(len(gold), len(sys), ((0, 0, len(gold)),) if gold else (), gold, sys)
    common_suffix = common_suffix_length(gold, sys)
    runs: list[tuple[int, int, int]] = []
    i = j = 0
    while i < len(gold) and j < len(sys):
        k = common_prefix(gold, sys, i, j)
        if k:
            runs.append((i, j, k))
            i += k
            j += k
            continue
        target = _resync(gold, sys, i, j, common_suffix)
        if target is None:
            runs.extend(_diff_runs(gold, sys, i, len(gold), j, len(sys)))
            break
        runs.extend(_diff_runs(gold, sys, i, target[0], j, target[1]))
        i, j = target
    runs = _merge_adjacent(runs)
    if gold_bounds or sys_bounds:
        # zero-length runs at both ends let gaps at the edges slide as well
        runs = [(0, 0, 0), *runs, (len(gold), len(sys), 0)]
        _slide_gaps(runs, gold, sys, gold_bounds or {}, sys_bounds or {})
        runs = [run for run in runs if run[2]]
    return CharAlignment(len(gold), len(sys), tuple(runs), gold, sys)


#: How far a one-sided gap may be slid to reach unit boundaries.
_MAX_SLIDE = 256


def _slide_gaps(
    runs: list[tuple[int, int, int]],
    gold: str,
    sys: str,
    gold_bounds: Mapping[int, int],
    sys_bounds: Mapping[int, int],
) -> None:
    """Move each one-sided gap between two runs onto unit boundaries (in place)."""
    for k in range(len(runs) - 1):
        g1, s1, n1 = runs[k]
        g2, s2, n2 = runs[k + 1]
        a, b = g1 + n1, s1 + n1  # gap: gold[a:g2] vs sys[b:s2]
        if a == g2 and b == s2:
            continue
        if a == g2:  # insertion in sys: sys[b:s2], gold point a
            text, start, end, point = sys, b, s2, a
            bounds, point_bounds = sys_bounds, gold_bounds
        elif b == s2:  # deletion from gold: gold[a:g2], sys point b
            text, start, end, point = gold, a, g2, b
            bounds, point_bounds = gold_bounds, sys_bounds
        else:
            continue
        left = 0
        while left < min(n1, _MAX_SLIDE) and text[start - 1 - left] == text[end - 1 - left]:
            left += 1
        right = 0
        while right < min(n2, _MAX_SLIDE) and text[start + right] == text[end + right]:
            right += 1
        if not left and not right:
            continue

        # offsets of the gapped side near the gap, whose image moves with d
        near = [x for x in range(start - left, start + right + 1) if x in bounds]
        near += [x for x in range(end - left, end + right + 1) if x in bounds]

        def score(d: int) -> tuple[int, int, int]:
            edges = bounds.get(start + d, 0) + bounds.get(end + d, 0) + point_bounds.get(point + d, 0)
            # boundaries that still meet a boundary on the other side
            agree = 0
            for x in near:
                if x <= start + d:
                    image = point + x - start
                elif x >= end + d:
                    image = point + x - end
                else:
                    continue
                agree += min(bounds[x], point_bounds.get(image, 0))
            return (edges, agree, -abs(d))

        best = max(range(-left, right + 1), key=score)
        if best:
            runs[k] = (g1, s1, n1 + best)
            runs[k + 1] = (g2 + best, s2 + best, n2 - best)


def _merge_adjacent(runs: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    merged: list[tuple[int, int, int]] = []
    for gold_pos, sys_pos, length in runs:
        if merged:
            g, s, n = merged[-1]
            if g + n == gold_pos and s + n == sys_pos:
                merged[-1] = (g, s, n + length)
                continue
        merged.append((gold_pos, sys_pos, length))
    return merged
