"""Run-time helpers shared by the tasks: the cyclic garbage collector around large results.

* :func:`gc_paused` and :func:`promote_young_objects`: a command or an API call builds a
  result without collections meanwhile and hands it to the oldest generation unscanned;
* :func:`settle_heap` and :func:`collect_all`: a long-running host that keeps many results
  at once (the app's server, one result per session and page) moves what survives a load
  to the permanent generation, so that no later collection scans it again, and collects
  everything only now and then, or when it drops a whole session's results.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: Seconds between two full collections by :func:`settle_heap` (frozen objects included).
FULL_COLLECTION_EVERY_S = 60.0

# The host's heap, as settle_heap and collect_all left it: whether a host freezes (then
# promote_young_objects leaves the generations to it), and when everything was last collected.
_host = {"freezes": False, "last_full": float("-inf")}


@contextmanager
def gc_paused() -> Iterator[None]:
    """Defer cyclic garbage collection while a result is built.

    Results hold tens of thousands of small acyclic objects; collecting
    while they are created makes a run superlinear (measured on EWT: 10x
    input took 14x the time).  The previous state is restored on exit.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def promote_young_objects() -> None:
    """Move every tracked object to the oldest generation, unscanned.

    Handing a freshly built result to the old generation of the garbage collector.

    Contract: call :func:`promote_young_objects` *inside*
    :func:`jpcore.runtime.gc_paused`, just before returning a big result.  It
    moves every object the collector tracks into its oldest generation without
    scanning any of them, and resets the young generation's allocation count.

    Why.  :func:`~jpcore.runtime.gc_paused` keeps the cyclic collector out
    while a result is built, but when it re-enables the collector the count of
    objects allocated meanwhile is far over the threshold, so the very next
    allocation triggers a collection of the young generation: a scan of the
    whole result, which is long-lived anyway (the collector would promote it to
    the old generation after two such scans).  That scan is superlinear in
    practice -- once the result no longer fits in the CPU caches every object
    visited is a cache miss: measured 0.007 s for 4,400 M2 sentences and
    0.19 s for 44,000 (28 times), the main reason why ``jpcore gec`` grew 12
    times from 1x to 10x input.  Promoting the result without the scan removes
    that cost; its objects are still collected (in the next full collection)
    if they ever become cyclic garbage.

    How: :func:`gc.freeze` moves every tracked object to the permanent
    generation and resets the young generation's count; :func:`gc.unfreeze`
    moves them all back, into the oldest generation.  If something else has
    frozen objects (a server that froze its start-up objects before forking),
    this does nothing, so as not to unfreeze theirs.  A host that freezes through
    :func:`settle_heap` is known without counting the frozen objects (a walk over
    all of them: 1.4 s of one app session's 8 CPU-s, growing with the sessions held).
    """
    if gc.isenabled() or _host["freezes"] or gc.get_freeze_count():
        return  # only inside gc_paused, and never touching someone else's frozen objects
    gc.freeze()
    gc.unfreeze()


def settle_heap() -> bool:
    """After a host loaded a long-lived result: collect the garbage, then move every live
    object to the permanent generation (:func:`gc.freeze`); ``True`` when that collection
    was a full one.

    Why.  A loaded result is up to millions of objects; without this, each full
    collection rescans them all (0.5-1 s, about once a second while a page reruns).
    Frozen objects are still freed by reference counting.

    Only the objects not frozen yet are scanned -- about what this load built -- so a
    load costs the same however many sessions the server holds (unfreezing and
    collecting everything after every load made the server's time per session grow
    with the sessions: 0.25 s a load alone, 14.7 times the CPU for 5 times the
    sessions).  Garbage cycles among frozen objects (a result a session replaced, a
    script run's frames caught by the freeze) wait for the next full collection: here
    when the last one is :data:`FULL_COLLECTION_EVERY_S` old, and in :func:`collect_all`.
    """
    _host["freezes"] = True
    full = time.monotonic() - _host["last_full"] >= FULL_COLLECTION_EVERY_S
    if full:
        collect_all()
    else:
        gc.collect()
        gc.freeze()
    return full


def collect_all() -> None:
    """A full collection, frozen objects included; then what survives is frozen again
    (a host dropping a whole session's results: all of its cycles go now)."""
    _host["freezes"] = True
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _host["last_full"] = time.monotonic()
