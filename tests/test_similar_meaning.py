"""One meaning of "similar" in preprocess, parseval, gec and the app (jpcore/align/streams.py, DESIGN.md).

``similar``: the characters differ but the texts are the same text rewritten
(Jaro-Winkler >= 0.91, gec's alpha); ``different``: the characters differ
and are not similar.  Two unrelated texts are never "similar" (issue 11:
preprocess and parseval used to call any differing stretch similar).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jpcore.align import DISPLAY_KINDS, KINDS
from jpcore.formats import read_segmentation
from jpcore.formats.m2 import parse_m2
from jpcore.formats.trees import read_trees_file
from jpcore.reports.definitions import ALIGNMENT
from jpcore.align.similarity import jaro
from jpcore import gec
from jpcore import parseval
from jpcore.preprocess import evaluate
from inspector.tokens.explain import sentence_reason
from inspector.common.palette import KIND_STYLES
from inspector.tokens.render import legend_html, units_html
from inspector.tokens.view import ResultView
from bench.shared_data import SHARED_DATA

UNRELATED_GOLD = "The cat sat on the mat .\nIt was happy .\nDogs bark loudly .\n"
UNRELATED_SYS = "Birds fly south .\nRain falls .\nKids play football .\n"


def test_two_unrelated_texts_are_different_in_preprocess():
    result = evaluate(read_segmentation(UNRELATED_GOLD, "gold"), read_segmentation(UNRELATED_SYS, "sys"))
    assert [(unit.ratio, unit.kind) for unit in result.units] == [("3:3", "different")]
    assert result.kind_counts() == {"exact": 0, "merged": 0, "similar": 0, "different": 1, "gold-only": 0,
                                    "system-only": 0}
    # a sentence with one word rewritten is similar
    result = evaluate(read_segmentation("The cat sat on the mat .\n", "gold"),
                      read_segmentation("The cat sat on teh mat .\n", "sys"))
    assert [(unit.ratio, unit.kind) for unit in result.units] == [("1:1", "similar")]


def test_two_unrelated_texts_are_different_in_parseval():
    vectors = SHARED_DATA / "parseval" / "vectors-align"
    result = parseval.evaluate(read_trees_file(vectors / "completely_different.gold"),
                               read_trees_file(vectors / "completely_different.sys"))
    assert [(pair.ratio, pair.kind) for pair in result.pairs] == [("3:3", "different")]


def test_gec_pairs_only_similar_blocks():
    def m2(*sentences: str) -> str:
        return "".join(f"S {sentence}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n" for sentence in sentences)

    same = "The cat sat on the mat ."
    result = gec.evaluate(parse_m2(m2(same, "It was happy ."), "ref"), parse_m2(m2(same, "Birds fly south ."), "hyp"))
    assert sorted(unit.kind for unit in result.units) == ["exact", "gold-only", "system-only"]
    result = gec.evaluate(parse_m2(m2(same, "It was happy ."), "ref"), parse_m2(m2(same, "It was very happy ."), "hyp"))
    assert [unit.kind for unit in result.units] == ["exact", "similar"]


def test_the_app_and_the_reports_name_every_kind_with_its_meaning():
    assert set(KIND_STYLES) == set(KINDS) - {"merged"} | {"split", "merged", "regrouped"} == set(DISPLAY_KINDS)
    assert "0.91" in KIND_STYLES["similar"].meaning and "0.91" in KIND_STYLES["different"].meaning
    legend = legend_html()
    assert "≈ similar" in legend and "≠ different" in legend
    terms = dict(ALIGNMENT)
    assert "0.91" in terms["Kind: similar"] and "0.91" in terms["Kind: different"]
    result = evaluate(read_segmentation(UNRELATED_GOLD, "gold"), read_segmentation(UNRELATED_SYS, "sys"))
    view = ResultView(result)
    assert "≠ sentences different" in units_html(view, result.units)  # the badge names what it is about
    reason = sentence_reason(view, result.units[0])
    assert "not similar (different: Jaro-Winkler below 0.91)" in reason


def _textbook_jaro(a: str, b: str) -> float:
    """Jaro similarity straight from its definition (quadratic; the reference)."""
    if a == b:
        return 1.0
    if not a or not b:
        return 0.0
    window = max(max(len(a), len(b)) // 2 - 1, 0)
    used = [False] * len(b)
    a_matches = []
    for i, char in enumerate(a):
        for j in range(max(0, i - window), min(len(b), i + window + 1)):
            if not used[j] and b[j] == char:
                used[j] = True
                a_matches.append(char)
                break
    if not a_matches:
        return 0.0
    b_matches = [b[j] for j in range(len(b)) if used[j]]
    m = len(a_matches)
    t = sum(x != y for x, y in zip(a_matches, b_matches)) // 2
    return (m / len(a) + m / len(b) + (m - t) / m) / 3


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="abcd", max_size=16), st.text(alphabet="abcd", max_size=16))
def test_jaro_is_the_textbook_definition(a, b):
    assert jaro(a, b) == _textbook_jaro(a, b)
