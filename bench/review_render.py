"""``python -m bench.review_render``: what the review costs the app on the full EWT test set (issue 22).

The Sentences & tokens page with the bundled sample ``ewt-full`` (the whole
UD English EWT test set, 2,077 gold sentences, 475 mismatched units) is
driven by Streamlit's AppTest in this process, with a review store (SQLite)
in a temporary folder (``$JP_REVIEW_DB``; never the user's):

* **verdict**: the page's run after a verdict key (J to the next unit, then
  one of 1-4), the median and the largest of ``--verdicts`` units.  This is
  the whole page: in a browser the key reruns the unit's fragment, which
  then reruns the page so the Verdict column, the filter and the counts
  follow; AppTest runs the page once.  Target: under 0.3 s.
* **store in first render**: a new session's first render of the page (the
  result already evaluated and cached, as for every session after the
  first), and the part of it spent in :mod:`inspector.common.review` (unit
  keys, the file digests, the store's reads, the widget, the Verdict column),
  timed at the outermost review call only (:mod:`inspector.common.review` and
  :mod:`inspector.common.review_outcome`); with no verdict and with a
  verdict on each of the 475 mismatched units.  Target: under 50 ms.

Prints one Markdown table; the status is 1 when a target is missed.  Not a
timed test: a benchmark (a loaded machine measures slower).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = "ewt-full"
VERDICT_LIMIT, STORE_LIMIT = 0.3, 0.050
#: The entry points of the review module the pages call (timed at the outermost call).
ENTRY_POINTS = {"review": ("reviewing", "verdict_filter", "filter_units", "with_verdicts", "review_panel"),
                "review_outcome": ("after_review", "corrected_gold_download", "report_reviews", "report_sections")}


class ReviewClock:
    """Time spent inside the review module's entry points (nested calls counted once)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._depth = 0

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` timed into :attr:`seconds` when it is the outermost timed call."""
        @wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            self._depth += 1
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self.seconds += time.perf_counter() - started
        return timed


@contextmanager
def timed_review() -> Iterator[ReviewClock]:
    """The review module's entry points and the store reads of :class:`Reviewed`, timed."""
    from importlib import import_module

    from inspector.common.review import Reviewed

    clock = ReviewClock()
    saved = [(import_module(f"inspector.common.{module}"), name) for module, names in ENTRY_POINTS.items()
             for name in names]
    saved = [(owner, name, getattr(owner, name)) for owner, name in saved]
    saved += [(Reviewed, name, getattr(Reviewed, name)) for name in ("reviews", "offered")]
    try:
        for owner, name, function in saved:
            setattr(owner, name, clock.wrap(function))
        yield clock
    finally:
        for owner, name, function in saved:
            setattr(owner, name, function)


def _app() -> Any:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "inspector" / "main" / "app.py"), default_timeout=600)
    at.switch_page("../pages/sentences.py")
    at.query_params["sample"] = SAMPLE
    return at


def _run(at: Any) -> float:
    started = time.perf_counter()
    at.run()
    seconds = time.perf_counter() - started
    if at.exception:
        raise SystemExit(f"the page failed: {[e.value for e in at.exception]}")
    return seconds


def first_render() -> tuple[float, float]:
    """A new session's first render of the page: (whole page, review code) in seconds."""
    at = _app()
    with timed_review() as clock:
        total = _run(at)
    return total, clock.seconds


def verdicts(count: int) -> list[float]:
    """The page's run after each of ``count`` verdict keys (J, then 1-4 in turn)."""
    at = _app()
    _run(at)
    at.text_input(key="t_rv_name").input("bench")
    _run(at)
    times = []
    for number in range(count):
        at.button(key="unit_next").click()
        _run(at)
        at.button(key=f"t_rv_key{number % 4 + 1}").click()
        times.append(_run(at))
    return times


def review_all_mismatched(database: str) -> int:
    """A verdict on every mismatched unit of the sample (as a reviewer would leave them)."""
    from jpcore.review import Review, file_sha256, open_store, unit_keys
    from inspector.tokens.loader import SPEC

    gold, system, _ = SPEC.sample(SAMPLE).read_files()
    at = _app()
    _run(at)
    result = at.session_state["jp_loaded"].result
    keys = unit_keys(result, file_sha256(gold.data), file_sha256(system.data))
    with open_store(database) as store:
        return store.record_many(Review(keys[unit.index], "system error", "bench", "bench", "", "", "")
                                 for unit in result.units if unit.is_mismatch)


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table (see the module doc); status 1 when a target is missed."""
    parser = argparse.ArgumentParser(prog="python -m bench.review_render", description=__doc__.split("\n")[0])
    parser.add_argument("--verdicts", type=int, default=20, help="verdict keys to time (default 20)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "reviews.sqlite3")
        os.environ["JP_REVIEW_DB"] = database
        warm = _app()
        loading = _run(warm)  # evaluates and caches the sample, as the first session of a server does
        empty = [first_render() for _ in range(3)]
        keys = verdicts(args.verdicts)
        reviewed = review_all_mismatched(database)
        full = [first_render() for _ in range(3)]
    rows = [
        ("loading the sample (once per server)", f"{loading:.2f} s", "–"),
        (f"verdict key: page redrawn (median of {len(keys)})", f"{statistics.median(keys):.3f} s",
         f"< {VERDICT_LIMIT} s"),
        ("verdict key: page redrawn (slowest)", f"{max(keys):.3f} s", f"< {VERDICT_LIMIT} s"),
        ("first render, no verdict: page", f"{statistics.median(t for t, _ in empty):.3f} s", "–"),
        ("first render, no verdict: review code", f"{1000 * statistics.median(r for _, r in empty):.1f} ms",
         f"< {1000 * STORE_LIMIT:.0f} ms"),
        (f"first render, {reviewed} verdicts: page", f"{statistics.median(t for t, _ in full):.3f} s", "–"),
        (f"first render, {reviewed} verdicts: review code",
         f"{1000 * statistics.median(r for _, r in full):.1f} ms", f"< {1000 * STORE_LIMIT:.0f} ms"),
    ]
    load = os.getloadavg()[0]
    print(f"Load average {load:.1f} on {os.cpu_count()} cores while measured (times grow with it).\n")
    print("| measure (Sentences & tokens, EWT full) | time | target |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    ok = (max(keys) < VERDICT_LIMIT and statistics.median(r for _, r in full) < STORE_LIMIT
          and statistics.median(r for _, r in empty) < STORE_LIMIT)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
