"""Issue 25 (Teaching items 2, 5, 6) on an instructor's own paragraph, driven by AppTest.

The paragraph holds "Dr.", "U.S.", quotes, "don't", "...", "3.14", "5 p.m. Then",
"$4.50" and "Mr."; its gold closes a sentence after "p.m." and Punkt does not.
Pasted with the whitespace tokenizer chosen: the questions are generated on it,
the choices stay, the quiz mode hides every explanation, Punkt's lists and
decisions are read from nltk, and two tokenizers are compared without gold.
"""

from __future__ import annotations

import html
import re

import pytest
from streamlit.testing.v1 import AppTest

from jpcore.align.similarity import Normaliser
from jpcore.formats import read_segmentation
from jpcore.preprocess import evaluate
from jpcore.systems import run_system
from inspector.teaching.generated import questions_on
from inspector.teaching.handout import handout_html
from inspector.tokens.view import ResultView
from tests.app_support import APP, run as _run

RAW = ('Dr. Lee met Mr. Brown in the U.S. on Monday. "I don\'t know..." he said. '
       'Pi is 3.14 and tea costs $4.50 here. We met at 5 p.m. Then we left.\n')
GOLD = ('Dr. Lee met Mr. Brown in the U.S. on Monday .\n" I do n\'t know ... " he said .\n'
        'Pi is 3.14 and tea costs $ 4.50 here .\nWe met at 5 p.m.\nThen we left .\n')


@pytest.fixture
def page() -> AppTest:
    """The Teaching page with the paragraph pasted and the whitespace tokenizer as system A."""
    at = _run(AppTest.from_file(str(APP), default_timeout=60))
    at.switch_page("../pages/teaching.py")
    _run(at)
    at.radio(key="teach_source").set_value("paste")
    _run(at)
    at.text_area(key="teach_paste_raw").set_value(RAW)
    at.text_area(key="teach_paste_gold").set_value(GOLD)
    at.selectbox(key="teach_tokenizer").set_value("whitespace")
    return _run(at)


def _html(at: AppTest) -> str:
    return html.unescape("\n".join(element.value for element in at.html))


