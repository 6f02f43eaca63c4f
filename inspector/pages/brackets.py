"""The Brackets page: drawn by :func:`inspector.brackets.page.show` (a page file stays this thin)."""

from inspector.brackets.page import show

show()
