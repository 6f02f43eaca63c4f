"""What errant_compare computes and what it throws away: per sentence the pairs of coders
it tried and the one it chose (:class:`SentenceScore`), the corpus totals
(:class:`ErrantResult`, its JSON), and each edit line's fate under the chosen pair
(:class:`EditStatus`, derived when first asked for)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from jpcore.formats.m2 import NOOP_TYPE, M2Block, M2Document, parse_m2
from jpcore.peers.errant_compare.calc import f_score, group_categories
from jpcore.peers.errant_compare.keys import Key, coder_keys, edit_keys, passes_filters
from jpcore.peers.errant_compare.options import ErrantOptions

__all__ = ["FILTERED", "FN", "FP", "NOOP", "OTHER", "PARTIAL", "TP", "UNSCORED", "Candidate", "EditStatus",
           "ErrantResult", "SentenceScore"]

# Edit statuses (per edit, for the chosen pair).
TP, FP, FN = "TP", "FP", "FN"
NOOP = "noop"  # a key whose first type is noop: errant skips it
FILTERED = "filtered"  # dropped by UNK / -single / -multi / -filt
OTHER = "other"  # an edit of a coder that was not chosen for this sentence
PARTIAL = "partial"  # -dt: some of the edit's tokens matched, some did not
UNSCORED = "unscored"  # counted nowhere (e.g. an empty -dt span, a ref key matched by a hyp noop)



class Candidate(NamedTuple):
    """One (hyp coder, ref coder) pair errant evaluated for a sentence, with its local counts."""

    hyp_coder: int
    ref_coder: int
    tp: int
    fp: int
    fn: int


class SentenceScore(NamedTuple):
    """One sentence: the chosen pair, its counts and per-type counts, all pairs tried."""

    index: int
    hyp_block: M2Block
    ref_block: M2Block
    hyp_coder: int
    ref_coder: int
    tp: int
    fp: int
    fn: int
    cats: dict[str, list[int]]
    """type -> [TP, FP, FN] of the chosen pair, in first-seen order (errant's "Local results")."""
    candidates: tuple[Candidate, ...]
    """Every pair in errant's evaluation order (hyp coders outer, ref coders inner)."""

    @property
    def hyp_line(self) -> int:
        """Line of the hypothesis S line."""
        return self.hyp_block.line

    @property
    def ref_line(self) -> int:
        """Line of the reference S line."""
        return self.ref_block.line


class EditStatus(NamedTuple):
    """One edit line of a sentence with its fate under the chosen pair."""

    side: str
    """``"hyp"`` or ``"ref"``."""
    index: int
    """Position among the block's edit lines."""
    line: int
    """1-based line in its file."""
    start: int
    end: int
    type: str
    cor: str
    coder: int
    status: str
    """TP, FP (hyp), FN (ref), noop, filtered, other (coder not chosen), partial (-dt), unscored."""
    partners: tuple[int, ...]
    """Indices of the other side's edits (chosen coder) sharing a key with this one."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        data = dict(zip(self._fields, self))
        data["partners"] = list(self.partners)
        return data


@dataclass
class ErrantResult:
    """What errant_compare computes, and what it throws away."""

    options: ErrantOptions
    hyp: M2Document
    ref: M2Document
    sentences: list[SentenceScore]
    tp: int
    fp: int
    fn: int
    cats: dict[str, list[int]]
    """Full type -> [TP, FP, FN] over the corpus, first-seen order."""
    _statuses: dict[int, tuple[tuple[EditStatus, ...], tuple[EditStatus, ...]]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def prf(self) -> tuple[float, float, float]:
        """Precision, recall, F-beta as errant prints them."""
        return f_score(self.tp, self.fp, self.fn, self.options.beta)

    @property
    def totals(self) -> dict[str, Any]:
        """``{"tp","fp","fn","precision","recall","f"}``."""
        p, r, f = self.prf
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn, "precision": p, "recall": r, "f": f}

    def category_rows(self, level: int | None = None) -> list[tuple[str, int, int, int, float, float, float]]:
        """Rows of errant's category table for ``-cat level`` (default: the options' level or 3)."""
        level = level or self.options.cat or 3
        grouped = group_categories(self.cats, level)
        beta = self.options.beta
        return [(name, c[0], c[1], c[2], *f_score(c[0], c[1], c[2], beta)) for name, c in sorted(grouped.items())]

    def edit_statuses(self, index: int) -> tuple[tuple[EditStatus, ...], tuple[EditStatus, ...]]:
        """(hyp edit statuses, ref edit statuses) of sentence ``index``, in file order."""
        cached = self._statuses.get(index)
        if cached is None:
            cached = self._statuses[index] = _edit_statuses(self.sentences[index], self.options)
        return cached

    def to_dict(self) -> dict[str, Any]:
        """Everything, as plain data; :meth:`from_dict` restores an equal result."""
        sentences = []
        for sent in self.sentences:
            hyp_edits, ref_edits = self.edit_statuses(sent.index)
            sentences.append({
                "index": sent.index,
                "hyp_coder": sent.hyp_coder,
                "ref_coder": sent.ref_coder,
                "tp": sent.tp,
                "fp": sent.fp,
                "fn": sent.fn,
                "categories": {name: list(c) for name, c in sent.cats.items()},
                "candidates": [list(c) for c in sent.candidates],
                "hyp_line": sent.hyp_block.line,
                "ref_line": sent.ref_block.line,
                "hyp_block": sent.hyp_block.text,
                "ref_block": sent.ref_block.text,
                "hyp_edits": [e.to_dict() for e in hyp_edits],
                "ref_edits": [e.to_dict() for e in ref_edits],
            })
        data: dict[str, Any] = {
            "task": "gec",
            "scorer": "errant_compare 3.0.2 (errant-exact reimplementation)",
            "totals": self.totals,
            "options": self.options.to_dict(),
            "hyp": _document_meta(self.hyp),
            "ref": _document_meta(self.ref),
            "categories": {name: list(c) for name, c in self.cats.items()},
        }
        if self.options.cat:
            data["category_table"] = [list(row) for row in self.category_rows()]
        data["sentences"] = sentences
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ErrantResult:
        """Inverse of :meth:`to_dict` (edit statuses are re-derived, identically)."""
        options = ErrantOptions.from_dict(data["options"])
        hyp_blocks, ref_blocks, sentences = [], [], []
        for item in data["sentences"]:
            hyp_block = _block(item["hyp_block"], item["index"], item["hyp_line"], data["hyp"]["name"])
            ref_block = _block(item["ref_block"], item["index"], item["ref_line"], data["ref"]["name"])
            hyp_blocks.append(hyp_block)
            ref_blocks.append(ref_block)
            sentences.append(SentenceScore(
                item["index"], hyp_block, ref_block, item["hyp_coder"], item["ref_coder"],
                item["tp"], item["fp"], item["fn"],
                {name: list(c) for name, c in item["categories"].items()},
                tuple(Candidate(*c) for c in item["candidates"]),
            ))
        totals = data["totals"]
        return cls(
            options, _document(data["hyp"], hyp_blocks), _document(data["ref"], ref_blocks), sentences,
            totals["tp"], totals["fp"], totals["fn"],
            {name: list(c) for name, c in data["categories"].items()},
        )


def _document_meta(document: M2Document) -> dict[str, Any]:
    return {
        "name": document.name, "blocks": len(document.blocks), "leading": document.leading,
        "trailing": document.trailing, "newline": document.newline, "bom": document.bom,
    }


def _document(meta: dict[str, Any], blocks: list[M2Block]) -> M2Document:
    return M2Document(meta["name"], blocks, meta["leading"], meta["trailing"], meta["newline"], meta["bom"])


def _block(text: str, index: int, line: int, name: str) -> M2Block:
    edits = parse_m2(text, name).blocks[0].edits if text else ()
    return M2Block.of(index, line, text, edits)


def _edit_statuses(
    sent: SentenceScore, options: ErrantOptions
) -> tuple[tuple[EditStatus, ...], tuple[EditStatus, ...]]:
    """Each edit line's fate under the chosen pair (see :class:`EditStatus`)."""
    hyp_edit_keys = [edit_keys(e, options) if e.coder == sent.hyp_coder else None for e in sent.hyp_block.edits]
    ref_edit_keys = [edit_keys(e, options) if e.coder == sent.ref_coder else None for e in sent.ref_block.edits]
    hyp_keys = coder_keys(sent.hyp_block.edits, options)[sent.hyp_coder]
    ref_keys = coder_keys(sent.ref_block.edits, options)[sent.ref_coder]
    hyp_index = _key_index(hyp_edit_keys)
    ref_index = _key_index(ref_edit_keys)

    def hyp_status(key: Key) -> str:
        if hyp_keys[key][0] == NOOP_TYPE:
            return NOOP
        return TP if key in ref_keys else FP

    def ref_status(key: Key) -> str:
        if ref_keys[key][0] == NOOP_TYPE:
            return NOOP
        if key not in hyp_keys:
            return FN
        return UNSCORED if hyp_keys[key][0] == NOOP_TYPE else TP

    return (
        _statuses("hyp", sent.hyp_block, hyp_edit_keys, hyp_status, ref_index, options),
        _statuses("ref", sent.ref_block, ref_edit_keys, ref_status, hyp_index, options),
    )


