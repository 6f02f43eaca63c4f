"""EVALB legacy mode: the 2006 ``evalb.c`` reimplemented, byte for byte.

Contract: :func:`evaluate` takes the gold and system files as bytes plus
:class:`~jpcore.formats.prm.EvalbParams` and returns an :class:`EvalbResult`
(one row per line pair with its counts, EVALB's stderr messages, whether the
run was aborted, the exit status).  :func:`render_report` and
:func:`render_messages` turn a result into EVALB's exact stdout and stderr.
Nothing here aligns anything: lines are paired by number, as in EVALB.

Reading follows EVALB's own flat rules (spec §1), not a tree library: ``(``
opens a node whose label runs to the next whitespace or bracket; a label
followed by whitespace, a word and ``)`` is a terminal; a word followed by
anything else is "More than two elements in a bracket"; any stray character
is "Reading sentence", which EVALB repeats without advancing until MAX_ERROR
is exceeded (so it always ends the run with status 1, as here).  Bytes are
compared as bytes; whitespace is C ``isspace`` in the "C" locale.

Beyond EVALB's limits (byte-exactness is only claimed inside them):

* **Line length.**  EVALB reads lines with ``fgets(buff, 5000)``: a line of
  more than 4,999 bytes (newline included) is cut there, the rest is read as
  the next line, and the label reader runs past the end of its buffer
  (undefined behaviour; with gcc 12 it ends in "More than two elements in a
  bracket" and a run of "Reading sentence" errors, exit 1).  We read every
  line whole and score it like any other line.
* **Sentence size.**  EVALB has fixed arrays of 200 words, 200 brackets, 20
  quote terminals, 30-byte labels and 100-byte words and overruns them.  We
  have no such limits.
* **End of string inside a label or word** (a line ending in ``(X``,
  ``(X `` or ``(X w`` with no newline): EVALB reads past the string.  We treat
  the end of the line as a terminator: ``(X`` / ``(X `` open a bracket (the
  line is then unbalanced), ``(X w`` is "More than two elements in a bracket".
* **Surplus ``)``.**  EVALB then pops an empty stack and reads ``stack[-1]``,
  outside its array.  Built with gcc 12 on x86-64, the four ints below
  ``stack`` are alignment padding: zero at start, written by pushes made at a
  negative depth, never reset (not even between lines).  We emulate exactly
  that (so a surplus ``)`` with a fresh padding closes bracket 0 again, as
  EVALB does), keep EVALB's bookkeeping (the depth goes negative; a second
  surplus ``)`` in a row prints "Bracketing unbalance (too many close
  bracket)"; a non-zero final depth prints "Bracketing is unbalanced (too many
  open bracket)"), and ignore pops and pushes more than four below the stack
  (EVALB overwrites its own globals there).  Unclosed brackets keep end -1.
* **NUL bytes** end a line's text, as in C.
* **DEBUG output** (``DEBUG 1``/``-d``, ``DEBUG 2``/``-D``) is reproduced,
  including the excerpts of unclosed brackets, which EVALB takes up to an end
  position left over from an earlier line (kept per side, as EVALB does);
  where that position lies before the start EVALB crashes, we print the rest
  of the line.
"""

from __future__ import annotations

import gc
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from jpcore.formats.prm import EvalbParams

__all__ = [
    "EvalbMessage",
    "EvalbResult",
    "EvalbRow",
    "EvalbSummary",
    "evaluate",
    "iter_messages",
    "iter_report",
    "render_messages",
    "render_report",
    "render_row",
    "render_totals",
]

HEADER = (
    "  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
    " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
    "============================================================================\n"
)
RULE = "============================================================================\n"

# One regex covers every character of a line:
#   1 label [2 whitespace 3 word [4 ")"]]  |  5 ")"  |  whitespace  |  6 stray
_TOKEN = re.compile(rb"\(([^\s()]*)(?:(\s+)([^\s()]*)(\))?)?|(\))|\s+|([^\s()])")
_QUOTE_WORDS = frozenset((b"'", b'"', b"/"))


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")


