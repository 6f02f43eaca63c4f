"""jp-errant: GEC scoring of M2 files whose sentence boundaries differ (spec gec.md §2).

errant_compare pairs the blocks of two M2 files by position and never looks
at their ``S`` lines.  When a system re-segmented its input (two sentences
merged, one split) every later pair is shifted and the score is silently
wrong.  This module composes the M2 reader, the shared jp-algorithm core
(:mod:`jpcore.align`) and the errant-exact scorer
(:mod:`jpcore.peers.errant_compare`):

1. **Trigger** (:func:`alignment_reason`): block counts differ, or some pair's
   ``S`` texts differ once whitespace is removed.  Otherwise nothing is
   aligned and the files are scored exactly as errant_compare scores them.
2. **Normalise** each ``S`` line for comparison (:func:`sentence_keys`):
   whitespace removed, every double-quote variant and the PTB brackets mapped
   (the ``"gec"`` table of ``jpcore/data/normalisation.json``).
3. **Align** (:func:`align_sentences`): the two space-free character streams
   are aligned by :func:`jpcore.align.align_streams` and cut where *both*
   sides end a sentence (:func:`jpcore.align.group_units`) -- the
   jp-algorithm's grouping, of which the spec's greedy walk ("grow the side
   that has consumed fewer characters until both have consumed the same
   text") is the paper's description.  It is driven by cumulative character
   offsets only: it never compares token counts, cannot stop early on a
   repeated short sentence and cannot run off the end of either list.  When
   both sides end sentences inside the same differing stretch (a quote
   rewritten at a sentence boundary), those ends are paired as extra cuts
   (:func:`_cut_inside_differences`; the core's grouping is unchanged).  Where
   the streams differ (a tool rewrote text, a sentence exists on one side
   only) the group's similarity decides (``sim`` = Jaro-Winkler with prefix
   and symmetric suffix bonus, :func:`jpcore.align.similarity.jaro_winkler`, on the
   space-free normalised texts): a group of equal sentence counts whose
   sentences are pairwise ``>= alpha`` becomes that many 1:1 units, else a
   whole group ``>= alpha`` is one unit, else every sentence of the group
   becomes its own one-sided unit (all its gold edits FN, all its system
   edits FP), never glued to a neighbour.
4. **Concatenate** each unit (:func:`build_side`): tokens joined by one space,
   each sentence's edits shifted by the token counts before it (``-1 -1``
   never shifted), written as canonical ``A s e|||...`` lines (the other
   fields as written).  A side with one block passes through byte for byte,
   so files without boundary differences score exactly as errant does.
5. **Noop rule** (merged sides only): ``keep`` (default) drops the ``-1 -1``
   lines of a merged block that has a real edit but keeps one noop line for
   every annotator that appears in the unit without a real edit there (a
   block without edit lines counts as annotator 0 saying "no change"), so
   errant's "no correction needed" option survives; ``jp`` (the published
   behaviour) drops every noop line of a merged block with a real edit, and
   otherwise keeps only the first.
6. **Score** the aligned pair with :func:`jpcore.peers.errant_compare.score`
   and return a :class:`GecResult`: the unit map (unit -> system block ids
   -> gold block ids -> token offsets), per edit its original sentence,
   line and offsets, its re-indexed offsets, type, correction and status.

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

Multi-annotator scores after merging are not strictly comparable to
errant's per-sentence figures: errant picks the best annotator per sentence,
jp-errant per aligned unit (:data:`NOTE_MULTI_ANNOTATOR`, added to the notes
of every result where it applies).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from jpcore.align import (
    EXACT,
    CharAlignment,
    Group,
    GroupShape,
    GOLD_ONLY,
    MERGED,
    SIMILAR,
    SYSTEM_ONLY,
    Side,
    align_sides,
    group_units,
)
from jpcore.errors import InputError, show
from jpcore.formats.m2 import (
    NOOP_TYPE,
    M2Block,
    M2Document,
    M2Edit,
    M2InputError,
    format_edit,
    parse_m2,
)
from jpcore.runtime import gc_paused, promote_young_objects
from jpcore.align.similarity import Normaliser, jaro_winkler
from jpcore.formats.spaces import WHITESPACE, strip_spaces
from jpcore.peers.errant_compare import (
    ErrantOptions,
    ErrantResult,
    EditStatus,
    f_score,
    group_categories,
    score,
)

__all__ = [
    "DEFAULT_ALPHA",
    "DROPPED",
    "NOOP_RULES",
    "NOTE_MULTI_ANNOTATOR",
    "SIMILARITY",
    "DroppedEdit",
    "GecEdit",
    "GecOptions",
    "GecResult",
    "GecUnit",
    "SentenceGroup",
    "SideBlock",
    "TypeRow",
    "align_sentences",
    "alignment_reason",
    "build_side",
    "dumps_aligned",
    "evaluate",
    "evaluate_bytes",
    "category_of",
    "sentence_keys",
    "type_parts",
    "type_table",
]

#: Similarity threshold (see the module doc for how it was measured).
DEFAULT_ALPHA = 0.91
NOOP_RULES = ("keep", "jp")
#: The normalisation table applied to ``S`` lines before comparing them.
DEFAULT_NORMALISATION = "gec"
SIMILARITY = "Jaro-Winkler on space-free normalised sentences, prefix and suffix bonus (length cap 4, scale 0.1)"
#: Status of a ``-1 -1`` line removed from a merged block by the noop rule.
DROPPED = "dropped"
ALIGNER = "jp-errant sentence alignment (jp-algorithm)"

NOTE_MULTI_ANNOTATOR = (
    "Multi-annotator scores after merging are not strictly comparable to errant's per-sentence "
    "figures: errant chooses the best annotator per sentence, jp-errant per aligned unit, and the "
    "noop rule decides which 'no correction' options survive in merged blocks."
)

#: Whitespace other than the ASCII space, and the invisible characters strip_spaces removes.
_OTHER_SPACE = re.compile("[" + re.escape("".join(c for c in WHITESPACE if c != " ")) + "\u200b\ufeff]")
_IMPLICIT_NOOP_LINE = format_edit(-1, -1, NOOP_TYPE, "-NONE-", 0)


# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class GecOptions:
    """The alignment layer's options (errant's own flags are :class:`ErrantOptions`).

    ``strict`` refuses (with :class:`InputError`) any pair of files that would
    need aligning, instead of aligning them.
    """

    noop_rule: str = "keep"
    alpha: float = DEFAULT_ALPHA
    normalisation: str = DEFAULT_NORMALISATION
    strict: bool = False

    def __post_init__(self) -> None:
        if self.noop_rule not in NOOP_RULES:
            raise ValueError(f"noop_rule must be one of {NOOP_RULES}, not {self.noop_rule!r}")
        alpha = float(self.alpha)
        if not 0.0 <= alpha <= 1.0:
            raise ValueError(f"alpha must be between 0 and 1, not {self.alpha!r}")
        object.__setattr__(self, "alpha", alpha)

    def normaliser(self) -> Normaliser:
        """The normaliser of ``S`` tokens."""
        return Normaliser.for_language(self.normalisation)


# ---------------------------------------------------------------- sentence alignment


class SentenceGroup(NamedTuple):
    """One aligned unit of sentences: block id ranges on each side, kind, similarity.

    ``kind`` is one of :data:`jpcore.align.KINDS`; ``similarity`` is the
    Jaro-Winkler similarity when the two sides' texts differ (for one-sided
    units cut out of a too-dissimilar group: that group's similarity), else
    ``None``.
    """

    kind: str
    hyp: tuple[int, int]
    ref: tuple[int, int]
    similarity: float | None = None


def sentence_keys(document: M2Document, normaliser: Normaliser) -> list[str]:
    """Each block's ``S`` sentence as one space-free normalised string.

    The normaliser's whole-token table applies to tokens; its inside table is
    applied to the space-free sentence, so the key does not depend on how
    the sentence was tokenised (``` ` ` ``` and ``` `` ``` give the same key).

    >>> from jpcore.formats.m2 import parse_m2
    >>> doc = parse_m2("S `` Hi '' -LRB- x -RRB- «y»\\n\\nS a  b")
    >>> sentence_keys(doc, Normaliser.for_language("gec"))
    ['"Hi"(x)"y"', 'ab']
    """
    return _keys_and_lengths(document, normaliser)[0]


def _keys_and_lengths(document: M2Document, normaliser: Normaliser) -> tuple[list[str], list[int]]:
    """:func:`sentence_keys` and each sentence's number of tokens, in one pass.

    The work is done on all sentences joined by NUL (no table entry contains
    NUL, so no replacement can reach across two sentences); sentences whose
    tokens are separated by single spaces only (the normal M2 file) are
    neither split nor copied one by one.
    """
    sentences = [block.sentence for block in document.blocks]
    joined = "\x00".join(sentences)
    if joined.count("\x00") != max(len(sentences) - 1, 0):  # a NUL inside a sentence
        return [_key(s, normaliser) for s in sentences], [len(s.split()) for s in sentences]
    plain = joined.replace(" ", "")
    whole = normaliser.whole
    if (
        "  " in joined or "\x00 " in joined or " \x00" in joined or joined[:1] == " " or joined[-1:] == " "
        or not all(sentences)
        or _OTHER_SPACE.search(plain) or (whole and any(name in joined for name in whole))
    ):
        return [_key(s, normaliser) for s in sentences], [len(s.split()) for s in sentences]
    lengths = [s.count(" ") + 1 for s in sentences]
    for old, new in normaliser.inside:
        if old in plain:
            plain = plain.replace(old, new)
    if normaliser.casefold:
        plain = plain.casefold()
    return (plain.split("\x00") if sentences else []), lengths


def _key(sentence: str, normaliser: Normaliser) -> str:
    """The key of one sentence: whole-token table, spaces removed, inside table."""
    tokens = sentence.split()
    whole = normaliser.whole
    if whole and any(token in whole for token in tokens):
        tokens = [whole.get(token, token) for token in tokens]
    text = "".join(tokens)  # str.split's whitespace is strip_spaces' set...
    if "\u200b" in text or "\ufeff" in text:  # ...but for these two
        text = strip_spaces(text)
    for old, new in normaliser.inside:
        if old in text:
            text = text.replace(old, new)
    return text.casefold() if normaliser.casefold else text


def align_sentences(hyp_keys: Sequence[str], ref_keys: Sequence[str], alpha: float = DEFAULT_ALPHA) -> list[SentenceGroup]:
    """Align system (``hyp``) and gold (``ref``) sentences given as space-free keys.

    Returns units in document order that partition both sides (see the module
    doc for the rules).

    >>> [tuple(g) for g in align_sentences(["ab", "cd", "e"], ["abcd", "e"])]
    [('merged', (0, 2), (0, 1), None), ('exact', (2, 3), (1, 2), None)]
    >>> [(g.kind, g.hyp, g.ref) for g in align_sentences(["Hi.", "Zzz.", "Bye."], ["Hi.", "Bye."])]
    [('exact', (0, 1), (0, 1)), ('system-only', (1, 2), (1, 1)), ('exact', (2, 3), (1, 2))]
    """
    ref, hyp = Side.of_sentences(list(ref_keys)), Side.of_sentences(list(hyp_keys))
    ref_stream, hyp_stream = ref.stream, hyp.stream
    chars = align_sides(ref, hyp)
    ref_ends, hyp_ends = ref.sentence_ends, hyp.sentence_ends
    groups = group_units(ref_ends, hyp_ends, chars)
    out: list[SentenceGroup] = []
    differences: list[tuple[tuple[int, int], tuple[int, int]]] | None = None
    for group in groups:
        hyp_range, ref_range = group.sys, group.gold
        if group.kind in (EXACT, MERGED):
            out.append(SentenceGroup(group.kind, hyp_range, ref_range))
        elif group.kind in (GOLD_ONLY, SYSTEM_ONLY):
            out.extend(_one_sided(hyp_range, ref_range, None))
        else:
            if differences is None:
                differences = chars.differences()
            for part in _cut_inside_differences(group, chars, differences, ref_ends, hyp_ends):
                if part.kind in (EXACT, MERGED):  # similar or different: alpha decides below
                    out.append(SentenceGroup(part.kind, part.sys, part.gold))
                else:
                    out.extend(_resolve_similar(part, hyp_keys, ref_keys, hyp_stream, ref_stream, alpha))
    return out


def _cut_inside_differences(
    group: Group,
    chars: CharAlignment,
    differences: Sequence[tuple[tuple[int, int], tuple[int, int]]],
    ref_ends: Sequence[int],
    hyp_ends: Sequence[int],
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
    cuts: list[tuple[int, int]] = []  # (ref sentences before, hyp sentences before)
    r, h = r0, h0
    first = bisect_left(differences, ((c0, -1), (-1, -1)))
    for (ga, gb), (sa, sb) in differences[max(first - 1, 0):]:
        if gb < c0 or sb < d0:
            continue
        if ga > c1 or sa > d1:
            break
        while r < r1 - 1 and ref_ends[r] < ga:
            r += 1
        while h < h1 - 1 and hyp_ends[h] < sa:
            h += 1
        ref_inside = [k for k in range(r, r1 - 1) if ga <= ref_ends[k] <= gb]
        hyp_inside = [k for k in range(h, h1 - 1) if sa <= hyp_ends[k] <= sb]
        if ref_inside and len(ref_inside) == len(hyp_inside):
            cuts.extend(zip(ref_inside, hyp_inside))
    if not cuts:
        return [group]
    parts: list[Group] = []
    start_r, start_h = r0, h0
    start_c, start_d = c0, d0
    for k_r, k_h in [*cuts, (r1 - 1, h1 - 1)]:
        end_c, end_d = ref_ends[k_r], hyp_ends[k_h]
        same = chars.same_text((start_c, end_c), (start_d, end_d))
        n_r, n_h = k_r + 1 - start_r, k_h + 1 - start_h
        kind = (EXACT if n_r == 1 and n_h == 1 else MERGED) if same else SIMILAR
        parts.append(Group((start_r, k_r + 1), (start_h, k_h + 1), (start_c, end_c), (start_d, end_d), kind))
        start_r, start_h, start_c, start_d = k_r + 1, k_h + 1, end_c, end_d
    return parts


def _one_sided(hyp_range: tuple[int, int], ref_range: tuple[int, int], similarity: float | None) -> list[SentenceGroup]:
    """Every sentence of the two ranges as its own one-sided unit (gold first)."""
    h0, h1 = hyp_range
    r0, r1 = ref_range
    out = [SentenceGroup(GOLD_ONLY, (h0, h0), (r, r + 1), similarity) for r in range(r0, r1)]
    out += [SentenceGroup(SYSTEM_ONLY, (h, h + 1), (r1, r1), similarity) for h in range(h0, h1)]
    return out


def _resolve_similar(
    group: Group, hyp_keys: Sequence[str], ref_keys: Sequence[str], hyp_stream: str, ref_stream: str, alpha: float
) -> list[SentenceGroup]:
    """A group whose characters differ: pairwise 1:1 units, one unit, or one-sided units (module doc)."""
    (h0, h1), (r0, r1) = group.sys, group.gold
    n = h1 - h0
    if n > 1 and n == r1 - r0:
        pairs = [(hyp_keys[h0 + k], ref_keys[r0 + k]) for k in range(n)]
        sims = [1.0 if a == b else jaro_winkler(a, b) for a, b in pairs]
        if all(s >= alpha for s in sims):
            return [
                SentenceGroup(EXACT, (h0 + k, h0 + k + 1), (r0 + k, r0 + k + 1))
                if pairs[k][0] == pairs[k][1]
                else SentenceGroup(SIMILAR, (h0 + k, h0 + k + 1), (r0 + k, r0 + k + 1), sims[k])
                for k in range(n)
            ]
    (g0, g1), (s0, s1) = group.gold_chars, group.sys_chars
    similarity = jaro_winkler(hyp_stream[s0:s1], ref_stream[g0:g1])
    if similarity >= alpha:
        return [SentenceGroup(SIMILAR, group.sys, group.gold, similarity)]
    return _one_sided(group.sys, group.gold, similarity)


# ---------------------------------------------------------------- concatenation


class DroppedEdit(NamedTuple):
    """A ``-1 -1`` line of an original block that the noop rule left out of a merged block."""

    block: int
    index: int
    edit: M2Edit


class SideBlock(NamedTuple):
    """One side of a unit, concatenated: the aligned block's text and edits, and provenance.

    ``origins[i]`` is ``(original block id, edit index)`` of aligned edit line
    ``i`` (``None`` for a canonical noop line standing for a block that had no
    edit line); ``origins`` is ``None`` for a side of one block, whose edit
    lines pass through unchanged (line ``i`` is that block's edit ``i``).
    ``offsets[k]`` is the token offset of the unit's ``k``-th original block;
    ``offsets[-1]`` the number of tokens.
    """

    text: str
    edits: tuple[M2Edit, ...]
    origins: tuple[tuple[int, int] | None, ...] | None
    dropped: tuple[DroppedEdit, ...]
    offsets: tuple[int, ...]


def _single(block: M2Block, n_tokens: int | None = None) -> SideBlock:
    """A side of one block: passes through byte for byte."""
    if n_tokens is None:
        n_tokens = len(block.sentence.split())
    return SideBlock(block.text, block.edits, None, (), (0, n_tokens))


def build_side(
    blocks: Sequence[M2Block], noop_rule: str = "keep", other_sentence: str = "", name: str = "<m2>",
) -> SideBlock:
    """Concatenate one side of a unit (see the module doc).

    One block passes through byte for byte; no block gives ``S
    other_sentence`` without edit lines (a one-sided unit: the other side's
    sentence, "no correction").  Of several blocks, an edit that reaches past
    the end of its own sentence raises :class:`M2InputError` naming ``name``,
    the edit's line and block: shifted, it would land in the next sentence.

    >>> from jpcore.formats.m2 import parse_m2
    >>> doc = parse_m2("S a b\\nA 1 2|||R:X|||c|||REQUIRED|||-NONE-|||0\\n\\nS d e\\nA  0 1|||R:Y|||f|||REQUIRED|||-NONE-|||0")
    >>> print(build_side(doc.blocks).text)
    S a b d e
    A 1 2|||R:X|||c|||REQUIRED|||-NONE-|||0
    A 2 3|||R:Y|||f|||REQUIRED|||-NONE-|||0
    """
    if len(blocks) == 1:
        return _single(blocks[0])
    if not blocks:
        return SideBlock("S " + other_sentence, (), (), (), (0,))
    tokens: list[str] = []
    offsets = [0]
    # (block id, edit index or -1 for "no edit line", shifted edit, raw fields after the span)
    items: list[tuple[int, int, M2Edit | None, str]] = []
    for block in blocks:
        shift = len(tokens)
        tokens.extend(block.sentence.split())
        offsets.append(len(tokens))
        if not block.edits:
            items.append((block.index, -1, None, ""))
            continue
        raw_lines = block.text.split("\n")[1:]
        size = len(tokens) - shift
        for i, edit in enumerate(block.edits):
            rest = raw_lines[i][2:].split("|||", 1)[1]
            if edit.start != -1:
                if edit.end > size:
                    raise M2InputError(
                        name, block.edit_line(i), block.index, f"offsets within the sentence's {size} tokens",
                        f"{show(raw_lines[i].split('|||', 1)[0], 40)} (the sentence is merged with its "
                        "neighbours here: its edits cannot be re-indexed)",
                    )
                edit = edit._replace(start=edit.start + shift, end=edit.end + shift)
            items.append((block.index, i, edit, rest))
    has_lines = any(item[2] is not None for item in items)
    real_coders = {item[2].coder for item in items if item[2] is not None and item[2].start != -1}
    lines = ["S " + " ".join(tokens)]
    edits: list[M2Edit] = []
    origins: list[tuple[int, int] | None] = []
    dropped: list[DroppedEdit] = []
    noop_kept: set[int] = set()
    for block_id, index, edit, rest in items:
        if edit is None:  # a block without edit lines: annotator 0, "no correction"
            if noop_rule == "keep" and has_lines and 0 not in real_coders and 0 not in noop_kept:
                noop_kept.add(0)
                lines.append(_IMPLICIT_NOOP_LINE)
                edits.append(M2Edit(-1, -1, NOOP_TYPE, "-NONE-", 0))
                origins.append(None)
            continue
        if edit.start == -1:
            if noop_rule == "keep":
                keep = edit.coder not in real_coders and edit.coder not in noop_kept
            else:
                keep = not real_coders and not noop_kept
            if not keep:
                dropped.append(DroppedEdit(block_id, index, edit))
                continue
            noop_kept.add(edit.coder)
        lines.append(f"A {edit.start} {edit.end}|||{rest}")
        edits.append(edit)
        origins.append((block_id, index))
    return SideBlock("\n".join(lines), tuple(edits), tuple(origins), tuple(dropped), tuple(offsets))


# ---------------------------------------------------------------- results


class GecUnit(NamedTuple):
    """One aligned unit: the original blocks on each side and how its edits were mapped.

    ``sys``/``gold`` are the ranges of original block ids (0-based, errant's
    sentence ids) of the system (hypothesis) and gold (reference) file, as in
    :class:`jpcore.align.Group` (so ``shape`` and ``ratio`` read gold:system);
    ``hyp_*``/``ref_*`` describe the same two sides in errant's terms:
    ``*_lines`` the blocks' ``S`` line numbers, ``*_offsets`` the token offset
    of each block in the unit's sentence plus the total (``(0,)`` for a side
    without a block).  ``*_origins[i]`` is the ``(block id, edit index)`` of
    the aligned block's edit line ``i`` (``None`` for a canonical noop line
    written for a block without edit lines); ``*_origins`` is ``None`` for a
    side of one block (its edit lines pass through: line ``i`` is the
    block's edit ``i``).  ``*_dropped`` are the noop lines the noop rule
    removed.
    """

    index: int
    kind: str
    gold: tuple[int, int]
    sys: tuple[int, int]
    hyp_lines: tuple[int, ...]
    ref_lines: tuple[int, ...]
    hyp_offsets: tuple[int, ...]
    ref_offsets: tuple[int, ...]
    similarity: float | None = None
    hyp_origins: tuple[tuple[int, int] | None, ...] | None = None
    ref_origins: tuple[tuple[int, int] | None, ...] | None = None
    hyp_dropped: tuple[DroppedEdit, ...] = ()
    ref_dropped: tuple[DroppedEdit, ...] = ()

    # the counting properties every aligned group has (gold:system)
    n_gold = GroupShape.n_gold
    n_sys = GroupShape.n_sys
    shape = GroupShape.shape
    ratio = GroupShape.ratio

    @property
    def hyp_blocks(self) -> tuple[int, ...]:
        """System (hypothesis) block ids of the unit."""
        return tuple(range(*self.sys))

    @property
    def ref_blocks(self) -> tuple[int, ...]:
        """Gold (reference) block ids of the unit."""
        return tuple(range(*self.gold))

    @property
    def is_merged(self) -> bool:
        """True when a side concatenates more than one block."""
        return self.n_gold > 1 or self.n_sys > 1

    def blocks(self, side: str) -> tuple[int, ...]:
        """Original block ids of ``side`` (``"hyp"`` or ``"ref"``)."""
        return self.hyp_blocks if side == "hyp" else self.ref_blocks

    def lines(self, side: str) -> tuple[int, ...]:
        """``S`` line numbers of ``side``'s original blocks."""
        return self.hyp_lines if side == "hyp" else self.ref_lines

    def offsets(self, side: str) -> tuple[int, ...]:
        """Token offsets of ``side``'s original blocks in the unit, plus the total."""
        return self.hyp_offsets if side == "hyp" else self.ref_offsets

    def origins(self, side: str) -> tuple[tuple[int, int] | None, ...] | None:
        """Provenance of each aligned edit line of ``side`` (``None``: one block, passed through)."""
        return self.hyp_origins if side == "hyp" else self.ref_origins

    def dropped(self, side: str) -> tuple[DroppedEdit, ...]:
        """Noop lines of ``side`` removed by the noop rule."""
        return self.hyp_dropped if side == "hyp" else self.ref_dropped

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready); ``blocks`` spells out the ranges for a reader."""
        data: dict[str, Any] = {
            "index": self.index, "kind": self.kind, "gold": list(self.gold), "sys": list(self.sys),
            "similarity": self.similarity,
        }
        for side in ("hyp", "ref"):
            data[side] = {
                "blocks": list(self.blocks(side)),
                "lines": list(self.lines(side)),
                "offsets": list(self.offsets(side)),
                "origins": _origins_to_list(self.origins(side)),
                "dropped": [[d.block, d.index, *d.edit] for d in self.dropped(side)],
            }
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GecUnit:
        """Inverse of :meth:`to_dict`."""
        sides = {}
        for side in ("hyp", "ref"):
            item = data[side]
            sides[side] = (
                tuple(item["lines"]), tuple(item["offsets"]), _origins_from_list(item["origins"]),
                tuple(DroppedEdit(d[0], d[1], M2Edit(*d[2:])) for d in item["dropped"]),
            )
        hyp, ref = sides["hyp"], sides["ref"]
        return cls(
            data["index"], data["kind"], tuple(data["gold"]), tuple(data["sys"]), hyp[0], ref[0],
            hyp[1], ref[1], data["similarity"], hyp[2], ref[2], hyp[3], ref[3],
        )


class GecEdit(NamedTuple):
    """One edit of a unit, with where it came from and its fate.

    ``block``/``line``/``orig_start``/``orig_end`` are in the original file
    (``block`` is ``None`` and ``line`` 0 for a canonical noop line standing
    for a block without edit lines); ``start``/``end`` are re-indexed into
    the unit's sentence.  ``status`` is one of errant_compare's statuses
    (TP, FP, FN, noop, filtered, other, partial, unscored) or
    :data:`DROPPED`; ``index`` is the position among the aligned block's
    edit lines (``None`` when dropped), ``partners`` the other side's
    matching edit lines.
    """

    unit: int
    side: str
    block: int | None
    line: int
    orig_start: int
    orig_end: int
    start: int
    end: int
    type: str
    cor: str
    coder: int
    status: str
    index: int | None
    partners: tuple[int, ...]

    @property
    def operation(self) -> str:
        """ERRANT's operation (``M``, ``R``, ``U``), ``""`` for other type inventories."""
        return type_parts(self.type)[0]

    @property
    def main_type(self) -> str:
        """The main type (see :func:`type_parts`)."""
        return type_parts(self.type)[1]


