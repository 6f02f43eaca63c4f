"""A writer process for the review store tests: ``python -m tests.review_writer WHERE NAME N [START_FILE]``.

Records ``N`` verdicts on units ``(i, i+1)`` of the files ``NAME``-gold /
``NAME``-system, note ``NAME i``, and prints ``i`` on stdout (flushed) after each
record returned (the store acknowledged it).  With ``START_FILE`` it waits until
that file exists, so two writers start together and interleave.
"""

from __future__ import annotations

import os
import sys
import time

from jpcore.review import VERDICTS, UnitKey, open_store


def key(name: str, i: int) -> UnitKey:
    """The unit the writer called ``name`` writes as its ``i``-th."""
    return UnitKey("preprocess", f"{name}-gold", f"{name}-system", (i, i + 1), (i, i + 1))


def main(argv: list[str]) -> int:
    where, name, count = argv[0], argv[1], int(argv[2])
    store = open_store(where)
    if len(argv) > 3:
        while not os.path.exists(argv[3]):
            time.sleep(0.005)
    for i in range(count):
        store.record(key(name, i), VERDICTS[i % 4], f"{name} {i}", name, f"gold {i}", f"system {i}")
        print(i, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
