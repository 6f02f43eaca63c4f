"""The CoNLL 2018 UD script run as a program on two files: its ``--counts`` table.

:func:`script_counts` runs the real ``conll18_ud_eval.py --counts`` (from
``../shared/data/peers/conll18``, :mod:`bench.shared_data`) as a separate
process and returns its printed table and its rows.  The systems it is run
on are derived from the gold files by :mod:`bench.ud_systems`;
:func:`treebank_pairs` draws random pairs of small treebanks (hypothesis).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from hypothesis import strategies as st

from bench.shared_data import SHARED_DATA
from bench.ud_systems import Sentence, Token, Word, write

CONLL18 = SHARED_DATA / "peers" / "conll18" / "conll18_ud_eval.py"
ROW = re.compile(r"^(\w+) *\| *(\d+) \| *(\d+) \| *(\d+) \| *(\d*)$")


def script_output(gold: Path, system: Path, *options: str) -> subprocess.CompletedProcess:
    """``conll18_ud_eval.py [OPTIONS] GOLD SYSTEM`` as a process (not checked)."""
    return subprocess.run([sys.executable, str(CONLL18), *options, str(gold), str(system)],
                          capture_output=True, text=True)


def script_counts(gold: Path, system: Path) -> tuple[str, dict[str, tuple[int, int, int, int | None]]]:
    """``conll18_ud_eval.py --counts GOLD SYSTEM``: its output and
    ``{metric: (correct, gold, predicted, aligned or None)}``; ``AssertionError``
    with its message if it refuses the files."""
    done = script_output(gold, system, "--counts")
    assert done.returncode == 0, f"conll18_ud_eval.py refused {gold.name} / {system.name}: {done.stderr[-400:]}"
    rows = {}
    for line in done.stdout.splitlines()[2:]:
        name, correct, gold_n, predicted, aligned = ROW.match(line).groups()
        rows[name] = (int(correct), int(gold_n), int(predicted), int(aligned) if aligned else None)
    return done.stdout, rows


# ---------------------------------------------------------------- random treebanks

DEPRELS = ["root", "nsubj", "obj", "det", "case", "aux:pass", "nmod:poss", "punct", "amod", "cc", "mark"]
FEATS = ["_", "Number=Sing", "Case=Nom|Number=Sing", "Number=Sing|Case=Nom", "NumForm=Digit",
         "Number=Sing|NumForm=Digit", "Number=Plur"]


def random_treebank(draw, text: str) -> str:
    """``text`` cut into tokens (some multiword, with random words) and sentences,
    with a random tree and random annotation per sentence: CoNLL-U text."""

    def word(form: str) -> Word:
        return Word(form, draw(st.sampled_from(["_", "a", "b"])), draw(st.sampled_from(["NOUN", "VERB", "DET"])),
                    draw(st.sampled_from(["_", "x"])), draw(st.sampled_from(FEATS)),
                    draw(st.sampled_from(DEPRELS)))

    cuts = sorted(draw(st.sets(st.integers(1, len(text) - 1)))) if len(text) > 1 else []
    bounds = [0, *cuts, len(text)]
    tokens = []
    for start, end in zip(bounds, bounds[1:]):
        form = text[start:end]
        if draw(st.booleans()):
            forms = draw(st.lists(st.sampled_from(["a", "b", "ab", "A", "ba"]), min_size=1, max_size=3))
            tokens.append(Token(form, [word(f) for f in forms], True))
        else:
            tokens.append(Token(form, [word(form)]))
    breaks = sorted(draw(st.sets(st.integers(1, len(tokens) - 1)))) if len(tokens) > 1 else []
    edges = [0, *breaks, len(tokens)]
    sentences = [Sentence(tokens[a:b]) for a, b in zip(edges, edges[1:])]
    for sentence in sentences:  # a random tree: each word hangs from one placed before it
        words = sentence.words
        order = draw(st.permutations(range(len(words))))
        words[order[0]].head = None
        for k, index in enumerate(order[1:], 1):
            words[index].head = words[order[draw(st.integers(0, k - 1))]]
    return write(sentences)


@st.composite
def treebank_pairs(draw):
    """One text of a/b, two random treebanks over it (:func:`random_treebank`)."""
    text = draw(st.text(alphabet="ab", min_size=1, max_size=14))
    return random_treebank(draw, text), random_treebank(draw, text)


@st.composite
def treebanks(draw):
    """One random treebank over a random text of a/b (:func:`random_treebank`)."""
    return random_treebank(draw, draw(st.text(alphabet="ab", min_size=1, max_size=20)))
