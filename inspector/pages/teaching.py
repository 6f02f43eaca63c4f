"""The Teaching page: drawn by :func:`inspector.teaching.page.show` (a page file stays this thin)."""

from inspector.teaching.page import show

show()
