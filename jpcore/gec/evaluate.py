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

from jpcore.align import EXACT
from jpcore.errors import InputError, show
from jpcore.formats.m2 import M2Block, M2Document, parse_m2
from jpcore.formats.spaces import strip_spaces
from jpcore.gec.concat import SideBlock, build_side
from jpcore.gec.keys import keys_and_lengths
from jpcore.gec.options import GecOptions
from jpcore.gec.result import GecResult
from jpcore.gec.sentences import SentenceGroup, align_sentences
from jpcore.gec.unit import GecUnit
from jpcore.peers.errant_compare import ErrantOptions, score
from jpcore.runtime import gc_paused, promote_young_objects

__all__ = ["alignment_reason", "evaluate", "evaluate_bytes"]


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
        hyp_keys, hyp_lengths = keys_and_lengths(hyp, normaliser)
        ref_keys, ref_lengths = keys_and_lengths(ref, normaliser)
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
