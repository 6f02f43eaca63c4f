"""Punkt's own rules, said in words (jpcore.systems.punkt_why), on "Dr.", "U.S." and "5 p.m. Then"."""

from __future__ import annotations

from jpcore.systems.punkt_source import english_punkt
from jpcore.systems.punkt_why import punkt_decisions, punkt_knowledge

TEXT = "Dr. Lee lives in the U.S. now. We met at 5 p.m. Then we left for the U.S. The end."


def test_the_decisions_are_punkts_own() -> None:
    decisions = punkt_decisions(TEXT)
    assert [(d.token, d.next, d.split) for d in decisions] == [
        ("Dr.", "Lee", False), ("U.S.", "now.", False), ("now.", "We", True), ("p.m.", "Then", False),
        ("U.S.", "The", True),
    ]
    # what nltk's own tokenizer does agrees with every decision
    sentences = english_punkt()[0].tokenize(TEXT)
    assert sentences == ["Dr. Lee lives in the U.S. now.", "We met at 5 p.m. Then we left for the U.S.", "The end."]


def test_the_reasons_name_the_rule() -> None:
    dr, us_now, _, pm, us_the = punkt_decisions(TEXT)
    assert dr.reasons[0] == ("First pass: “dr” is in Punkt's list of abbreviations, so its period is taken as "
                             "part of the abbreviation, not as a sentence end.")
    assert dr.rule == "default decision"
    assert us_now.reasons[1] == (
        "Second pass: Orthographic heuristic: the next word is lower case (or punctuation) and Punkt has seen it "
        "capitalised, or never seen it start a sentence in lower case, so it does not start one. And “now.” is "
        "not in the list of frequent sentence starters. So the first pass stands: no split.")
    assert pm.reasons[1].endswith("And “Then” is not in the list of frequent sentence starters. So the first "
                                  "pass stands: no split.")
    assert us_the.rule == "abbreviation + frequent sentence starter"
    assert us_the.reasons[1] == ("Second pass: the next word “The” is capitalised and in Punkt's list of frequent "
                                 "sentence starters, so Punkt splits after the abbreviation.")


def test_the_tables_in_use() -> None:
    knowledge = punkt_knowledge()
    assert (len(knowledge.abbreviations), len(knowledge.collocations), len(knowledge.sentence_starters)) == (156, 37, 39)
    assert {"dr", "mr", "u.s", "p.m"} <= set(knowledge.abbreviations)
    assert "the" in knowledge.sentence_starters and "then" not in knowledge.sentence_starters