class TypeRow(NamedTuple):
    """One row of a per-type table: counts of the chosen pairs and P, R, F (errant's rounding)."""

    name: str
    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f: float


@dataclass
class GecResult:
    """The aligned units, the errant-exact result on the aligned files, and the options.

    ``errant`` scores the aligned documents, whose sentence ``i`` is unit
    ``i``; when no alignment was needed (``aligned`` is False) they are the
    input documents themselves and the result is errant_compare's.
    """

    errant: ErrantResult
    options: GecOptions
    aligned: bool
    reason: str
    hyp_name: str
    ref_name: str
    hyp_count: int
    ref_count: int
    _units: list[GecUnit] | None = field(default=None, repr=False)

    # -- units and edits

    @property
    def units(self) -> list[GecUnit]:
        """The units in document order (built on demand when nothing was aligned)."""
        if self._units is None:
            self._units = [_identity_unit(s.index, s.hyp_block, s.ref_block) for s in self.errant.sentences]
        return self._units

    @property
    def totals(self) -> dict[str, Any]:
        """``{"tp","fp","fn","precision","recall","f"}``."""
        return self.errant.totals

    def kind_counts(self) -> dict[str, int]:
        """How many units of each kind, most frequent first."""
        return dict(Counter(unit.kind for unit in self.units).most_common())

    def edits(self, unit_index: int) -> tuple[list[GecEdit], list[GecEdit]]:
        """(system edits, gold edits) of a unit: every aligned edit line, then the dropped ones."""
        unit = self.units[unit_index]
        statuses = self.errant.edit_statuses(unit_index)
        return _side_edits(unit, "hyp", statuses[0]), _side_edits(unit, "ref", statuses[1])

    def sentences(self, unit_index: int, side: str) -> list[list[str]]:
        """The tokens of each original sentence of ``side`` in the unit, in order
        (``[]`` for a side without a sentence)."""
        unit = self.units[unit_index]
        sentence = self.errant.sentences[unit_index]
        block = sentence.hyp_block if side == "hyp" else sentence.ref_block
        offsets = unit.offsets(side)
        if len(offsets) < 2:
            return []
        tokens = block.sentence.split()
        return [tokens[offsets[k] : offsets[k + 1]] for k in range(len(offsets) - 1)]

    def iter_edits(self) -> Iterator[GecEdit]:
        """Every edit of every unit, system side first in each unit."""
        for unit in self.units:
            hyp_edits, ref_edits = self.edits(unit.index)
            yield from hyp_edits
            yield from ref_edits

    def coders(self, side: str) -> list[int]:
        """Every coder id that appears on ``side`` (``"hyp"`` or ``"ref"``), sorted
        (a block without edit lines counts as coder 0; noop lines the noop rule
        dropped count too)."""
        document = self.errant.hyp if side == "hyp" else self.errant.ref
        found = {edit[4] for block in document.blocks for edit in block.edits}
        if not all(block.edits for block in document.blocks):
            found.add(0)
        if self.aligned:
            found.update(dropped.edit.coder for unit in self.units for dropped in unit.dropped(side))
        return sorted(found)

    # -- reports

    @property
    def notes(self) -> list[str]:
        """What a reader of the errant-style report must know about the alignment."""
        if not self.aligned:
            return []
        counts = self.kind_counts()
        summary = ", ".join(f"{n} {kind}" for kind, n in counts.items())
        notes = [
            f"{self.hyp_name} ({self.hyp_count} sentences) and {self.ref_name} ({self.ref_count} "
            f"sentences) differ ({self.reason}): aligned into {len(self.units)} units ({summary}); "
            f"noop rule {self.options.noop_rule}, alpha {self.options.alpha}."
        ]
        if any(unit.is_merged for unit in self.units) and (
            len(self.coders("ref")) > 1 or len(self.coders("hyp")) > 1
        ):
            notes.append(NOTE_MULTI_ANNOTATOR)
        return notes

    def aligned_m2(self) -> tuple[str, str]:
        """The aligned hypothesis and reference M2 texts (re-score them with errant_compare)."""
        return dumps_aligned(self.errant.hyp), dumps_aligned(self.errant.ref)

    def type_table(self, by: str = "type") -> list[TypeRow]:
        """Per-type P/R/F of the chosen pairs (see :func:`type_table`)."""
        return type_table(self, by)

    # -- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain data; :meth:`from_dict` restores an equal result."""
        base = self.errant.to_dict()
        data: dict[str, Any] = {
            "task": base.pop("task"),
            "scorer": base.pop("scorer"),
            "totals": base.pop("totals"),
            "noop_rule": self.options.noop_rule,
            "alpha": self.options.alpha,
            "alignment": {
                "aligner": ALIGNER,
                "similarity": SIMILARITY,
                "normalisation": self.options.normalisation,
                "strict": self.options.strict,
                "aligned": self.aligned,
                "reason": self.reason,
                "hyp_name": self.hyp_name,
                "ref_name": self.ref_name,
                "hyp_sentences": self.hyp_count,
                "ref_sentences": self.ref_count,
                "kinds": self.kind_counts(),
            },
            "notes": self.notes,
        }
        sentences = base.pop("sentences")
        data.update(base)
        data["units"] = [_unit_dict(unit, sentence) for unit, sentence in zip(self.units, self.errant.sentences)]
        data["sentences"] = sentences
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GecResult:
        """Inverse of :meth:`to_dict`."""
        if data.get("task") != "gec":
            raise ValueError(f"not a gec result: task = {data.get('task')!r}")
        alignment = data["alignment"]
        options = GecOptions(data["noop_rule"], data["alpha"], alignment["normalisation"], alignment["strict"])
        units = [GecUnit.from_dict(u) for u in data["units"]]
        return cls(
            ErrantResult.from_dict(data), options, alignment["aligned"], alignment["reason"],
            alignment["hyp_name"], alignment["ref_name"], alignment["hyp_sentences"],
            alignment["ref_sentences"], units,
        )


