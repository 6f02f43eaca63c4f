"""M2 from a system's plain text: ``-orig SRC.txt -cor COR.txt`` -> hypothesis M2.

:func:`m2_from_text` reads the two line-parallel files
(:func:`jpcore.gec.parallel.read_parallel`), extracts each line's edits with
the chosen annotator and writes one M2 block per line, as errant's
``errant_parallel`` does: the ``S`` line is the original tokens joined by one
space, each edit is a canonical line from coder 0, and a line without edits
gets an explicit ``A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0``.

Annotators (:data:`ANNOTATORS`):

* ``rules`` (default, any language, no model): :func:`jpcore.gec.extract.extract_edits`;
  its types are coarse (:data:`RULES_NOTE`);
* ``errant`` (English, optional): :func:`jpcore.gec.errant_annotator.load_errant`,
  ERRANT's own edits and types where errant and a spaCy English pipeline are
  installed, else an :class:`~jpcore.gec.errant_annotator.AnnotatorUnavailable` error.

>>> from jpcore.formats.m2 import dumps_m2
>>> print(dumps_m2(m2_from_text(b"She go to school .\\nHello .\\n", b"She goes to school .\\nHello .\\n", "src.txt", "cor.txt")), end="")
S She go to school .
A 1 2|||R:OTHER|||goes|||REQUIRED|||-NONE-|||0
<BLANKLINE>
S Hello .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from jpcore.errors import InputError, show
from jpcore.formats.m2 import M2Document, block_from_edits, document_from_blocks
from jpcore.gec.edit import Edit
from jpcore.gec.extract import extract_edits
from jpcore.gec.options import ANNOTATORS  # defined there: the command line lists them without this module
from jpcore.gec.parallel import read_parallel

__all__ = ["ANNOTATORS", "NOOP_LINE", "RULES_NOTE", "annotator_note", "get_annotator", "m2_from_text"]

NOOP_LINE = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"
"""The edit line of a sentence without edits (as ``errant_parallel`` writes it)."""
RULES_NOTE = (
    "edit types are coarse: M/R/U with PUNCT, ORTH (case/space), SPELL, WO or OTHER, "
    "found without a tagger (ERRANT's part-of-speech types are all OTHER here)"
)
"""What the command line says when the ``rules`` annotator typed the edits."""

Annotator = Callable[[Sequence[str], Sequence[str]], list[Edit]]


def get_annotator(name: str) -> Annotator:
    """The annotator called ``name`` (``ValueError`` for an unknown name)."""
    if name == "rules":
        return extract_edits
    if name == "errant":
        return _errant()
    raise ValueError(f"unknown annotator {name!r}: expected one of {', '.join(ANNOTATORS)}")


@lru_cache(maxsize=1)
def _errant() -> Annotator:
    # Loading spaCy takes seconds: once per process.
    from jpcore.gec.errant_annotator import load_errant

    return load_errant()


def annotator_note(name: str) -> str:
    """One line saying how the edits were typed (for stderr / the report).

    >>> annotator_note("rules") == RULES_NOTE
    True
    """
    if name == "errant":
        model = getattr(_errant(), "model", "?")
        return f"edit types by errant 3.0.2 with the spaCy pipeline {model} (ERRANT's English types)"
    get_annotator(name)
    return RULES_NOTE


def m2_from_text(
    orig_bytes: bytes | str, cor_bytes: bytes | str, orig_name: str, cor_name: str, annotator: str = "rules"
) -> M2Document:
    """The hypothesis M2 document (named ``cor_name``) of two line-parallel text files.

    Bad input (undecodable bytes, an empty file, uneven line counts, an empty
    original line, a corrected token holding M2's field separator ``|||``)
    raises :class:`~jpcore.errors.InputError` naming the file (both, for
    uneven files) and the line.
    """
    annotate = get_annotator(annotator)
    pairs = read_parallel(orig_bytes, cor_bytes, orig_name, cor_name)
    blocks = []
    for index, pair in enumerate(pairs):
        for token in pair.cor:
            if "|||" in token:
                raise InputError(cor_name, pair.line, "tokens without '|||' (the M2 field separator)", show(token, 40))
        edits = annotate(pair.orig, pair.cor)
        lines = [edit.to_m2() for edit in edits] or [NOOP_LINE]
        blocks.append(block_from_edits(" ".join(pair.orig), lines, index))
    return document_from_blocks(cor_name, blocks)
