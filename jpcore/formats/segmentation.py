"""Plain data for a segmented text: sentences of tokens with line numbers.

Readers of tokenized text and CoNLL-U return a :class:`Segmentation`; the
alignment and scoring code never sees file syntax.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Sentence:
    """One sentence as read: its tokens (original characters) and where it was.

    ``line`` is the 1-based line of the sentence (tokenized text) or of its
    first token (CoNLL-U); ``token_lines`` gives each token's line when the
    format has one line per token.  ``text``, ``sent_id``, ``newdoc`` and
    ``newpar`` are kept from CoNLL-U comments for display.  ``multiword``
    (CoNLL-U read at the ``words`` level) lists the multiword tokens as
    ``(first, end, form)``: ``tokens[first:end]`` are the words of the
    surface token ``form`` (``None``: the sentence has none).
    """

    tokens: list[str]
    line: int
    token_lines: list[int] | None = None
    text: str | None = None
    sent_id: str | None = None
    newdoc: bool = False
    newpar: bool = False
    multiword: list[tuple[int, int, str]] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict; ``None``/``False`` fields are left out
        (``multiword`` as ``[[first, end, form], ...]``)."""
        out: dict[str, Any] = {"tokens": self.tokens, "line": self.line}
        for name in ("token_lines", "text", "sent_id"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.newdoc:
            out["newdoc"] = True
        if self.newpar:
            out["newpar"] = True
        if self.multiword:
            out["multiword"] = [list(entry) for entry in self.multiword]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sentence:
        """Inverse of :meth:`to_dict`."""
        return cls(
            tokens=list(data["tokens"]),
            line=data["line"],
            token_lines=data.get("token_lines"),
            text=data.get("text"),
            sent_id=data.get("sent_id"),
            newdoc=data.get("newdoc", False),
            newpar=data.get("newpar", False),
            multiword=_multiword_from(data.get("multiword"), len(data["tokens"])),
        )


def _multiword_from(data: Any, n_tokens: int) -> list[tuple[int, int, str]] | None:
    """``Sentence.multiword`` from its JSON form (``ValueError`` if malformed)."""
    if data is None:
        return None
    out = []
    previous_end = 0
    for entry in data:
        if not (isinstance(entry, list) and len(entry) == 3 and all(type(x) is int for x in entry[:2])
                and isinstance(entry[2], str) and previous_end <= entry[0] < entry[1] <= n_tokens):
            raise ValueError(f"\"multiword\" must hold [first, end, form] word ranges in order, not {entry!r:.60}")
        previous_end = entry[1]
        out.append((entry[0], entry[1], entry[2]))
    return out


@dataclass(slots=True)
class Segmentation:
    """A whole file: its name, format, token level and sentences."""

    name: str
    format: str
    level: str
    sentences: list[Sentence] = field(default_factory=list)

    @property
    def n_tokens(self) -> int:
        """Total number of tokens."""
        return sum(len(s.tokens) for s in self.sentences)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "name": self.name,
            "format": self.format,
            "level": self.level,
            "sentences": [s.to_dict() for s in self.sentences],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Segmentation:
        """Inverse of :meth:`to_dict`."""
        return cls(
            name=data["name"],
            format=data["format"],
            level=data["level"],
            sentences=[Sentence.from_dict(s) for s in data["sentences"]],
        )
