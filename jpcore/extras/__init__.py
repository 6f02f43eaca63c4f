"""Beyond one system's score: what every subcommand adds to its evaluation, written once.

One run of ``jpcore TASK GOLD SYSTEM`` scores one system.  These parts,
shared by every task through its :class:`~jpcore.task.Task` entry (its
``measures``, :mod:`jpcore.stats.measures`), add:

* :mod:`~jpcore.extras.comparison` -- ``--compare SYSTEM_B``: a second
  system aligned to the same gold on its own, both compared on their common
  units with a paired significance test (:mod:`jpcore.stats`); the JSON's
  ``"comparison"``;
* :mod:`~jpcore.extras.oracle` -- ``--oracle SYSTEM_ON_GOLD_SEGMENTS``: the
  same system run on gold's segmentation, and how much of the score is lost
  to segmentation and how much to the task itself; the JSON's ``"oracle"``;
* :mod:`~jpcore.extras.by_shape` -- ``--by-shape``: the totals of each unit
  shape (1:1, merged, split, ...) as a text table (the JSON always holds
  them: each result's ``"totals_by_shape"``);
* :mod:`~jpcore.extras.options` and :mod:`~jpcore.extras.command` -- the
  command-line options every subcommand declares, running them, and what
  they print (:mod:`~jpcore.extras.text`).

The app can call :func:`~jpcore.extras.comparison.compare_results` and
:func:`~jpcore.extras.oracle.oracle_stages` on results it holds; a saved
``--json`` result's ``"comparison"`` and ``"oracle"`` are checked and
rebuilt by :mod:`jpcore.results.reader`.
"""
