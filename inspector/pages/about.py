"""The About page: drawn by :func:`inspector.about.page.show` (a page file stays this thin)."""

from inspector.about.page import show

show()
