"""``python -m jpcore review export|import|agree`` as processes, on verdicts recorded
for units of the bundled samples: round trips, spreadsheet-safe CSV, bad import
files (one line naming file and line, nothing imported), agreement and Cohen's
kappa against a hand computation."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from jpcore.review import VERDICTS, file_sha256, open_store, unit_keys
from jpcore.review.exchange import COLUMNS
from tests.conftest import ROOT
from tests.review_samples import sample
from tests.test_cli_process import _modules_after

GE, SE, BA, UN = VERDICTS


def jpcore(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jpcore", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


@pytest.fixture(scope="module")
def gec_units():
    """(key, gold text, system text) of the six units of the bundled gec pair."""
    gold, system, result = sample("gec")
    keys = unit_keys(result, file_sha256(gold), file_sha256(system))
    texts = [(" ".join(" ".join(s) for s in result.sentences(i, "gold")),
              " ".join(" ".join(s) for s in result.sentences(i, "sys"))) for i in range(len(keys))]
    return [(key, *text) for key, text in zip(keys, texts)]


def _fill(path, units, verdicts, notes=None, reviewer="ann"):
    with open_store(str(path)) as store:
        for i, ((key, gold_text, sys_text), verdict) in enumerate(zip(units, verdicts)):
            if verdict is not None or (notes and notes[i]):
                store.record(key, verdict, notes[i] if notes else "", reviewer, gold_text, sys_text)


FORMULAS = ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-2", "@SUM(A1)", "'quoted", "<b>bold</b> **md**"]


def test_export_csv_and_json_and_import_them_back(tmp_path, gec_units):
    db = tmp_path / "a.sqlite3"
    _fill(db, gec_units, [GE, SE, BA, UN, GE, None], notes=FORMULAS)
    done = jpcore("review", "export", str(db))
    assert done.returncode == 0 and done.stderr == ""
    rows = list(csv.reader(io.StringIO(done.stdout)))
    assert rows[0] == list(COLUMNS) and len(rows) == 7
    # the unit texts and spans as the store holds them; a formula-like cell is text
    assert [r[8] for r in rows[1:]] == ["'=HYPERLINK(\"http://x\",\"y\")", "'+1", "'-2", "'@SUM(A1)", "''quoted",
                                        "<b>bold</b> **md**"]
    assert [(r[3], r[4], r[7]) for r in rows[1:]] == [
        ("0:23", "0:23", GE), ("23:67", "23:67", SE), ("67:124", "67:124", BA), ("124:143", "124:143", UN),
        ("143:238", "143:238", GE), ("238:259", "238:259", "")]
    assert rows[1][5] == gec_units[0][1] and rows[1][6] == gec_units[0][2]
    as_json = jpcore("review", "export", str(db), "--json", "-o", str(tmp_path / "a.json"))
    assert as_json.returncode == 0 and as_json.stdout == ""
    data = json.loads((tmp_path / "a.json").read_text())
    assert [d["note"] for d in data] == FORMULAS and data[0]["gold_span"] == [0, 23] and data[5]["verdict"] is None
    with open_store(str(db)) as store:
        original = store.all_reviews()
    for name, text in (("a.csv", done.stdout), ("a.json", None)):
        if text is not None:
            (tmp_path / name).write_text(text, newline="")
        target = tmp_path / f"from-{name}.sqlite3"
        loaded = jpcore("review", "import", str(target), str(tmp_path / name))
        assert loaded.returncode == 0, loaded.stderr
        assert loaded.stderr == f"jpcore review: imported 6 reviews from {tmp_path / name} into {target}\n"
        with open_store(str(target)) as store:
            assert store.all_reviews() == original


def _csv_with(tmp_path, gec_units, edit, name="bad.csv"):
    db = tmp_path / "source.sqlite3"
    if not db.exists():
        _fill(db, gec_units, [GE, SE, BA, UN, GE, SE], notes=["one", "two\nlines", "three", "", "", ""])
    text = jpcore("review", "export", str(db)).stdout
    lines = text.split("\n")  # the process's text output has universal newlines
    edit(lines)
    (tmp_path / name).write_text("\n".join(lines))
    return tmp_path / name


@pytest.mark.parametrize("edit, line, message", [
    (lambda ls: ls.__setitem__(5, ls[5].replace(",unclear,", ",maybe,")), 6,
     "expected verdict: one of gold error, system error, both acceptable, unclear or empty, found 'maybe'"),
    (lambda ls: ls.__setitem__(6, ls[6].replace(",143:238,", ",238:143,", 1)), 7,
     "expected gold_span: start:end, found '238:143'"),
    (lambda ls: ls.__setitem__(2, "gec,xyz" + ls[2][7:]), 3,
     "expected gold_sha256: 64 lower-case hex digits, found"),
    (lambda ls: ls.__setitem__(6, ls[6].replace("+00:00", "")), 7,
     "expected time: an ISO 8601 date and time with its offset from UTC"),
    (lambda ls: ls.__setitem__(6, ls[6] + ",extra"), 7, "expected 12 cells, as the header, found 13"),
    (lambda ls: ls.__setitem__(0, ls[0].replace("verdict,", "")), 1,
     "expected a header line with the columns task, gold_sha256"),
], ids=["verdict", "span", "sha", "time", "cells", "header"])
def test_a_bad_row_is_one_line_and_nothing_is_imported(tmp_path, gec_units, edit, line, message):
    bad = _csv_with(tmp_path, gec_units, edit)
    target = tmp_path / "target.sqlite3"
    _fill(target, gec_units[:1], [UN], notes=["kept"], reviewer="bob")
    done = jpcore("review", "import", str(target), str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"jpcore review: error: {bad}:{line}: {message}")
    assert done.stderr.count("\n") == 1
    with open_store(str(target)) as store:  # nothing half-imported: only what was there
        assert [(r.verdict, r.note, r.reviewer) for r in store.all_reviews()] == [(UN, "kept", "bob")]


def test_line_numbers_count_multi_line_notes(tmp_path, gec_units):
    # unit 1's note spans lines 3-4, so unit 2 starts on line 5
    bad = _csv_with(tmp_path, gec_units, lambda ls: ls.__setitem__(4, ls[4].replace(",both acceptable,", ",good,")))
    done = jpcore("review", "import", str(tmp_path / "t.sqlite3"), str(bad))
    assert done.stderr.startswith(f"jpcore review: error: {bad}:5: expected verdict")


def test_a_bad_json_row_names_its_line(tmp_path, gec_units):
    db = tmp_path / "a.sqlite3"
    _fill(db, gec_units, [GE, SE, BA, UN, GE, SE])
    lines = jpcore("review", "export", str(db), "--json").stdout.split("\n")
    lines[4] = lines[4].replace('"system_span": [124, 143]', '"system_span": [124]')
    (tmp_path / "bad.json").write_text("\n".join(lines))
    done = jpcore("review", "import", str(tmp_path / "t.sqlite3"), str(tmp_path / "bad.json"))
    assert (done.returncode, done.stderr) == (
        2, f"jpcore review: error: {tmp_path / 'bad.json'}:5: expected system_span: [start, end], found '[124]'\n")
    lines[4] = lines[4][:40]
    (tmp_path / "bad.json").write_text("\n".join(lines))
    done = jpcore("review", "import", str(tmp_path / "t.sqlite3"), str(tmp_path / "bad.json"))
    assert done.returncode == 2 and done.stderr.startswith(f"jpcore review: error: {tmp_path / 'bad.json'}:5: ")
    assert not (tmp_path / "t.sqlite3").exists() or open_store(str(tmp_path / "t.sqlite3")).all_reviews() == []


def test_agreement_and_kappa_by_hand(tmp_path, gec_units):
    """Ten units (the six gec units and four word groups of unit 1):

    A: GE GE GE GE SE SE SE BA BA UN, B: GE GE GE SE SE SE BA BA UN UN.
    Agreed on 7 of 10: p_o = 0.7.  A gave GE 4, SE 3, BA 2, UN 1; B GE 3, SE 3, BA 2, UN 2:
    p_e = (4*3 + 3*3 + 2*2 + 1*2) / 100 = 0.27; kappa = (0.7 - 0.27) / (1 - 0.27) = 43/73.
    """
    units = list(gec_units) + [(key._replace(word_span=(23 + k, 24 + k)), "w", "w")
                               for k, (key, _, _) in enumerate(gec_units[1:5])]
    a = [GE, GE, GE, GE, SE, SE, SE, BA, BA, UN]
    b = [GE, GE, GE, SE, SE, SE, BA, BA, UN, UN]
    _fill(tmp_path / "a.sqlite3", units, a)
    _fill(tmp_path / "b.sqlite3", units, b, reviewer="bob")
    with open_store(str(tmp_path / "b.sqlite3")) as store:  # a note alone is no verdict: not compared
        store.record(units[0][0]._replace(word_span=(0, 1)), None, "just a note", "bob", "x", "y")
    with open_store(str(tmp_path / "a.sqlite3")) as store:  # a unit only A reviewed: not compared
        store.record(units[0][0]._replace(word_span=(0, 2)), GE, "", "ann", "x", "y")
    exported = jpcore("review", "export", str(tmp_path / "b.sqlite3"), "--json")
    (tmp_path / "b.json").write_text(exported.stdout)
    for b_source in ("b.sqlite3", "b.json"):
        done = jpcore("review", "agree", str(tmp_path / "a.sqlite3"), str(tmp_path / b_source), "--json")
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        assert list(data) == ["units", "agreement", "kappa", "confusion", "disagreements"]
        assert (data["units"], data["agreement"]) == (10, 0.7)
        assert data["kappa"] == pytest.approx(43 / 73, abs=1e-15)
        assert data["confusion"] == {GE: {GE: 3, SE: 1, BA: 0, UN: 0}, SE: {GE: 0, SE: 2, BA: 1, UN: 0},
                                     BA: {GE: 0, SE: 0, BA: 1, UN: 1}, UN: {GE: 0, SE: 0, BA: 0, UN: 1}}
        assert [(d["gold_span"], d["word_span"], d["a"]["verdict"], d["b"]["verdict"], d["b"]["reviewer"])
                for d in data["disagreements"]] == [
            ([23, 67], [23, 24], SE, BA, "bob"), ([124, 143], None, GE, SE, "bob"),
            ([124, 143], [25, 26], BA, UN, "bob")]
    text = jpcore("review", "agree", str(tmp_path / "a.sqlite3"), str(tmp_path / "b.json")).stdout
    assert "Units both reviewed: 10\nObserved agreement:  70.00% (7 of 10)\nCohen's kappa:       0.5890\n" in text
    assert "\nDisagreements: 3\n" in text


def test_kappa_undefined_and_missing_inputs(tmp_path, gec_units):
    _fill(tmp_path / "a.sqlite3", gec_units[:2], [GE, GE])
    done = jpcore("review", "agree", str(tmp_path / "a.sqlite3"), str(tmp_path / "a.sqlite3"), "--json")
    assert json.loads(done.stdout)["kappa"] is None and json.loads(done.stdout)["agreement"] == 1.0
    missing = jpcore("review", "agree", str(tmp_path / "a.sqlite3"), str(tmp_path / "none.csv"))
    assert (missing.returncode, missing.stderr) == (
        2, f"jpcore review: error: {tmp_path / 'none.csv'}: expected a review store or an exported file, "
           "found no such file\n")


def test_help_does_not_import_the_store():
    assert not {m for m in _modules_after(["--help"]) if m.startswith(("sqlalchemy", "jpcore.review"))}
    assert "sqlalchemy" not in _modules_after(["review", "--help"])
