"""Inter-annotator agreement on two bracketings that may tokenize differently.

Two annotators' tree files are aligned as ``jpcore parseval`` aligns gold and
system.  Cohen's kappa (:mod:`jpcore.stats.agreement`) is computed for

* ``POS``: the part-of-speech tags of the words the alignment pairs 1:1 (an
  ``exact`` word group, one word on each side);
* ``LABEL``: the labels of the brackets whose span both annotators have: in
  each aligned pair, A's and B's brackets over the same word units (EVALB's
  matching, by span, label cut at ``-``/``=`` as scored), taken in preorder,
  so a unary chain ``S(VP ...)`` against ``VP(...)`` pairs ``S`` with ``VP``
  and leaves the rest of the longer chain uncompared; brackets with an edge
  inside rewritten text are not compared.

Beside them, how many words and brackets of each side could be compared; every
item labelled differently and every word group left out, with its pair.

>>> from jpcore.parseval import evaluate_bytes
>>> a = b"(S (NP (DT The) (NN blackboard)) (VP (VBZ is) (JJ black)))\\n"
>>> b = b"(S (NP (DT The) (JJ black) (NN board)) (ADJP (VBZ is) (JJ black)))\\n"
>>> agreement = annotator_agreement(evaluate_bytes(a, b))
>>> agreement.comparable, agreement.not_comparable["split/merged"], agreement.spans
(3, (1, 2), (3, 3, 3))
>>> agreement.columns["LABEL"].agreed, agreement.columns["LABEL"].items
(2, 3)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from jpcore.parseval.constituents import Constituent
from jpcore.parseval.result import ParsevalResult
from jpcore.stats.agreement import Agreement, Item, agreement_of, excluded_groups

__all__ = ["COLUMNS", "annotator_agreement"]

#: The columns compared, in the order they are reported.
COLUMNS = ("POS", "LABEL")


def _by_span(constituents: Iterable[Constituent]) -> dict[tuple[int, int], list[str]]:
    out: dict[tuple[int, int], list[str]] = defaultdict(list)
    for constituent in constituents:
        if constituent.located:
            out[constituent.start, constituent.end].append(constituent.label)
    return out


def annotator_agreement(result: ParsevalResult) -> Agreement:
    """The agreement of the gold file (annotator A) and the system file (annotator B)
    of ``result`` (module doc)."""
    tags_a = [tag for tree in result.gold_trees for tag in tree.tags]
    tags_b = [tag for tree in result.sys_trees for tag in tree.tags]
    pos_a: list[str] = []
    pos_b: list[str] = []
    label_a: list[str] = []
    label_b: list[str] = []
    words_a = [word for tree in result.gold_trees for word in tree.words]
    words_b = [word for tree in result.sys_trees for word in tree.words]
    pos_items: list[Item] = []
    label_items: list[Item] = []
    spans_a = spans_b = 0
    for number, pair in enumerate(result.pairs):
        for group in pair.words:
            (a0, a1), (b0, b1) = group.gold, group.sys
            if group.is_match:
                pos_a.append(tags_a[a0])
                pos_b.append(tags_b[b0])
                pos_items.append(Item(number, words_a[a0], words_b[b0]))
        gold, system = _by_span(pair.gold_constituents), _by_span(pair.sys_constituents)
        spans_a += sum(map(len, gold.values()))
        spans_b += sum(map(len, system.values()))
        for (start, end), labels in gold.items():
            first, last = pair.words[start], pair.words[end - 1]
            text_a = " ".join(words_a[first.gold[0]:last.gold[1]])
            text_b = " ".join(words_b[first.sys[0]:last.sys[1]])
            for a, b in zip(labels, system.get((start, end), ())):
                label_a.append(a)
                label_b.append(b)
                label_items.append(Item(number, text_a, text_b))
    groups = (group for pair in result.pairs for group in pair.words)
    labels = {"POS": (pos_a, pos_b), "LABEL": (label_a, label_b)}
    excluded = excluded_groups(((number, pair.words) for number, pair in enumerate(result.pairs)), words_a, words_b)
    return agreement_of(labels, groups, len(tags_a), len(tags_b), (len(label_a), spans_a, spans_b),
                        items={"POS": pos_items, "LABEL": label_items}, excluded=excluded)
