"""Benchmark: PARSEVAL (``jpcore parseval``) in both modes, and pathological inputs.

Each row times, in this one process, reading the bytes, scoring and
rendering the report, as ``jpcore parseval`` does once the files are read
(:func:`jpcore.parseval.evaluate_bytes`, the entry the command line
and the app take too), at 1x and 10x (10x is always the 1x input repeated
ten times):

* alignment mode on a treebank test section of real size
  (:mod:`bench.treebank`: 2,416 trees, 56,874 words, the system a
  perturbed copy of gold);
* EVALB legacy mode on the same bytes with ``COLLINS.prm``;
* alignment mode on EVALB's bug trees repeated to ~58,000 gold tokens:
  long sentences with differing words;
* similar sentences: 2,400 sentences on one template, the system writing
  one word differently in each (every pair aligned through a difference);
* long mismatching stretches: EVALB's 24 sample gold trees repeated to
  2,400 against themselves, except 48 trees in every 240 whose every word
  is changed;
* very long sentences: 24 sentences of 1,000 words, nested 1,000 deep
  (right-branching in gold, left-branching in the system: every bracket
  crosses).

Every row grows at most 10.5 times.  The commands against EVALB itself,
whole processes, are in :mod:`bench.commands`.
"""

from __future__ import annotations

import re

from bench import treebank
from bench.measure import Row, row
from bench.shared_data import SHARED_DATA
from jpcore.peers.evalb.params import parse_prm
from jpcore.peers.evalb import legacy as evalb_legacy
from jpcore import parseval

DIST = SHARED_DATA / "parseval" / "evalb-dist"
#: Copies of the 24 sample trees: 2,400 trees.
SAMPLE_COPIES = 100
#: Copies of the 5 bug trees: 1,650 trees, 58,410 gold tokens.
BUG_COPIES = 330


def _alignment(gold: bytes, system: bytes) -> tuple[object, str]:
    """What ``jpcore parseval GOLD SYSTEM`` does once the bytes are read: the result
    and its report (returned, so that releasing them is not timed: see bench.measure)."""
    result = parseval.evaluate_bytes(gold, system)
    return result, parseval.render_report(result)


def _legacy(gold: bytes, system: bytes, params) -> tuple[object, str]:
    result = evalb_legacy.evaluate(gold, system, params)
    return result, evalb_legacy.render_report(result)


def similar(n: int) -> tuple[bytes, bytes]:
    """``n`` sentences on one template; the system writes 'todey' for 'today'."""
    line = "(TOP (S (NP (DT The) (NN cat{k})) (VP (VBD saw) (NP (DT the) (NN dog))) (ADVP (RB {w})) (. .)))\n"
    gold = "".join(line.format(k=k, w="today") for k in range(n))
    return gold.encode(), gold.replace("(RB today)", "(RB todey)").encode()


def mismatching(copies: int) -> tuple[bytes, bytes]:
    """EVALB's sample gold trees against themselves, except 48 trees in every
    240 whose every word has a letter added (long stretches that differ)."""
    gold = (DIST / "sample" / "sample.gld").read_bytes().splitlines(keepends=True) * (SAMPLE_COPIES * copies)
    system = [
        _LEAF.sub(rb"(\1 \2q)", line) if k % 240 < 48 else line for k, line in enumerate(gold)
    ]
    return b"".join(gold), b"".join(system)


_LEAF = re.compile(rb"\(([^\s()]+) ([^\s()]+)\)")


def long_sentences(n: int, words: int = 1_000) -> tuple[bytes, bytes]:
    """``n`` sentences of ``words`` words nested ``words`` deep, branching right in gold, left in the system."""
    leaves = [f"(NN w{i})" for i in range(words)]
    gold = "(S " + " ".join(f"(X {w}" for w in leaves[:-1]) + " " + leaves[-1] + ")" * words + "\n"
    system = "(S " + "(X " * (words - 1) + leaves[0] + " " + ") ".join(leaves[1:]) + "))\n"
    return gold.encode() * n, system.encode() * n


def run() -> list[Row]:
    """Rows for the benchmark table."""
    gold, system = treebank.section()
    params, _ = parse_prm(treebank.COLLINS_PRM.read_bytes())
    bug_gold = (DIST / "bug" / "bug.gld").read_bytes() * BUG_COPIES
    bug_system = (DIST / "bug" / "bug.tst").read_bytes() * BUG_COPIES
    rows = [
        row("parseval: alignment mode, treebank section (2,416 trees, 56,874 words)",
            lambda: _alignment(gold, system), lambda: _alignment(gold * 10, system * 10)),
        row("parseval: --evalb legacy mode (COLLINS.prm), the same section",
            lambda: _legacy(gold, system, params), lambda: _legacy(gold * 10, system * 10, params)),
        row("parseval: alignment mode, 1,650 bug trees (58k tokens)",
            lambda: _alignment(bug_gold, bug_system), lambda: _alignment(bug_gold * 10, bug_system * 10),
            repeat_1x=3, repeat_10x=3),
    ]
    cases = [
        ("parseval: similar sentences, one word differs in each (2,400)", similar(2_400)),
        ("parseval: long mismatching stretches (48 in every 240 trees differ)", mismatching(1)),
        ("parseval: very long sentences (24 x 1,000 words, 1,000 deep, all crossing)", long_sentences(24)),
    ]
    for name, (gold_1x, sys_1x) in cases:
        rows.append(row(name, lambda g=gold_1x, s=sys_1x: _alignment(g, s),
                        lambda g=gold_1x * 10, s=sys_1x * 10: _alignment(g, s)))
    return rows
