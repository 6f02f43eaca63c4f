"""The command-line options every subcommand takes beyond its own: declared once.

``--compare SYSTEM_B`` (gec: ``HYP_B``) with ``--samples N`` (default
1,000), ``--seed S`` (default :data:`DEFAULT_SEED`, so a command run twice
prints the same figures), ``--method`` (:data:`METHODS`: paired bootstrap,
the default, approximate randomization, or compare-mt's bootstrap) and
``--measure`` (one of the task's measures, :mod:`jpcore.stats.measures`);
``--oracle SYSTEM_ON_GOLD_SEGMENTS``; ``--by-shape``; ``--review DB`` with
``--write-corrected-gold OUT`` (:mod:`jpcore.review.command`); ``--rank`` with
further system files as positional ``MORE_SYSTEMS`` (every system given
ranked, :mod:`jpcore.extras.ranking`); ``--table-format latex|markdown``
(the totals and the ranking as tables for a paper, :mod:`jpcore.extras.tables`;
not ``--format``, which is preprocess's input format).  Declaring them
imports nothing heavy (no numpy): the names are plain strings here, and a
test holds them equal to :mod:`jpcore.stats`'s.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

__all__ = ["DEFAULT_SAMPLES", "DEFAULT_SEED", "METHODS", "configure", "requested"]

#: The resampling methods of :mod:`jpcore.stats.compare`, the default first.
METHODS = ("paired-bootstrap", "approximate-randomization", "compare-mt-bootstrap")
#: Resamples (trials) unless ``--samples`` says otherwise.
DEFAULT_SAMPLES = 1000
#: The seed unless ``--seed`` says otherwise (sacrebleu's default for its paired bootstrap).
DEFAULT_SEED = 12345
#: What ``--table-format`` writes (:data:`jpcore.extras.tables.FORMATS` less text and CSV).
TABLE_FORMATS = ("latex", "markdown")
#: The largest ``--samples`` (a million resamples of a large corpus already take minutes).
MAX_SAMPLES = 1_000_000
#: numpy's legacy generator takes seeds in ``[0, 2**32)``.
MAX_SEED = 2**32 - 1


def _bounded(name: str, low: int, high: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer from {low:,} to {high:,}, found {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected an integer from {low:,} to {high:,}, found {text}")
        return value

    parse.__name__ = name  # argparse names the option's type in its messages
    return parse


def configure(parser: argparse.ArgumentParser, *, measures: Sequence[str], default_measure: str,
              system_b: str = "SYSTEM_B", unit: str = "sentences") -> None:
    """Declare the options on ``parser``; ``measures`` are the task's measure names."""
    group = parser.add_argument_group(
        "two systems and error by stage",
        "Each system is aligned to gold on its own; --compare tests the difference on their common units "
        f"(gold cut where both systems end a unit of {unit}).")
    group.add_argument("--compare", metavar=system_b,
                       help="a second system's file: print both scores, the difference (B − A), its 95%% "
                            "interval and the p-value; --json adds \"comparison\"")
    group.add_argument("--samples", type=_bounded("samples", 1, MAX_SAMPLES), default=DEFAULT_SAMPLES, metavar="N",
                       help=f"resamples (trials) of --compare (default {DEFAULT_SAMPLES:,})")
    group.add_argument("--seed", type=_bounded("seed", 0, MAX_SEED), default=DEFAULT_SEED, metavar="S",
                       help=f"random seed of --compare (default {DEFAULT_SEED}; the same seed gives the same figures)")
    group.add_argument("--method", choices=METHODS, default=METHODS[0],
                       help="paired-bootstrap (default), approximate-randomization (a test without interval) or "
                            "compare-mt-bootstrap (compare-mt's resamples and p-value)")
    group.add_argument("--measure", choices=tuple(measures), default=default_measure,
                       help=f"the score --compare tests (default {default_measure})")
    group.add_argument("--oracle", metavar="SYSTEM_ON_GOLD_SEGMENTS",
                       help="the same system run on gold's segmentation: print how much of each score is lost to "
                            "segmentation and how much to the task; --json adds \"oracle\"")
    group.add_argument("--rank", action="store_true",
                       help="rank every system given (SYSTEM and MORE_SYSTEMS): each score, every pair compared as "
                            "--compare does (same method, samples, seed), significance groups (p < 0.05 against "
                            "the group's best); --json adds \"ranking\"")
    group.add_argument("more_systems", nargs="*", default=[], metavar="MORE_SYSTEMS",
                       help="further system files to rank with --rank")
    group.add_argument("--table-format", choices=TABLE_FORMATS, default=None,
                       help="print the totals (and with --rank the ranking) as a table for a paper instead of the "
                            "report: latex (booktabs) or markdown")
    review = parser.add_argument_group(
        "after review", "Verdicts recorded on these two files (the app's Verdict, or jpcore review import) "
                        "in the review store DB.")
    review.add_argument("--review", metavar="DB",
                        help="the review store (an SQLite file or a postgresql:// URL): also print the scores "
                             "with units judged 'gold error' or 'both acceptable' counted correct; --json adds "
                             "\"totals_reviewed\" and \"review\"")
    review.add_argument("--write-corrected-gold", metavar="OUT",
                        help="with --review: write the gold file with the units judged 'gold error' taken from "
                             "the system (same format; every other line unchanged)")
    parser.add_argument("--signature-only", action="store_true",
                        help="print the signature (version, task, every option that changes a number, a hash of "
                             "each file) without scoring")
    group.add_argument("--by-shape", action="store_true",
                       help="also print the totals of each unit shape (1:1, merged, split, ...) after the report "
                            "(--json always holds them as \"totals_by_shape\")")


def requested(args: argparse.Namespace) -> bool:
    """Whether ``args`` ask for anything beyond the task's own report."""
    return bool(getattr(args, "compare", None) or getattr(args, "oracle", None) or getattr(args, "by_shape", False)
                or getattr(args, "review", None) or getattr(args, "write_corrected_gold", None)
                or getattr(args, "rank", False) or getattr(args, "more_systems", None)
                or getattr(args, "table_format", None))
