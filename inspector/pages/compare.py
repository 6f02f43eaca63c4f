"""The Compare page: drawn by :func:`inspector.compare.page.show` (a page file stays this thin)."""

from inspector.compare.page import show

show()
