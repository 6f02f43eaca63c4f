"""The Dependencies page: drawn by :func:`inspector.deps.page.show` (a page file stays this thin)."""

from inspector.deps.page import show

show()
