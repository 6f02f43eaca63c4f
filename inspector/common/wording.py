"""The small phrases every page writes around a number or a file name, written once.

Contract (one page grammar, issue 15):

* :func:`plural`: a count and its noun that agree (``1 sentence``, ``2 sentences``,
  ``0 units``); an irregular plural is given (``plural(n, "match", "matches")``);
* :func:`of_total`: ``3 of 6 units``, ``1 of 1 unit`` -- the noun agrees with the
  total, which is what is counted;
* :func:`side_name`: a file named by its side (``gold sents.txt``), without saying the
  side twice when the name already does (pasted text is named ``gold (pasted)``);
* :func:`line_list`: the file lines of a unit's sentences, each line once
  (two sentences on line 7 are ``7``, not ``7, 7``);
* :func:`sentence_mark` and :func:`sentence_names`: one numbering of a file's
  sentences on every page, ``§`` and the sentence's place in its file from 1
  (``gold sentence §3``, ``system sentences §2–§3``); a unit's lines are said
  beside them only where the file has lines (:data:`LINELESS_FORMATS`);
* :func:`short_header`: a table's long header as its grid shows it (``Tok. TP`` for
  ``Tokens TP``; the full name stays the frame's, the CSV's and the tooltip's).

Everything returned is plain text: the caller escapes it for Markdown or HTML.
"""

from __future__ import annotations

from collections.abc import Iterable

#: The names pasted text goes by (the loaders' and the Teaching page's).
PASTED_NAMES = {"gold": "gold (pasted)", "system": "system (pasted)", "raw": "raw text (pasted)"}


def plural(n: int, noun: str, plural_form: str | None = None, *, grouped: bool = False) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1 (``plural_form``, else ``noun + "s"``);
    ``grouped`` writes thousands with commas (``36,520 units``)."""
    number = f"{n:,}" if grouped else str(n)
    return f"{number} {noun if n == 1 else plural_form or noun + 's'}"


def of_total(shown: int, total: int, noun: str, plural_form: str | None = None, *,
             grouped: bool = False) -> str:
    """``shown of total noun``, the noun agreeing with ``total`` (``1 of 1 unit``)."""
    number = f"{shown:,}" if grouped else str(shown)
    return f"{number} of {plural(total, noun, plural_form, grouped=grouped)}"


def side_name(side: str, name: str) -> str:
    """``side name`` (``gold sents.txt``), or ``name`` alone when it already begins with
    the side's word as pasted text's name does (``gold (pasted)``, never ``gold gold (pasted)``)."""
    if name in PASTED_NAMES.values() and name.startswith(f"{side} "):
        return name
    return f"{side} {name}"


#: What a table cell without a value shows (never "None").
NO_VALUE = "–"


#: Formats whose sentences have no file line of their own: a tokenizer's output made from
#: raw text (its "line" is where the sentence starts in the raw text, 1 for a paragraph).
LINELESS_FORMATS = frozenset({"tokenizer output"})

#: How a side is named in front of its sentences.
SIDE_WORDS = {"gold": "gold", "sys": "system", "system": "system"}


def sentence_mark(index: int) -> str:
    """Sentence ``index`` (from 0, as the result holds it) as every page names it: ``§`` and
    its place in its file from 1 (``sentence_mark(0)`` is ``§1``)."""
    return f"§{index + 1}"


def sentence_range(start: int, end: int) -> str:
    """Sentences ``start:end`` (from 0, end excluded) as marks: ``§3``, ``§3–§4``; ``–`` for none."""
    if end <= start:
        return NO_VALUE
    if end - start == 1:
        return sentence_mark(start)
    return f"{sentence_mark(start)}–{sentence_mark(end - 1)}"


def sentence_marks(indices: Iterable[int]) -> str:
    """Sentences by their indices (from 0, in order) as marks: ``§2–§3`` for consecutive
    ones, ``§2, §5`` otherwise, ``–`` for none."""
    indices = list(indices)
    if indices and indices == list(range(indices[0], indices[-1] + 1)):
        return sentence_range(indices[0], indices[-1] + 1)
    return ", ".join(sentence_mark(index) for index in indices) or NO_VALUE


def sentence_names(side: str, start: int, end: int) -> str:
    """The sentences ``start:end`` of ``side`` (``gold`` or ``sys``) named in full:
    ``gold sentence §3``, ``system sentences §2–§3``, ``no system sentence``."""
    word = SIDE_WORDS.get(side, side)
    if end <= start:
        return f"no {word} sentence"
    noun = "sentence" if end - start == 1 else "sentences"
    return f"{word} {noun} {sentence_range(start, end)}"


def line_list(lines: Iterable[int], none: str = "–") -> str:
    """The lines in order, each once (``7`` for two sentences of line 7; ``3, 5``); ``none``
    when there is no line."""
    shown = [str(line) for line in dict.fromkeys(lines)]
    return ", ".join(shown) if shown else none


#: The long words of tables' headers and how a grid shortens them (the full name on hover, in
#: the CSV and the frame), so that the columns fit their box (issue 25 item 12).
SHORTER = (("Sentences ", "Sent. "), ("Tokens ", "Tok. "))


def short_header(name: str) -> str:
    """``name`` with its first word shortened by :data:`SHORTER` (``Tokens FP`` -> ``Tok. FP``;
    ``Words FP`` stays)."""
    for long, short in SHORTER:
        if name.startswith(long):
            return short + name[len(long):]
    return name
