"""Scores after review and the corrected gold, through the command line, on the bundled
samples with verdicts recorded here (and the full EWT test set of ../shared/data).

Every figure of ``totals_reviewed`` is computed by hand in the tests' docstrings; and
for every task, scoring the corrected gold against the system gives exactly
``totals_reviewed`` when the verdicts that count are all ``gold error`` (two
independent paths to the same numbers).  Every line the corrected gold does not
change is byte-identical to the gold file's.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from jpcore.extras.totals import totals_json
from jpcore.review import VERDICTS, file_sha256, open_store, unit_keys
from jpcore.review.corrected import corrected_gold, split_lines
from jpcore.review.rescore import reviewed_totals, unit_verdicts
from tests.conftest import ROOT, UD
from tests.review_samples import PAIRS, evaluate, sample

GE, SE, BA, UN = VERDICTS


def record(db, task, verdicts, gold=None, system=None):
    """Record ``{unit index: verdict}`` on ``task``'s bundled pair (or the files given)."""
    gold_path, sys_path = PAIRS[task] if gold is None else (gold, system)
    gold_data, sys_data = gold_path.read_bytes(), sys_path.read_bytes()
    result = evaluate(task, gold_data, sys_data)
    keys = unit_keys(result, file_sha256(gold_data), file_sha256(sys_data))
    with open_store(str(db)) as store:
        for index, verdict in verdicts.items():
            store.record(keys[index], verdict, f"unit {index}", "ann", f"gold {index}", f"system {index}")
    return gold_path, sys_path


