"""Where a command's CPU time goes, measured in child processes: its phases and its top functions.

Used for the notes under the whole-process table (:mod:`bench.commands`)
where a target is missed: the note must say what stands in the way,
measured.  Two views of one command, each in a fresh ``python`` process
(bytecode cached, the cyclic collector off, as ``jpcore`` runs):

* **phases**: CPU time (``time.process_time``) of each step the command
  takes, run one after the other in one process -- importing the command,
  reading both files, aligning and scoring, writing the report -- median
  of :data:`RUNS` runs.  Python's own start-up is what ``python -c pass``
  costs (measured by the caller as a whole process).
* **top functions**: the whole command under :mod:`cProfile`, its
  functions ranked by their own time, each with its share of the profiled
  total.  The profiler adds a cost to every Python-level call, so the
  shares of small, often-called functions are inflated; they say where the
  Python work is, the phases say how long it takes.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections.abc import Sequence

from bench.process import run_once

#: Runs of each phase program (the median is quoted).
RUNS = 5

#: Alignment mode's phases: ``argv`` = GOLD SYSTEM.
PARSEVAL_ALIGNMENT = """\
import gc, json, sys, time
gc.disable()
clock = time.process_time
t0 = clock()
import jpcore.cli, jpcore.parseval.cli
from jpcore.formats.trees import read_trees_bytes
from jpcore.parseval.evaluation import evaluate, render_report
t1 = clock()
gold = read_trees_bytes(open(sys.argv[1], "rb").read(), "gold")
system = read_trees_bytes(open(sys.argv[2], "rb").read(), "system")
t2 = clock()
result = evaluate(gold, system)
t3 = clock()
render_report(result)
t4 = clock()
print(json.dumps({"importing the command": t1 - t0, "reading both files into trees": t2 - t1,
                  "aligning and scoring": t3 - t2, "the report": t4 - t3}))
"""

#: Alignment mode's phases on files with the same words tree by tree, where the command takes its
#: compiled path (:mod:`jpcore.parseval.quick`): ``argv`` = GOLD SYSTEM.
PARSEVAL_QUICK = """\
import gc, json, sys, time
gc.disable()
clock = time.process_time
t0 = clock()
import jpcore.cli
from jpcore.parseval import quick
from jpcore.peers.evalb.report import HEADER, render_summary
from jpcore.peers.evalb.summary import EvalbSummary
from jpcore.signature import file_hash
t1 = clock()
gold, system = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
t2 = clock()
rows = quick._filescore.same_words_rows(gold, system)
assert rows is not None, "not the same words: the compiled path does not apply"
t3 = clock()
text = quick.report_text(rows, 40)
t4 = clock()
file_hash(gold), file_hash(system)
t5 = clock()
print(json.dumps({"importing the command": t1 - t0, "reading both files' bytes": t2 - t1,
                  "reading, aligning and counting in C (_filescore)": t3 - t2, "the report": t4 - t3,
                  "the signature's file hashes": t5 - t4}))
"""

#: Alignment mode's phases on files whose words differ (a raw-text system), where the command takes
#: the flat path (:func:`jpcore.parseval.quick.mixed_rows`): ``argv`` = GOLD SYSTEM.
PARSEVAL_MIXED = """\
import gc, json, sys, time
gc.disable()
clock = time.process_time
t0 = clock()
import jpcore.cli
from jpcore.parseval import quick
from jpcore.align import align_sides, group_units
from jpcore.align.nesting import word_groups_within
from jpcore.parseval.score import score_group
from jpcore.peers.evalb.report import HEADER, render_summary
from jpcore.peers.evalb.summary import EvalbSummary
from jpcore.signature import file_hash
t1 = clock()
gold_data, sys_data = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
assert quick._filescore.same_words_rows(gold_data, sys_data) is None, "the same words: the compiled path applies"
flat = quick._filescore.read_flat(gold_data, sys_data)
t2 = clock()
gold, system = quick.flat_sides(flat)
t3 = clock()
chars = align_sides(gold, system)
groups = group_units(gold.sentence_ends, system.sentence_ends, chars)
t4 = clock()
rows = quick.counted_groups(flat, groups)
t5 = clock()
rows = quick.scored_groups(flat, gold, system, chars, groups, rows)
t6 = clock()
text = quick.report_text(rows, 40)
file_hash(gold_data), file_hash(sys_data)
t7 = clock()
print(json.dumps({"importing the command (the alignment's modules too)": t1 - t0,
                  "reading both files flat in C": t2 - t1,
                  "the words' keys and both key streams": t3 - t2,
                  "aligning the sentences (Python)": t4 - t3,
                  "counting the groups with the same words (C)": t5 - t4,
                  "aligning and scoring the other groups word by word (Python)": t6 - t5,
                  "the report and the signature's hashes": t7 - t6}))
