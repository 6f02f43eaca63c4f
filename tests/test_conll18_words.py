"""`jpcore preprocess` against the CoNLL 2018 UD script itself, words level included.

``conll18_ud_eval.py`` runs in this test session (:mod:`tests.conll18_peer`)
on the same files as ``python -m jpcore preprocess --json`` at the default
``words`` level and at ``--level tokens``; its Tokens, Sentences and Words
counts (correct / gold / predicted) must be ours:

* the script's own tests rebuilt in ``tests/conll18/`` (a token and a comma
  joined, ``I'm`` as a multiword token of ``I am``, a split sentence, a token
  with a space, German multiword tokens whose expansions differ in case) and
  every case of its ``TestAlignment`` (the straddling word of its test #6
  among them);
* the UD test sets of ``../shared/data/ud`` against systems derived from
  them (multiword tokens written as plain words, their expansions changed in
  case and form, sentences merged and split, tokens re-cut across a
  multiword token's edge, all at once) and against random pairs (hypothesis);
* the streaming path gives the same on them.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.cli import main as cli_main
from jpcore.formats import read_segmentation
from jpcore.json_text import dumps
from jpcore.align.similarity import Normaliser
from jpcore.preprocess import stream as preprocess_stream
from jpcore.preprocess import evaluate, evaluate_bytes
from jpcore.preprocess.stream_report import write_streamed
from jpcore.align.multiword import WordSpans, conll18_pairs, lcs_pairs
from tests.conftest import ROOT, UD
from tests.conll18_peer import DERIVED, Token, conll18_counts, derive, write

CASES = ROOT / "tests" / "conll18"
UD_FILES = sorted(path for path in UD.rglob("*.conllu") if ".nltk." not in path.name)


def ours(capsys, gold: Path, system: Path) -> dict[str, tuple[int, int, int]]:
    """``jpcore preprocess --json`` at both levels as conll18's rows (correct, gold, predicted)."""
    rows = {}
    for level, row in (("tokens", "Tokens"), ("words", "Words")):
        args = ["preprocess", str(gold), str(system), "--json"] + (["--level", level] if level == "tokens" else [])
        assert cli_main(args) == 0
        out = capsys.readouterr()
        assert out.err == ""
        result = json.loads(out.out)
        assert result["level"] == level and result["streams_equal"]
        tokens, sentences = result["totals"]["tokens"], result["totals"]["sentences"]
        rows[row] = (tokens["tp"], tokens["gold"], tokens["system"])
        sentence_row = (sentences["tp"], sentences["gold"], sentences["system"])
        assert rows.setdefault("Sentences", sentence_row) == sentence_row
    return rows


def peer(gold: Path, system: Path) -> dict[str, tuple[int, int, int]]:
    return conll18_counts(gold.read_text("utf-8"), system.read_text("utf-8"))


# ---------------------------------------------------------------- the script's own test files

#: (gold, system, conll18's --counts rows), as the script prints them for our rebuilt files
OWN_CASES = [
    ("gold", "sys1", {"Tokens": (9, 13, 11), "Sentences": (2, 2, 2), "Words": (10, 13, 12)}),
    ("gold", "sys2", {"Tokens": (13, 13, 13), "Sentences": (1, 2, 3), "Words": (13, 13, 13)}),
    ("gold", "sys-space", {"Tokens": (11, 13, 12), "Sentences": (2, 2, 2), "Words": (11, 13, 12)}),
    ("case-gold", "case-sys", {"Tokens": (8, 8, 8), "Sentences": (1, 1, 1), "Words": (10, 10, 10)}),
]


@pytest.mark.parametrize("gold, system, expected", OWN_CASES, ids=[case[1] for case in OWN_CASES])
def test_the_scripts_own_test_files(capsys, gold, system, expected):
    gold_path, sys_path = CASES / f"{gold}.conllu", CASES / f"{system}.conllu"
    assert peer(gold_path, sys_path) == expected
    assert ours(capsys, gold_path, sys_path) == expected


def test_case_only_differences_inside_multiword_tokens_cost_nothing(capsys):
    # 'Am' = 'An dem' / 'an dem', 'zum' = 'zu dem' / 'Zu dem': the tokens' characters
    # are the same, so the sentence is correct and every word pair too
    result = evaluate_bytes((CASES / "case-gold.conllu").read_bytes(), (CASES / "case-sys.conllu").read_bytes(),
                            "case-gold.conllu", "case-sys.conllu")
    assert result.streams_equal and result.differences == []
    assert [(unit.kind, unit.ratio) for unit in result.units] == [("exact", "1:1")]
    assert all(word.is_match for word in result.units[0].words)


