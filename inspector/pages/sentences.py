"""The Sentences & tokens page: drawn by :func:`inspector.tokens.sentences_page.show` (a page file stays this thin)."""

from inspector.tokens.sentences_page import show

show()
