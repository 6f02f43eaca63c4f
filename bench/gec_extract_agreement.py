"""How well edits extracted from plain text agree with gold M2 edits.

``python -m bench.gec_extract_agreement [--annotator rules|errant ...] [--full] [--confusion]``

For each M2 file and each annotator (coder) in it, the corrected sentences
are rebuilt by applying that coder's edits, the edits are extracted again
from original + rebuilt text by our annotator, and the two are compared on
``(start, end, correction)``: span-level P/R/F1 and, where spans agree, how
often the coarse types agree (:mod:`jpcore.gec.agreement` says exactly what
is counted).  Files: toy-en's ``gold.m2`` and the UA-GEC slice bundled in
``sample_data/m2``; with ``--full`` also the whole UA-GEC test set
(``../shared/data/m2/uagec-gec-only-test/gec-only.test.m2``, 2,862 sentences,
two annotators).  The ``errant`` annotator runs where errant and a spaCy
English pipeline are installed (its types are English ones, so on UA-GEC only
its spans and operations mean something).

The figures are asserted in tests/test_gec_extract_agreement.py and quoted in
docs/cli.md.  The rules of the extractor were written looking at these same
files, so the figures are in-sample.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from bench.shared_data import SHARED_DATA
from jpcore.formats.m2 import read_m2
from jpcore.gec.agreement import Agreement, agreement, coarse_type
from jpcore.gec.edit import apply_edits
from jpcore.gec.from_text import get_annotator

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_FILES = {
    "toy-en": ROOT / "sample_data" / "m2" / "toy-en" / "gold.m2",
    "UA-GEC first 100": ROOT / "sample_data" / "m2" / "uagec" / "gec-only.test.first100.m2",
}
FULL_FILES = {"UA-GEC test (full)": SHARED_DATA / "m2" / "uagec-gec-only-test" / "gec-only.test.m2"}
HEADER = ("data", "annotator", "coder", "sentences", "gold", "extracted", "TP", "FP", "FN",
          "P", "R", "F1", "same type", "type agreement")


class Measured(NamedTuple):
    """One row: a file, an annotator and a gold coder (``None`` = all coders)."""

    data: str
    annotator: str
    coder: int | None
    counts: Agreement

    def cells(self) -> tuple[str, ...]:
        c = self.counts
        return (self.data, self.annotator, "all" if self.coder is None else str(self.coder),
                f"{c.sentences:,}", f"{c.gold:,}", f"{c.sys:,}", f"{c.tp:,}", f"{c.fp:,}", f"{c.fn:,}",
                f"{c.precision:.4f}", f"{c.recall:.4f}", f"{c.f1:.4f}", f"{c.same_type:,}",
                f"{c.type_agreement:.4f}")


def measure(files: dict[str, Path], annotators: Iterable[str]) -> list[Measured]:
    """Every (file, annotator, coder) row, coders in id order, then all coders."""
    rows: list[Measured] = []
    for annotator in annotators:
        annotate = get_annotator(annotator)
        for data, path in files.items():
            result = agreement(read_m2(path), annotate)
            for coder in sorted(key for key in result if key is not None):
                rows.append(Measured(data, annotator, coder, result[coder]))
            rows.append(Measured(data, annotator, None, result[None]))
    return rows


def markdown(rows: Sequence[Measured]) -> str:
    """The rows as a Markdown table."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(row.cells()) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def confusion(path: Path, annotator: str) -> Counter[tuple[str, str]]:
    """(gold coarse type, extracted type) counts over the span-matched edits."""
    annotate = get_annotator(annotator)
    counts: Counter[tuple[str, str]] = Counter()
    for block in read_m2(path):
        tokens = block.tokens
        by_coder: dict[int, list] = {}
        for edit in block.edits:
            if not edit.is_noop:
                by_coder.setdefault(edit.coder, []).append(edit)
        for edits in by_coder.values():
            try:
                corrected = apply_edits(tokens, [(e.start, e.end, e.cor.split()) for e in edits])
            except ValueError:
                continue
            gold = {(e.start, e.end, tuple(e.cor.split())): e.type for e in edits}
            for edit in annotate(tokens, corrected):
                key = (edit.o_start, edit.o_end, edit.cor)
                if key in gold:
                    orig = tokens[edit.o_start:edit.o_end]
                    counts[(coarse_type(gold[key], orig, edit.cor), coarse_type(edit.type, orig, edit.cor))] += 1
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--annotator", nargs="+", default=["rules"], choices=["rules", "errant"])
    parser.add_argument("--full", action="store_true", help="also the whole UA-GEC test set (shared data)")
    parser.add_argument("--confusion", action="store_true", help="type confusion of the span-matched edits")
    args = parser.parse_args(argv)
    files = dict(SAMPLE_FILES, **(FULL_FILES if args.full else {}))
    if "errant" in args.annotator:
        from jpcore.errors import InputError
        from jpcore.gec.errant_annotator import load_errant

        try:
            load_errant()
        except InputError as error:  # no spaCy English pipeline: say so, measure the rest
            print(f"errant annotator cannot run here: {error}", file=sys.stderr)
            args.annotator = [name for name in args.annotator if name != "errant"]
            if not args.annotator:
                return 1
    sys.stdout.write(markdown(measure(files, args.annotator)))
    if args.confusion:
        for annotator in args.annotator:
            for data, path in files.items():
                print(f"\n{data}, {annotator}: gold coarse type -> extracted type (span-matched edits)")
                for (gold_type, sys_type), count in sorted(confusion(path, annotator).items(), key=lambda kv: -kv[1]):
                    print(f"  {gold_type:>9} -> {sys_type:<9} {count:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
