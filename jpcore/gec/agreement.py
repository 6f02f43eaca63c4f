"""How well an annotator recovers gold edits from text alone (span-level agreement).

For every sentence of a gold M2 file and every annotator (coder) in it, the
corrected sentence is rebuilt by applying that coder's edits to the ``S``
tokens (:func:`jpcore.gec.edit.apply_edits`); the annotator under test then
extracts edits from the original and the rebuilt sentence, and the two edit
sets are compared on ``(start, end, correction)`` (the correction's tokens,
so spacing inside a correction does not matter), as multisets:

* ``tp`` = extracted edits that are gold edits, ``fp`` = the other extracted
  edits, ``fn`` = the other gold edits; P = tp / (tp + fp), R = tp / (tp + fn),
  F1 (each 1.0 when its denominator is 0, as errant_compare does);
* ``same_type`` = matched edits whose types agree once both are
  :func:`coarse_type`'d: the coarse classes are all that text alone can
  tell, so gold types are mapped onto them (ERRANT's ``R:VERB:SVA`` ->
  ``R:OTHER``; UA-GEC's ``Punctuation``/``Spelling`` -> ``PUNCT``/``SPELL``,
  every other UA-GEC type -> ``OTHER``, the operation from the span);
  ``same_full_type`` = matched edits whose type strings are equal (meaningful
  only when both use ERRANT's inventory).

Not counted, and reported: ``invisible`` gold edits, whose correction equals
the original tokens (``UNK`` edits, no-change edits): no text-based
extractor can see them; noop lines (``-1 -1``) are no edits.  A coder whose
edits overlap (they cannot be applied) is skipped and counted in
``skipped``; a coder is counted in ``sentences``.

>>> from jpcore.formats.m2 import parse_m2
>>> gold = parse_m2("S She go to school every days .\\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\\n"
...                 "A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0\\n")
>>> from jpcore.gec.extract import extract_edits
>>> agreement(gold, extract_edits)[None]
Agreement(sentences=1, gold=2, sys=2, tp=2, same_type=2, same_full_type=0, invisible=0, skipped=0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

from jpcore.formats.m2 import M2Document
from jpcore.gec.classify import operation
from jpcore.gec.edit import Edit, apply_edits

__all__ = ["Agreement", "agreement", "coarse_type"]

Annotator = Callable[[Sequence[str], Sequence[str]], list[Edit]]

COARSE_CLASSES = ("PUNCT", "ORTH", "SPELL", "WO")
"""ERRANT classes kept by :func:`coarse_type`; every other class is ``OTHER``."""
UAGEC_CLASSES = {"Punctuation": "PUNCT", "Spelling": "SPELL"}
"""UA-GEC types that have a coarse class; every other UA-GEC type is ``OTHER``."""


def coarse_type(type: str, orig: Sequence[str], cor: Sequence[str]) -> str:
    """``type`` reduced to the rule annotator's inventory (``OP:CLASS``).

    >>> coarse_type("R:VERB:SVA", ["go"], ["goes"]), coarse_type("M:PUNCT", [], [","])
    ('R:OTHER', 'M:PUNCT')
    >>> coarse_type("Spelling", ["в"], ["у"]), coarse_type("G/Case", ["мені"], ["мене"]), coarse_type("Punctuation", [], [","])
    ('R:SPELL', 'R:OTHER', 'M:PUNCT')
    """
    if len(type) >= 2 and type[0] in "MRU" and type[1] == ":":
        rest = type[2:]
        return f"{type[0]}:{rest if rest in COARSE_CLASSES else 'OTHER'}"
    return f"{operation(orig, cor)}:{UAGEC_CLASSES.get(type, 'OTHER')}"


class Agreement(NamedTuple):
    """Counts of one comparison (see the module docstring)."""

    sentences: int
    gold: int
    sys: int
    tp: int
    same_type: int
    same_full_type: int
    invisible: int
    skipped: int

    @property
    def fp(self) -> int:
        return self.sys - self.tp

    @property
    def fn(self) -> int:
        return self.gold - self.tp

    @property
    def precision(self) -> float:
        return self.tp / self.sys if self.sys else 1.0

    @property
    def recall(self) -> float:
        return self.tp / self.gold if self.gold else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def type_agreement(self) -> float:
        """Share of matched edits whose coarse types agree (1.0 without matches)."""
        return self.same_type / self.tp if self.tp else 1.0

    def __add__(self, other: object) -> Agreement:  # type: ignore[override]
        if not isinstance(other, Agreement):
            return NotImplemented
        return Agreement(*(a + b for a, b in zip(self, other)))


ZERO = Agreement(0, 0, 0, 0, 0, 0, 0, 0)

Key = tuple[int, int, tuple[str, ...]]


def agreement(gold: M2Document, annotate: Annotator) -> dict[int | None, Agreement]:
    """Agreement per gold coder id, and over all coders under the key ``None``."""
    per_coder: dict[int | None, Agreement] = {}
    for block in gold:
        tokens = block.tokens
        # A block without edit lines is coder 0 saying "nothing to correct".
        by_coder: dict[int, list] = {} if block.edits else {0: []}
        for edit in block.edits:
            by_coder.setdefault(edit.coder, [])
            if not edit.is_noop:
                by_coder[edit.coder].append(edit)
        for coder, edits in by_coder.items():
            per_coder[coder] = per_coder.get(coder, ZERO) + _sentence(tokens, edits, annotate)
    if not per_coder:
        return {None: ZERO}
    total = ZERO
    for counts in per_coder.values():
        total = total + counts
    per_coder[None] = total
    return per_coder


def _sentence(tokens: list[str], edits: list, annotate: Annotator) -> Agreement:
    changes = [(edit.start, edit.end, edit.cor.split()) for edit in edits]
    try:
        corrected = apply_edits(tokens, changes)
    except ValueError:
        return Agreement(1, 0, 0, 0, 0, 0, 0, 1)
    gold_types: dict[Key, list[str]] = {}
    invisible = 0
    for edit, (start, end, cor) in zip(edits, changes):
        if tokens[start:end] == cor:
            invisible += 1
            continue
        gold_types.setdefault((start, end, tuple(cor)), []).append(edit.type)
    sys_types: dict[Key, list[str]] = {}
    for edit in annotate(tokens, corrected):
        sys_types.setdefault((edit.o_start, edit.o_end, edit.cor), []).append(edit.type)
    gold_count = sum(len(types) for types in gold_types.values())
    sys_count = sum(len(types) for types in sys_types.values())
    tp = same_type = same_full = 0
    for key, sys_list in sys_types.items():
        gold_list = gold_types.get(key)
        if not gold_list:
            continue
        start, end, cor = key
        orig = tokens[start:end]
        for gold_type, sys_type in zip(gold_list, sys_list):
            tp += 1
            same_type += coarse_type(gold_type, orig, cor) == coarse_type(sys_type, orig, cor)
            same_full += gold_type == sys_type
    return Agreement(1, gold_count, sys_count, tp, same_type, same_full, invisible, 0)
