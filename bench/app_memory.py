"""``python -m bench.app_memory``: the app's memory per byte of input, measured on the real server.

What one session costs the server, per format, when a user uploads a pair
of files (or opens a saved JSON result) through the app's whole-file path:
the app is served by ``streamlit run`` (its own process), Debian's chromium
(Playwright) opens the page that loads the format, uploads the pair and
waits until the page is drawn; the server's memory is read from
``/proc/PID/status``:

* **peak**: the highest resident memory while the pair is read, aligned,
  scored and the page drawn (``VmHWM``, reset before the upload through
  ``/proc/PID/clear_refs``), minus the memory before the upload;
* **held**: the resident memory once the page is drawn, the session open,
  minus the memory before;
* **after close**: the resident memory ``--wait`` seconds after the tab is
  closed, minus the memory before the upload (what the session leaves
  behind: its data if it is never freed, the app's caches).

Each format is measured at two sizes (``--sizes``, total bytes of the pair,
in MB); the factor is the growth between them per byte of input (the
slope: the page's fixed costs cancel out), the figure
:data:`inspector.input_limits.MEMORY_FACTORS` holds.  Inputs are made from
``sample_data`` by repeating real pairs (EWT words vs nltk; EWT CoNLL-U vs
nltk CoNLL-U; EVALB's sample trees; the UA-GEC M2 slice; for the
Dependencies page the bundled parsed EWT pair; the EWT text pair saved as a
JSON result, and the trees, M2 and dependency pairs too; for the Teaching
page, EWT's raw text and its gold words).  ``--app DIR`` measures another checkout of the
app (e.g. the main branch before a change); the server runs with
``--server.disconnectedSessionTTL`` set to ``--ttl`` so the "after close"
figure does not wait two minutes.

Run it on a quiet machine: ``python -m bench.app_memory [--markdown]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from jpcore.atomic import write_atomic

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data"
MB = 1_000_000
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


#: When a page has loaded the input (or refused it).
LOADED = r"\((uploaded|saved result)\)|Could not"


@dataclass(frozen=True)
class Format:
    """A format measured: the page that loads it, how to choose uploads there, its files,
    and the text that appears once they are loaded (a regular expression)."""

    name: str
    page: str
    source_label: str
    expander: str | None
    files: tuple[str, ...]
    loaded: str = LOADED


_M2_DATA = "Data: system and gold M2 files"
FORMATS = {
    "text": Format("text", "", "Upload files", None, ("gold.txt", "system.txt")),
    "conllu": Format("conllu", "", "Upload files", None, ("gold.conllu", "system.conllu")),
    "trees": Format("trees", "brackets", "Upload files", None, ("gold.mrg", "system.mrg")),
    "m2": Format("m2", "edits", "Upload M2 files", _M2_DATA, ("system.m2", "gold.m2")),
    "json": Format("json", "", "Open a JSON result", None, ("result.json",)),
    "json-trees": Format("json-trees", "brackets", "Open a JSON result", None, ("result.json",)),
    "json-m2": Format("json-m2", "edits", "Open a JSON result", _M2_DATA, ("result.json",)),
    "ud": Format("ud", "deps", "Upload CoNLL-U files", None, ("gold.conllu", "system.conllu")),
    "json-ud": Format("json-ud", "deps", "Open a JSON result", None, ("result.json",)),
    "teaching": Format("teaching", "teaching", "Upload", None, ("raw.txt", "gold.txt"),
                       r"gold gold\.txt \(|Could not"),
}
#: A saved result's JSON is about this many times its pair (to make a JSON input of a given size).
JSON_RATIO = {"json": 9.6, "json-trees": 21, "json-m2": 3.5, "json-ud": 2.2}


def _repeat(pair: tuple[bytes, bytes], total: int) -> tuple[bytes, bytes]:
    times = max(1, round(total / (len(pair[0]) + len(pair[1]))))
    return pair[0] * times, pair[1] * times


def make_input(name: str, total: int) -> tuple[bytes, ...]:
    """The files of format ``name``, about ``total`` bytes together."""
    from jpcore.demo_inputs import repeat_m2, repeat_trees

    ud = SAMPLE / "ud"
    if name == "text":
        excerpt = ud / "UD_English-EWT-excerpt"
        return _repeat(((excerpt / "en_ewt-ud-test.excerpt.gold.words.txt").read_bytes(),
                        (excerpt / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes()), total)
    if name == "conllu":
        excerpt = ud / "UD_English-EWT-excerpt"
        return _repeat(((excerpt / "en_ewt-ud-test.excerpt.conllu").read_bytes(),
                        (excerpt / "en_ewt-ud-test.excerpt.nltk.conllu").read_bytes()), total)
    if name == "ud":
        parsed = ud / "UD_English-EWT-parsed"
        return _repeat(((parsed / "en_ewt-ud-test.first49.conllu").read_bytes(),
                        (parsed / "en_ewt-ud-test.first49.parsed.conllu").read_bytes()), total)
    if name == "trees":
        folder = SAMPLE / "parseval" / "evalb-sample"
        gold, system = (folder / "sample.gld").read_bytes(), (folder / "sample.tst").read_bytes()
        return repeat_trees(gold, system, max(1, round(total / (len(gold) + len(system)))))
    if name == "m2":
        folder = SAMPLE / "m2" / "uagec"
        system, gold = (folder / "ann0.first100.resegmented.m2").read_bytes(), (folder / "ann1.first100.m2").read_bytes()
        system, gold, _ = repeat_m2(system, gold, max(1, round(total / (len(system) + len(gold)))) * 100)
        return system, gold
    if name in JSON_RATIO:  # the result of a pair whose JSON is about ``total`` bytes
        pair = make_input({"json": "text", "json-trees": "trees", "json-m2": "m2", "json-ud": "ud"}[name],
                          max(1, int(total / JSON_RATIO[name])))
        if name == "json":
            from jpcore.preprocess import evaluate_bytes

            result = evaluate_bytes(pair[0], pair[1], "gold.txt", "system.txt")
        elif name == "json-trees":
            from jpcore import parseval

            result = parseval.evaluate_bytes(pair[0], pair[1], gold_name="gold.mrg", sys_name="system.mrg")
        elif name == "json-ud":
            from jpcore.ud import evaluate_bytes as ud_evaluate

            result = ud_evaluate(pair[0], pair[1], "gold.conllu", "system.conllu")
        else:
            from jpcore.gec import evaluate_bytes as gec_evaluate

            result = gec_evaluate(pair[1], pair[0], "gold.m2", "system.m2")
        return (json.dumps(result.to_dict(), ensure_ascii=False).encode(),)
    if name == "teaching":  # raw text and its gold segmentation (EWT, repeated)
        full = ud / "UD_English-EWT-full"
        return _repeat(((full / "en_ewt-ud-test.gold.raw.txt").read_bytes(),
                        (full / "en_ewt-ud-test.gold.words.txt").read_bytes()), total)
    raise ValueError(name)


def _status(pid: int) -> dict[str, int]:
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) * 1024
    return values


def _reset_peak(pid: int) -> None:
    with open(f"/proc/{pid}/clear_refs", "w") as refs:
        refs.write("5")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(app: Path, ttl: int) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "inspector/main/app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
         "--server.disconnectedSessionTTL", str(ttl)],
        cwd=app, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(app)},
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read().strip() == b"ok":
                    return server, url
        except OSError:
            time.sleep(0.3)
    server.kill()
    raise RuntimeError("the app did not start")


def _settled(page, timeout: float = 1_800_000) -> None:
    page.wait_for_timeout(500)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout)


def measure(app: Path, fmt: Format, total: int, ttl: int, wait: float) -> dict[str, float]:
    """One upload of format ``fmt`` (``total`` bytes) in a fresh server: bytes and memory figures."""
    from playwright.sync_api import sync_playwright

    files = make_input(fmt.name, total)
    server, url = _serve(app, ttl)
    try:
        with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
            paths = []
            for name, data in zip(fmt.files, files):
                path = Path(folder) / name
                write_atomic(path, data)
                paths.append(str(path))
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1500, "height": 1200})
            page.set_default_timeout(1_800_000)
            page.goto(f"{url}/{fmt.page}")
            _settled(page)
            if fmt.expander and page.locator("details").filter(
                    has=page.get_by_text(fmt.expander, exact=True)).first.get_attribute("open") is None:
                page.get_by_text(fmt.expander, exact=True).click()
                _settled(page)
            page.get_by_text(fmt.source_label, exact=True).click()
            _settled(page)
            time.sleep(2)
            before = _status(server.pid)["VmRSS"]
            _reset_peak(server.pid)
            inputs = page.locator('input[type="file"]')
            for i, path in enumerate(paths):
                inputs.nth(i).set_input_files(path)
                _settled(page)
            # loaded when the page names the input as loaded (or refuses it)
            page.get_by_text(re.compile(fmt.loaded)).first.wait_for()
            _settled(page)
            time.sleep(2)
            status = _status(server.pid)
            page.close()
            browser.close()
        time.sleep(wait)
        after = _status(server.pid)["VmRSS"]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return {"bytes": float(sum(len(f) for f in files)), "peak": float(status["VmHWM"] - before),
            "held": float(status["VmRSS"] - before), "after close": float(after - before)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.app_memory", description=__doc__.split("\n")[0])
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout of the app to measure")
    parser.add_argument("--formats", nargs="+", default=list(FORMATS), choices=list(FORMATS))
    parser.add_argument("--sizes", nargs=2, type=float, default=(1.0, 2.0), help="two pair sizes in MB")
    parser.add_argument("--ttl", type=int, default=10, help="server.disconnectedSessionTTL, seconds")
    parser.add_argument("--wait", type=float, default=40.0, help="seconds after closing the tab")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    rows = {}
    for name in args.formats:
        small, large = (measure(args.app, FORMATS[name], int(size * MB), args.ttl, args.wait) for size in args.sizes)
        growth = large["bytes"] - small["bytes"]
        if growth <= 0:
            raise SystemExit(f"{name}: both sizes gave {large['bytes']:,.0f} bytes; choose sizes further apart")
        rows[name] = {"small": small, "large": large,
                      **{f"{key} factor": (large[key] - small[key]) / growth for key in ("peak", "held")},
                      **{f"{key} per byte at {large['bytes'] / MB:.1f} MB": large[key] / large["bytes"]
                         for key in ("peak", "held", "after close")}}
        print(name, json.dumps(rows[name]), file=sys.stderr, flush=True)
    if args.json:
        write_atomic(args.json, json.dumps(rows, indent=1) + "\n")
    if args.markdown:
        print("| format | pair (MB) | peak (MB) | held (MB) | after close (MB) | peak factor | held factor |")
        print("|---|---|---|---|---|---|---|")
        for name, row in rows.items():
            large = row["large"]
            print(f"| {name} | {large['bytes'] / MB:.1f} | {large['peak'] / MB:.0f} | {large['held'] / MB:.0f} | "
                  f"{large['after close'] / MB:.0f} | {row['peak factor']:.0f} | {row['held factor']:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
