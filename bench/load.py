"""``python -m bench.load [--sessions 1 5 10 20]``: many people on one app server at once.

Not a CI test (it takes minutes and its figures depend on the machine).  One
``streamlit run`` server is started on a loopback port
(tests/browser_support.py's ``served_app``), or ``--processes K`` of them,
each session pinned to one as a sticky load balancer would (session ``i`` to
server ``i mod K``; memory is then their sum); for each N, N Playwright
contexts of one Debian chromium (one context = one person: own cookies, own
Streamlit session) each, at the same time:

1. upload their own four pairs, named ``sNN-...`` so that every session's
   names differ: tokenized text (UD English EWT test, gold words against
   nltk's tokens), CoNLL-U (the same set, gold against nltk's parse),
   bracketed trees (:func:`bench.treebank.section`) and M2 (the UA-GEC slice,
   repeated), each system file changed a little per session (its first
   ``NN + 1`` lines dropped, a label or a word changed), so every session's
   figures differ too;
2. walk every page of the menu in order, twice, timing each page from the
   click to "drawn" (the server's "script finished" for a run of that page,
   Streamlit's script state ``notRunning`` and the page's data shown); with
   ``--think S`` each person reads what was drawn for 0.5-1.5 S seconds
   before the next action, as people do (default 0: the next action at once,
   which saturates the server: the worst case, not a day's use);
3. on every page, check the page text holds no other session's file names,
   and on the Overview that the Words F1 shown is the one jpcore computes
   for its own pair (``jpcore.preprocess``), not another session's (a leak);
   the bundled sample's figure there means the session lost what it had
   loaded (an error; the trace has the websockets each page opened: a
   second one is a reconnection).

Measured: the server's resident memory (``/proc/PID/status`` VmRSS, sampled
every 0.25 s) idle (after one warm-up visit, its session freed), its peak
during the N sessions and after all N closed (polled until the app's
session memory is freed, 120 s after a tab closes, up to ``--settle``
seconds; results shared by sessions stay cached 600 s more by design,
``--final-settle`` reads RSS again once they are gone); p50 and p95 of the page render times; errors (an exception in a
session, a Streamlit exception box, a wait that timed out); and leaks
(another session's name or figure seen).  One JSON line per N, then a
Markdown table.  Targets (issue 26): no error, no leak, RSS after close
within 10 % of idle, p95 at 10 sessions at most 3 times the single-session
p95.  Only 127.0.0.1 is contacted; every wait is bounded.

The servers run as ``scripts/run-app.sh`` starts the app, with its allocator
settings (:mod:`inspector.main.allocator`); ``--allocator pymalloc`` runs them
as before those settings, ``--allocator jemalloc`` with Debian's jemalloc
preloaded, to compare.  ``--grace S`` sets the servers' reconnection time
(``server.disconnectedSessionTTL``, 120 s in the app) so that ``--settle``
can be shorter: what a closed session leaves is the same, only sooner.

``--timed K`` separates what the server does to a person's wait from what the test
browsers do to it. On this machine the ten browsers of a round take most of its CPU
(a page of the bundled sample costs chromium 0.2-2.5 CPU-seconds, the server
0.02-0.3, Teaching up to 1), where people each have their own computer. With
``--timed K`` the first K sessions' browser runs as before and only their pages are
timed; the other sessions run in a second chromium started at the lowest CPU
priority (Linux's ``SCHED_IDLE``, ``chrt --idle 0``, inherited by every process and
thread it starts; not ``nice``, whose values chromium sets again for its own
processes), so they load the server as many people do while their drawing waits for
CPU that nothing else wants: the timed pages wait for the server and their own
browser, as on a person's own machine. The others' p95 is reported beside
(``others_render_p95_s``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path

from bench import treebank
from bench.shared_data import SHARED_DATA
from jpcore.atomic import write_atomic
from inspector.main.allocator import server_environment
from tests.browser_support import CHROMIUM_ARGS, ROOT, SERVER_PIDS, ScriptRuns, Watcher, served_app

EWT = SHARED_DATA / "ud" / "UD_English-EWT"
UAGEC = ROOT / "sample_data" / "m2" / "uagec"
#: (the page's link in the menu, a text shown once the page is drawn)
DRAWN_JS = """([texts, uploaders]) => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
    if (document.querySelectorAll('[data-testid="stSidebar"] input[type="file"]').length < uploaders) return false;
    const shown = document.body.innerText;
    return texts.every(text => shown.includes(text));
}"""
TIMEOUT_MS = 300_000
#: clock ticks a second, the unit of /proc's CPU times
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: Debian's jemalloc (``apt-get install libjemalloc2``), for ``--allocator jemalloc``.
JEMALLOC = Path("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2")


def allocator_env(allocator: str) -> dict[str, str]:
    """The servers' environment for ``--allocator``: ``app`` as the app runs
    (:func:`inspector.main.allocator.server_environment`), ``pymalloc`` as before it (Python's
    own allocator over glibc's default heaps), ``jemalloc`` the app's with Debian's jemalloc
    preloaded."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONMALLOC", "MALLOC_ARENA_MAX", "LD_PRELOAD")}
    if allocator == "pymalloc":
        return base
    env = server_environment(base)
    if allocator == "jemalloc":
        if not JEMALLOC.is_file():
            raise SystemExit(f"bench.load: --allocator jemalloc needs {JEMALLOC} (apt-get install libjemalloc2)")
        env["LD_PRELOAD"] = str(JEMALLOC)
    return env


