"""errant_compare's flags: the four modes, their report titles, :class:`ErrantOptions`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["MODES", "TITLES", "ErrantOptions"]

MODES = ("cs", "cse", "ds", "dt")
"""span correction (default), span correction + type, span detection, token detection."""

TITLES = {
    "cs": " Span-Based Correction ",
    "cse": " Span-Based Correction + Classification ",
    "ds": " Span-Based Detection ",
    "dt": " Token-Based Detection ",
}


@dataclass(frozen=True)
class ErrantOptions:
    """errant_compare's flags.  ``cat`` and ``verbose`` only affect rendering."""

    beta: float = 0.5
    mode: str = "cs"
    single: bool = False
    multi: bool = False
    filt: tuple[str, ...] = ()
    cat: int | None = None
    verbose: bool = False

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        if self.cat not in (None, 1, 2, 3):
            raise ValueError(f"cat must be 1, 2, 3 or None, not {self.cat!r}")
        object.__setattr__(self, "beta", float(self.beta))
        object.__setattr__(self, "filt", tuple(self.filt))

    @property
    def f_label(self) -> str:
        """errant's F column label: ``"F" + str(beta)`` (``F0.5``, ``F1.0``)."""
        return "F" + str(self.beta)

    @property
    def title(self) -> str:
        """The report title for the mode."""
        return TITLES[self.mode]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready)."""
        return {
            "beta": self.beta, "mode": self.mode, "single": self.single, "multi": self.multi,
            "filt": list(self.filt), "cat": self.cat, "verbose": self.verbose,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ErrantOptions:
        """Inverse of :meth:`to_dict`."""
        return cls(
            beta=data["beta"], mode=data["mode"], single=data["single"], multi=data["multi"],
            filt=tuple(data["filt"]), cat=data["cat"], verbose=data["verbose"],
        )
