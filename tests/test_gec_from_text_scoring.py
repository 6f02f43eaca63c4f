"""End to end: a system's *text* scored against gold gives (nearly) its M2's score.

The system's corrected text is rebuilt from its M2 file (coder 0's edits
applied), turned back into M2 by :func:`jpcore.gec.m2_from_text` and scored
against the gold M2 as ``jpcore gec`` scores (:func:`jpcore.gec.evaluate`,
sentence alignment included).  On toy-en the extracted edits are the
system's own, so the scores are equal; on UA-GEC the difference is what the
extractor loses (span-based correction, F0.5).
"""

from __future__ import annotations

import pytest

from bench.shared_data import SHARED_DATA
from jpcore.formats.m2 import M2Document, read_m2
from jpcore.gec import m2_from_text
from jpcore.gec.edit import apply_edits
from jpcore.gec import evaluate
from tests.conftest import SAMPLE_DATA

TOY = SAMPLE_DATA / "m2" / "toy-en"
UA = SHARED_DATA / "m2" / "uagec-gec-only-test"


def as_text(document: M2Document) -> tuple[bytes, bytes]:
    """The original and the coder-0 corrected text of an M2 document, one sentence a line."""
    orig, cor = [], []
    for block in document:
        tokens = block.tokens
        changes = [(e.start, e.end, e.cor.split()) for e in block.edits if not e.is_noop and e.coder == 0]
        orig.append(" ".join(tokens))
        cor.append(" ".join(apply_edits(tokens, changes)))
    return "".join(line + "\n" for line in orig).encode(), "".join(line + "\n" for line in cor).encode()


def counts(result) -> tuple[int, int, int, float]:
    totals = result.totals
    return totals["tp"], totals["fp"], totals["fn"], totals["f"]


@pytest.mark.parametrize(("hyp", "ref", "from_m2", "from_text"), [
    (TOY / "sys.m2", TOY / "gold.m2", (11, 2, 2, 0.8462), (11, 2, 2, 0.8462)),
    (TOY / "sys.resegmented.m2", TOY / "gold.m2", (11, 2, 3, 0.8333), (11, 2, 3, 0.8333)),
    (UA / "ann0.m2", UA / "ann1.m2", (1379, 1095, 1892, 0.5237), (1361, 1171, 1910, 0.5079)),
    (UA / "resegmented" / "ann0.resegmented.m2", UA / "ann1.m2",
     (1379, 1095, 1892, 0.5237), (1356, 1171, 1915, 0.5068)),
], ids=["toy-en", "toy-en-resegmented", "uagec", "uagec-resegmented"])
def test_text_path_scores(hyp, ref, from_m2, from_text):
    sys_m2, gold = read_m2(hyp), read_m2(ref)
    orig, cor = as_text(sys_m2)
    assert counts(evaluate(gold, sys_m2)) == from_m2
    assert counts(evaluate(gold, m2_from_text(orig, cor, "sys.orig.txt", "sys.cor.txt"))) == from_text
