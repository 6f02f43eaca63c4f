"""jpcore.runtime's heap policy for a long-running host (the app's server): settle_heap
scans only what is not frozen yet and collects everything now and then; collect_all
collects everything; promote_young_objects leaves the generations to such a host.

Each case runs in a child interpreter: freezing the test process's heap would change
every later test's garbage collection.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

PRELUDE = """
import gc, weakref
from jpcore import runtime

class Node:
    pass

def garbage_cycle():
    '''A cycle of two objects, alive until the caller drops it; a weak reference to it.'''
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)
"""


def run(body: str) -> list[str]:
    """Run PRELUDE + body in a child interpreter; the lines it printed."""
    code = PRELUDE + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_first_settle_is_a_full_collection_and_freezes_what_lives() -> None:
    assert run("""
        keep, ref = garbage_cycle()
        print(runtime.settle_heap())             # no full collection yet: this one is
        print(gc.get_freeze_count() > 0, ref() is keep)
    """) == ["True", "True", "True"]


def test_a_settle_within_the_period_leaves_frozen_cycles_for_the_next_full_collection() -> None:
    assert run("""
        keep, ref = garbage_cycle()
        runtime.settle_heap()                    # full; the cycle is frozen with everything alive
        frozen = gc.get_freeze_count()
        del keep                                 # now garbage, but frozen: not scanned ...
        young, young_ref = garbage_cycle()
        del young                                # ... while a cycle made since is
        print(runtime.settle_heap())             # within the period: not a full collection
        print(ref() is not None, young_ref() is None, gc.get_freeze_count() >= frozen)
        runtime.collect_all()                    # a session freed: everything collected
        print(ref() is None)
    """) == ["False", "True", "True", "True", "True"]


def test_a_settle_after_the_period_collects_frozen_cycles() -> None:
    assert run("""
        import time
        keep, ref = garbage_cycle()
        runtime.settle_heap()
        del keep
        runtime._host["last_full"] = time.monotonic() - runtime.FULL_COLLECTION_EVERY_S
        print(runtime.settle_heap(), ref() is None)
    """) == ["True", "True"]


def test_promote_young_objects_leaves_a_settling_hosts_generations_alone() -> None:
    # Without a host, promote empties the permanent generation it filled (freeze, unfreeze);
    # in a host that settles, it must not unfreeze the host's objects.
    assert run("""
        with runtime.gc_paused():
            runtime.promote_young_objects()
        print(gc.get_freeze_count())
        runtime.settle_heap()
        frozen = gc.get_freeze_count()
        with runtime.gc_paused():
            runtime.promote_young_objects()
        print(frozen > 0, gc.get_freeze_count() >= frozen)
    """) == ["0", "True", "True"]
