"""Run one C accelerator while memory runs out; run as a subprocess by tests/test_c_memory.py.

``python -m tests.c_memory_probe nomemory MODULE`` calls the module's
function once per allocation it makes, the k-th call with every allocation
from the k-th on failing (CPython's own fault injection,
``_testcapi.set_nomemory``), until a call completes: so every ``PyMem``,
``malloc`` and object allocation of the C code fails once.  ``python -m
tests.c_memory_probe rlimit MODULE`` calls it on a large input under an
address-space limit (``RLIMIT_AS``) raised step by step from just above
what the process already holds.  Each call must end in a clean
:class:`MemoryError` or in the reference answer (the same call with all the
memory it wants); anything else (another exception, ``None`` where an answer
is due, a different answer, a crash) fails.  It prints one JSON line:
calls made, MemoryErrors seen, whether the last call completed.
"""

from __future__ import annotations

import ctypes
import json
import resource
import sys
from collections.abc import Callable

from jpcore.formats import _treescan
from jpcore.parseval import _filescore, _pairscore
from jpcore.parseval.score import LabelCutter
from jpcore.peers.evalb import _fastlines
from jpcore.peers.evalb.params import collins
from jpcore.peers.evalb.reader import EvalbConfig


def _trees(n_words: int, n_trees: int, depth: int) -> bytes:
    """Trees with many distinct words and labels (the token tables grow) and deep enough
    stacks (the node and stack buffers grow)."""
    lines = []
    for t in range(n_trees):
        words = b" ".join(b"(T%d (N%d w%d_%d))" % (i % 97, i % 13, t, i) for i in range(n_words))
        lines.append(b"(S%d " % t + b"(X " * depth + words + b")" * depth + b")")
    return b"\n".join(lines) + b"\n"


def _flat(data: bytes) -> list[tuple]:
    return [(labels, node_words, ints, tags, words)
            for labels, node_words, ints, words, tags, _, _ in _treescan.scan(data)]


def _count(gold: list[tuple], system: list[tuple]) -> bytes:
    """count_same_words with a new cutter (its cache filled during the call)."""
    cutter = LabelCutter()
    return bytes(_pairscore.count_same_words(gold, system, cutter.cache, cutter))


def _flat_calls(gold: bytes, system: bytes) -> tuple:
    """read_flat, flat_words, flat_side, flat_tree, flat_count and flat_count_ranges in turn, as quick.mixed_rows calls them."""
    from array import array

    flat = _filescore.read_flat(gold, system)
    words = _filescore.flat_words(flat)
    sides = [_filescore.flat_side(flat, side, words) for side in (0, 1)]
    trees = [_filescore.flat_tree(flat, side, 1) for side in (0, 1)]
    counts = bytes(_filescore.flat_count(flat, array("q", [0, 0, 1, 1, 2, 2])))
    ranges = bytes(_filescore.flat_count_ranges(flat, array("q", [0, 2, 0, 2, 1, 3, 1, 3])))
    return words, sides, trees, counts, ranges


def call_for(name: str, size: str) -> Callable[[], object]:
    """Module call ``name`` on a small input (``"small"``: every allocation of it is made to
    fail in turn) or a large one (``"large"``: for the address-space limit); only its own input
    is made (what another call's input would leave free in the heap would feed this one)."""
    data = _trees(300, 3, 70) if size == "small" else _trees(6, 30_000, 3)
    if name == "treescan":
        return lambda: _treescan.scan(data)
    config = EvalbConfig(collins()).accelerator
    if name.startswith("fastlines"):
        test = data.replace(b"(T1 ", b"(T2 ").replace(b"(X (X ", b"(X (Y ")
        if name == "fastlines":
            return lambda: _fastlines.score_lines(data, test, config)
        # unlabeled, with EQ_LABEL pairs that are looked up
        unlabeled = (False, *config[1:5], frozenset({(b"T1", b"T2"), (b"T2", b"T1")}), config[6])
        return lambda: _fastlines.score_lines(data, test, unlabeled)
    relabelled = data.replace(b"(N1 ", b"(M1 ").replace(b"(X (X ", b"(X (Y ")
    if name == "filescore":  # bytes in: each of its row tuples is an allocation too (12 trees)
        if size == "small":
            data = _trees(300, 12, 70)
            relabelled = data.replace(b"(N1 ", b"(M1 ").replace(b"(X (X ", b"(X (Y ")
        return lambda: _filescore.same_words_rows(data, relabelled)
    if name == "filescore_flat":  # the calls of quick.mixed_rows that are C's, on files whose words differ
        other = data.replace(b" w1_", b" v1_")
        return lambda: _flat_calls(data, other)
    gold, system = _flat(data), _flat(relabelled)
    if name == "pairscore_count":
        return lambda: _count(gold, system)
    cutter = LabelCutter()
    key_length = {word: len(word) for tree in gold for word in tree[4]}
    return lambda: _pairscore.score_same_words(gold, system, cutter.cache, cutter, key_length, 0, 0, 0)


#: the calls a sweep can make
NAMES = ("treescan", "pairscore_count", "pairscore_score", "filescore", "filescore_flat", "fastlines",
         "fastlines_unlabeled")


#: what a call that ran out of memory answers (its MemoryError is caught while memory is short)
OUT_OF_MEMORY = object()


def _attempt(call: Callable[[], object]) -> object:
    """The call's answer, or OUT_OF_MEMORY (any other exception propagates)."""
    try:
        return call()
    except MemoryError:
        return OUT_OF_MEMORY


def _judge(answer: object, reference: object) -> bool:
    """True when the call completed (with the reference answer), False on MemoryError; judged with
    the memory back (so that the failure itself can be worded)."""
    if answer is OUT_OF_MEMORY:
        return False
    if answer != reference:
        raise AssertionError(f"an answer other than the reference: {str(answer)[:200]}")
    return True


def nomemory(call: Callable[[], object]) -> dict:
    """Fail every allocation from the k-th on, k = 0, 1, 2, ... until a call completes."""
    import _testcapi

    reference = call()
    errors = 0
    for k in range(1_000_000):
        _testcapi.set_nomemory(k, 0)
        try:
            answer = _attempt(call)
        finally:
            _testcapi.remove_mem_hooks()
        if _judge(answer, reference):
            return {"calls": k + 1, "memory_errors": errors, "completed": True}
        errors += 1
    return {"calls": k + 1, "memory_errors": errors, "completed": False}


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


def rlimit(call: Callable[[], object]) -> dict:
    """Limits from the current address space up (4 KB more, then four times more each time)
    until a call completes."""
    reference = call()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    errors = calls_made = 0
    extra = 0
    trim = ctypes.CDLL(None).malloc_trim  # glibc: give the free heap back, so the limit bites
    while extra < 1 << 34:
        calls_made += 1
        trim(0)
        resource.setrlimit(resource.RLIMIT_AS, (_address_space() + extra, hard))
        try:
            answer = _attempt(call)
        finally:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        if _judge(answer, reference):
            return {"calls": calls_made, "memory_errors": errors, "completed": True}
        errors += 1
        extra = max(4096, extra * 4)
    return {"calls": calls_made, "memory_errors": errors, "completed": False}


def main(argv: list[str]) -> int:
    """``MODE MODULE``: print the sweep's figures as one JSON line."""
    mode, name = argv
    sweep = {"nomemory": nomemory, "rlimit": rlimit}[mode]
    call = call_for(name, "small" if mode == "nomemory" else "large")
    print(json.dumps(sweep(call)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
