"""A writer process for the review store tests: ``python -m tests.review_writer WHERE NAME N [--together]``.

Records ``N`` verdicts on units ``(i, i+1)`` of the files ``NAME``-gold /
``NAME``-system, note ``NAME i``, and prints ``i`` on stdout (flushed) after each
record returned (the store acknowledged it).  With ``--together`` it opens the
store, prints ``ready`` and waits for a line on its standard input before the
first record: a test starts two writers, waits until both are ready (imports
and connection done, which take one of them longer than the other's whole run
under some loads), then lets both go at once, so they interleave.
"""

from __future__ import annotations

import sys

from jpcore.review import VERDICTS, UnitKey, open_store


def key(name: str, i: int) -> UnitKey:
    """The unit the writer called ``name`` writes as its ``i``-th."""
    return UnitKey("preprocess", f"{name}-gold", f"{name}-system", (i, i + 1), (i, i + 1))


def main(argv: list[str]) -> int:
    where, name, count = argv[0], argv[1], int(argv[2])
    store = open_store(where)
    if argv[3:] == ["--together"]:
        print("ready", flush=True)
        sys.stdin.readline()
    for i in range(count):
        store.record(key(name, i), VERDICTS[i % 4], f"{name} {i}", name, f"gold {i}", f"system {i}")
        print(i, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
