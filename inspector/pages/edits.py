"""The Edits page: drawn by :func:`inspector.edits.page.show` (a page file stays this thin)."""

from inspector.edits.page import show

show()
