"""What a saved result may hold: one schema per task, and the invariants between its parts.

Contract: :data:`SCHEMAS` maps a task (``preprocess``, ``parseval``,
``gec``, ``ud``) to the schema of the JSON that ``jpcore TASK --json`` and the
app's JSON download write (:mod:`jpcore.formats.json_schema`), with the keys
the shared options add (:func:`extra_keys`: ``totals_by_shape``,
``comparison``, ``oracle``; gec's ``hyp_from_text``): every key,
its type, the enums (kinds, shapes, statuses, levels, modes), the ranges
of the numbers.  :data:`INVARIANTS` maps a task to a function that checks,
once the schema holds, what the pages rely on between the parts: units in
document order covering every sentence (tree, block) once, word groups
covering their unit's tokens, constituents inside their pair, the totals
equal to the sum of the units.  Both raise
:class:`~jpcore.formats.json_schema.SchemaError` naming the field.
Derived values (precisions, shapes, ratios, kinds counts, edit statuses)
are checked by :func:`jpcore.results.reader.read_result_json`, which
rebuilds the result and compares what it would write.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate
from typing import Any

from jpcore.align import KINDS
from jpcore.formats.json_schema import (
    MAX_INT,
    Bool,
    Int,
    Map,
    Nullable,
    Num,
    Obj,
    Ref,
    Row,
    Schema,
    SchemaError,
    Seq,
    Str,
    Where,
    describe,
)
from jpcore.align.similarity import known_languages
from jpcore.extras.options import MAX_SAMPLES, MAX_SEED
from jpcore.extras.options import METHODS as COMPARISON_METHODS
from jpcore.peers.errant_compare import MODES
from jpcore.gec.from_text import ANNOTATORS
from jpcore.gec.options import NOOP_RULES
from jpcore.parseval.result import STATUSES
from jpcore.ud.metrics import CONTENT_DEPRELS, CONTENT_METRICS, METRICS, PAIR_METRICS, main_type

#: A file name or a label shown in the app.
NAME = Str(max_len=4096)
#: Counts, indices and character offsets.
COUNT = Int(0, MAX_INT)
#: 1-based line numbers.
LINE = Int(1, MAX_INT)
KIND = Str(choices=KINDS)
SHAPE = Str(max_len=3, pattern=r"[01nm]:[01n]")
RATIO = Str(max_len=40, pattern=r"\d{1,15}:\d{1,15}")
SPAN = Row((COUNT, COUNT))
LEVEL = Str(choices=("tokens", "words"))
#: A proportion (preprocess, gec) or a percentage (parseval).
SHARE = Num(0.0, 1.0)
PERCENT = Num(0.0, 100.0)
#: A token, word, label, tag or correction: any text of the file (never empty where noted).
TEXT = Str()
TOKEN = Str(min_len=1)
NORMALISATION = Obj({"name": Str(choices=tuple(known_languages())), "contractions": Bool(), "casefold": Bool()})

# --- what every task's JSON may add: totals by shape, a comparison, an oracle --------

#: A score of any task (a share, or parseval's percent) and a difference of two.
SCORE = Num(0.0, 100.0)
DIFFERENCE = Num(-100.0, 100.0)
_COMMON_UNIT = Obj({"gold": SPAN, "sys_a": SPAN, "sys_b": SPAN})
_SYS_STATS = Obj({"mean": SCORE, "median": SCORE, "lower_bound": SCORE, "upper_bound": SCORE})


def extra_keys(totals: Obj) -> dict[str, Schema]:
    """The optional keys of a task whose ``totals`` have the schema ``totals``:
    ``totals_by_shape`` (:meth:`totals_by_shape` of every result), ``comparison``
    (:class:`jpcore.extras.comparison.ComparisonRun`) and ``oracle``
    (:class:`jpcore.extras.oracle.OracleRun`); their figures are checked once
    the result is rebuilt (:mod:`jpcore.results.reader`)."""
    comparison = Obj({
        "measure": Str(max_len=100), "label": Str(max_len=100), "system_a": NAME, "system_b": NAME,
        "totals_b": totals, "counts": Seq(Str(max_len=40), max_len=10),
        "unit_counts": Obj({"a": Seq(Seq(COUNT, max_len=10)), "b": Seq(Seq(COUNT, max_len=10))}),
        "method": Str(choices=COMPARISON_METHODS), "metric": Str(max_len=100),
        "score_a": SCORE, "score_b": SCORE, "difference": DIFFERENCE, "confidence": Num(0.0, 1.0),
        "interval": Nullable(Row((DIFFERENCE, DIFFERENCE))), "p_value": SHARE,
        "samples": Int(1, MAX_SAMPLES), "seed": Int(0, MAX_SEED), "sample_ratio": Nullable(Num(0.0, 1e6)),
        "wins": Nullable(Obj({"a": COUNT, "b": COUNT, "tie": COUNT})),
        "details": Obj({}, {"win_ratios": Obj({"sys1": SHARE, "sys2": SHARE, "tie": SHARE}),
                            "sys_stats": Seq(_SYS_STATS, max_len=2)}),
        "units": Seq(_COMMON_UNIT),
    })
    stage = Obj({"measure": Str(max_len=100), "label": Str(max_len=100), "best": SCORE,
                 "counts": Obj({"end_to_end": Seq(COUNT, max_len=10), "oracle": Seq(COUNT, max_len=10)}),
                 "end_to_end": SCORE, "oracle": SCORE, "segmentation": DIFFERENCE, "task": DIFFERENCE})
    oracle = Obj({"name": NAME, "totals": totals, "shapes": Map(COUNT, key=SHAPE),
                  "counts": Seq(Str(max_len=40), max_len=10), "stages": Seq(stage, max_len=100)})
    return {"totals_by_shape": Map(totals, key=SHAPE), "comparison": comparison, "oracle": oracle}


# --- preprocess ----------------------------------------------------------------------

_COUNTS3 = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT})
_COUNTS = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT, "gold": COUNT, "system": COUNT,
               "precision": SHARE, "recall": SHARE, "f1": SHARE})
_WORD = Row((COUNT, COUNT, COUNT, COUNT, KIND, COUNT, COUNT, COUNT, COUNT))
_UNIT = Obj(
    {"index": COUNT, "gold": SPAN, "sys": SPAN, "gold_chars": SPAN, "sys_chars": SPAN, "kind": KIND,
     "shape": SHAPE, "ratio": RATIO, "sentences": _COUNTS3, "tokens": _COUNTS3, "words": Seq(_WORD)},
    {"raw_chars": SPAN},
)
_SENTENCE = Obj(
    {"tokens": Seq(TOKEN), "line": LINE},
    {"token_lines": Seq(LINE), "text": TEXT, "sent_id": TEXT, "newdoc": Bool(), "newpar": Bool(),
     "upos": Seq(Str(min_len=1, max_len=100)),
     # CoNLL-U at the words level: the multiword tokens, [first word, end, surface form]
     "multiword": Seq(Row((COUNT, COUNT, TEXT)))},
)
_SEGMENTATION = Obj({"name": NAME, "format": Str(choices=("text", "conllu", "tokenizer output")),
                     "level": LEVEL, "sentences": Seq(_SENTENCE)})
_DIFFERENCE = Obj({"gold_chars": SPAN, "sys_chars": SPAN, "gold_text": TEXT, "sys_text": TEXT,
                   "gold_line": Nullable(LINE), "sys_line": Nullable(LINE)})

_PREPROCESS_TOTALS = Obj({"sentences": _COUNTS, "tokens": _COUNTS})

PREPROCESS = Obj({
    "task": Str(choices=("preprocess",)),
    "level": LEVEL,
    "normalisation": NORMALISATION,
    "normalisation_description": Str(max_len=1000),
    "totals": _PREPROCESS_TOTALS,
    "shapes": Map(COUNT, key=SHAPE),
    "kinds": Obj({kind: COUNT for kind in KINDS}),
    "streams_equal": Bool(),
    "differences": Seq(_DIFFERENCE),
    "units": Seq(_UNIT),
    "gold": _SEGMENTATION,
    "system": _SEGMENTATION,
}, extra_keys(_PREPROCESS_TOTALS))

# --- parseval ------------------------------------------------------------------------

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
    "word_units": Seq(_WORD),
    "constituents": Obj({"gold": Seq(_CONSTITUENT), "sys": Seq(_CONSTITUENT)}),
})

_PARSEVAL_TOTALS = Obj({**{key: COUNT for key in ("matched", "gold", "test", "cross", "words", "correct_tags")},
                        "recall": PERCENT, "precision": PERCENT, "f1": Nullable(PERCENT)})

PARSEVAL = Obj({
    "task": Str(choices=("parseval",)),
    "mode": Str(choices=("alignment",)),
    "score_scale": Str(choices=("percent",)),
    "cutoff_len": Int(-(2**31), 2**31 - 1),
    "normalisation": NORMALISATION,
    "normalisation_description": Str(max_len=1000),
    "totals": _PARSEVAL_TOTALS,
    "summary": Obj({"all": _SUMMARY, "cutoff": _SUMMARY}),
    "kinds": Obj({kind: COUNT for kind in KINDS}),
    "fields": Obj({"word_units": Seq(Str(max_len=40)), "constituents": Seq(Str(max_len=40))}),
    "groups": Seq(_PAIR),
    "gold": Obj({"name": NAME, "trees": Seq(_TREE)}),
    "system": Obj({"name": NAME, "trees": Seq(_TREE)}),
}, extra_keys(_PARSEVAL_TOTALS))

# --- gec -----------------------------------------------------------------------------

_OFFSET = Int(-1, MAX_INT)  # -1 -1: a noop edit
_CODER = Int(-MAX_INT, MAX_INT)
_TYPE_COUNTS = Map(Row((COUNT, COUNT, COUNT)), key=Str(max_len=10_000))
_EDIT_STATUSES = ("TP", "FP", "FN", "noop", "filtered", "other", "partial", "unscored")
_EDIT = Obj({"side": Str(choices=("hyp", "ref")), "index": COUNT, "line": LINE, "start": _OFFSET,
             "end": _OFFSET, "type": TEXT, "cor": TEXT, "coder": _CODER, "status": Str(choices=_EDIT_STATUSES),
             "partners": Seq(COUNT)})
_GEC_SIDE = Obj({"blocks": Seq(COUNT), "lines": Seq(Int(0, MAX_INT)), "offsets": Seq(COUNT),
                 "origins": Nullable(Seq(Nullable(Row((COUNT, COUNT))))),
                 "dropped": Seq(Row((COUNT, COUNT, _OFFSET, _OFFSET, TEXT, TEXT, _CODER)))})
_GEC_UNIT = Obj({"index": COUNT, "kind": KIND, "gold": SPAN, "sys": SPAN, "similarity": Nullable(SHARE),
                 "hyp": _GEC_SIDE, "ref": _GEC_SIDE, "tp": COUNT, "fp": COUNT, "fn": COUNT,
                 "hyp_coder": _CODER, "ref_coder": _CODER})
_GEC_SENTENCE = Obj({"index": COUNT, "hyp_coder": _CODER, "ref_coder": _CODER, "tp": COUNT, "fp": COUNT,
                     "fn": COUNT, "categories": _TYPE_COUNTS,
                     "candidates": Seq(Row((_CODER, _CODER, COUNT, COUNT, COUNT))),
                     "hyp_line": Int(0, MAX_INT), "ref_line": Int(0, MAX_INT), "hyp_block": TEXT,
                     "ref_block": TEXT, "hyp_edits": Seq(_EDIT), "ref_edits": Seq(_EDIT)})
_DOCUMENT = Obj({"name": NAME, "blocks": COUNT, "leading": TEXT, "trailing": TEXT,
                 "newline": Str(choices=("\n", "\r\n", "\r")), "bom": Bool()})

_GEC_TOTALS = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT, "precision": SHARE, "recall": SHARE, "f": SHARE})
#: What ``--json`` says of a system given as text (``jpcore gec -orig -cor``).
_HYP_FROM_TEXT = Obj({"orig": NAME, "cor": NAME, "annotator": Str(choices=ANNOTATORS), "types": Str(max_len=1000)})

GEC = Obj(
    {
        "task": Str(choices=("gec",)),
        "scorer": Str(max_len=200),
        "totals": _GEC_TOTALS,
        "noop_rule": Str(choices=NOOP_RULES),
        "alpha": SHARE,
        "alignment": Obj({"aligner": Str(max_len=200), "similarity": Str(max_len=400),
                          "normalisation": Str(max_len=40), "strict": Bool(), "aligned": Bool(),
                          "reason": Str(max_len=1000), "hyp_name": NAME, "ref_name": NAME,
                          "hyp_sentences": COUNT, "ref_sentences": COUNT, "kinds": Map(COUNT, key=KIND)}),
        "notes": Seq(Str(max_len=10_000)),
        "options": Obj({"beta": Num(0.0, 1e6), "mode": Str(choices=MODES), "single": Bool(), "multi": Bool(),
                        "filt": Seq(Str(max_len=1000)), "cat": Nullable(Int(1, 3)), "verbose": Bool()}),
        "hyp": _DOCUMENT,
        "ref": _DOCUMENT,
        "categories": _TYPE_COUNTS,
        "units": Seq(_GEC_UNIT),
        "sentences": Seq(_GEC_SENTENCE),
    },
    {"category_table": Seq(Row((TEXT, COUNT, COUNT, COUNT, SHARE, SHARE, SHARE))),
     **extra_keys(_GEC_TOTALS), "hyp_from_text": _HYP_FROM_TEXT},
)

# --- ud --------------------------------------------------------------------------------

_UD_SCORE = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT, "gold": COUNT, "system": COUNT, "precision": SHARE,
                 "recall": SHARE, "f1": SHARE, "aligned": Nullable(COUNT), "aligned_accuracy": Nullable(SHARE)})
#: A unit's counts of one metric: tp, gold, system, aligned (null for Tokens, Sentences, Words).
_UD_COUNTS = Row((COUNT, COUNT, COUNT, Nullable(COUNT)))
#: An aligned pair: gold word, system word, the metrics it is correct for (bit k: PAIR_METRICS[k]).
_UD_PAIR = Row((COUNT, COUNT, Int(0, (1 << len(PAIR_METRICS)) - 1)))
_UD_UNIT = Obj({"index": COUNT, "gold": SPAN, "sys": SPAN, "gold_chars": SPAN, "sys_chars": SPAN, "kind": KIND,
                "shape": SHAPE, "ratio": RATIO, "counts": Obj({name: _UD_COUNTS for name in METRICS}),
                "words": Seq(_WORD), "pairs": Seq(_UD_PAIR)})
_COLUMN = Seq(Str(min_len=1))
_TREEBANK = Obj({"segmentation": _SEGMENTATION,
                 "columns": Obj({"lemma": _COLUMN, "upos": _COLUMN, "xpos": _COLUMN, "feats": _COLUMN,
                                 "head": Seq(COUNT), "deprel": _COLUMN})})
_UD_TOTALS = Obj({name: _UD_SCORE for name in METRICS})
UD = Obj({
    "task": Str(choices=("ud",)),
    "metrics": Seq(Str(choices=METRICS)),
    "flags": Seq(Str(choices=PAIR_METRICS)),
    "totals": _UD_TOTALS,
    "shapes": Map(COUNT, key=SHAPE),
    "kinds": Obj({kind: COUNT for kind in KINDS}),
    "streams_equal": Bool(),
    "differences": Seq(_DIFFERENCE),
    "units": Seq(_UD_UNIT),
    "gold": _TREEBANK,
    "system": _TREEBANK,
}, extra_keys(_UD_TOTALS))

#: The schema of each task's JSON.
SCHEMAS: dict[str, Schema] = {"preprocess": PREPROCESS, "parseval": PARSEVAL, "gec": GEC, "ud": UD}


# --- invariants ----------------------------------------------------------------------


def _fail(path: str, expected: str, found: Any) -> SchemaError:
    return SchemaError(path, expected, found if isinstance(found, str) else describe(found))


def _partition(spans: list[tuple[str, list[int]]], total: int, what: str) -> None:
    """``spans`` (path, [start, end]) follow each other from 0 to ``total``."""
    at = 0
    for path, (start, end) in spans:
        if start != at or end < start:
            raise _fail(path, f"[{at}, n] with n >= {at} (the units cover the {what} in order)", f"[{start}, {end}]")
        at = end
    if at != total:
        where = spans[-1][0] if spans else "units"
        raise _fail(where, f"units covering all {total:,} {what}", f"units ending at {at:,}")


def _segment_sizes(side: dict[str, Any], path: str) -> list[int]:
    """Each sentence's token count, checking that per-token lists have one entry per token."""
    sizes = []
    for i, sentence in enumerate(side["sentences"]):
        n = len(sentence["tokens"])
        for key in ("token_lines", "upos"):
            if key in sentence and len(sentence[key]) != n:
                raise _fail(f"{path}.sentences[{i}].{key}", f"one entry per token ({n})", sentence[key])
        end = 0
        for m, (first, last, _form) in enumerate(sentence.get("multiword", ())):
            if not end <= first < last <= n:
                raise _fail(f"{path}.sentences[{i}].multiword[{m}]",
                            f"a word range in order within the sentence's {n} words", f"[{first}, {last}]")
            end = last
        sizes.append(n)
    return sizes


