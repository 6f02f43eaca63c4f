"""Benchmark: tokenization + SBD on the full EWT test set (gold words vs nltk).

Reads the bytes once, then times reading + alignment + counting in one
process, at 1x and at 10x (the files repeated ten times), and optionally
runs the CoNLL 2018 script on the CoNLL-U pair for a ratio when its path is
given (``--conll18 PATH`` or ``$CONLL18_UD_EVAL``).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from bench.measure import Measurement, measure
from jpcore.formats import read_segmentation
from jpcore.tasks.preprocess import evaluate

EWT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "ud" / "UD_English-EWT"
#: spec/preprocess.md: conll18_ud_eval.py on EWT test
PEER_SECONDS = 0.8
PEER_NAME = "conll18_ud_eval.py"
TARGET_SECONDS = 0.3


def _score(gold: bytes, system: bytes) -> None:
    evaluate(read_segmentation(gold, "gold", "text"), read_segmentation(system, "sys", "text"))


def peer_seconds(conll18: str | None) -> float | None:
    """CPU seconds of the CoNLL 2018 script on the EWT CoNLL-U pair, if given."""
    if not conll18:
        return None
    gold, system = EWT / "en_ewt-ud-test.conllu", EWT / "en_ewt-ud-test.nltk.conllu"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, conll18, str(gold), str(system)], check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(conll18: str | None = None) -> list[dict]:
    """Rows for the benchmark table."""
    gold = (EWT / "en_ewt-ud-test.gold.words.txt").read_bytes()
    system = (EWT / "en_ewt-ud-test.nltk.tok.txt").read_bytes()
    one: Measurement = measure(lambda: _score(gold, system))
    ten: Measurement = measure(lambda: _score(gold * 10, system * 10), repeat=1)
    peer = peer_seconds(conll18 or os.environ.get("CONLL18_UD_EVAL"))
    return [{
        "evaluation": "SBD + tokens, EWT test (2,077 sentences)",
        "cpu_1x": one.cpu_seconds,
        "mib_1x": one.peak_mib,
        "cpu_10x": ten.cpu_seconds,
        "mib_10x": ten.peak_mib,
        "peer": PEER_NAME,
        "peer_seconds": peer if peer is not None else PEER_SECONDS,
        "peer_measured": peer is not None,
        "target": f"< {TARGET_SECONDS} s",
    }]
