"""``python -m jpcore preprocess GOLD SYSTEM``: tokens and sentence boundaries.

The whole-file path is :func:`jpcore.preprocess.evaluate_bytes`, the
one evaluation entry that the app and the benchmark take too; ``--stream``
(or a file of :data:`STREAM_BYTES` or more) reads incrementally instead.
``--html OUT`` also writes the self-contained HTML report
(:mod:`jpcore.reports`); what is printed does not change.  ``--compare``,
``--oracle`` and ``--by-shape`` (:mod:`jpcore.extras`) evaluate the other
files against the same gold with the same options and print their blocks
after the report (``--json``: ``"comparison"``, ``"oracle"``); they need
the whole files, so not ``--stream`` (``--by-shape`` excepted).
"""

from __future__ import annotations

import argparse
import sys

from jpcore.extras import options as extra_options
from jpcore.output import keep, write_json
from jpcore.formats import FORMATS
from jpcore.formats.conllu import LEVELS
from jpcore.formats.textio import read_bytes
from jpcore.align.similarity import Normaliser, known_languages

#: Files of this size or more are read incrementally (``--stream``).
STREAM_BYTES = 32 << 20


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
    parser.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report to OUT")
    parser.add_argument("--stream", action="store_true",
                        help="read both files incrementally, in bounded memory, with the same output "
                             f"(automatic for a file of {STREAM_BYTES >> 20} MiB or more; not with --raw, --html, "
                             "--compare or --oracle)")
    extra_options.configure(parser, measures=MEASURES, default_measure="tokens")


#: The measures ``--measure`` names (:data:`jpcore.stats.measures.PREPROCESS`).
MEASURES = ("sentences", "tokens")


def run(args: argparse.Namespace) -> int:
    """Evaluate and print the report (or JSON); big files are streamed."""
    from jpcore.preprocess.stream_report import stream_threshold_reached

    whole_files = args.raw or args.html or args.compare or args.oracle or args.review or args.write_corrected_gold
    if args.stream or (not whole_files and stream_threshold_reached([args.gold, args.system], STREAM_BYTES)):
        from jpcore.preprocess.stream_report import write_streamed

        if whole_files:
            print("jpcore preprocess: error: --stream cannot be combined with --raw, --html, --compare, --oracle "
                  "or --review",
                  file=sys.stderr)
            return 2
        normaliser = Normaliser.for_language(args.language, contractions=args.contractions, casefold=args.ignore_case)
        write_streamed(args.gold, args.system, args.format, args.level, normaliser,
                       strict=args.strict, as_json=args.json, out=sys.stdout, by_shape=args.by_shape)
        return 0
    from jpcore.preprocess import evaluate_bytes

    gold_data, sys_data = read_bytes(args.gold), read_bytes(args.system)
    normaliser = Normaliser.for_language(args.language, contractions=args.contractions, casefold=args.ignore_case)
    raw = None
    if args.raw:
        from jpcore.formats.raw import read_raw

        raw = read_raw(read_bytes(args.raw), args.raw)
    result = evaluate_bytes(gold_data, sys_data, args.gold, args.system, args.format, args.level, normaliser,
                            strict=args.strict, raw_text=raw)
    keep(result)
    extras = None
    if extra_options.requested(args):
        from jpcore.extras.command import run_extras

        def evaluate_other(path: str):
            return evaluate_bytes(gold_data, read_bytes(path), args.gold, path, args.format, args.level, normaliser,
                                  strict=args.strict, raw_text=raw)

        extras = run_extras(args, result, evaluate_other, system=args.system, noun="sentences", gold=args.gold)
    if args.html:
        from jpcore.reports import inputs_from_paths, write_html

        write_html(result, args.html, inputs_from_paths(("gold", args.gold), ("system", args.system)),
                   extra_sections=extras.sections() if extras is not None else ())
    if args.json:
        data = result.to_dict()
        if extras is not None:
            data.update(extras.json())
        write_json(data)
    else:
        from jpcore.preprocess.report import render_text

        sys.stdout.write(render_text(result))
        if extras is not None:
            sys.stdout.write(extras.text())
    return 0
