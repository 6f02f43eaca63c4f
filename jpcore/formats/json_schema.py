"""A small schema language for JSON data already parsed, checked without recursion.

Contract: a schema is built from :class:`Int`, :class:`Num`, :class:`Str`,
:class:`Bool`, :class:`Nullable`, :class:`Seq` (a list of one kind of
item), :class:`Row` (a list of fixed length, one schema per position),
:class:`Obj` (an object with required and optional keys, nothing else),
:class:`Map` (an object whose keys are free strings) and :class:`Ref` (a
schema defined later, for recursive data such as trees).  :func:`check`
walks the value with an explicit stack, so any nesting depth is checked
without Python recursion, and raises :class:`SchemaError` for the first
value that does not fit, naming its path (``units[3].kind``), what was
expected and what was found.

Every string is checked for lone surrogates (``"\\ud800"`` is valid JSON but
no UTF-8 can encode it), every number for its type and range: ``bool`` is
never an integer, and a number the JSON reader refused to convert (more
digits than :data:`MAX_DIGITS`, an infinity; see :class:`BadNumber`) is
reported where it stands.

>>> schema = Obj({"kind": Str(choices=("a", "b")), "n": Int(0, 9)}, {"tags": Seq(Str(max_len=3))})
>>> check({"kind": "a", "n": 3, "tags": ["x"]}, schema)
>>> check({"kind": "a", "n": 3, "tags": ["x", True]}, schema)
Traceback (most recent call last):
...
jpcore.formats.json_schema.SchemaError: tags[1]: expected a string of at most 3 characters, found true
>>> check({"kind": "![x](http://e.invalid/x.png)", "n": 3}, schema)
Traceback (most recent call last):
...
jpcore.formats.json_schema.SchemaError: kind: expected one of 'a', 'b', found '![x](http://e.invali'...
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jpcore.errors import show

#: Digits of the longest integer the reader converts (a count of this app never needs more).
MAX_DIGITS = 18
#: The largest integer a count, index or line number may be.
MAX_INT = 10**15
#: The default longest string (characters).
MAX_STR = 1_000_000

_SURROGATE = re.compile("[\ud800-\udfff]")


class SchemaError(ValueError):
    """``PATH: expected ..., found ...`` for the first value that does not fit."""

    def __init__(self, path: str, expected: str, found: str) -> None:
        self.path, self.expected, self.found = path, expected, found
        super().__init__(f"{path or 'the top level'}: expected {expected}, found {found}")


class BadNumber(str):
    """A number the JSON reader did not convert (its text kept for the message)."""

    def describe(self) -> str:
        """What the number is, for a message."""
        digits = sum(c.isdigit() for c in self)
        if digits > MAX_DIGITS:
            return f"a number with {digits:,} digits"
        return f"the number {self[:40]}"


def parse_int(text: str) -> int | BadNumber:
    """``json.loads``'s ``parse_int``: an ``int``, or a :class:`BadNumber` beyond :data:`MAX_DIGITS`."""
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else BadNumber(text)


def parse_float(text: str) -> float | BadNumber:
    """``json.loads``'s ``parse_float``: a finite ``float``, else a :class:`BadNumber`."""
    if len(text) > 64:
        return BadNumber(text)
    value = float(text)
    return value if math.isfinite(value) else BadNumber(text)


def parse_constant(text: str) -> BadNumber:
    """``json.loads``'s ``parse_constant`` (``NaN``, ``Infinity``): never a number here."""
    return BadNumber(text)


