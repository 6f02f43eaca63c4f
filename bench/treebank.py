"""A treebank test section of real size for PARSEVAL, that EVALB reads to the end.

EVALB's sample repeated is no good for timing EVALB with ``COLLINS.prm``:
the sample has errors on purpose and EVALB stops after ``MAX_ERROR`` (10)
of them.  :func:`section` builds a set the size of the Penn Treebank's test
section 23 (2,416 trees, about 57,000 words) from the trees in
``../shared/data/parseval``:

* gold: EVALB's five ``bug.gld`` trees (real treebank sentences of 21-48
  words, 177 in all) and its 24 ``sample.gld`` trees (4-5 words each),
  1,450 and 966 trees, interleaved 3 : 2 (56,874 words);
* system: every gold tree perturbed as a parser errs, with a fixed seed
  (:class:`random.Random`), never touching a word, a punctuation tag or
  ``-NONE-`` (EVALB would count another length): a constituent is
  relabelled (6 %) or flattened into its parent (5 %), two neighbouring
  siblings get a new ``NP`` bracket (3 % per child), the last child of a
  constituent is attached to its right neighbour instead (4 %: brackets
  that cross), a POS tag changes (4 %).

Same words on both sides, so EVALB scores every sentence (no "Length
unmatch", no error at all): about 88 % bracket F1 with some crossing
brackets, as a decent parser gets.
"""

from __future__ import annotations

import random

from bench.shared_data import SHARED_DATA
from jpcore.formats.trees import Node, read_trees_bytes

DIST = SHARED_DATA / "parseval" / "evalb-dist"
COLLINS_PRM = DIST / "COLLINS.prm"
#: Trees of each source in the section (PTB section 23 has 2,416 trees).
BUG_TREES, SAMPLE_TREES = 1_450, 966
#: Tags and labels a perturbation never touches or produces.
FIXED = frozenset({",", ":", "``", "''", ".", "-NONE-", "TOP", "-LRB-", "-RRB-", "#", "$", ""})
SEED = 23

#: A tree as plain data: ``(tag, word)`` for a pre-terminal, ``[label, children]`` above.
Item = "tuple[str, str] | list"


def _plain(node: Node) -> Item:
    if node.word is not None:
        return (node.label, node.word)
    return [node.label, [_plain(child) for child in node.children]]


def _perturbed(item: Item, rng: random.Random, labels: list[str], tags: list[str], root: bool) -> list[Item]:
    """``item`` as a parser might have got it (a list: a flattened bracket gives its children)."""
    if isinstance(item, tuple):
        tag, word = item
        if tag not in FIXED and rng.random() < 0.04:
            tag = rng.choice(tags)
        return [(tag, word)]
    label, children = item
    children = [out for child in children for out in _perturbed(child, rng, labels, tags, False)]
    k = 0
    while k < len(children) - 1:
        here, right = children[k], children[k + 1]
        if isinstance(here, list) and len(here[1]) > 1 and rng.random() < 0.04:
            # attach here's last child to its right neighbour: [a b] c -> [a] [b c]
            children[k:k + 2] = [[here[0], here[1][:-1]], ["NP", [here[1][-1], right]]]
        elif rng.random() < 0.03:
            children[k:k + 2] = [["NP", [here, right]]]
        k += 1
    if not root and rng.random() < 0.05:
        return children
    if not root and label not in FIXED and rng.random() < 0.06:
        label = rng.choice(labels)
    return [[label, children]]


def _text(item: Item) -> str:
    out: list[str] = []
    todo: list = [item]
    while todo:
        piece = todo.pop()
        if isinstance(piece, str):
            out.append(piece)
        elif isinstance(piece, tuple):
            out.append(f"({piece[0]} {piece[1]})")
        else:
            out.append(f"({piece[0]}")
            todo.append(")")
            for child in reversed(piece[1]):
                todo.append(child)
                todo.append(" ")
    return "".join(out) + "\n"


def section(bug_trees: int = BUG_TREES, sample_trees: int = SAMPLE_TREES, seed: int = SEED) -> tuple[bytes, bytes]:
    """``(gold, system)`` bytes, one tree per line (see the module doc)."""
    bug = [_plain(t.root) for t in read_trees_bytes((DIST / "bug" / "bug.gld").read_bytes(), "bug.gld")]
    sample = [_plain(t.root) for t in read_trees_bytes((DIST / "sample" / "sample.gld").read_bytes(), "sample.gld")]
    trees = read_trees_bytes((DIST / "bug" / "bug.gld").read_bytes(), "bug.gld")
    labels = sorted({n.label.split("-")[0] for t in trees for n in t.nodes() if n.word is None} - FIXED)
    tags = sorted({tag for t in trees for tag in t.tags} - FIXED)
    rng = random.Random(seed)
    gold: list[str] = []
    system: list[str] = []
    b = s = 0
    while b < bug_trees or s < sample_trees:  # 3 bug trees, then 2 sample trees
        chosen = [bug[(b + i) % len(bug)] for i in range(min(3, bug_trees - b))]
        chosen += [sample[(s + i) % len(sample)] for i in range(min(2, sample_trees - s))]
        b, s = min(b + 3, bug_trees), min(s + 2, sample_trees)
        for tree in chosen:
            gold.append(_text(tree))
            system.append(_text(_perturbed(tree, rng, labels, tags, True)[0]))
    return "".join(gold).encode("utf-8"), "".join(system).encode("utf-8")


def plain(node: Node) -> Item:
    """A tree's root as plain data: ``(tag, word)`` for a pre-terminal, ``[label, children]`` above."""
    return _plain(node)


def perturbed(item: Item, rng: random.Random, labels: list[str], tags: list[str]) -> Item:
    """A root item (:func:`plain`) as a parser might have got it (module doc); words untouched."""
    return _perturbed(item, rng, labels, tags, True)[0]


def text(item: Item) -> str:
    """A plain tree on one line, PTB style, with its newline."""
    return _text(item)
