"""``python -m bench.app_render``: the app's render times on the large inputs, as last measured.

The figures are measured in a real browser by ``tests/test_browser_large.py``
(Debian's chromium driven by Playwright, the app served by ``streamlit
run`` on this machine) and written to ``bench/first_render.json`` when the
test runs with ``JP_INSPECTOR_RECORD_RENDER=1``; ``bench/first_render.md``
explains what each figure measures.  Without arguments this module reads
that file and prints one row per page; ``--measure`` first runs that test
file with recording on (a browser, a few minutes).  The status is 1 when a
page misses the requirement (first render and page switch after loading
< 2 s) or nothing was measured.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

RECORD = Path(__file__).resolve().parent / "first_render.json"
#: The columns, in order (a page may lack one: shown as "–").
COLUMNS = ("loading", "first render after loading", "page switch (median of 3)", "new tab, data cached")
LIMIT_SECONDS = 2.0


def rows(record: dict) -> list[list[str]]:
    """One row per measured page: name, each figure in seconds, whether it meets the limit, date."""
    out = []
    for page, entry in sorted(record.items()):
        seconds = entry["seconds"]
        after = [seconds[key] for key in ("first render after loading", "page switch (median of 3)") if key in seconds]
        verdict = "yes" if after and max(after) < LIMIT_SECONDS else "no"
        out.append([page, *(f"{seconds[c]:.2f} s" if c in seconds else "–" for c in COLUMNS), verdict,
                    f"{entry['date']}, {entry['machine']}"])
    return out


def measure() -> int:
    """Run ``tests/test_browser_large.py`` with recording on; its pytest status."""
    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-s", "tests/test_browser_large.py"]
    return subprocess.run(command, cwd=root, env={**os.environ, "JP_INSPECTOR_RECORD_RENDER": "1"}).returncode


def main(argv: list[str] | None = None) -> int:
    """Print the last measurement as a Markdown table (``--measure``: take it first);
    status 1 when there is none or a page misses the limit."""
    if "--measure" in (sys.argv[1:] if argv is None else argv) and measure() != 0:
        return 1
    if not RECORD.exists():
        print("no measurement yet: run JP_INSPECTOR_RECORD_RENDER=1 pytest tests/test_browser_large.py",
              file=sys.stderr)
        return 1
    header = ["page", *COLUMNS, f"after loading < {LIMIT_SECONDS:g} s", "measured"]
    table = [header, ["---"] * len(header), *rows(json.loads(RECORD.read_text("utf-8")))]
    for row in table:
        print("| " + " | ".join(row) + " |")
    return 0 if all(row[-2] == "yes" for row in table[2:]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
