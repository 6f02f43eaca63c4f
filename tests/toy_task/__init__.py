"""chars: the smallest evaluation that is really scored (the test of "How to add an evaluation").

Gold and system are texts; line k of one is compared with line k of the
other, and a character is *equal* when the other line has the same
character at the same position.  Per line (one unit): equal characters,
gold and system lengths; in total the same three counts.  Precision =
equal / system, recall = equal / gold.

>>> result = evaluate_bytes(b"cat\\ndog\\n", b"cut\\ndo\\n")
>>> [unit.equal for unit in result.units], result.totals
([2, 2], {'equal': 4, 'gold': 6, 'system': 5})
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from jpcore.errors import InputError
from jpcore.formats.textio import decode_lines

TASK = "chars"


@dataclass(frozen=True)
class CharsUnit:
    """Line ``index`` (0-based): characters equal at the same position, and each side's length."""

    index: int
    equal: int
    gold: int
    system: int


@dataclass(frozen=True)
class CharsResult:
    """Both file names and one :class:`CharsUnit` per line."""

    gold_name: str
    sys_name: str
    units: tuple[CharsUnit, ...]

    @property
    def totals(self) -> dict[str, int]:
        """Equal, gold and system characters over all lines."""
        return {key: sum(getattr(unit, key) for unit in self.units) for key in ("equal", "gold", "system")}

    def to_dict(self) -> dict[str, Any]:
        """The public JSON."""
        return {"task": TASK, "gold_name": self.gold_name, "sys_name": self.sys_name,
                "totals": self.totals, "units": [asdict(unit) for unit in self.units]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CharsResult:
        """The inverse of :meth:`to_dict`; refuses another task's JSON."""
        if data.get("task") != TASK:
            raise ValueError(f"not a {TASK} result: task {data.get('task')!r}")
        return cls(data["gold_name"], data["sys_name"], tuple(CharsUnit(**unit) for unit in data["units"]))


def evaluate_bytes(gold_data: bytes, sys_data: bytes, gold_name: str = "gold",
                   sys_name: str = "system") -> CharsResult:
    """Compare the two texts line by line (module doc); the same number of lines or an InputError."""
    gold_lines, sys_lines = decode_lines(gold_data, gold_name), decode_lines(sys_data, sys_name)
    if len(gold_lines) != len(sys_lines):
        raise InputError(sys_name, None, f"{len(gold_lines)} lines as in {gold_name}", f"{len(sys_lines)}")
    units = tuple(CharsUnit(k, sum(a == b for a, b in zip(g, s)), len(g), len(s))
                  for k, (g, s) in enumerate(zip(gold_lines, sys_lines)))
    return CharsResult(gold_name, sys_name, units)
