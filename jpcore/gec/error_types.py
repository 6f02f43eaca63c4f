"""The error-type taxonomy of GEC results: operation and main type, categories, per-type P/R/F.

It stands on errant's scores alone (:class:`~jpcore.peers.errant_compare.ErrantResult`,
the floor below): :class:`~jpcore.gec.result.GecResult` uses it, it never imports the
result; :func:`type_table` takes the scores, or any result that holds them as ``.errant``.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from jpcore.peers.errant_compare import ErrantResult, f_score, group_categories

__all__ = ["TYPE_LEVELS", "HoldsScores", "TypeRow", "category_of", "type_parts", "type_table"]


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


class HoldsScores(Protocol):
    """A result that holds errant's scores of its aligned files (a ``GecResult``)."""

    @property
    def errant(self) -> ErrantResult: ...


def type_table(result: ErrantResult | HoldsScores, by: str = "type") -> list[TypeRow]:
    """Per-category P/R/F of the chosen pairs, rows in Python string order.

    ``result`` is errant's scores, or a result that holds them as ``.errant``
    (a :class:`~jpcore.gec.result.GecResult`).

    ``by="type"``: full types (errant's ``-cat 3``); ``"main"``: main types
    of :func:`type_parts`; ``"operation"``: ERRANT's M/R/U (types without an
    operation keep their own name).  Counts are the scorer's; P, R and F use
    errant's rounding and the result's beta.  Raises ``ValueError`` for another ``by``.
    """
    if by not in TYPE_LEVELS:
        raise ValueError(f"by must be one of {TYPE_LEVELS}, not {by!r}")
    scores = result if isinstance(result, ErrantResult) else result.errant
    cats = scores.cats
    if by == "type":
        grouped = group_categories(cats, 3)
    else:
        grouped = {}
        for name, counts in cats.items():
            total = grouped.setdefault(category_of(name, by), [0, 0, 0])
            for i in range(3):
                total[i] += counts[i]
    beta = scores.options.beta
    return [TypeRow(name, c[0], c[1], c[2], *f_score(c[0], c[1], c[2], beta)) for name, c in sorted(grouped.items())]