def test_the_issues_minimal_case(tmp_path, capsys):
    # gold 'du' = 'de le' + 'chat' against a system that left 'du' unexpanded
    gold, system = tmp_path / "g.conllu", tmp_path / "s.conllu"
    gold.write_text(write([[Token("du", ["de", "le"]), Token("chat", ["chat"])]]), "utf-8")
    system.write_text(write([[Token("du", ["du"]), Token("chat", ["chat"])]]), "utf-8")
    expected = {"Tokens": (2, 2, 2), "Sentences": (1, 1, 1), "Words": (1, 3, 2)}
    assert peer(gold, system) == expected == ours(capsys, gold, system)
    result = evaluate_bytes(gold.read_bytes(), system.read_bytes(), "g.conllu", "s.conllu")
    assert [(w.ratio, w.kind) for w in result.units[0].words] == [("2:1", "merged"), ("1:1", "exact")]


# ---------------------------------------------------------------- the script's TestAlignment

def _tokens(words: list[str]) -> list[Token]:
    """The script's notation: "abc a b c" is the multiword token abc of a, b, c."""
    out = []
    for item in words:
        form, *parts = item.split(" ")
        out.append(Token(form, parts or [form]))
    return out


#: (gold, system, correct words) from TestAlignment (test_equal,
#: test_equal_with_multiword, test_alignment); #5, #6 and #7 are the last three
ALIGNMENT_CASES = [
    (["a"], ["a"], 1),
    (["a", "b", "c"], ["a", "b", "c"], 3),
    (["abc a b c"], ["a", "b", "c"], 3),
    (["a", "bc b c", "d"], ["a", "b", "c", "d"], 4),
    (["abcd a b c d"], ["ab a b", "cd c d"], 4),
    (["abc a b c", "de d e"], ["a", "bcd b c d", "e"], 5),
    (["abcd"], ["a", "b", "c", "d"], 0),
    (["abc", "d"], ["a", "b", "c", "d"], 1),
    (["a", "bc", "d"], ["a", "b", "c", "d"], 2),
    (["a", "bc b c", "d"], ["a", "b", "cd"], 2),
    (["abc a BX c", "def d EX f"], ["ab a b", "cd c d", "ef e f"], 4),
    (["ab a b", "cd bc d"], ["a", "bc", "d"], 2),
    (["a", "bc b c", "d"], ["ab AX BX", "cd CX a"], 1),
]


@pytest.mark.parametrize("gold, system, correct", ALIGNMENT_CASES, ids=[" | ".join(c[0]) for c in ALIGNMENT_CASES])
def test_the_scripts_alignment_cases(tmp_path, capsys, gold, system, correct):
    gold_path, sys_path = tmp_path / "gold.conllu", tmp_path / "sys.conllu"
    gold_path.write_text(write([_tokens(gold)]), "utf-8")
    sys_path.write_text(write([_tokens(system)]), "utf-8")
    expected = peer(gold_path, sys_path)
    assert expected["Words"][0] == correct
    assert ours(capsys, gold_path, sys_path) == expected


def test_the_straddling_word_of_test_6():
    # gold ab = a b, cd = bc d; system a | bc | d: 'bc' starts inside 'ab' and ends
    # inside 'cd', so the script leaves it out of cd's span: a~a and d~d pair
    gold = WordSpans([0, 0, 2, 2], [2, 2, 4, 4], [True] * 4, ["a", "b", "bc", "d"])
    system = WordSpans([0, 1, 3], [1, 3, 4], [False] * 3, ["a", "bc", "d"])
    assert conll18_pairs(gold, system) == [(0, 0), (3, 2)]


# ---------------------------------------------------------------- UD test sets, derived systems

@pytest.mark.parametrize("how", sorted(DERIVED))
@pytest.mark.parametrize("gold", UD_FILES, ids=[path.name for path in UD_FILES])
def test_ud_test_sets_against_derived_systems(tmp_path, capsys, gold, how):
    system = tmp_path / f"{how}.conllu"
    system.write_text(derive(gold.read_text("utf-8"), how), "utf-8")
    assert ours(capsys, gold, system) == peer(gold, system)