def _unit_dict(unit: GecUnit, sentence: Any) -> dict[str, Any]:
    """A unit's plain data plus its counts and chosen pair (read back from ``sentences``)."""
    data = unit.to_dict()
    data.update(tp=sentence.tp, fp=sentence.fp, fn=sentence.fn,
                hyp_coder=sentence.hyp_coder, ref_coder=sentence.ref_coder)
    return data


def _identity_unit(index: int, hyp_block: M2Block, ref_block: M2Block) -> GecUnit:
    return GecUnit(
        index, EXACT, (ref_block.index, ref_block.index + 1), (hyp_block.index, hyp_block.index + 1),
        (hyp_block.line,), (ref_block.line,),
        (0, len(hyp_block.sentence.split())), (0, len(ref_block.sentence.split())),
    )


def _origins_to_list(origins: tuple[tuple[int, int] | None, ...] | None) -> list[Any] | None:
    if origins is None:
        return None
    return [list(o) if o is not None else None for o in origins]


def _origins_from_list(data: list[Any] | None) -> tuple[tuple[int, int] | None, ...] | None:
    if data is None:
        return None
    return tuple(tuple(o) if o is not None else None for o in data)


def _side_edits(unit: GecUnit, side: str, statuses: Sequence[EditStatus]) -> list[GecEdit]:
    blocks, lines, offsets = unit.blocks(side), unit.lines(side), unit.offsets(side)
    position = {block: k for k, block in enumerate(blocks)}
    origins = unit.origins(side)
    out = []
    for status in statuses:
        if origins is None:
            origin = (blocks[0], status.index)
        else:
            origin = origins[status.index] if status.index < len(origins) else None
        if origin is None:
            block, line, start, end = None, 0, status.start, status.end
        else:
            k = position[origin[0]]
            block, line = origin[0], lines[k] + 1 + origin[1]
            shift = offsets[k] if status.start != -1 else 0
            start, end = status.start - shift, status.end - shift
        out.append(GecEdit(
            unit.index, side, block, line, start, end, status.start, status.end, status.type,
            status.cor, status.coder, status.status, status.index, status.partners,
        ))
    for dropped in unit.dropped(side):
        edit = dropped.edit
        k = position[dropped.block]
        out.append(GecEdit(
            unit.index, side, dropped.block, lines[k] + 1 + dropped.index, edit.start, edit.end,
            edit.start, edit.end, edit.type, edit.cor, edit.coder, DROPPED, None, (),
        ))
    return out


