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

import re
from array import array
from sys import intern
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from jpcore.errors import InputError, show
from jpcore.runtime import gc_paused

try:  # the C scanner (setup.py builds it; without it the Python reader does all the reading)
    import jpcore.formats._treescan as _treescan
except ImportError:  # pragma: no cover - a machine without a C compiler
    _treescan = None

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


#: The preorder of a tree still flat (shared: no empty list per tree).
_NO_NODES: tuple = ()


class Tree:
    """One tree: its root, its leaves (``words`` with POS ``tags``) and the
    source lines it spans (1-based, inclusive).

    A tree read by the C scanner keeps its nodes flat (:meth:`of_flat`) and
    makes the :class:`Node` objects the first time ``root``, ``preorder`` or
    :meth:`nodes` is read: scoring reads the flat form
    (:meth:`bracket_rows`) and most trees of a large file are never drawn.
    """

    __slots__ = ("_root", "words", "tags", "first_line", "last_line", "_preorder", "_flat")

    def __init__(self, root: Node, words: list[str], tags: list[str], first_line: int, last_line: int,
                 preorder: list[Node] | None = None) -> None:
        self._root: Node | None = root
        self.words = words
        self.tags = tags
        self.first_line = first_line
        self.last_line = last_line
        #: Every node in preorder, filled by the reader (or on first use).
        self._preorder: list[Node] = preorder if preorder is not None else []
        self._flat: tuple | None = None

    @classmethod
    def of_flat(cls, labels: list[str], node_words: list[str | None], ints: array, words: list[str],
                tags: list[str], first_line: int, last_line: int) -> Tree:
        """A tree given as its preorder nodes (``labels``, ``node_words`` and four ``ints``
        each: start, end, line, number of children), the form :meth:`__reduce__` pickles;
        its :class:`Node` objects are made when first read."""
        tree = cls.__new__(cls)
        tree._root = None
        tree.words = words
        tree.tags = tags
        tree.first_line = first_line
        tree.last_line = last_line
        tree._preorder = _NO_NODES  # no list per tree until its nodes are made (72 bytes a tree)
        tree._flat = (labels, node_words, ints)
        return tree

    @property
    def root(self) -> Node:
        """The root node."""
        if self._root is None:
            self._unflatten()
        return self._root  # type: ignore[return-value]

    @property
    def preorder(self) -> list[Node]:
        """Every node in preorder (root first)."""
        if not self._preorder:
            self._fill_preorder()
        return self._preorder

    def _unflatten(self) -> None:
        labels, node_words, ints = self._flat  # type: ignore[misc]
        fields = iter(ints)
        rows = list(zip(labels, node_words, fields, fields, fields, fields))
        nodes = [Node(label, () if word is not None else [], start, end, word, line)
                 for label, word, start, end, line, _ in rows]
        _link_preorder(nodes, [row[5] for row in rows])
        self._root, self._preorder, self._flat = nodes[0], nodes, None

    def _fill_preorder(self) -> None:
        if self._root is None:
            self._unflatten()
            return
        if self._preorder is _NO_NODES:
            self._preorder = []
        todo = [self._root]
        while todo:
            node = todo.pop()
            self._preorder.append(node)
            todo.extend(reversed(node.children))

    def flat(self) -> tuple[list[str], list[str | None], array]:
        """``(labels, node_words, ints)``: every node in preorder, its label, its word
        (``None`` above the pre-terminals) and four integers (start, end, line, number
        of children) -- the flat form :meth:`of_flat` takes, kept while no node was read,
        else made from the nodes."""
        if self._flat is not None:
            return self._flat
        nodes = self.preorder
        ints = [value for node in nodes for value in (node.start, node.end, node.line, len(node.children))]
        return [node.label for node in nodes], [node.word for node in nodes], _integers(ints)

    def is_flat(self) -> bool:
        """True while the tree keeps its flat form (no node made yet)."""
        return self._flat is not None

    def bracket_rows(self) -> Iterator[tuple[int, str, int, int]]:
        """``(preorder number, label, start, end)`` of every node above the pre-terminals,
        in preorder, read from the flat form when the tree still has it (no nodes made)."""
        if self._flat is not None:
            labels, node_words, ints = self._flat
            fields = iter(ints)
            for number, (label, word, start, end, _, _) in enumerate(
                    zip(labels, node_words, fields, fields, fields, fields)):
                if word is None:
                    yield number, label, start, end
            return
        for number, node in enumerate(self.preorder):
            if node.word is None:
                yield number, node.label, node.start, node.end

    def __repr__(self) -> str:
        return (f"Tree(root={self.root!r}, words={self.words!r}, tags={self.tags!r}, "
                f"first_line={self.first_line!r}, last_line={self.last_line!r})")

    def __len__(self) -> int:
        return len(self.words)

    def __reduce__(self) -> tuple:
        """Pickled as its preorder nodes in four lists (labels, words, integers, counts of
        children), not as linked objects: the pickler's memo then holds a few objects per
        tree instead of one per node (pickling the 2,416-tree section into the app's cache
        peaked at 130 MB above the result; a deep tree no longer recurses)."""
        return (_unpickled, (*self.flat(), self.words, self.tags, self.first_line, self.last_line))

    @property
    def is_empty(self) -> bool:
        """A tree without words, e.g. the failed parse ``(TOP ())``."""
        return not self.words

    def nodes(self) -> Iterator[Node]:
        """Every node in preorder (order of the opening brackets)."""
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
    """The tree :meth:`Tree.__reduce__` pickled (its nodes are linked again when first read)."""
    return Tree.of_flat(labels, node_words, ints, words, tags, first_line, last_line)


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
    if _treescan is not None:
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: the Python reader handles it
            data = None
        trees = _scanned(data) if data is not None else None
        if trees is not None:
            return trees
    return _read_checked(text, file)


def _scanned(data: bytes) -> list[Tree] | None:
    """The trees of clean UTF-8 ``data`` read by the C scanner; ``None`` without the
    scanner or when the input is not clean (the Python reader then says why)."""
    if _treescan is None:
        return None
    with gc_paused():  # many new lists, no cycles (see jpcore.runtime.gc_paused)
        scanned = _treescan.scan(data)
    if scanned is None:
        return None
    of_flat = Tree.of_flat
    trees = []
    add = trees.append
    for k, (labels, node_words, raw, words, tags, first_line, last_line) in enumerate(scanned):
        # bytes given to array() are its machine values (frombytes)
        add(of_flat(labels, node_words, array("i", raw), words, tags, first_line, last_line))
        scanned[k] = None  # its bytes go now, not after the last tree (a file's worth less at the peak)
    return trees


def _read_checked(text: str, file: str) -> list[Tree]:
    """The pure-Python reader: :func:`read_trees` without the scanner (the reference
    the scanner is tested against, and what reports every error)."""
    nul = text.find("\x00")
    if nul >= 0:
        raise InputError(file, _universal(text[:nul]).count("\n") + 1, "text",
                         "a NUL byte (is this a binary file?)")
    text = _universal(text)
    # Many small objects and no reference cycles: the cyclic collector would
    # only rescan the growing heap (it more than doubles the time).
    with gc_paused():
        return _read(text, file)


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
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    trees = _scanned(data)
    if trees is not None:
        return trees
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(name, line, "UTF-8 text", f"the byte 0x{data[error.start]:02x}") from None
    return _read_checked(text, name)


def read_trees_file(path: str | Path) -> list[Tree]:
    """Read a UTF-8 file of bracketed trees (see :func:`read_trees`)."""
    return read_trees_bytes(Path(path).read_bytes(), str(path))