def idle_chromium(folder: Path) -> str:
    """A launcher of chromium at the lowest CPU priority, Linux's ``SCHED_IDLE`` (``chrt --idle
    0``; every process and thread the browser starts inherits it, and chromium's own priority
    settings, nice values, do not undo it): the browser of the sessions ``--timed`` does not time."""
    from tests.browser_support import chromium_executable

    launcher = folder / "chromium-idle"
    write_atomic(launcher, f'#!/bin/sh\nexec chrt --idle 0 {shlex.quote(chromium_executable())} "$@"\n')
    launcher.chmod(0o755)
    return str(launcher)


def rss_kb(pids: int | Sequence[int]) -> int:
    """The resident memory in KB of a server process, or the sum over several servers'."""
    total = 0
    for pid in [pids] if isinstance(pids, int) else pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
                break
    return total


class Sampler(Watcher):
    """The peak of the servers' RSS (summed), sampled in a thread."""

    def __init__(self, pids: Sequence[int]) -> None:
        super().__init__()
        self.pid, self.peak = pids, 0

    def tick(self) -> None:
        """Note the RSS now if it is the highest yet."""
        self.peak = max(self.peak, rss_kb(self.pid))


def session_files(index: int, folder: Path, scale: int) -> dict[str, tuple[Path, Path]]:
    """Session ``index``'s four pairs, written to ``folder``: view -> (gold, system)."""
    tag = f"s{index:02d}"
    drop = index + 1

    def write(name: str, data: bytes) -> Path:
        path = folder / f"{tag}-{name}"
        write_atomic(path, data)
        return path

    def without_first_lines(data: bytes, n: int) -> bytes:
        return b"".join(data.splitlines(keepends=True)[n:])

    gold_trees, sys_trees = treebank.section(bug_trees=300 * scale, sample_trees=200 * scale)
    sys_trees = sys_trees.replace(b"(NP ", b"(XP ", drop)
    gold_m2 = (UAGEC / "ann0.first100.m2").read_bytes() * (4 * scale)
    blocks = (UAGEC / "ann1.first100.m2").read_bytes().split(b"\n\n")
    sys_m2 = b"\n\n".join(blocks[:1] + [b.replace(b"|||R:", b"|||M:", 1) for b in blocks[1:1 + drop]]
                          + blocks[1 + drop:]) * (4 * scale)
    conllu = (EWT / "en_ewt-ud-test.conllu").read_bytes()
    nltk_conllu = (EWT / "en_ewt-ud-test.nltk.conllu").read_bytes()
    sentences = nltk_conllu.split(b"\n\n")
    return {
        "tokens": (write("gold.words.txt", (EWT / "en_ewt-ud-test.gold.words.txt").read_bytes() * scale),
                   write("nltk.tok.txt", without_first_lines((EWT / "en_ewt-ud-test.nltk.tok.txt").read_bytes(),
                                                             drop) * scale)),
        "deps": (write("gold.conllu", conllu), write("nltk.conllu", b"\n\n".join(sentences[drop:]))),
        "brackets": (write("gold.trees", gold_trees), write("system.trees", sys_trees)),
        "edits": (write("gold.m2", gold_m2), write("system.m2", sys_m2)),
    }


