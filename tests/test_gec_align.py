"""The jp-errant layer (spec gec.md §2): sentence alignment, concatenation, noop rule.

* the acceptance table of spec §2, each row checked on its figures *and*, where
  an errant_compare output of the oracle files exists, on our whole report
  (every flag set of ``expected/commands.txt``) byte for byte;
* ``--write-aligned`` against the oracle M2 files;
* the unit map against ``units.tsv``, including the requoted file through the
  similarity path proper (normalisation table ``none``);
* each defect of the published aligner;
* one-sided units, the similarity threshold, ``--strict``, JSON.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from jpcore import cli
from jpcore.errors import InputError
from jpcore.formats.m2 import parse_m2, read_m2
from jpcore.align.similarity import jaro_winkler
from jpcore.peers.errant_compare import ErrantOptions, render_output, score
from jpcore.gec.options import DEFAULT_ALPHA, GecOptions
from jpcore.gec.result import DROPPED, NOTE_MULTI_ANNOTATOR
from jpcore.gec import GecResult, evaluate
from jpcore.gec.sentences import align_sentences
from jpcore.gec.concat import build_side
from jpcore.gec.error_types import type_parts, type_table
from bench.shared_data import SHARED_DATA
from tests.cli_support import DEFAULTS, expected, gec_files, signed

ROOT = Path(__file__).resolve().parents[1]
M2 = SHARED_DATA / "m2"
TOY = M2 / "toy-en"
UA = M2 / "uagec-gec-only-test"
RESEG = UA / "resegmented"
SAMPLE = ROOT / "sample_data" / "m2"


def run_cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "jpcore", "gec", *args], cwd=cwd, capture_output=True, env=env, timeout=120
    )


def cli_in_process(args: list[str], cwd: Path, monkeypatch, capsysbinary) -> tuple[int, bytes, bytes]:
    monkeypatch.chdir(cwd)
    status = cli.main(["gec", *args])
    out, err = capsysbinary.readouterr()
    return status, out, err


def counts(result: GecResult) -> tuple[int, int, int]:
    return result.errant.tp, result.errant.fp, result.errant.fn


def units_tsv(path: Path) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    rows = [line.split("\t") for line in path.read_text().splitlines()[1:]]
    return [(tuple(map(int, r[1].split(","))), tuple(map(int, r[2].split(",")))) for r in rows]


def unit_map(result: GecResult) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(unit.sys_blocks, unit.gold_blocks) for unit in result.units]


def run(hyp: Path, ref: Path, **options) -> GecResult:
    return evaluate(read_m2(ref), read_m2(hyp), None, GecOptions(**options))


def m2(*blocks: str) -> str:
    return "\n\n".join(blocks) + "\n"


def edit(start: int, end: int, etype: str, cor: str, coder: int = 0) -> str:
    return f"A {start} {end}|||{etype}|||{cor}|||REQUIRED|||-NONE-|||{coder}"


NOOP0 = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"
NOOP1 = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1"


# ---------------------------------------------------------------- the acceptance table of spec §2


def test_row1_toy_same_sentences_is_errant() -> None:
    result = run(TOY / "sys.m2", TOY / "gold.m2")
    assert not result.aligned and result.notes == []
    assert counts(result) == (11, 2, 2) and result.totals["f"] == 0.8462
    assert result.errant.hyp is not None
    assert render_output(result.errant) == (TOY / "expected" / "sys__gold__default.txt").read_text()


@pytest.mark.parametrize("rule,expected", [("jp", (11, 2, 4, 0.8209)), ("keep", (11, 2, 3, 0.8333))])
def test_rows2_3_toy_resegmented(rule: str, expected: tuple) -> None:
    result = run(TOY / "sys.resegmented.m2", TOY / "gold.m2", noop_rule=rule)
    assert result.aligned
    assert (*counts(result), result.totals["f"]) == expected
    assert unit_map(result) == units_tsv(TOY / "units.tsv")
    assert result.to_dict()["noop_rule"] == rule


def test_row4_uagec_ann0_vs_ann1() -> None:
    result = run(UA / "ann0.m2", UA / "ann1.m2")
    assert not result.aligned
    assert counts(result) == (1379, 1095, 1892)
    assert result.errant.prf == (0.5574, 0.4216, 0.5237)


@pytest.mark.parametrize("rule", ["keep", "jp"])
@pytest.mark.parametrize("name", ["ann0.resegmented.m2", "ann0.resegmented-requote.m2"])
def test_rows5_6_uagec_resegmented_and_requoted(name: str, rule: str) -> None:
    result = run(RESEG / name, UA / "ann1.m2", noop_rule=rule)
    assert result.aligned
    assert counts(result) == (1379, 1095, 1892)
    assert result.errant.prf == (0.5574, 0.4216, 0.5237)
    assert unit_map(result) == units_tsv(RESEG / "units.tsv")
    assert len(result.units) == 2358
    assert NOTE_MULTI_ANNOTATOR not in result.notes  # one annotator: merging is score-neutral


def test_row6_requoted_through_the_similarity_path_proper() -> None:
    """Without the quote mapping, 237 units differ in their characters and
    must be recognised by similarity alone -- with the same units and figures."""
    result = run(RESEG / "ann0.resegmented-requote.m2", UA / "ann1.m2", normalisation="none")
    assert unit_map(result) == units_tsv(RESEG / "units.tsv")
    assert counts(result) == (1379, 1095, 1892)
    similar = [u for u in result.units if u.kind == "similar"]
    assert len(similar) == 237
    assert min(u.similarity for u in similar) >= DEFAULT_ALPHA
    # the quote mapping makes every one of them exact or merged
    mapped = run(RESEG / "ann0.resegmented-requote.m2", UA / "ann1.m2")
    assert set(mapped.kind_counts()) == {"exact", "merged"}


def _oracle_commands(folder: Path, prefix: str) -> list[tuple[list[str], str]]:
    out = []
    for line in (folder / "expected" / "commands.txt").read_text().splitlines():
        command, _, target = line.partition(" > ")
        if Path(target.strip()).name.startswith(prefix):
            out.append((shlex.split(command)[1:], target.strip()))
    return out


ORACLE_CASES = [
    # (folder, oracle hyp, oracle ref, our hyp, our ref, noop rule, expected-file prefix)
    (TOY, "oracle-jp.sys.m2", "oracle-jp.gold.m2", "sys.resegmented.m2", "gold.m2", "jp", "oracle-jp."),
    (TOY, "oracle-keep.sys.m2", "oracle-keep.gold.m2", "sys.resegmented.m2", "gold.m2", "keep", "oracle-keep."),
    (UA, "resegmented/oracle-jp.ann0.m2", "resegmented/oracle-jp.ann1.m2",
     "resegmented/ann0.resegmented.m2", "ann1.m2", "jp", "oracle-jp."),
    (UA, "resegmented/oracle-jp.ann0.m2", "resegmented/oracle-jp.ann1.m2",
     "resegmented/ann0.resegmented-requote.m2", "ann1.m2", "jp", "oracle-jp."),
    (UA, "resegmented/oracle-jp.ann0.m2", "resegmented/oracle-jp.ann1.m2",
     "resegmented/ann0.resegmented.m2", "ann1.m2", "keep", "oracle-jp."),
]
ORACLE_RUNS = [
    (folder, [our_hyp if a == o_hyp else our_ref if a == o_ref else a for a in args] + ["--noop-rule", rule], target)
    for folder, o_hyp, o_ref, our_hyp, our_ref, rule, prefix in ORACLE_CASES
    for args, target in _oracle_commands(folder, prefix)
]


def test_every_oracle_output_is_checked() -> None:
    assert len(ORACLE_RUNS) == 5 * 11
    for folder, args, _ in ORACLE_RUNS:
        assert not any("oracle" in a for a in args), args


@pytest.mark.parametrize(
    "folder,args,target", ORACLE_RUNS,
    ids=[f"{f.name}/{' '.join(a[1:4:2])}/{a[-1]}/{Path(t).name}" for f, a, t in ORACLE_RUNS],
)
def test_report_equals_errant_compare_on_the_oracle_files(folder, args, target, monkeypatch, capsysbinary) -> None:
    status, out, err = cli_in_process(args, folder, monkeypatch, capsysbinary)
    assert status == 0
    assert out == (folder / target).read_bytes()
    notes = signed(err, "gec", **gec_files(args, folder)).decode()
    assert all(line.startswith("jpcore gec: note: ") for line in notes.splitlines())


# ---------------------------------------------------------------- --write-aligned


@pytest.mark.parametrize("rule", ["keep", "jp"])
def test_write_aligned_toy_equals_the_oracle_files(rule: str, tmp_path: Path) -> None:
    done = run_cli(["-hyp", "sys.resegmented.m2", "-ref", "gold.m2", "--noop-rule", rule,
                    "--write-aligned", str(tmp_path / "out")], TOY)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.hyp.m2").read_bytes() == (TOY / f"oracle-{rule}.sys.m2").read_bytes()
    assert (tmp_path / "out.ref.m2").read_bytes() == (TOY / f"oracle-{rule}.gold.m2").read_bytes()
    # and errant_compare's reading of them is our report
    again = run_cli(["-hyp", str(tmp_path / "out.hyp.m2"), "-ref", str(tmp_path / "out.ref.m2")], TOY)
    assert again.stdout == done.stdout
    assert signed(again.stderr, "gec", gold=tmp_path / "out.ref.m2", sys=tmp_path / "out.hyp.m2") == b""


@pytest.mark.parametrize("rule", ["keep", "jp"])
def test_write_aligned_uagec_equals_the_oracle_files(rule: str) -> None:
    result = run(RESEG / "ann0.resegmented.m2", UA / "ann1.m2", noop_rule=rule)
    ref_text, hyp_text = result.aligned_m2()
    assert hyp_text == (RESEG / "oracle-jp.ann0.m2").read_text("utf-8")
    assert ref_text == (RESEG / "oracle-jp.ann1.m2").read_text("utf-8")


def test_write_aligned_requoted_keeps_its_own_s_lines_and_the_oracle_edits() -> None:
    result = run(RESEG / "ann0.resegmented-requote.m2", UA / "ann1.m2", noop_rule="jp")
    ref_text, hyp_text = result.aligned_m2()
    assert ref_text == (RESEG / "oracle-jp.ann1.m2").read_text("utf-8")
    oracle = (RESEG / "oracle-jp.ann0.m2").read_text("utf-8")
    assert [line for line in hyp_text.splitlines() if not line.startswith("S ")] == [
        line for line in oracle.splitlines() if not line.startswith("S ")
    ]


def test_write_aligned_without_boundary_differences(tmp_path: Path) -> None:
    done = run_cli(["-hyp", "sys.m2", "-ref", "gold.m2", "--write-aligned", str(tmp_path / "same")], TOY)
    assert done.returncode == 0 and signed(done.stderr, "gec", gold=TOY / "gold.m2", sys=TOY / "sys.m2") == b""
    again = run_cli(["-hyp", str(tmp_path / "same.hyp.m2"), "-ref", str(tmp_path / "same.ref.m2")], TOY)
    assert again.stdout == done.stdout == (TOY / "expected" / "sys__gold__default.txt").read_bytes()


def test_write_aligned_to_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    done = run_cli(["-hyp", "sys.m2", "-ref", "gold.m2", "--write-aligned", str(tmp_path / "no" / "x")], TOY)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().count("\n") == 1 and "Traceback" not in done.stderr.decode()


# ---------------------------------------------------------------- the unit map and the edits


def test_toy_unit_map_and_reindexed_edits() -> None:
    result = run(TOY / "sys.resegmented.m2", TOY / "gold.m2")
    unit = result.units[2]  # system 2 = gold 3 + 4
    assert (unit.kind, unit.shape, unit.ratio) == ("merged", "n:1", "2:1")
    assert unit.gold_offsets == (0, 8, 16) and unit.sys_offsets == (0, 16)
    assert unit.gold_lines == (13, 20)
    gold, _ = result.edits(2)
    are = [e for e in gold if e.cor == "are" and e.coder == 0][0]
    assert (are.block, are.orig_start, are.orig_end, are.start, are.end) == (4, 1, 2, 9, 10)
    assert are.line == 21 and are.status == "TP" and are.type == "R:VERB:SVA"
    split = result.units[4]  # system 4 + 5 = gold 6 (a split sentence)
    assert (split.sys_blocks, split.gold_blocks, split.sys_offsets) == ((4, 5), (6,), (0, 11, 23))
    _, system = result.edits(4)
    comma = [e for e in system if e.cor == ","][0]
    assert (comma.block, comma.orig_start, comma.start, comma.end, comma.status) == (5, 3, 14, 14, "TP")
    assert comma.line == 22  # line of 'A 3 3|||M:PUNCT...' in sys.resegmented.m2
    go = [e for e in system if e.cor == "go"][0]
    assert go.status == "FP" and (go.block, go.start) == (4, 8)


def test_keep_rule_keeps_annotator_1s_no_change_and_jp_drops_it() -> None:
    keep = run(TOY / "sys.resegmented.m2", TOY / "gold.m2", noop_rule="keep")
    jp = run(TOY / "sys.resegmented.m2", TOY / "gold.m2", noop_rule="jp")
    keep_gold, _ = keep.edits(1)
    jp_gold, _ = jp.edits(1)
    assert [(e.coder, e.status) for e in keep_gold if e.start == -1] == [(1, "noop")]
    assert [(e.coder, e.status, e.line) for e in jp_gold if e.start == -1] == [(1, DROPPED, 9)]
    assert keep.units[1].gold_dropped == () and len(jp.units[1].gold_dropped) == 1


def test_edit_counts_add_up_to_the_totals() -> None:
    result = run(TOY / "sys.resegmented.m2", TOY / "gold.m2")
    statuses = [e.status for e in result.iter_edits()]
    assert statuses.count("TP") >= result.errant.tp - 1  # a TP is credited per *reference* type
    assert statuses.count("FP") == result.errant.fp
    assert statuses.count("FN") == result.errant.fn


def test_to_dict_from_dict_is_lossless() -> None:
    for result in (
        run(TOY / "sys.resegmented.m2", TOY / "gold.m2", noop_rule="jp"),
        run(TOY / "sys.m2", TOY / "gold.m2"),
        run(SAMPLE / "uagec" / "ann0.first100.resegmented-requote.m2", SAMPLE / "uagec" / "ann1.first100.m2",
            normalisation="none"),
    ):
        data = json.loads(json.dumps(result.to_dict(), ensure_ascii=False))
        again = GecResult.from_dict(data)
        assert again.to_dict() == data
        assert again.units == result.units
        assert list(again.iter_edits()) == list(result.iter_edits())
        assert render_output(again.errant) == render_output(result.errant)
        assert again.aligned_m2() == result.aligned_m2() or not result.aligned


def test_json_of_the_cli_records_alpha_noop_rule_and_units() -> None:
    done = run_cli(["-hyp", "sys.resegmented.m2", "-ref", "gold.m2", "--json", "--alpha", "0.8"], TOY)
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert list(data)[:3] == ["task", "scorer", "totals"]
    assert data["totals"] == {"tp": 11, "fp": 2, "fn": 3, "precision": 0.8462, "recall": 0.7857, "f": 0.8333}
    assert (data["noop_rule"], data["alpha"]) == ("keep", 0.8)
    assert data["alignment"]["aligned"] and data["alignment"]["normalisation"] == "gec"
    assert [(u["hyp"]["blocks"], u["ref"]["blocks"]) for u in data["units"]][1] == ([1], [1, 2])
    assert NOTE_MULTI_ANNOTATOR in data["notes"]
    assert data.pop("signature") == expected("gec", DEFAULTS["gec"].replace("alpha:0.91", "alpha:0.8"),
                                              gold=TOY / "gold.m2", sys=TOY / "sys.resegmented.m2")
    assert GecResult.from_dict(data).to_dict() == data


def test_notes_go_to_stderr_not_into_the_report() -> None:
    done = run_cli(["-hyp", "sys.resegmented.m2", "-ref", "gold.m2"], TOY)
    assert done.stdout == (TOY / "expected" / "oracle-keep.sys__oracle-keep.gold__default.txt").read_bytes()
    notes = done.stderr.decode().splitlines()
    assert notes[0].startswith("jpcore gec: note: sys.resegmented.m2 (7 sentences) and gold.m2 (8 sentences)")
    assert "not strictly comparable to errant's per-sentence figures" in notes[1]


# ---------------------------------------------------------------- one-sided units and similarity


def test_a_sentence_on_one_side_only_is_its_own_unit() -> None:
    ref = m2("S The cat sat .\n" + edit(1, 2, "R:NOUN", "dog"),
             "S An extra gold sentence here .\n" + edit(1, 2, "R:ADJ", "another"),
             "S Good bye .")
    hyp = m2("S The cat sat .\n" + edit(1, 2, "R:NOUN", "dog"),
             "S Good bye .\n" + edit(0, 1, "R:ADJ", "Bad"))
    result = evaluate(parse_m2(ref, "r"), parse_m2(hyp, "h"))
    assert [(u.kind, u.sys_blocks, u.gold_blocks) for u in result.units] == [
        ("exact", (0,), (0,)), ("gold-only", (), (1,)), ("exact", (1,), (2,))]
    assert counts(result) == (1, 1, 1)
    assert result.errant.sentences[1].fn == 1  # its gold edit is a FN, not glued to a neighbour
    gold, _ = result.edits(1)
    assert [(e.status, e.block, e.orig_start) for e in gold] == [("FN", 1, 1)]
    _, hyp_text = result.aligned_m2()
    assert hyp_text.split("\n\n")[1] == "S An extra gold sentence here ."  # "no correction"


def test_system_only_sentence_edits_are_false_positives() -> None:
    ref = m2("S One .", "S Two .")
    hyp = m2("S One .", "S Inserted by the system .\n" + edit(0, 1, "R:X", "Added"), "S Two .")
    result = evaluate(parse_m2(ref, "r"), parse_m2(hyp, "h"))
    assert [u.kind for u in result.units] == ["exact", "system-only", "exact"]
    assert counts(result) == (0, 1, 0)


def test_dissimilar_one_to_one_is_split_into_one_sided_units() -> None:
    ref = m2("S Start here .", "S Completely different words .\n" + edit(0, 1, "R:X", "Wholly"), "S End .")
    hyp = m2("S Start here .", "S Nothing alike at all ?\n" + edit(0, 1, "R:X", "Nada"), "S End .")
    result = evaluate(parse_m2(ref, "r"), parse_m2(hyp, "h"))
    assert [(u.kind, u.sys_blocks, u.gold_blocks) for u in result.units] == [
        ("exact", (0,), (0,)), ("gold-only", (), (1,)), ("system-only", (1,), ()), ("exact", (2,), (2,))]
    assert result.units[1].similarity < DEFAULT_ALPHA
    assert counts(result) == (0, 1, 1)


def test_similar_one_to_one_above_alpha_passes_through_byte_for_byte() -> None:
    ref = m2("S He said “ hello ” to me .\n" + edit(1, 2, "R:VERB", "says"), "S Bye .")
    hyp = m2('S He said ‘ hello ’ to me .\n' + edit(1, 2, "R:VERB", "says"), "S Bye .")
    hyp_doc, ref_doc = parse_m2(hyp, "h"), parse_m2(ref, "r")
    result = evaluate(ref_doc, hyp_doc)
    assert result.aligned and result.units[0].kind == "similar"
    assert result.units[0].similarity >= DEFAULT_ALPHA
    assert result.errant.hyp is hyp_doc and result.errant.ref is ref_doc  # every unit 1:1: the inputs
    assert counts(result) == (1, 0, 0)
    strict = evaluate(parse_m2(ref, "r"), parse_m2(hyp, "h"), None, GecOptions(alpha=1.0))
    assert [u.kind for u in strict.units] == ["gold-only", "system-only", "exact"]


def test_alpha_is_recorded_and_used() -> None:
    ref, hyp = m2("S abcdefgh ."), m2("S abcdxfgh .")
    similarity = jaro_winkler("abcdxfgh.", "abcdefgh.")
    above = evaluate(parse_m2(ref, "r"), parse_m2(hyp, "h"), None, GecOptions(alpha=similarity))
    below = evaluate(parse_m2(ref, "r"), parse_m2(hyp, "h"), None, GecOptions(alpha=similarity + 1e-9))
    assert [u.kind for u in above.units] == ["similar"]
    assert [u.kind for u in below.units] == ["gold-only", "system-only"]
    assert above.to_dict()["alpha"] == similarity


def test_quotes_and_ptb_brackets_are_normalised() -> None:
    ref = m2("S `` Yes '' -LRB- he said -RRB- .", "S « Ok » .")
    hyp = m2('S " Yes " ( he said ) . " Ok " .')
    result = evaluate(parse_m2(ref, "r"), parse_m2(hyp, "h"))
    assert [(u.kind, u.gold_blocks) for u in result.units] == [("merged", (0, 1))]


# ---------------------------------------------------------------- the published aligner's defects


def test_defect_mismatch_at_the_end_of_either_list() -> None:
    """An index error whenever a mismatch reaches the end of either list."""
    base = ["S One .", "S Two ."]
    for hyp_blocks, ref_blocks, expected in [
        (base + ["S Extra ."], base, ["exact", "exact", "system-only"]),
        (base, base + ["S Extra ."], ["exact", "exact", "gold-only"]),
        (["S One .", "S Two . Three ."], base + ["S Three ."], ["exact", "merged"]),
        (base + ["S Three ."], ["S One .", "S Two . Three ."], ["exact", "merged"]),
        (base + ["S Tail x ."], base + ["S Other ending y ?"], ["exact", "exact", "gold-only", "system-only"]),
        ([], ["S Only gold ."], ["gold-only", "system-only"]),  # an empty file is one empty block
        (["S Only system ."], ["S"], ["system-only", "gold-only"]),
    ]:
        hyp = parse_m2(m2(*hyp_blocks) if hyp_blocks else "", "h", allow_empty=True)
        ref = parse_m2(m2(*ref_blocks), "r")
        result = evaluate(ref, hyp)
        assert sorted(u.kind for u in result.units) == sorted(expected), (hyp_blocks, ref_blocks)
        covered_hyp = [b for u in result.units for b in u.sys_blocks]
        covered_ref = [b for u in result.units for b in u.gold_blocks]
        assert covered_hyp == list(range(len(hyp.blocks)))
        assert covered_ref == list(range(len(ref.blocks)))


def test_defect_token_counts_repeated_short_sentences() -> None:
    """Growing by token counts / stopping on equal counts mis-aligns repeated
    short sentences: here the system glued 'Hi!' (1 token against 2), so token
    counts would merge everything; characters give three 1:1 units."""
    groups = align_sentences(["Hi!", "Hi!", "Hi!"], ["Hi!", "Hi!", "Hi!"])
    assert [(g.sys, g.gold) for g in groups] == [((0, 1), (0, 1)), ((1, 2), (1, 2)), ((2, 3), (2, 3))]
    ref = parse_m2(m2("S Hi !", "S Hi !\n" + edit(1, 2, "R:PUNCT", "."), "S Hi !"), "r")
    hyp = parse_m2(m2("S Hi!", "S Hi !\n" + edit(1, 2, "R:PUNCT", "."), "S Hi!"), "h")
    result = evaluate(ref, hyp)
    assert [u.shape for u in result.units] == ["1:1", "1:1", "1:1"]
    assert counts(result) == (1, 0, 0)


def test_defect_equal_token_counts_are_not_a_boundary() -> None:
    """5 tokens against 5 tokens, but the texts end at different characters:
    never stop there."""
    ref = parse_m2(m2("S I do n't know .", "S Fine ."), "r")
    hyp = parse_m2(m2("S I don't know . Fine", "S ."), "h")
    result = evaluate(ref, hyp)
    assert [(u.kind, u.sys_blocks, u.gold_blocks) for u in result.units] == [("merged", (0, 1), (0, 1))]


def test_defect_noop_kept_for_a_single_gold_sentence_facing_a_split_system_sentence() -> None:
    gold_block = "S A b c d e f .\n" + edit(1, 2, "R:X", "B") + "\n" + NOOP1
    ref = parse_m2(m2(gold_block), "r")
    hyp = parse_m2(m2("S A b c", "S d e f .\n" + edit(0, 1, "R:Y", "D")), "h")
    for rule in ("keep", "jp"):
        result = evaluate(ref, hyp, None, GecOptions(noop_rule=rule))
        assert result.units[0].ratio == "1:2"
        assert result.errant.ref.blocks[0].text == gold_block  # byte for byte, noop line included
        assert result.errant.sentences[0].ref_coder == 1  # annotator 1's "no change" still wins
        assert counts(result) == (0, 1, 0)


def test_defect_double_space_after_A_is_never_written(tmp_path: Path) -> None:
    (tmp_path / "h.m2").write_text("S x y\n\nS z w .\nA  0 1|||R:X|||Z|||REQUIRED|||-NONE-|||0\n")
    (tmp_path / "r.m2").write_text("S x y z w .\nA  2 3|||R:X|||Z|||REQUIRED|||-NONE-|||0\n")
    done = run_cli(["-hyp", "h.m2", "-ref", "r.m2", "--write-aligned", "out"], tmp_path)
    assert done.returncode == 0
    written = (tmp_path / "out.hyp.m2").read_text()
    assert written == "S x y z w .\nA 2 3|||R:X|||Z|||REQUIRED|||-NONE-|||0\n\n"
    assert not re.search(r"^A  ", written, re.M)
    assert done.stdout.decode().splitlines()[-3].startswith("1\t0\t0")


def test_defect_no_debug_prints(capsys) -> None:
    result = run(RESEG / "ann0.resegmented-requote.m2", UA / "ann1.m2", normalisation="none")
    assert result.aligned
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
    done = run_cli(["-hyp", "sys.resegmented.m2", "-ref", "gold.m2", "--noop-rule", "jp"], TOY)
    assert done.stdout == (TOY / "expected" / "oracle-jp.sys__oracle-jp.gold__default.txt").read_bytes()
    notes = signed(done.stderr, "gec", gold=TOY / "gold.m2", sys=TOY / "sys.resegmented.m2").decode()
    assert all(line.startswith("jpcore gec: note: ") for line in notes.splitlines())


# ---------------------------------------------------------------- concatenation and the noop rule


def _blocks(*texts: str):
    return parse_m2(m2(*texts), "x").blocks


def test_build_side_shifts_edits_and_keeps_fields_as_written() -> None:
    side = build_side(_blocks(
        "S a b\n" + edit(0, 1, "R:X", "A "),
        "S c  d e\nA 2 2|||M:Y|||f|||OPTIONAL|||comment|||0",
    ))
    assert side.text == "S a b c d e\nA 0 1|||R:X|||A |||REQUIRED|||-NONE-|||0\nA 4 4|||M:Y|||f|||OPTIONAL|||comment|||0"
    assert side.offsets == (0, 2, 5) and side.origins == ((0, 0), (1, 0))


def test_keep_rule_with_implicit_and_explicit_noops() -> None:
    blocks = _blocks(
        "S a b\n" + edit(0, 1, "R:X", "A", 1),  # annotator 1 only
        "S c d",  # no edit line: annotator 0 says "no correction"
        "S e f\n" + NOOP1,
    )
    keep = build_side(blocks, "keep")
    assert keep.text.split("\n")[1:] == [edit(0, 1, "R:X", "A", 1), NOOP0]
    assert [d.block for d in keep.dropped] == [2]
    jp = build_side(blocks, "jp")
    assert jp.text.split("\n")[1:] == [edit(0, 1, "R:X", "A", 1)]


def test_noop_rules_when_no_block_has_a_real_edit() -> None:
    blocks = _blocks("S a\n" + NOOP0 + "\n" + NOOP1, "S b\n" + NOOP1 + "\n" + NOOP0)
    assert build_side(blocks, "keep").text.split("\n")[1:] == [NOOP0, NOOP1]
    assert build_side(blocks, "jp").text.split("\n")[1:] == [NOOP0]
    assert build_side(_blocks("S a", "S b"), "keep").text == "S a b"  # nothing written, nothing added


def test_multi_annotator_merge_can_change_the_score_and_says_so() -> None:
    result = run(TOY / "sys.resegmented.m2", TOY / "gold.m2", noop_rule="jp")
    assert NOTE_MULTI_ANNOTATOR in result.notes
    plain = score(read_m2(TOY / "sys.m2"), read_m2(TOY / "gold.m2"))
    assert (plain.tp, plain.fp, plain.fn) != counts(result)


# ---------------------------------------------------------------- --strict and bad input


def test_strict_refuses_differing_sentences_with_file_line_and_characters(tmp_path: Path) -> None:
    done = run_cli(["-hyp", "sys.resegmented.m2", "-ref", "gold.m2", "--strict"], TOY)
    assert done.returncode == 2 and done.stdout == b""
    message = done.stderr.decode()
    assert message.count("\n") == 1 and "Traceback" not in message
    assert message.startswith("jpcore gec: error: sys.resegmented.m2:5: expected the sentence of gold.m2 line 7")
    assert "'Theweatherwasnice.'" in message
    (tmp_path / "h.m2").write_text("S The cat sat .\n")
    (tmp_path / "r.m2").write_text("S The dog sat .\n")
    done = run_cli(["-hyp", "h.m2", "-ref", "r.m2", "--strict"], tmp_path)
    assert done.returncode == 2
    assert "h.m2:1: expected the sentence of r.m2 line 1 (block #0; --strict): 'dogsat.' at character 4" in done.stderr.decode()
    assert "found 'catsat.'" in done.stderr.decode()


def test_strict_names_the_first_extra_sentence(tmp_path: Path) -> None:
    (tmp_path / "h.m2").write_text("S One .\n\nS Two .\n")
    (tmp_path / "r.m2").write_text("S One .\n")
    with pytest.raises(InputError, match=r"h\.m2:3: expected no more sentences \(\S*r\.m2 has 1; --strict\), found block #1 'Two \.'"):
        evaluate(read_m2(tmp_path / "r.m2"), read_m2(tmp_path / "h.m2"), None, GecOptions(strict=True))


def test_strict_accepts_identical_sentences() -> None:
    done = run_cli(["-hyp", "sys.m2", "-ref", "gold.m2", "--strict"], TOY)
    assert done.returncode == 0
    assert done.stdout == (TOY / "expected" / "sys__gold__default.txt").read_bytes()


@pytest.mark.parametrize("bad", [["--alpha", "1.5"], ["--alpha", "x"], ["--noop-rule", "drop"]])
def test_bad_alignment_flags(bad: list[str]) -> None:
    done = run_cli(["-hyp", "sys.m2", "-ref", "gold.m2", *bad], TOY)
    assert done.returncode == 2 and done.stdout == b""
    assert "Traceback" not in done.stderr.decode()


def test_bad_m2_in_an_aligned_pair_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "h.m2").write_text("S a b\n\nS c\nA 0 x|||R:X|||y|||REQUIRED|||-NONE-|||0\n")
    (tmp_path / "r.m2").write_text("S a b c\n")
    done = run_cli(["-hyp", "h.m2", "-ref", "r.m2"], tmp_path)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().startswith("jpcore gec: error: h.m2:4: ")
    assert done.stderr.decode().count("\n") == 1


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        GecOptions(noop_rule="drop")
    with pytest.raises(ValueError):
        GecOptions(alpha=-0.1)


# ---------------------------------------------------------------- types


def test_type_parts_keep_foreign_inventories() -> None:
    assert type_parts("R:VERB:SVA") == ("R", "VERB")
    assert type_parts("U:DET") == ("U", "DET")
    assert type_parts("G/Case") == ("", "G")
    assert type_parts("Punctuation") == ("", "Punctuation")
    assert type_parts("ArtOrDet") == ("", "ArtOrDet")
    assert type_parts("noop") == ("", "noop")


def test_type_table_levels() -> None:
    result = run(TOY / "sys.m2", TOY / "gold.m2")
    full = {row.name: row for row in type_table(result, "type")}
    assert list(full) == [row[0] for row in result.errant.category_rows(3)]
    operation = {row.name: row[1:4] for row in type_table(result, "operation")}
    assert operation == {name: tuple(c) for name, c in _errant_cat1(result).items()}
    main = {row.name for row in type_table(result, "main")}
    assert {"VERB", "NOUN", "PREP", "PUNCT"} <= main
    ua = run(SAMPLE / "uagec" / "ann0.first100.m2", SAMPLE / "uagec" / "ann1.first100.m2")
    names = {row.name for row in type_table(ua, "main")}
    assert "G" in names and "Punctuation" in names


def _errant_cat1(result: GecResult) -> dict[str, list[int]]:
    from jpcore.peers.errant_compare import group_categories

    return group_categories(result.errant.cats, 1)


def test_errant_options_pass_through() -> None:
    result = evaluate(read_m2(TOY / "gold.m2"), read_m2(TOY / "sys.resegmented.m2"),
                      ErrantOptions(mode="ds", cat=3), GecOptions(noop_rule="jp"))
    expected = (TOY / "expected" / "oracle-jp.sys__oracle-jp.gold__dscat3.txt").read_text()
    assert render_output(result.errant) == expected


# ---------------------------------------------------------------- the bundled UA-GEC slice


@pytest.mark.parametrize("name", ["ann0.first100.resegmented.m2", "ann0.first100.resegmented-requote.m2"])
def test_bundled_uagec_slice(name: str) -> None:
    folder = SAMPLE / "uagec"
    plain = run(folder / "ann0.first100.m2", folder / "ann1.first100.m2")
    result = run(folder / name, folder / "ann1.first100.m2", noop_rule="jp")
    assert counts(result) == counts(plain) == (71, 52, 76)
    assert unit_map(result) == units_tsv(folder / "units.first100.tsv")
    if "requote" not in name:
        ref_text, hyp_text = result.aligned_m2()
        assert hyp_text == (folder / "oracle-jp.ann0.first100.m2").read_text("utf-8")
        assert ref_text == (folder / "oracle-jp.ann1.first100.m2").read_text("utf-8")


def test_scoring_never_imports_spacy_or_errant() -> None:
    code = (
        "import sys; from jpcore import cli; "
        "status = cli.main(['gec', '-hyp', 'sys.resegmented.m2', '-ref', 'gold.m2', '--json']); "
        "assert status == 0; "
        "assert not any(m == 'spacy' or m.startswith(('spacy.', 'errant')) for m in sys.modules), sys.modules.keys()"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", code], cwd=TOY, capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-500:]
