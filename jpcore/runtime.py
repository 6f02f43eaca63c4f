"""Run-time helpers shared by the tasks."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


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
    this does nothing, so as not to unfreeze theirs.
    """
    if gc.isenabled() or gc.get_freeze_count():
        return  # only inside gc_paused, and never touching someone else's frozen objects
    gc.freeze()
    gc.unfreeze()