def test_the_derived_systems_are_what_they_say():
    # guards the generators: French GSD (83 multiword tokens) and what each changes
    gold = (UD / "UD_French-GSD" / "fr_gsd-ud-test.excerpt.conllu").read_text("utf-8")
    counts = {how: conll18_counts(gold, derive(gold, how)) for how in DERIVED}
    assert counts == {
        "no-multiword": {"Tokens": (2501, 2501, 2501), "Sentences": (100, 100, 100), "Words": (2418, 2584, 2501)},
        "perturbed-multiword": {"Tokens": (2501, 2501, 2501), "Sentences": (100, 100, 100),
                                "Words": (2528, 2584, 2584)},
        "merged-sentences": {"Tokens": (2501, 2501, 2501), "Sentences": (34, 100, 67), "Words": (2584, 2584, 2584)},
        "split-sentences": {"Tokens": (2501, 2501, 2501), "Sentences": (75, 100, 125), "Words": (2584, 2584, 2584)},
        "retokenized": {"Tokens": (880, 2501, 2159), "Sentences": (100, 100, 100), "Words": (1574, 2584, 2533)},
        "all-at-once": {"Tokens": (896, 2501, 2168), "Sentences": (25, 100, 100), "Words": (1567, 2584, 2553)},
    }


# ---------------------------------------------------------------- random pairs


@st.composite
def conllu_pairs(draw):
    """One text of a/b cut into tokens twice, some tokens multiword with random words, and into sentences."""
    text = draw(st.text(alphabet="ab", min_size=1, max_size=14))

    def side() -> str:
        cuts = sorted(draw(st.sets(st.integers(1, len(text) - 1)))) if len(text) > 1 else []
        bounds = [0, *cuts, len(text)]
        tokens = []
        for start, end in zip(bounds, bounds[1:]):
            words = draw(st.lists(st.sampled_from(["a", "b", "ab", "A", "ba"]), min_size=1, max_size=3))
            tokens.append(Token(text[start:end], words) if draw(st.booleans()) else Token(text[start:end],
                                                                                          [text[start:end]]))
        breaks = sorted(draw(st.sets(st.integers(1, len(tokens) - 1)))) if len(tokens) > 1 else []
        edges = [0, *breaks, len(tokens)]
        return write([tokens[a:b] for a, b in zip(edges, edges[1:])])

    return side(), side()


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(conllu_pairs())
def test_random_pairs_count_as_the_script_counts(pair):
    gold, system = pair
    expected = conll18_counts(gold, system)
    got = {}
    for level, row in (("tokens", "Tokens"), ("words", "Words")):
        result = evaluate_bytes(gold.encode(), system.encode(), "g.conllu", "s.conllu", level=level)
        tokens, sentences = result.totals["tokens"], result.totals["sentences"]
        got[row] = (tokens.tp, tokens.gold, tokens.system)
        got["Sentences"] = (sentences.tp, sentences.gold, sentences.system)
        # word groups partition both sides, in order
        gold_at = sys_at = 0
        for unit in result.units:
            for word in unit.words:
                assert (word.gold[0], word.sys[0]) == (gold_at, sys_at)
                gold_at, sys_at = word.gold[1], word.sys[1]
        assert (gold_at, sys_at) == (tokens.gold, tokens.system)
    assert got == expected


def _lcs_table_pairs(gold: list[str], system: list[str]) -> list[tuple[int, int]]:
    """The script's pairing with a plain table (the reference for the bit vectors)."""
    n, m = len(gold), len(system)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for g in reversed(range(n)):
        for s in reversed(range(m)):
            table[g][s] = max(table[g + 1][s], table[g][s + 1], table[g + 1][s + 1] + (gold[g] == system[s]))
    pairs, g, s = [], 0, 0
    while g < n and s < m:
        if gold[g] == system[s]:
            pairs.append((g, s))
            g, s = g + 1, s + 1
        elif table[g][s] == table[g + 1][s]:
            g += 1
        else:
            s += 1
    return pairs


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from("abc"), max_size=12), st.lists(st.sampled_from("abc"), max_size=12))
def test_bit_vector_lcs_pairs_as_the_table_does(gold, system):
    assert lcs_pairs(gold, system) == _lcs_table_pairs(gold, system)


# ---------------------------------------------------------------- the streaming path


def _streamed(gold: Path, system: Path, window: int) -> str:
    out = io.StringIO()
    write_streamed(str(gold), str(system), "auto", "words", Normaliser.for_language("en"), as_json=True, out=out,
                   window=window)
    return out.getvalue()


def _whole(gold: Path, system: Path) -> str:
    result = evaluate(read_segmentation(gold.read_bytes(), str(gold)), read_segmentation(system.read_bytes(),
                                                                                       str(system)))
    return dumps(result.to_dict()) + "\n"  # as the command prints it (jpcore.json_text)


