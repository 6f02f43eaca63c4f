"""Tokenization and sentence boundary evaluation with bounded memory.

Contract: :func:`stream_evaluate` takes the two sides as *iterators* of
sentences (:func:`jpcore.formats.open_segmentation`) and yields
:class:`Chunk` objects: consecutive runs of aligned units (numbered, and
with sentence, token and character positions, over the whole files) plus
the differences and the sentences of each side that they cover.  Chained,
the chunks hold what :func:`jpcore.preprocess.evaluate` returns for
the whole files, while at most a window of each side is in memory.

How.  Each side's sentences are buffered until the buffer holds
:data:`WINDOW` characters (or the file ends).  Then a *cut* is looked for:
an offset where both sides end a sentence and after which everything up to
it can be flushed as final.

1. **Identical text** (the normal case: the same characters cut
   differently).  Let ``L`` be the length of the common prefix of the two
   buffered streams.  The largest common sentence end ``c <= L - MARGIN``
   is a cut: the whole-file alignment starts with one equal run reaching at
   least ``L``; the gap after it may slide back by at most 256 characters
   (:data:`jpcore.align._MAX_SLIDE`), which :data:`MARGIN` exceeds, so ``c``
   stays inside the run, and the whole-file groups before ``c`` are those of
   the identical prefix.  The rest of the file then aligns as it would in the
   whole file (its first run is again longer than the slide), so by
   induction the chunks are **exactly** the whole-file result -- and at the
   end of both files the remainder is aligned by the whole-file code itself.
2. **A real difference** near the start of the buffer (no cut by rule 1):
   once both buffers extend :data:`LOOKAHEAD` characters past it, the window
   is aligned with the whole-file code (:func:`jpcore.align.align_sides`)
   and cut at the last sentence cut that lies inside an equal run, at least
   :data:`MARGIN` characters from both ends of the run (so every difference
   of the chunk lies well before the cut, and is reported on the same lines
   as in the whole file) and :data:`LOOKAHEAD` before the buffers' ends.  That is the whole-file alignment wherever the
   alignment of a difference is decided within its neighbourhood (always so
   far: the tests compare both paths on files with edits, gaps and extra
   sentences); the resynchronisation of :mod:`jpcore.align` looks further
   ahead only past differences longer than :data:`LOOKAHEAD`.
3. No cut found (a sentence longer than the window, or a long difference):
   the window doubles and more is read.

Neither rule cuts before a sentence that starts with a multiword token (on
either side): there the CoNLL 2018 script's pairing of words may reach back
into the sentence before (:mod:`jpcore.align.multiword`); anywhere
else it starts afresh at a sentence cut, so the chunks pair words exactly
as the whole file does.

Memory is therefore proportional to the window (plus the longest sentence,
or the longest differing stretch), not to the files.  ``strict=True``
raises the first difference as :func:`~jpcore.preprocess.evaluate`
does.  Bad input raises :class:`jpcore.errors.InputError` when the reader
reaches it; the two files are read side by side, so of several errors in
different places the first one met may differ from the whole-file path's.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from jpcore.align import (
    CharAlignment,
    Difference,
    Group,
    Side,
    align_sides,
    differences_of,
    first_difference_error,
    group_units,
)
from jpcore.align.similarity import Normaliser
from jpcore.align.streams import common_prefix
from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.runtime import gc_paused
from jpcore.preprocess import Unit, surface_level
from jpcore.preprocess.evaluate import count_units

#: Characters of each side buffered before a cut is looked for.
WINDOW = 1 << 15
#: Equal characters required after a cut (more than align's 256-character slide).
MARGIN = 1024
#: Characters each buffer must hold past a difference (or a cut) before it is aligned.
LOOKAHEAD = 1 << 14

__all__ = ["LOOKAHEAD", "MARGIN", "WINDOW", "Chunk", "SideInfo", "stream_evaluate"]


@dataclass(frozen=True, slots=True)
class SideInfo:
    """Name, format and token level of one side (what a Segmentation holds besides sentences)."""

    name: str
    format: str
    level: str


@dataclass(slots=True)
class Chunk:
    """Consecutive units, final: indices and offsets count from the files' starts."""

    units: list[Unit]
    differences: list[Difference]
    gold: list[Sentence]
    system: list[Sentence]


