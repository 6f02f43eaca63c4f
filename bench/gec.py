"""Benchmark: GEC scoring on the UA-GEC test pair (jp-errant vs errant_compare).

Two rows, each timing reading both M2 files + (alignment +) scoring in one
process, from bytes already in memory:

* **same boundaries**: ``ann0.m2`` vs ``ann1.m2`` -- the errant-exact path
  (the alignment layer only checks that the sentences agree);
* **re-segmented**: ``resegmented/ann0.resegmented.m2`` vs ``ann1.m2`` --
  sentence alignment, concatenation and scoring of the aligned units.

Sizes: 1x = 4,400 gold sentences, 10x = 44,000 (the 2,862-block pair
repeated and cut at a block -- or, re-segmented, a unit -- boundary).  The
spec's size of 44,000 sentences is therefore the **10x** column; 440,000
sentences would take minutes and gigabytes under ``tracemalloc``, which is
too slow for a benchmark.

The peer is errant_compare (errant 3.0.2) run as a subprocess on the 1x
files when ``errant`` is importable (for the re-segmented row: on the
aligned files, which is the same work after alignment -- errant itself
cannot pair re-segmented files), CPU time of the child (user + system,
spaCy import included, as a user pays it).  Without errant the spec's figure
for a 4,400-sentence pair is shown (about 0.7 s, of which 0.63 s importing
spaCy; the spec's 44,000-sentence figure, 1.47 s, compares with our 10x
column).  Ours never imports spaCy.
"""

from __future__ import annotations

import importlib.util
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.measure import Measurement, measure
from jpcore.formats.m2 import parse_m2
from jpcore.tasks.gec import evaluate, evaluate_bytes

UA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "m2" / "uagec-gec-only-test"
PEER_NAME = "errant_compare 3.0.2"
#: spec/gec.md: errant_compare on a 4,400-sentence pair (the 1x size), wall seconds
PEER_SECONDS_1X = 0.7
#: spec/gec.md: errant_compare on 44,000 sentences (0.63 s import + 44,000 at ~50 k/s), the 10x size
PEER_SECONDS_10X = 1.47
TARGET = "10x (44,000) < 1 s"
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


def resegmented_pair(n: int) -> tuple[bytes, bytes]:
    """The re-segmented ``ann0`` and ``ann1`` repeated, cut at the first unit
    boundary at or after ``n`` gold blocks (``units.tsv`` gives the units)."""
    hyp, ref = _blocks((UA / "resegmented" / "ann0.resegmented.m2").read_bytes()), _blocks((UA / "ann1.m2").read_bytes())
    rows = [line.split("\t") for line in (UA / "resegmented" / "units.tsv").read_text().splitlines()[1:]]
    ends = [(int(r[1].split(",")[-1]) + 1, int(r[2].split(",")[-1]) + 1) for r in rows]
    out_hyp: list[str] = []
    out_ref: list[str] = []
    while len(out_ref) < n:
        start_h = start_r = 0
        for hyp_end, ref_end in ends:
            out_hyp.extend(hyp[start_h:hyp_end])
            out_ref.extend(ref[start_r:ref_end])
            start_h, start_r = hyp_end, ref_end
            if len(out_ref) >= n:
                break
    return _join(out_hyp), _join(out_ref)


def _score(hyp: bytes, ref: bytes) -> None:
    evaluate_bytes(hyp, ref, "hyp.m2", "ref.m2")


def _errant_command() -> list[str] | None:
    if importlib.util.find_spec("errant") is None:
        return None
    script = Path(sys.executable).with_name("errant_compare")
    if script.exists():
        return [str(script)]
    found = shutil.which("errant_compare")
    return [found] if found else [sys.executable, "-m", "errant.commands.compare_m2"]


def errant_seconds(hyp: bytes, ref: bytes, aligned: bool) -> float | None:
    """CPU seconds (user + system) of errant_compare on the pair, if errant is installed."""
    command = _errant_command()
    if command is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        hyp_path, ref_path = Path(folder) / "hyp.m2", Path(folder) / "ref.m2"
        if aligned:
            hyp_text, ref_text = evaluate(parse_m2(hyp, "hyp"), parse_m2(ref, "ref")).aligned_m2()
            hyp, ref = hyp_text.encode("utf-8"), ref_text.encode("utf-8")
        hyp_path.write_bytes(hyp)
        ref_path.write_bytes(ref)
        best = float("inf")
        for _ in range(3):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([*command, "-hyp", str(hyp_path), "-ref", str(ref_path)], check=True, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            best = min(best, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return best


def _row(label: str, make, aligned: bool) -> dict:
    hyp_1, ref_1 = make(SIZE_1X)
    hyp_10, ref_10 = make(10 * SIZE_1X)
    one: Measurement = measure(lambda: _score(hyp_1, ref_1))
    ten: Measurement = measure(lambda: _score(hyp_10, ref_10), repeat=1)
    peer = errant_seconds(hyp_1, ref_1, aligned)
    return {
        "evaluation": label,
        "cpu_1x": one.cpu_seconds,
        "mib_1x": one.peak_mib,
        "cpu_10x": ten.cpu_seconds,
        "mib_10x": ten.peak_mib,
        "peer": PEER_NAME + (" (on the aligned files)" if aligned else ""),
        "peer_seconds": peer if peer is not None else PEER_SECONDS_1X,
        "peer_measured": peer is not None,
        "target": TARGET,
    }


def run() -> list[dict]:
    """Rows for the benchmark table (1x = 4,400 gold sentences, 10x = 44,000)."""
    return [
        _row("GEC same boundaries, UA-GEC ann0 vs ann1 (1x 4,400 / 10x 44,000 sent.)", same_pair, False),
        _row("GEC re-segmented + alignment, UA-GEC (1x 4,400 / 10x 44,000 gold sent.)", resegmented_pair, True),
    ]
