"""Benchmark: GEC scoring (``jpcore gec``) on UA-GEC and on pathological inputs.

Each row times, in this one process, what ``jpcore gec`` does once the
bytes are read (:func:`jpcore.gec.evaluate_bytes`: parsing both M2
files, aligning when the sentences differ, scoring), at 1x and 10x:

* **same boundaries**: ``ann0.m2`` vs ``ann1.m2`` (the errant-exact path);
* **re-segmented**: ``resegmented/ann0.resegmented.m2`` vs ``ann1.m2``
  (sentence alignment, concatenation, scoring);
* similar sentences: 4,400 sentences on one template, each with an edit;
  the system changes one word in each (every pair goes through the
  similarity path);
* long mismatching stretches: the re-segmented pair with 100 system
  sentences in every 1,000 replaced by other sentences (one-sided units);
* very long sentences: the system merges every 50 gold sentences into one
  block (long ``S`` lines, every edit re-indexed).

Sizes: 1x = 4,400 gold sentences, 10x = 44,000 (the 1x pair repeated ten
times, so 10x is the same work ten times over).  The command on the 10x
files against errant_compare 3.0.2, whole processes, is in
:mod:`bench.commands`.  Ours never imports spaCy.
"""

from __future__ import annotations

from bench.measure import Row, row
from bench.shared_data import SHARED_DATA
from jpcore.formats.m2 import parse_m2
from jpcore.gec import evaluate_bytes

UA = SHARED_DATA / "m2" / "uagec-gec-only-test"
SIZE_1X = 4_400


def _blocks(data: bytes) -> list[str]:
    return [block.text for block in parse_m2(data, "bench").blocks]


def _join(blocks: list[str]) -> bytes:
    return "".join(block + "\n\n" for block in blocks).encode("utf-8")


def same_pair(n: int) -> tuple[bytes, bytes]:
    """``ann0`` and ``ann1`` repeated to exactly ``n`` blocks each."""
    hyp, ref = _blocks((UA / "ann0.m2").read_bytes()), _blocks((UA / "ann1.m2").read_bytes())
    reps = n // len(ref) + 1
    return _join((hyp * reps)[:n]), _join((ref * reps)[:n])


def _units() -> list[tuple[int, int]]:
    rows = [line.split("\t") for line in (UA / "resegmented" / "units.tsv").read_text().splitlines()[1:]]
    return [(int(r[1].split(",")[-1]) + 1, int(r[2].split(",")[-1]) + 1) for r in rows]


def resegmented_pair(n: int, replace_every: int = 0) -> tuple[bytes, bytes]:
    """The re-segmented ``ann0`` and ``ann1`` repeated, cut at the first unit
    boundary at or after ``n`` gold blocks (``units.tsv`` gives the units).

    With ``replace_every``, the system blocks of 100 units in every
    ``replace_every`` are replaced by blocks from elsewhere in the file.
    """
    hyp, ref = _blocks((UA / "resegmented" / "ann0.resegmented.m2").read_bytes()), _blocks((UA / "ann1.m2").read_bytes())
    out_hyp: list[str] = []
    out_ref: list[str] = []
    number = 0
    while len(out_ref) < n:
        start_h = start_r = 0
        for hyp_end, ref_end in _units():
            if replace_every and number % replace_every < 100:
                other = (start_h + len(hyp) // 2) % len(hyp)
                out_hyp.extend(hyp[other:other + hyp_end - start_h])
            else:
                out_hyp.extend(hyp[start_h:hyp_end])
            out_ref.extend(ref[start_r:ref_end])
            start_h, start_r = hyp_end, ref_end
            number += 1
            if len(out_ref) >= n:
                break
    return _join(out_hyp), _join(out_ref)


def similar_pair(n: int) -> tuple[bytes, bytes]:
    """``n`` template sentences with one edit each; the system writes one word differently."""
    edit = "A 3 4|||R:NOUN|||dogs|||REQUIRED|||-NONE-|||0"
    ref = [f"S The cat {k} saw the dog today , and the dog saw the cat {k} .\n{edit}" for k in range(n)]
    hyp = [block.replace("today", "todey") for block in ref]
    return _join(hyp), _join(ref)


def merged_pair(n: int) -> tuple[bytes, bytes]:
    """``ann1`` as gold; the system is ``ann0`` with every 50 blocks merged into one."""
    hyp, ref = same_pair(n)
    blocks = parse_m2(hyp, "hyp").blocks
    merged = []
    for k in range(0, len(blocks), 50):
        group = blocks[k:k + 50]
        tokens: list[str] = []
        edits: list[str] = []
        for block in group:
            shift = len(tokens)
            tokens.extend(block.tokens)
            for i, e in enumerate(block.edits):
                rest = block.edit_fields(i)[1:]
                start, end = (e.start, e.end) if e.start == -1 else (e.start + shift, e.end + shift)
                if e.start != -1:
                    edits.append(f"A {start} {end}|||" + "|||".join(rest))
        merged.append("\n".join(["S " + " ".join(tokens), *edits]))
    return _join(merged), ref


def _score(hyp: bytes, ref: bytes) -> object:
    """The result (returned, so that releasing it is not timed: see bench.measure)."""
    return evaluate_bytes(ref, hyp, "ref.m2", "hyp.m2")


def run() -> list[Row]:
    """Rows for the benchmark table (1x = 4,400 gold sentences, 10x = 44,000)."""
    rows = []
    for label, make in (
        ("gec: same boundaries, UA-GEC ann0 vs ann1 (4,400 sentences)", same_pair),
        ("gec: re-segmented + alignment, UA-GEC (4,400 gold sentences)", resegmented_pair),
    ):
        hyp_1, ref_1 = make(SIZE_1X)
        hyp_10, ref_10 = hyp_1 * 10, ref_1 * 10  # the same work ten times over
        rows.append(row(label, lambda h=hyp_1, r=ref_1: _score(h, r), lambda h=hyp_10, r=ref_10: _score(h, r)))
    cases = [
        ("gec: similar sentences, one word differs in each (4,400)", similar_pair(SIZE_1X)),
        ("gec: long mismatching stretches (100 in every 1,000 system units replaced)",
         resegmented_pair(SIZE_1X, replace_every=1_000)),
        ("gec: very long sentences (system merges every 50 sentences)", merged_pair(SIZE_1X)),
    ]
    for label, (hyp_1, ref_1) in cases:
        rows.append(row(label, lambda h=hyp_1, r=ref_1: _score(h, r),
                        lambda h=hyp_1 * 10, r=ref_1 * 10: _score(h, r)))
    return rows
