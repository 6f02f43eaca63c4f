"""Significance of the difference between two systems scored against one gold.

Pure Python + numpy, independent of any evaluation.

* :mod:`~jpcore.stats.common`: common units -- the finest cutting of gold
  that holds whole units of both systems -- and per-common-unit count sums.
"""

from jpcore.stats.common import CommonUnit, common_counts, common_units

__all__ = ["CommonUnit", "common_counts", "common_units"]
