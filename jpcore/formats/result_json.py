"""Reading a result saved as JSON (``jpcore ... --json`` or the app's export).

Every task's result has ``to_dict()`` / ``from_dict()``; this module turns
file bytes back into a result object, with an :class:`InputError` naming
the file and line for anything that is not such a JSON object.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from jpcore.errors import InputError

Result = TypeVar("Result")


def read_result_json(
    data: bytes, name: str, from_dict: Callable[[dict[str, Any]], Result], command: str
) -> Result:
    """Rebuild a result with ``from_dict`` from JSON bytes written by ``jpcore COMMAND --json``.

    >>> read_result_json(b"[1]", "r.json", dict, "preprocess")
    Traceback (most recent call last):
    ...
    jpcore.errors.InputError: r.json:1: expected a JSON object written by `jpcore preprocess --json`, found list
    """
    expected = f"a JSON object written by `jpcore {command} --json`"
    try:
        payload = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise InputError(name, None, "UTF-8 JSON", f"a byte that is not UTF-8 at offset {error.start}") from None
    except json.JSONDecodeError as error:
        raise InputError(name, error.lineno, expected, error.msg) from None
    if not isinstance(payload, dict):
        raise InputError(name, 1, expected, type(payload).__name__)
    try:
        return from_dict(payload)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise InputError(name, None, expected, f"{type(error).__name__}: {error}") from None