# ---------------------------------------------------------------- types


def type_parts(etype: str) -> tuple[str, str]:
    """``(operation, main type)`` of an error type, for filters.

    ERRANT types: ``R:VERB:SVA`` -> ``("R", "VERB")``.  Other inventories keep
    their own names: UA-GEC ``G/Case`` -> ``("", "G")``, ``Spelling`` ->
    ``("", "Spelling")``, NUCLE ``ArtOrDet`` -> ``("", "ArtOrDet")``;
    ``noop`` and ``UNK`` have no operation.

    >>> type_parts("R:VERB:SVA"), type_parts("M:PUNCT"), type_parts("G/Case"), type_parts("UNK")
    (('R', 'VERB'), ('M', 'PUNCT'), ('', 'G'), ('', 'UNK'))
    """
    if len(etype) > 2 and etype[1] == ":" and etype[0] in "MRU":
        return etype[0], etype[2:].split(":", 1)[0]
    if "/" in etype.strip("/"):
        return "", etype.split("/", 1)[0]
    return "", etype


TYPE_LEVELS = ("type", "main", "operation")


def category_of(etype: str, by: str) -> str:
    """The category of an error type at level ``by`` (see :func:`type_table`).

    >>> category_of("R:VERB:SVA", "operation"), category_of("G/Case", "operation"), category_of("G/Case", "main")
    ('R', 'G', 'G')
    """
    if by not in TYPE_LEVELS:
        raise ValueError(f"by must be one of {TYPE_LEVELS}, not {by!r}")
    if by == "type":
        return etype
    operation, main = type_parts(etype)
    return main if by == "main" else (operation or main)


