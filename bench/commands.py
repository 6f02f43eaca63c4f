"""Whole-process rows: the command line exactly as the README shows it, against the peer.

Each row runs ``python -m jpcore ...`` (this Python; text output, or
``--json``) and the peer tool on the same input, alternating, and compares
their CPU time (:mod:`bench.process`).  The peers are measured here, in
the same run (:mod:`bench.peers`); when one cannot run, its row says why
and its target counts as missed.

* ``jpcore --help`` against ``python -c pass`` (start-up: each subcommand
  is imported only when it runs);
* preprocess on EWT's test set (2,077 sentences): gold words against nltk's
  tokens as tokenized text, text and ``--json``; the CoNLL 2018 script
  reads the CoNLL-U pair of the same sentences (it reads no other format).
  The same command on that CoNLL-U pair is a row of its own;
* the same command with the same boundaries: gold words against nltk's
  tokens on the gold sentences (the peer's row is the one above's);
* PARSEVAL on a treebank test section of real size (:mod:`bench.treebank`:
  2,416 trees, 56,874 words) against EVALB with ``COLLINS.prm``: alignment
  mode (text, ``--json``) and ``--evalb collins`` legacy mode;
* PARSEVAL's real case on GUM (:func:`gum_rows`): a raw-text system against
  EVALB on its same-words version, the same at 10x, the same-words system in
  alignment and legacy mode;
* GEC on UA-GEC ann0 vs ann1 repeated to 44,000 sentences against
  errant_compare 3.0.2 (which imports spaCy: part of what its users pay),
  text and ``--json``; and the re-segmented pair (alignment first) against
  errant_compare on the aligned files it writes.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench import gec as bench_gec
from bench import gum_raw, profiles, treebank
from bench.peers import PeerMissing, conll18_command, errant_compare_command, evalb_command
from bench.measure import in_child
from bench.process import Comparison, compare, median_cpu
from bench.shared_data import SHARED_DATA
from jpcore.atomic import write_atomic

EWT = SHARED_DATA / "ud" / "UD_English-EWT"
JPCORE = [sys.executable, "-m", "jpcore"]
#: Gold sentences of the GEC rows: UA-GEC's 4,400 repeated ten times.
GEC_SENTENCES = 44_000
#: Lines printed under the tables (filled by :func:`run`): where PARSEVAL's time goes.
NOTES: list[str] = []


@dataclass
class ProcessRow:
    """One command against its peer, whole processes, with the target on the ratio."""

    HEADER = ("whole process (median of runs)", "command", "CPU", "peak MiB", "peer", "peer CPU",
              "peer peak MiB", "ours/peer", "target", "met")

    evaluation: str
    command: str
    peer: str
    comparison: Comparison | None
    max_ratio: float | None
    missing: str = ""

    def met(self) -> bool:
        """The ratio is within the target (a row without a target is met; without its peer it is not)."""
        if self.max_ratio is None:
            return True
        return self.comparison is not None and self.comparison.ratio <= self.max_ratio

    def cells(self) -> tuple[str, ...]:
        """The row as text."""
        target = f"<= {self.max_ratio:g}x" if self.max_ratio is not None else "-"
        verdict = "yes" if self.met() else "NO"
        if self.comparison is None:
            return (self.evaluation, f"`{self.command}`", "-", "-", self.peer, f"not run: {self.missing}",
                    "-", "-", target, verdict)
        c = self.comparison
        return (self.evaluation, f"`{self.command}`", f"{c.ours.cpu_seconds:.3f} s", f"{c.ours.peak_mib:.0f}",
                self.peer, f"{c.peer.cpu_seconds:.3f} s", f"{c.peer.peak_mib:.0f}", f"{c.ratio:.2f}",
                target, verdict if self.max_ratio is not None else "-")


def _row(evaluation: str, shown: str, ours: list[str], peer_name: str, peer: Callable[[], list[str]],
         max_ratio: float | None, **statuses: int) -> ProcessRow:
    try:
        peer_command = peer()
    except PeerMissing as missing:
        return ProcessRow(evaluation, shown, peer_name, None, max_ratio, str(missing))
    return ProcessRow(evaluation, shown, peer_name, compare(ours, peer_command, **statuses), max_ratio)


def run() -> list[ProcessRow]:
    """Every whole-process row (inputs written to a temporary folder)."""
    rows = [_row("start-up: the command line's help", "jpcore --help", [*JPCORE, "--help"],
                 "python -c pass", lambda: [sys.executable, "-c", "pass"], 2.0)]
    gold_txt, sys_txt = EWT / "en_ewt-ud-test.gold.words.txt", EWT / "en_ewt-ud-test.nltk.tok.txt"
    gold_conllu, sys_conllu = EWT / "en_ewt-ud-test.conllu", EWT / "en_ewt-ud-test.nltk.conllu"
    conll18 = lambda: [*conll18_command(), str(gold_conllu), str(sys_conllu)]  # noqa: E731
    shown = f"jpcore preprocess {gold_txt.name} {sys_txt.name}"
    rows.append(_row("preprocess: EWT test (2,077 sentences), boundaries differ (nltk's sentences and tokens), text",
                     shown,
                     [*JPCORE, "preprocess", str(gold_txt), str(sys_txt)], "conll18_ud_eval.py", conll18, 0.25))
    rows.append(_row("preprocess: EWT test, --json", shown + " --json",
                     [*JPCORE, "preprocess", str(gold_txt), str(sys_txt), "--json"], "conll18_ud_eval.py",
                     conll18, 0.30))
    rows.append(_row("preprocess: EWT test as CoNLL-U (the peer's input)",
                     f"jpcore preprocess {gold_conllu.name} {sys_conllu.name}",
                     [*JPCORE, "preprocess", str(gold_conllu), str(sys_conllu)], "conll18_ud_eval.py", conll18,
                     None))
    same_boundaries = _preprocess_same_boundaries()
    rows.insert(1, _row("preprocess: EWT test, same boundaries (nltk's tokens on the gold sentences), text",
                        f"jpcore preprocess {gold_txt.name} {same_boundaries.name}",
                        [*JPCORE, "preprocess", str(gold_txt), str(same_boundaries)], "conll18_ud_eval.py",
                        conll18, 0.25))
    with tempfile.TemporaryDirectory(prefix="jp-bench-") as folder:
        rows += _parseval_rows(Path(folder))
        rows += gum_rows(Path(folder))
        rows += _gec_rows(Path(folder))
    return rows


#: ``python -c`` programs timing less than any tree reader must do (the cyclic collector off, as jpcore runs).
SPLIT_ONLY = (
    "import gc, sys\ngc.disable()\n"
    "for path in sys.argv[1:]:\n"
    "    open(path, encoding='utf-8').read().replace('(', ' ( ').replace(')', ' ) ').split()\n"
)
VISIT_EACH_TOKEN = (
    "import gc, sys\ngc.disable()\n"
    "for path in sys.argv[1:]:\n"
    "    depth = 0\n"
    "    for token in open(path, encoding='utf-8').read().replace('(', ' ( ').replace(')', ' ) ').split():\n"
    "        if token == '(':\n"
    "            depth += 1\n"
    "        elif token == ')':\n"
    "            depth -= 1\n"
)
READ_TREES = (
    "import gc, sys\ngc.disable()\n"
    "from jpcore.formats.trees import read_trees_file\n"
    "for path in sys.argv[1:]:\n"
    "    read_trees_file(path)\n"
)


def parseval_floor(files: list[str]) -> list[str]:
    """Where the CPU time of ``jpcore parseval`` goes, measured, against EVALB's whole run.

    Each step is its own whole process (median of runs): EVALB; Python
    starting and doing nothing; splitting both files into their 695,000
    brackets, labels and words with C-level string methods (no trees);
    the same plus one pass of Python bytecode over the tokens that only
    counts the depth -- less than any reader written in Python must do (why
    the reader and the scorer of the common case are compiled: DESIGN.md,
    "Accelerators"); jpcore's reader building the trees; the two whole
    commands.  Then each
    mode's phases and top functions (:func:`bench.profiles.parseval_notes`).
    """
    try:
        evalb = median_cpu([*evalb_command(), "-p", str(treebank.COLLINS_PRM), *files])
    except PeerMissing as missing:
        return [f"PARSEVAL floor not measured: {missing}"]
    steps = [
        ("Python start-up (`python -c pass`)", [sys.executable, "-c", "pass"]),
        ("+ splitting both files into brackets, labels and words (`str.replace`, `str.split`)",
         [sys.executable, "-c", SPLIT_ONLY, *files]),
        ("+ one Python loop over those tokens counting the depth, nothing else",
         [sys.executable, "-c", VISIT_EACH_TOKEN, *files]),
        ("jpcore's reader building both files' trees (`read_trees_file`, its C scanner)",
         [sys.executable, "-c", READ_TREES, *files]),
        ("the whole `jpcore parseval GOLD SYSTEM` (alignment mode)", [*JPCORE, "parseval", *files]),
        ("the whole `jpcore parseval --evalb collins GOLD SYSTEM` (legacy mode)",
         [*JPCORE, "parseval", "--evalb", "collins", *files]),
    ]
    parts = []
    start = 0.0
    for label, command in steps:
        seconds = median_cpu(command)
        start = start or seconds  # the first step: Python start-up
        parts.append(f"{label}: {seconds:.3f} s = {seconds / evalb:.1f}x EVALB")
    return [f"PARSEVAL on the treebank section, where the CPU time goes (whole processes, medians): "
            f"EVALB {evalb:.3f} s; " + "; ".join(parts) + ".", *profiles.parseval_notes(files, evalb, start)]


def _preprocess_same_boundaries() -> Path:
    """EWT test's gold sentences (their ``# text``) each tokenized by nltk's word tokenizer
    (:class:`nltk.tokenize.NLTKWordTokenizer`, what ``word_tokenize`` applies to a
    sentence): a system whose sentence boundaries are gold's, written once to a
    temporary file (kept for the run)."""
    path = Path(tempfile.mkdtemp(prefix="jp-bench-ewt-")) / "en_ewt-ud-test.nltk-on-gold-sentences.tok.txt"

    def write() -> None:  # in a forked child, as gum_rows' files
        from nltk.tokenize import NLTKWordTokenizer

        tokenizer = NLTKWordTokenizer()
        texts = [line[len("# text = "):] for line in (EWT / "en_ewt-ud-test.conllu").read_text("utf-8").splitlines()
                 if line.startswith("# text = ")]
        write_atomic(path, "".join(" ".join(tokenizer.tokenize(text)) + "\n" for text in texts).encode("utf-8"))

    in_child(write)
    return path


#: Copies of GUM in the "10x the data" row.
GUM_COPIES = 10


def gum_rows(folder: Path) -> list[ProcessRow]:
    """PARSEVAL's real case on GUM (:mod:`bench.gum_raw`), each row a whole process against
    EVALB run here on the same-words system (the only one it can read):

    * the raw-text system (nltk's tokens, ~5 % of sentence boundaries merged or split),
      alignment mode: boundaries differ, <= 3x EVALB;
    * the same at 10x the data against itself at 1x: <= 10.5x the time;
    * the same-words system (same boundaries), alignment mode: <= 2x EVALB;
    * the same-words system, legacy mode (``--evalb collins``): <= 2x EVALB.

    :data:`NOTES` gets the peak memory of each alignment row per 10,000 gold trees, and where the
    time of both alignment-mode rows goes (:func:`bench.profiles.gum_phase_notes`).
    """
    # made in a forked child: nltk and the trees never swell this process, whose peak
    # memory the kernel counts as the start of every child's
    paths = in_child(lambda: gum_raw.write(folder, (1, GUM_COPIES)))
    n_trees = paths["gld", 1].read_bytes().count(b"\n")
    evalb = lambda: [*evalb_command(), "-p", str(treebank.COLLINS_PRM), str(paths["gld", 1]),  # noqa: E731
                     str(paths["same", 1])]
    name = "EVALB -p COLLINS.prm on the same-words system"
    label = f"parseval: GUM ({n_trees:,} trees)"
    ours_raw = [*JPCORE, "parseval", str(paths["gld", 1]), str(paths["raw", 1])]
    rows = [
        _row(f"{label}, raw-text system (nltk's tokens, ~5 % of sentence boundaries differ), alignment mode",
             "jpcore parseval GOLD RAW_TEXT_SYSTEM", ours_raw, name, evalb, 3.0),
        ProcessRow(f"{label} x {GUM_COPIES}, raw-text system, alignment mode: growth",
                   "jpcore parseval GOLD_x10 RAW_TEXT_SYSTEM_x10", "the same command at 1x",
                   compare([*JPCORE, "parseval", str(paths["gld", GUM_COPIES]), str(paths["raw", GUM_COPIES])],
                           ours_raw, runs=3), 10.5),
        _row(f"{label}, same-words system (same boundaries), alignment mode", "jpcore parseval GOLD SAME_WORDS",
             [*JPCORE, "parseval", str(paths["gld", 1]), str(paths["same", 1])], name, evalb, 2.0),
        _row(f"{label}, same-words system, legacy mode", "jpcore parseval --evalb collins GOLD SAME_WORDS",
             [*JPCORE, "parseval", "--evalb", "collins", str(paths["gld", 1]), str(paths["same", 1])], name, evalb,
             2.0),
    ]
    per = 10_000 / n_trees
    peaks = [f"{row.evaluation.split(', ', 1)[1]}: {row.comparison.ours.peak_mib * per / (GUM_COPIES if k == 1 else 1):.0f} MiB"
             for k, row in enumerate(rows[:3]) if row.comparison is not None]
    NOTES.append("PARSEVAL on GUM, peak resident memory of the whole process per 10,000 gold trees: "
                 + "; ".join(peaks) + ".")
    try:  # where the time goes (the rows' targets are EVALB's time)
        evalb_seconds = median_cpu(evalb())
    except PeerMissing:
        return rows
    NOTES.extend(profiles.gum_phase_notes(str(paths["gld", 1]), str(paths["same", 1]), str(paths["raw", 1]),
                                          evalb_seconds, median_cpu([sys.executable, "-c", "pass"])))
    return rows


def _parseval_rows(folder: Path) -> list[ProcessRow]:
    gold, system = treebank.section()
    gold_path, sys_path = folder / "section.gld", folder / "section.tst"
    write_atomic(gold_path, gold)
    write_atomic(sys_path, system)
    files = [str(gold_path), str(sys_path)]
    NOTES[:] = parseval_floor(files)
    evalb = lambda: [*evalb_command(), "-p", str(treebank.COLLINS_PRM), *files]  # noqa: E731
    name = "EVALB -p COLLINS.prm"
    label = "parseval: treebank section (2,416 trees, 56,874 words)"
    return [
        _row(f"{label}, alignment mode", "jpcore parseval GOLD SYSTEM", [*JPCORE, "parseval", *files],
             name, evalb, 5.0),
        _row(f"{label}, alignment mode, --json", "jpcore parseval GOLD SYSTEM --json",
             [*JPCORE, "parseval", *files, "--json"], name, evalb, None),
        _row(f"{label}, legacy mode", "jpcore parseval --evalb collins GOLD SYSTEM",
             [*JPCORE, "parseval", "--evalb", "collins", *files], name, evalb, 3.0),
    ]


PARSE_M2 = (
    "import gc, sys\ngc.disable()\n"
    "import jpcore.gec.cli\n"
    "from jpcore.formats.m2 import read_m2\n"
    "for path in sys.argv[1:]:\n"
    "    read_m2(path)\n"
)


def gec_floor(hyp: Path, ref: Path) -> list[str]:
    """Where the CPU time of ``jpcore gec`` goes on 44,000 sentences, and errant_compare's, measured.

    Whole processes, medians: Python starting; + importing the command;
    + reading both M2 files into blocks and edits (what any scorer must
    do); the whole command.  For the peer: importing errant (which imports
    spaCy) alone, and the whole errant_compare.
    """
    try:
        errant = errant_compare_command()
    except PeerMissing as missing:
        return [f"GEC breakdown not measured: {missing}"]
    steps = [
        ("Python start-up", [sys.executable, "-c", "pass"]),
        ("+ importing `jpcore gec`", [sys.executable, "-c", "import jpcore.cli, jpcore.gec.cli"]),
        ("+ reading both M2 files into blocks and edits (`read_m2`)", [sys.executable, "-c", PARSE_M2, str(hyp), str(ref)]),
        ("the whole `jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2`", [*JPCORE, "gec", "-hyp", str(hyp), "-ref", str(ref)]),
        ("errant_compare's import of errant (and so spaCy) alone", [sys.executable, "-c", "import errant"]),
        ("the whole errant_compare", [*errant, "-hyp", str(hyp), "-ref", str(ref)]),
    ]
    return ["GEC on 44,000 UA-GEC sentences, where the CPU time goes (whole processes, medians): "
            + "; ".join(f"{label}: {median_cpu(command):.3f} s" for label, command in steps) + "."]


def _gec_rows(folder: Path) -> list[ProcessRow]:
    rows = []
    for label, make, aligned, targets in (
        ("gec: UA-GEC ann0 vs ann1, same boundaries, 44,000 sentences", bench_gec.same_pair, False, (0.3, None)),
        ("gec: UA-GEC re-segmented hypotheses, boundaries differ (aligned first), 44,000 gold sentences",
         bench_gec.resegmented_pair, True, (0.45, None)),
    ):
        hyp, ref = make(GEC_SENTENCES // 10)
        hyp_path, ref_path = folder / f"{make.__name__}.hyp.m2", folder / f"{make.__name__}.ref.m2"
        write_atomic(hyp_path, hyp * 10)
        write_atomic(ref_path, ref * 10)
        peer_hyp, peer_ref = hyp_path, ref_path
        if aligned:  # errant_compare cannot pair re-segmented files: it scores the aligned ones we write
            prefix = folder / "aligned"
            from bench.process import run_once

            run_once([*JPCORE, "gec", "-hyp", str(hyp_path), "-ref", str(ref_path), "--write-aligned", str(prefix)])
            peer_hyp, peer_ref = Path(f"{prefix}.hyp.m2"), Path(f"{prefix}.ref.m2")
        errant = lambda h=peer_hyp, r=peer_ref: [*errant_compare_command(), "-hyp", str(h), "-ref", str(r)]  # noqa: E731
        peer_name = "errant_compare 3.0.2" + (" on the aligned files" if aligned else "")
        ours = [*JPCORE, "gec", "-hyp", str(hyp_path), "-ref", str(ref_path)]
        if not aligned:
            NOTES.extend(gec_floor(hyp_path, ref_path))
        rows.append(_row(label, "jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2", ours, peer_name, errant, targets[0]))
        rows.append(_row(f"{label}, --json", "jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2 --json", [*ours, "--json"],
                         peer_name, errant, targets[1]))
    return rows
