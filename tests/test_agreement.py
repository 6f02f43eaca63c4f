"""Inter-annotator agreement that survives different tokenizations (``--agreement``, issue 28 item 4).

Kappa is held to a hand computation on two annotations derived from a bundled
UD file (one re-tokenized: "search - engine" made one word), identical files
give kappa 1 and 100 % comparable, and the CLI's text, JSON and the saved
JSON's check hold the same figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from jpcore.parseval import evaluate_bytes as parseval_bytes
from jpcore.parseval.agreement import annotator_agreement as parseval_agreement
from jpcore.results.reader import ResultFieldError, read_run_json
from jpcore.stats.kappa import cohen_kappa
from jpcore.ud import evaluate_bytes as ud_bytes
from jpcore.ud.agreement import annotator_agreement as ud_agreement
from tests.conftest import ROOT, SAMPLE_DATA, UD

EXCERPT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt" / "en_ewt-ud-test.excerpt.conllu"
FULL = UD / "UD_English-EWT" / "en_ewt-ud-test.conllu"
PARSED = SAMPLE_DATA / "ud" / "UD_English-EWT-parsed"
HARBOUR = SAMPLE_DATA / "parseval" / "jp-trees"
EVALB_SAMPLE = SAMPLE_DATA / "parseval" / "evalb-sample" / "sample.gld"


def hand_kappa(a: list[str], b: list[str]) -> float:
    """Cohen's kappa written out once more, as on paper: (po - pe) / (1 - pe)."""
    n = len(a)
    po = sum(x == y for x, y in zip(a, b)) / n
    ca, cb = Counter(a), Counter(b)
    pe = sum((ca[label] / n) * (cb[label] / n) for label in set(a) | set(b))
    return 1.0 if pe == 1 else (po - pe) / (1 - pe)


def sentences(text: str) -> list[list[str]]:
    return [block.split("\n") for block in text.strip("\n").split("\n\n")]


def rows(block: list[str]) -> list[list[str]]:
    return [line.split("\t") for line in block if not line.startswith("#")]


def annotator_b(text: str) -> str:
    """Annotator B: "search - engine" of sentence 2 as one word (headed where "engine"
    is), every PROPN tagged NOUN."""
    blocks = sentences(text)
    words = rows(blocks[1])
    assert [w[1] for w in words[6:9]] == ["search", "-", "engine"]
    merged = []
    for w in words:
        k, head = int(w[0]), int(w[6])
        if k in (7, 8):
            continue
        new_head = head - 2 if head > 9 else 7 if head in (7, 8, 9) else head
        new_k = k - 2 if k > 9 else 7 if k == 9 else k
        form = "search-engine" if k == 9 else w[1]
        merged.append([str(new_k), form, form if k == 9 else w[2], *w[3:6], str(new_head), w[7], "_", w[9]])
    blocks[1] = [line for line in blocks[1] if line.startswith("#")] + ["\t".join(w) for w in merged]
    out = "\n\n".join("\n".join(block) for block in blocks) + "\n\n"
    return "\n".join(line.replace("\tPROPN\t", "\tNOUN\t") for line in out.split("\n"))


def test_a_re_tokenized_annotation_agrees_as_computed_by_hand():
    text_a = EXCERPT.read_text(encoding="utf-8")
    text_b = annotator_b(text_a)
    agreement = ud_agreement(ud_bytes(text_a, text_b))
    # by construction: every word but "search", "-", "engine" of sentence 2 is paired 1:1
    words_a = [(s, w) for s, block in enumerate(sentences(text_a)) for w in rows(block) if "-" not in w[0] and "." not in w[0]]
    compared = [(s, w) for s, w in words_a if not (s == 1 and w[0] in ("7", "8", "9"))]
    assert agreement.words_a == len(words_a) == 2573
    assert agreement.words_b == len(words_a) - 2
    assert agreement.comparable == len(compared) == 2570
    assert agreement.not_comparable == {"split/merged": (3, 1), "text differs": (0, 0), "one side only": (0, 0)}
    upos_a = [w[3] for _, w in compared]
    upos_b = ["NOUN" if tag == "PROPN" else tag for tag in upos_a]
    assert agreement.columns["UPOS"].kappa == pytest.approx(hand_kappa(upos_a, upos_b), abs=1e-12)
    assert agreement.columns["UPOS"].agreed == sum(tag != "PROPN" for tag in upos_a)
    head_a = ["root" if w[6] == "0" else str(int(w[6]) - int(w[0])) for _, w in compared]
    # e-mail's head is "engine", now inside the merged word: it corresponds to no word of A
    head_b = ["unaligned" if (s, w[1]) == (1, "e-mail") else label for (s, w), label in zip(compared, head_a)]
    assert head_b.count("unaligned") == 1
    assert agreement.columns["HEAD"].agreed == len(compared) - 1
    assert agreement.columns["HEAD"].kappa == pytest.approx(hand_kappa(head_a, head_b), abs=1e-12)
    for name in ("XPOS", "FEATS", "DEPREL"):
        assert agreement.columns[name].kappa == 1.0
        assert agreement.columns[name].agreed == 2570
    assert round(agreement.columns["UPOS"].kappa, 4) == 0.9099