def type_table(result: GecResult, by: str = "type") -> list[TypeRow]:
    """Per-category P/R/F of the chosen pairs, rows in Python string order.

    ``by="type"``: full types (errant's ``-cat 3``); ``"main"``: main types
    of :func:`type_parts`; ``"operation"``: ERRANT's M/R/U (types without an
    operation keep their own name).  Counts are the scorer's; P, R and F use
    errant's rounding and the result's beta.  Raises ``ValueError`` for another ``by``.
    """
    if by not in TYPE_LEVELS:
        raise ValueError(f"by must be one of {TYPE_LEVELS}, not {by!r}")
    cats = result.errant.cats
    if by == "type":
        grouped = group_categories(cats, 3)
    else:
        grouped = {}
        for name, counts in cats.items():
            total = grouped.setdefault(category_of(name, by), [0, 0, 0])
            for i in range(3):
                total[i] += counts[i]
    beta = result.errant.options.beta
    return [TypeRow(name, c[0], c[1], c[2], *f_score(c[0], c[1], c[2], beta)) for name, c in sorted(grouped.items())]


# ---------------------------------------------------------------- evaluation


def alignment_reason(hyp: M2Document, ref: M2Document) -> str | None:
    """Why the two files need aligning, or ``None`` when errant's block-by-block pairing is right."""
    if len(hyp.blocks) != len(ref.blocks):
        return f"{len(hyp.blocks)} vs {len(ref.blocks)} sentences"
    for hyp_block, ref_block in zip(hyp.blocks, ref.blocks):
        hyp_s, ref_s = hyp_block.s_line, ref_block.s_line
        if hyp_s != ref_s and strip_spaces(hyp_s) != strip_spaces(ref_s):
            return f"sentence {hyp_block.index} differs"
    return None


