"""``python -m bench [--markdown [--write]] [--only NAME ...]``: every benchmark, one table per kind of row.

* **Whole process** (:mod:`bench.commands`): the command line as docs/cli.md
  shows it against the peer tool (EVALB built from its source, the CoNLL
  2018 script, errant_compare 3.0.2), both measured here in the same run;
  the targets are ratios of CPU time.  A peer that cannot run makes its row
  say so, and its target missed.
* **In process** (:mod:`bench.machine`, :mod:`bench.preprocess`,
  :mod:`bench.gec`, :mod:`bench.parseval`): each evaluation's entry
  function at 1x and 10x input, each run a fresh forked process (see
  :mod:`bench.measure`); the target is the growth from 1x to 10x.  The
  first row is a reference, not a target: a linear Python workload
  allocating as much memory as the others, whose growth is what the
  machine alone adds at 10x.
* **App memory** (:mod:`bench.app_retained`): what the app holds for a
  loaded file per byte of that file, per format (tracemalloc, each a fresh
  forked process); the target is at most 25 times.

``--write`` also puts the Markdown output into ``docs/speed.md``, between its two
``python -m bench`` comment lines (:func:`write_into`), in place of the last run's.

Exit status 0 only when every target holds.  A benchmark module has
``run() -> list`` of rows; a row has a ``HEADER``, ``cells()`` and
``met()``; rows with the same header share a table; lines in a module's
``NOTES`` (if any) are printed under the tables.  Adding a benchmark is
adding its module's name to :data:`BENCHMARKS`.
"""

from __future__ import annotations

import argparse
import platform
from importlib import import_module
from pathlib import Path

from bench.measure import GROWTH_LIMIT, REPEAT_10X, REPEAT_1X
from bench.process import RUNS

#: The benchmark modules under ``bench/``, in the order their rows are printed.
BENCHMARKS = (
    "commands",
    "machine",
    "preprocess",
    "gec",
    "parseval",
    "align_drift",
    "stats",
    "ranking",
    "ud",
    "app_retained",
)

#: The page that shows the tables (``--write``), and the lines its tables stand between.
SPEED_PAGE = Path(__file__).resolve().parents[1] / "docs" / "speed.md"
BEGIN = "<!-- python -m bench --markdown --write: its output from here -->"
END = "<!-- python -m bench --markdown --write: to here -->"


def write_into(page: Path, text: str) -> None:
    """Put ``text`` between the :data:`BEGIN` and :data:`END` lines of ``page``, in place of
    what stood there; ``ValueError`` naming the page when it lacks either line."""
    old = page.read_text("utf-8")
    start, end = old.find(BEGIN + "\n"), old.find(END + "\n")
    if start < 0 or end < start:
        raise ValueError(f"{page}: needs a line {BEGIN!r} and, after it, a line {END!r}")
    from jpcore.atomic import write_atomic

    write_atomic(page, old[: start + len(BEGIN) + 1] + text + old[end:])


def render(header: tuple[str, ...], lines: list[tuple[str, ...]], markdown: bool) -> str:
    """One table, aligned plain text or Markdown."""
    if markdown:
        out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        out += ["| " + " | ".join(line) + " |" for line in lines]
        return "\n".join(out) + "\n"
    table = [header, *lines]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    out = []
    for number, line in enumerate(table):
        out.append(" | ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())
        if number == 0:
            out.append("-+-".join("-" * width for width in widths))
    return "\n".join(out) + "\n"


def tables(rows: list, markdown: bool) -> str:
    """Consecutive rows with the same header as one table each, a blank line between."""
    out: list[str] = []
    header: tuple[str, ...] | None = None
    lines: list[tuple[str, ...]] = []
    for row in [*rows, None]:
        if row is None or row.HEADER != header:
            if header is not None:
                out.append(render(header, lines, markdown))
            if row is None:
                break
            header, lines = row.HEADER, []
        lines.append(row.cells())
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    parser.add_argument("--write", action="store_true",
                        help=f"also write the Markdown output into {SPEED_PAGE.relative_to(SPEED_PAGE.parents[1])}")
    parser.add_argument("--only", nargs="+", choices=BENCHMARKS, help="run only these benchmarks")
    args = parser.parse_args()
    rows: list = []
    notes: list[str] = []
    for name in BENCHMARKS:
        if not args.only or name in args.only:
            module = import_module(f"bench.{name}")
            rows += module.run()
            notes += getattr(module, "NOTES", [])
    markdown = args.markdown or args.write
    out = (f"`python {platform.python_version()} on {platform.machine()}; whole process: CPU = user + system "
           f"of the process, median of {RUNS} runs alternating with the peer (ratio = median of the "
           f"run-by-run ratios), peak = peak resident MiB; in process: CPU best of {REPEAT_1X} (1x) / "
           f"{REPEAT_10X} (10x), each run a fresh process, memory = tracemalloc peak, growth limit "
           f"{GROWTH_LIMIT}x`\n\n")
    out += tables(rows, markdown)
    if notes:
        out += "\n" + "\n".join(f"* {note}" if markdown else note for note in notes) + "\n"
    print(out, end="")
    if args.write:
        write_into(SPEED_PAGE, out)
    return 0 if all(row.met() for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