def run(task, gold, system, *options):
    done = subprocess.run([sys.executable, "-m", "jpcore", task, str(gold), str(system), *options], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done


def test_preprocess_after_review(tmp_path):
    """Units 2, 10, 19, 38, 46 (all merged): GE, BA, SE, UN, GE.  Counted correct: 2, 10, 46.
    Sentences (tp, fp, fn): 2 (0,1,2) -> (1,0,0), 10 (0,2,1) -> (2,0,0), 46 (0,2,2) -> (2,0,0):
    (101, 9, 10) -> (106, 4, 5), F1 212/221 = 95.93%.  Tokens: 2 (34,0,0) stays, 10 (21,2,1) -> (23,0,0),
    46 (43,8,5) -> (51,0,0): (2424, 110, 112) -> (2434, 100, 106)."""
    db = tmp_path / "r.sqlite3"
    gold, system = record(db, "preprocess", {2: GE, 10: BA, 19: SE, 38: UN, 46: GE})
    data = json.loads(run("preprocess", gold, system, "--review", str(db), "--json").stdout)
    assert list(data).index("totals_reviewed") > list(data).index("totals")
    assert data["review"] == {"units_reviewed": 5, "counted_correct": 3, "correct_units": [2, 10, 46]}
    assert (data["totals"]["sentences"]["tp"], data["totals"]["tokens"]["fp"]) == (101, 110)  # unchanged
    reviewed = data["totals_reviewed"]
    assert [reviewed["sentences"][k] for k in ("tp", "fp", "fn")] == [106, 4, 5]
    assert [reviewed["tokens"][k] for k in ("tp", "fp", "fn")] == [2434, 100, 106]
    assert reviewed["tokens"]["f1"] == pytest.approx(2 * 2434 / (2 * 2434 + 100 + 106), abs=1e-15)
    text = run("preprocess", gold, system, "--review", str(db)).stdout
    assert text.endswith("\nAfter review (5 units reviewed, 3 counted correct for the system):\n"
                         "  Sentences F1: 95.93% (+4.52 points)\n  Words F1: 95.94% (+0.32 points)\n")


def test_parseval_after_review(tmp_path):
    """Pairs 0 (GE; matched 4, gold 8, test 6, 2 crossing, 10 words, 9 tags right), 3 (BA; 7, 9, 10,
    1 crossing, 11 words, 11 right), 5 (SE).  Matched 44 + 2 + 3 = 49, gold 52 - 2 + 1 = 51,
    test 50, crossing 3 - 3 = 0, words 62, tags right 58 + 1 = 59."""
    db = tmp_path / "r.sqlite3"
    gold, system = record(db, "parseval", {0: GE, 3: BA, 5: SE})
    data = json.loads(run("parseval", gold, system, "--review", str(db), "--json").stdout)
    reviewed = data["totals_reviewed"]
    assert {k: reviewed[k] for k in ("matched", "gold", "test", "cross", "words", "correct_tags")} == {
        "matched": 49, "gold": 51, "test": 50, "cross": 0, "words": 62, "correct_tags": 59}
    assert (reviewed["recall"], reviewed["precision"]) == (pytest.approx(100 * 49 / 51), pytest.approx(98.0))
    assert data["review"] == {"units_reviewed": 3, "counted_correct": 2, "correct_units": [0, 3]}
    assert data["totals"]["matched"] == 44


def test_gec_after_review(tmp_path):
    """Units 1 (GE; tp, fp, fn 0, 1, 0), 4 (BA; 2, 1, 1), 2 (SE): (11, 2, 3) -> (13, 0, 2);
    P = 1, R = 13/15, F0.5 = 1.25 P R / (0.25 P + R) = 0.9701 (errant's four places)."""
    db = tmp_path / "r.sqlite3"
    gold, system = record(db, "gec", {1: GE, 4: BA, 2: SE})
    data = json.loads(_gec(gold, system, db))
    reviewed = data["totals_reviewed"]
    assert {k: reviewed[k] for k in ("tp", "fp", "fn", "precision", "recall", "f")} == {
        "tp": 13, "fp": 0, "fn": 2, "precision": 1.0, "recall": 0.8667, "f": 0.9701}


def _gec(gold, system, db, *more):
    done = subprocess.run([sys.executable, "-m", "jpcore", "gec", "-ref", str(gold), "-hyp", str(system),
                           "--review", str(db), "--json", *more], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_ud_after_review(tmp_path):
    """Units 2 (GE) and 19 (BA) counted correct, 46 (SE) not.  (tp, gold, system) of unit 2:
    Tokens (34,34,34), Sentences (0,2,1), Words (34,34,34), LAS (0,34,34); of unit 19: Tokens
    (77,89,87), Sentences (0,2,1), Words (85,93,87), LAS (0,93,87).  Tokens (2424, 2536, 2534) ->
    (2434, 2534, 2534); Sentences (101, 111, 110) -> (103, 109, 110); Words (2498, 2573, 2534) ->
    (2500, 2567, 2534); LAS (12, 2573, 2534) -> (133, 2567, 2534)."""
    db = tmp_path / "r.sqlite3"
    gold, system = record(db, "ud", {2: GE, 19: BA, 46: SE})
    data = json.loads(run("ud", gold, system, "--review", str(db), "--json").stdout)
    reviewed = data["totals_reviewed"]
    assert {name: (reviewed[name]["tp"], reviewed[name]["gold"], reviewed[name]["system"])
            for name in ("Tokens", "Sentences", "Words", "LAS")} == {
        "Tokens": (2434, 2534, 2534), "Sentences": (103, 109, 110), "Words": (2500, 2567, 2534),
        "LAS": (133, 2567, 2534)}
    assert reviewed["LAS"]["aligned"] == data["totals"]["LAS"]["aligned"] - 34 - 85 + 34 + 87


def test_a_verdict_on_another_system_file_is_not_applied(tmp_path):
    db = tmp_path / "r.sqlite3"
    gold, system = PAIRS["preprocess"]
    other = tmp_path / "other.txt"
    other.write_bytes(system.read_bytes() + b"\n")  # the same text, another file
    record(db, "preprocess", {2: GE, 10: GE}, gold, other)
    data = json.loads(run("preprocess", gold, system, "--review", str(db), "--json").stdout)
    assert data["review"] == {"units_reviewed": 0, "counted_correct": 0, "correct_units": []}
    assert data["totals_reviewed"] == data["totals"]


# -- the corrected gold


def _unchanged_lines_identical(gold: bytes, corrected) -> None:
    """Rebuild the corrected file from the gold lines and the corrections: every line
    outside a correction is the gold file's own bytes."""
    lines = split_lines(gold)
    rebuilt, at = [], 0
    for correction in corrected.corrections:
        first, last = correction.gold_lines
        rebuilt.extend(lines[at:first - 1])
        assert b"".join(lines[first - 1:last]).decode() == correction.before
        rebuilt.append(correction.after.encode())
        at = last
    rebuilt.extend(lines[at:])
    assert b"".join(rebuilt) == corrected.data


@pytest.mark.parametrize("task, verdicts, changed", [
    ("preprocess", {2: GE, 10: BA, 19: GE, 46: SE}, 2),
    ("parseval", {2: GE, 4: GE, 5: UN}, 2),
    ("gec", {1: GE, 2: GE, 4: BA}, 2),
    ("ud", {2: GE, 19: GE, 38: GE, 46: UN}, 3),
])
def test_corrected_gold_through_the_command_line(tmp_path, task, verdicts, changed):
    db = tmp_path / "r.sqlite3"
    gold, system = record(db, task, verdicts)
    out = tmp_path / ("corrected" + gold.suffix)
    if task == "gec":
        data = json.loads(_gec(gold, system, db, "--write-corrected-gold", str(out)))
    else:
        data = json.loads(run(task, gold, system, "--review", str(db), "--write-corrected-gold", str(out),
                              "--json").stdout)
    assert data["review"]["corrected_units"] == sorted(i for i, v in verdicts.items() if v == GE)
    gold_data, sys_data, result = sample(task)
    corrected = corrected_gold(result, gold_data, sys_data,
                               unit_verdicts(result, _reviews(db, task, gold_data, sys_data),
                                             file_sha256(gold_data), file_sha256(sys_data)))
    assert out.read_bytes() == corrected.data and len(corrected.corrections) == changed
    _unchanged_lines_identical(gold_data, corrected)
    # scored against the system, the corrected gold gives exactly the scores after review
    # (here only gold error counts correct: both acceptable does not change the gold)
    ge = {i for i, v in verdicts.items() if v == GE}
    assert totals_json(evaluate(task, corrected.data, sys_data)) == reviewed_totals(result, ge)


def _reviews(db, task, gold_data, sys_data):
    with open_store(str(db)) as store:
        return store.verdicts(task, file_sha256(gold_data), file_sha256(sys_data))


def test_what_the_corrections_replace_on_the_text_sample(tmp_path):
    db = tmp_path / "r.sqlite3"
    gold, system = record(db, "preprocess", {2: GE})
    gold_data, sys_data, result = sample("preprocess")
    corrected = corrected_gold(result, gold_data, sys_data,
                               unit_verdicts(result, _reviews(db, "preprocess", gold_data, sys_data),
                                             file_sha256(gold_data), file_sha256(sys_data)))
    [correction] = corrected.corrections
    assert (correction.unit, correction.gold_lines) == (2, (3, 4))
    assert correction.before == ("[ via Microsoft Watch from Mary Jo Foley ]\n( And , by the way , is anybody else "
                                 "just a little nostalgic for the days when that was a good thing ? )\n")
    assert correction.after == ("[ via Microsoft Watch from Mary Jo Foley ] ( And , by the way , is anybody else "
                                "just a little nostalgic for the days when that was a good thing ? )\n")
    assert len(split_lines(corrected.data)) == len(split_lines(gold_data)) - 1


def test_crlf_gold_keeps_its_line_ends(tmp_path):
    gold_data, sys_data, _ = sample("ud")
    crlf = gold_data.replace(b"\n", b"\r\n")
    result = evaluate("ud", crlf, sys_data)
    keys = unit_keys(result, file_sha256(crlf), file_sha256(sys_data))
    with open_store(str(tmp_path / "r.sqlite3")) as store:
        for index in (2, 19):
            store.record(keys[index], GE, "", "ann", "", "")
        reviews = store.verdicts("ud", file_sha256(crlf), file_sha256(sys_data))
    corrected = corrected_gold(result, crlf, sys_data, unit_verdicts(result, reviews, file_sha256(crlf),
                                                                      file_sha256(sys_data)))
    assert len(corrected.corrections) == 2
    _unchanged_lines_identical(crlf, corrected)
    assert all(line.endswith(b"\r\n") for line in split_lines(corrected.data))


def test_full_ewt_conllu_every_third_mismatch_taken():
    """The full EWT test set (2,077 sentences, multiword tokens) against nltk's (1,409 units, 325
    not exact): every third of those judged gold error; the corrected gold scores exactly as reviewed."""
    gold_data = (UD / "UD_English-EWT" / "en_ewt-ud-test.conllu").read_bytes()
    sys_data = (UD / "UD_English-EWT" / "en_ewt-ud-test.nltk.conllu").read_bytes()
    result = evaluate("ud", gold_data, sys_data)
    wrong = [u.index for u in result.units if u.kind != "exact"]
    taken = set(wrong[::3])
    assert (len(result.units), len(wrong), len(taken)) == (1409, 325, 109)
    from jpcore.review.store import Review

    verdicts = {i: Review(None, GE, "", "", "", "", "") for i in taken}
    corrected = corrected_gold(result, gold_data, sys_data, verdicts)
    assert len(corrected.corrections) == 109 and corrected.skipped == []
    _unchanged_lines_identical(gold_data, corrected)
    assert totals_json(evaluate("ud", corrected.data, sys_data)) == reviewed_totals(result, taken)
    assert b"\n1-2\t" in gold_data and corrected.data.count(b"\n1-2\t") >= 1  # multiword token lines kept


def test_trees_that_share_a_line_are_left_as_they_are(tmp_path):
    gold_data, sys_data, _ = sample("parseval")
    lines = split_lines(gold_data)
    joined = lines[3].rstrip(b"\n") + b" " + lines[4]  # trees 3 and 4 on one line
    gold_data = b"".join([*lines[:3], joined, *lines[5:]])
    result = evaluate("parseval", gold_data, sys_data)
    from jpcore.review.store import Review

    verdicts = {i: Review(None, GE, "", "", "", "", "") for i in range(len(result.units))}
    corrected = corrected_gold(result, gold_data, sys_data, verdicts)
    skipped = [i for i, _ in corrected.skipped]
    assert skipped and all(why == "its trees share a line with another tree" for _, why in corrected.skipped)
    assert [c.unit for c in corrected.corrections] == [i for i in range(len(result.units)) if i not in skipped]
    _unchanged_lines_identical(gold_data, corrected)


def test_corrected_gold_needs_a_review_and_one_format(tmp_path):
    gold, system = PAIRS["preprocess"]
    done = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(gold), str(system),
                           "--write-corrected-gold", str(tmp_path / "out.txt")], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert (done.returncode, done.stderr) == (
        2, f"jpcore preprocess: error: {tmp_path / 'out.txt'}: expected --review DB beside "
           "--write-corrected-gold, found no --review\n")
    conllu = PAIRS["ud"][0]
    db = tmp_path / "r.sqlite3"
    record(db, "preprocess", {0: GE}, conllu, system)
    done = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(conllu), str(system), "--review",
                           str(db), "--write-corrected-gold", str(tmp_path / "out.txt")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "both files must be in one format (gold is conllu, system text)" in done.stderr
    assert not (tmp_path / "out.txt").exists()
    missing = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(gold), str(system), "--review",
                              str(tmp_path / "none.sqlite3")], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert (missing.returncode, missing.stderr) == (
        2, f"jpcore preprocess: error: {tmp_path / 'none.sqlite3'}: expected a review store (an SQLite file or a "
           "postgresql:// URL), found no such file\n")


