"""``jpcore gec -ref GOLD.m2 -orig SYS_SOURCE.txt -cor SYS_CORRECTED.txt [--write-hyp OUT.m2]``.

The system's text is made from the bundled toy-en system M2 files (coder
0's edits applied, one sentence per line, as
:mod:`tests.test_gec_from_text_scoring` does): ``sys.m2`` keeps gold's 8
sentences, ``sys.resegmented.m2`` cuts them into 7.  Extracted by the
model-free rules, they score exactly what their M2 scores: (11, 2, 2) F0.5
0.8462, and (11, 2, 3) 0.8333 after sentence alignment.  stdout is errant's
report, stderr says the types are coarse; uneven files are refused naming
both counts, exit status 2.
"""

from __future__ import annotations

import json

import pytest

from jpcore.cli import main
from jpcore.formats.m2 import dumps_m2, read_m2
from jpcore.gec import RULES_NOTE, m2_from_text
from jpcore.gec.errant_annotator import english_model
from jpcore.results.reader import read_run_json
from tests.conftest import SAMPLE_DATA
from tests.test_gec_from_text_scoring import as_text

TOY = SAMPLE_DATA / "m2" / "toy-en"
GOLD = TOY / "gold.m2"


def run(capsysbinary, *args) -> tuple[int, str, str]:
    status = main(["gec", *(str(a) for a in args)])
    out, err = capsysbinary.readouterr()
    return status, out.decode("utf-8"), err.decode("utf-8")


@pytest.fixture(params=["sys.m2", "sys.resegmented.m2"])
def system(request, tmp_path):
    """(the system's M2, its original text file, its corrected text file)."""
    orig, cor = as_text(read_m2(TOY / request.param))
    stem = request.param.removesuffix(".m2")
    orig_path, cor_path = tmp_path / f"{stem}.orig.txt", tmp_path / f"{stem}.cor.txt"
    orig_path.write_bytes(orig)
    cor_path.write_bytes(cor)
    return TOY / request.param, orig_path, cor_path


def test_text_scores_what_its_m2_scores(capsysbinary, system, tmp_path):
    hyp, orig, cor = system
    status, out, err = run(capsysbinary, "-ref", GOLD, "-orig", orig, "-cor", cor, "--write-hyp", tmp_path / "out.m2")
    assert status == 0
    counts = "11\t2\t2\t0.8462\t0.8462\t0.8462" if hyp.name == "sys.m2" else "11\t2\t3\t0.8462\t0.7857\t0.8333"
    assert out == ("\n=========== Span-Based Correction ============\nTP\tFP\tFN\tPrec\tRec\tF0.5\n"
                   f"{counts}\n==============================================\n\n")
    assert err.splitlines()[0] == f"jpcore gec: note: {RULES_NOTE}"
    assert err.splitlines()[0].startswith("jpcore gec: note: edit types are coarse: M/R/U with PUNCT, ORTH")
    # the M2 it wrote is the extractor's, and scores the same as -hyp
    written = (tmp_path / "out.m2").read_text("utf-8")
    assert written == dumps_m2(m2_from_text(orig.read_bytes(), cor.read_bytes(), str(orig), str(cor)))
    assert written.splitlines()[:3] == ["S She go to school every days .",
                                        "A 1 2|||R:OTHER|||goes|||REQUIRED|||-NONE-|||0",
                                        "A 5 6|||R:OTHER|||day|||REQUIRED|||-NONE-|||0"]
    assert run(capsysbinary, "-ref", GOLD, "-hyp", tmp_path / "out.m2")[1] == out
    assert run(capsysbinary, "-ref", GOLD, "-hyp", hyp)[1] == out


def test_json_says_where_the_system_came_from(capsysbinary, system):
    _, orig, cor = system
    status, out, _ = run(capsysbinary, "-ref", GOLD, "-orig", orig, "-cor", cor, "--json")
    assert status == 0
    data = json.loads(out)
    assert data["hyp_from_text"] == {"orig": str(orig), "cor": str(cor), "annotator": "rules", "types": RULES_NOTE}
    assert data["alignment"]["hyp_name"] == str(cor)
    assert (data["totals"]["tp"], data["totals"]["fp"]) == (11, 2)
    saved = read_run_json(out.encode(), "run.json", None, "gec")
    assert saved.extras.hyp_from_text == data["hyp_from_text"]