class _Buffer:
    """One side's sentences read and not flushed yet, and where they start."""

    def __init__(self, sentences: Iterator[Sentence], info: SideInfo) -> None:
        self.source = sentences
        self.info = info
        self.sentences: list[Sentence] = []
        self.chars = 0  # raw characters of the tokens held (a fill gauge)
        self.done = False
        self.sentence_base = 0
        self.token_base = 0
        self.char_base = 0

    def fill(self, target: int) -> None:
        while not self.done and self.chars < target:
            sentence = next(self.source, None)
            if sentence is None:
                self.done = True
                break
            self.sentences.append(sentence)
            self.chars += sum(map(len, sentence.tokens))

    def segmentation(self, k: int | None = None) -> Segmentation:
        sentences = self.sentences if k is None else self.sentences[:k]
        return Segmentation(self.info.name, self.info.format, self.info.level, sentences)

    def drop(self, k: int, tokens: int, chars: int) -> list[Sentence]:
        gone = self.sentences[:k]
        del self.sentences[:k]
        self.chars = sum(sum(map(len, s.tokens)) for s in self.sentences)
        self.sentence_base += k
        self.token_base += tokens
        self.char_base += chars
        return gone


def stream_evaluate(
    gold: Iterator[Sentence],
    system: Iterator[Sentence],
    gold_info: SideInfo,
    sys_info: SideInfo,
    normaliser: Normaliser | None = None,
    *,
    strict: bool = False,
    window: int = WINDOW,
) -> Iterator[Chunk]:
    """The whole-file evaluation in chunks (see the module doc)."""
    normaliser = normaliser or Normaliser.for_language("en")
    gold_buffer, sys_buffer = _Buffer(gold, gold_info), _Buffer(system, sys_info)
    unit_base = 0
    size = window
    while True:
        with gc_paused():
            gold_buffer.fill(size)
            sys_buffer.fill(size)
            gold_seg, sys_seg = gold_buffer.segmentation(), sys_buffer.segmentation()
            surface = surface_level(gold_seg, sys_seg)
            g, s = Side.build(gold_seg, normaliser, surface), Side.build(sys_seg, normaliser, surface)
            if gold_buffer.done and sys_buffer.done:
                chars = align_sides(g, s)
                if strict and not chars.identical:
                    raise first_difference_error(gold_seg, sys_seg, g, s, chars)
                cut = (len(gold_buffer.sentences), len(sys_buffer.sentences), chars)
            else:
                cut = _identical_cut(g, s)
                if cut is None:
                    cut = _aligned_cut(g, s, gold_buffer, sys_buffer, strict, gold_seg, sys_seg)
            if cut is None:
                size *= 2
                continue
            size = window
            chunk = _flush(gold_buffer, sys_buffer, g, s, *cut, normaliser, unit_base)
        unit_base += len(chunk.units)
        yield chunk
        if gold_buffer.done and sys_buffer.done and not gold_buffer.sentences and not sys_buffer.sentences:
            return


def _identical_cut(g: Side, s: Side) -> tuple[int, int, CharAlignment] | None:
    """Rule 1: the last common sentence end at least MARGIN inside the common prefix."""
    limit = common_prefix(g.stream, s.stream) - MARGIN
    if limit <= 0:
        return None
    system_ends = set(s.sentence_ends)
    for k in range(bisect_right(g.sentence_ends, limit) - 1, -1, -1):
        c = g.sentence_ends[k]
        if c > 0 and c in system_ends:
            k_gold, k_sys = bisect_right(g.sentence_ends, c), bisect_right(s.sentence_ends, c)
            if _multiword_after(g, k_gold) or _multiword_after(s, k_sys):
                continue
            runs = ((0, 0, c),)
            return k_gold, k_sys, CharAlignment(c, c, runs, g.stream[:c], s.stream[:c])
    return None


def _multiword_after(side: Side, k: int) -> bool:
    """Whether sentence ``k`` starts with a multiword token: no cut there, where the
    CoNLL 2018 script's multiword span may take words of the sentence before
    (:mod:`jpcore.align.multiword`), so the chunks pair words as the whole file does."""
    words = side.words
    if words is None or k >= len(side.token_starts) - 1:
        return False
    return words.multiword_starts[side.token_starts[k]] >= 0


