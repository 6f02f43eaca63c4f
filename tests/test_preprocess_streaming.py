"""`jpcore preprocess` on files read incrementally: the same output, bounded memory.

* The streaming path (:mod:`jpcore.preprocess.stream`) prints byte for
  byte the text report and the JSON of the whole-file path, on the shared
  UD pairs, on EWT with edits, gaps, extra and merged sentences, on two
  different texts, on every malformed file, and on generated texts
  (hypothesis), with windows small enough to cut each file many times (and
  the look-ahead after a difference cut down to stress its alignment).
* A 36 MB CoNLL-U pair (EWT x20) is streamed automatically and its peak
  memory (maximum resident set size of the process) is the same as for a
  7 MB pair and far below the file size; the whole-file path needs about
  12 times the CoNLL-U size.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.cli import main as cli_main
from jpcore.formats import read_segmentation
from jpcore.json_text import dumps
from jpcore.align.similarity import Normaliser
from jpcore.preprocess import stream as preprocess_stream
from jpcore.preprocess import evaluate
from jpcore.preprocess.report import render_text
from jpcore.preprocess.stream_report import write_streamed
from tests.conftest import ROOT, SAMPLE_DATA, UD

EWT = UD / "UD_English-EWT"
PUD = UD / "UD_English-PUD"
MALFORMED = ROOT / "tests" / "malformed" / "segmented"


def whole(gold: Path, system: Path, as_json: bool, fmt: str = "auto", level: str = "words") -> str:
    result = evaluate(read_segmentation(gold.read_bytes(), str(gold), fmt, level),
                      read_segmentation(system.read_bytes(), str(system), fmt, level),
                      Normaliser.for_language("en"))
    return dumps(result.to_dict()) + "\n" if as_json else render_text(result)  # as the command prints it


def streamed(gold: Path, system: Path, as_json: bool, window: int, fmt: str = "auto", level: str = "words") -> str:
    out = io.StringIO()
    write_streamed(str(gold), str(system), fmt, level, Normaliser.for_language("en"),
                   as_json=as_json, out=out, window=window)
    return out.getvalue()


@pytest.fixture(scope="module")
def edited(tmp_path_factory) -> Path:
    """EWT gold words with 60 random changes: lines dropped, added, edited, merged, split."""
    lines = (EWT / "en_ewt-ud-test.gold.words.txt").read_text("utf-8").splitlines()
    rng = random.Random(6)
    for k in sorted(rng.sample(range(len(lines)), 60), reverse=True):
        op = k % 5
        if op == 0:
            del lines[k]
        elif op == 1:
            lines.insert(k, "an extra sentence that only the system has .")
        elif op == 2:
            lines[k] = lines[k].replace("e", "E", 2)
        elif op == 3 and k + 1 < len(lines):
            lines[k:k + 2] = [lines[k] + " " + lines[k + 1]]
        else:
            words = lines[k].split()
            lines[k:k + 1] = [" ".join(words[: len(words) // 2]), " ".join(words[len(words) // 2:])]
    # a long stretch only in the system, and one only in gold
    lines.insert(900, " ".join(f"inserted{i}" for i in range(300)))
    del lines[1500:1530]
    path = tmp_path_factory.mktemp("stream") / "edited.txt"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


PAIRS = [
    ("words", EWT / "en_ewt-ud-test.gold.words.txt", EWT / "en_ewt-ud-test.nltk.tok.txt", "auto", "words"),
    ("surface", EWT / "en_ewt-ud-test.gold.tok.txt", EWT / "en_ewt-ud-test.nltk.surface.tok.txt", "auto", "words"),
    ("conllu words", EWT / "en_ewt-ud-test.conllu", EWT / "en_ewt-ud-test.nltk.conllu", "auto", "words"),
    ("conllu tokens", EWT / "en_ewt-ud-test.conllu", EWT / "en_ewt-ud-test.nltk.conllu", "conllu", "tokens"),
    ("pud", PUD / "en_pud-ud-test.gold.words.txt", PUD / "en_pud-ud-test.nltk.tok.txt", "auto", "words"),
    ("edited", EWT / "en_ewt-ud-test.gold.words.txt", None, "auto", "words"),
    ("different texts", EWT / "en_ewt-ud-test.gold.words.txt", PUD / "en_pud-ud-test.gold.words.txt", "auto", "words"),
]


@pytest.mark.parametrize("name, gold, system, fmt, level", PAIRS, ids=[p[0] for p in PAIRS])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_streaming_prints_what_the_whole_file_path_prints(name, gold, system, fmt, level, as_json, edited,
                                                          monkeypatch):
    system = system or edited
    expected = whole(gold, system, as_json, fmt, level)
    assert streamed(gold, system, as_json, preprocess_stream.WINDOW, fmt, level) == expected
    # small windows: many cuts; a short look-ahead: differences aligned in
    # small windows too
    monkeypatch.setattr(preprocess_stream, "LOOKAHEAD", 300)
    assert streamed(gold, system, as_json, 200, fmt, level) == expected


def test_the_windows_really_cut_the_files(edited, monkeypatch):
    # the comparison above is only worth something if the files are cut
    monkeypatch.setattr(preprocess_stream, "LOOKAHEAD", 300)
    from jpcore.formats import open_segmentation
    from jpcore.preprocess.stream import SideInfo, stream_evaluate

    gold = EWT / "en_ewt-ud-test.gold.words.txt"
    with open_segmentation(gold, str(gold)) as (gf, gs), open_segmentation(edited, str(edited)) as (sf, ss):
        chunks = list(stream_evaluate(gs, ss, SideInfo(str(gold), gf, "words"), SideInfo(str(edited), sf, "words"),
                                      window=200))
    assert len(chunks) > 40
    assert sum(1 for chunk in chunks if chunk.differences) > 10  # cuts after a difference (rule 2)
    assert sum(len(chunk.gold) for chunk in chunks) == 2077


WORDS = ["the", "cat", "sat", "on", "a", "mat", ".", "``", "''", "-LRB-", "dog", "ran", "Mr.", "ca", "n't"]


@st.composite
def edited_texts(draw):
    """A text of up to 8,000 characters in random sentences, and a copy with a few edits, re-segmented."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    # at least one word: an empty file is refused by both readers (test_preprocess_cli_and_robustness)
    words = [rng.choice(WORDS) for _ in range(draw(st.integers(1, 2500)))]

    def segment(tokens: list[str]) -> str:
        lines, line = [], []
        for token in tokens:
            line.append(token)
            if rng.random() < 0.08:
                lines.append(" ".join(line))
                line = []
        return "\n".join(lines + [" ".join(line)]) + "\n"

    changed = list(words)
    for _ in range(draw(st.integers(0, 6))):
        k = rng.randrange(len(changed) + 1)
        op = rng.choice(["drop", "insert", "replace", "long insert"])
        if op == "drop":
            del changed[k:k + rng.randint(1, 40)]
        elif op == "insert":
            changed[k:k] = ["zzz"] * rng.randint(1, 5)
        elif op == "replace" and k < len(changed):
            changed[k] = changed[k].upper()
        else:
            changed[k:k] = [rng.choice(WORDS) for _ in range(rng.randint(100, 400))]
    if not changed:  # a drop took every word: keep the system side non-empty, as said above
        changed = [words[0]]
    return segment(words), segment(changed)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(edited_texts(), st.sampled_from([100, 1000]))
