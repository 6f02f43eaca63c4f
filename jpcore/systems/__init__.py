"""Systems to evaluate: tokenizers and sentence splitters run on raw text.

:func:`run_system` (see :mod:`jpcore.systems.nltk_systems`) turns raw text
into a :class:`~jpcore.formats.segmentation.Segmentation` with nltk's
splitters and tokenizers, keeping each token's range in the raw text;
:mod:`jpcore.systems.punkt_source` provides the English Punkt model offline
and says which parameters are in use; :mod:`jpcore.systems.compare`
lines two system results up against the same gold.  No Streamlit here.
"""

from __future__ import annotations

from jpcore.systems.nltk_systems import (
    HELP,
    SPLITTERS,
    TOKENIZERS,
    SystemRun,
    compile_pattern,
    run_system,
    uses_punkt,
)
from jpcore.systems.punkt_source import PunktSource, english_punkt, punkt_source_description

__all__ = [
    "HELP",
    "SPLITTERS",
    "TOKENIZERS",
    "PunktSource",
    "SystemRun",
    "compile_pattern",
    "english_punkt",
    "punkt_source_description",
    "run_system",
    "uses_punkt",
]