"""

#: Legacy mode's phases (``--evalb collins``): ``argv`` = GOLD SYSTEM.  Reading and
#: scoring are one phase: the C accelerator does both per line pair
#: (:mod:`jpcore.peers.evalb._fastlines`), the Python path the pairs it leaves.
PARSEVAL_LEGACY = """\
import gc, json, sys, time
gc.disable()
clock = time.process_time
t0 = clock()
import jpcore.cli, jpcore.parseval.cli
from jpcore.peers.evalb.legacy import evaluate, render_report
from jpcore.peers.evalb.params import EvalbParams, preset
t1 = clock()
gold_data, sys_data = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
result = evaluate(gold_data, sys_data, preset("collins", EvalbParams()))
t2 = clock()
render_report(result)
t3 = clock()
print(json.dumps({"importing the command": t1 - t0, "reading and scoring both files": t2 - t1,
                  "the report": t3 - t2}))
"""

#: The whole command under cProfile: ``argv`` = the arguments after ``jpcore``.
TOP_FUNCTIONS = """\
import cProfile, gc, json, os, pstats, sys
gc.disable()
sys.stdout = open(os.devnull, "w")
import jpcore.cli
profile = cProfile.Profile()
profile.runcall(jpcore.cli.main, sys.argv[1:])
stats = pstats.Stats(profile).stats
total = sum(entry[2] for entry in stats.values())
top = sorted(stats.items(), key=lambda item: -item[1][2])[:int(os.environ["TOP"])]
names = []
for (path, line, function), entry in top:
    where = path.split("/jpcore/")[-1].removesuffix(".py").replace("/", ".") if "/jpcore/" in path else ""
    names.append([f"{where}.{function}" if where else function, entry[2] / total])
sys.__stdout__.write(json.dumps(names))
"""


def phases(program: str, files: Sequence[str], runs: int = RUNS) -> dict[str, float]:
    """Median CPU seconds of each phase ``program`` prints (a JSON object), over ``runs`` runs."""
    run_once([sys.executable, "-c", program, *files])  # warm-up: bytecode cached
    measured = [_json_of([sys.executable, "-c", program, *files]) for _ in range(runs)]
    return {phase: statistics.median(run[phase] for run in measured) for phase in measured[0]}


def top_functions(arguments: Sequence[str], count: int = 6) -> list[tuple[str, float]]:
    """The ``count`` functions of ``jpcore ARGUMENTS`` with the most own time, with their share."""
    return [(name, share) for name, share in
            _json_of([sys.executable, "-c", TOP_FUNCTIONS, *arguments], {"TOP": str(count)})]


def _json_of(command: list[str], env: dict[str, str] | None = None) -> object:
    import os

    environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env={**environment, **(env or {})})
    return json.loads(done.stdout)


def gum_phase_notes(gold: str, same_words: str, raw_text: str, evalb_seconds: float,
                    start_seconds: float) -> list[str]:
    """Alignment mode's phases on GUM against EVALB's whole run: the same-words system (the compiled
    path) and the raw-text system (the flat path: both files read in C, the sentences aligned in
    Python, the differing groups aligned word by word and scored in Python)."""
    notes = []
    for name, program, files in (("same-words system, the compiled path", PARSEVAL_QUICK, [gold, same_words]),
                                 ("raw-text system, the flat path", PARSEVAL_MIXED, [gold, raw_text])):
        steps = {"Python start-up (`python -c pass`)": start_seconds, **phases(program, files)}
        total = sum(steps.values())
        parts = "; ".join(f"{phase} {seconds:.3f} s ({seconds / evalb_seconds:.2f}x)" for phase, seconds in steps.items())
        notes.append(f"PARSEVAL on GUM, {name}, CPU by phase (medians of {RUNS} runs, one process each, against "
                     f"EVALB's whole run of {evalb_seconds:.3f} s): {parts}; sum {total:.3f} s = "
                     f"{total / evalb_seconds:.2f}x EVALB.")
    return notes


def parseval_notes(files: Sequence[str], evalb_seconds: float, start_seconds: float) -> list[str]:
    """Both PARSEVAL modes on ``files``: phases against EVALB's whole run, and the top functions."""
    notes = []
    for mode, program, arguments in (
        ("alignment mode (`jpcore parseval GOLD SYSTEM`)", PARSEVAL_ALIGNMENT, ["parseval", *files]),
        ("legacy mode (`jpcore parseval --evalb collins GOLD SYSTEM`)", PARSEVAL_LEGACY,
         ["parseval", "--evalb", "collins", *files]),
    ):
        steps = {"Python start-up (`python -c pass`)": start_seconds, **phases(program, files)}
        total = sum(steps.values())
        parts = "; ".join(f"{phase} {seconds:.3f} s ({seconds / evalb_seconds:.1f}x EVALB)"
                          for phase, seconds in steps.items())
        top = ", ".join(f"`{name}` {share:.0%}" for name, share in top_functions(arguments))
        notes.append(f"PARSEVAL {mode}, CPU by phase (medians of {RUNS} runs, one process each): {parts}; "
                     f"sum {total:.3f} s = {total / evalb_seconds:.1f}x EVALB's whole run ({evalb_seconds:.3f} s). "
                     f"Own time of the top functions under cProfile (share of the profiled run): {top}.")
    return notes
