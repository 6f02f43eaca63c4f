"""The Analysis page: drawn by :func:`inspector.analysis.page.show` (a page file stays this thin)."""

from inspector.analysis.page import show

show()
