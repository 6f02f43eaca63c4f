"""What ``jpcore parseval --json`` writes: its schema and the invariants between its parts.

Contract: :data:`TOTALS` (the ``totals``), :data:`SCHEMA` (every key of the
JSON but those every task may add, which :mod:`jpcore.results.schemas`
adds) and :func:`invariants` (pairs in document order covering every
tree once, word units covering their pair's words, constituents inside their
pair, trees well formed); both raise
:class:`~jpcore.formats.json_schema.SchemaError` naming the field.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from jpcore.align import KINDS
from jpcore.formats.json_schema import MAX_INT, Bool, Int, Nullable, Num, Obj, Ref, Row, Seq, Str, Where
from jpcore.parseval.constituents import STATUSES
from jpcore.results.fields import (
    COUNT,
    KIND,
    NAME,
    NORMALISATION,
    PERCENT,
    RATIO,
    SHAPE,
    SPAN,
    TEXT,
    WORD_GROUP,
    fail,
    partition,
    words_cover,
)

_NODE = Ref()
_NODE.set(Obj({"label": TEXT, "start": COUNT, "end": COUNT, "line": Int(0, MAX_INT)},
              {"word": TEXT, "children": Seq(_NODE)}))
_PREORDER_ROW = Row((TEXT, COUNT, COUNT, Int(0, MAX_INT), Nullable(TEXT), COUNT))


def _one_layout(tree: dict[str, Any]) -> str | None:
    if ("root" in tree) == ("nodes" in tree):
        return "both" if "root" in tree else "neither"
    return None


_TREE = Where(
    Obj({"words": Seq(TEXT), "tags": Seq(TEXT), "first_line": Int(0, MAX_INT), "last_line": Int(0, MAX_INT)},
        {"root": _NODE, "nodes": Seq(_PREORDER_ROW, min_len=1)}),
    _one_layout, "a tree with either \"root\" or \"nodes\"",
)
_SUMMARY_INT = ("sentences", "errors", "skipped", "valid", "matched", "gold", "test", "cross", "words",
                "correct_tags", "complete", "no_crossing", "two_or_less_crossing")
_SUMMARY_SHARE = ("recall", "precision", "complete_match", "no_crossing_rate", "two_or_less_crossing_rate",
                  "tag_accuracy")
_SUMMARY = Obj({**{key: COUNT for key in _SUMMARY_INT}, **{key: PERCENT for key in _SUMMARY_SHARE},
                "f1": Nullable(PERCENT), "average_crossing": Num(0.0, float(MAX_INT))})
_CONSTITUENT = Row((TEXT, COUNT, COUNT, COUNT, COUNT, Str(choices=STATUSES), Bool(), Bool()))
_PAIR = Obj({
    "id": Int(1, MAX_INT), "gold_lines": Seq(SPAN), "sys_lines": Seq(SPAN), "length": COUNT,
    "status": Int(0, 0), "matched": COUNT, "gold": COUNT, "test": COUNT, "cross": COUNT, "words": COUNT,
    "correct_tags": COUNT, "recall": PERCENT, "precision": PERCENT, "tag_accuracy": PERCENT, "index": COUNT,
    "gold_trees": SPAN, "sys_trees": SPAN, "kind": KIND, "shape": SHAPE, "ratio": RATIO,
    "word_units": Seq(WORD_GROUP),
    "constituents": Obj({"gold": Seq(_CONSTITUENT), "sys": Seq(_CONSTITUENT)}),
})

#: The ``totals`` (parseval's scores are percentages).
TOTALS = Obj({**{key: COUNT for key in ("matched", "gold", "test", "cross", "words", "correct_tags")},
                        "recall": PERCENT, "precision": PERCENT, "f1": Nullable(PERCENT)})

#: Its JSON's own keys (the reader adds those every task may have).
SCHEMA = Obj({
    "task": Str(choices=("parseval",)),
    "mode": Str(choices=("alignment",)),
    "score_scale": Str(choices=("percent",)),
    "cutoff_len": Int(-(2**31), 2**31 - 1),
    "normalisation": NORMALISATION,
    "normalisation_description": Str(max_len=1000),
    "totals": TOTALS,
    "summary": Obj({"all": _SUMMARY, "cutoff": _SUMMARY}),
    "kinds": Obj({kind: COUNT for kind in KINDS}),
    "fields": Obj({"word_units": Seq(Str(max_len=40)), "constituents": Seq(Str(max_len=40))}),
    "groups": Seq(_PAIR),
    "gold": Obj({"name": NAME, "trees": Seq(_TREE)}),
    "system": Obj({"name": NAME, "trees": Seq(_TREE)}),
})


def _preorder(tree: dict[str, Any], path: str) -> list[tuple[str, int, int, bool, int]]:
    """Every node of a tree in preorder: (path, start, end, has a word, number of children)."""
    if "nodes" in tree:  # [label, start, end, line, word, number of children]
        return [(f"{path}.nodes[{i}]", row[1], row[2], row[4] is not None, row[5])
                for i, row in enumerate(tree["nodes"])]
    rows, todo = [], [(tree["root"], f"{path}.root")]
    while todo:
        node, where = todo.pop()
        children = node.get("children", [])
        rows.append((where, node["start"], node["end"], "word" in node, len(children)))
        todo.extend((child, f"{where}.children[{c}]") for c, child in reversed(list(enumerate(children))))
    return rows


def _tree_nodes(tree: dict[str, Any], path: str) -> int:
    """Check every node's span: within the tree's words, one word for a word, an
    empty span for a node without word or children, children following each other
    and covering their parent.  The number of nodes."""
    n_words = len(tree["words"])
    if len(tree["tags"]) != n_words:
        raise fail(f"{path}.tags", f"one tag per word ({n_words})", tree["tags"])
    if tree["first_line"] > tree["last_line"]:
        raise fail(f"{path}.last_line", f"a line from first_line ({tree['first_line']}) on", tree["last_line"])
    rows = _preorder(tree, path)
    open_nodes: list[list[Any]] = []  # [path, end, where the next child starts, children left]
    for where, start, end, has_word, n_children in rows:
        if not start <= end <= n_words:
            raise fail(where, f"a span within the tree's {n_words} words", f"[{start}, {end}]")
        if open_nodes and start != open_nodes[-1][2]:
            raise fail(where, f"a span starting at word {open_nodes[-1][2]} (children follow each other)",
                       f"[{start}, {end}]")
        if has_word and (n_children or end != start + 1):
            raise fail(where, "a word with a span of one word and no children", f"[{start}, {end}]")
        if not has_word and not n_children and end != start:
            raise fail(where, "an empty span for a node without word or children", f"[{start}, {end}]")
        if n_children:
            open_nodes.append([where, end, start, n_children])
            continue
        finished = end
        while open_nodes:  # this node is done: so may be its parents
            parent = open_nodes[-1]
            parent[2], parent[3] = finished, parent[3] - 1
            if parent[3]:
                break
            open_nodes.pop()
            if parent[2] != parent[1]:
                raise fail(parent[0], f"a span ending where its children end (word {parent[2]})",
                           f"one ending at word {parent[1]}")
            finished = parent[1]
    return len(rows)


def invariants(data: dict[str, Any]) -> None:
    sides = {}
    for side in ("gold", "system"):
        trees = data[side]["trees"]
        nodes = [_tree_nodes(tree, f"{side}.trees[{t}]") for t, tree in enumerate(trees)]
        sides[side] = (nodes, [0, *accumulate(len(tree["words"]) for tree in trees)])
    pairs = data["groups"]
    partition([(f"groups[{i}].gold_trees", p["gold_trees"]) for i, p in enumerate(pairs)],
              len(sides["gold"][0]), "gold trees")
    partition([(f"groups[{i}].sys_trees", p["sys_trees"]) for i, p in enumerate(pairs)],
              len(sides["system"][0]), "system trees")
    for i, pair in enumerate(pairs):
        path = f"groups[{i}]"
        if pair["index"] != i or pair["id"] != i + 1:
            raise fail(f"{path}.index", f"{i} (pairs are numbered in order, id {i + 1})", pair["index"])
        for key, side in (("gold_trees", "gold"), ("sys_trees", "system")):
            start, end = pair[key]
            lines_key = "gold_lines" if side == "gold" else "sys_lines"
            if len(pair[lines_key]) != end - start:
                raise fail(f"{path}.{lines_key}", f"one [first, last] line per tree ({end - start})", pair[lines_key])
        words = pair["word_units"]
        words_cover(words, (sides["gold"][1][pair["gold_trees"][0]], sides["gold"][1][pair["gold_trees"][1]]),
                    0, f"{path}.word_units")
        words_cover(words, (sides["system"][1][pair["sys_trees"][0]], sides["system"][1][pair["sys_trees"][1]]),
                    1, f"{path}.word_units")
        for key, side, trees_key in (("gold", "gold", "gold_trees"), ("sys", "system", "sys_trees")):
            first, last = pair[trees_key]
            for c, (_label, start, end, tree, node, *_rest) in enumerate(pair["constituents"][key]):
                where = f"{path}.constituents.{key}[{c}]"
                if not start <= end <= len(words):
                    raise fail(where, f"a span within the pair's {len(words)} word units", f"[{start}, {end}]")
                if not first <= tree < last or node >= sides[side][0][tree]:
                    raise fail(where, f"a node of the pair's {side} trees {first} to {last - 1}",
                               f"tree {tree}, node {node}")
