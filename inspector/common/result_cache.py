"""Results shared by sessions, bounded in bytes and in time.

``st.cache_data(max_entries=8)`` kept up to eight pickled results of any
size for ever (its time limit, when set, is only checked when the cache is
used again): a 20 MB upload's results stayed in the server after the browser
closed (issue 12 item 14).  Contract of :class:`ResultCache`:

* a value is kept pickled (so every caller gets its own copy, as with
  ``st.cache_data``, and its size is known exactly), only when the pickle
  is at most ``max_entry_bytes``;
* the pickles together never exceed ``max_bytes`` (least recently used
  first out);
* each pickle is held compressed (zlib, level 1: a result's pickle is
  mostly repeated opcodes and small ints; the 2,416-tree PARSEVAL result's
  8.4 MB is held as 1.9 MB, compressed in 0.05 s, decompressed in 0.02 s),
  so the cache holds less than the bytes it counts against its bounds
  (:attr:`ResultCache.stored_bytes`);
* an entry not used for ``ttl_seconds`` is dropped by a janitor thread
  that looks every :data:`JANITOR_SECONDS`, whether the cache is used again
  or not;
* keys are digests of the inputs (:func:`key_of`), never the inputs, so
  the cache holds no copy of a user's file.

Exceptions are not cached (the loaders remember a failed input per session).
The loaders keep results :func:`compacted` (in the cache and in the session).
"""

from __future__ import annotations

import hashlib
import pickle
import threading
import time
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")

#: zlib's level for the pickles: the fastest (higher levels shrink them a tenth more, at 2-4 times the time).
COMPRESSION_LEVEL = 1

#: How often the janitor drops entries past their time, in seconds.
JANITOR_SECONDS = 20.0

_CACHES: weakref.WeakSet[ResultCache] = weakref.WeakSet()
_JANITOR_LOCK = threading.Lock()
_janitor: threading.Thread | None = None


def key_of(options: object, parts: Iterable[bytes | str | None]) -> str:
    """A digest of ``repr(options)`` and each part's content (``None`` apart from empty)."""
    digest = hashlib.sha256(repr(options).encode())
    for part in parts:
        if part is None:
            digest.update(b"\0none")
            continue
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()


class ResultCache:
    """Pickled values by key, at most ``max_bytes`` in all, each at most
    ``max_entry_bytes``, each dropped ``ttl_seconds`` after its last use."""

    def __init__(self, name: str, max_bytes: int, max_entry_bytes: int, ttl_seconds: float) -> None:
        self.name = name
        self.max_bytes = max_bytes
        self.max_entry_bytes = max_entry_bytes
        self.ttl_seconds = ttl_seconds
        self._entries: OrderedDict[str, tuple[bytes, int, float]] = OrderedDict()
        self._bytes = 0
        self._stored = 0
        self._lock = threading.Lock()
        _CACHES.add(self)
        _start_janitor()

    @property
    def bytes(self) -> int:
        """The pickles' bytes now (what counts against ``max_bytes``)."""
        return self._bytes

    @property
    def stored_bytes(self) -> int:
        """The bytes held now: the pickles compressed."""
        return self._stored

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: str) -> Any | None:
        """A fresh copy of the value kept under ``key``, or ``None``."""
        with self._lock:
            self._sweep(time.monotonic())
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries[key] = (entry[0], entry[1], time.monotonic())
            self._entries.move_to_end(key)
            data = entry[0]
        return pickle.loads(zlib.decompress(data))

    def put(self, key: str, value: Any) -> bool:
        """Keep ``value`` under ``key`` if its pickle fits; whether it was kept."""
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        if len(data) > self.max_entry_bytes:
            return False
        size, data = len(data), zlib.compress(data, COMPRESSION_LEVEL)
        with self._lock:
            self._drop(key)
            self._entries[key] = (data, size, time.monotonic())
            self._bytes += size
            self._stored += len(data)
            while self._bytes > self.max_bytes and self._entries:
                self._drop(next(iter(self._entries)))
        return True

    def compute(self, key: str, make: Callable[[], T], cacheable: bool = True) -> T:
        """The value under ``key``, else ``make()`` (kept when ``cacheable`` and it fits)."""
        found = self.get(key)
        if found is not None:
            return found
        value = make()
        if cacheable:
            self.put(key, value)
        return value

    def sweep(self) -> None:
        """Drop the entries not used for ``ttl_seconds``."""
        with self._lock:
            self._sweep(time.monotonic())

    def clear(self) -> None:
        """Drop everything."""
        with self._lock:
            self._entries.clear()
            self._bytes = self._stored = 0

    def _sweep(self, now: float) -> None:
        for key in [key for key, (_, _, used) in self._entries.items() if now - used > self.ttl_seconds]:
            self._drop(key)

    def _drop(self, key: str) -> None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._bytes -= entry[1]
            self._stored -= len(entry[0])


def compacted(value: T) -> T:
    """``value.compact()`` for a result that can hold itself compactly (its word groups
    as :class:`jpcore.align.GroupList`: a twelfth of the memory, read as before), else
    ``value``: what the loaders keep, in the session and in the cache."""
    compact = getattr(value, "compact", None)
    return compact() if callable(compact) else value


def sweep_all() -> None:
    """Drop the entries past their time in every cache (what the janitor does)."""
    for cache in list(_CACHES):
        cache.sweep()


def clear_all() -> None:
    """Drop every entry of every cache (the server's last session has ended)."""
    for cache in list(_CACHES):
        cache.clear()


def _janitor_loop() -> None:
    while True:
        time.sleep(JANITOR_SECONDS)
        sweep_all()


def _start_janitor() -> None:
    global _janitor
    with _JANITOR_LOCK:
        if _janitor is None or not _janitor.is_alive():
            _janitor = threading.Thread(target=_janitor_loop, name="jp-result-cache-janitor", daemon=True)
            _janitor.start()


#: The loaders' results (tokens & sentences, trees, M2, saved JSON results), shared by sessions.
RESULTS = ResultCache("results", max_bytes=192 * 1024 * 1024, max_entry_bytes=48 * 1024 * 1024,
                      ttl_seconds=600.0)
#: The Teaching page's system runs and their results.
TEACHING_RESULTS = ResultCache("teaching", max_bytes=64 * 1024 * 1024, max_entry_bytes=16 * 1024 * 1024,
                               ttl_seconds=600.0)
