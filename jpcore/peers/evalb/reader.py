"""EVALB legacy mode: reading one line as ``evalb.c``'s ``read_line`` does.

Contract: :func:`read_line_fast` / :func:`read_line` turn one line (bytes,
with its newline) into an :class:`EvalbLine` (kept words and tags, bracket
starts/ends/labels, quote terminals, length) and report EVALB's reading
errors to an :class:`ErrorCounter`, which raises :class:`Abort` once
MAX_ERROR is exceeded.  :class:`EvalbConfig` is the parameter file turned
into byte sets.  The flat reading rules and the deliberate deviations beyond
EVALB's limits are described in :mod:`jpcore.peers.evalb.legacy`.
"""

from __future__ import annotations

import re

from jpcore.peers.evalb.crossing import TABLE_LIMIT
from jpcore.peers.evalb.params import EvalbParams
from jpcore.peers.evalb.result import EvalbMessage

# One regex covers every character of a line:
#   1 label [2 whitespace 3 word [4 ")"]]  |  5 ")"  |  whitespace  |  6 stray
_TOKEN = re.compile(rb"\(([^\s()]*)(?:(\s+)([^\s()]*)(\))?)?|(\))|\s+|([^\s()])")
QUOTE_WORDS = frozenset((b"'", b'"', b"/"))


def as_text(raw: bytes) -> str:
    """Bytes as text that encodes back to the same bytes (surrogateescape)."""
    return raw.decode("utf-8", "surrogateescape")


def as_bytes(text: str) -> bytes:
    """Inverse of :func:`as_text`."""
    return text.encode("utf-8", "surrogateescape")


class Abort(Exception):
    """MAX_ERROR exceeded: EVALB calls exit(1)."""


class ErrorCounter:
    """EVALB's Error(): record a message; past MAX_ERROR raise :class:`Abort`."""

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
            raise Abort
        self.count += 1

    def report_forever(self, text: str) -> None:
        """An error EVALB repeats without advancing: it always ends the run."""
        repeat = 1 if self.count > self.max_error else self.max_error - self.count + 2
        self.status = 1
        self.messages.append(EvalbMessage(self.line, text, repeat))
        raise Abort


class EvalbLine:
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


class EvalbConfig:
    """Parameters turned into byte sets, plus a per-label cache."""

    def __init__(self, params: EvalbParams) -> None:
        self.params = params
        self.debug = params.debug
        self.labeled = params.labeled != 0
        self.delete = frozenset(as_bytes(x) for x in params.delete_labels)
        self.delete_for_length = frozenset(as_bytes(x) for x in params.delete_labels_for_length)
        self.quote = frozenset(as_bytes(x) for x in params.quote_labels)
        pairs = set()
        for a, b in params.eq_labels:
            pairs.add((as_bytes(a), as_bytes(b)))
            pairs.add((as_bytes(b), as_bytes(a)))
        self.eq_labels = frozenset(pairs)
        self.classes = _classes(pairs)
        words = set()
        for a, b in params.eq_words:
            words.add((as_bytes(a), as_bytes(b)))
            words.add((as_bytes(b), as_bytes(a)))
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
        # a terminal label outside these is plain: counted, kept, never a quote
        self.special_terminals = self.delete | self.delete_for_length | self.quote
        self.terminal_info: dict[bytes, tuple[bool, bool, bool]] = {}
        # bracket label -> (cut label, deleted)
        self.bracket_info: dict[bytes, tuple[bytes, bool]] = {}
        #: the configuration as the C accelerator (``_fastlines.score_lines``)
        #: reads it, or ``None`` where it does not apply: DEBUG output, or
        #: EQ_LABEL pairs that make no classes in labeled mode (matching then
        #: searches partners, which counting does not cover).
        self.accelerator: tuple | None = None
        if self.debug == 0 and (not self.labeled or not self.eq_labels or self.classes is not None):
            self.accelerator = (
                self.labeled, self.delete, self.delete_for_length, self.delete_cut,
                self.classes, self.eq_labels, TABLE_LIMIT,
            )

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
        """(cut label, deleted); with :attr:`classes`, the cut label's class
        (EQ_LABEL partners then compare equal as bytes)."""
        cut = cut_label(label)
        deleted = cut in self.delete_cut
        if self.classes is not None:
            cut = self.classes.get(cut, cut)
        info = (cut, deleted)
        self.bracket_info[label] = info
        return info

    def label_eq(self, a: bytes, b: bytes) -> bool:
        return a == b or (a, b) in self.eq_labels


