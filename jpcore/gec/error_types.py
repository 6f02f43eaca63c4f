"""The error-type taxonomy of GEC results: operation and main type, categories, per-type P/R/F."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from jpcore.peers.errant_compare import f_score, group_categories

if TYPE_CHECKING:
    from jpcore.gec.result import GecResult

__all__ = ["TYPE_LEVELS", "TypeRow", "category_of", "type_parts", "type_table"]


class TypeRow(NamedTuple):
    """One row of a per-type table: counts of the chosen pairs and P, R, F (errant's rounding)."""

    name: str
    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f: float


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
