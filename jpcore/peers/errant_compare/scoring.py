"""errant_compare's main loop: every block pair scored, the pair of coders chosen per
sentence with errant's tie-breaking, the corpus totals run as errant runs them."""

from __future__ import annotations

from jpcore.errors import InputError
from jpcore.formats.m2 import M2Document
from jpcore.peers.errant_compare.calc import _compare_one, compare_keys, f_score
from jpcore.peers.errant_compare.keys import _IMPLICIT_NOOP, CoderKeys, _coder_keys_cs, _keys_of_one_coder, coder_keys
from jpcore.peers.errant_compare.options import ErrantOptions
from jpcore.peers.errant_compare.result import Candidate, ErrantResult, SentenceScore
from jpcore.runtime import gc_paused

__all__ = ["BlockCountError", "score"]


class BlockCountError(InputError):
    """The two files have different numbers of blocks (errant only asserts)."""

    def __init__(self, hyp: M2Document, ref: M2Document) -> None:
        self.hyp_count = len(hyp.blocks)
        self.ref_count = len(ref.blocks)
        super().__init__(
            ref.name, None, f"{self.hyp_count} blocks like the hypothesis {hyp.name}",
            f"{self.ref_count} (sentence counts differ)",
        )


def _add_cats(total_cats: dict[str, list[int]], cats: dict[str, list[int]]) -> None:
    """Add one sentence's per-type ``[tp, fp, fn]`` to the running totals (in place)."""
    for etype, counts in cats.items():
        total = total_cats.get(etype)
        if total is None:
            total_cats[etype] = counts[:]
        else:
            total[0] += counts[0]
            total[1] += counts[1]
            total[2] += counts[2]


def score(hyp: M2Document, ref: M2Document, options: ErrantOptions | None = None) -> ErrantResult:
    """Score ``hyp`` against ``ref`` block by block exactly as errant_compare 3.0.2 does.

    Raises :class:`BlockCountError` when the block counts differ.
    """
    options = options or ErrantOptions()
    if len(hyp.blocks) != len(ref.blocks):
        raise BlockCountError(hyp, ref)
    fast = options.mode == "cs" and not (options.single or options.multi or options.filt)
    beta = options.beta
    total_tp = total_fp = total_fn = 0
    total_cats: dict[str, list[int]] = {}
    sentences: list[SentenceScore] = []
    append = sentences.append
    new = tuple.__new__
    with gc_paused():
        for index, hyp_block in enumerate(hyp.blocks):
            ref_block = ref.blocks[index]
            if fast:
                hyp_edits = hyp_block[5] or _IMPLICIT_NOOP
                ref_edits = ref_block[5] or _IMPLICIT_NOOP
                if len(hyp_edits) == 1 and len(ref_edits) == 1:  # one edit line each: two thirds of UA-GEC
                    hyp_edit, ref_edit = hyp_edits[0], ref_edits[0]
                    tp, fp, fn, cats = _compare_one(hyp_edit, ref_edit)
                    hyp_id, ref_id = hyp_edit[4], ref_edit[4]
                    candidates = (new(Candidate, (hyp_id, ref_id, tp, fp, fn)),)
                    if cats:
                        total_tp += tp
                        total_fp += fp
                        total_fn += fn
                        _add_cats(total_cats, cats)
                    append(new(SentenceScore, (index, hyp_block, ref_block, hyp_id, ref_id, tp, fp, fn, cats,
                                               candidates)))
                    continue
                hyp_keys = _keys_of_one_coder(hyp_edits)
                ref_keys = _keys_of_one_coder(ref_edits) if hyp_keys is not None else None
                if ref_keys is not None:  # one coder on each side: the common case, kept cheap
                    tp, fp, fn, cats = compare_keys(hyp_keys, ref_keys)
                    hyp_id, ref_id = hyp_edits[0][4], ref_edits[0][4]
                    candidates = (new(Candidate, (hyp_id, ref_id, tp, fp, fn)),)
                    total_tp += tp
                    total_fp += fp
                    total_fn += fn
                    _add_cats(total_cats, cats)
                    append(new(SentenceScore, (index, hyp_block, ref_block, hyp_id, ref_id, tp, fp, fn, cats,
                                               candidates)))
                    continue
                hyp_coders = _coder_keys_cs(hyp_edits)
                ref_coders = _coder_keys_cs(ref_edits)
            else:
                hyp_coders = coder_keys(hyp_block.edits, options)
                ref_coders = coder_keys(ref_block.edits, options)
            if len(hyp_coders) == 1 and len(ref_coders) == 1:
                ((hyp_id, hyp_keys),) = hyp_coders.items()
                ((ref_id, ref_keys),) = ref_coders.items()
                tp, fp, fn, cats = compare_keys(hyp_keys, ref_keys)
                candidates = (new(Candidate, (hyp_id, ref_id, tp, fp, fn)),)
            else:
                hyp_id, ref_id, tp, fp, fn, cats, candidates = _choose(
                    hyp_coders, ref_coders, total_tp, total_fp, total_fn, beta
                )
            total_tp += tp
            total_fp += fp
            total_fn += fn
            _add_cats(total_cats, cats)
            append(new(SentenceScore, (index, hyp_block, ref_block, hyp_id, ref_id, tp, fp, fn, cats, candidates)))
    return ErrantResult(options, hyp, ref, sentences, total_tp, total_fp, total_fn, total_cats)


def _choose(
    hyp_coders: CoderKeys, ref_coders: CoderKeys, run_tp: int, run_fp: int, run_fn: int, beta: float
) -> tuple[int, int, int, int, int, dict[str, list[int]], tuple[Candidate, ...]]:
    """errant's per-sentence choice of (hyp coder, ref coder), with its tie-breaking."""
    best = None
    best_f = -1.0
    candidates = []
    for hyp_id, hyp_keys in hyp_coders.items():
        for ref_id, ref_keys in ref_coders.items():
            tp, fp, fn, cats = compare_keys(hyp_keys, ref_keys)
            candidates.append(Candidate(hyp_id, ref_id, tp, fp, fn))
            f = f_score(tp + run_tp, fp + run_fp, fn + run_fn, beta)[2]
            if best is None or f > best_f or (
                f == best_f
                and (tp > best[2] or (tp == best[2] and (fp < best[3] or (fp == best[3] and fn < best[4]))))
            ):
                best = (hyp_id, ref_id, tp, fp, fn, cats)
                best_f = f
    assert best is not None  # both sides always have at least one coder
    return (*best, tuple(candidates))