def test_identical_files_give_kappa_one_and_everything_comparable():
    text = FULL.read_bytes()
    agreement = ud_agreement(ud_bytes(text, text))
    assert agreement.comparable == agreement.words_a == agreement.words_b == 25094
    assert set(agreement.not_comparable.values()) == {(0, 0)}
    assert {name: kappa.kappa for name, kappa in agreement.columns.items()} == dict.fromkeys(
        ("UPOS", "XPOS", "FEATS", "DEPREL", "HEAD"), 1.0)
    trees = EVALB_SAMPLE.read_bytes()
    same = parseval_agreement(parseval_bytes(trees, trees))
    assert (same.comparable, same.words_a, same.spans) == (138, 138, (126, 126, 126))
    assert same.columns["POS"].kappa == same.columns["LABEL"].kappa == 1.0


def test_a_parser_on_raw_text_against_gold_as_two_annotators():
    """The comparable words are the aligned pairs of ``jpcore ud`` (Words aligned
    813), and the agreed UPOS and HEAD are its UPOS and UAS correct counts."""
    gold = (PARSED / "en_ewt-ud-test.first49.conllu").read_bytes()
    raw = (PARSED / "en_ewt-ud-test.first49.raw-text.conllu").read_bytes()
    result = ud_bytes(gold, raw)
    agreement = ud_agreement(result)
    assert (agreement.comparable, agreement.words_a, agreement.words_b) == (813, 852, 837)
    assert agreement.comparable == result.totals["Words"].tp
    assert agreement.not_comparable == {"split/merged": (30, 15), "text differs": (9, 9), "one side only": (0, 0)}
    assert agreement.columns["UPOS"].agreed == result.totals["UPOS"].tp == 539
    assert agreement.columns["XPOS"].agreed == result.totals["XPOS"].tp == 612
    assert agreement.columns["HEAD"].agreed == result.totals["UAS"].tp == 681
    assert [round(k.kappa, 4) for k in agreement.columns.values()] == [0.6393, 0.7397, 0.6627, 0.7752, 0.8136]


def test_parseval_agreement_on_trees_cut_differently():
    result = parseval_bytes((HARBOUR / "harbour.gold.mrg").read_bytes(), (HARBOUR / "harbour.sys.mrg").read_bytes())
    agreement = parseval_agreement(result)
    assert (agreement.comparable, agreement.words_a, agreement.words_b) == (60, 62, 62)
    assert agreement.spans == (44, 52, 50)
    assert (agreement.columns["POS"].agreed, agreement.columns["POS"].items) == (58, 60)
    assert (agreement.columns["LABEL"].agreed, agreement.columns["LABEL"].items) == (44, 44)


def jpcore(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jpcore", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_cli_text_and_json_hold_the_same_figures_and_the_json_reopens(tmp_path):
    gold, raw = PARSED / "en_ewt-ud-test.first49.conllu", PARSED / "en_ewt-ud-test.first49.raw-text.conllu"
    text = jpcore("ud", str(gold), str(raw), "--agreement")
    assert text.returncode == 0, text.stderr
    assert "Comparable words: 813 of 852 in A (95.42%), of 837 in B (97.13%)" in text.stdout
    assert "HEAD   |   813 |    681 |        83.76 | 0.8136" in text.stdout  # kappa is no score: 0-1
    done = jpcore("ud", str(gold), str(raw), "--agreement", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["agreement"]["columns"]["UPOS"]["agreed"] == 539
    assert data["agreement"]["not_comparable"]["split/merged"] == {"a": 30, "b": 15}
    saved = read_run_json(done.stdout.encode(), "ag.json", None, "ud")
    assert saved.extras.agreement.columns["HEAD"].agreed == 681
    data["agreement"]["columns"]["UPOS"]["agreed"] = 540
    with pytest.raises(ResultFieldError, match=r"agreement\.columns\.UPOS\.agreed: expected 539"):
        read_run_json(json.dumps(data).encode(), "ag.json", None, "ud")


def test_parseval_cli_agreement_and_legacy_refusal():
    done = jpcore("parseval", str(HARBOUR / "harbour.gold.mrg"), str(HARBOUR / "harbour.sys.mrg"), "--agreement",
                  "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["agreement"]["spans"] == {"comparable": 44, "spans_a": 52, "spans_b": 50}
    assert data["agreement"]["columns"]["POS"]["disagreements"]
    refused = jpcore("parseval", str(EVALB_SAMPLE), str(EVALB_SAMPLE), "--evalb", "--agreement")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "--agreement: only available in alignment mode" in refused.stderr


def test_kappa_by_hand_on_a_small_table():
    # 10 items, A: 6 x, 4 y; B: 5 x, 5 y; agreed on 4 x and 3 y
    a = ["x"] * 6 + ["y"] * 4
    b = ["x"] * 4 + ["y"] * 2 + ["x"] + ["y"] * 3
    kappa = cohen_kappa(a, b)
    # po = 0.7; pe = 0.6 * 0.5 + 0.4 * 0.5 = 0.5; kappa = 0.2 / 0.5
    assert (kappa.items, kappa.agreed, kappa.observed, kappa.expected) == (10, 7, 0.7, 0.5)
    assert kappa.kappa == pytest.approx(0.4, abs=1e-12)
    with pytest.raises(ValueError, match="coder A labelled 2 items, coder B 1"):
        cohen_kappa(["x", "y"], ["x"])


def test_a_task_without_agreement_refuses_the_key_in_a_saved_result():
    m2 = SAMPLE_DATA / "m2" / "toy-en"
    files = sorted(m2.glob("*.m2"))
    done = jpcore("gec", "-ref", str(files[0]), "-hyp", str(files[0]), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    data["agreement"] = {}
    with pytest.raises(ResultFieldError, match="the key 'agreement'"):
        read_run_json(json.dumps(data).encode(), "gec.json", None, "gec")