def _strict_error(hyp: M2Document, ref: M2Document) -> InputError:
    for hyp_block, ref_block in zip(hyp.blocks, ref.blocks):
        hyp_text, ref_text = strip_spaces(hyp_block.sentence), strip_spaces(ref_block.sentence)
        if hyp_text != ref_text:
            k = next((i for i, (a, b) in enumerate(zip(hyp_text, ref_text)) if a != b), min(len(hyp_text), len(ref_text)))
            where = f"the sentence of {ref.name} line {ref_block.line} (block #{ref_block.index}; --strict)"
            expected = (
                f"{where}: {show(ref_text[k:k + 20])} at character {k + 1} (spaces ignored)"
                if k < len(ref_text)
                else f"{where} to end after {k} characters (spaces ignored)"
            )
            return InputError(
                hyp.name, hyp_block.line, expected,
                show(hyp_text[k:k + 20]) if k < len(hyp_text) else "the end of the sentence",
            )
    shorter, longer = (hyp, ref) if len(hyp.blocks) < len(ref.blocks) else (ref, hyp)
    extra = longer.blocks[len(shorter.blocks)]
    return InputError(
        longer.name, extra.line,
        f"no more sentences ({shorter.name} has {len(shorter.blocks)}; --strict)",
        f"block #{extra.index} {show(extra.sentence, 40)}",
    )