def _aligned_cut(
    g: Side, s: Side, gold: _Buffer, system: _Buffer, strict: bool,
    gold_seg: Segmentation, sys_seg: Segmentation,
) -> tuple[int, int, CharAlignment] | None:
    """Rule 2: align the window and cut well inside an equal run after the difference."""
    mismatch = common_prefix(g.stream, s.stream)
    real = (mismatch < len(g.stream) and mismatch < len(s.stream)) or (
        (mismatch == len(g.stream) and gold.done) or (mismatch == len(s.stream) and system.done))
    if not real:
        return None  # the buffers only differ in length: read more
    if (not gold.done and len(g.stream) < mismatch + LOOKAHEAD) or (
            not system.done and len(s.stream) < mismatch + LOOKAHEAD):
        return None
    chars = align_sides(g, s)
    if strict:
        raise first_difference_error(gold_seg, sys_seg, g, s, chars)
    gold_limit = len(g.stream) if gold.done else len(g.stream) - LOOKAHEAD
    sys_limit = len(s.stream) if system.done else len(s.stream) - LOOKAHEAD
    runs = chars.runs
    for group in reversed(group_units(g.sentence_ends, s.sentence_ends, chars)):
        gc, sc = group.gold_chars[1], group.sys_chars[1]
        if gc > gold_limit or sc > sys_limit or not (group.gold[1] or group.sys[1]):
            continue
        i = bisect_right(runs, (gc, len(s.stream) + 1, 0)) - 1
        if i < 0:
            continue
        gp, sp, n = runs[i]
        if gp + MARGIN <= gc and gc + MARGIN <= gp + n and sc - sp == gc - gp:
            if _multiword_after(g, group.gold[1]) or _multiword_after(s, group.sys[1]):
                continue
            clipped = tuple(run for run in runs[:i] if run[0] < gc) + ((gp, sp, gc - gp),)
            clipped = tuple(run for run in clipped if run[2])
            return group.gold[1], group.sys[1], CharAlignment(gc, sc, clipped, g.stream[:gc], s.stream[:sc])
    return None


def _flush(
    gold: _Buffer, system: _Buffer, g: Side, s: Side, k_gold: int, k_sys: int,
    chars: CharAlignment, normaliser: Normaliser, unit_base: int,
) -> Chunk:
    """Units of the first ``k_gold`` / ``k_sys`` sentences (aligned by ``chars``), made global."""
    g_pre, s_pre = g.prefix(k_gold, chars.gold_len), s.prefix(k_sys, chars.sys_len)
    gold_seg, sys_seg = gold.segmentation(k_gold), system.segmentation(k_sys)
    units, _, resolved = count_units(g_pre, s_pre, chars, None, normaliser)
    differences = [] if chars.identical else differences_of(gold_seg, sys_seg, g_pre, s_pre, chars, resolved)
    shift = _Shift(unit_base, gold.sentence_base, system.sentence_base, gold.token_base, system.token_base,
                   gold.char_base, system.char_base)
    units = [shift.unit(unit) for unit in units]
    differences = [shift.difference(d) for d in differences]
    gold_sentences = gold.drop(k_gold, g_pre.token_starts[-1], chars.gold_len)
    sys_sentences = system.drop(k_sys, s_pre.token_starts[-1], chars.sys_len)
    return Chunk(units, differences, gold_sentences, sys_sentences)


@dataclass(frozen=True, slots=True)
class _Shift:
    """Offsets that turn a window's indices into whole-file ones."""

    unit_base: int
    gold_sentence: int
    sys_sentence: int
    gold_token: int
    sys_token: int
    gold_char: int
    sys_char: int

    def unit(self, unit: Unit) -> Unit:
        return Unit(
            unit.index + self.unit_base,
            _add(unit.gold, self.gold_sentence), _add(unit.sys, self.sys_sentence),
            _add(unit.gold_chars, self.gold_char), _add(unit.sys_chars, self.sys_char),
            unit.kind, [self.word(w) for w in unit.words], unit.sentences, unit.tokens, None,
        )

    def word(self, word: Group) -> Group:
        return Group(_add(word.gold, self.gold_token), _add(word.sys, self.sys_token),
                     _add(word.gold_chars, self.gold_char), _add(word.sys_chars, self.sys_char), word.kind)

    def difference(self, d: Difference) -> Difference:
        return Difference(_add(d.gold_chars, self.gold_char), _add(d.sys_chars, self.sys_char),
                          d.gold_text, d.sys_text, d.gold_line, d.sys_line)


def _add(pair: tuple[int, int], base: int) -> tuple[int, int]:
    return (pair[0] + base, pair[1] + base) if base else pair
