"""Review and adjudication: a verdict and a note on each unit, kept in a store.

* :mod:`~jpcore.review.verdicts` -- the four verdicts (:data:`VERDICTS`);
* :mod:`~jpcore.review.identity` -- a unit named by content (:class:`UnitKey`,
  :func:`unit_keys`, :func:`file_sha256`);
* :mod:`~jpcore.review.store` -- the store (:func:`open_store`,
  :class:`ReviewStore`, :class:`Review`): SQLite or PostgreSQL through
  SQLAlchemy Core, imported only when a name of it is first read.

Names are resolved lazily (PEP 562) so that importing the verdicts or the
identity does not import SQLAlchemy.
"""

from typing import Any

from jpcore.review.identity import UnitKey, file_sha256, unit_keys, word_key
from jpcore.review.verdicts import SYSTEM_RIGHT, VERDICTS

#: The names read from :mod:`jpcore.review.store` when first used.
_STORE_NAMES = frozenset({"open_store", "ReviewStore", "Review", "default_location"})


def __getattr__(name: str) -> Any:
    """A name of :mod:`jpcore.review.store` (which imports SQLAlchemy), imported now."""
    if name not in _STORE_NAMES:
        raise AttributeError(f"module 'jpcore.review' has no attribute {name!r}")
    from jpcore.review import store

    return getattr(store, name)


__all__ = ["SYSTEM_RIGHT", "VERDICTS", "Review", "ReviewStore", "UnitKey", "default_location", "file_sha256",
           "open_store", "unit_keys", "word_key"]