def expected_tokens_f1(gold: Path, system: Path) -> str:
    """jpcore's Words F1 of a tokens pair, as the Overview shows it."""
    from jpcore.preprocess.evaluate import evaluate_bytes

    result = evaluate_bytes(gold.read_bytes(), system.read_bytes(), gold_name=gold.name, sys_name=system.name)
    return f"{100 * result.totals['tokens'].f1:.2f}%"


def sample_f1() -> str:
    """The Words F1 of the bundled sample the app opens with (what a session that lost its own
    upload shows)."""
    from inspector.tokens.samples import DEFAULT_SAMPLE, SAMPLES

    sample = SAMPLES[DEFAULT_SAMPLE]
    return expected_tokens_f1(sample.gold_path, sample.sys_path)


#: where each view's loader is drawn: (menu link, the Source radio's upload label)
LOADERS = {
    "tokens": ("Overview", "Upload files"),
    "deps": ("Dependencies", "Upload files"),
    "brackets": ("Brackets", "Upload files"),
    "edits": ("Edits", "Upload files"),
}


class FrameLog(ScriptRuns):
    """What the server sent one page over its websocket (bytes, and when each run finished), for
    ``--trace``; it counts the finished runs of the whole page (:class:`ScriptRuns`), not the
    runs of a fragment alone (the gold self-check's, which looks again every second while its
    check runs)."""

    def __init__(self, page, t0: float) -> None:
        self.bytes, self.frames, self.t0 = 0, 0, t0
        self.finishes: list[float] = []
        #: each websocket the page opened: [opened, closed or None], seconds since the round started
        #: (a second one is a reconnection: the server lost the first, and the session too once it
        #: stayed away longer than ``server.disconnectedSessionTTL``)
        self.sockets: list[list[float | None]] = []
        super().__init__(page, fragment_runs=False)
        page.on("websocket", self._opened)

    def _now(self) -> float:
        return round(time.perf_counter() - self.t0, 2)

    def _opened(self, socket) -> None:
        times: list[float | None] = [self._now(), None]
        self.sockets.append(times)
        socket.on("close", lambda _socket: times.__setitem__(1, self._now()))

    def received(self, payload: bytes) -> None:
        self.bytes += len(payload)
        self.frames += 1

    def run_finished(self) -> None:
        self.finishes.append(self._now())