@pytest.mark.parametrize("task", sorted(PAIRS))
def test_a_saved_run_with_review_reads_back_checked(tmp_path, task):
    """The app opens a ``--review --json`` result: ``totals_reviewed`` is made again from the
    result and ``review.correct_units``, and a figure that does not follow is named."""
    from jpcore.formats.json_schema import SchemaError  # noqa: F401 (the reader's error names the field)
    from jpcore.results.reader import read_run_json

    db = tmp_path / "r.sqlite3"
    verdicts = {"preprocess": {2: GE, 10: BA}, "parseval": {0: GE, 3: BA}, "gec": {1: GE, 4: BA},
                "ud": {2: GE, 19: BA}}[task]
    gold, system = record(db, task, verdicts)
    text = _gec(gold, system, db) if task == "gec" else run(task, gold, system, "--review", str(db), "--json").stdout
    saved = read_run_json(text.encode(), "run.json", None, task)
    assert saved.extras.review["review"]["correct_units"] == sorted(verdicts)
    data = json.loads(text)
    data["review"]["correct_units"] = sorted(verdicts)[:1]
    data["review"]["counted_correct"] = 1
    from jpcore.errors import InputError

    with pytest.raises(InputError, match="run.json: totals_reviewed"):
        read_run_json(json.dumps(data).encode(), "run.json", None, task)


