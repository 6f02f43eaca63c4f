"""``python -m jpcore review export|import|agree``: verdicts out of a store, into one, and two reviewers compared.

* ``review export DB [--csv|--json] [-o OUT]`` -- every review of the store
  (:mod:`jpcore.review.exchange`: CSV by default, safe in a spreadsheet);
* ``review import DB FILE`` -- a file written by export (or by hand, same
  columns) into the store, in one transaction: a bad row is one line naming
  the file and its line, and nothing is imported;
* ``review agree A B [--json]`` -- two reviewers' verdicts (each a store or
  an exported file) on the units both reviewed (:mod:`jpcore.review.agreement`).

``DB`` is an SQLite file or a ``postgresql://`` URL (:func:`jpcore.review.open_store`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from jpcore.errors import InputError



def configure(parser: argparse.ArgumentParser) -> None:
    """Declare ``review``'s subcommands."""
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="print every review of a store (CSV or JSON)",
                                description="Every review of the store DB: task, gold_sha256, system_sha256, "
                                            "gold_span, system_span, gold_text, system_text, verdict, note, "
                                            "reviewer, time, word_span.")
    export.add_argument("db", metavar="DB", help="the review store: an SQLite file or a postgresql:// URL")
    form = export.add_mutually_exclusive_group()
    form.add_argument("--csv", dest="form", action="store_const", const="csv",
                      help="CSV (the default; a cell starting with = + - @ is written as text)")
    form.add_argument("--json", dest="form", action="store_const", const="json", help="a JSON list of objects")
    export.add_argument("-o", "--output", metavar="OUT", help="write to OUT instead of stdout")
    load = actions.add_parser("import", help="add an exported (or hand-written) file to a store",
                              description="Add FILE's reviews to the store DB in one transaction: a bad row "
                                          "stops the import, naming the file and the line, and nothing is added.")
    load.add_argument("db", metavar="DB", help="the review store (created if it is a new SQLite file)")
    load.add_argument("file", metavar="FILE", help="a CSV or JSON file in export's columns")
    agree = actions.add_parser("agree", help="two reviewers' agreement: observed, Cohen's kappa, confusion",
                               description="Compare the verdicts of A and B (each a store or an exported file) "
                                           "on the units both reviewed.")
    agree.add_argument("a", metavar="A", help="reviewer A: a store or an exported file")
    agree.add_argument("b", metavar="B", help="reviewer B: a store or an exported file")
    agree.add_argument("--json", action="store_true",
                       help='print {"units", "agreement", "kappa", "confusion", "disagreements"}')


def run(args: argparse.Namespace) -> int:
    """Run ``review ACTION``; bad input and a failing store raise :class:`InputError` (status 2)."""
    from jpcore.review.store import store_errors

    where = args.db if args.action != "agree" else args.a
    with store_errors(where):
        return {"export": _export, "import": _import, "agree": _agree}[args.action](args)


def _is_url(where: str) -> bool:
    from jpcore.review.store import _is_url as is_url

    return is_url(where)


def _reviews_of(source: str) -> list:
    """The reviews of a store or of an exported file."""
    from jpcore.review.store import SQLITE_MAGIC, open_existing_store

    if not _is_url(source):
        path = Path(source)
        if not path.is_file():
            raise InputError(source, None, "a review store or an exported file", "no such file")
        data = path.read_bytes()
        if not data.startswith(SQLITE_MAGIC):
            from jpcore.review.exchange import read_reviews

            return read_reviews(_text(data, source), source)
    with open_existing_store(source) as store:
        return store.all_reviews()


def _text(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise InputError(name, line, "UTF-8 text", f"byte {data[error.start:error.start + 1].hex()}") from None


def _export(args: argparse.Namespace) -> int:
    from jpcore.review.exchange import reviews_csv, reviews_json
    from jpcore.review.store import open_existing_store

    with open_existing_store(args.db) as store:
        reviews = store.all_reviews()
    text = reviews_json(reviews) if args.form == "json" else reviews_csv(reviews)
    if args.output:
        from jpcore.atomic import write_atomic

        write_atomic(args.output, text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return 0


def _import(args: argparse.Namespace) -> int:
    from jpcore.review.exchange import read_reviews
    from jpcore.review.store import open_store

    reviews = read_reviews(_text(Path(args.file).read_bytes(), args.file), args.file)
    with open_store(args.db) as store:
        count = store.record_many(reviews)
    print(f"jpcore review: imported {count} review{'s' if count != 1 else ''} from {args.file} into {args.db}",
          file=sys.stderr)
    return 0


def _agree(args: argparse.Namespace) -> int:
    from jpcore.review.agreement import agreement

    result = agreement(_reviews_of(args.a), _reviews_of(args.b))
    if args.json:
        from jpcore.output import write_json

        write_json(result.to_dict())
        return 0
    sys.stdout.write(render_agreement(result, args.a, args.b))
    return 0


def render_agreement(result, a_name: str, b_name: str) -> str:
    """The text report of ``jpcore review agree``."""
    from jpcore.review.verdicts import VERDICTS
    from jpcore.stats.scale import score_text

    def share(value: float | None) -> str:
        return "undefined" if value is None else score_text(value * 100)

    lines = [f"A: {a_name}", f"B: {b_name}",
             f"Units both reviewed: {result.units}",
             f"Observed agreement:  {share(result.agreement)} ({result.agreed} of {result.units})",
             "Cohen's kappa:       " + ("undefined" if result.kappa is None else f"{result.kappa:.4f}"),
             "", "Confusion (rows: A, columns: B):"]
    width = max(len(v) for v in VERDICTS)
    lines.append(" " * width + "  " + "  ".join(f"{v:>{len(v)}}" for v in VERDICTS))
    for row in VERDICTS:
        lines.append(f"{row:<{width}}  " + "  ".join(f"{result.confusion[row][v]:>{len(v)}}" for v in VERDICTS))
    lines += ["", f"Disagreements: {len(result.disagreements)}"]
    for a, b in result.disagreements:
        key = a.key
        word = f" word {key.word_span[0]}:{key.word_span[1]}" if key.word_span else ""
        lines.append(f"  {key.task} gold {key.gold_span[0]}:{key.gold_span[1]} system "
                     f"{key.sys_span[0]}:{key.sys_span[1]}{word}: A {a.verdict}, B {b.verdict} | "
                     f"{a.gold_text!r} / {a.sys_text!r}")
    return "\n".join(lines) + "\n"