class Probe(Watcher):
    """Every ``every`` seconds, in a thread: each server's health endpoint answer time (its
    event loop's latency: the endpoint is answered on the loop), each server's CPU seconds on
    its main thread (the event loop: websocket, uploads), on its other threads (the
    sessions' scripts) and in its child processes (the evaluations), chromium's and this
    process's CPU seconds and its Playwright driver's (node): ``--trace``'s time line."""

    def __init__(self, urls: Sequence[str], pids: Sequence[int], t0: float, every: float = 1.0) -> None:
        super().__init__()
        self.urls, self.pids, self.t0, self.every = urls, pids, t0, every
        self.rows: list[dict] = []

    @staticmethod
    def _fields(stat: str) -> list[str]:
        """The fields of a /proc stat line after the command's name (state first)."""
        return stat[stat.rindex(")") + 2:].split()

    @staticmethod
    def _seconds(fields: list[str], first: int) -> float:
        """CPU seconds of two adjacent clock-tick fields (11: utime+stime; 13: the waited-for children's)."""
        return (int(fields[first]) + int(fields[first + 1])) / CLOCK_TICKS

    @classmethod
    def _cpu(cls, stat: str) -> float:
        return cls._seconds(cls._fields(stat), 11)

    def _threads(self, pid: int) -> tuple[float, float]:
        """CPU seconds of the main thread, and of the rest of the process (threads ended included)."""
        try:
            main = self._cpu(Path(f"/proc/{pid}/task/{pid}/stat").read_text())
            return main, self._cpu(Path(f"/proc/{pid}/stat").read_text()) - main
        except OSError:
            return 0.0, 0.0

    @classmethod
    def _processes(cls) -> dict[int, tuple[int, float, float, bool]]:
        """Every process, one read of /proc: its parent, its CPU seconds, its waited-for
        children's CPU seconds, and whether it is chromium."""
        found = {}
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                stat, command = (proc / "stat").read_text(), (proc / "cmdline").read_bytes()[:200]
            except OSError:
                continue
            fields = cls._fields(stat)
            found[int(proc.name)] = (int(fields[1]), cls._seconds(fields, 11), cls._seconds(fields, 13),
                                     b"chromium" in command)
        return found

    @staticmethod
    def _children(processes: dict[int, tuple[int, float, float, bool]], pid: int) -> float:
        """CPU seconds of ``pid``'s descendant processes (the evaluator's fork server and its
        children: a child ended and waited for counts in its parent's children time)."""
        below: dict[int, list[int]] = {}
        for child, (parent, _, _, _) in processes.items():
            below.setdefault(parent, []).append(child)
        total, todo = (processes[pid][2] if pid in processes else 0.0), list(below.get(pid, ()))
        while todo:
            child = todo.pop()
            total += processes[child][1] + processes[child][2]
            todo.extend(below.get(child, ()))
        return total

    def tick(self) -> None:
        """One row: the time, the load, each server's health latency and CPU, chromium's CPU."""
        import urllib.request

        row: dict = {"t": round(time.perf_counter() - self.t0, 1), "load": os.getloadavg()[0]}
        for k, (url, pid) in enumerate(zip(self.urls, self.pids)):
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=60) as response:
                    response.read()
                row[f"health{k}_s"] = round(time.perf_counter() - start, 3)
            except OSError as error:
                row[f"health{k}_s"] = f"{type(error).__name__} after {time.perf_counter() - start:.1f} s"
            row[f"main{k}_cpu"], row[f"scripts{k}_cpu"] = (round(x, 2) for x in self._threads(pid))
        processes = self._processes()  # one read of /proc a tick, for both figures
        for k, pid in enumerate(self.pids):
            row[f"children{k}_cpu"] = round(self._children(processes, pid), 2)
        row["chromium_cpu"] = round(sum(cpu for _, cpu, _, chromium in processes.values() if chromium), 1)
        row["bench_cpu"] = round(self._cpu(Path("/proc/self/stat").read_text()), 1)
        row["driver_cpu"] = round(sum(cpu for pid, (parent, cpu, _, chromium) in processes.items()  # Playwright's node
                                      if parent == os.getpid() and pid not in self.pids and not chromium), 1)
        self.rows.append(row)


