"""The Overview page: drawn by :func:`inspector.tokens.overview_page.show` (a page file stays this thin)."""

from inspector.tokens.overview_page import show

show()
