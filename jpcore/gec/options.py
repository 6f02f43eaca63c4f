"""The options of jp-errant's alignment layer (errant's own flags are
:class:`jpcore.peers.errant_compare.ErrantOptions`).

``DEFAULT_ALPHA`` is the similarity threshold; how 0.91 was measured is told
in :mod:`jpcore.gec.sentences`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jpcore.align.similarity import Normaliser

__all__ = ["ANNOTATORS", "DEFAULT_ALPHA", "DEFAULT_NORMALISATION", "NOOP_RULES", "GecOptions"]

#: Similarity threshold (see :mod:`jpcore.gec.sentences` for how it was measured).
DEFAULT_ALPHA = 0.91
NOOP_RULES = ("keep", "jp")
ANNOTATORS = ("rules", "errant")
"""The annotator names :func:`jpcore.gec.m2_from_text` accepts (``--annotator``)."""
#: The normalisation table applied to ``S`` lines before comparing them.
DEFAULT_NORMALISATION = "gec"


@dataclass(frozen=True)
class GecOptions:
    """The alignment layer's options (errant's own flags are :class:`ErrantOptions`).

    ``strict`` refuses (with :class:`InputError`) any pair of files that would
    need aligning, instead of aligning them.
    """

    noop_rule: str = "keep"
    alpha: float = DEFAULT_ALPHA
    normalisation: str = DEFAULT_NORMALISATION
    strict: bool = False

    def __post_init__(self) -> None:
        if self.noop_rule not in NOOP_RULES:
            raise ValueError(f"noop_rule must be one of {NOOP_RULES}, not {self.noop_rule!r}")
        alpha = float(self.alpha)
        if not 0.0 <= alpha <= 1.0:
            raise ValueError(f"alpha must be between 0 and 1, not {self.alpha!r}")
        object.__setattr__(self, "alpha", alpha)

    def normaliser(self) -> Normaliser:
        """The normaliser of ``S`` tokens (jpcore.align is imported only when files need aligning)."""
        from jpcore.align.similarity import Normaliser

        return Normaliser.for_language(self.normalisation)
