"""Reading a result saved as JSON (``jpcore ... --json`` or the app's export), fully validated.

Every task's result has ``to_dict()`` / ``from_dict()``; :func:`read_result_json`
turns file bytes back into a result object, or raises one
:class:`~jpcore.errors.InputError` naming the file and, past the JSON
syntax, the field (``units[3].kind``).  The checks, in order:

1. size (``max_bytes``), UTF-8, nesting depth (:data:`MAX_DEPTH`, counted
   on the bytes before parsing, so a 100,000-deep ``[[[...]]]`` costs no
   recursion), JSON syntax (the line of the error);
2. numbers: an integer of more than
   :data:`~jpcore.formats.json_schema.MAX_DIGITS` digits, ``NaN`` or an
   infinity is never converted, and is refused where it stands;
3. the task's schema (:func:`jpcore.results.schemas.schema_of`): every
   key, type, enum and range, and every string UTF-8 can encode (no lone
   surrogate);
4. the result is rebuilt (``from_dict``), then the invariants between its
   parts hold (:func:`jpcore.results.schemas.invariants_of`);
5. the rebuilt result writes back exactly the values read: a derived value
   (a precision, a shape, a count by kind, an edit's status, the totals of
   a shape) that does not follow from the others is named.  A result saved
   before ``"totals_by_shape"`` existed (:data:`OPTIONAL_DERIVED`) is read
   without it;
6. what a run adds beyond its result (``"comparison"``, ``"oracle"``,
   ``"hyp_from_text"``: :mod:`jpcore.results.extras`) is made again from the
   result and must equal what was read; :func:`read_run_json` returns it
   with the result.

So whatever a page reads from a loaded result has the types, values and
relations jpcore itself produces; strings are still shown escaped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any, NamedTuple, TypeVar

from jpcore.errors import InputError
from jpcore.formats.json_schema import (
    MAX_DIGITS,
    SchemaError,
    check,
    describe,
    parse_constant,
    parse_float,
    parse_int,
)
from jpcore.results.extras import EXTRA_KEYS, Extras, rebuild_extras
from jpcore.results.schemas import has_schema, invariants_of, schema_of
from jpcore.formats.textio import printable
from jpcore.formats.trees import MAX_NESTED_DEPTH
from jpcore.task import result_from_dict

Result = TypeVar("Result")

#: Deepest nesting of arrays and objects read: nested trees (two levels per
#: node, up to :data:`jpcore.formats.trees.MAX_NESTED_DEPTH` nodes) and a margin.
MAX_DEPTH = 2 * MAX_NESTED_DEPTH + 16

#: Derived keys every result writes that a result saved by an earlier jpcore may lack.
OPTIONAL_DERIVED = ("totals_by_shape",)

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
#: Where a number might have too many digits, or overflow a float.
_RISKY_NUMBER = re.compile(rb"\d{%d}|[eE][-+]?\d{3}" % (MAX_DIGITS + 1))
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


class ResultFieldError(InputError):
    """``FILE: FIELD: expected ..., found ...`` for a saved result."""

    def __init__(self, file: str, field: str, expected: str, found: str) -> None:
        super().__init__(file, None, expected, found)
        self.field = field
        self.args = (f"{file}: {field}: expected {expected}, found {found}",)


def json_depth(data: bytes) -> int:
    """The deepest nesting of arrays and objects in JSON ``data`` (strings skipped).

    >>> json_depth(b'{"a": [[1], "]]]]"]}'), json_depth(b"[" * 100000), json_depth(b"1")
    (3, 100000, 0)
    """
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    return max(accumulate(_STEP[b] for b in brackets), default=0)


def _first_difference(written: Any, read: Any) -> tuple[str, Any, Any] | None:
    """Where ``read`` differs from what the rebuilt result ``written`` writes:
    (path, written value, read value), or ``None``."""
    todo: list[tuple[Any, Any, str]] = [(written, read, "")]
    while todo:
        a, b, path = todo.pop()
        if type(a) is dict and type(b) is dict:
            for key in a.keys() | b.keys():
                where = f"{path}.{key}" if path else str(key)
                if key not in a or key not in b:
                    return where, a.get(key), b.get(key)
                todo.append((a[key], b[key], where))
        elif type(a) in (list, tuple) and type(b) is list:
            if len(a) != len(b):
                return path, a, b
            todo.extend((x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b)))
        elif a != b or (type(a) is bool) != (type(b) is bool):
            return path, a, b
    return None


def dumps_result(data: dict[str, Any], **options: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, **options)`` that UTF-8 can always encode:
    a lone surrogate (an undecodable byte of a file name given on the command
    line) is written as the text of its escape (:func:`jpcore.formats.textio.printable`),
    so the JSON reads back here instead of being refused.

    >>> dumps_result({"name": "caf\\udce9.txt"})
    '{"name": "caf\\\\\\\\xe9.txt"}'
    """
    return printable(json.dumps(data, ensure_ascii=False, **options), backslash="\\\\")