def _words_cover(words: list[list], tokens: tuple[int, int], side: int, path: str) -> None:
    """The word groups' ranges on ``side`` (0 gold, 1 system) cover ``tokens`` in order."""
    at, stop = tokens
    for w, word in enumerate(words):
        start, end = word[2 * side], word[2 * side + 1]
        if start != at or end < start:
            raise _fail(f"{path}[{w}]", f"a word group starting at token {at} on the "
                        f"{'gold' if side == 0 else 'system'} side", f"[{start}, {end}]")
        at = end
    if at != stop:
        raise _fail(path, f"word groups covering tokens {tokens[0]} to {stop}", f"groups ending at {at}")


def _same_totals(totals: dict[str, Any], sums: dict[str, int], path: str) -> None:
    for key, value in sums.items():
        if totals[key] != value:
            raise _fail(f"{path}.{key}", f"the sum over the units, {value:,}", totals[key])


def _preprocess(data: dict[str, Any]) -> None:
    from jpcore.preprocess import group_counts
    from jpcore.align import Group

    gold_sizes, sys_sizes = _segment_sizes(data["gold"], "gold"), _segment_sizes(data["system"], "system")
    gold_starts, sys_starts = [0, *accumulate(gold_sizes)], [0, *accumulate(sys_sizes)]
    units = data["units"]
    _partition([(f"units[{i}].gold", u["gold"]) for i, u in enumerate(units)], len(gold_sizes), "gold sentences")
    _partition([(f"units[{i}].sys", u["sys"]) for i, u in enumerate(units)], len(sys_sizes), "system sentences")
    sums = {"sentences": [0, 0, 0], "tokens": [0, 0, 0]}
    for i, unit in enumerate(units):
        if unit["index"] != i:
            raise _fail(f"units[{i}].index", f"{i} (units are numbered in order)", unit["index"])
        for key in ("gold_chars", "sys_chars", "raw_chars"):
            if key in unit and unit[key][0] > unit[key][1]:
                raise _fail(f"units[{i}].{key}", "[start, end] with start <= end", unit[key])
        words = unit["words"]
        _words_cover(words, (gold_starts[unit["gold"][0]], gold_starts[unit["gold"][1]]), 0, f"units[{i}].words")
        _words_cover(words, (sys_starts[unit["sys"][0]], sys_starts[unit["sys"][1]]), 1, f"units[{i}].words")
        tp = fp = fn = 0
        for w in words:
            counts = group_counts(Group((w[0], w[1]), (w[2], w[3]), (w[5], w[6]), (w[7], w[8]), w[4]))
            tp, fp, fn = tp + counts.tp, fp + counts.fp, fn + counts.fn
        if (unit["tokens"]["tp"], unit["tokens"]["fp"], unit["tokens"]["fn"]) != (tp, fp, fn):
            raise _fail(f"units[{i}].tokens", f"the counts of its word groups, tp {tp}, fp {fp}, fn {fn}",
                        unit["tokens"])
        unit_counts = group_counts(Group(tuple(unit["gold"]), tuple(unit["sys"]), (0, 0), (0, 0), unit["kind"]))
        if (unit["sentences"]["tp"], unit["sentences"]["fp"], unit["sentences"]["fn"]) != unit_counts.as_tuple():
            raise _fail(f"units[{i}].sentences", "the counts of its sentences, tp {}, fp {}, fn {}".format(
                *unit_counts.as_tuple()), unit["sentences"])
        for key in ("sentences", "tokens"):
            for k, name in enumerate(("tp", "fp", "fn")):
                sums[key][k] += unit[key][name]
    for key in ("sentences", "tokens"):
        _same_totals(data["totals"][key], dict(zip(("tp", "fp", "fn"), sums[key])), f"totals.{key}")


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
        raise _fail(f"{path}.tags", f"one tag per word ({n_words})", tree["tags"])
    if tree["first_line"] > tree["last_line"]:
        raise _fail(f"{path}.last_line", f"a line from first_line ({tree['first_line']}) on", tree["last_line"])
    rows = _preorder(tree, path)
    open_nodes: list[list[Any]] = []  # [path, end, where the next child starts, children left]
    for where, start, end, has_word, n_children in rows:
        if not start <= end <= n_words:
            raise _fail(where, f"a span within the tree's {n_words} words", f"[{start}, {end}]")
        if open_nodes and start != open_nodes[-1][2]:
            raise _fail(where, f"a span starting at word {open_nodes[-1][2]} (children follow each other)",
                        f"[{start}, {end}]")
        if has_word and (n_children or end != start + 1):
            raise _fail(where, "a word with a span of one word and no children", f"[{start}, {end}]")
        if not has_word and not n_children and end != start:
            raise _fail(where, "an empty span for a node without word or children", f"[{start}, {end}]")
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
                raise _fail(parent[0], f"a span ending where its children end (word {parent[2]})",
                            f"one ending at word {parent[1]}")
            finished = parent[1]
    return len(rows)