@pytest.mark.parametrize("task", sorted(PAIRS))
def test_the_html_report_carries_the_verdicts_escaped(tmp_path, task):
    db = tmp_path / "r.sqlite3"
    verdicts = {"preprocess": {2: GE, 10: BA}, "parseval": {0: GE, 3: BA}, "gec": {1: GE, 4: BA},
                "ud": {2: GE, 19: BA}}[task]
    gold, system = record(db, task, verdicts)
    first = min(verdicts)
    keys = unit_keys(evaluate(task, gold.read_bytes(), system.read_bytes()), file_sha256(gold.read_bytes()),
                     file_sha256(system.read_bytes()))
    with open_store(str(db)) as store:
        store.record(keys[first], GE, "<script>alert(1)</script> **bold** [x](javascript:alert(2))", "<b>ann</b>",
                     "<i>gold</i>", "sys & co")
    html = tmp_path / "report.html"
    if task == "gec":
        _gec(gold, system, db, "--html", str(html))
    else:
        run(task, gold, system, "--review", str(db), "--html", str(html))
    page = html.read_text("utf-8")
    section = page[page.index('<section id="review">'):]
    section = section[:section.index("</section>")]
    assert "<script>" not in section and "<b>ann" not in section and "<i>gold" not in section
    assert ("&lt;script&gt;alert(1)&lt;/script&gt; **bold** [x](javascript:alert(2))" in section
            and "&lt;b&gt;ann&lt;/b&gt;" in section and "sys &amp; co" in section)
    assert section.count('<tr><td class="num">') == len(verdicts)  # one row per reviewed unit
    assert "2 units reviewed; 2 judged gold error or both acceptable count as correct for the system." in section
