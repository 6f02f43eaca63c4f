"""``python -m jpcore preprocess GOLD SYSTEM``: tokens and sentence boundaries."""

from __future__ import annotations

import argparse
import json
import sys

from jpcore.formats import FORMATS, read_segmentation
from jpcore.formats.conllu import LEVELS
from jpcore.formats.raw import read_raw
from jpcore.formats.textio import read_bytes
from jpcore.similarity import Normaliser, known_languages
from jpcore.tasks.preprocess import evaluate
from jpcore.tasks.preprocess_report import render_text


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``preprocess``."""
    parser.add_argument("gold", metavar="GOLD", help="gold file (CoNLL-U or one sentence per line)")
    parser.add_argument("system", metavar="SYSTEM", help="system file (CoNLL-U or one sentence per line)")
    parser.add_argument("--level", choices=LEVELS, default="words",
                        help="CoNLL-U token level: surface tokens or syntactic words (default: words)")
    parser.add_argument("--format", choices=FORMATS, default="auto", help="input format (default: auto)")
    parser.add_argument("--json", action="store_true", help="print the whole result as one JSON object")
    parser.add_argument("--strict", action="store_true",
                        help="refuse files whose characters differ, naming the first difference")
    parser.add_argument("--language", default="en", choices=known_languages(),
                        help="normalisation table (default: en)")
    parser.add_argument("--contractions", action="store_true",
                        help="treat ca/can, wo/will, n't/not as equal (off by default)")
    parser.add_argument("--ignore-case", action="store_true", help="compare case-insensitively")
    parser.add_argument("--raw", metavar="RAW", help="raw text of the gold file, to place units in it")


def run(args: argparse.Namespace) -> int:
    """Evaluate and print the report (or JSON)."""
    gold = read_segmentation(read_bytes(args.gold), args.gold, args.format, args.level)
    system = read_segmentation(read_bytes(args.system), args.system, args.format, args.level)
    normaliser = Normaliser.for_language(args.language, contractions=args.contractions, casefold=args.ignore_case)
    raw = read_raw(read_bytes(args.raw), args.raw) if args.raw else None
    result = evaluate(gold, system, normaliser, strict=args.strict, raw_text=raw)
    if args.json:
        json.dump(result.to_dict(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(result))
    return 0