class SavedRun(NamedTuple):
    """A saved ``--json`` run: its result and what the run added (:class:`~jpcore.results.extras.Extras`)."""

    result: Any
    extras: Extras


def read_result_json(
    data: bytes, name: str, from_dict: Callable[[dict[str, Any]], Result] | None, command: str,
    max_bytes: int | None = None,
) -> Result:
    """The result of :func:`read_run_json` (what the run added beyond it checked, then left aside).

    >>> read_result_json(b"[1]", "r.json", dict, "preprocess")
    Traceback (most recent call last):
    ...
    jpcore.errors.InputError: r.json:1: expected a JSON object written by `jpcore preprocess --json`, found list
    """
    return read_run_json(data, name, from_dict, command, max_bytes).result


def read_run_json(
    data: bytes, name: str, from_dict: Callable[[dict[str, Any]], Result] | None, command: str,
    max_bytes: int | None = None,
) -> SavedRun:
    """Rebuild a result with ``from_dict`` from JSON bytes written by ``jpcore COMMAND --json``,
    and with it what the run added (``"comparison"``, ``"oracle"``, ``"hyp_from_text"``),
    validated as the module says; anything else raises :class:`InputError`.  With
    ``from_dict=None`` the result class is the one task ``COMMAND`` registers
    (:func:`jpcore.task.result_from_dict`).

    >>> read_run_json(b'{"task": "preprocess", "level": "![k](https://e.invalid/x.png)"}', "r.json", dict,
    ...               "preprocess")
    Traceback (most recent call last):
    ...
    jpcore.results.reader.ResultFieldError: r.json: level: expected one of 'tokens', 'words', found '![k](https://e.inval'...
    """
    expected = f"a JSON object written by `jpcore {command} --json`"
    if not has_schema(command):
        raise InputError(name, None, expected, "a result of a task whose saved results jpcore does not read back")
    if max_bytes is not None and len(data) > max_bytes:
        raise InputError(name, None, f"at most {max_bytes:,} bytes of JSON", f"{len(data):,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(name, None, "UTF-8 JSON", f"a byte that is not UTF-8 at offset {error.start}") from None
    depth = json_depth(data)
    if depth > MAX_DEPTH:
        raise InputError(name, None, f"{expected}, nested at most {MAX_DEPTH} levels deep",
                         f"{depth:,} levels of nested arrays or objects")
    # numbers are converted by the hooks only when the file has one they must refuse
    # (a run of digits or a large exponent, maybe inside a string): they are slow
    hooks = {"parse_int": parse_int, "parse_float": parse_float} if _RISKY_NUMBER.search(data) else {}
    try:
        payload = json.loads(text, parse_constant=parse_constant, **hooks)
    except json.JSONDecodeError as error:
        raise InputError(name, error.lineno, expected, error.msg) from None
    del text
    if not isinstance(payload, dict):
        raise InputError(name, 1, expected, type(payload).__name__)
    task = payload.get("task")
    if task != command:
        found = f"a result of `jpcore {task}`" if isinstance(task, str) and has_schema(task) else f"task {describe(task)}"
        raise InputError(name, None, expected, found)
    try:
        check(payload, schema_of(command))
    except SchemaError as error:
        raise ResultFieldError(name, error.path, error.expected, error.found) from None
    if from_dict is None:
        from_dict = result_from_dict
    try:
        result = from_dict(payload)
    except InputError as error:
        raise InputError(name, None, "a result jpcore can rebuild", str(error)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise InputError(name, None, expected, f"{type(error).__name__}: {error}") from None
    try:
        invariants_of(command)(payload)
    except SchemaError as error:
        raise ResultFieldError(name, error.path, error.expected, error.found) from None
    saved = {key: payload.pop(key) for key in EXTRA_KEYS if key in payload}
    to_dict = getattr(result, "to_dict", None)
    try:
        written = to_dict() if to_dict is not None else payload
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise InputError(name, None, "a result jpcore can rebuild",
                         f"{type(error).__name__}: {error} while writing it back") from None
    if to_dict is not None:
        for key in OPTIONAL_DERIVED:
            if key not in payload:
                written.pop(key, None)
    if written != payload:  # the schema made the types strict: == is enough until they differ
        difference = _first_difference(written, payload)
        if difference is not None:
            path, written, read = difference
            raise ResultFieldError(name, path, f"{describe(written)}, the value that follows from the rest",
                                   describe(read))
    try:
        extras = rebuild_extras(saved, result, payload, _first_difference)
    except SchemaError as error:
        raise ResultFieldError(name, error.path, error.expected, error.found) from None
    return SavedRun(result, extras)