def _key_index(per_edit: list[list[Key] | None]) -> dict[Key, list[int]]:
    index: dict[Key, list[int]] = {}
    for i, keys in enumerate(per_edit):
        for key in keys or ():
            index.setdefault(key, []).append(i)
    return index


def _statuses(
    side: str, block: M2Block, per_edit: list[list[Key] | None],
    status_of: Callable[[Key], str], other_index: dict[Key, list[int]], options: ErrantOptions,
) -> tuple[EditStatus, ...]:
    out = []
    for i, edit in enumerate(block.edits):
        keys = per_edit[i]
        partners: tuple[int, ...] = ()
        if keys is None:
            status = OTHER
        elif not keys:
            status = UNSCORED if passes_filters(edit, options) else FILTERED
        elif len(keys) == 1:  # every mode but -dt: one key per edit
            status = status_of(keys[0])
            # the other side's edits of one key: in increasing order, each once (_key_index)
            partners = tuple(other_index.get(keys[0], ()))
        else:
            found = {status_of(key) for key in keys}
            status = found.pop() if len(found) == 1 else PARTIAL
            partners = tuple(sorted({j for key in keys for j in other_index.get(key, ())}))
        out.append(EditStatus(side, i, block.line + 1 + i, *edit, status, partners))
    return tuple(out)