def describe(value: Any) -> str:
    """A short, quoted description of a JSON value for a message."""
    if isinstance(value, BadNumber):
        return value.describe()
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return show(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return f"a list of {len(value):,} items"
    if isinstance(value, dict):
        return f"an object with {len(value):,} keys"
    return type(value).__name__


#: ``(value, schema, path)`` still to check; a path is ``(parent path, key)``.
Todo = list[tuple[Any, "Schema", Any]]


def format_path(path: Any) -> str:
    """``("units", 3, "kind")`` as ``units[3].kind``."""
    parts: list[Any] = []
    while path is not None:
        path, key = path
        parts.append(key)
    out = ""
    for key in reversed(parts):
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


class Schema:
    """One kind of JSON value; :meth:`visit` checks ``value`` and pushes its parts."""

    def expected(self) -> str:
        """What fits, in words."""
        raise NotImplementedError

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        """Raise :class:`SchemaError` unless ``value`` fits; push its parts on ``todo``."""
        raise NotImplementedError

    def fail(self, value: Any, path: Any, expected: str | None = None) -> SchemaError:
        """The error for ``value`` at ``path``."""
        return SchemaError(format_path(path), expected or self.expected(), describe(value))


@dataclass(frozen=True)
class Int(Schema):
    """An integer (never a bool) from ``lo`` to ``hi``."""

    lo: int = 0
    hi: int = MAX_INT

    def expected(self) -> str:
        return f"an integer from {self.lo:,} to {self.hi:,}"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if type(value) is not int or not self.lo <= value <= self.hi:
            raise self.fail(value, path)


@dataclass(frozen=True)
class Num(Schema):
    """A finite number (integer or not, never a bool) from ``lo`` to ``hi``."""

    lo: float = 0.0
    hi: float = float(MAX_INT)

    def expected(self) -> str:
        return f"a number from {self.lo:g} to {self.hi:g}"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if type(value) not in (int, float) or not self.lo <= value <= self.hi:
            raise self.fail(value, path)


@dataclass(frozen=True)
class Bool(Schema):
    """``true`` or ``false``."""

    def expected(self) -> str:
        return "true or false"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if value is not True and value is not False:
            raise self.fail(value, path)


def _bad_text(value: str) -> bool:
    return not value.isascii() and _SURROGATE.search(value) is not None


@dataclass(frozen=True)
class Str(Schema):
    """A string of ``min_len`` to ``max_len`` characters, one of ``choices`` if given,
    matching ``pattern`` (a full match) if given; never a lone surrogate."""

    max_len: int = MAX_STR
    choices: tuple[str, ...] | None = None
    pattern: str | None = None
    min_len: int = 0

    def expected(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.pattern is not None:
            return f"a string like {self.pattern}"
        if self.min_len:
            return f"a string of {self.min_len} to {self.max_len:,} characters"
        return f"a string of at most {self.max_len:,} characters"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if type(value) is not str or not self.min_len <= len(value) <= self.max_len:
            raise self.fail(value, path)
        if self.choices is not None and value not in self.choices:
            raise self.fail(value, path)
        if self.pattern is not None and re.fullmatch(self.pattern, value) is None:
            raise self.fail(value, path)
        if _bad_text(value):
            raise self.fail(value, path, "text that UTF-8 can encode (no lone surrogate such as \\ud800)")


@dataclass(frozen=True)
class Nullable(Schema):
    """``null`` or ``inner``."""

    inner: Schema

    def expected(self) -> str:
        return f"null or {self.inner.expected()}"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if value is not None:
            self.inner.visit(value, path, todo)


@dataclass(frozen=True)
class Seq(Schema):
    """A list of at most ``max_len`` items, each fitting ``item``."""

    item: Schema
    max_len: int = MAX_INT
    min_len: int = 0

    def expected(self) -> str:
        return f"a list of {self.min_len:,} to {self.max_len:,} items" if self.min_len else "a list"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if type(value) is not list or not self.min_len <= len(value) <= self.max_len:
            raise self.fail(value, path)
        item = self.item
        if type(item) is Int:  # the common long lists of numbers, checked in one pass
            if all(type(v) is int for v in value) and (
                    not value or (item.lo <= min(value) and max(value) <= item.hi)):
                return
        elif type(item) is Str and item.choices is None and item.pattern is None:
            if all(type(v) is str and item.min_len <= len(v) <= item.max_len for v in value) and not any(
                    _bad_text(v) for v in value):
                return
        todo.extend((v, item, (path, i)) for i, v in enumerate(value))


@dataclass(frozen=True)
class Row(Schema):
    """A list of exactly ``len(items)`` values, value ``i`` fitting ``items[i]``."""

    items: tuple[Schema, ...]

    def expected(self) -> str:
        return f"a list of {len(self.items)} values"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if type(value) is not list or len(value) != len(self.items):
            raise self.fail(value, path)
        todo.extend((v, s, (path, i)) for i, (v, s) in enumerate(zip(value, self.items)))


@dataclass(frozen=True)
class Obj(Schema):
    """An object with every key of ``required``, any of ``optional``, and no other key."""

    required: dict[str, Schema]
    optional: dict[str, Schema] = field(default_factory=dict)

    def expected(self) -> str:
        return "an object"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if type(value) is not dict:
            raise self.fail(value, path)
        missing = [key for key in self.required if key not in value]
        if missing:  # reported once the values that are there are checked (a stack: pushed first)
            todo.append((value, _Missing(self.required[missing[0]], missing[0]), path))
        for key, item in value.items():
            schema = self.required.get(key) or self.optional.get(key)
            if schema is None:
                where = format_path(path) or "the top level"
                raise SchemaError(format_path((path, key)), f"only the keys jpcore writes in {where}",
                                  f"the key {describe(key)}")
            todo.append((item, schema, (path, key)))


@dataclass(frozen=True)
class _Missing(Schema):
    """The report of a required key that is missing (see :meth:`Obj.visit`)."""

    schema: Schema
    key: str

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        raise SchemaError(format_path((path, self.key)), self.schema.expected(), "nothing (the key is missing)")


@dataclass(frozen=True)
class Map(Schema):
    """An object of at most ``max_len`` keys fitting ``key``, each value fitting ``value``."""

    value: Schema
    key: Str = Str(max_len=1000)
    max_len: int = MAX_INT

    def expected(self) -> str:
        return "an object"

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        if type(value) is not dict or len(value) > self.max_len:
            raise self.fail(value, path)
        for key, item in value.items():
            self.key.visit(key, (path, key), todo)
            todo.append((item, self.value, (path, key)))


@dataclass(eq=False)
class Ref(Schema):
    """A schema given later (:meth:`set`), for recursive data."""

    target: Schema | None = None

    def set(self, target: Schema) -> None:
        """Make this reference stand for ``target``."""
        self.target = target

    def expected(self) -> str:
        assert self.target is not None
        return self.target.expected()

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        assert self.target is not None
        self.target.visit(value, path, todo)


@dataclass(frozen=True)
class Where(Schema):
    """``inner``, and then ``test(value)`` must be ``None`` (else it names what is wrong)."""

    inner: Schema
    test: Callable[[Any], str | None]
    description: str

    def expected(self) -> str:
        return self.description

    def visit(self, value: Any, path: Any, todo: Todo) -> None:
        self.inner.visit(value, path, todo)
        problem = self.test(value)
        if problem is not None:
            raise SchemaError(format_path(path), self.description, problem)


def check(value: Any, schema: Schema, root: Sequence[str] = ()) -> None:
    """Raise :class:`SchemaError` for the first part of ``value`` that does not fit ``schema``
    (``root`` names where ``value`` sits, for the paths in messages)."""
    path: Any = None
    for key in root:
        path = (path, key)
    todo: Todo = [(value, schema, path)]
    pop, push = todo.pop, todo
    while todo:
        item, schema_, where = pop()
        schema_.visit(item, where, push)