def _parseval(data: dict[str, Any]) -> None:
    sides = {}
    for side in ("gold", "system"):
        trees = data[side]["trees"]
        nodes = [_tree_nodes(tree, f"{side}.trees[{t}]") for t, tree in enumerate(trees)]
        sides[side] = (nodes, [0, *accumulate(len(tree["words"]) for tree in trees)])
    pairs = data["groups"]
    _partition([(f"groups[{i}].gold_trees", p["gold_trees"]) for i, p in enumerate(pairs)],
               len(sides["gold"][0]), "gold trees")
    _partition([(f"groups[{i}].sys_trees", p["sys_trees"]) for i, p in enumerate(pairs)],
               len(sides["system"][0]), "system trees")
    for i, pair in enumerate(pairs):
        path = f"groups[{i}]"
        if pair["index"] != i or pair["id"] != i + 1:
            raise _fail(f"{path}.index", f"{i} (pairs are numbered in order, id {i + 1})", pair["index"])
        for key, side in (("gold_trees", "gold"), ("sys_trees", "system")):
            start, end = pair[key]
            lines_key = "gold_lines" if side == "gold" else "sys_lines"
            if len(pair[lines_key]) != end - start:
                raise _fail(f"{path}.{lines_key}", f"one [first, last] line per tree ({end - start})", pair[lines_key])
        words = pair["word_units"]
        _words_cover(words, (sides["gold"][1][pair["gold_trees"][0]], sides["gold"][1][pair["gold_trees"][1]]),
                     0, f"{path}.word_units")
        _words_cover(words, (sides["system"][1][pair["sys_trees"][0]], sides["system"][1][pair["sys_trees"][1]]),
                     1, f"{path}.word_units")
        for key, side, trees_key in (("gold", "gold", "gold_trees"), ("sys", "system", "sys_trees")):
            first, last = pair[trees_key]
            for c, (_label, start, end, tree, node, *_rest) in enumerate(pair["constituents"][key]):
                where = f"{path}.constituents.{key}[{c}]"
                if not start <= end <= len(words):
                    raise _fail(where, f"a span within the pair's {len(words)} word units", f"[{start}, {end}]")
                if not first <= tree < last or node >= sides[side][0][tree]:
                    raise _fail(where, f"a node of the pair's {side} trees {first} to {last - 1}",
                                f"tree {tree}, node {node}")


