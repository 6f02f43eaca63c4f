"""Bracketed (Penn Treebank style) trees: a fast, tolerant reader.

Contract: :func:`read_trees` turns text into a list of :class:`Tree` (plain
data, nothing scored) and raises :class:`jpcore.errors.InputError` naming the
file, the line, what was expected and what was found when the brackets do not
balance or a word stands where it cannot.  This is the reader of alignment
mode; EVALB legacy mode reads lines its own way
(:mod:`jpcore.tasks.evalb_reader`).

Tolerated: blank lines (skipped; line numbers are kept), trees printed over
several lines, several trees on one line, any root label (``TOP``, ``ROOT``,
the empty label of ``( (S ...))``) or none (``(S ...)``), and failed parses
such as ``(TOP ())`` (a tree without words).  Tokens follow EVALB's rules: a
label is what follows ``(`` up to whitespace or a bracket (possibly empty); a
node whose label is followed by one word and ``)`` is a pre-terminal (tag +
word).  ``(X)`` and ``(X )`` are nodes without words.  Whitespace is ASCII
whitespace (as in EVALB), so a word may contain e.g. a no-break space.

One pass over the text: every node gets its leaf span ``[start, end)`` when
it closes, so nothing is recomputed later.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from jpcore.errors import InputError, show

__all__ = ["Node", "Tree", "read_trees", "read_trees_bytes", "read_trees_file"]

# 1 "(" 2 label | 3 ")" | 4 word
_TOKEN = re.compile(r"(\()([^\s()]*)|(\))|([^\s()]+)", re.ASCII)


@dataclass(slots=True, eq=False)
class Node:
    """A bracket: ``label``, its ``children``, and the leaves it spans.

    A pre-terminal has ``word`` set (its label is the POS tag) and no
    children.  ``start``/``end`` index the tree's ``words``; ``line`` is the
    source line of the node's ``(``.
    """

    label: str
    children: list[Node] = field(default_factory=list)
    start: int = 0
    end: int = 0
    word: str | None = None
    line: int = 0

    @property
    def is_preterminal(self) -> bool:
        """True for ``(TAG word)``."""
        return self.word is not None

    def to_dict(self) -> dict:
        """Nested plain data (``word`` only on pre-terminals)."""
        data: dict = {"label": self.label, "start": self.start, "end": self.end, "line": self.line}
        if self.word is not None:
            data["word"] = self.word
        else:
            data["children"] = [child.to_dict() for child in self.children]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Node:
        """Inverse of :meth:`to_dict`."""
        return cls(
            label=data["label"],
            children=[cls.from_dict(c) for c in data.get("children", [])],
            start=data["start"],
            end=data["end"],
            word=data.get("word"),
            line=data["line"],
        )


@dataclass(slots=True, eq=False)
class Tree:
    """One tree: its root, its leaves (``words`` with POS ``tags``) and the
    source lines it spans (1-based, inclusive)."""

    root: Node
    words: list[str]
    tags: list[str]
    first_line: int
    last_line: int
    #: Every node in preorder, filled by the reader (or on first use).
    preorder: list[Node] = field(default_factory=list, repr=False)

    def __len__(self) -> int:
        return len(self.words)

    @property
    def is_empty(self) -> bool:
        """A tree without words, e.g. the failed parse ``(TOP ())``."""
        return not self.words

    def nodes(self) -> Iterator[Node]:
        """Every node in preorder (order of the opening brackets)."""
        if not self.preorder:
            todo = [self.root]
            while todo:
                node = todo.pop()
                self.preorder.append(node)
                todo.extend(reversed(node.children))
        return iter(self.preorder)

    def constituents(self) -> Iterator[Node]:
        """The nodes above the pre-terminals, in preorder (root included)."""
        return (node for node in self.nodes() if node.word is None)

    def to_string(self) -> str:
        """The tree on one line, PTB style."""
        out: list[str] = []
        todo: list[Node | str] = [self.root]
        while todo:
            item = todo.pop()
            if isinstance(item, str):
                out.append(item)
            elif item.word is not None:
                out.append(f"({item.label} {item.word})")
            else:
                out.append(f"({item.label}")
                todo.append(")")
                for child in reversed(item.children):
                    todo.append(child)
                    todo.append(" ")
        return "".join(out)

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {
            "root": self.root.to_dict(),
            "words": list(self.words),
            "tags": list(self.tags),
            "first_line": self.first_line,
            "last_line": self.last_line,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Tree:
        """Inverse of :meth:`to_dict`."""
        return cls(
            root=Node.from_dict(data["root"]),
            words=list(data["words"]),
            tags=list(data["tags"]),
            first_line=data["first_line"],
            last_line=data["last_line"],
        )


def read_trees(text: str, file: str = "<text>") -> list[Tree]:
    """All trees in ``text``, in order.

    Raises :class:`InputError` for a ``)`` without its ``(``, a ``(`` never
    closed (reported on the line of the innermost unclosed ``(``), a word
    outside any bracket, or a word where only brackets may stand
    (``(NP the cat)``, ``(S (NP x) y)``).
    """
    # Many small objects and no reference cycles: the cyclic collector would
    # only rescan the growing heap (it more than doubles the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _read(text, file)
    finally:
        if collecting:
            gc.enable()


def _read(text: str, file: str) -> list[Tree]:
    trees: list[Tree] = []
    stack: list[Node] = []
    words: list[str] = []
    tags: list[str] = []
    preorder: list[Node] = []
    first_line = 0
    for number, line in enumerate(text.split("\n"), start=1):
        for opening, label, closing, word in _TOKEN.findall(line):
            if opening:
                node = Node(label, [], len(words), 0, None, number)
                if stack:
                    parent = stack[-1]
                    if parent.word is not None:
                        raise InputError(
                            file, number, f"')' after the word {show(parent.word)}",
                            f"'(' of {show(label)}",
                        )
                    parent.children.append(node)
                else:
                    first_line = number
                stack.append(node)
                preorder.append(node)
            elif closing:
                if not stack:
                    raise InputError(
                        file, number, "'(' before ')'",
                        "')' with no open bracket (too many closing brackets)",
                    )
                node = stack.pop()
                node.end = len(words)
                if not stack:
                    trees.append(Tree(node, words, tags, first_line, number, preorder))
                    words = []
                    tags = []
                    preorder = []
            else:
                if not stack:
                    raise InputError(file, number, "'(' to start a tree", f"the word {show(word)}")
                node = stack[-1]
                if node.children:
                    raise InputError(
                        file, number, f"'(' or ')' inside {show(node.label)}",
                        f"the word {show(word)} next to brackets",
                    )
                if node.word is not None:
                    raise InputError(
                        file, number, f"')' after the word {show(node.word)}",
                        f"a second word {show(word)}",
                    )
                node.word = word
                words.append(word)
                tags.append(node.label)
    if stack:
        node = stack[-1]
        raise InputError(
            file, node.line, f"')' closing the '(' of {show(node.label)} opened on line {node.line}",
            "the end of the input (too many opening brackets)",
        )
    return trees


def read_trees_bytes(data: bytes, name: str) -> list[Tree]:
    """Read UTF-8 bytes of bracketed trees (a leading BOM is skipped).

    Bytes that are not UTF-8 raise :class:`InputError` naming the line.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(name, line, "UTF-8 text", f"the byte 0x{data[error.start]:02x}") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return read_trees(text, name)


def read_trees_file(path: str | Path) -> list[Tree]:
    """Read a UTF-8 file of bracketed trees (see :func:`read_trees`)."""
    return read_trees_bytes(Path(path).read_bytes(), str(path))
