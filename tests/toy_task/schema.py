"""What ``jpcore chars --json`` writes (``Task.schema``): the reader checks a saved result against it."""

from __future__ import annotations

from typing import Any

from jpcore.formats.json_schema import Obj, Seq, Str
from jpcore.results.fields import COUNT, NAME, fail, same_totals

_UNIT = Obj({"index": COUNT, "equal": COUNT, "gold": COUNT, "system": COUNT})
#: The ``totals``.
TOTALS = Obj({"equal": COUNT, "gold": COUNT, "system": COUNT})
#: Its JSON's own keys.
SCHEMA = Obj({"task": Str(choices=("chars",)), "gold_name": NAME, "sys_name": NAME, "totals": TOTALS,
              "units": Seq(_UNIT)})


def invariants(data: dict[str, Any]) -> None:
    """Units numbered in order; the totals are their sums."""
    for i, unit in enumerate(data["units"]):
        if unit["index"] != i:
            raise fail(f"units[{i}].index", f"{i} (units are numbered in order)", unit["index"])
    same_totals(data["totals"], {key: sum(unit[key] for unit in data["units"]) for key in ("equal", "gold", "system")},
                "totals")
