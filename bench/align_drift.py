"""Benchmark: the character alignment on low-entropy text (no drift, still linear).

The input (issue 11): sentences of 20 tokens drawn from ``a aa aaa b bb bbb``
(seeded), the system replacing one token per sentence by ``c``; both files
otherwise identical.  Every ``c`` is a difference the alignment must
re-synchronise after.  With the nearest 8-character agreement the alignment
took chance agreements of the two ``a``/``b`` streams, drifted off the true
diagonal and Words F1 fell with the length: 46.43% at 2,000 sentences,
25.39% at 8,000, 21.93% at 16,000 on this input.  Anchors now grow with the
text's repetitiveness (:func:`jpcore.align.anchor_length`: 16 characters
here, 8 in ordinary text) and must be unique in their search windows, so F1
is the same at every length (94.88%, 94.89%, 94.89%): one ``c`` per 20 tokens
costs about one token pair in twenty.

What the anchor search now costs, per re-synchronisation: counting the
characters of the two 64-character windows (for the anchor length), then
slicing the system window's anchors once and the gold window's twice
(repeats, then look-up): about 200 slices of 16 characters where it took
about 130 of 8.  Measured here (best of 3, CPU): 0.27 s for 2,000 sentences
of this input against 0.23 s before (which drifted); EWT gold against nltk
(identical characters, no anchor search) 0.084 s as before.  The row below
times the whole ``jpcore preprocess`` evaluation at 2,000 sentences (1x)
and 20,000 (10x); linear means a growth of 10x.

``python -m bench.align_drift`` prints Words F1, the differences found and
CPU seconds at 2,000, 8,000 and 16,000 sentences, then the benchmark row
(``run()`` gives it to ``python -m bench`` like every other module).
"""

from __future__ import annotations

import random
import time

from bench.measure import Row, row
from jpcore.preprocess import PreprocessResult, evaluate_bytes

VOCABULARY = ("a", "aa", "aaa", "b", "bb", "bbb")
TOKENS_PER_SENTENCE = 20
LENGTHS = (2_000, 8_000, 16_000)


def low_entropy_pair(n_sentences: int, seed: int = 1) -> tuple[bytes, bytes]:
    """Gold and system tokenized text: ``n_sentences`` sentences of
    :data:`TOKENS_PER_SENTENCE` tokens from :data:`VOCABULARY`; the system has
    one token per sentence (at a seeded position) replaced by ``c``."""
    rng = random.Random(seed)
    gold, system = [], []
    for _ in range(n_sentences):
        tokens = [rng.choice(VOCABULARY) for _ in range(TOKENS_PER_SENTENCE)]
        changed = list(tokens)
        changed[rng.randrange(TOKENS_PER_SENTENCE)] = "c"
        gold.append(" ".join(tokens) + "\n")
        system.append(" ".join(changed) + "\n")
    return "".join(gold).encode(), "".join(system).encode()


def evaluate_pair(pair: tuple[bytes, bytes]) -> PreprocessResult:
    """What ``jpcore preprocess GOLD SYSTEM`` computes for the pair."""
    return evaluate_bytes(*pair, "gold", "sys", "text")


def run() -> list[Row]:
    """The benchmark row: 2,000 sentences (1x) and 20,000 (10x)."""
    one, ten = low_entropy_pair(2_000), low_entropy_pair(20_000)
    return [row("preprocess: low-entropy text, one token in 20 replaced (2,000 sentences)",
                lambda: evaluate_pair(one), lambda: evaluate_pair(ten))]


def main() -> None:
    for n in LENGTHS:
        pair = low_entropy_pair(n)
        start = time.process_time()
        result = evaluate_pair(pair)
        seconds = time.process_time() - start
        words = result.totals["tokens"]
        print(f"{n:>6} sentences: Words F1 {100 * words.f1:.2f}% (TP {words.tp}, FP {words.fp}, FN {words.fn}), "
              f"{len(result.differences)} differing stretches, {seconds:.2f} s CPU")
    (measured,) = run()
    print(f"row: {measured.evaluation}: {measured.one.cpu_seconds:.3f} s at 1x, {measured.ten.cpu_seconds:.3f} s "
          f"at 10x, growth {measured.growth:.2f}x ({measured.target}: {'met' if measured.met() else 'NOT met'})")


if __name__ == "__main__":
    main()
