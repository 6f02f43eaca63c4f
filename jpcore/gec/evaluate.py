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
2. **Normalise** each ``S`` line for comparison (:mod:`jpcore.gec.keys`).
3. **Align** (:mod:`jpcore.gec.sentences`): units of sentences that partition
   both files, the similarity deciding where the texts differ.
4. **Concatenate** each unit and 5. apply the **noop rule**
   (:mod:`jpcore.gec.concat`).
6. **Score** the aligned pair with :func:`jpcore.peers.errant_compare.score`
   and return a :class:`~jpcore.gec.result.GecResult`: the unit map (unit ->
   system block ids -> gold block ids -> token offsets), per edit its
   original sentence, line and offsets, its re-indexed offsets, type,
   correction and status.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from jpcore.errors import InputError, show
from jpcore.formats.m2 import M2Block, M2Document, parse_m2
from jpcore.formats.spaces import strip_spaces
from jpcore.gec.options import GecOptions
from jpcore.gec.result import GecResult
from jpcore.peers.errant_compare import ErrantOptions, score
from jpcore.runtime import gc_paused, promote_young_objects

if TYPE_CHECKING:
    from jpcore.gec.concat import SideBlock
    from jpcore.gec.sentences import SentenceGroup
    from jpcore.gec.unit import GecUnit

# Steps 2-5 (keys, sentence alignment, concatenation: jpcore.align) are
# imported only when the files need aligning, so that scoring errant's own
# input costs no more start-up than errant's scorer needs.

__all__ = ["alignment_reason", "evaluate", "evaluate_bytes", "evaluate_reference"]


def alignment_reason(gold: M2Document, sys: M2Document) -> str | None:
    """Why the two files need aligning, or ``None`` when errant's block-by-block pairing is right."""
    if len(sys.blocks) != len(gold.blocks):
        return f"{len(sys.blocks)} vs {len(gold.blocks)} sentences"
    for sys_block, gold_block in zip(sys.blocks, gold.blocks):
        # M2Block.s_line, inlined: 44,000 pairs in 0.033 s instead of 0.038 s
        _, _, source, start, end, _ = sys_block
        cut = source.find("\n", start, end)
        sys_s = source[start : end if cut < 0 else cut]
        _, _, source, start, end, _ = gold_block
        cut = source.find("\n", start, end)
        gold_s = source[start : end if cut < 0 else cut]
        if sys_s != gold_s and strip_spaces(sys_s) != strip_spaces(gold_s):
            return f"sentence {sys_block.index} differs"
    return None


def _strict_error(gold: M2Document, sys: M2Document) -> InputError:
    for sys_block, gold_block in zip(sys.blocks, gold.blocks):
        sys_text, gold_text = strip_spaces(sys_block.sentence), strip_spaces(gold_block.sentence)
        if sys_text != gold_text:
            k = next((i for i, (a, b) in enumerate(zip(sys_text, gold_text)) if a != b), min(len(sys_text), len(gold_text)))
            where = f"the sentence of {gold.name} line {gold_block.line} (block #{gold_block.index}; --strict)"
            expected = (
                f"{where}: {show(gold_text[k:k + 20])} at character {k + 1} (spaces ignored)"
                if k < len(gold_text)
                else f"{where} to end after {k} characters (spaces ignored)"
            )
            return InputError(
                sys.name, sys_block.line, expected,
                show(sys_text[k:k + 20]) if k < len(sys_text) else "the end of the sentence",
            )
    shorter, longer = (sys, gold) if len(sys.blocks) < len(gold.blocks) else (gold, sys)
    extra = longer.blocks[len(shorter.blocks)]
    return InputError(
        longer.name, extra.line,
        f"no more sentences ({shorter.name} has {len(shorter.blocks)}; --strict)",
        f"block #{extra.index} {show(extra.sentence, 40)}",
    )


