"""The HTML report's "where are the errors" chart: parts of the document with exact labels.

A document of n gold sentences is cut into min(10, n) parts, each holding at
least one sentence (a 4-sentence file used to get ten parts named "gold
sentences 1–0"); every unit's FP + FN counts in the part of its first gold
sentence, so the bars add up to the totals.  Checked on a 4-sentence file
(also through ``jpcore preprocess --html``), one sentence, the EWT excerpt
(111 sentences) and the full EWT test set (2,077 sentences).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from jpcore.formats import read_segmentation
from jpcore.reports import render_html
from jpcore.reports.bins import bin_label, bin_of, bins_phrase, position_bins
from jpcore.align.similarity import Normaliser
from jpcore.preprocess import evaluate
from tests.conftest import ROOT, SAMPLE_DATA

EWT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
EWT_FULL = SAMPLE_DATA / "ud" / "UD_English-EWT-full"
FOUR_GOLD = "a b .\nc d .\ne f .\ng h .\n"
FOUR_SYS = "a b . c d .\ne f .\ng h.\n"


def _chart(html: str) -> tuple[str, list[str], list[int], list[int]]:
    """The chart's caption, its category labels and its two series, read from the SVG."""
    match = re.search(r"<figcaption>(Where the errors are[^<]*)</figcaption>(<svg.*?</svg>)", html)
    assert match, "no chart of where the errors are"
    caption, svg = match.groups()
    labels = re.findall(r'text-anchor="end"><title>([^<]*)</title>', svg)
    tokens = [int(v) for v in re.findall(r"<title>[^<]* · token errors: (\d+)</title>", svg)]
    sentences = [int(v) for v in re.findall(r"<title>[^<]* · sentence errors: (\d+)</title>", svg)]
    return caption, labels, tokens, sentences


def _evaluate(gold: bytes, system: bytes):
    return evaluate(read_segmentation(gold, "gold.txt", "text", "words"),
                    read_segmentation(system, "sys.txt", "text", "words"), Normaliser.for_language("en"))


def test_four_sentences_make_four_parts_of_one_sentence() -> None:
    result = _evaluate(FOUR_GOLD.encode(), FOUR_SYS.encode())
    caption, labels, tokens, sentences = _chart(render_html(result))
    assert caption == "Where the errors are (FP + FN in 4 equal parts of the document)"
    assert labels == ["gold sentence 1", "gold sentence 2", "gold sentence 3", "gold sentence 4"]
    # the merged unit (gold 1+2) costs 1 FP + 2 FN sentences, counted at its first gold sentence;
    # "h." is one token against "h ." (1 FP + 2 FN tokens) in a sentence that still matches
    assert sentences == [3, 0, 0, 0]
    assert tokens == [0, 0, 0, 3]
    totals = result.totals
    assert sum(sentences) == totals["sentences"].fp + totals["sentences"].fn
    assert sum(tokens) == totals["tokens"].fp + totals["tokens"].fn


def test_one_sentence_is_the_whole_document() -> None:
    result = _evaluate(b"a b .\n", b"a b.\n")
    caption, labels, tokens, _ = _chart(render_html(result))
    assert caption == "Where the errors are (FP + FN over the whole document)"
    assert labels == ["gold sentence 1"] and tokens == [3]


def test_the_command_line_report_of_a_small_file(tmp_path: Path) -> None:
    gold, system, out = tmp_path / "g.txt", tmp_path / "s.txt", tmp_path / "r.html"
    gold.write_text(FOUR_GOLD, "utf-8")
    system.write_text(FOUR_SYS, "utf-8")
    run = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(gold), str(system), "--html", str(out)],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    _, labels, _, _ = _chart(out.read_text("utf-8"))
    assert labels == ["gold sentence 1", "gold sentence 2", "gold sentence 3", "gold sentence 4"]
    assert "–0" not in out.read_text("utf-8")


def test_the_ewt_excerpt_in_tenths() -> None:
    result = _evaluate((EWT / "en_ewt-ud-test.excerpt.gold.words.txt").read_bytes(),
                       (EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes())
    caption, labels, tokens, sentences = _chart(render_html(result))
    assert caption == "Where the errors are (FP + FN per tenth of the document)"
    assert labels == ["gold sentences 1–11", "gold sentences 12–22", "gold sentences 23–33",
                      "gold sentences 34–44", "gold sentences 45–55", "gold sentences 56–66",
                      "gold sentences 67–77", "gold sentences 78–88", "gold sentences 89–99",
                      "gold sentences 100–111"]
    assert sum(tokens) == 36 + 75 and sum(sentences) == 9 + 10  # the CLI's FP + FN


def test_the_full_ewt_test_set_in_tenths() -> None:
    result = _evaluate((EWT_FULL / "en_ewt-ud-test.gold.words.txt").read_bytes(),
                       (EWT_FULL / "en_ewt-ud-test.nltk.tok.txt").read_bytes())
    _, labels, tokens, sentences = _chart(render_html(result))
    assert labels == ["gold sentences 1–207", "gold sentences 208–415", "gold sentences 416–623",
                      "gold sentences 624–830", "gold sentences 831–1038", "gold sentences 1039–1246",
                      "gold sentences 1247–1453", "gold sentences 1454–1661", "gold sentences 1662–1869",
                      "gold sentences 1870–2077"]
    totals = result.totals
    assert sum(tokens) == totals["tokens"].fp + totals["tokens"].fn
    assert sum(sentences) == totals["sentences"].fp + totals["sentences"].fn


@pytest.mark.parametrize("n", [0, 1, 2, 3, 9, 10, 11, 19, 99, 101, 2077, 44000])
def test_parts_are_never_empty_and_cover_the_document(n: int) -> None:
    parts = position_bins(n)
    assert len(parts) == min(10, n)
    assert [start for start, _ in parts[1:]] == [end for _, end in parts[:-1]]  # consecutive
    if parts:
        assert parts[0][0] == 0 and parts[-1][1] == n
        sizes = [end - start for start, end in parts]
        assert min(sizes) >= 1 and max(sizes) - min(sizes) <= 1
        assert all(bin_of(parts, i) == next(k for k, (a, b) in enumerate(parts) if a <= i < b)
                   for i in range(0, n, max(1, n // 50)))
        assert bin_of(parts, n) == len(parts) - 1
    labels = [bin_label(part, "gold sentence") for part in parts]
    assert all(not re.search(r"(\d+)–(\d+)", label) or
               int(re.search(r"(\d+)–(\d+)", label).group(1)) < int(re.search(r"(\d+)–(\d+)", label).group(2))
               for label in labels)
    assert bins_phrase(len(parts)) in ("per tenth of the document", "over the whole document",
                                       f"in {len(parts)} equal parts of the document")