def evaluate(
    hyp: M2Document,
    ref: M2Document,
    errant_options: ErrantOptions | None = None,
    options: GecOptions | None = None,
) -> GecResult:
    """Align (when needed) and score ``hyp`` (system) against ``ref`` (gold).

    Raises :class:`InputError` with ``options.strict`` when the files would
    need aligning.
    """
    errant_options = errant_options or ErrantOptions()
    options = options or GecOptions()
    reason = alignment_reason(hyp, ref)
    counts = (hyp.name, ref.name, len(hyp.blocks), len(ref.blocks))
    if reason is None:
        return GecResult(score(hyp, ref, errant_options), options, False, "same sentences", *counts)
    if options.strict:
        raise _strict_error(hyp, ref)
    with gc_paused():
        normaliser = options.normaliser()
        hyp_keys, hyp_lengths = _keys_and_lengths(hyp, normaliser)
        ref_keys, ref_lengths = _keys_and_lengths(ref, normaliser)
        groups = align_sentences(hyp_keys, ref_keys, options.alpha)
        units, aligned_hyp, aligned_ref = _build(hyp, ref, groups, options.noop_rule, hyp_lengths, ref_lengths)
        return GecResult(score(aligned_hyp, aligned_ref, errant_options), options, True, reason, *counts, units)