class Session:
    """One person: a browser context that uploads its pairs and walks the pages."""

    def __init__(self, index: int, files: dict[str, tuple[Path, Path]], others: list[str], f1: str,
                 think: float = 0.0, others_f1: frozenset[str] = frozenset(), sample_f1: str = "") -> None:
        self.index, self.files, self.others, self.f1 = index, files, others, f1
        #: the Words F1 of the other sessions' pairs, and of the bundled sample the app opens with
        self.others_f1, self.sample_f1 = others_f1 - {f1}, sample_f1
        #: seconds a person spends on a page before the next action (0: none, the server saturated)
        self.think = think
        self._rng = random.Random(index)
        self.tag = f"s{index:02d}"
        self.renders: list[float] = []
        self.errors: list[str] = []
        self.leaks: list[str] = []
        #: (step, start, end) in seconds since the round started, for ``--trace``
        self.steps: list[tuple[str, float, float]] = []
        self.t0 = time.perf_counter()
        self.runs: FrameLog | None = None

    async def read(self) -> None:
        """A person reading what was drawn before acting again: ``think`` seconds, from half to
        one and a half times it (the same for a session from run to run), so that the sessions do
        not act in step; nothing with ``--think 0``.  Not a wait for the app: it is the load model."""
        if self.think > 0:
            await asyncio.sleep(self.think * self._rng.uniform(0.5, 1.5))

    def step(self, name: str, start: float) -> None:
        self.steps.append((name, round(start - self.t0, 2), round(time.perf_counter() - self.t0, 2)))

    async def drawn(self, page, *texts: str, uploaders: int = 0) -> None:
        """Wait until the page is not running and shows ``texts`` and at least ``uploaders``
        file inputs in its sidebar."""
        await page.wait_for_function(DRAWN_JS, arg=[list(texts), uploaders], timeout=TIMEOUT_MS)

    async def check(self, page, where: str) -> None:
        text = await page.evaluate("() => document.body.innerText")
        seen = sorted({tag for tag in self.others if f"{tag}-" in text})
        if seen:
            self.leaks.append(f"{self.tag} on {where}: saw {', '.join(seen)}")
        exceptions = page.locator('[data-testid="stException"]')
        if await exceptions.count():
            text = (await exceptions.first.inner_text()).strip().splitlines()
            self.errors.append(f"{self.tag} on {where}: an exception box ({' '.join(text[:2])[:200]})")

    async def after_run(self, page, action, what: str, *texts: str, page_name: str | None = None,
                        uploaders: int = 0) -> None:
        """Do ``action`` (a coroutine function: a click, files given to an uploader); return when
        a run of the page that started after it has finished and is drawn (the server's "script
        finished" message over the websocket, then the script state) with ``texts`` and
        ``uploaders`` file inputs shown -- a run of the page ``page_name`` when given.  A
        wait for the script state alone can return before the action's run has started: the
        next action then acts on the page drawn before it (under load, files given to an
        uploader that the run then replaced, and a page that waits for them for ever).  Nor is
        any run finished after the action the action's own: until session 6 the gold self-check
        reran its page when its check was done, so a click on another page or on "Upload files"
        could be followed by that rerun first; the page's name and what the action shows tell
        them apart."""
        before = self.runs.finished
        await action()
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while self.runs.finished == before or page_name not in (None, self.runs.page_name):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no script run {f'of {page_name} ' if page_name else ''}finished after {what}")
            await page.wait_for_timeout(20)
        await self.drawn(page, *texts, uploaders=uploaders)

    async def nav(self, page, title: str) -> None:
        """Click a page in the menu; return when the run it starts is finished and drawn."""
        start = time.perf_counter()
        link = page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name=title, exact=True)
        await self.after_run(page, link.click, f"the click on {title}", page_name=title)
        self.step(f"page {title}", start)

    async def upload(self, page, view: str) -> None:
        link, label = LOADERS[view]
        await self.nav(page, link)
        await self.drawn(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        source = sidebar.get_by_text(label, exact=True)
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while await source.count() != 1:  # the previous page's loader, still drawn a moment, has one too
            if time.monotonic() > deadline:
                raise TimeoutError(f"{await source.count()} '{label}' choices in the sidebar of {link}")
            await page.wait_for_timeout(50)
        start = time.perf_counter()
        await self.after_run(page, source.click, f"the click on {label}", uploaders=2)
        self.step(f"{view}: choose upload", start)
        await self.read()
        gold, system = self.files[view]
        uploads = sidebar.locator('input[type="file"]')
        start = time.perf_counter()
        await self.after_run(page, lambda: uploads.nth(0).set_input_files(gold), f"{gold.name} given", gold.name,
                             uploaders=2)
        self.step(f"{view}: gold uploaded and drawn", start)
        await self.read()
        start = time.perf_counter()
        await self.after_run(page, lambda: uploads.nth(1).set_input_files(system), f"{system.name} given",
                             f"{gold.name} vs {system.name} (uploaded)")
        self.step(f"{view}: system uploaded, evaluated and drawn", start)
        await self.check(page, f"{link} after its upload")
        await self.read()

    def final_f1(self, shown: str | None) -> None:
        """Judge the Words F1 the Overview shows at the end: its own pair's is right; another
        session's is a leak; the bundled sample's (or none) means the session lost what it had
        loaded -- an error, with the websockets the page opened (a reconnection tells why)."""
        if shown == self.f1:
            return
        sockets = len(self.runs.sockets) if self.runs else 0
        if shown in self.others_f1:
            self.leaks.append(f"{self.tag}: Overview shows Words F1 {shown}, another session's; its own pair's "
                              f"is {self.f1}")
        else:
            what = ("no Words F1" if shown is None else
                    f"Words F1 {shown} ({'the bundled sample' if shown == self.sample_f1 else 'no session'}'s)")
            self.errors.append(f"{self.tag}: lost its upload: Overview shows {what}, its own pair's is {self.f1}; "
                               f"the page opened {sockets} websocket(s)")

    async def run(self, browser, url: str, walks: int) -> None:
        context = await browser.new_context(viewport={"width": 1500, "height": 1300})
        try:
            page = await context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            self.runs = FrameLog(page, self.t0)
            start = time.perf_counter()
            await page.goto(url)
            await self.drawn(page, "Overview")
            self.step("first page", start)
            for view in LOADERS:
                await self.upload(page, view)
            links = page.locator('[data-testid="stSidebarNav"] a')
            titles = [t.strip().splitlines()[-1] for t in await links.all_inner_texts()]  # after its icon
            for _ in range(walks):
                for title in titles:
                    start = time.perf_counter()
                    await self.nav(page, title)
                    self.renders.append(time.perf_counter() - start)
                    await self.check(page, title)
                    await self.read()
            await self.nav(page, "Overview")
            await self.drawn(page, "Words F1")
            metric = page.locator('[data-testid="stMetric"]').filter(has_text="Words F1")
            shown = re.search(r"\d+\.\d\d%", await metric.first.inner_text())
            self.final_f1(shown.group(0) if shown else None)
        except Exception as error:  # noqa: BLE001 - every failure of a session is counted
            shown = ""
            try:  # what the page says then (an error line, a status box, the loader), to tell why
                alerts = await page.locator('[data-testid="stAlert"], [data-testid="stExpander"] summary').all_inner_texts()
                state = await page.locator('[data-testid="stApp"]').get_attribute("data-test-script-state", timeout=5000)
                sidebar = await page.locator('[data-testid="stSidebar"]').inner_text(timeout=5000)
                loader = sidebar[sidebar.find("Source"):][:400].replace("\n", " / ")
                shown = (f" [script {state}; shown: {' | '.join(a.strip()[:160] for a in alerts)[:600]}; "
                         f"sidebar from its Source: {loader}]")
            except Exception:  # noqa: BLE001 - the page may be gone
                pass
            sockets = f"; the page opened {len(self.runs.sockets)} websocket(s)" if self.runs else ""
            self.errors.append(f"{self.tag}: {type(error).__name__}: {str(error).splitlines()[0][:200]}{shown}{sockets}")
            self.step(f"FAILED: {type(error).__name__}", self.t0 + (self.steps[-1][2] if self.steps else 0))
        finally:
            await context.close()


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of values, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))] if ordered else float("nan")