def test_generated_texts_stream_like_the_whole_file(tmp_path_factory, case, window):
    gold_text, sys_text = case
    folder = tmp_path_factory.mktemp("generated")
    gold, system = folder / "gold.txt", folder / "sys.txt"
    gold.write_text(gold_text, "utf-8")
    system.write_text(sys_text, "utf-8")
    saved = preprocess_stream.LOOKAHEAD
    preprocess_stream.LOOKAHEAD = 300
    try:
        assert streamed(gold, system, True, window) == whole(gold, system, True)
    finally:
        preprocess_stream.LOOKAHEAD = saved


def cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jpcore", "preprocess", *map(str, args)],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=120)


def run_main(capsys, *args) -> tuple[int, str, str]:
    """``jpcore preprocess ARGS`` in this process: status, stdout, stderr."""
    status = cli_main(["preprocess", *map(str, args)])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("name", sorted(p.name for p in MALFORMED.iterdir() if p.suffix in (".txt", ".conllu")))
def test_every_malformed_file_gives_the_same_result_or_error_when_streamed(name, capsys):
    fmt = ["--format", "conllu"] if name.endswith(".conllu") else []
    for gold, system in ((MALFORMED / "reference.txt", MALFORMED / name), (MALFORMED / name, MALFORMED / name)):
        for extra in ([], ["--json"]):
            plain = run_main(capsys, gold, system, *fmt, *extra)
            assert run_main(capsys, gold, system, *fmt, *extra, "--stream") == plain