def _block_coders(block: str) -> set[int]:
    """The annotators of an M2 block's edit lines (0 alone for a block without one)."""
    coders = set()
    for line in block.split("\n")[1:]:
        try:
            coders.add(int(line.rsplit("|||", 1)[-1]))
        except ValueError:
            pass  # the block is parsed (and refused) when the result is rebuilt
    return coders or {0}


def _gec(data: dict[str, Any]) -> None:
    alignment, units, sentences = data["alignment"], data["units"], data["sentences"]
    for side in ("hyp", "ref"):  # the aligned documents: one block per unit
        if data[side]["blocks"] != len(units):
            raise _fail(f"{side}.blocks", f"one aligned block per unit ({len(units)})", data[side]["blocks"])
    _partition([(f"units[{i}].gold", u["gold"]) for i, u in enumerate(units)], alignment["ref_sentences"],
               "reference blocks")
    _partition([(f"units[{i}].sys", u["sys"]) for i, u in enumerate(units)], alignment["hyp_sentences"],
               "hypothesis blocks")
    if len(sentences) != len(units):
        raise _fail("sentences", f"one scored sentence per unit ({len(units)})", sentences)
    sums = {"tp": 0, "fp": 0, "fn": 0}
    for i, (unit, sentence) in enumerate(zip(units, sentences)):
        if unit["index"] != i or sentence["index"] != i:
            raise _fail(f"units[{i}].index", f"{i} (units are numbered in order)", unit["index"])
        chosen = [sentence["hyp_coder"], sentence["ref_coder"]]
        if chosen not in [candidate[:2] for candidate in sentence["candidates"]]:
            raise _fail(f"sentences[{i}].hyp_coder", "the annotators of one of the sentence's candidates",
                        f"hyp {chosen[0]}, ref {chosen[1]}")
        for side in ("hyp", "ref"):
            coders = _block_coders(sentence[f"{side}_block"])
            for c, candidate in enumerate(sentence["candidates"]):
                if candidate[0 if side == "hyp" else 1] not in coders:
                    raise _fail(f"sentences[{i}].candidates[{c}]",
                                f"{side} annotators of the sentence's block ({sorted(coders)})", candidate)
        for side, span_key in (("hyp", "sys"), ("ref", "gold")):
            start, end = unit[span_key]
            item = unit[side]
            if len(item["lines"]) != end - start or len(item["offsets"]) != end - start + 1:
                raise _fail(f"units[{i}].{side}", f"lines and offsets for its {end - start} blocks", item)
            if item["offsets"] != sorted(item["offsets"]) or (item["offsets"] and item["offsets"][0] != 0):
                raise _fail(f"units[{i}].{side}.offsets", "token offsets from 0, in order", item["offsets"])
        for key in sums:
            if unit[key] != sentence[key]:
                raise _fail(f"units[{i}].{key}", f"the sentence's {key}, {sentence[key]}", unit[key])
            sums[key] += sentence[key]
    _same_totals(data["totals"], sums, "totals")