def _classes(pairs: set[tuple[bytes, bytes]]) -> dict[bytes, bytes] | None:
    """Each label with EQ_LABEL partners -> one label of its class, when the
    pairs make an equivalence (every two labels of a connected group are
    paired, as with COLLINS.prm's one pair ADVP PRT); else ``None``.

    With classes, "equal label" is equality of class, so matching can count
    (span, class) pairs instead of searching partners bracket by bracket.
    """
    partners: dict[bytes, set[bytes]] = {}
    for a, b in pairs:
        partners.setdefault(a, {a}).add(b)
    classes: dict[bytes, bytes] = {}
    for label, group in partners.items():
        if any(partners.get(other, {other}) != group for other in group):
            return None  # a ~ b and b ~ c without a ~ c: not an equivalence
        classes[label] = min(group)
    return classes


def cut_label(label: bytes) -> bytes:
    """EVALB's modify_label: cut at the first ``-`` or ``=`` (even at 0)."""
    i = label.find(b"-")
    j = label.find(b"=")
    if j >= 0 and (i < 0 or j < i):
        i = j
    return label if i < 0 else label[:i]


# Fast path: whitespace folded into the next token, runs of ")" at once:
#   1 label [2 whitespace 3 word 4 ")"]  |  5 ")"+  |  6 stray
# Possessive quantifiers (no backtracking: each class stops where the next
# one starts, so giving characters back can never help): 13% less time.
_FAST = re.compile(rb"\s*+(?:\(([^\s()]*+)(?:(\s++)([^\s()]*+)(\)?+))?+|(\)++)|([^\s()]))")


def read_line_fast(line: bytes, cfg: EvalbConfig, errors: ErrorCounter) -> EvalbLine | None:
    """:func:`read_line` for the common case; ``None`` when the line needs it.

    Bails out (before reporting anything) on a stray character, an unclosed
    word, a surplus ``)`` or a NUL byte; reports only the final
    unbalanced-bracket error.
    """
    if b"\0" in line:
        return None
    side = EvalbLine(line)
    words, tags = side.words, side.tags
    starts, ends, labels = side.starts, side.ends, side.labels
    add_word, add_tag = words.append, tags.append
    add_start, add_end, add_label = starts.append, ends.append, labels.append
    info_cache = cfg.terminal_info
    special = cfg.special_terminals
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    length = 0
    for label, space, word, close, closes, stray in _FAST.findall(line):
        if close:
            if label not in special:
                length += 1
                add_word(word)
                add_tag(label)
                continue
            info = info_cache.get(label) or cfg.terminal(label)
            if info[0]:
                length += 1
            if info[2] and word in QUOTE_WORDS:
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


def c_string(raw: bytes) -> bytes:
    """What C sees of a label or word: the bytes up to its first NUL.

    EVALB scans a label or word up to whitespace or a bracket (a NUL is
    neither, so the scan goes on past it) but stores it as a C string.
    """
    return raw.split(b"\0", 1)[0] if b"\0" in raw else raw


def stack_padding() -> dict[int, int]:
    """The four ints below EVALB's bracket stack (see the module docstring)."""
    return {-1: 0, -2: 0, -3: 0, -4: 0}


def read_line(
    line: bytes, cfg: EvalbConfig, errors: ErrorCounter, dbg: list[bytes] | None,
    below: dict[int, int], buf_ends: list[int] | None = None,
) -> EvalbLine:
    """EVALB's read_line for one line (with its newline, if it had one).

    ``below`` is the memory under EVALB's stack and ``buf_ends`` (DEBUG 2
    only) this side's bracket end positions; both live as long as the run.
    """
    side = EvalbLine(line)
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
            label = c_string(m.group(1))
            word = c_string(m.group(3))
            info = info_cache.get(label) or cfg.terminal(label)
            if info[0]:
                length += 1
            if track:
                dbg.append(b"label=%s, word=%s, wid=%d\n" % (label, word, wid))
            if info[2] and word in QUOTE_WORDS:
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
            if m.group(6) == b"\0":  # EVALB's loop stops at a NUL between tokens
                break
            errors.report_forever("Reading sentence\n")
        raw_label = m.group(1)
        label = c_string(raw_label)
        word = b""
        if kind == 3:  # "(LABEL WORD" not closed by ")"
            word = m.group(3)
            if track:
                dbg.append(b"label=%s, word=%s, wid=%d\n" % (label, c_string(word), wid))
            if word:
                follow = line[m.end() : m.end() + 1]
                if follow != b"(":
                    errors.report("More than two elements in a bracket\n")
        bid = len(starts)
        starts.append(wid)
        ends.append(early_ends.pop(bid, -1) if early_ends else -1)
        labels.append(label)
        if track:
            side.buf_starts.append(m.start() + 1 + len(raw_label))
            side.buf_ends.append(buf_ends[bid] if bid < len(buf_ends) else 0)
        if under:
            if -under in below:
                below[-under] = bid
            under -= 1
        else:
            stack.append(bid)
        if word:
            if word[:1] == b"\0":  # ... unless the word starts with a NUL: the end
                break
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