def test_strict_error_is_the_same_when_streamed(edited):
    gold = EWT / "en_ewt-ud-test.gold.words.txt"
    plain = cli(gold, edited, "--strict")
    assert plain.returncode == 2 and plain.stderr.startswith(f"jpcore preprocess: error: {edited}:")
    assert cli(gold, edited, "--strict", "--stream").stderr == plain.stderr


@pytest.mark.parametrize("option", ["--raw", "--compare", "--oracle", "--review"])
def test_stream_refuses_what_needs_the_whole_files(option):
    reference = MALFORMED / "reference.txt"
    out = cli(reference, reference, "--stream", option, reference)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == ("jpcore preprocess: error: --stream cannot be combined with --raw, --html, --compare, "
                          "--oracle or --review\n")


def test_stream_prints_the_by_shape_table_of_the_whole_file_path():
    excerpt = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
    gold, system = excerpt / "en_ewt-ud-test.excerpt.gold.words.txt", excerpt / "en_ewt-ud-test.excerpt.nltk.tok.txt"
    whole_text = cli(gold, system, "--by-shape")
    assert whole_text.returncode == 0 and "\nBy unit shape (gold:system sentences" in whole_text.stdout
    assert cli(gold, system, "--by-shape", "--stream").stdout == whole_text.stdout
    for window in (200, 1000):  # the shapes' counts added up chunk by chunk
        out = io.StringIO()
        write_streamed(str(gold), str(system), out=out, window=window, by_shape=True)
        assert out.getvalue() == whole_text.stdout


MEASURE = """
import resource, subprocess, sys
out = subprocess.run(sys.argv[1:], capture_output=True, text=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(out.returncode)
sys.stdout.write(out.stdout)
sys.stderr.write(out.stderr)
"""


def peak_rss_mib(*args) -> tuple[float, int, str]:
    """Peak resident memory of ``jpcore preprocess ARGS`` in a fresh process (MiB), status, stdout."""
    out = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "jpcore", "preprocess",
                          *map(str, args)], cwd=ROOT, capture_output=True, text=True, check=True, timeout=300)
    kib, status, stdout = out.stdout.split("\n", 2)
    return int(kib) / 1024, int(status), stdout


def test_a_36_megabyte_conllu_pair_is_streamed_in_bounded_memory(tmp_path):
    gold_1x = (EWT / "en_ewt-ud-test.conllu").read_bytes()
    sys_1x = (EWT / "en_ewt-ud-test.nltk.conllu").read_bytes()
    peaks = {}
    for copies in (4, 20):
        gold, system = tmp_path / f"gold{copies}.conllu", tmp_path / f"sys{copies}.conllu"
        gold.write_bytes(gold_1x * copies)
        system.write_bytes(sys_1x * copies)
        extra = [] if copies == 20 else ["--stream"]  # 36 MB: streamed without being asked
        peak, status, stdout = peak_rss_mib(gold, system, *extra)
        assert status == 0
        lines = stdout.splitlines()
        # EWT's counts (spec: 1084/349/993 and 24267/1032/827) times the copies
        assert lines[-4:-2] == [
            f"Sentences  | {1084 * copies:>7} | {349 * copies:>7} | {993 * copies:>7} |"
            "     75.65 |     52.19 |     61.77",
            f"Words      | {24267 * copies:>7} | {1032 * copies:>7} | {827 * copies:>7} |"
            "     95.92 |     96.70 |     96.31",
        ]
        peaks[copies] = peak
    assert len(gold_1x) * 20 > 36_000_000
    # bounded: five times the input costs (almost) nothing more; the process
    # (interpreter included, about 18 MiB) stays near 40 MiB where the
    # whole-file path needs about 440 MiB for this pair
    assert peaks[20] < peaks[4] + 8, peaks
    assert peaks[20] < 64, peaks