def _ud_pairs(unit: dict[str, Any], gold_deprel: list[str], path: str) -> None:
    """Each pair is the gold and system word of a 1:1 exact word group of the unit, in order, and
    the unit's counts of every metric on pairs are its pairs' flags (and Words its pairs)."""
    groups = {(w[0], w[2]): w for w in unit["words"] if w[4] == "exact" and w[1] - w[0] == w[3] - w[2] == 1}
    last = -1
    for p, (gold, sys, _) in enumerate(unit["pairs"]):
        if (gold, sys) not in groups or gold <= last:
            raise _fail(f"{path}.pairs[{p}]", "the words of a 1:1 exact word group of the unit, in order",
                        f"[{gold}, {sys}]")
        last = gold
    counts = unit["counts"]
    if counts["Words"][0] != len(unit["pairs"]):
        raise _fail(f"{path}.counts.Words", f"{len(unit['pairs'])} correct (the unit's pairs)", counts["Words"])
    content = sum(1 for gold, _, _ in unit["pairs"] if main_type(gold_deprel[gold]) in CONTENT_DEPRELS)
    for bit, name in enumerate(PAIR_METRICS):
        correct = sum(1 for _, _, flags in unit["pairs"] if flags >> bit & 1)
        aligned = content if name in CONTENT_METRICS else len(unit["pairs"])
        if (counts[name][0], counts[name][3]) != (correct, aligned):
            raise _fail(f"{path}.counts.{name}", f"{correct} correct of {aligned} aligned (the pairs' flags)",
                        counts[name])


