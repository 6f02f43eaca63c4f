"""Benchmark: PARSEVAL in both modes on 2,400 trees, and a run of similar sentences.

Rows (each timed in this one process: reading the bytes, scoring, printing
the report; the bytes are built in memory first):

* alignment mode on a 2,400-tree file made by repeating EVALB's 24 sample
  trees 100 times (gold ``sample.gld``, system ``sample.tst``);
* EVALB legacy mode on the same bytes with ``sample.prm`` (MAX_ERROR raised
  so that the whole file is scored instead of stopping at the 11th error);
* alignment mode on EVALB's bug trees repeated to ~58,000 gold tokens (the
  size of PTB section 23, the spec's reference file), a harder case: long
  sentences with differing words;
* 200 similar-but-not-identical sentences (one word differs in each) at 1x
  and 2,000 at 10x: no quadratic behaviour.

1x vs 10x (the files repeated ten times) shows the growth (linear is 10x);
both are the best of 3 runs, except the 10x run of the bug trees (8 s, once).
The peer is EVALB: measured when an ``evalb`` binary is on PATH (``-p`` with
the same parameters), else the spec's figure (0.044 s CPU on such a file).
The earlier Python implementation needed 3.1 s and 193 MiB (spec).
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

from bench.measure import measure
from jpcore.formats.prm import parse_prm
from jpcore.tasks import evalb_legacy, parseval

DIST = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "parseval" / "evalb-dist"
#: spec/parseval.md: EVALB on a 2,400-tree file
PEER_SECONDS = 0.044
PEER_NAME = "EVALB (evalb.c)"
TARGET = "< 1 s, growth <= 10.5x (earlier impl: 3.1 s, 193 MiB)"
#: spec/parseval.md: the earlier Python implementation on such a file
EARLIER_SECONDS = 3.1
#: Copies of the 24 sample trees: 2,400 trees.
SAMPLE_COPIES = 100
#: Copies of the 5 bug trees: 1,650 trees, 58,410 gold tokens.
BUG_COPIES = 330


def _alignment(gold: bytes, system: bytes) -> str:
    """What ``jpcore parseval GOLD SYSTEM`` does once the bytes are read."""
    return parseval.render_report(parseval.evaluate_bytes(gold, system))


def _legacy(gold: bytes, system: bytes, params) -> str:
    return evalb_legacy.render_report(evalb_legacy.evaluate(gold, system, params))


def _similar(n: int) -> tuple[str, str]:
    """``n`` sentences on one template; the system writes 'todey' for 'today'."""
    line = "(TOP (S (NP (DT The) (NN cat{k})) (VP (VBD saw) (NP (DT the) (NN dog))) (ADVP (RB {w})) (. .)))"
    gold = "\n".join(line.format(k=k, w="today") for k in range(n))
    system = "\n".join(line.format(k=k, w="todey") for k in range(n))
    return gold, system


def _similar_run(n: int) -> str:
    gold, system = _similar(n)
    return _alignment(gold.encode(), system.encode())


def evalb_seconds(gold: bytes, system: bytes, prm: bytes) -> float | None:
    """CPU seconds of an ``evalb`` binary on PATH on these bytes, if there is one."""
    binary = shutil.which("evalb")
    if binary is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, data in (("gold", gold), ("test", system), ("prm", prm)):
            path = Path(folder) / name
            path.write_bytes(data)
            paths.append(str(path))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([binary, "-p", paths[2], paths[0], paths[1]], capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _row(name: str, call_1x, call_10x, peer: float | None, peer_name: str = PEER_NAME,
         target: str = TARGET, peer_figure: float = PEER_SECONDS, repeat_10x: int = 3) -> dict:
    """One table row; ``peer_seconds`` is the measured peer, else ``peer_figure``.

    1x is the best of 3 runs; 10x the best of ``repeat_10x`` (a single run of
    a few seconds varies by 10 % here, as much as the growth we look for).
    """
    one = measure(call_1x)
    ten = measure(call_10x, repeat=repeat_10x)
    return {
        "evaluation": name,
        "cpu_1x": one.cpu_seconds,
        "mib_1x": one.peak_mib,
        "cpu_10x": ten.cpu_seconds,
        "mib_10x": ten.peak_mib,
        "peer": peer_name,
        "peer_seconds": peer if peer is not None else peer_figure,
        "peer_measured": peer is not None,
        "target": target,
    }


def run() -> list[dict]:
    """Rows for the benchmark table."""
    gold = (DIST / "sample" / "sample.gld").read_bytes() * SAMPLE_COPIES
    system = (DIST / "sample" / "sample.tst").read_bytes() * SAMPLE_COPIES
    prm = (DIST / "sample" / "sample.prm").read_bytes() + b"\nMAX_ERROR 1000000\n"
    params, _ = parse_prm(prm)
    params_10x = replace(params, max_error=10 * params.max_error)
    peer = evalb_seconds(gold, system, prm)
    bug_gold = (DIST / "bug" / "bug.gld").read_bytes() * BUG_COPIES
    bug_system = (DIST / "bug" / "bug.tst").read_bytes() * BUG_COPIES
    return [
        _row("PARSEVAL alignment mode, 2,400 trees (EVALB sample x100)",
             lambda: _alignment(gold, system), lambda: _alignment(gold * 10, system * 10), peer),
        _row("PARSEVAL --evalb legacy mode, same 2,400 trees",
             lambda: _legacy(gold, system, params), lambda: _legacy(gold * 10, system * 10, params_10x),
             peer),
        _row("PARSEVAL alignment mode, 1,650 bug trees (58k tokens)",
             lambda: _alignment(bug_gold, bug_system),
             lambda: _alignment(bug_gold * 10, bug_system * 10), None, repeat_10x=1),
        _row("PARSEVAL alignment mode, 200 similar sentences (10x: 2,000)",
             lambda: _similar_run(200), lambda: _similar_run(2000), None,
             peer_name="earlier impl (crashed here; 3.1 s on 2,400 trees)",
             target="linear (growth <= 10.5x)", peer_figure=EARLIER_SECONDS),
    ]
