"""``python -m bench [--conll18 PATH]``: one table, every evaluation.

Columns: our CPU seconds and peak traced memory at 1x and 10x input, the
growth ratios (linear is 10x), and the ratio against the peer tool -- run
here when available, else the peer's figure from the spec (marked "spec").
"""

from __future__ import annotations

import argparse
import platform

from bench import gec, parseval, preprocess

BENCHMARKS = [preprocess, gec, parseval]


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--conll18", help="path of conll18_ud_eval.py, to time it on the same data")
    args = parser.parse_args()
    rows = []
    for benchmark in BENCHMARKS:
        rows += benchmark.run(args.conll18) if benchmark is preprocess else benchmark.run()
    print(f"python {platform.python_version()} on {platform.machine()}, CPU seconds best of 3, memory = tracemalloc peak")
    header = ("evaluation", "CPU 1x", "MiB 1x", "CPU 10x", "MiB 10x", "CPU growth", "MiB growth", "peer", "peer CPU", "ours/peer", "target")
    lines = [header]
    for row in rows:
        source = "" if row["peer_measured"] else " (spec)"
        lines.append((
            row["evaluation"],
            f"{row['cpu_1x']:.3f} s",
            f"{row['mib_1x']:.1f}",
            f"{row['cpu_10x']:.3f} s",
            f"{row['mib_10x']:.1f}",
            f"{row['cpu_10x'] / row['cpu_1x']:.1f}x",
            f"{row['mib_10x'] / row['mib_1x']:.1f}x",
            row["peer"],
            f"{row['peer_seconds']:.3f} s{source}",
            f"{row['cpu_1x'] / row['peer_seconds']:.2f}",
            row["target"],
        ))
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for number, line in enumerate(lines):
        print(" | ".join(cell.ljust(width) for cell, width in zip(line, widths)))
        if number == 0:
            print("-+-".join("-" * width for width in widths))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
