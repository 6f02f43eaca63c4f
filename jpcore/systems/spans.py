"""Where each token of a tokenizer came from in the raw text.

Tokenizers of the Treebank family rewrite double quotes (``"`` becomes
````` or ``''``), so a token is not always a substring of the text.
:func:`token_spans` walks the text once, left to right: it skips whitespace,
then takes the token at that position, or -- for a rewritten quote token --
any of the quote spellings nltk produces it from (:data:`QUOTE_SOURCES`).
If neither is at the position (a tokenizer dropped characters), the nearest
later occurrence is taken.

>>> token_spans('He said "hi".', ["He", "said", "``", "hi", "''", "."])
[(0, 2), (3, 7), (8, 9), (9, 11), (11, 12), (12, 13)]
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.formats.spaces import WHITESPACE

#: The spellings in the raw text that nltk writes as each quote token.
QUOTE_SOURCES: dict[str, tuple[str, ...]] = {
    "``": ("``", '"', "''", "“", "„"),
    "''": ("''", '"', "``", "”"),
    '"': ('"', "``", "''"),
}

_SPACES = frozenset(WHITESPACE)


class SpanError(ValueError):
    """A token could not be found in the text after the previous one."""


def _candidates(token: str) -> tuple[str, ...]:
    return QUOTE_SOURCES.get(token, (token,))


def token_spans(text: str, tokens: Sequence[str], start: int = 0) -> list[tuple[int, int]]:
    """``[start, end)`` in ``text`` of each token, in order, from ``start`` on.

    Raises :class:`SpanError` when a token does not occur after the previous one.
    """
    spans: list[tuple[int, int]] = []
    position = start
    n = len(text)
    for token in tokens:
        while position < n and text[position] in _SPACES:
            position += 1
        candidates = _candidates(token)
        found = next((c for c in candidates if text.startswith(c, position)), None)
        if found is not None:
            spans.append((position, position + len(found)))
            position += len(found)
            continue
        best: tuple[int, int] | None = None
        for candidate in candidates:
            index = text.find(candidate, position)
            if index >= 0 and (best is None or index < best[0]):
                best = (index, index + len(candidate))
        if best is None:
            raise SpanError(f"token {token!r} not found in the text after offset {position}")
        spans.append(best)
        position = best[1]
    return spans
