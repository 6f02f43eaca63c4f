"""``python -m jpcore ud``: the table, --counts, --json, --html, and bad input (exit 2, one line)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bench.ud_systems import derive
from jpcore.cli import main as cli_main
from jpcore.reports import render_html
from jpcore.ud import METRICS, evaluate_bytes
from tests.cli_support import signed
from tests.conftest import ROOT, UD

KOREAN = UD / "UD_Korean-GSD" / "ko_gsd-ud-test.excerpt.conllu"


@pytest.fixture
def pair(tmp_path):
    system = tmp_path / "sys.conllu"
    system.write_text(derive(KOREAN.read_text("utf-8"), "all-at-once"), "utf-8")
    return KOREAN, system


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = cli_main(["ud", *map(str, args)])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_json_holds_every_metric_and_the_units(capsys, pair):
    status, out, err = run(capsys, *pair, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    result = evaluate_bytes(pair[0].read_bytes(), pair[1].read_bytes())
    assert list(data["totals"]) == list(METRICS)
    for name in METRICS:
        score = result.totals[name]
        assert {key: data["totals"][name][key] for key in ("tp", "gold", "system", "aligned")} == {
            "tp": score.tp, "gold": score.gold, "system": score.system, "aligned": score.aligned}
        assert data["totals"][name]["f1"] == score.f1
    assert len(data["units"]) == len(result.units) and data["streams_equal"] is True
    assert data["gold"]["segmentation"]["name"] == str(pair[0])


def test_html_report_is_written_and_escapes_the_inputs(capsys, tmp_path):
    rows = [("<b>x</b>", "&amp;", "NOUN", "NN", "_", 0, "root"), ("y", "y", "X", "_", "_", 1, "dep<script>")]
    text = "".join("\t".join(map(str, (k, *row, "_", "_"))) + "\n" for k, row in enumerate(rows, 1)) + "\n"
    gold, system, out = tmp_path / "g.conllu", tmp_path / "s.conllu", tmp_path / "r.html"
    gold.write_text(text, "utf-8")
    system.write_text(text.replace("\t0\troot", "\t2\troot").replace("\t1\tdep<script>", "\t0\troot"), "utf-8")
    status, printed, err = run(capsys, gold, system, "--html", out)
    assert status == 0 and signed(err, "ud", gold=gold, sys=system) == "" and printed.startswith("Metric     | Precision |")
    page = out.read_text("utf-8")
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    assert "<script" not in page.lower() and "dep&lt;script&gt;" in page
    # the wrong attachment is listed: word: gold head ⇄ system head
    assert "&lt;b&gt;x&lt;/b&gt;: root ⇄ y" in page


def test_the_html_report_reads_the_result(pair):
    result = evaluate_bytes(pair[0].read_bytes(), pair[1].read_bytes(), "ko.conllu", "sys.conllu")
    page = render_html(result)
    las = result.totals["LAS"]
    assert f"LAS F1 {100 * las.f1:.2f}%" in page
    assert page.count("<section") == 9  # scores, totals by unit shape, inputs, parameters, definitions, ...
    assert "Totals by unit shape" in page and "LAS and UAS per DEPREL" in page and "Labels most often confused" in page


@pytest.mark.parametrize("line, found", [
    ("1\ta\t_\t_\t_\t_\t0\troot\t_", "expected 10 tab-separated columns, found 9"),
    ("1\ta\t_\t_\t_\t_\tx\troot\t_\t_", "bad.conllu:1: expected a HEAD from 0 to 1"),
    ("1\ta\t_\t_\t_\t_\t1\troot\t_\t_", "bad.conllu:1: expected exactly one word with HEAD 0 in the sentence, found 0"),
    ("2\ta\t_\t_\t_\t_\t0\troot\t_\t_", "bad.conllu:1: expected word ID 1, found '2'"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, line, found):
    bad = tmp_path / "bad.conllu"
    bad.write_text(line + "\n\n", "utf-8")
    status, out, err = run(capsys, KOREAN, bad)
    assert status == 2 and out == ""
    assert err.startswith("jpcore ud: error: ") and found in err and err.count("\n") == 1


def test_missing_and_undecodable_files(capsys, tmp_path):
    status, _, err = run(capsys, KOREAN, tmp_path / "missing.conllu")
    assert status == 2 and "missing.conllu" in err and err.count("\n") == 1
    latin = tmp_path / "latin.conllu"
    latin.write_bytes("1\tcaf\u00e9\t_\t_\t_\t_\t0\troot\t_\t_\n\n".encode("latin-1"))
    status, _, err = run(capsys, latin, latin)
    assert status == 2 and "latin.conllu:1: expected UTF-8 text" in err


def test_the_command_runs_as_a_program(pair):
    done = subprocess.run([sys.executable, "-m", "jpcore", "ud", *map(str, pair), "--counts"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0 and signed(done.stderr, "ud", gold=pair[0], sys=pair[1]) == ""
    assert done.stdout.splitlines()[0] == "Metric     | Correct   |      Gold | Predicted | Aligned"
    assert len(done.stdout.splitlines()) == 2 + len(METRICS)
