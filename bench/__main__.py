"""``python -m bench [--conll18 PATH] [--markdown] [--only NAME ...]``: one table, every evaluation.

Columns: our CPU seconds (best of 5 runs at each size) and peak
traced memory at 1x and 10x input, the CPU growth (linear is 10x), the peer
tool's CPU seconds -- measured here when it is installed (an ``evalb`` binary
on PATH; errant 3.0.2 importable; the CoNLL 2018 script given with
``--conll18``), else the spec's figure, marked "(spec)" -- and the ratio
against it at the size the peer figure is for, the row's target and whether
it is met (exit status 1 if one is not).  Rows without a peer are the
pathological inputs (runs of similar sentences, long mismatching stretches,
very long sentences).

Every run is a fresh process forked from the benchmark, so both sizes
start from the same state (see :mod:`bench.measure`); both sizes are run
interleaved (1x, 10x, 1x, ...), best of 5 each.  The first row is a
reference, not a target: a linear Python workload allocating as much
memory as the others, whose growth is what the machine alone adds at 10x
(the caches the 10x working set no longer fits in).
"""

from __future__ import annotations

import argparse
import platform
import shutil

from bench import gec, machine, parseval, preprocess
from bench.measure import GROWTH_LIMIT, REPEAT_10X, REPEAT_1X, Row

BENCHMARKS = {"machine": machine, "preprocess": preprocess, "gec": gec, "parseval": parseval}
HEADER = ("evaluation", "CPU 1x", "MiB 1x", "CPU 10x", "MiB 10x", "growth", "page faults 1x / 10x",
          "peer", "peer CPU", "ours/peer", "target", "met")
CALIBRATION = "machine:"


def cells(row: Row) -> tuple[str, ...]:
    """One row of the table as text."""
    if row.peer is None:
        peer, peer_cpu, ratio = "-", "-", "-"
    else:
        source = "" if row.peer.measured else " (spec)"
        peer = row.peer.name
        peer_cpu = f"{row.peer.seconds:.3f} s at {row.peer.size}{source}"
        ratio = f"{row.ratio:.2f}"
    calibration = row.evaluation.startswith(CALIBRATION)
    return (
        row.evaluation,
        f"{row.one.cpu_seconds:.3f} s",
        f"{row.one.peak_mib:.1f}",
        f"{row.ten.cpu_seconds:.3f} s",
        f"{row.ten.peak_mib:.1f}",
        f"{row.growth:.2f}x",
        f"{row.one.page_faults} / {row.ten.page_faults}",
        peer,
        peer_cpu,
        ratio,
        row.target,
        "-" if calibration else ("yes" if row.met() else "NO"),
    )


def render(rows: list[Row], markdown: bool) -> str:
    """The table, aligned plain text or Markdown."""
    lines = [HEADER, *(cells(row) for row in rows)]
    if markdown:
        out = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
        out += ["| " + " | ".join(line) + " |" for line in lines[1:]]
        return "\n".join(out) + "\n"
    widths = [max(len(line[i]) for line in lines) for i in range(len(HEADER))]
    out = []
    for number, line in enumerate(lines):
        out.append(" | ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())
        if number == 0:
            out.append("-+-".join("-" * width for width in widths))
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--conll18", help="path of conll18_ud_eval.py, to time it on the same data")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--only", nargs="+", choices=sorted(BENCHMARKS), help="run only these evaluations")
    args = parser.parse_args()
    rows: list[Row] = []
    for name, benchmark in BENCHMARKS.items():
        if args.only and name not in args.only:
            continue
        rows += benchmark.run(args.conll18) if benchmark is preprocess else benchmark.run()
    evalb = shutil.which("evalb")
    print(f"python {platform.python_version()} on {platform.machine()}; CPU seconds best of {REPEAT_1X} (1x) / "
          f"{REPEAT_10X} (10x), each run a fresh process; memory = tracemalloc peak; growth limit {GROWTH_LIMIT}x; "
          f"evalb on PATH: {evalb or 'no'}")
    print(render(rows, args.markdown), end="")
    targets = [row for row in rows if not row.evaluation.startswith(CALIBRATION)]
    return 0 if all(row.met() for row in targets) else 1


if __name__ == "__main__":
    raise SystemExit(main())
