"""Bracketed (Penn Treebank style) trees: a fast, tolerant reader.

Contract: :func:`read_trees` turns text into a list of :class:`Tree` (plain
data, nothing scored) and raises :class:`jpcore.errors.InputError` naming the
file, the line, what was expected and what was found when the brackets do not
balance or a word stands where it cannot.  This is the reader of alignment
mode; EVALB legacy mode reads lines its own way
(:mod:`jpcore.peers.evalb.reader`).

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
from array import array
from sys import intern
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from jpcore.errors import InputError, show

__all__ = ["Node", "Tree", "read_trees", "read_trees_bytes", "read_trees_file"]

# 1 tag 2 word (a whole pre-terminal on one line) | 3 "(" 4 label | 5 ")" | 6 word
# Possessive quantifiers: each class stops where the next begins, so
# backtracking could never find another match (9% less time).
_TOKEN = re.compile(r"\(([^\s()]*+)\s++([^\s()]++)\s*+\)|(\()([^\s()]*+)|(\))|([^\s()]++)", re.ASCII)


@dataclass(slots=True, eq=False)
class Node:
    """A bracket: ``label``, its ``children``, and the leaves it spans.

    A pre-terminal has ``word`` set (its label is the POS tag) and no
    children (the reader gives it the empty tuple, not an empty list: 56
    bytes less for each of a treebank's words).  ``start``/``end`` index the
    tree's ``words``; ``line`` is the source line of the node's ``(``.
    """

    label: str
    children: list[Node] | tuple[()] = field(default_factory=list)
    start: int = 0
    end: int = 0
    word: str | None = None
    line: int = 0

    @property
    def is_preterminal(self) -> bool:
        """True for ``(TAG word)``."""
        return self.word is not None

    def to_dict(self) -> dict:
        """Nested plain data (``word`` only on pre-terminals); no recursion,
        so any depth is fine here (but see :data:`MAX_NESTED_DEPTH`)."""
        data = _node_data(self)
        todo = [(self, data)]
        while todo:
            node, out = todo.pop()
            if node.word is None:
                children = [_node_data(child) for child in node.children]
                out["children"] = children
                todo.extend(zip(node.children, children))
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Node:
        """Inverse of :meth:`to_dict` (no recursion)."""
        root = _node_of(data)
        todo = [(root, data)]
        while todo:
            node, item = todo.pop()
            for child_data in item.get("children", ()):
                child = _node_of(child_data)
                node.children.append(child)
                todo.append((child, child_data))
        return root


def _node_data(node: Node) -> dict:
    data: dict = {"label": node.label, "start": node.start, "end": node.end, "line": node.line}
    if node.word is not None:
        data["word"] = node.word
    return data


def _node_of(data: dict) -> Node:
    return Node(data["label"], [], data["start"], data["end"], data.get("word"), data["line"])


#: Deepest tree written as nested ``"root"`` data by :meth:`Tree.to_dict`;
#: deeper trees are written as a flat preorder ``"nodes"`` list, because
#: :mod:`json` recurses over nesting and gives up at about 490 levels of
#: nodes (Python's recursion limit), in both ``dumps`` and ``loads``.
MAX_NESTED_DEPTH = 200


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

    def __reduce__(self) -> tuple:
        """Pickled as its preorder nodes in four lists (labels, words, integers, counts of
        children), not as linked objects: the pickler's memo then holds a few objects per
        tree instead of one per node (pickling the 2,416-tree section into the app's cache
        peaked at 130 MB above the result; a deep tree no longer recurses)."""
        nodes = list(self.nodes())
        ints = [value for node in nodes for value in (node.start, node.end, node.line, len(node.children))]
        return (_unpickled, ([node.label for node in nodes], [node.word for node in nodes], _integers(ints),
                             self.words, self.tags, self.first_line, self.last_line))

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

    def depth(self) -> int:
        """Nodes on the longest root-to-leaf path (1 for a lone root)."""
        deepest = 0
        todo = [(self.root, 1)]
        while todo:
            node, level = todo.pop()
            deepest = max(deepest, level)
            todo.extend((child, level + 1) for child in node.children)
        return deepest

    def to_dict(self) -> dict:
        """Plain JSON-ready data.

        The nodes are nested under ``"root"`` (see :meth:`Node.to_dict`) up
        to :data:`MAX_NESTED_DEPTH`; a deeper tree (which :mod:`json` could
        not write or read back) has ``"nodes"`` instead: every node in
        preorder as ``[label, start, end, line, word, number of children]``.
        """
        data: dict = {}
        nodes = list(self.nodes())
        # no deeper than its number of nodes: depth() only for trees of more than 200 nodes
        if len(nodes) <= MAX_NESTED_DEPTH or self.depth() <= MAX_NESTED_DEPTH:
            data["root"] = _nested_data(nodes)
        else:
            data["nodes"] = [
                [node.label, node.start, node.end, node.line, node.word, len(node.children)]
                for node in self.nodes()
            ]
        data.update({
            "words": list(self.words),
            "tags": list(self.tags),
            "first_line": self.first_line,
            "last_line": self.last_line,
        })
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Tree:
        """Inverse of :meth:`to_dict` (either layout)."""
        root = Node.from_dict(data["root"]) if "root" in data else _tree_from_preorder(data["nodes"])
        return cls(
            root=root,
            words=list(data["words"]),
            tags=list(data["tags"]),
            first_line=data["first_line"],
            last_line=data["last_line"],
        )


def _integers(values: list[int]) -> array:
    """``values`` as 32-bit integers, or 64-bit when one does not fit."""
    try:
        return array("i", values)
    except OverflowError:
        return array("q", values)


def _unpickled(labels: list[str], node_words: list[str | None], ints: array, words: list[str], tags: list[str],
               first_line: int, last_line: int) -> Tree:
    """The tree :meth:`Tree.__reduce__` pickled: its nodes linked again, in preorder."""
    fields = iter(ints)
    rows = list(zip(labels, node_words, fields, fields, fields, fields))
    nodes = [Node(label, () if word is not None else [], start, end, word, line)
             for label, word, start, end, line, _ in rows]
    _link_preorder(nodes, [row[5] for row in rows])
    return Tree(nodes[0], words, tags, first_line, last_line, nodes)


def _link_preorder(nodes: list[Node], child_counts: list[int]) -> list[list]:
    """Attach each of ``nodes`` (a tree in preorder, ``child_counts`` children each) to the
    nearest node before it that still waits for children; return those still waiting at the
    end.  ``ValueError`` when a node after the first finds none waiting (a second tree)."""
    waiting: list[list] = []  # [node, children still to attach]
    for i, (node, n_children) in enumerate(zip(nodes, child_counts)):
        if waiting:
            parent = waiting[-1]
            parent[0].children.append(node)
            parent[1] -= 1
            if not parent[1]:
                waiting.pop()
        elif i:
            raise ValueError("the preorder node list holds more than one tree")
        if n_children:
            waiting.append([node, n_children])
    return waiting


def _nested_data(preorder: list[Node]) -> dict:
    """:meth:`Node.to_dict` of the root of ``preorder`` (a tree's nodes, root first),
    built in one pass over the list: each node's data joins the children of
    the nearest node above it that still waits for children."""
    root: dict = {}
    waiting: list[list] = []  # [children list, children still to come]
    for node in preorder:
        data = {"label": node.label, "start": node.start, "end": node.end, "line": node.line}
        if node.word is not None:
            data["word"] = node.word
        if waiting:
            parent = waiting[-1]
            parent[0].append(data)
            parent[1] -= 1
            if not parent[1]:
                waiting.pop()
        else:
            root = data
        if node.word is None:
            children = data["children"] = []
            if node.children:
                waiting.append([children, len(node.children)])
    return root


def _tree_from_preorder(rows: list) -> Node:
    """The root of the nodes listed by :meth:`Tree.to_dict` as ``"nodes"``."""
    if not rows:
        raise ValueError("a tree needs at least its root node")
    nodes = [Node(label, [], start, end, word, line) for label, start, end, line, word, _ in rows]
    if _link_preorder(nodes, [row[5] for row in rows]):
        raise ValueError("the preorder node list ends before every child is given")
    return nodes[0]


def read_trees(text: str, file: str = "<text>") -> list[Tree]:
    """All trees in ``text``, in order.

    Raises :class:`InputError` for a ``)`` without its ``(``, a ``(`` never
    closed (reported on the line of the innermost unclosed ``(``), a word
    outside any bracket, a word where only brackets may stand
    (``(NP the cat)``, ``(S (NP x) y)``) or a NUL character (a binary file).
    Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``.
    """
    nul = text.find("\x00")
    if nul >= 0:
        raise InputError(file, _universal(text[:nul]).count("\n") + 1, "text",
                         "a NUL byte (is this a binary file?)")
    text = _universal(text)
    # Many small objects and no reference cycles: the cyclic collector would
    # only rescan the growing heap (it more than doubles the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _read(text, file)
    finally:
        if collecting:
            gc.enable()


def _universal(text: str) -> str:
    """``text`` with every ``\\r\\n`` and lone ``\\r`` made ``\\n`` (line numbers
    count universal newlines, as every other reader does)."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _read(text: str, file: str) -> list[Tree]:
    trees: list[Tree] = []
    stack: list[Node] = []
    words: list[str] = []
    tags: list[str] = []
    preorder: list[Node] = []
    first_line = 0
    for number, line in enumerate(text.split("\n"), start=1):
        for tag, leaf, opening, label, closing, word in _TOKEN.findall(line):
            if leaf:
                # "(TAG word)": open, word and close at once (more than half the tokens)
                leaf = intern(leaf)  # one string per distinct word, in both files
                node = Node(intern(tag), (), len(words), len(words) + 1, leaf, number)
                if stack:
                    parent = stack[-1]
                    if parent.word is not None:
                        raise InputError(
                            file, number, f"')' after the word {show(parent.word)}",
                            f"'(' of {show(tag)}",
                        )
                    parent.children.append(node)
                    preorder.append(node)
                    words.append(leaf)
                    tags.append(node.label)
                else:
                    trees.append(Tree(node, [leaf], [node.label], number, number, [node]))
            elif opening:
                # a treebank has a few dozen labels: one string each, not one per bracket
                node = Node(intern(label), [], len(words), 0, None, number)
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
                node.word = word = intern(word)
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