@pytest.mark.parametrize("how", ["all-at-once", "perturbed-multiword", "retokenized"])
def test_multiword_pairs_stream_like_the_whole_file(tmp_path, monkeypatch, how):
    gold = UD / "UD_French-GSD" / "fr_gsd-ud-test.excerpt.conllu"
    system = tmp_path / f"{how}.conllu"
    system.write_text(derive(gold.read_text("utf-8"), how), "utf-8")
    monkeypatch.setattr(preprocess_stream, "LOOKAHEAD", 300)
    expected = _whole(gold, system)
    assert _streamed(gold, system, 200) == expected
    assert _streamed(gold, system, preprocess_stream.WINDOW) == expected


def test_a_pair_across_a_sentence_boundary_is_counted_and_streamed(tmp_path):
    # gold 'Hole' | 'du' = 'de le'; system 'Ho le' | 'du': the script's span for 'du'
    # takes the system's 'le' of the sentence before and pairs it with gold 'le'
    gold, system = tmp_path / "g.conllu", tmp_path / "s.conllu"
    gold.write_text(write([[Token("Hole", ["Hole"])], [Token("du", ["de", "le"]), Token("x", ["x"])]]), "utf-8")
    system.write_text(write([[Token("Ho", ["Ho"]), Token("le", ["le"])], [Token("du", ["du"]), Token("x", ["x"])]]),
                      "utf-8")
    expected = {"Tokens": (2, 3, 4), "Sentences": (2, 2, 2), "Words": (2, 4, 4)}
    assert peer(gold, system) == expected
    result = evaluate_bytes(gold.read_bytes(), system.read_bytes(), "g.conllu", "s.conllu")
    assert (result.totals["tokens"].tp, result.totals["tokens"].gold, result.totals["tokens"].system) == (2, 4, 4)
    # the pair is counted in its gold word's unit; the totals are the script's
    assert [unit.tokens.as_tuple() for unit in result.units] == [(0, 2, 1), (2, 0, 1)]
    assert [(w.gold, w.sys, w.kind) for w in result.units[1].words] == [
        ((1, 2), (1, 1), "gold-only"), ((2, 3), (1, 2), "exact"), ((3, 3), (2, 3), "system-only"),
        ((3, 4), (3, 4), "exact")]
    assert _streamed(gold, system, 10) == _whole(gold, system)


def test_text_against_conllu_compares_the_words_as_written():
    # a tokenized text file has no multiword tokens: against it the CoNLL-U
    # side's words are compared as written (gold.words.txt against gold.conllu)
    folder = UD / "UD_French-GSD"
    gold = read_segmentation((folder / "fr_gsd-ud-test.excerpt.conllu").read_bytes(), "fr.conllu")
    words = read_segmentation((folder / "fr_gsd-ud-test.excerpt.gold.words.txt").read_bytes(), "fr.words.txt")
    result = evaluate(gold, words)
    assert result.streams_equal
    assert result.totals["tokens"].as_tuple() == (2584, 0, 0) and result.totals["sentences"].as_tuple() == (100, 0, 0)


def test_the_two_command_lines_print_the_same_counts():
    # both programs as a user runs them: conll18_ud_eval.py --counts and python -m jpcore preprocess --json
    import re
    import subprocess
    import sys

    from tests.conll18_peer import CONLL18

    gold, system = CASES / "gold.conllu", CASES / "sys1.conllu"
    printed = subprocess.run([sys.executable, str(CONLL18), "--counts", str(gold), str(system)],
                             capture_output=True, text=True, check=True).stdout
    script = {row: tuple(int(x) for x in re.search(rf"^{row}\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)", printed,
                                                   re.M).groups()) for row in ("Tokens", "Sentences", "Words")}
    ours_rows = {}
    for level, row in (("tokens", "Tokens"), ("words", "Words")):
        done = subprocess.run([sys.executable, "-m", "jpcore", "preprocess", str(gold), str(system), "--json",
                               "--level", level], cwd=ROOT, capture_output=True, text=True, check=True)
        totals = json.loads(done.stdout)["totals"]
        ours_rows[row] = (totals["tokens"]["tp"], totals["tokens"]["gold"], totals["tokens"]["system"])
        ours_rows["Sentences"] = (totals["sentences"]["tp"], totals["sentences"]["gold"],
                                  totals["sentences"]["system"])
    assert ours_rows == script == {"Tokens": (9, 13, 11), "Sentences": (2, 2, 2), "Words": (10, 13, 12)}