def _ud(data: dict[str, Any]) -> None:
    if data["metrics"] != list(METRICS) or data["flags"] != list(PAIR_METRICS):
        raise _fail("metrics", f"the metrics {list(METRICS)} and flags {list(PAIR_METRICS)}",
                    [data["metrics"], data["flags"]])
    # (one column entry per word and one tree per sentence: checked by Treebank.from_dict)
    starts = {side: [0, *accumulate(_segment_sizes(data[side]["segmentation"], f"{side}.segmentation"))]
              for side in ("gold", "system")}
    units = data["units"]
    for side, key in (("gold", "gold"), ("system", "sys")):
        _partition([(f"units[{i}].{key}", u[key]) for i, u in enumerate(units)], len(starts[side]) - 1,
                   f"{side} sentences")
    sums = {name: [0, 0, 0, 0] for name in METRICS}
    gold_deprel = data["gold"]["columns"]["deprel"]
    for i, unit in enumerate(units):
        if unit["index"] != i:
            raise _fail(f"units[{i}].index", f"{i} (units are numbered in order)", unit["index"])
        for key in ("gold_chars", "sys_chars"):
            if unit[key][0] > unit[key][1]:
                raise _fail(f"units[{i}].{key}", "[start, end] with start <= end", unit[key])
        for side, (key, index) in (("gold", ("gold", 0)), ("system", ("sys", 1))):
            span = unit[key]
            _words_cover(unit["words"], (starts[side][span[0]], starts[side][span[1]]), index, f"units[{i}].words")
        _ud_pairs(unit, gold_deprel, f"units[{i}]")
        for name, row in unit["counts"].items():
            if (row[3] is None) != (name not in PAIR_METRICS):
                raise _fail(f"units[{i}].counts.{name}", "an aligned count exactly for the metrics on pairs", row)
            for k, value in enumerate(row):
                sums[name][k] += value or 0
    for name, (tp, gold, system, aligned) in sums.items():
        _same_totals(data["totals"][name], {"tp": tp, "gold": gold, "system": system,
                                            **({"aligned": aligned} if name in PAIR_METRICS else {})},
                     f"totals.{name}")


#: The invariants each task's JSON must hold once its schema does.
INVARIANTS: dict[str, Callable[[dict[str, Any]], None]] = {
    "preprocess": _preprocess,
    "parseval": _parseval,
    "gec": _gec,
    "ud": _ud,
}

__all__ = ["INVARIANTS", "SCHEMAS"]