def _build(
    hyp: M2Document, ref: M2Document, groups: Sequence[SentenceGroup], noop_rule: str,
    hyp_lengths: Sequence[int], ref_lengths: Sequence[int],
) -> tuple[list[GecUnit], M2Document, M2Document]:
    """Units and the aligned documents (the inputs themselves when every unit is 1:1)."""
    one_to_one = all(g.hyp[1] - g.hyp[0] == 1 and g.ref[1] - g.ref[0] == 1 for g in groups)
    units: list[GecUnit] = []
    hyp_blocks: list[M2Block] = []
    ref_blocks: list[M2Block] = []
    line_hyp = line_ref = 1
    new = tuple.__new__
    hyp_all, ref_all = hyp.blocks, ref.blocks
    for number, group in enumerate(groups):
        (h0, h1), (r0, r1) = group.hyp, group.ref
        if h1 - h0 == 1 and r1 - r0 == 1:  # the common case, kept cheap
            hyp_block, ref_block = hyp_all[h0], ref_all[r0]
            units.append(new(GecUnit, (
                number, group.kind, group.ref, group.hyp,
                (hyp_block.line,), (ref_block.line,), (0, hyp_lengths[h0]), (0, ref_lengths[r0]),
                group.similarity, None, None, (), (),
            )))
            if not one_to_one:
                hyp_blocks.append(new(M2Block, (number, line_hyp, *hyp_block[2:])))
                ref_blocks.append(new(M2Block, (number, line_ref, *ref_block[2:])))
                line_hyp += len(hyp_block.edits) + 2
                line_ref += len(ref_block.edits) + 2
            continue
        hyp_side, ref_side = hyp_all[h0:h1], ref_all[r0:r1]
        hyp_built = build_side(hyp_side, noop_rule, _joined(ref_side) if not hyp_side else "", hyp.name)
        ref_built = build_side(ref_side, noop_rule, _joined(hyp_side) if not ref_side else "", ref.name)
        units.append(new(GecUnit, (
            number, group.kind, group.ref, group.hyp,
            tuple([b.line for b in hyp_side]), tuple([b.line for b in ref_side]),
            hyp_built.offsets, ref_built.offsets, group.similarity,
            hyp_built.origins, ref_built.origins, hyp_built.dropped, ref_built.dropped,
        )))
        hyp_blocks.append(_block(number, line_hyp, hyp_side, hyp_built))
        ref_blocks.append(_block(number, line_ref, ref_side, ref_built))
        line_hyp += len(hyp_built.edits) + 2
        line_ref += len(ref_built.edits) + 2
    if one_to_one:
        return units, hyp, ref
    return (
        units,
        M2Document(hyp.name, hyp_blocks, "", "\n\n", "\n", False),
        M2Document(ref.name, ref_blocks, "", "\n\n", "\n", False),
    )


def _joined(blocks: Sequence[M2Block]) -> str:
    return " ".join(" ".join(block.sentence.split()) for block in blocks)


def _block(index: int, line: int, originals: Sequence[M2Block], side: SideBlock) -> M2Block:
    if len(originals) == 1:  # byte for byte, without copying the text
        block = originals[0]
        return tuple.__new__(M2Block, (index, line, block.source, block.start, block.end, block.edits))
    return M2Block.of(index, line, side.text, side.edits)


def dumps_aligned(document: M2Document) -> str:
    """An aligned document as M2 text: every block followed by one empty line."""
    return "".join(block.text + "\n\n" for block in document.blocks)


def evaluate_bytes(
    hyp_data: bytes,
    ref_data: bytes,
    hyp_name: str = "hyp.m2",
    ref_name: str = "ref.m2",
    errant_options: ErrantOptions | None = None,
    options: GecOptions | None = None,
) -> GecResult:
    """:func:`evaluate` on file contents (bad M2 raises :class:`jpcore.formats.m2.M2InputError`).

    The cyclic garbage collector stays paused from the first byte parsed to
    the result (each step pauses it too, but re-enabling it in between
    makes it rescan everything allocated so far: the whole run grew
    superlinearly, 44,000 sentences taking 12.7 times 4,400).
    """
    with gc_paused():
        result = evaluate(parse_m2(hyp_data, hyp_name), parse_m2(ref_data, ref_name), errant_options, options)
        promote_young_objects()  # the result is long-lived: no scan of it when the collector resumes
        return result