def evaluate(
    gold: M2Document,
    sys: M2Document,
    errant_options: ErrantOptions | None = None,
    options: GecOptions | None = None,
) -> GecResult:
    """Align (when needed) and score ``sys`` (the system's M2, errant's hypothesis) against
    ``gold`` (the reference).

    Raises :class:`InputError` with ``options.strict`` when the files would
    need aligning.
    """
    return _evaluate(gold, sys, errant_options, options, True)


def evaluate_reference(
    gold: M2Document,
    sys: M2Document,
    errant_options: ErrantOptions | None = None,
    options: GecOptions | None = None,
) -> GecResult:
    """:func:`evaluate` without its flat path (:mod:`jpcore.gec.flat`): every alignment
    through :func:`jpcore.gec.sentences.align_sentences` and one unit object per unit,
    made at once -- the reference the flat path is held equal to."""
    return _evaluate(gold, sys, errant_options, options, False)


def _evaluate(
    gold: M2Document, sys: M2Document, errant_options: ErrantOptions | None, options: GecOptions | None, flat: bool,
) -> GecResult:
    errant_options = errant_options or ErrantOptions()
    options = options or GecOptions()
    reason = alignment_reason(gold, sys)
    counts = (gold.name, sys.name, len(gold.blocks), len(sys.blocks))
    if reason is None:
        return GecResult(score(sys, gold, errant_options), options, False, "same sentences", *counts)
    if options.strict:
        raise _strict_error(gold, sys)
    from jpcore.gec.keys import block_sentences, keys_of_sentences, token_counts

    with gc_paused():
        normaliser = options.normaliser()
        if flat:  # the common case: no unit object until read (jpcore.gec.flat)
            from jpcore.gec.flat import cuts_from_keys, cuts_from_text

            cuts = cuts_from_text(gold, sys, normaliser)
            if cuts is not None:
                return _flat_result(gold, sys, cuts, True, errant_options, options, reason, counts)
        sys_sentences, gold_sentences = block_sentences(sys.blocks), block_sentences(gold.blocks)
        sys_keys = keys_of_sentences(sys_sentences, normaliser)
        gold_keys = keys_of_sentences(gold_sentences, normaliser)
        gold_lengths, sys_lengths = token_counts(gold_sentences), token_counts(sys_sentences)
        del sys_sentences, gold_sentences  # not held through the alignment
        if flat:
            cuts = cuts_from_keys(gold_keys, sys_keys)
            if cuts is not None:
                return _flat_result(gold, sys, cuts, False, errant_options, options, reason, counts)
        from jpcore.gec.sentences import align_sentences

        groups = align_sentences(gold_keys, sys_keys, options.alpha)
        units, aligned_gold, aligned_sys = _build(gold, sys, groups, options.noop_rule, gold_lengths, sys_lengths)
        return GecResult(score(aligned_sys, aligned_gold, errant_options), options, True, reason, *counts, units)


def _flat_result(
    gold: M2Document, sys: M2Document, cuts: tuple[list[int], list[int]], single_spaced: bool,
    errant_options: ErrantOptions, options: GecOptions, reason: str, counts: tuple[str, str, int, int],
) -> GecResult:
    """The result of the flat path (:func:`jpcore.gec.flat.align_flat`) on the cuts found."""
    from jpcore.gec.flat import align_flat

    flat_units, aligned_gold, aligned_sys = align_flat(gold, sys, *cuts, options.noop_rule, single_spaced)
    return GecResult(score(aligned_sys, aligned_gold, errant_options), options, True, reason, *counts,
                     None, flat_units)


