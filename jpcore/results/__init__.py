"""A result saved as JSON, read back: the reader (:mod:`~jpcore.results.reader`) and
each task's schema and invariants (:mod:`~jpcore.results.schemas`).

This sits above the evaluations (the schemas name their enums and the reader
rebuilds their result classes through :mod:`jpcore.task`), not in
:mod:`jpcore.formats`, which knows bytes and syntax only.
"""
