"""Generated gold/system documents with tokens whose key is empty, for tests/test_empty_keys*.py.

A :class:`Pair` is two documents (sentences of tokens) made from one base
text: the system side may cut a word in two or join two sentences, either
side may hold a sentence the other lacks, and tokens without characters
(``EMPTY_TEXT`` in tokenized text, M2 and CoNLL-U; ``EMPTY_TREE`` in trees,
where only ASCII whitespace separates tokens) are inserted on either side
at every kind of place: first, last, between words, as a sentence of their
own, in paired and one-sided sentences.  :meth:`Pair.stripped` is the same
pair without them.  Each evaluation's file format is written from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import strategies as st

#: Characters whose key is empty wherever tokens are separated by any whitespace.
EMPTY_TEXT = ("\u200b", "\ufeff")
#: In trees only ASCII whitespace separates tokens: a no-break space (any Unicode space) is a token too.
EMPTY_TREE = EMPTY_TEXT + ("\u00a0", "\u3000")
#: Invisible characters that are characters: they score as any other (kept in the words).
INVISIBLE_CHARACTERS = ("\u00ad", "\u200d")

Document = list[list[str]]


@dataclass
class Pair:
    """Gold and system sentences; ``empty`` is the set of characters with an empty key."""

    gold: Document
    sys: Document
    empty: frozenset[str] = field(default_factory=frozenset)

    def is_empty(self, token: str) -> bool:
        """Whether ``token`` has no characters once normalised."""
        return all(char in self.empty for char in token)

    def stripped(self) -> Pair:
        """The pair without its empty tokens (and without sentences left with none)."""
        def strip(document: Document) -> Document:
            out = [[token for token in sentence if not self.is_empty(token)] for sentence in document]
            return [sentence for sentence in out if sentence]
        return Pair(strip(self.gold), strip(self.sys), self.empty)

    def has_empty(self) -> bool:
        """Whether either side holds an empty token."""
        return any(self.is_empty(t) for document in (self.gold, self.sys) for s in document for t in s)


@st.composite
def pairs(draw: st.DrawFn, empty: tuple[str, ...] = EMPTY_TEXT, max_insertions: int = 5) -> Pair:
    """A :class:`Pair` (module doc)."""
    counter = iter(range(10_000))
    stems = ("w", "cat", "x\u00adz", "y\u200dq")

    def word() -> str:
        return f"{draw(st.sampled_from(stems))}{next(counter)}"

    base = [[word() for _ in range(draw(st.integers(1, 4)))] for _ in range(draw(st.integers(1, 4)))]
    gold = [list(sentence) for sentence in base]
    sys = [list(sentence) for sentence in base]
    # the system cuts a word in two, or joins two sentences
    change = draw(st.sampled_from(("none", "split", "join")))
    if change == "split":
        k = draw(st.integers(0, len(sys) - 1))
        i = draw(st.integers(0, len(sys[k]) - 1))
        token = sys[k][i]
        sys[k][i : i + 1] = [token[:1], token[1:]]  # every word has two characters or more
    elif change == "join" and len(sys) > 1:
        k = draw(st.integers(0, len(sys) - 2))
        sys[k : k + 2] = [sys[k] + sys[k + 1]]
    # a sentence only one side has
    if draw(st.booleans()):
        side = draw(st.sampled_from((gold, sys)))
        extra = [f"z{next(counter)}" for _ in range(draw(st.integers(1, 3)))]
        side.insert(draw(st.integers(0, len(side))), extra)
    # tokens without characters: each character, and combinations of them
    token = st.lists(st.sampled_from(empty), min_size=1, max_size=3).map("".join)
    for _ in range(draw(st.integers(0, max_insertions))):
        side = draw(st.sampled_from((gold, sys)))
        if draw(st.integers(0, 3)) == 0:  # a sentence of its own
            side.insert(draw(st.integers(0, len(side))), [draw(token) for _ in range(draw(st.integers(1, 2)))])
        else:  # first, last or between words of a sentence
            sentence = side[draw(st.integers(0, len(side) - 1))]
            sentence.insert(draw(st.integers(0, len(sentence))), draw(token))
    return Pair(gold, sys, frozenset(empty))


def tokenized(document: Document) -> bytes:
    """Tokenized text: one sentence a line, tokens separated by a space."""
    return "".join(" ".join(sentence) + "\n" for sentence in document).encode("utf-8")


def bracketed(document: Document, is_empty, width: int = 2) -> bytes:
    """One tree a line: ``(S ...)`` over the words, words with characters ``width`` by
    ``width`` in a ``(P ...)`` and tokens without characters where they stand (inside
    a ``P`` next to its words, or between them), so that no bracket but a root over
    empty tokens alone covers none of them."""
    lines = []
    for sentence in document:
        parts: list[str] = []
        group: list[str] = []
        for token in sentence:
            if is_empty(token):
                leaf = f"(E {token})"
                (group if group else parts).append(leaf)
                continue
            group.append(f"(X {token})")
            if sum(1 for leaf in group if leaf.startswith("(X")) == width:
                parts.append("(P " + " ".join(group) + ")")
                group = []
        if group:
            parts.append("(P " + " ".join(group) + ")")
        lines.append("(S " + " ".join(parts) + ")\n")
    return "".join(lines).encode("utf-8")


def conllu(document: Document, is_empty) -> bytes:
    """CoNLL-U: each sentence's first word with characters is its root, every other word
    depends on it (a sentence of empty tokens alone: its first one)."""
    out = []
    for sentence in document:
        root = next((i for i, token in enumerate(sentence) if not is_empty(token)), 0) + 1
        out.append("# text = " + " ".join(sentence) + "\n")
        for i, token in enumerate(sentence, start=1):
            head, deprel = (0, "root") if i == root else (root, "nsubj")
            out.append(f"{i}\t{token}\t{token}\tNOUN\tNN\t_\t{head}\t{deprel}\t_\t_\n")
        out.append("\n")
    return "".join(out).encode("utf-8")


def m2(document: Document, is_empty) -> bytes:
    """M2: each sentence with one edit, its last word with characters replaced
    (a sentence of empty tokens alone: no edit)."""
    blocks = []
    for sentence in document:
        last = max((i for i, token in enumerate(sentence) if not is_empty(token)), default=None)
        edit = ("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0" if last is None
                else f"A {last} {last + 1}|||R:NOUN|||fix|||REQUIRED|||-NONE-|||0")
        blocks.append("S " + " ".join(sentence) + "\n" + edit + "\n")
    return "\n".join(blocks).encode("utf-8")
