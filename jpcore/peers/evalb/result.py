"""EVALB legacy mode: the result objects (what one run printed, as data).

Contract: an :class:`EvalbResult` holds one :class:`EvalbRow` per line pair
(EVALB's row: length, status, bracket counts, crossing, tags), the stderr
messages (:class:`EvalbMessage`), whether MAX_ERROR ended the run, and the
parameters.  :class:`EvalbSummary` is the arithmetic of one summary block
(``-- All --`` or ``-- len<=N --``); alignment mode
(:mod:`jpcore.parseval`) builds its blocks from the same class, so the
two modes count and print their summaries identically.  Everything
serialises losslessly (``to_dict()`` / ``from_dict()``); recall, precision,
F-measure and the other rates are **percentages** (0-100) as EVALB prints
them, and an undefined F-measure (EVALB's ``-nan``) is ``None`` in JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jpcore.peers.evalb.params import EvalbParams
from jpcore.peers.evalb.summary import EvalbSummary

__all__ = ["SCORE_SCALE", "TOTAL_KEYS", "EvalbMessage", "EvalbResult", "EvalbRow", "EvalbSummary"]

#: How recall, precision and F1 are expressed in every parseval JSON.
SCORE_SCALE = "percent"
#: The keys of ``"totals"`` in every parseval JSON (DESIGN.md).
TOTAL_KEYS = ("matched", "gold", "test", "cross", "words", "correct_tags", "recall", "precision", "f1")


@dataclass


class EvalbRow:
    """One line pair: EVALB's row (ID = line number in both files)."""

    id: int
    length: int
    status: int
    matched: int = 0
    gold: int = 0
    test: int = 0
    cross: int = 0
    words: int = 0
    correct_tags: int = 0
    debug_before: str = ""  # DEBUG >= 2 text printed before the row
    debug_after: str = ""  # DEBUG >= 1 text printed after the row

    @property
    def recall(self) -> float:
        """Row recall in percent (0.0 when there are no gold brackets)."""
        return 0.0 if self.gold == 0 else 100.0 * self.matched / self.gold

    @property
    def precision(self) -> float:
        """Row precision in percent (0.0 when there are no test brackets)."""
        return 0.0 if self.test == 0 else 100.0 * self.matched / self.test

    @property
    def tag_accuracy(self) -> float:
        """Row tagging accuracy in percent (0.0 without words)."""
        return 0.0 if self.words == 0 else 100.0 * self.correct_tags / self.words

    def to_dict(self) -> dict:
        """Plain JSON-ready data (also names the gold/system lines the row holds)."""
        data = {
            "id": self.id,
            "gold_lines": [self.id],
            "sys_lines": [self.id],
            "length": self.length,
            "status": self.status,
            "matched": self.matched,
            "gold": self.gold,
            "test": self.test,
            "cross": self.cross,
            "words": self.words,
            "correct_tags": self.correct_tags,
            "recall": self.recall,
            "precision": self.precision,
            "tag_accuracy": self.tag_accuracy,
        }
        if self.debug_before:
            data["debug_before"] = self.debug_before
        if self.debug_after:
            data["debug_after"] = self.debug_after
        return data

    @classmethod
    def from_dict(cls, data: dict) -> EvalbRow:
        """Inverse of :meth:`to_dict`."""
        return cls(
            id=data["id"],
            length=data["length"],
            status=data["status"],
            matched=data["matched"],
            gold=data["gold"],
            test=data["test"],
            cross=data["cross"],
            words=data["words"],
            correct_tags=data["correct_tags"],
            debug_before=data.get("debug_before", ""),
            debug_after=data.get("debug_after", ""),
        )


@dataclass


class EvalbMessage:
    """One stderr message ``"LINE : TEXT"``, printed ``repeat`` times in a row."""

    line: int
    text: str  # ends in "\n"
    repeat: int = 1

    def render(self) -> str:
        """The message as EVALB prints it (once)."""
        return f"{self.line} : {self.text}"

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {"line": self.line, "text": self.text, "repeat": self.repeat}

    @classmethod
    def from_dict(cls, data: dict) -> EvalbMessage:
        """Inverse of :meth:`to_dict`."""
        return cls(data["line"], data["text"], data.get("repeat", 1))


@dataclass


class EvalbResult:
    """Everything one EVALB run printed, as data."""

    params: EvalbParams
    rows: list[EvalbRow] = field(default_factory=list)
    messages: list[EvalbMessage] = field(default_factory=list)
    aborted: bool = False  # MAX_ERROR exceeded: exit 1, no summary
    debug_tail: str = ""  # DEBUG text printed after the last row

    @property
    def exit_status(self) -> int:
        """EVALB's exit status: 1 when MAX_ERROR was exceeded, else 0."""
        return 1 if self.aborted else 0

    def summary(self) -> EvalbSummary:
        """The ``-- All --`` block."""
        block = EvalbSummary()
        for row in self.rows:
            block.add(row)
        return block

    def cutoff_summary(self) -> EvalbSummary:
        """The ``-- len<=CUTOFF --`` block (error and skip rows included)."""
        block = EvalbSummary()
        cut = self.params.cutoff_len
        for row in self.rows:
            if row.length <= cut:
                block.add(row)
        return block

    def to_dict(self) -> dict:
        """JSON-ready data; ``totals`` holds the headline counts (All block).

        ``score_scale`` is ``"percent"``: recall, precision, f1 and the rates
        are 0-100 as EVALB prints them (f1 ``None`` where EVALB prints -nan).
        """
        total = self.summary()
        totals = total.to_dict()
        return {
            "mode": "evalb",
            "params": self.params.to_dict(),
            "score_scale": SCORE_SCALE,
            "totals": {key: totals[key] for key in TOTAL_KEYS},
            "summary": {"all": totals, "cutoff": self.cutoff_summary().to_dict()},
            "groups": [row.to_dict() for row in self.rows],
            "messages": [message.to_dict() for message in self.messages],
            "aborted": self.aborted,
            "exit_status": self.exit_status,
            "debug_tail": self.debug_tail,
        }

    @classmethod
    def from_dict(cls, data: dict) -> EvalbResult:
        """Inverse of :meth:`to_dict` (the derived figures are recomputed)."""
        return cls(
            params=EvalbParams.from_dict(data["params"]),
            rows=[EvalbRow.from_dict(row) for row in data["groups"]],
            messages=[EvalbMessage.from_dict(m) for m in data["messages"]],
            aborted=data["aborted"],
            debug_tail=data.get("debug_tail", ""),
        )
