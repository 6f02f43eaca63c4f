"""Benchmark: tokenization + SBD (``jpcore preprocess``) on EWT and on pathological inputs.

Each row times, in this one process, what ``jpcore preprocess GOLD SYSTEM``
does once the bytes are read (:func:`jpcore.preprocess.evaluate_bytes`,
the one entry the command line and the app take too: reading both files,
aligning, counting), at 1x and at 10x:

* the full EWT test set, gold words vs nltk (2,077 gold sentences); 10x is
  the files repeated ten times (the command against the CoNLL 2018 script,
  whole processes, is in :mod:`bench.commands`);
* runs of similar sentences: 2,000 sentences on one template, the system
  writing one word differently in each (2,000 small differences, each
  re-synchronised on its own);
* long mismatching stretches: EWT with 20 sentences in every 200 replaced
  by other text (about 1,500 characters that differ, every 12,000);
* very long sentences: EWT's gold text as sentences of 100 gold sentences
  each against nltk's segmentation (every unit a long 1:n group).

10x is always the 1x pair repeated ten times.  Every row must grow at most
10.5 times from 1x to 10x (linear is 10x).
"""

from __future__ import annotations

from bench.measure import Row, row
from bench.shared_data import SHARED_DATA
from jpcore.preprocess import evaluate_bytes

EWT = SHARED_DATA / "ud" / "UD_English-EWT"


def _score(gold: bytes, system: bytes) -> object:
    """The result (returned, so that releasing it is not timed: see bench.measure)."""
    return evaluate_bytes(gold, system, "gold", "sys", "text")


def _lines(data: bytes) -> list[bytes]:
    return data.decode("utf-8").splitlines()


def similar_sentences(n: int) -> tuple[bytes, bytes]:
    """``n`` sentences on one template; the system writes 'todey' for 'today'."""
    line = "The cat {k} saw the dog today , and the dog saw the cat {k} ."
    gold = "".join(line.format(k=k) + "\n" for k in range(n))
    return gold.encode(), gold.replace("today", "todey").encode()


def mismatching_stretches(copies: int) -> tuple[bytes, bytes]:
    """EWT gold words vs the same with sentences 100-119 of every 200 replaced
    by their own words reversed (same words, other order: long stretches that differ)."""
    gold = _lines((EWT / "en_ewt-ud-test.gold.words.txt").read_bytes())
    system = [" ".join(reversed(line.split())) if k % 200 in range(100, 120) else line for k, line in enumerate(gold)]
    return ("\n".join(gold) + "\n").encode() * copies, ("\n".join(system) + "\n").encode() * copies


def long_sentences(copies: int) -> tuple[bytes, bytes]:
    """EWT gold words joined 100 sentences to a line vs nltk's segmentation."""
    gold = _lines((EWT / "en_ewt-ud-test.gold.words.txt").read_bytes())
    joined = "".join(" ".join(gold[k:k + 100]) + "\n" for k in range(0, len(gold), 100))
    return joined.encode() * copies, (EWT / "en_ewt-ud-test.nltk.tok.txt").read_bytes() * copies


def run() -> list[Row]:
    """Rows for the benchmark table."""
    gold = (EWT / "en_ewt-ud-test.gold.words.txt").read_bytes()
    system = (EWT / "en_ewt-ud-test.nltk.tok.txt").read_bytes()
    rows = [row("preprocess: SBD + tokens, EWT test (2,077 sentences)",
                lambda: _score(gold, system), lambda: _score(gold * 10, system * 10))]
    cases = [
        ("preprocess: similar sentences, one word differs in each (2,000)", similar_sentences(2_000)),
        ("preprocess: long mismatching stretches (EWT, 20 in every 200 sentences differ)",
         mismatching_stretches(1)),
        ("preprocess: very long sentences (EWT, 100 gold sentences to a line)", long_sentences(1)),
    ]
    for name, (gold_1x, sys_1x) in cases:
        # 10x is the 1x pair repeated: the same work ten times over
        rows.append(row(name, lambda g=gold_1x, s=sys_1x: _score(g, s),
                        lambda g=gold_1x * 10, s=sys_1x * 10: _score(g, s)))
    return rows
