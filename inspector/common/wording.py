"""The small phrases every page writes around a number or a file name, written once.

Contract (one page grammar, issue 15):

* :func:`plural`: a count and its noun that agree (``1 sentence``, ``2 sentences``,
  ``0 units``); an irregular plural is given (``plural(n, "match", "matches")``);
* :func:`of_total`: ``3 of 6 units``, ``1 of 1 unit`` -- the noun agrees with the
  total, which is what is counted;
* :func:`side_name`: a file named by its side (``gold sents.txt``), without saying the
  side twice when the name already does (pasted text is named ``gold (pasted)``);
* :func:`line_list`: the file lines of a unit's sentences, each line once
  (two sentences on line 7 are ``7``, not ``7, 7``).

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


def line_list(lines: Iterable[int], none: str = "–") -> str:
    """The lines in order, each once (``7`` for two sentences of line 7; ``3, 5``); ``none``
    when there is no line."""
    shown = [str(line) for line in dict.fromkeys(lines)]
    return ", ".join(shown) if shown else none