def _unescape(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def _scores(at: AppTest) -> dict[str, tuple[int, int, int]]:
    frame = next(t.value for t in at.table if "TP" in t.value.columns)
    return {str(n): tuple(int(v) for v in frame.loc[n, ["TP", "FP", "FN"]]) for n in frame.index}


def test_questions_are_on_the_loaded_text_and_keep_the_choices(page: AppTest) -> None:
    assert not page.error
    assert _scores(page) == {"Sentences": (3, 1, 2), "Words": (23, 8, 17)}
    text = _html(page)
    questions = [line for line in text.split("<b>Q")[1:]]
    assert len(questions) == 4  # one per unit with an error: all four units
    assert "Unit #3: how many sentence and token TP, FP and FN" in text
    assert "Gold: We met at 5 p.m. ~~~ Then we left ." in text
    assert "System: We met at 5 p.m. Then we left." in text
    # the answers are hidden until asked for, and the instructor's choices stay
    assert "<b>A1.</b>" not in text
    page.toggle(key="teach_own_answer_4").set_value(True)
    _run(page)
    text = _html(page)
    assert "<b>A4.</b> Sentences TP 0, FP 1, FN 2; Words TP 7, FP 1, FN 2." in text
    assert "<b>A1.</b>" not in text
    assert page.radio(key="teach_source").value == "paste"
    assert page.selectbox(key="teach_tokenizer").value == "whitespace"
    assert page.text_area(key="teach_paste_raw").value == RAW
    labels = [button.label for button in page.get("download_button")]
    assert "Handout (HTML, prints with the answers on a last page)" in labels


def test_quiz_mode_hides_every_explanation(page: AppTest) -> None:
    cards = next(e.value for e in page.html if 'class="jp-explained"' in e.value)
    regions = next(e.value for e in page.html if 'class="jp-units jp-region"' in e.value)
    # 4 unit cards, and Two systems side by side explains its 4 stretches too (issue 25, item 4)
    assert cards.count("Why these counts") == 4 and regions.count("Why these counts") == 4
    assert _html(page).count("Why these counts") == 8
    page.toggle(key="teach_quiz").set_value(True)
    _run(page)
    text = _html(page)
    assert "Why these counts" not in text
    # the units are still drawn: 4 in the explained tab, 4 in "Two tokenizers, no gold"
    assert text.count('class="jp-tu"') == 8
    assert "Quiz mode: the explanations are hidden." in [c.value for c in page.caption]


def test_the_handout_holds_text_segmentations_questions_and_answers_last() -> None:
    run = run_system(RAW + "<script>x</script>\n", "punkt", "whitespace")
    gold = read_segmentation((GOLD + "< script > x < /script >\n").encode(), "gold (pasted)")
    result = evaluate(gold, run.segmentation, Normaliser.for_language("en"), raw_text=run.raw_text)
    questions = questions_on(ResultView(result))
    page = handout_html("Exercise <b>", run.raw_text, result.gold, result.system, run.describe(), questions)
    assert "<script" not in page.lower() and "<b>Exercise" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page
    assert "@media print" in page and "page-break-before: always" in page
    body = page.split("<h2>Questions</h2>")[1]
    asked, answers = body.split('<section class="answers">')
    assert asked.count("<b>Q") == len(questions) == 5
    assert answers.count("<b>A") == 5 and "<b>A" not in asked
    assert page.count('<span class="tok">') == result.gold.n_tokens + result.system.n_tokens == 47 + 32
    assert "<ol" in page.split("<h2>Gold segmentation")[1]


def test_what_punkt_knows_and_why_it_split(page: AppTest) -> None:
    page.text_input(key="teach_punkt_search").set_value("u.s")
    _run(page)
    frames = {df.value.columns[0]: list(df.value.iloc[:, 0]) for df in page.dataframe
              if df.value.columns[0] in ("Abbreviations", "Collocations", "Sentence starters")}
    assert frames["Abbreviations"] == ["u.s", "u.s.a", "u.s.s.r"]
    assert frames["Sentence starters"] == []
    captions = [c.value for c in page.caption]
    assert "3 of 156 entries: a period after these does not end a sentence (first pass)." in captions
    box = page.selectbox(key="teach_punkt_boundary")
    assert box.options == [
        "“Dr.” before “Lee” (character 2): no split", "“Mr.” before “Brown” (character 14): no split",
        "“U.S.” before “on” (character 32): no split", "“Monday.” before “\"I” (character 43): split",
        "“know...” before “\"” (character 60): no split", "“said.” before “Pi” (character 70): split",
        "“here.” before “We” (character 107): split", "“p.m.” before “Then” (character 124): no split",
    ]
    box.set_value(7)
    _run(page)
    said = _unescape("\n".join(m.value for m in page.markdown))
    assert "**Why Punkt does not split here**" in said
    assert "“p.m” is in Punkt's list of abbreviations" in said
    assert "“Then” is not in the list of frequent sentence starters" in said
    page.selectbox(key="teach_punkt_boundary").set_value(0)
    _run(page)
    said = _unescape("\n".join(m.value for m in page.markdown))
    assert "“dr” is in Punkt's list of abbreviations" in said and "“Lee” is not in the list" in said


def test_two_tokenizers_without_gold(page: AppTest) -> None:
    said = next(m.value for m in page.markdown if m.value.startswith("**Token boundaries:**"))
    assert said == ("**Token boundaries:** 38 shared · **A-only 2** · **B-only 14**  \n"
                    "**Sentence boundaries:** 4 shared · **A-only 0** · **B-only 0**")
    assert "4 of 4 units cut differently by A and B." in [c.value for c in page.caption]
    page.selectbox(key="teach_n_b_tokenizer").set_value("whitespace")
    _run(page)
    said = next(m.value for m in page.markdown if m.value.startswith("**Token boundaries:**"))
    assert said.startswith("**Token boundaries:** 31 shared · **A-only 9** · **B-only 0**")  # 40 and 31 tokens


def test_a_bad_pattern_in_the_no_gold_tab_is_one_error(page: AppTest) -> None:
    page.selectbox(key="teach_n_b_tokenizer").set_value("regex")
    _run(page)
    page.text_input(key="teach_n_b_pattern").set_value("(ab")
    _run(page)
    assert [_unescape(e.value) for e in page.error] == [
        "Could not run the systems: tokenizer pattern: expected a valid regular expression, found '(ab': "
        "missing ), unterminated subpattern at position 0"]
    assert _scores(page) == {"Sentences": (3, 1, 2), "Words": (23, 8, 17)}  # the rest of the page goes on
