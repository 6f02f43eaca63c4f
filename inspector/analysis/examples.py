"""The examples behind a confusion-matrix cell, as a table with their text.

Contract: :func:`examples_frame` turns the :class:`jpcore.analysis.Example`
references of one cell into rows with the evaluation's own row builder
(``AnalysisSource.example_rows``, written in the view's folder): the unit
(pair) they belong to, the gold and the system item and the unit's gold and
system text.  Plain strings only (shown with ``st.dataframe``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from jpcore.analysis import Confusion, Example
from inspector.common.evaluation_view import AnalysisSource


def examples_frame(source: AnalysisSource, matrix: Confusion, examples: Sequence[Example]) -> pd.DataFrame:
    """One row per example of ``matrix`` (in the order given)."""
    return pd.DataFrame(source.example_rows[matrix.name](source, examples))
