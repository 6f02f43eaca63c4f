"""``python -m bench.gold_check_render``: what the gold self-check costs the app (issue 28, item 3).

Driven by Streamlit's AppTest in this process, for each large input a new
server-side cache (nothing checked yet):

* **page run**: the first run of the page that loads the input (the loader's
  evaluation included), and the part of it spent in
  :mod:`inspector.common.gold_check` on the script's thread (``reserve``: the
  places; ``fill``: the check handed to the worker thread, and the wait of at
  most :data:`~inspector.common.gold_check.WAIT_SECONDS` after the page).
  Target: under 50 ms plus that wait -- the check itself must not be in it.
* **check in the background**: :func:`jpcore.check.self_check` on the gold
  file, on the worker thread after the page (what ``jpcore check FILE`` does),
  the time still to wait once the run is over; when it is longer than the
  wait, the waiting fragment shows it once it is done.
* **next run**: the page's run after the check (the report shown from the
  session, no file hashed again), and its gold-check part.

Inputs: the Sentences & tokens page with ``ewt-full`` (the whole UD English
EWT test set as gold words) and the Dependencies page with the full EWT test
set's CoNLL-U uploaded (gold against the nltk parse's CoNLL-U).  Prints one
Markdown table; status 1 when a target is missed.  Not a timed test: a
benchmark (a loaded machine measures slower).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EWT = ROOT.parent / "shared" / "data" / "ud" / "UD_English-EWT"
TARGET_SECONDS = 0.05


@contextmanager
def timed_gold_check() -> Iterator[list[float]]:
    """Every call of ``reserve`` and ``fill`` timed while the block runs (seconds, appended)."""
    from inspector.common import gold_check

    spent: list[float] = []
    originals = {name: getattr(gold_check, name) for name in ("reserve", "fill")}

    def wrap(function: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent.append(time.perf_counter() - start)
        return timed

    for name, function in originals.items():
        setattr(gold_check, name, wrap(function))
    try:
        yield spent
    finally:
        for name, function in originals.items():
            setattr(gold_check, name, function)


def _timed_run(at: Any) -> float:
    start = time.perf_counter()
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return time.perf_counter() - start


def measure(label: str, prepare: Callable[[Any], None]) -> list[str]:
    """One row: ``prepare(at)`` opens the page on the input; its first run, the gold-check part,
    the background check, the next run and its gold-check part."""
    from streamlit.testing.v1 import AppTest

    from inspector.common import gold_check
    from inspector.common.result_cache import RESULTS

    RESULTS.clear()
    at = AppTest.from_file(str(ROOT / "inspector" / "main" / "app.py"), default_timeout=600)
    prepare(at)
    with timed_gold_check() as spent:
        first = _timed_run(at)
    first_part = sum(spent)
    start = time.perf_counter()
    gold_check.settle()
    background = time.perf_counter() - start + 0.0
    with timed_gold_check() as spent:
        after = _timed_run(at)
    after_part = sum(spent)
    verdict = "yes" if max(first_part - gold_check.WAIT_SECONDS, after_part) < TARGET_SECONDS else "no"
    return [label, f"{first:.2f} s", f"{1000 * first_part:.1f} ms", f"{background:.2f} s", f"{after:.2f} s",
            f"{1000 * after_part:.1f} ms", verdict]


def _tokens(at: Any) -> None:
    at.switch_page("../pages/sentences.py")
    at.query_params["sample"] = "ewt-full"


def _deps(at: Any) -> None:
    at.switch_page("../pages/deps.py")
    at.run()
    at.radio(key="d_source").set_value("upload")
    at.run()
    for key, name in (("d_upload_gold", "en_ewt-ud-test.conllu"), ("d_upload_sys", "en_ewt-ud-test.nltk.conllu")):
        at.file_uploader(key=key).set_value((name, (EWT / name).read_bytes(), "text/plain"))


def main() -> int:
    """Print the table; 1 when the gold check's part of a run misses the target."""
    rows = [measure("Sentences & tokens, `ewt-full` (gold words, 128 KB)", _tokens),
            measure("Dependencies, full EWT test set CoNLL-U uploaded (1.8 MB)", _deps)]
    header = ["input", "first page run", "its gold-check part", "check in the background (wait after the run)",
              "next run", "its gold-check part", f"< {1000 * TARGET_SECONDS:g} ms (+ the wait)"]
    for row in [header, ["---"] * len(header), *rows]:
        print("| " + " | ".join(row) + " |")
    return 0 if all(row[-1] == "yes" for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