async def _round(urls: Sequence[str], pids: Sequence[int], n: int, folder: Path, scale: int, walks: int,
                 settle: float, trace: Path | None = None, think: float = 0.0, timed: int | None = None) -> dict:
    """N sessions at once, session ``i`` pinned to server ``i mod len(urls)`` (what a sticky load
    balancer does: a Streamlit session's state lives in one process); with ``timed`` K, sessions
    K and up in a second browser at the lowest CPU priority, and only the first K's pages timed."""
    from playwright.async_api import async_playwright

    from tests.browser_support import chromium_executable

    def is_timed(session: Session) -> bool:
        return timed is None or session.index < timed

    tags = [f"s{i:02d}" for i in range(n)]
    files = [session_files(i, folder, scale) for i in range(n)]
    f1s = [expected_tokens_f1(*f["tokens"]) for f in files]
    sample = sample_f1()
    sessions = [Session(i, files[i], [t for t in tags if t != tags[i]], f1s[i], think, frozenset(f1s), sample)
                for i in range(n)]
    before = rss_kb(pids)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        others = browser
        try:
            if timed is not None and timed < n:
                others = await playwright.chromium.launch(executable_path=idle_chromium(folder), args=CHROMIUM_ARGS)
            with Sampler(pids) as sampler, Probe(urls, pids, time.perf_counter()) as probe:
                started = time.perf_counter()
                for s in sessions:
                    s.t0 = probe.t0
                await asyncio.gather(*(s.run(browser if is_timed(s) else others, urls[s.index % len(urls)], walks)
                                       for s in sessions))
                wall = time.perf_counter() - started
        finally:
            await browser.close()
            if others is not browser:
                await others.close()
    closed = time.monotonic()
    after = rss_kb(pids)
    while time.monotonic() - closed < settle:
        await asyncio.sleep(5)
        after = rss_kb(pids)
    renders = [r for s in sessions if is_timed(s) for r in s.renders]
    others_renders = [r for s in sessions if not is_timed(s) for r in s.renders]
    if trace is not None:
        write_atomic(trace.with_name(f"{trace.stem}-{n}x{len(urls)}{trace.suffix}"), json.dumps({
            "sessions": {s.tag: {"steps": s.steps, "errors": s.errors, "finishes": s.runs.finishes if s.runs else [],
                                 "sockets": s.runs.sockets if s.runs else [],
                                 "ws_bytes": s.runs.bytes if s.runs else 0,
                                 "ws_frames": s.runs.frames if s.runs else 0} for s in sessions},
            "probe": probe.rows}, indent=1).encode())
    return {
        "sessions": n, "timed": timed, "processes": len(urls), "think_s": think, "wall_s": round(wall, 1), "rss_before_mb": round(before / 1024),
        "rss_peak_mb": round(sampler.peak / 1024), "rss_after_close_mb": round(after / 1024),
        "settle_s": settle, "pages": len(renders),
        "render_p50_s": round(statistics.median(renders), 2) if renders else None,
        "render_p95_s": round(percentile(renders, 0.95), 2) if renders else None,
        "others_render_p95_s": round(percentile(others_renders, 0.95), 2) if others_renders else None,
        "errors": [e for s in sessions for e in s.errors], "leaks": [x for s in sessions for x in s.leaks],
    }


