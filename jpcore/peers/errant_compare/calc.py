"""errant's arithmetic on keys: ``compareEdits`` (TP, FP, FN of one coder pair, per type),
``computeFScore`` (P, R, F rounded as errant rounds them) and ``process_cats`` (``-cat``)."""

from __future__ import annotations

from jpcore.formats.m2 import NOOP_TYPE, M2Edit
from jpcore.peers.errant_compare.keys import Keys

__all__ = ["compare_keys", "f_score", "group_categories"]


def f_score(tp: int, fp: int, fn: int, beta: float) -> tuple[float, float, float]:
    """errant's ``computeFScore``: P, R, F, each rounded to 4 places.

    >>> f_score(0, 0, 0, 0.5)
    (1.0, 1.0, 1.0)
    >>> f_score(0, 0, 3, 0.5)
    (1.0, 0.0, 0.0)
    """
    p = float(tp) / (tp + fp) if fp else 1.0
    r = float(tp) / (tp + fn) if fn else 1.0
    f = 0.0
    if p + r:
        denominator = ((beta**2) * p) + r
        if denominator:  # only beta 0 with R 0 (errant raises ZeroDivisionError there)
            f = float((1 + (beta**2)) * p * r) / denominator
    return round(p, 4), round(r, 4), round(f, 4)



def compare_keys(hyp_keys: Keys, ref_keys: Keys) -> tuple[int, int, int, dict[str, list[int]]]:
    """errant's ``compareEdits``: TP, FP, FN and type -> [TP, FP, FN] (first-seen order)."""
    tp = fp = fn = 0
    cats: dict[str, list[int]] = {}
    for key, hyp_types in hyp_keys.items():
        if hyp_types[0] == NOOP_TYPE:
            continue
        ref_types = ref_keys.get(key)
        if ref_types is not None:
            for etype in ref_types:  # TP credited to the reference's types
                tp += 1
                counts = cats.get(etype)
                if counts is None:
                    cats[etype] = [1, 0, 0]
                else:
                    counts[0] += 1
        else:
            for etype in hyp_types:
                fp += 1
                counts = cats.get(etype)
                if counts is None:
                    cats[etype] = [0, 1, 0]
                else:
                    counts[1] += 1
    for key, ref_types in ref_keys.items():
        if ref_types[0] == NOOP_TYPE or key in hyp_keys:
            continue
        for etype in ref_types:
            fn += 1
            counts = cats.get(etype)
            if counts is None:
                cats[etype] = [0, 0, 1]
            else:
                counts[2] += 1
    return tp, fp, fn, cats


def _compare_one(hyp_edit: M2Edit, ref_edit: M2Edit) -> tuple[int, int, int, dict[str, list[int]]]:
    """:func:`compare_keys` of two blocks of one edit line each (mode ``cs``, no
    filter), without building the keys: ``UNK`` makes no key, a noop counts nothing."""
    hyp_start, hyp_end, hyp_type, hyp_cor, _ = hyp_edit
    ref_start, ref_end, ref_type, ref_cor, _ = ref_edit
    same = hyp_type != "UNK" and hyp_start == ref_start and hyp_end == ref_end and hyp_cor == ref_cor
    if hyp_type == NOOP_TYPE or hyp_type == "UNK":
        if ref_type == NOOP_TYPE or ref_type == "UNK" or same:
            return 0, 0, 0, {}
        return 0, 0, 1, {ref_type: [0, 0, 1]}
    if same and ref_type != "UNK":
        return 1, 0, 0, {ref_type: [1, 0, 0]}
    if ref_type == NOOP_TYPE or ref_type == "UNK" or same:
        return 0, 1, 0, {hyp_type: [0, 1, 0]}
    if ref_type == hyp_type:
        return 0, 1, 1, {hyp_type: [0, 1, 1]}
    return 0, 1, 1, {hyp_type: [0, 1, 0], ref_type: [0, 0, 1]}


def group_categories(cats: dict[str, list[int]], level: int) -> dict[str, list[int]]:
    """errant's ``process_cats``: ``-cat 1`` first character, ``2`` all but the first two, ``3`` as is.

    ``UNK`` is never regrouped (and, as in errant, replaces rather than adds
    to a group of the same name).
    """
    if level == 3:
        return cats
    grouped: dict[str, list[int]] = {}
    for name, counts in cats.items():
        if name == "UNK":
            grouped[name] = counts
            continue
        group = name[:1] if level == 1 else name[2:]
        if group in grouped:
            grouped[group] = [x + y for x, y in zip(grouped[group], counts)]
        else:
            grouped[group] = counts
    return grouped