def _raw(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------
# Result objects
# --------------------------------------------------------------------------


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
class EvalbSummary:
    """The counts behind one summary block (``-- All --`` or ``-- len<=N --``)."""

    sentences: int = 0
    errors: int = 0
    skipped: int = 0
    matched: int = 0
    gold: int = 0
    test: int = 0
    cross: int = 0
    words: int = 0
    correct_tags: int = 0
    complete: int = 0
    no_crossing: int = 0
    two_or_less_crossing: int = 0

    @property
    def valid(self) -> int:
        """Sentences with status 0."""
        return self.sentences - self.errors - self.skipped

    def add(self, row: EvalbRow) -> None:
        """Count one row as EVALB's ``individual_result`` does."""
        self.sentences += 1
        if row.status == 1:
            self.errors += 1
        elif row.status == 2:
            self.skipped += 1
        else:
            self.matched += row.matched
            self.gold += row.gold
            self.test += row.test
            if row.gold == row.test == row.matched:
                self.complete += 1
            self.words += row.words
            self.cross += row.cross
            if row.cross == 0:
                self.no_crossing += 1
            if row.cross <= 2:
                self.two_or_less_crossing += 1
            self.correct_tags += row.correct_tags

    @property
    def recall(self) -> float:
        return 100.0 * self.matched / self.gold if self.gold > 0 else 0.0

    @property
    def precision(self) -> float:
        return 100.0 * self.matched / self.test if self.test > 0 else 0.0

    @property
    def fmeasure(self) -> float:
        """2PR/(P+R) from unrounded values; NaN when both are 0 (EVALB: -nan)."""
        p, r = self.precision, self.recall
        return math.nan if p + r == 0 else 2 * p * r / (p + r)

    @property
    def complete_match(self) -> float:
        return 100.0 * self.complete / self.valid if self.valid > 0 else 0.0

    @property
    def average_crossing(self) -> float:
        return 1.0 * self.cross / self.valid if self.valid > 0 else 0.0

    @property
    def no_crossing_rate(self) -> float:
        return 100.0 * self.no_crossing / self.valid if self.valid > 0 else 0.0

    @property
    def two_or_less_crossing_rate(self) -> float:
        return 100.0 * self.two_or_less_crossing / self.valid if self.valid > 0 else 0.0

    @property
    def tag_accuracy(self) -> float:
        return 100.0 * self.correct_tags / self.words if self.words > 0 else 0.0

    def to_dict(self) -> dict:
        """Counts and the derived figures (NaN F-measure as ``None``)."""
        f = self.fmeasure
        return {
            "sentences": self.sentences,
            "errors": self.errors,
            "skipped": self.skipped,
            "valid": self.valid,
            "matched": self.matched,
            "gold": self.gold,
            "test": self.test,
            "cross": self.cross,
            "words": self.words,
            "correct_tags": self.correct_tags,
            "complete": self.complete,
            "no_crossing": self.no_crossing,
            "two_or_less_crossing": self.two_or_less_crossing,
            "recall": self.recall,
            "precision": self.precision,
            "f1": None if math.isnan(f) else f,
            "complete_match": self.complete_match,
            "average_crossing": self.average_crossing,
            "no_crossing_rate": self.no_crossing_rate,
            "two_or_less_crossing_rate": self.two_or_less_crossing_rate,
            "tag_accuracy": self.tag_accuracy,
        }


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
        """JSON-ready data; ``totals`` holds the headline counts (All block)."""
        total = self.summary()
        totals = total.to_dict()
        return {
            "mode": "evalb",
            "params": self.params.to_dict(),
            "totals": {
                key: totals[key]
                for key in (
                    "matched", "gold", "test", "cross", "words", "correct_tags",
                    "recall", "precision", "f1",
                )
            },
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


# --------------------------------------------------------------------------
# Errors (EVALB's Error(): print, then exit once the count exceeds MAX_ERROR)
# --------------------------------------------------------------------------


class _Abort(Exception):
    """MAX_ERROR exceeded: EVALB calls exit(1)."""


class _Errors:
    __slots__ = ("max_error", "count", "line", "status", "messages")

    def __init__(self, max_error: int, messages: list[EvalbMessage]) -> None:
        self.max_error = max_error
        self.count = 0
        self.line = 1
        self.status = 0
        self.messages = messages

    def report(self, text: str) -> None:
        self.status = 1
        self.messages.append(EvalbMessage(self.line, text))
        if self.count > self.max_error:
            raise _Abort
        self.count += 1

    def report_forever(self, text: str) -> None:
        """An error EVALB repeats without advancing: it always ends the run."""
        repeat = 1 if self.count > self.max_error else self.max_error - self.count + 2
        self.status = 1
        self.messages.append(EvalbMessage(self.line, text, repeat))
        raise _Abort


# --------------------------------------------------------------------------
# Reading one line (EVALB's read_line)
# --------------------------------------------------------------------------


class _Side:
    """One line as EVALB reads it."""

    __slots__ = (
        "words", "tags", "starts", "ends", "labels", "buf_starts", "buf_ends",
        "quotes", "length", "line", "irregular",
    )

    def __init__(self, line: bytes) -> None:
        self.line = line  # with its newline, as fgets returns it
        self.words: list[bytes] = []
        self.tags: list[bytes] = []
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.labels: list[bytes] = []
        self.buf_starts: list[int] = []
        self.buf_ends: list[int] = []
        # [word, label, index, bracket id, ids of the brackets then open]
        self.quotes: list[list] = []
        self.length = 0
        # unbalanced or repaired: spans may not nest, so no shortcuts
        self.irregular = False


class _Config:
    """Parameters turned into byte sets, plus a per-label cache."""

    def __init__(self, params: EvalbParams) -> None:
        self.params = params
        self.debug = params.debug
        self.labeled = params.labeled != 0
        self.delete = frozenset(_raw(x) for x in params.delete_labels)
        self.delete_for_length = frozenset(_raw(x) for x in params.delete_labels_for_length)
        self.quote = frozenset(_raw(x) for x in params.quote_labels)
        pairs = set()
        for a, b in params.eq_labels:
            pairs.add((_raw(a), _raw(b)))
            pairs.add((_raw(b), _raw(a)))
        self.eq_labels = frozenset(pairs)
        words = set()
        for a, b in params.eq_words:
            words.add((_raw(a), _raw(b)))
            words.add((_raw(b), _raw(a)))
        self.eq_words = frozenset(words)
        # A bracket label (already cut) is deleted if label_comp() equals it to
        # any DELETE_LABEL entry, EQ_LABEL pairs included.
        deleted = set(self.delete)
        for a, b in pairs:
            if b in self.delete:
                deleted.add(a)
        self.delete_cut = frozenset(deleted)
        # terminal label -> (counts for length, deleted, may be a quote);
        # the most common value is this very object (identity test)
        self.plain_terminal = (True, False, False)
        self.terminal_info: dict[bytes, tuple[bool, bool, bool]] = {}
        # bracket label -> (cut label, deleted)
        self.bracket_info: dict[bytes, tuple[bytes, bool]] = {}

    def terminal(self, label: bytes) -> tuple[bool, bool, bool]:
        info = (
            label not in self.delete_for_length,
            label in self.delete,
            label in self.quote,
        )
        if info == self.plain_terminal:
            info = self.plain_terminal
        self.terminal_info[label] = info
        return info

    def bracket(self, label: bytes) -> tuple[bytes, bool]:
        cut = _cut_label(label)
        info = (cut, cut in self.delete_cut)
        self.bracket_info[label] = info
        return info

    def label_eq(self, a: bytes, b: bytes) -> bool:
        return a == b or (a, b) in self.eq_labels


def _cut_label(label: bytes) -> bytes:
    """EVALB's modify_label: cut at the first ``-`` or ``=`` (even at 0)."""
    i = label.find(b"-")
    j = label.find(b"=")
    if j >= 0 and (i < 0 or j < i):
        i = j
    return label if i < 0 else label[:i]


# Fast path: whitespace folded into the next token, runs of ")" at once:
#   1 label [2 whitespace 3 word 4 ")"]  |  5 ")"+  |  6 stray
_FAST = re.compile(rb"\s*(?:\(([^\s()]*)(?:(\s+)([^\s()]*)(\)?))?|(\)+)|([^\s()]))")


def _read_line_fast(line: bytes, cfg: _Config, errors: _Errors) -> _Side | None:
    """:func:`_read_line` for the common case; ``None`` when the line needs it.

    Bails out (before reporting anything) on a stray character, an unclosed
    word or a surplus ``)``; reports only the final unbalanced-bracket error.
    """
    side = _Side(line)
    words, tags = side.words, side.tags
    starts, ends, labels = side.starts, side.ends, side.labels
    add_word, add_tag = words.append, tags.append
    add_start, add_end, add_label = starts.append, ends.append, labels.append
    info_cache = cfg.terminal_info
    plain = cfg.plain_terminal
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    length = 0
    for label, space, word, close, closes, stray in _FAST.findall(line):
        if close:
            info = info_cache.get(label)
            if info is plain:
                length += 1
                add_word(word)
                add_tag(label)
                continue
            if info is None:
                info = cfg.terminal(label)
            if info[0]:
                length += 1
            if info[2] and word in _QUOTE_WORDS:
                side.quotes.append([word, label, len(words), len(starts), tuple(stack)])
            if not info[1]:
                add_word(word)
                add_tag(label)
        elif closes:
            if len(closes) > len(stack):
                return None
            wid = len(words)
            for _ in closes:
                ends[pop()] = wid
        elif stray or (space and word):
            return None
        else:
            push(len(starts))
            add_start(len(words))
            add_end(-1)
            add_label(label)
    side.length = length
    if stack:
        side.irregular = True
        errors.report("Bracketing is unbalanced (too many open bracket)\n")
    return side


def _padding() -> dict[int, int]:
    """The four ints below EVALB's bracket stack (see the module docstring)."""
    return {-1: 0, -2: 0, -3: 0, -4: 0}


def _read_line(
    line: bytes, cfg: _Config, errors: _Errors, dbg: list[bytes] | None,
    below: dict[int, int], buf_ends: list[int] | None = None,
) -> _Side:
    """EVALB's read_line for one line (with its newline, if it had one).

    ``below`` is the memory under EVALB's stack and ``buf_ends`` (DEBUG 2
    only) this side's bracket end positions; both live as long as the run.
    """
    side = _Side(line)
    words, tags = side.words, side.tags
    starts, ends, labels = side.starts, side.ends, side.labels
    quotes = side.quotes
    info_cache = cfg.terminal_info
    track = dbg is not None
    stack: list[int] = []
    under = 0  # how far below zero EVALB's stack pointer went
    early_ends: dict[int, int] = {}  # ends written to brackets not yet opened
    wid = 0
    length = 0
    for m in _TOKEN.finditer(line):
        kind = m.lastindex
        if kind is None:  # whitespace
            continue
        if kind == 4:  # terminal "(LABEL WORD)"
            label = m.group(1)
            word = m.group(3)
            info = info_cache.get(label) or cfg.terminal(label)
            if info[0]:
                length += 1
            if track:
                dbg.append(b"label=%s, word=%s, wid=%d\n" % (label, word, wid))
            if info[2] and word in _QUOTE_WORDS:
                open_ids = tuple(stack) if not under else ()
                quotes.append([word, label, wid, len(starts), open_ids])
            if not info[1]:
                words.append(word)
                tags.append(label)
                wid += 1
            continue
        if kind == 5:  # ")"
            if stack:
                b = stack.pop()
                ends[b] = wid
                if track:
                    side.buf_ends[b] = m.start()
            else:
                side.irregular = True
                old = -under
                item = below.get(old - 1)
                if old < 0:
                    errors.report("Bracketing unbalance (too many close bracket)\n")
                under += 1
                if item is not None:
                    if item < len(ends):
                        ends[item] = wid
                        if track:
                            side.buf_ends[item] = m.start()
                    else:
                        early_ends[item] = wid
            continue
        if kind == 6:  # a stray character: EVALB loops on it
            errors.report_forever("Reading sentence\n")
        label = m.group(1)
        word = b""
        if kind == 3:  # "(LABEL WORD" not closed by ")"
            word = m.group(3)
            if track:
                dbg.append(b"label=%s, word=%s, wid=%d\n" % (label, word, wid))
            if word:
                follow = line[m.end() : m.end() + 1]
                if follow != b"(":
                    errors.report("More than two elements in a bracket\n")
        bid = len(starts)
        starts.append(wid)
        ends.append(early_ends.pop(bid, -1) if early_ends else -1)
        labels.append(label)
        if track:
            side.buf_starts.append(m.start() + 1 + len(label))
            side.buf_ends.append(buf_ends[bid] if bid < len(buf_ends) else 0)
        if under:
            if -under in below:
                below[-under] = bid
            under -= 1
        else:
            stack.append(bid)
        if word:
            # EVALB goes back to just after the label, skips the blank and
            # stops on the word: "Reading sentence" until it gives up.
            errors.report_forever("Reading sentence\n")
    if stack or under:
        side.irregular = True
        errors.report("Bracketing is unbalanced (too many open bracket)\n")
    side.length = length
    if track:
        del buf_ends[: len(side.buf_ends)]
        buf_ends[:0] = side.buf_ends
    return side


# --------------------------------------------------------------------------
# Quote repair (fix_quote / reinsert_term), only when QUOTE_LABEL is set
# --------------------------------------------------------------------------


def _fix_quote(gold: _Side, test: _Side, cfg: _Config, dbg: list[bytes] | None) -> None:
    if dbg is not None:
        for i in range(max(20, len(gold.quotes), len(test.quotes))):
            if i < len(gold.quotes):
                q = gold.quotes[i]
                dbg.append(b"%d: %s - %s\n" % (q[2], q[1], q[0]))
            if i < len(test.quotes):
                q = test.quotes[i]
                dbg.append(b"%d: %s - %s\n" % (q[2], q[1], q[0]))
    delete = cfg.delete
    for i, tq in enumerate(test.quotes):
        ind = tq[2]
        for j, gq in enumerate(gold.quotes):
            if gq[2] == ind and gq[1] != tq[1]:
                if gq[1] in delete and tq[1] not in delete:
                    _reinsert(gq, gold, dbg)
                    for later in gold.quotes[j:]:
                        later[2] += 1
                elif tq[1] in delete and gq[1] not in delete:
                    _reinsert(tq, test, dbg)
                    for later in test.quotes[i:]:
                        later[2] += 1


def _reinsert(quote: list, side: _Side, dbg: list[bytes] | None) -> None:
    word, label, ind, bra, open_ids = quote
    # An inserted token keeps the brackets nested (only unbalanced lines
    # make them cross), so the crossing shortcut stays valid.
    side.words.insert(ind, word)
    side.tags.insert(ind, label)
    if dbg is not None:
        dbg.append(b"bra=%d, ind=%d\n" % (bra, ind))
    starts, ends = side.starts, side.ends
    for k in range(len(starts)):
        if dbg is not None:
            dbg.append(b"bracket[%d]={%d,%d}\n" % (k, starts[k], ends[k]))
        if k >= bra:
            starts[k] += 1
            ends[k] += 1
    if dbg is not None:
        dbg.append(b"endslen=%d\n" % len(open_ids))
    for k in open_ids:
        ends[k] += 1


# --------------------------------------------------------------------------
# Scoring one pair (calc_result)
# --------------------------------------------------------------------------


def _kept_brackets(side: _Side, cfg: _Config) -> list[tuple[int, int, bytes]]:
    """massage_data: non-empty spans whose cut label is not deleted, in order."""
    cache = cfg.bracket_info
    kept = []
    for start, end, label in zip(side.starts, side.ends, side.labels):
        if start == end:
            continue
        cut, deleted = cache.get(label) or cfg.bracket(label)
        if not deleted:
            kept.append((start, end, cut))
    return kept


def _match(gold: list, test: list, cfg: _Config) -> int:
    """Greedy one-to-one matching in gold order, first unused test bracket."""
    by_span: dict[tuple[int, int], list[bytes]] = {}
    for start, end, label in test:
        by_span.setdefault((start, end), []).append(label)
    labeled = cfg.labeled
    eq = cfg.eq_labels
    matched = 0
    for start, end, label in gold:
        candidates = by_span.get((start, end))
        if not candidates:
            continue
        if not labeled:
            candidates.pop(0)
            matched += 1
            continue
        for pos, other in enumerate(candidates):
            if other == label or (label, other) in eq:
                del candidates[pos]
                matched += 1
                break
    return matched


def _crossing(gold: list, test: list) -> int:
    """Test brackets crossing at least one gold bracket (strict overlap)."""
    if not gold or not test:
        return 0
    top = 0
    for start, end, _ in gold:
        if end < start or start < 0:
            return _crossing_naive(gold, test)
        if end > top:
            top = end
    for start, end, _ in test:
        if end < start or start < 0:
            return _crossing_naive(gold, test)
        if end > top:
            top = end
    # Gold brackets from one bracketing are laminar, so the gold brackets
    # straddling a boundary form a chain; the innermost one has the smallest
    # end and the largest start.  Brackets come in opening order (outer
    # first), so later writes are the inner ones.
    inner_end = [top + 1] * (top + 1)
    inner_start = [-1] * (top + 1)
    for start, end, _ in gold:
        if end - start > 1:
            inner_end[start + 1 : end] = [end] * (end - start - 1)
            inner_start[start + 1 : end] = [start] * (end - start - 1)
    crossing = 0
    for start, end, _ in test:
        if inner_end[start] < end or inner_start[end] > start:
            crossing += 1
    return crossing


def _crossing_naive(gold: list, test: list) -> int:
    crossing = 0
    for t_start, t_end, _ in test:
        for g_start, g_end, _ in gold:
            if (g_start < t_start < g_end < t_end) or (t_start < g_start < t_end < g_end):
                crossing += 1
                break
    return crossing


def _first_word_mismatch(gold: _Side, test: _Side, cfg: _Config) -> int:
    eq = cfg.eq_words
    for i, (g, t) in enumerate(zip(gold.words, test.words)):
        if g != t and (g, t) not in eq:
            return i
    return -1


def _calc(gold: _Side, test: _Side, cfg: _Config, errors: _Errors, line_no: int) -> EvalbRow:
    """calc_result without DEBUG output."""
    if not test.words:
        errors.status = 2
        return EvalbRow(line_no, gold.length, 2)
    if len(gold.words) != len(test.words):
        _fix_quote(gold, test, cfg, None)
        if len(gold.words) != len(test.words):
            errors.report(f"Length unmatch ({len(gold.words)}|{len(test.words)})\n")
            return EvalbRow(line_no, gold.length, errors.status)
    if gold.words != test.words:
        i = _first_word_mismatch(gold, test, cfg)
        if i >= 0:
            g, t = _text(gold.words[i]), _text(test.words[i])
            errors.report(f"Words unmatch ({g}|{t})\n")
            return EvalbRow(line_no, gold.length, errors.status)
    gold_kept = _kept_brackets(gold, cfg)
    test_kept = _kept_brackets(test, cfg)
    matched = _match(gold_kept, test_kept, cfg)
    if gold.irregular:
        cross = _crossing_naive(gold_kept, test_kept)
    else:
        cross = _crossing(gold_kept, test_kept)
    if cfg.eq_labels:
        correct = sum(1 for g, t in zip(gold.tags, test.tags) if cfg.label_eq(g, t))
    else:
        correct = sum(map(bytes.__eq__, gold.tags, test.tags))
    return EvalbRow(
        line_no, gold.length, errors.status, matched, len(gold_kept), len(test_kept),
        cross, len(gold.words), correct,
    )


def _calc_traced(
    gold: _Side, test: _Side, cfg: _Config, errors: _Errors, line_no: int,
    dbg: list[bytes] | None,
) -> tuple[EvalbRow, bytes]:
    """calc_result step by step as evalb.c does it, with its DEBUG output.

    Returns the row and the dsp_info text (DEBUG >= 1) printed after it.
    """
    bn1, bn2 = len(gold.starts), len(test.starts)
    g_res = [9] * bn1
    t_res = [9] * bn2
    g_lab = list(gold.labels)
    t_lab = list(test.labels)
    tag_res: list[int] = []

    def info(row: EvalbRow) -> tuple[EvalbRow, bytes]:
        return row, _dsp_info(gold, test, g_res, t_res, g_lab, t_lab, tag_res)

    if dbg is not None:
        dbg.append(b"\n")
    if not test.words:
        errors.status = 2
        return info(EvalbRow(line_no, gold.length, 2))
    if len(gold.words) != len(test.words):
        _fix_quote(gold, test, cfg, dbg)
        if len(gold.words) != len(test.words):
            errors.report(f"Length unmatch ({len(gold.words)}|{len(test.words)})\n")
            return info(EvalbRow(line_no, gold.length, errors.status))
    for g, t in zip(gold.words, test.words):
        if g != t and (g, t) not in cfg.eq_words:
            errors.report(f"Words unmatch ({_text(g)}|{_text(t)})\n")
            return info(EvalbRow(line_no, gold.length, errors.status))

    # massage_data
    for side, res, lab in ((gold, g_res, g_lab), (test, t_res, t_lab)):
        for k in range(len(side.starts)):
            res[k] = 0
            if side.starts[k] == side.ends[k]:
                res[k] = 5
                continue
            lab[k] = _cut_label(lab[k])
            if lab[k] in cfg.delete_cut:
                res[k] = 5
    r_bn1 = g_res.count(0)
    r_bn2 = t_res.count(0)

    def excerpt(side: _Side, k: int) -> bytes:
        start, end = side.buf_starts[k], side.buf_ends[k]
        return side.line[start:end] if end >= start else side.line[start:]

    gs, ge, ts, te = gold.starts, gold.ends, test.starts, test.ends
    match = 0
    match_j = [False] * bn2
    for i in range(bn1):
        found = False
        for j in range(bn2):
            if dbg is not None:
                dbg.append(
                    b"1.res=%d, 2.res=%d, 1.start=%d, 2.start=%d, 1.end=%d, 2.end=%d\n"
                    % (g_res[i], t_res[j], gs[i], ts[j], ge[i], te[j])
                )
            if g_res[i] != 5 and t_res[j] == 0 and gs[i] == ts[j] and ge[i] == te[j]:
                if not cfg.labeled or cfg.label_eq(g_lab[i], t_lab[j]):
                    g_res[i] = t_res[j] = 1
                    match += 1
                    found = True
                    break
                if dbg is not None:
                    dbg.append(b"  LABEL[%d-%d]: %s\n" % (gs[i], ge[i] - 1, excerpt(gold, i)))
                found = True
                match_j[j] = True
        if not found and g_res[i] != 5 and dbg is not None:
            dbg.append(b"  BRACKET[%d-%d]: %s\n" % (gs[i], ge[i] - 1, excerpt(gold, i)))
    if dbg is not None:
        for j in range(bn2):
            if t_res[j] == 0 and not match_j[j]:
                dbg.append(b"  EXTRA[%d-%d]: %s\n" % (ts[j], te[j] - 1, excerpt(test, j)))

    crossing = 0
    last_i = -1
    for j in range(bn2):
        for i in range(bn1):
            if g_res[i] != 5 and t_res[j] != 5 and (
                (gs[i] < ts[j] and ge[i] > ts[j] and ge[i] < te[j])
                or (gs[i] > ts[j] and gs[i] < te[j] and ge[i] > te[j])
            ):
                if i != last_i:
                    if dbg is not None:
                        dbg.append(
                            b"  CROSSING[%d-%d]: %s\n" % (gs[i], ge[i] - 1, excerpt(gold, i))
                        )
                    last_i = i
                crossing += 1
                break

    correct = 0
    for g, t in zip(gold.tags, test.tags):
        ok = cfg.label_eq(g, t)
        tag_res.append(1 if ok else 0)
        correct += ok
    row = EvalbRow(
        line_no, gold.length, errors.status, match, r_bn1, r_bn2, crossing,
        len(gold.words), correct,
    )
    return info(row)


def _dsp_info(
    gold: _Side, test: _Side, g_res: list[int], t_res: list[int],
    g_lab: list[bytes], t_lab: list[bytes], tag_res: list[int],
) -> bytes:
    """evalb.c's dsp_info (DEBUG >= 1), printed after each row."""
    wn1, wn2 = len(gold.words), len(test.words)
    bn1, bn2 = len(gold.starts), len(test.starts)
    out = [b"-<1>---(wn1=%3d, bn1=%3d)-           -<2>---(wn2=%3d, bn2=%3d)-\n" % (wn1, bn1, wn2, bn2)]
    for i in range(max(wn1, wn2)):
        result = tag_res[i] if i < len(tag_res) else 9
        if i < wn1 and gold.words[i]:
            out.append(
                b"%3d : %d : %s  %s      "
                % (i, result, gold.tags[i].ljust(6), gold.words[i].ljust(16))
            )
        else:
            out.append(b" " * 40)
        if i < wn2 and test.words[i]:
            out.append(
                b"%3d : %d : %s  %s\n"
                % (i, result, test.tags[i].ljust(6), test.words[i].ljust(16))
            )
        else:
            out.append(b"\n")
    out.append(b"\n")
    for i in range(max(bn1, bn2)):
        if i < bn1:
            out.append(
                b"%3d : %d : %3d  %3d  %s      "
                % (i, g_res[i], gold.starts[i], gold.ends[i], g_lab[i].ljust(6))
            )
        else:
            out.append(b" " * 32)
        if i < bn2:
            out.append(
                b"%3d : %d : %3d  %3d  %s\n"
                % (i, t_res[i], test.starts[i], test.ends[i], t_lab[i].ljust(6))
            )
        else:
            out.append(b"\n")
    out.append(b"\n========\n")
    return b"".join(out)


# --------------------------------------------------------------------------
# The run (EVALB's main loop)
# --------------------------------------------------------------------------


def _lines(data: bytes) -> list[bytes]:
    """Lines as fgets returns them (with the newline; the last may lack one).

    A NUL byte ends a line's text, as for C strings.
    """
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    if b"\0" in data:
        lines = [line.split(b"\0", 1)[0] for line in lines]
    return lines


def evaluate(gold_data: bytes, test_data: bytes, params: EvalbParams) -> EvalbResult:
    """Run EVALB over two files' bytes; never raises on bad trees (EVALB reports them)."""
    # Many small lists, no reference cycles: keep the cyclic collector out.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _evaluate(gold_data, test_data, params)
    finally:
        if collecting:
            gc.enable()


def _evaluate(gold_data: bytes, test_data: bytes, params: EvalbParams) -> EvalbResult:
    result = EvalbResult(params)
    cfg = _Config(params)
    errors = _Errors(params.max_error, result.messages)
    gold_lines = _lines(gold_data)
    test_lines = _lines(test_data)
    debug = params.debug
    rows = result.rows
    pending: list[bytes] = []
    dbg = pending if debug > 1 else None
    below = _padding()
    gold_buf_ends: list[int] | None = [] if dbg is not None else None
    test_buf_ends: list[int] | None = [] if dbg is not None else None
    line_no = 1
    try:
        for line_no, gold_line in enumerate(gold_lines, start=1):
            errors.line = line_no
            errors.status = 0
            pending.clear()
            gold = None if dbg is not None else _read_line_fast(gold_line, cfg, errors)
            if gold is None:
                gold = _read_line(gold_line, cfg, errors, dbg, below, gold_buf_ends)
            if line_no > len(test_lines):
                errors.report("Number of lines unmatch (too many lines in gold file)\n")
                break
            test_line = test_lines[line_no - 1]
            test = None if dbg is not None else _read_line_fast(test_line, cfg, errors)
            if test is None:
                test = _read_line(test_line, cfg, errors, dbg, below, test_buf_ends)
            if debug >= 1:
                row, after = _calc_traced(gold, test, cfg, errors, line_no, dbg)
                row.debug_before = _text(b"".join(pending))
                row.debug_after = _text(after)
                pending.clear()
            else:
                row = _calc(gold, test, cfg, errors, line_no)
            rows.append(row)
        else:
            line_no = len(gold_lines) + 1
            if len(test_lines) > len(gold_lines):
                errors.line = line_no
                errors.report("Number of lines unmatch (too many lines in test file)\n")
    except _Abort:
        result.aborted = True
    result.debug_tail = _text(b"".join(pending))
    return result


# --------------------------------------------------------------------------
# Rendering (EVALB's exact text)
# --------------------------------------------------------------------------


def _f(value: float) -> str:
    """printf("%6.2f"); glibc prints the NaN of 0.0/0.0 as -nan."""
    return "  -nan" if math.isnan(value) else "%6.2f" % value


def render_row(row: EvalbRow) -> str:
    """One row of EVALB's table."""
    return "%4d  %3d    %d  %s %s   %3d    %3d  %3d    %3d   %4d  %4d   %s\n" % (
        row.id, row.length, row.status, _f(row.recall), _f(row.precision),
        row.matched, row.gold, row.test, row.cross, row.words, row.correct_tags,
        _f(row.tag_accuracy),
    )


def _render_block(block: EvalbSummary) -> str:
    return (
        "Number of sentence        = %6d\n" % block.sentences
        + "Number of Error sentence  = %6d\n" % block.errors
        + "Number of Skip  sentence  = %6d\n" % block.skipped
        + "Number of Valid sentence  = %6d\n" % block.valid
        + "Bracketing Recall         = %s\n" % _f(block.recall)
        + "Bracketing Precision      = %s\n" % _f(block.precision)
        + "Bracketing FMeasure       = %s\n" % _f(block.fmeasure)
        + "Complete match            = %s\n" % _f(block.complete_match)
        + "Average crossing          = %s\n" % _f(block.average_crossing)
        + "No crossing               = %s\n" % _f(block.no_crossing_rate)
        + "2 or less crossing        = %s\n" % _f(block.two_or_less_crossing_rate)
        + "Tagging accuracy          = %s\n" % _f(block.tag_accuracy)
    )


def render_totals(result: EvalbResult) -> str:
    """The rule, the totals row and both summary blocks."""
    total = result.summary()
    out = [RULE]
    if total.gold > 0 and total.test > 0:
        out.append(
            "                %s %s %6d %5d %5d  %5d"
            % (_f(total.recall), _f(total.precision), total.matched, total.gold,
               total.test, total.cross)
        )
    out.append("  %5d %5d   %s\n" % (total.words, total.correct_tags, _f(total.tag_accuracy)))
    out.append("=== Summary ===\n")
    out.append("\n-- All --\n")
    out.append(_render_block(total))
    out.append("\n-- len<=%d --\n" % result.params.cutoff_len)
    out.append(_render_block(result.cutoff_summary()))
    return "".join(out)


def iter_report(result: EvalbResult) -> Iterator[str]:
    """EVALB's stdout in pieces (header, rows, totals)."""
    yield HEADER
    for row in result.rows:
        if row.debug_before:
            yield row.debug_before
        yield render_row(row)
        if row.debug_after:
            yield row.debug_after
    if result.debug_tail:
        yield result.debug_tail
    if not result.aborted:
        yield render_totals(result)


def render_report(result: EvalbResult) -> str:
    """EVALB's exact stdout (as ``str``; encode with utf-8/surrogateescape)."""
    return "".join(iter_report(result))


def iter_messages(result: EvalbResult, chunk: int = 4096) -> Iterator[str]:
    """EVALB's stderr in pieces; long repeats are yielded in chunks."""
    for message in result.messages:
        text = message.render()
        left = message.repeat
        while left > 0:
            n = min(left, chunk)
            yield text * n
            left -= n


def render_messages(result: EvalbResult) -> str:
    """EVALB's exact stderr for the run (parameter-file warnings not included)."""
    return "".join(iter_messages(result))