def _warm_up(urls: Sequence[str], pids: Sequence[int], settle: float) -> int:
    """One visit to every page of each server (on the bundled samples it opens with: every
    page's modules imported, its resources such as Punkt's parameters loaded, as in a
    server that has been used), then that session freed: idle RSS (summed over the
    servers).  A warm-up of the Overview alone left the other pages' imports to be
    counted as "not given back" after the first round."""
    from playwright.sync_api import sync_playwright

    from tests.browser_support import chromium_executable

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        for url in urls:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function(DRAWN_JS, arg=[["Words F1"]], timeout=TIMEOUT_MS)
            links = page.locator('[data-testid="stSidebarNav"] a')
            for title in [t.strip().splitlines()[-1] for t in links.all_inner_texts()]:
                page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name=title, exact=True).click()
                page.wait_for_timeout(500)  # the click's run has started; then wait until it is drawn
                page.wait_for_function(DRAWN_JS, arg=[[]], timeout=TIMEOUT_MS)
            page.close()
        browser.close()
    time.sleep(settle)  # noqa: ASYNC251 - the app frees a closed session after 120 s: wait for that
    return rss_kb(pids)


def table(idle_kb: int, rows: list[dict]) -> str:
    """The figures as a Markdown table (the single-session p95 is the reference of the ratio)."""
    base = next((r["render_p95_s"] for r in rows if r["sessions"] == 1), None)
    lines = ["| sessions | servers | think | pages drawn | p50 render | p95 render | p95 / 1 session | RSS peak | RSS after close "
             "(idle %d MB) | errors | leaks |" % round(idle_kb / 1024), "|---:" * 11 + "|"]
    for r in rows:
        ratio = f"{r['render_p95_s'] / base:.1f}x" if base else "–"
        growth = (r["rss_after_close_mb"] * 1024 - idle_kb) / idle_kb * 100
        sessions = f"{r['sessions']} ({r['timed']} timed)" if r.get("timed") is not None else r["sessions"]
        lines.append(f"| {sessions} | {r.get('processes', 1)} | {r.get('think_s', 0):g} s | {r['pages']} | {r['render_p50_s']} s | {r['render_p95_s']} s | {ratio} | "
                     f"{r['rss_peak_mb']} MB | {r['rss_after_close_mb']} MB ({growth:+.0f} %) | "
                     f"{len(r['errors'])} | {len(r['leaks'])} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the rounds; print each as JSON and all as a table; status 1 when an error or leak was seen."""
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 5, 10, 20])
    parser.add_argument("--scale", type=int, default=1, help="repeat each input this many times (default 1)")
    parser.add_argument("--walks", type=int, default=2, help="walks over every page per session (default 2)")
    parser.add_argument("--settle", type=float, default=150.0,
                        help="seconds to wait after the sessions close before RSS is read (default 150: the app "
                             "frees a closed session after 120 s)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes, each session pinned to one (session i to server i mod K), as "
                             "behind a sticky load balancer; RSS is their sum (default 1)")
    parser.add_argument("--allocator", choices=("app", "pymalloc", "jemalloc"), default="app",
                        help="the servers' allocator: app = as scripts/run-app.sh starts it (default), pymalloc = "
                             "Python's own over glibc's default heaps (before issue 26), jemalloc = the app's with "
                             "Debian's libjemalloc2 preloaded")
    parser.add_argument("--grace", type=float, default=None,
                        help="the servers' server.disconnectedSessionTTL in seconds (default: the app's, 120): a "
                             "shorter one frees closed sessions sooner, so --settle can be shorter; but a page whose "
                             "websocket dropped and came back later than this finds a new, empty session (at 20 "
                             "sessions a reconnection took 19.5 s): judge errors with the default")
    parser.add_argument("--final-settle", type=float, default=0.0,
                        help="after the last round, wait this long more and read RSS again (640: past the "
                             "result cache's 600 s time to live and its janitor's 20 s round)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each person reads a page before the next action, from 0.5 to 1.5 times "
                             "this (default 0: every action at once after the last, the server saturated)")
    parser.add_argument("--timed", type=int, default=None, metavar="K",
                        help="time only the first K sessions' pages; the others run in a second chromium at the "
                             "lowest CPU priority (SCHED_IDLE), loading the server without taking the timed browsers' "
                             "CPU, as each person's own computer would (default: every session timed, one browser)")
    parser.add_argument("--trace", type=Path, default=None,
                        help="write each round's time line to TRACE-<N>x<K>.json: every session's steps (start, "
                             "end), the server's health-endpoint latency and CPU per second (see Probe)")
    args = parser.parse_args(argv)
    if args.timed is not None and args.timed < 1:
        parser.error(f"--timed K times the first K sessions: K must be at least 1, not {args.timed}")
    if args.timed is not None and shutil.which("chrt") is None:
        parser.error("--timed starts the other sessions' browser with chrt (util-linux), not found on PATH")
    with tempfile.TemporaryDirectory(prefix="jp-load-") as tmp:
        folder = Path(tmp)
        with ExitStack() as servers:
            urls = []
            for k in range(args.processes):
                (folder / f"server{k}").mkdir()
                options = () if args.grace is None else ("--server.disconnectedSessionTTL", f"{args.grace:g}")
                urls.append(servers.enter_context(served_app(folder / f"server{k}", *options,
                                                             env=allocator_env(args.allocator))))
            pids = [SERVER_PIDS[url] for url in urls]
            idle = _warm_up(urls, pids, args.settle)
            print(json.dumps({"idle_rss_mb": round(idle / 1024), "processes": len(urls), "allocator": args.allocator,
                              "load_average": os.getloadavg()}), flush=True)
            rows = []
            for n in args.sessions:
                row = asyncio.run(_round(urls, pids, n, folder, args.scale, args.walks, args.settle, args.trace,
                                         args.think, None if args.timed is None else min(args.timed, n)))
                row["load_average"] = [round(x, 1) for x in os.getloadavg()]
                print(json.dumps(row), flush=True)
                rows.append(row)
            if args.final_settle:
                time.sleep(args.final_settle)
                print(json.dumps({"rss_after_cache_ttl_mb": round(rss_kb(pids) / 1024),
                                  "seconds_after_last_close": args.settle + args.final_settle}), flush=True)
    print(table(idle, rows))
    return 1 if any(r["errors"] or r["leaks"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
