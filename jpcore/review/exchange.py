"""Reviews as a file: the CSV and JSON that ``jpcore review export`` writes and ``import`` reads.

Contract: one row per review with the columns :data:`COLUMNS` (``word_span``
last, optional on import: a hand-written file may leave it out).  A span is
``start:end`` in CSV and ``[start, end]`` in JSON (:mod:`jpcore.review.identity`
says which characters it counts); an empty verdict is none.  The CSV is safe
to open in a spreadsheet: a cell that starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return is written with a leading ``'`` (so is one that
starts with ``'``, so reading it back removes exactly one): the spreadsheet
shows text, never runs a formula.  The JSON is a list of objects, one per
line.  :func:`read_reviews` checks every row and raises
:class:`~jpcore.errors.InputError` naming the file and the line of the
first bad one.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from jpcore.errors import InputError, show
from jpcore.review.identity import UnitKey
from jpcore.review.store import Review
from jpcore.review.verdicts import VERDICTS

__all__ = ["COLUMNS", "REQUIRED", "read_reviews", "reviews_csv", "reviews_json", "row_of"]

#: The columns of an export, in order.
COLUMNS = ("task", "gold_sha256", "system_sha256", "gold_span", "system_span", "gold_text", "system_text",
           "verdict", "note", "reviewer", "time", "word_span")
#: The columns a file to import must have.
REQUIRED = COLUMNS[:-1]
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_SPAN = re.compile(r"(\d{1,15}):(\d{1,15})")


def _span_text(span: tuple[int, int] | None) -> str:
    return "" if span is None else f"{span[0]}:{span[1]}"


def row_of(review: Review) -> dict[str, Any]:
    """One review as an export row (spans as lists, JSON's form)."""
    key = review.key
    return {"task": key.task, "gold_sha256": key.gold_sha256, "system_sha256": key.sys_sha256,
            "gold_span": list(key.gold_span), "system_span": list(key.sys_span),
            "gold_text": review.gold_text, "system_text": review.sys_text, "verdict": review.verdict,
            "note": review.note, "reviewer": review.reviewer, "time": review.time,
            "word_span": None if key.word_span is None else list(key.word_span)}


def _safe_cell(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_START) else text


def reviews_csv(reviews: Iterable[Review]) -> str:
    """The CSV export of ``reviews`` (a header, then one row each; module doc)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for review in reviews:
        row = row_of(review)
        row.update(gold_span=_span_text(review.key.gold_span), system_span=_span_text(review.key.sys_span),
                   word_span=_span_text(review.key.word_span), verdict=review.verdict or "")
        writer.writerow([_safe_cell(str(row[name])) for name in COLUMNS])
    return out.getvalue()


def reviews_json(reviews: Iterable[Review]) -> str:
    """The JSON export of ``reviews``: a list of objects, one per line."""
    rows = [json.dumps(row_of(review), ensure_ascii=False) for review in reviews]
    return "[\n" + ",\n".join(rows) + ("\n" if rows else "") + "]\n"


def read_reviews(text: str, name: str) -> list[Review]:
    """The reviews of an exported (or hand-written) CSV or JSON file's text; a JSON file
    starts with ``[``.  :class:`InputError` names ``name`` and the line of a bad row."""
    if text.startswith("\ufeff"):
        text = text[1:]
    rows = _json_rows(text, name) if text.lstrip().startswith("[") else _csv_rows(text, name)
    return [_review(row, name, line, is_csv) for line, row, is_csv in rows]


def _csv_rows(text: str, name: str) -> Iterator[tuple[int, dict[str, Any], bool]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError(name, 1, "a header line naming the columns " + ", ".join(REQUIRED), "an empty file") from None
    except csv.Error as error:
        raise InputError(name, 1, "CSV", str(error)) from None
    missing = [column for column in REQUIRED if column not in header]
    if missing:
        raise InputError(name, 1, "a header line with the columns " + ", ".join(REQUIRED),
                         "no column " + ", ".join(missing))
    line = reader.line_num + 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise InputError(name, line, "a CSV row", str(error)) from None
        if cells:
            if len(cells) != len(header):
                raise InputError(name, line, f"{len(header)} cells, as the header", f"{len(cells)}")
            yield line, {column: _unsafe_cell(cell) for column, cell in zip(header, cells)}, True
        line = reader.line_num + 1


def _unsafe_cell(text: str) -> str:
    return text[1:] if text.startswith("'") else text


def _json_rows(text: str, name: str) -> Iterator[tuple[int, dict[str, Any], bool]]:
    decoder = json.JSONDecoder()
    at = text.index("[") + 1

    def line_of(position: int) -> int:
        return text.count("\n", 0, position) + 1

    def skip(position: int) -> int:
        while position < len(text) and text[position] in " \t\r\n":
            position += 1
        return position

    at = skip(at)
    if at < len(text) and text[at] == "]":
        return
    while True:
        try:
            row, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as error:
            raise InputError(name, line_of(error.pos), "a JSON object per review", error.msg) from None
        if not isinstance(row, dict):
            raise InputError(name, line_of(at), "a JSON object per review", type(row).__name__)
        yield line_of(at), row, False
        at = skip(end)
        if at < len(text) and text[at] == ",":
            at = skip(at + 1)
            continue
        if at < len(text) and text[at] == "]" and not text[at + 1:].strip():
            return
        raise InputError(name, line_of(at), "',' or the closing ']'", show(text[at:at + 20]) if at < len(text)
                         else "the end of the file")


def _review(row: dict[str, Any], name: str, line: int, is_csv: bool) -> Review:
    def bad(column: str, expected: str) -> InputError:
        return InputError(name, line, f"{column}: {expected}", show(str(row.get(column)), 40))

    missing = [column for column in REQUIRED if column not in row]
    if missing:
        raise InputError(name, line, "the columns " + ", ".join(REQUIRED), "no " + ", ".join(missing))
    for column in ("task", "gold_sha256", "system_sha256", "gold_text", "system_text", "note", "reviewer", "time"):
        if not isinstance(row[column], str):
            raise bad(column, "text")
    from jpcore.task import TASKS

    if row["task"] not in TASKS:
        raise bad("task", "one of " + ", ".join(TASKS))
    for column in ("gold_sha256", "system_sha256"):
        if not _SHA256.fullmatch(row[column]):
            raise bad(column, "64 lower-case hex digits")
    verdict = row["verdict"]
    if verdict == "" and is_csv:
        verdict = None
    if verdict is not None and verdict not in VERDICTS:
        raise bad("verdict", "one of " + ", ".join(VERDICTS) + " or empty")
    if verdict is None and not row["note"]:
        raise bad("verdict", "a verdict or a note (a row with neither records nothing)")
    try:
        time = datetime.fromisoformat(row["time"])
    except ValueError:
        raise bad("time", "an ISO 8601 date and time") from None
    if time.tzinfo is None:
        raise bad("time", "an ISO 8601 date and time with its offset from UTC")
    spans = {}
    for column in ("gold_span", "system_span", "word_span"):
        value = row.get(column)
        if column == "word_span" and value in (None, ""):
            spans[column] = None
            continue
        span = _span(value, is_csv)
        if span is None:
            raise bad(column, "start:end" if is_csv else "[start, end]")
        spans[column] = span
    key = UnitKey(row["task"], row["gold_sha256"], row["system_sha256"], spans["gold_span"],
                  spans["system_span"], spans["word_span"])
    return Review(key, verdict, row["note"], row["reviewer"], row["time"], row["gold_text"], row["system_text"])


def _span(value: Any, is_csv: bool) -> tuple[int, int] | None:
    if is_csv:
        match = _SPAN.fullmatch(value) if isinstance(value, str) else None
        if match is None:
            return None
        start, end = int(match[1]), int(match[2])
    else:
        if not (isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value)):
            return None
        start, end = value
    return (start, end) if 0 <= start <= end else None
