"""The errant-exact scorer: errant_compare 3.0.2 reimplemented (spec gec.md §1).

:func:`score` compares a hypothesis M2 document with a reference M2 document
that has the same number of blocks and returns an :class:`ErrantResult`: per
sentence the (hyp coder, ref coder) pair errant_compare chooses, every pair it
considered, the chosen pair's per-type counts, and the corpus totals.  Every
edit's status (TP / FP / FN / noop / filtered / other coder, with its matched
partners) is derived on demand by :meth:`ErrantResult.edit_statuses`.

Rendering is separate (:func:`render_report`, :func:`render_verbose`,
:func:`render_output`): they read only the result and produce
errant_compare's text byte for byte.

The rules, in errant's words and order:

* keys per block and coder: coders registered in first-appearance order
  before filtering; a block without edit lines is ``-1 -1 noop -NONE-`` from
  coder 0; filters: ``UNK`` dropped in correction modes, ``-single``,
  ``-multi``, ``-filt``; key by mode (``cs`` start, end, cor; ``cse`` start,
  end, type, cor; ``ds`` start, end; ``dt`` one key per token, an insertion
  keyed on the token to its right, noop kept as (-1, -1)); each key maps to
  the list of types that produced it;
* counting one pair: a hyp key (first type not ``noop``) found in the ref
  gives one TP per *ref* type, otherwise one FP per hyp type; a ref key
  (first type not ``noop``) absent from the hyp gives one FN per ref type;
* choosing per sentence: the pair with the highest F of running totals plus
  this sentence (P, R, F each ``round(x, 4)``), ties broken by higher TP,
  lower FP, lower FN; full ties keep the first pair.

No spaCy, no errant import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from jpcore.errors import InputError
from jpcore.formats.m2 import NOOP_TYPE, M2Block, M2Document, M2Edit, parse_m2
from jpcore.runtime import gc_paused

__all__ = [
    "MODES",
    "TITLES",
    "BlockCountError",
    "Candidate",
    "EditStatus",
    "ErrantOptions",
    "ErrantResult",
    "SentenceScore",
    "coder_keys",
    "compare_keys",
    "edit_keys",
    "f_score",
    "group_categories",
    "passes_filters",
    "render_output",
    "render_report",
    "render_verbose",
    "score",
]

MODES = ("cs", "cse", "ds", "dt")
"""span correction (default), span correction + type, span detection, token detection."""

TITLES = {
    "cs": " Span-Based Correction ",
    "cse": " Span-Based Correction + Classification ",
    "ds": " Span-Based Detection ",
    "dt": " Token-Based Detection ",
}

Key = tuple  # (start, end, cor) | (start, end, type, cor) | (start, end)
Keys = dict[Any, list[str]]  # key -> the types of the edits that produced it
CoderKeys = dict[int, Keys]  # coder id -> its keys, coders in first-appearance order

_IMPLICIT_NOOP = (M2Edit(-1, -1, NOOP_TYPE, "-NONE-", 0),)

# Edit statuses (per edit, for the chosen pair).
TP, FP, FN = "TP", "FP", "FN"
NOOP = "noop"  # a key whose first type is noop: errant skips it
FILTERED = "filtered"  # dropped by UNK / -single / -multi / -filt
OTHER = "other"  # an edit of a coder that was not chosen for this sentence
PARTIAL = "partial"  # -dt: some of the edit's tokens matched, some did not
UNSCORED = "unscored"  # counted nowhere (e.g. an empty -dt span, a ref key matched by a hyp noop)


# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class ErrantOptions:
    """errant_compare's flags.  ``cat`` and ``verbose`` only affect rendering."""

    beta: float = 0.5
    mode: str = "cs"
    single: bool = False
    multi: bool = False
    filt: tuple[str, ...] = ()
    cat: int | None = None
    verbose: bool = False

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        if self.cat not in (None, 1, 2, 3):
            raise ValueError(f"cat must be 1, 2, 3 or None, not {self.cat!r}")
        object.__setattr__(self, "beta", float(self.beta))
        object.__setattr__(self, "filt", tuple(self.filt))

    @property
    def f_label(self) -> str:
        """errant's F column label: ``"F" + str(beta)`` (``F0.5``, ``F1.0``)."""
        return "F" + str(self.beta)

    @property
    def title(self) -> str:
        """The report title for the mode."""
        return TITLES[self.mode]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        return {
            "beta": self.beta, "mode": self.mode, "single": self.single, "multi": self.multi,
            "filt": list(self.filt), "cat": self.cat, "verbose": self.verbose,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ErrantOptions:
        """Inverse of :meth:`to_dict`."""
        return cls(
            beta=data["beta"], mode=data["mode"], single=data["single"], multi=data["multi"],
            filt=tuple(data["filt"]), cat=data["cat"], verbose=data["verbose"],
        )


# ---------------------------------------------------------------- keys and counts


def f_score(tp: int, fp: int, fn: int, beta: float) -> tuple[float, float, float]:
    """errant's ``computeFScore``: P, R, F, each rounded to 4 places.

    >>> f_score(0, 0, 0, 0.5)
    (1.0, 1.0, 1.0)
    >>> f_score(0, 0, 3, 0.5)
    (1.0, 0.0, 0.0)
    """
    p = float(tp) / (tp + fp) if fp else 1.0
    r = float(tp) / (tp + fn) if fn else 1.0
    f = 0.0
    if p + r:
        denominator = ((beta**2) * p) + r
        if denominator:  # only beta 0 with R 0 (errant raises ZeroDivisionError there)
            f = float((1 + (beta**2)) * p * r) / denominator
    return round(p, 4), round(r, 4), round(f, 4)


def passes_filters(edit: M2Edit, options: ErrantOptions) -> bool:
    """False if errant drops the edit: UNK in correction modes, ``-single``, ``-multi``, ``-filt``."""
    start, end, etype, cor, _ = edit
    if etype == "UNK" and options.mode != "dt" and options.mode != "ds":
        return False
    if options.single and (end - start >= 2 or len(cor.split()) >= 2):
        return False
    if options.multi and end - start < 2 and len(cor.split()) < 2:
        return False
    return not (options.filt and etype in options.filt)


def edit_keys(edit: M2Edit, options: ErrantOptions) -> list[Key]:
    """The keys one edit contributes under ``options`` (``[]`` if filtered out)."""
    if not passes_filters(edit, options):
        return []
    start, end, etype, cor, _ = edit
    mode = options.mode
    if mode == "cs":
        return [(start, end, cor)]
    if mode == "cse":
        return [(start, end, etype, cor)]
    if mode == "ds":
        return [(start, end)]
    if start == -1:
        return [(start, start)]
    if start == end and start >= 0:
        return [(start, start + 1)]
    return [(tok, tok + 1) for tok in range(start, end)]


def coder_keys(edits: Sequence[M2Edit], options: ErrantOptions) -> CoderKeys:
    """errant's ``process_edits``: coder -> key -> types, for one block's edits."""
    if not edits:
        edits = _IMPLICIT_NOOP
    if options.mode == "cs" and not (options.single or options.multi or options.filt):
        return _coder_keys_cs(edits)
    coders: CoderKeys = {}
    for edit in edits:
        keys = coders.get(edit[4])
        if keys is None:
            keys = coders[edit[4]] = {}
        etype = edit[2]
        for key in edit_keys(edit, options):
            types = keys.get(key)
            if types is None:
                keys[key] = [etype]
            else:
                types.append(etype)
    return coders


def _coder_keys_cs(edits: Sequence[M2Edit]) -> CoderKeys:
    """:func:`coder_keys` for the default mode without filters (the hot path)."""
    coders: CoderKeys = {}
    for start, end, etype, cor, coder in edits:
        keys = coders.get(coder)
        if keys is None:
            keys = coders[coder] = {}
        if etype == "UNK":
            continue
        key = (start, end, cor)
        types = keys.get(key)
        if types is None:
            keys[key] = [etype]
        else:
            types.append(etype)
    return coders


def _keys_of_one_coder(edits: Sequence[M2Edit]) -> Keys | None:
    """:func:`_coder_keys_cs`'s keys when every edit has the same coder, else ``None``."""
    coder = edits[0][4]
    keys: Keys = {}
    for start, end, etype, cor, edit_coder in edits:
        if edit_coder != coder:
            return None
        if etype == "UNK":
            continue
        key = (start, end, cor)
        types = keys.get(key)
        if types is None:
            keys[key] = [etype]
        else:
            types.append(etype)
    return keys


def compare_keys(hyp_keys: Keys, ref_keys: Keys) -> tuple[int, int, int, dict[str, list[int]]]:
    """errant's ``compareEdits``: TP, FP, FN and type -> [TP, FP, FN] (first-seen order)."""
    tp = fp = fn = 0
    cats: dict[str, list[int]] = {}
    for key, hyp_types in hyp_keys.items():
        if hyp_types[0] == NOOP_TYPE:
            continue
        ref_types = ref_keys.get(key)
        if ref_types is not None:
            for etype in ref_types:  # TP credited to the reference's types
                tp += 1
                counts = cats.get(etype)
                if counts is None:
                    cats[etype] = [1, 0, 0]
                else:
                    counts[0] += 1
        else:
            for etype in hyp_types:
                fp += 1
                counts = cats.get(etype)
                if counts is None:
                    cats[etype] = [0, 1, 0]
                else:
                    counts[1] += 1
    for key, ref_types in ref_keys.items():
        if ref_types[0] == NOOP_TYPE or key in hyp_keys:
            continue
        for etype in ref_types:
            fn += 1
            counts = cats.get(etype)
            if counts is None:
                cats[etype] = [0, 0, 1]
            else:
                counts[2] += 1
    return tp, fp, fn, cats


# ---------------------------------------------------------------- result objects


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


# ---------------------------------------------------------------- scoring


class BlockCountError(InputError):
    """The two files have different numbers of blocks (errant only asserts)."""

    def __init__(self, hyp: M2Document, ref: M2Document) -> None:
        self.hyp_count = len(hyp.blocks)
        self.ref_count = len(ref.blocks)
        super().__init__(
            ref.name, None, f"{self.hyp_count} blocks like the hypothesis {hyp.name}",
            f"{self.ref_count} (sentence counts differ)",
        )


def _compare_one(hyp_edit: M2Edit, ref_edit: M2Edit) -> tuple[int, int, int, dict[str, list[int]]]:
    """:func:`compare_keys` of two blocks of one edit line each (mode ``cs``, no
    filter), without building the keys: ``UNK`` makes no key, a noop counts nothing."""
    hyp_start, hyp_end, hyp_type, hyp_cor, _ = hyp_edit
    ref_start, ref_end, ref_type, ref_cor, _ = ref_edit
    same = hyp_type != "UNK" and hyp_start == ref_start and hyp_end == ref_end and hyp_cor == ref_cor
    if hyp_type == NOOP_TYPE or hyp_type == "UNK":
        if ref_type == NOOP_TYPE or ref_type == "UNK" or same:
            return 0, 0, 0, {}
        return 0, 0, 1, {ref_type: [0, 0, 1]}
    if same and ref_type != "UNK":
        return 1, 0, 0, {ref_type: [1, 0, 0]}
    if ref_type == NOOP_TYPE or ref_type == "UNK" or same:
        return 0, 1, 0, {hyp_type: [0, 1, 0]}
    if ref_type == hyp_type:
        return 0, 1, 1, {hyp_type: [0, 1, 1]}
    return 0, 1, 1, {hyp_type: [0, 1, 0], ref_type: [0, 0, 1]}


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


# ---------------------------------------------------------------- categories


def group_categories(cats: dict[str, list[int]], level: int) -> dict[str, list[int]]:
    """errant's ``process_cats``: ``-cat 1`` first character, ``2`` all but the first two, ``3`` as is.

    ``UNK`` is never regrouped (and, as in errant, replaces rather than adds
    to a group of the same name).
    """
    if level == 3:
        return cats
    grouped: dict[str, list[int]] = {}
    for name, counts in cats.items():
        if name == "UNK":
            grouped[name] = counts
            continue
        group = name[:1] if level == 1 else name[2:]
        if group in grouped:
            grouped[group] = [x + y for x, y in zip(grouped[group], counts)]
        else:
            grouped[group] = counts
    return grouped


# ---------------------------------------------------------------- rendering


def render_report(result: ErrantResult, cat: int | None = None) -> str:
    """errant_compare's report (``print_results``), byte for byte."""
    options = result.options
    cat = cat if cat is not None else options.cat
    title = options.title
    f_label = options.f_label
    lines: list[str] = []
    if cat:
        lines.append("")
        lines.append(f"{title:=^66}")
        lines.append(" ".join([
            "Category".ljust(14), "TP".ljust(8), "FP".ljust(8), "FN".ljust(8), "P".ljust(8), "R".ljust(8), f_label,
        ]))
        for name, tp, fp, fn, p, r, f in result.category_rows(cat):
            lines.append(" ".join([
                name.ljust(14), str(tp).ljust(8), str(fp).ljust(8), str(fn).ljust(8),
                str(p).ljust(8), str(r).ljust(8), str(f),
            ]))
    p, r, f = result.prf
    lines.append("")
    lines.append(f"{title:=^46}")
    lines.append("\t".join(["TP", "FP", "FN", "Prec", "Rec", f_label]))
    lines.append("\t".join(map(str, [result.tp, result.fp, result.fn, p, r, f])))
    lines.append("=" * 46)
    lines.append("")
    return "\n".join(lines) + "\n"


def render_verbose(result: ErrantResult) -> str:
    """errant_compare's ``-v`` per-sentence output (everything before the report)."""
    options = result.options
    beta = options.beta
    f_label = options.f_label
    rule = "-" * 40
    out: list[str] = []
    run_tp = run_fp = run_fn = 0
    for sent in result.sentences:
        sid = str(sent.index)
        out.append(rule)
        out.append("Original sentence " + sid + ": " + sent.hyp_block.text[2:].split("\nA")[0])
        hyp_coders = coder_keys(sent.hyp_block.edits, options)
        ref_coders = coder_keys(sent.ref_block.edits, options)
        for cand in sent.candidates:
            hyp_verb = _verbose_edits(hyp_coders[cand.hyp_coder])
            ref_verb = _verbose_edits(ref_coders[cand.ref_coder])
            local_p, local_r, local_f = f_score(cand.tp, cand.fp, cand.fn, beta)
            g_tp, g_fp, g_fn = cand.tp + run_tp, cand.fp + run_fp, cand.fn + run_fn
            p, r, f = f_score(g_tp, g_fp, g_fn, beta)
            out.append(rule)
            out.append(f"SENTENCE {sid} - HYP {cand.hyp_coder} - REF {cand.ref_coder}")
            out.append("HYPOTHESIS EDITS : " + str(hyp_verb))
            out.append("REFERENCE EDITS  : " + str(ref_verb))
            out.append(f"Local TP/FP/FN   : {cand.tp} {cand.fp} {cand.fn}")
            out.append(f"Local P/R/{f_label}  : {local_p} {local_r} {local_f}")
            out.append(f"Global TP/FP/FN  : {g_tp} {g_fp} {g_fn}")
            out.append(f"Global P/R/{f_label}  : {p} {r} {f}")
        out.append(rule)
        out.append(f"^^ HYP {sent.hyp_coder}, REF {sent.ref_coder} chosen for sentence {sid}")
        out.append("Local results:")
        out.extend(_table([["Category", "TP", "FP", "FN"]] + [[k, *v] for k, v in sent.cats.items()]))
        run_tp += sent.tp
        run_fp += sent.fp
        run_fn += sent.fn
    return "\n".join(out) + "\n" if out else ""


def render_output(result: ErrantResult) -> str:
    """The whole of errant_compare's standard output for the result's options."""
    text = render_report(result)
    return render_verbose(result) + text if result.options.verbose else text


def _verbose_edits(keys: Keys) -> list[tuple]:
    """Sorted keys, each with its first type appended; ``[]`` if the first is a noop."""
    verb = [key + (keys[key][0],) for key in sorted(keys)]
    if not verb or verb[0][0] == -1:
        return []
    return verb


def _table(rows: list[list[Any]]) -> list[str]:
    """errant's ``print_table``: right-aligned columns, width = longest cell + 3."""
    widths = [max(len(str(row[i])) for row in rows) + 3 for i in range(len(rows[0]))]
    return ["".join(str(cell).rjust(width) for cell, width in zip(row, widths)) for row in rows]
