"""Large inputs in a real browser: how long the first render takes once the data is loaded.

Three measurements on the full UD English EWT test set (2,077 gold
sentences, 1,409 units; the ``ewt-full`` sample), Debian's chromium driven by
Playwright, the app served as ``streamlit run`` on this machine:

* **cold**: a fresh server opened at ``/sentences?sample=ewt-full``, until the
  page is drawn -- reading and aligning the files included (this is the
  *loading*, shown with a status box);
* **page switch after loading**: in the same session, from the Overview back to
  "Sentences & tokens" through the navigation, until the page is drawn;
* **new session after loading**: a second tab opening the same link (the
  evaluation is cached on the file contents), until the page is drawn.

"Drawn" means: Streamlit's script state is ``notRunning``, the caption
"Showing 1409 of 1409 units." and the selected unit's heading are visible
and the rendered units table has its rows.  Time is wall-clock time in the
test process (``time.perf_counter``) around the click or ``goto``.  The
figures are printed, never asserted here (a timed test fails on a loaded
machine and proves nothing on an idle one); with
``JP_INSPECTOR_RECORD_RENDER=1`` they are written to
``bench/first_render.json``, and ``python -m bench.app_render --measure``
runs this file that way and checks the requirement (< 2 s after loading).
What the tests assert is what was drawn: the counts, the selected unit, the
paged tables and the progress indication.

A second test loads the two other large inputs (EVALB's sample ×100 = 2,400
trees; the UA-GEC slice ×440 = 44,000 gold sentences), checks the progress
indication and the paged tables, and times the page switch after loading.
A third uploads GUM (4,636 trees) and the raw-text system bench/gum_raw.py
derives from it on the Brackets page: the case jp-evalb exists for (issue 24).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import time
from datetime import date
from pathlib import Path

import pytest

from tests.browser_support import ROOT, app_page

RECORD = ROOT / "bench" / "first_render.json"


#: True when every text is on the page and Streamlit's script has finished its run.
_DRAWN_JS = """texts => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
    const shown = document.body.textContent;
    return texts.every(text => shown.includes(text));
}"""


def _drawn(page, *texts: str, timeout: float = 120_000) -> None:
    """Wait until the texts are shown and the run is over (checked on every animation frame)."""
    page.wait_for_function(_DRAWN_JS, arg=list(texts), polling="raf", timeout=timeout)


def _timed(action, page, *texts: str) -> float:
    start = time.perf_counter()
    action()
    _drawn(page, *texts)
    return time.perf_counter() - start


#: True when a loading status box whose label starts with the given text says "done in".
_LOADED_JS = """label => [...document.querySelectorAll('[data-testid="stExpander"] summary')]
    .some(summary => summary.textContent.includes(label) && summary.textContent.includes(' done in '))"""


def _after_loading(page, link: str, *texts: str, status: str = "Loading ") -> tuple[float, float]:
    """Open ``link`` on a cold server: ``(seconds until the loading status box, labelled
    ``status``…, says done, seconds from then until the page is drawn)``.  The box is looked
    for while it is there: a later rerun (the gold self-check's, issue 28) draws the page
    without it."""
    start = time.perf_counter()
    page.goto(link)
    page.wait_for_function(_LOADED_JS, arg=status, polling="raf", timeout=300_000)
    loaded = time.perf_counter()
    _drawn(page, *texts)
    return loaded - start, time.perf_counter() - loaded


def _record(name: str, figures: dict[str, float]) -> None:
    print(f"\n{name}: " + ", ".join(f"{key} {value:.2f} s" for key, value in figures.items()))
    if os.environ.get("JP_INSPECTOR_RECORD_RENDER") != "1":
        return
    data = json.loads(RECORD.read_text("utf-8")) if RECORD.exists() else {}
    data[name] = {
        "seconds": {key: round(value, 3) for key, value in figures.items()},
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
    }
    RECORD.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")


def _switches(page, away: str, back: str, *texts: str, times: int = 3) -> float:
    """Median seconds to come back to a page through the navigation (``times`` tries)."""
    figures = []
    for _ in range(times):
        page.get_by_role("link", name=away).click()
        _drawn(page, "Headline scores")
        figures.append(_timed(lambda: page.get_by_role("link", name=back).click(), page, *texts))
    return statistics.median(figures)


def _warm(page, url: str) -> None:
    """Open the app once (the excerpt), so the server has imported everything."""
    page.goto(url)
    _drawn(page, "Headline scores", "91.82%")


@pytest.mark.browser
def test_first_render_of_the_full_ewt_test_set(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    sentences = ("Showing 1409 of 1409 units.", "Unit #2: 2:1 sentences", "Rendered units")
    with app_page(tmp_path, 1500, 1300) as (page, url):
        _warm(page, url)
        link = f"{url}/sentences?sample=ewt-full"
        load, first = _after_loading(page, link, *sentences)
        expect(page.locator("table.jp-units").last.locator("tr").nth(40)).to_be_attached()
        switch = _switches(page, "Overview", "Sentences & tokens", *sentences)
        other = page.context.browser.new_page(viewport={"width": 1500, "height": 1300})
        fresh = _timed(lambda: other.goto(link), other, *sentences)
        other.close()
    figures = {"loading": load, "first render after loading": first, "page switch (median of 3)": switch,
               "new tab, data cached": fresh}
    _record("ewt-full sentences page", figures)


@pytest.mark.browser
def test_large_trees_and_m2_load_with_progress_and_paged_tables(tmp_path: Path) -> None:
    with app_page(tmp_path, 1500, 1300) as (page, url):
        _warm(page, url)
        shown = ("Showing 36520 of 36520 units and 151360 edits.", "Units 1–500 of 36,520",
                 "Edits 1–500 of 151,360", "Unit #1: 1:2 sentences")
        gec_load, gec_first = _after_loading(page, f"{url}/edits?m2=uagec-44k", *shown,
                                             status="Loading Large input: UA-GEC")
        gec_switch = _switches(page, "Overview", "Edits", *shown)

        shown = ("Showing 2000 of 2000 pairs.", "Pairs 1–500 of 2,000", "Pair #7:")
        trees_load, trees_first = _after_loading(page, f"{url}/brackets?trees=evalb-sample-x100", *shown)
        trees_switch = _switches(page, "Overview", "Brackets", *shown)
    gec = {"loading": gec_load, "first render after loading": gec_first, "page switch (median of 3)": gec_switch}
    trees = {"loading": trees_load, "first render after loading": trees_first,
             "page switch (median of 3)": trees_switch}
    _record("uagec-44k edits page", gec)
    _record("evalb-sample-x100 brackets page", trees)


@pytest.mark.browser
def test_the_brackets_page_on_a_parser_run_on_raw_text(tmp_path: Path) -> None:
    """Issue 24: the Brackets page on GUM (4,636 trees) against its raw-text system
    (:mod:`bench.gum_raw`: re-tokenized, ~5 % of sentence boundaries merged or split),
    uploaded as a person does: the pairs the page shows are jpcore's, and the first render
    after loading and the page switch are timed (recorded as the other large inputs)."""
    from bench import gum_raw
    from jpcore.parseval.evaluation import evaluate_files

    folder = tmp_path / "gum"
    folder.mkdir()
    paths = gum_raw.write(folder)
    gold, raw = paths["gld", 1], paths["raw", 1]
    result = evaluate_files(gold, raw)
    pairs = len(result.pairs)
    assert pairs < 4636 and len(result.gold_trees) == 4636  # boundaries differ: fewer pairs than trees
    shown = (f"Showing {pairs} of {pairs} pairs.", f"Pairs 1–500 of {pairs:,}")
    with app_page(tmp_path, 1500, 1300) as (page, url):
        _warm(page, url)
        page.get_by_role("link", name="Brackets").click()
        _drawn(page, "Showing 7 of 7 pairs.")  # the bundled sample first
        sidebar = page.locator('[data-testid="stSidebar"]')
        sidebar.get_by_text("Upload files", exact=True).click()
        _drawn(page)
        uploads = sidebar.locator('input[type="file"]')
        uploads.nth(0).set_input_files(gold)
        _drawn(page)
        start = time.perf_counter()
        uploads.nth(1).set_input_files(raw)
        page.wait_for_function("() => document.body.textContent.includes(' done in ')", polling="raf",
                               timeout=300_000)
        loaded = time.perf_counter()
        _drawn(page, *shown, f"{gold.name} vs {raw.name} (uploaded)")
        first = time.perf_counter() - loaded
        switch = _switches(page, "Overview", "Brackets", *shown)
    _record("gum raw-text brackets page (upload)", {"loading": loaded - start, "first render after loading": first,
                                                    "page switch (median of 3)": switch})
