"""``python -m jpcore check FILE``: a gold file scored against itself must score 100 %.

A file aligned with itself can only give 1:1 exact units, so every
evaluation that reads its format must find every score perfect and every
total equal to the sum over its units.  Anything else is a bug in the file
(a malformed tree the reader let through) or in the tool, and it is
reported with the first unit that is not perfect and the file's line where
it starts, never printed as a score (the UD tools' ELAS of 105 %, errant's
F0.5 of 86.45 on identical corrections are the kind of figure this refuses).

Which evaluations apply (:func:`evaluations_for`): tokenized text ->
``preprocess``; CoNLL-U -> ``preprocess`` (words) and ``ud``; bracketed
trees -> ``parseval``; M2 -> ``gec``.  For each, every measure of the task
(:mod:`jpcore.stats.measures`: the counts per unit the comparisons resample)
is checked: the sums over the units equal the totals the result reports,
no unit has a false positive or a miss, and the score is the measure's best;
PARSEVAL also has no crossing bracket and every tag correct.

Exit status: 0 when every check holds, 1 when one fails (one line per failed
check on stdout, naming the evaluation, the measure, the unit and its line),
2 for a file no reader accepts (the reader's one-line error).

>>> from jpcore.check import check_bytes
>>> [line for line in check_bytes(b"Hello world .\\nBye .\\n", "gold.txt")]
['preprocess: sentences 100.00%, tokens 100.00% over 2 units: ok']
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from jpcore.extras.totals import totals_json
from jpcore.errors import InputError
from jpcore.task import named

__all__ = ["FORMATS", "CheckReport", "check_bytes", "configure", "evaluations_for", "run", "self_check"]

#: What ``--format`` accepts (``auto`` looks at the content).
FORMATS = ("auto", "text", "conllu", "trees", "m2")


class CheckFailed(Exception):
    """One check that did not hold: its message names task, measure, unit and line."""


def detect(data: bytes, name: str) -> str:
    """The format of ``data`` (:data:`FORMATS` but ``auto``): trees start with ``(``,
    M2 with an ``S`` line, CoNLL-U as :func:`jpcore.formats.detect_format` says."""
    from jpcore.formats import detect_format

    head = data[:65536].lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"("):
        return "trees"
    if head.startswith(b"S ") or head.startswith(b"S\n"):
        return "m2"
    return detect_format(data, name)


def evaluations_for(fmt: str) -> tuple[str, ...]:
    """The tasks that read a file of format ``fmt``."""
    return {"text": ("preprocess",), "conllu": ("preprocess", "ud"), "trees": ("parseval",),
            "m2": ("gec",)}[fmt]


def _evaluate(task: str, data: bytes, name: str, fmt: str) -> Any:
    evaluate = named(task).load("evaluate")
    if task == "preprocess":
        return evaluate(data, data, gold_name=name, sys_name=name, fmt=fmt)
    return evaluate(data, data, gold_name=name, sys_name=name)


def _gold_line(result: Any, unit: Any) -> int | None:
    """The file line where ``unit``'s gold side starts, where the result keeps one."""
    lines = getattr(unit, "gold_lines", None)
    if lines:
        first = lines[0]
        return first[0] if isinstance(first, tuple) else first
    gold = getattr(result, "gold", None)
    segmentation = getattr(gold, "segmentation", gold)
    sentences = getattr(segmentation, "sentences", None)
    if sentences and unit.gold[0] < len(sentences):
        return sentences[unit.gold[0]].line
    return None


def _errors(counts: Sequence[str], row: Sequence[int]) -> int:
    """How far one unit's counts are from perfect: false positives and misses."""
    values = dict(zip(counts, row))
    if "fp" in values:
        return values["fp"] + values["fn"]
    return (values["gold"] - values["matched"]) + (values["test"] - values["matched"])


def check_result(task: str, result: Any, name: str) -> str:
    """One line saying the self-scored ``result`` of ``task`` is perfect, or
    :class:`CheckFailed` naming the first check that is not."""
    measures = named(task).load("measures")
    totals = totals_json(result)  # the totals alone: serialising every unit cost 3.9 of 4.4 s on GUM
    units = result.units
    shown = []
    for measure in measures:
        rows = measure.unit_counts(result)
        sums = measure.sums(result)
        reported = measure.totals_counts(totals)
        if sums != reported:
            raise CheckFailed(f"{task}: {measure.name}: the totals {dict(zip(measure.counts, reported))} are not "
                              f"the sum over the units {dict(zip(measure.counts, sums))}")
        for number, (unit, row) in enumerate(zip(units, rows), 1):
            if _errors(measure.counts, row):
                line = _gold_line(result, unit)
                where = f"{name}:{line}" if line is not None else name
                raise CheckFailed(f"{where}: {task}: {measure.name}: unit {number} scored against itself has "
                                  f"{dict(zip(measure.counts, map(int, row)))}, expected no false positive and no miss")
        score = measure.score(result, sums)
        if score != measure.best:
            raise CheckFailed(f"{task}: {measure.name}: {measure.show(score)} against itself, expected "
                              f"{measure.show(measure.best)}")
        if measure.in_tables:
            shown.append(f"{measure.name} {measure.show(score)}")
    if task == "parseval" and (totals["cross"] or totals["correct_tags"] != totals["words"]):
        raise CheckFailed(f"{task}: against itself {totals['cross']} crossing brackets and "
                          f"{totals['correct_tags']} of {totals['words']} tags correct, expected 0 and all")
    return f"{task}: {', '.join(shown)} over {len(units)} units: ok"


def check_bytes(data: bytes, name: str, fmt: str = "auto") -> Iterator[str]:
    """Score ``data`` against itself with every evaluation of its format and yield
    one line per evaluation that holds; :class:`CheckFailed` at the first that
    does not, :class:`~jpcore.errors.InputError` for a file no reader accepts."""
    fmt = detect(data, name) if fmt == "auto" else fmt
    for task in evaluations_for(fmt):
        result = _evaluate(task, data, name, fmt if task == "preprocess" else "auto")
        yield check_result(task, result, name)


class CheckReport(NamedTuple):
    """What :func:`self_check` found: the lines of the checks that held (as the command
    prints them) and ``problem``, the one-line message of the first that did not (a
    failed check or a reader's error, naming file and line), or ``None``."""

    lines: tuple[str, ...]
    problem: str | None


def self_check(data: bytes, name: str, fmt: str = "auto") -> CheckReport:
    """:func:`check_bytes` run to its end as one value (what the app shows, and caches):
    every check that held, and the first failure or reader error instead of raising.

    >>> self_check(b"Hello world .\\n", "gold.txt").problem is None
    True
    >>> self_check(b"(S (NN a)\\n", "gold.mrg").problem
    "gold.mrg:1: expected ')' closing the '(' of 'S' opened on line 1, found the end of the input (too many opening brackets)"
    """
    lines: list[str] = []
    try:
        for line in check_bytes(data, name, fmt):
            lines.append(line)
    except CheckFailed as failure:
        return CheckReport(tuple(lines), str(failure))
    except InputError as error:
        return CheckReport(tuple(lines), str(error))
    return CheckReport(tuple(lines), None)


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``check``."""
    parser.add_argument("file", metavar="FILE", help="a gold file: tokenized text, CoNLL-U, trees or M2")
    parser.add_argument("--format", choices=FORMATS, default="auto",
                        help="the file's format (default: from its content)")


def run(args: argparse.Namespace) -> int:
    """Check the file; print one line per evaluation; 0 if all hold, 1 if one fails."""
    from jpcore.formats.textio import read_bytes

    data = read_bytes(args.file)
    try:
        for line in check_bytes(data, args.file, args.format):
            sys.stdout.write(line + "\n")
    except CheckFailed as failure:
        sys.stdout.write(f"FAILED {failure}\n")
        return 1
    return 0
