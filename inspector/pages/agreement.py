"""The Agreement page: drawn by :func:`inspector.agreement.page.show` (a page file stays this thin)."""

from inspector.agreement.page import show

show()
