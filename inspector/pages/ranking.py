"""The Ranking page: drawn by :func:`inspector.ranking.page.show` (a page file stays this thin)."""

from inspector.ranking.page import show

show()