def test_compare_and_oracle_from_text(capsysbinary, tmp_path):
    orig, cor = as_text(read_m2(TOY / "sys.resegmented.m2"))
    (tmp_path / "o.txt").write_bytes(orig)
    (tmp_path / "c.txt").write_bytes(cor)
    status, out, _ = run(capsysbinary, "-ref", GOLD, "-orig", tmp_path / "o.txt", "-cor", tmp_path / "c.txt",
                         "--oracle", TOY / "sys.m2", "--compare", TOY / "sys.m2", "--json")
    data = json.loads(out)
    assert status == 0
    assert [data["oracle"]["stages"][0][k] for k in ("end_to_end", "oracle", "segmentation")] == [
        0.8333333333333334, 0.8461538461538461, 0.012820512820512775]
    assert (data["comparison"]["system_a"], data["comparison"]["p_value"]) == (str(tmp_path / "c.txt"), 391 / 1001)


def test_uneven_files_are_refused_naming_both_counts(capsysbinary, tmp_path):
    orig, cor = as_text(read_m2(TOY / "sys.m2"))
    (tmp_path / "o.txt").write_bytes(orig)
    (tmp_path / "c.txt").write_bytes(b"".join(cor.splitlines(keepends=True)[:5]))
    status, out, err = run(capsysbinary, "-ref", GOLD, "-orig", tmp_path / "o.txt", "-cor", tmp_path / "c.txt",
                           "--write-hyp", tmp_path / "out.m2")
    assert (status, out) == (2, "")
    assert err == (f"jpcore gec: error: {tmp_path / 'o.txt'}, {tmp_path / 'c.txt'}: expected line-parallel files "
                   "(one sentence per line in each, the same number of lines), found 8 lines in "
                   f"{tmp_path / 'o.txt'} but 5 lines in {tmp_path / 'c.txt'} (nothing was scored: uneven files "
                   "are never truncated)\n")
    assert not (tmp_path / "out.m2").exists()


@pytest.mark.parametrize("args, message", [
    (["-hyp", TOY / "sys.m2", "-orig", "o.txt", "-cor", "c.txt"],
     "-hyp cannot be combined with -orig/-cor: give the system as -hyp SYSTEM_M2, or as -orig SYS_SOURCE.txt "
     "-cor SYS_CORRECTED.txt"),
    (["-orig", "o.txt"], "-cor is missing: give the system as -hyp SYSTEM_M2, or as -orig SYS_SOURCE.txt "
                         "-cor SYS_CORRECTED.txt"),
    (["-cor", "c.txt"], "-orig is missing: give the system as -hyp SYSTEM_M2, or as -orig SYS_SOURCE.txt "
                        "-cor SYS_CORRECTED.txt"),
    ([], "-hyp is missing: give the system as -hyp SYSTEM_M2, or as -orig SYS_SOURCE.txt -cor SYS_CORRECTED.txt"),
    (["-hyp", TOY / "sys.m2", "--write-hyp", "out.m2"],
     "--write-hyp writes the M2 extracted from -orig/-cor: it needs them"),
])
def test_how_the_system_is_given_is_checked(capsysbinary, args, message):
    assert run(capsysbinary, "-ref", GOLD, *args) == (2, "", f"jpcore gec: error: {message}\n")


def test_the_errant_annotator_runs_or_says_what_is_missing(capsysbinary, tmp_path):
    orig, cor = as_text(read_m2(TOY / "sys.m2"))
    (tmp_path / "o.txt").write_bytes(orig)
    (tmp_path / "c.txt").write_bytes(cor)
    status, out, err = run(capsysbinary, "-ref", GOLD, "-orig", tmp_path / "o.txt", "-cor", tmp_path / "c.txt",
                           "--annotator", "errant")
    if english_model() is None:  # CI: errant is installed, no registry carries a spaCy pipeline
        assert (status, out) == (2, "")
        assert err == ("jpcore gec: error: --annotator errant: expected errant and a spaCy English pipeline "
                       "(pip install errant==3.0.2 and a spaCy English pipeline such as en_core_web_sm), found no "
                       "spaCy English pipeline installed\n")
    else:
        assert status == 0 and err.startswith("jpcore gec: note: edit types by errant 3.0.2")
