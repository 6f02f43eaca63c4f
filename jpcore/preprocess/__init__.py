"""preprocess: tokenization and sentence boundary evaluation (jp-preprocessing).

One package, one concept a module:

* :mod:`~jpcore.preprocess.evaluate` -- the evaluation: both sides aligned
  (:mod:`jpcore.align`), sentence and token TP/FP/FN per unit and in total;
  :func:`evaluate_bytes` is the one entry the CLI, the app and the bench take;
* :mod:`~jpcore.preprocess.result` -- :class:`PreprocessResult` and its parts;
* :mod:`~jpcore.preprocess.contractions` -- the opt-in contraction equivalences;
* :mod:`~jpcore.preprocess.stream` / :mod:`~jpcore.preprocess.stream_report`
  -- the same evaluation of big files in bounded memory;
* :mod:`~jpcore.preprocess.report` -- the native text report (conll18's layout);
* :mod:`~jpcore.preprocess.html` -- the self-contained HTML report;
* :mod:`~jpcore.preprocess.cli` -- ``jpcore preprocess``.
"""

from jpcore.align import Difference
from jpcore.preprocess.evaluate import count_units, evaluate, evaluate_bytes, surface_level
from jpcore.preprocess.result import TASK, Counts, PreprocessResult, Unit, WordGroup, group_counts

__all__ = ["TASK", "Counts", "Difference", "PreprocessResult", "Unit", "WordGroup", "count_units", "evaluate",
           "evaluate_bytes", "group_counts", "surface_level"]
