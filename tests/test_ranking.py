"""``--rank`` and :mod:`jpcore.extras.ranking`: N systems, every pair, significance groups.

* the group rule on hand-computed cases (:func:`groups_of`): the best opens
  group 1, a system joins the open group while its test against the group's
  first is not significant, the first significant one opens the next; groups
  are consecutive in the score order; equal scores keep input order;
* the units every system shares (:func:`rank_units`) by hand;
* systems derived from the bundled data: a copy of gold alone in the top
  group, a system that does not split (one token per sentence) or makes no
  edit alone in the last, with exact scores and p-values (seed 12345);
* every pair is exactly ``--compare`` on the same two files;
* ``--json``'s ``"ranking"`` read back, a changed figure refused naming it;
  the option errors (one line, status 2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import jpcore
from jpcore.cli import main
from jpcore.errors import InputError
from jpcore.extras.ranking import groups_of, rank_units, unit_winners
from jpcore.results.reader import read_run_json
from tests.conftest import SAMPLE_DATA

FULL = SAMPLE_DATA / "ud" / "UD_English-EWT-full"
GOLD_WORDS = FULL / "en_ewt-ud-test.gold.words.txt"
NLTK = FULL / "en_ewt-ud-test.nltk.tok.txt"
UAGEC = SAMPLE_DATA / "m2" / "uagec"
P_FLOOR = 1 / 1001  # the smallest p of 1,000 resamples


def run(capsysbinary, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsysbinary.readouterr()
    return status, out.decode("utf-8"), err.decode("utf-8")


@pytest.fixture(scope="module")
def no_splits(tmp_path_factory) -> Path:
    """Gold's sentences, each written as one token (its tokens joined without spaces): a tokenizer that never splits."""
    path = tmp_path_factory.mktemp("rank") / "no-splits.txt"
    lines = GOLD_WORDS.read_text(encoding="utf-8").splitlines()
    path.write_text("".join("".join(line.split()) + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def no_edits(tmp_path_factory) -> Path:
    """Annotator 0's source sentences with a noop only: a GEC system that corrects nothing."""
    path = tmp_path_factory.mktemp("rank") / "no-edits.m2"
    out: list[str] = []
    for line in (UAGEC / "ann0.first100.m2").read_text(encoding="utf-8").splitlines():
        if line.startswith("A "):
            if not out[-1].startswith("A "):
                out.append("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0")
        else:
            out.append(line)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


# --- the rule, by hand -------------------------------------------------------------------


def test_groups_by_hand():
    scores = [0.60, 0.90, 0.80, 0.85, 0.55]
    # order: 1 (0.90), 3 (0.85), 2 (0.80), 0 (0.60), 4 (0.55)
    p = {(1, 3): 0.20, (1, 2): 0.01, (2, 0): None, (0, 2): 0.30, (0, 4): 0.04, (2, 4): 0.50,
         (1, 4): 0.60, (0, 1): 0.001, (0, 3): 0.02, (2, 3): 0.7, (3, 4): 0.01}
    # 3 joins 1 (p 0.20); 2 differs from 1 (0.01): opens group 2; 0 joins 2 (0.30);
    # 4 is not significantly worse than 1 (0.60) nor than 2 (0.50): joins group 2, the open one
    assert groups_of(scores, p) == [[1, 3], [2, 0, 4]]
    # now 4 differs from group 2's first: a third group, although p(1, 4) = 0.60 -- the order is read
    p[(2, 4)] = 0.049
    assert groups_of(scores, p) == [[1, 3], [2, 0], [4]]
    # p = alpha is not significant; equal scores keep input order
    assert groups_of([0.5, 0.5, 0.4], {(0, 1): 0.05, (0, 2): 0.0499, (1, 2): 1.0}) == [[0, 1], [2]]


def test_units_every_system_shares_by_hand():
    # A cuts gold [0,1) [1,3) [3,4); B [0,2) [2,3) [3,4); C [0,1) [1,2) (2,2 empty) [2,4)
    a, b, c = [(0, 1), (1, 3), (3, 4)], [(0, 2), (2, 3), (3, 4)], [(0, 1), (1, 2), (2, 2), (2, 4)]
    assert rank_units([a, b]) == [((0, 3), [(0, 2), (0, 2)]), ((3, 4), [(2, 3), (2, 3)])]
    assert rank_units([a, b, c]) == [((0, 4), [(0, 3), (0, 3), (0, 4)])]
    assert rank_units([a, a, a]) == [((0, 1), [(0, 1)] * 3), ((1, 3), [(1, 2)] * 3), ((3, 4), [(2, 3)] * 3)]


# --- systems derived from the bundled data ------------------------------------------------


def test_preprocess_gold_alone_on_top_no_splits_alone_last(no_splits):
    systems = [jpcore.evaluate("preprocess", GOLD_WORDS, path) for path in (NLTK, GOLD_WORDS, no_splits)]
    ranking = jpcore.rank(systems)
    assert ranking.groups == [[1], [0], [2]] and ranking.order == [1, 0, 2]
    nltk_f1 = 2 * 24267 / (2 * 24267 + 1032 + 827)
    assert [s.score for s in ranking.systems] == [nltk_f1, 1.0, 0.011114791505649405]
    assert [(s.rank, s.group) for s in ranking.systems] == [(2, 2), (1, 1), (3, 3)]
    assert [p.comparison.p_value for p in ranking.pairs] == [P_FLOOR] * 3
    assert ranking.systems[1].interval == (1.0, 1.0)
    assert ranking.difference(1, 0)[0] == 1.0 - nltk_f1 and ranking.difference(0, 1)[0] == nltk_f1 - 1.0
    # per unit every system shares (no-splits keeps gold's sentences: nltk's common units with gold):
    # gold is best everywhere: alone in 307, tied with nltk in 1,099, with all three in 2 and with
    # no-splits alone in 1 (one-word sentences, which not splitting gets right)
    winners = unit_winners(ranking)
    assert len(winners) == len(ranking.pair(0, 1).comparison.units) == 1409
    assert all(1 in w.best for w in winners)
    assert [sum(w.best == best for w in winners) for best in ([1], [0, 1], [0, 1, 2], [1, 2])] == [307, 1099, 2, 1]


def test_gec_gold_alone_on_top_no_edits_alone_last(no_edits):
    gold = UAGEC / "ann0.first100.m2"
    systems = [jpcore.evaluate("gec", gold, path) for path in (UAGEC / "ann1.first100.m2", gold, no_edits)]
    ranking = jpcore.rank(systems)
    assert ranking.groups == [[1], [0], [2]]
    assert [s.score for s in ranking.systems] == [0.4992967651195499, 1.0, 0.0]
    assert [p.comparison.p_value for p in ranking.pairs] == [P_FLOOR] * 3


def test_each_pair_is_compare(capsysbinary, no_splits):
    status, out, err = run(capsysbinary, "preprocess", GOLD_WORDS, NLTK, GOLD_WORDS, no_splits, "--rank", "--json")
    assert status == 0, err
    ranking = json.loads(out)["ranking"]
    for a, b, path_a, path_b in ((0, 1, NLTK, GOLD_WORDS), (0, 2, NLTK, no_splits), (1, 2, GOLD_WORDS, no_splits)):
        status, out, err = run(capsysbinary, "preprocess", GOLD_WORDS, path_a, "--compare", path_b, "--json")
        compared = json.loads(out)["comparison"]
        pair = next(p for p in ranking["pairs"] if (p["a"], p["b"]) == (a, b))
        assert {k: pair[k] for k in ("score_a", "score_b", "difference", "interval", "p_value", "wins")} == {
            k: compared[k] for k in ("score_a", "score_b", "difference", "interval", "p_value", "wins")}
        assert pair["common_units"] == len(compared["units"])
    assert ranking["groups"] == [[1], [0], [2]] and (ranking["seed"], ranking["samples"]) == (12345, 1000)
    assert [s["name"] for s in ranking["systems"]] == [str(NLTK), str(GOLD_WORDS), str(no_splits)]


def test_ranking_json_reads_back_and_a_changed_figure_is_refused(capsysbinary, tmp_path, no_edits):
    gold = UAGEC / "ann0.first100.m2"
    status, out, err = run(capsysbinary, "gec", "-ref", gold, "-hyp", UAGEC / "ann1.first100.m2", gold, no_edits,
                           "--rank", "--json")
    assert status == 0, err
    saved = read_run_json(out.encode("utf-8"), "rank.json", None, "gec")
    assert saved.extras.ranking.to_dict() == json.loads(out)["ranking"]
    path = tmp_path / "rank.json"
    path.write_text(out, encoding="utf-8")
    assert jpcore.load(path).extras.ranking.groups == [[1], [0], [2]]
    data = json.loads(out)
    data["ranking"]["groups"] = [[1, 0], [2]]
    with pytest.raises(InputError, match=r"^rank.json: ranking.groups: expected a list of 3 items, the value that"):
        read_run_json(json.dumps(data).encode("utf-8"), "rank.json", None, "gec")
    data = json.loads(out)
    data["ranking"]["systems"][2]["unit_counts"][1] = [1, 0, 0]
    with pytest.raises(InputError, match=r"ranking.systems\[2\].unit_counts: expected rows adding up"):
        read_run_json(json.dumps(data).encode("utf-8"), "rank.json", None, "gec")


def test_text_output(capsysbinary, no_splits):
    status, out, err = run(capsysbinary, "preprocess", GOLD_WORDS, NLTK, GOLD_WORDS, no_splits, "--rank")
    assert status == 0, err
    block = out[out.index("Ranking on"):]
    lines = block.splitlines()
    assert lines[0] == "Ranking on Words F1 (3 systems, each aligned to the same gold on its own):"
    assert [cell.strip() for cell in lines[1].split(" | ")] == [
        "Rank", "Group", "System", "Words F1 (%)", "95 % interval (%)", "Best \u2212 system (points)", "p"]
    rows = [[cell.strip() for cell in line.split(" | ")] for line in lines[3:6]]
    assert rows == [["1", "1", str(GOLD_WORDS), "100.00", "[100.00, 100.00]", "\u2013", "\u2013"],
                    ["2", "2", str(NLTK), "96.31", "[95.75, 96.80]", "+3.69", "< 0.001"],
                    ["3", "3", str(no_splits), "1.11", "[0.94, 1.31]", "+98.89", "< 0.001"]]
    assert "method: paired-bootstrap, seed 12345, 1,000 resamples, as --compare" in block
    assert "warning" not in block  # every pair has 1,409 common units or more


def test_a_pair_on_fewer_than_30_common_units_is_flagged(capsysbinary):
    toy = SAMPLE_DATA / "m2" / "toy-en"
    status, out, err = run(capsysbinary, "gec", "-ref", toy / "gold.m2", "-hyp", toy / "sys.m2", toy / "gold.m2",
                           "--rank")
    assert status == 0, err
    assert out.endswith(f"  warning: {toy / 'gold.m2'} against {toy / 'sys.m2'}: 8 common units: the interval is "
                        "unreliable\n")


@pytest.mark.parametrize("args, message", [
    (["--rank"], "jpcore preprocess: error: --rank needs two systems or more"),
    ([GOLD_WORDS], "jpcore preprocess: error: more system files"),
    ([GOLD_WORDS, "--rank", "--json", "--table-format", "latex"],
     "jpcore preprocess: error: --table-format prints tables instead of the report; --json prints JSON"),
    (["missing.txt", "--rank"], "jpcore preprocess: error: missing.txt: No such file or directory"),
])
def test_option_errors_are_one_line(capsysbinary, args, message):
    status, out, err = run(capsysbinary, "preprocess", GOLD_WORDS, NLTK, *args)
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1