def _build(
    gold: M2Document, sys: M2Document, groups: Sequence[SentenceGroup], noop_rule: str,
    gold_lengths: Sequence[int], sys_lengths: Sequence[int],
) -> tuple[list[GecUnit], M2Document, M2Document]:
    """Units and the aligned documents, gold first (the inputs themselves when every unit is 1:1)."""
    from jpcore.gec.concat import build_side
    from jpcore.gec.unit import GecUnit

    one_to_one = all(g.sys[1] - g.sys[0] == 1 and g.gold[1] - g.gold[0] == 1 for g in groups)
    units: list[GecUnit] = []
    sys_blocks: list[M2Block] = []
    gold_blocks: list[M2Block] = []
    line_sys = line_gold = 1
    new = tuple.__new__
    sys_all, gold_all = sys.blocks, gold.blocks
    for number, group in enumerate(groups):
        (h0, h1), (r0, r1) = group.sys, group.gold
        if h1 - h0 == 1 and r1 - r0 == 1:  # the common case, kept cheap
            sys_block, gold_block = sys_all[h0], gold_all[r0]
            units.append(GecUnit(
                number, group.kind, group.gold, group.sys,
                (gold_block.line,), (sys_block.line,), (0, gold_lengths[r0]), (0, sys_lengths[h0]),
                group.similarity,
            ))
            if not one_to_one:
                sys_blocks.append(new(M2Block, (number, line_sys, *sys_block[2:])))
                gold_blocks.append(new(M2Block, (number, line_gold, *gold_block[2:])))
                line_sys += len(sys_block.edits) + 2
                line_gold += len(gold_block.edits) + 2
            continue
        sys_side, gold_side = sys_all[h0:h1], gold_all[r0:r1]
        sys_built = build_side(sys_side, noop_rule, _joined(gold_side) if not sys_side else "", sys.name)
        gold_built = build_side(gold_side, noop_rule, _joined(sys_side) if not gold_side else "", gold.name)
        units.append(GecUnit(
            number, group.kind, group.gold, group.sys,
            tuple([b.line for b in gold_side]), tuple([b.line for b in sys_side]),
            gold_built.offsets, sys_built.offsets, group.similarity,
            gold_built.origins, sys_built.origins, gold_built.dropped, sys_built.dropped,
        ))
        sys_blocks.append(_block(number, line_sys, sys_side, sys_built))
        gold_blocks.append(_block(number, line_gold, gold_side, gold_built))
        line_sys += len(sys_built.edits) + 2
        line_gold += len(gold_built.edits) + 2
    if one_to_one:
        return units, gold, sys
    return (
        units,
        M2Document(gold.name, gold_blocks, "", "\n\n", "\n", False),
        M2Document(sys.name, sys_blocks, "", "\n\n", "\n", False),
    )


def _joined(blocks: Sequence[M2Block]) -> str:
    return " ".join(" ".join(block.sentence.split()) for block in blocks)


def _block(index: int, line: int, originals: Sequence[M2Block], side: SideBlock) -> M2Block:
    if len(originals) == 1:  # byte for byte, without copying the text
        block = originals[0]
        return tuple.__new__(M2Block, (index, line, block.source, block.start, block.end, block.edits))
    return M2Block.of(index, line, side.text, side.edits)


def evaluate_bytes(
    gold_data: bytes,
    sys_data: bytes,
    gold_name: str = "ref.m2",
    sys_name: str = "hyp.m2",
    errant_options: ErrantOptions | None = None,
    options: GecOptions | None = None,
) -> GecResult:
    """:func:`evaluate` on file contents, gold first (bad M2 raises
    :class:`jpcore.formats.m2.M2InputError`).

    The cyclic garbage collector stays paused from the first byte parsed to
    the result (each step pauses it too, but re-enabling it in between
    makes it rescan everything allocated so far: the whole run grew
    superlinearly, 44,000 sentences taking 12.7 times 4,400).
    """
    with gc_paused():
        # the system's file is parsed first, as it always was: when both are malformed, the same file is named
        sys = parse_m2(sys_data, sys_name)
        result = evaluate(parse_m2(gold_data, gold_name), sys, errant_options, options)
        promote_young_objects()  # the result is long-lived: no scan of it when the collector resumes
        return result
