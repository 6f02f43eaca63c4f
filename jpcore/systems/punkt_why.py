"""What the Punkt model in use knows, and why it split (or not) after a token.

:func:`punkt_knowledge` lists the three tables of the English Punkt
parameters in use (:func:`jpcore.systems.punkt_source.english_punkt`):
abbreviations, collocations and frequent sentence starters.
:func:`punkt_decisions` goes through every candidate boundary of a text
(a ``.``, ``?`` or ``!`` followed by a word, as Punkt finds them) and says
in words which of Punkt's own rules decided it, read from nltk's
``PunktSentenceTokenizer.debug_decisions`` (the first pass: abbreviation
list; the second: collocations, the orthographic heuristic, sentence
starters, initials and numbers).  Nothing is guessed here: the decision
and the rule are nltk's.

>>> [(d.token, d.split) for d in punkt_decisions("Dr. Smith came at 5 p.m. Then he left.")]
[('Dr.', False), ('p.m.', False)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from nltk.tokenize import punkt as nltk_punkt

from jpcore.systems.punkt_source import english_punkt


@dataclass(frozen=True, slots=True)
class PunktKnowledge:
    """The tables of a Punkt model, sorted: ``abbreviations`` (without their final
    period, lower case), ``collocations`` (word pairs across a period) and
    ``sentence_starters`` (words that often start a sentence)."""

    abbreviations: tuple[str, ...]
    collocations: tuple[tuple[str, str], ...]
    sentence_starters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PunktDecision:
    """One candidate boundary: the ``token`` ending in ``.``/``?``/``!``, the ``next``
    word, the character ``offset`` of its final mark in the text, whether Punkt
    splits there (``split``), the rule that decided (``rule``, nltk's words) and
    ``reasons`` in plain words."""

    offset: int
    token: str
    next: str
    split: bool
    rule: str
    reasons: tuple[str, ...]


@lru_cache(maxsize=1)
def punkt_knowledge() -> PunktKnowledge:
    """The tables of the English Punkt parameters in use (see :mod:`jpcore.systems.punkt_source`).

    >>> "dr" in punkt_knowledge().abbreviations
    True
    """
    params = english_punkt()[0]._params
    return PunktKnowledge(
        tuple(sorted(params.abbrev_types)),
        tuple(sorted(params.collocations)),
        tuple(sorted(params.sent_starters)),
    )


#: nltk's names of the orthographic contexts, in words.
CONTEXT_WORDS = {"BEG": "at a sentence start", "MID": "inside a sentence", "UNK": "at an unknown position"}


def _contexts(contexts: set[str]) -> str:
    words = []
    for name in sorted(contexts):
        where, case = name.split("-")
        words.append(f"{'capitalised' if case == 'UC' else 'in lower case'} {CONTEXT_WORDS.get(where, where)}")
    return "seen " + "; ".join(words) if words else "never seen"


def _word_at(text: str, end: int) -> str:
    """The non-space run of ``text`` ending at ``end`` (exclusive)."""
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return text[start:end]


def _word_after(text: str, start: int) -> str:
    while start < len(text) and text[start].isspace():
        start += 1
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end]


def _ortho_words(value: object, contexts: set[str]) -> str:
    if value is True:
        return ("Orthographic heuristic: the next word is capitalised here, and in the training text it was "
                "seen in lower case and never capitalised inside a sentence, so a capital here means a new "
                "sentence.")
    if value is False:
        return ("Orthographic heuristic: the next word is lower case (or punctuation) and Punkt has seen it "
                "capitalised, or never seen it start a sentence in lower case, so it does not start one.")
    return f"Orthographic heuristic: not sure (in the training text the next word was {_contexts(contexts)})."


def _reasons(d: dict, token: str, next_word: str) -> tuple[str, ...]:
    typ = d["type1"][:-1] if d["type1"].endswith(".") else d["type1"]
    reasons: list[str] = []
    if token.endswith(("?", "!")):
        reasons.append(f"“{token}” ends with {token[-1]}, which always ends a sentence.")
    elif d["type1_in_abbrs"]:
        reasons.append(f"First pass: “{typ}” is in Punkt's list of abbreviations, so its period is "
                       "taken as part of the abbreviation, not as a sentence end.")
    elif token.endswith(".."):
        reasons.append(f"First pass: “{token}” is an ellipsis.")
    else:
        reasons.append(f"First pass: “{typ}” is not in Punkt's list of abbreviations, so its period "
                       "is taken as a sentence end.")
    rule = d["reason"]
    if rule == nltk_punkt.REASON_KNOWN_COLLOCATION:
        reasons.append(f"Second pass: “{typ} {next_word}” is a known collocation (the pair is in Punkt's "
                       "list), so the period is inside it: no split.")
    elif rule == nltk_punkt.REASON_ABBR_WITH_ORTHOGRAPHIC_HEURISTIC:
        reasons.append(_ortho_words(True, d["type2_ortho_contexts"]) + " So Punkt splits after the "
                       "abbreviation.")
    elif rule == nltk_punkt.REASON_ABBR_WITH_SENTENCE_STARTER:
        reasons.append(f"Second pass: the next word “{next_word}” is capitalised and in Punkt's list of "
                       "frequent sentence starters, so Punkt splits after the abbreviation.")
    elif rule in (nltk_punkt.REASON_INITIAL_WITH_ORTHOGRAPHIC_HEURISTIC,
                  nltk_punkt.REASON_NUMBER_WITH_ORTHOGRAPHIC_HEURISTIC):
        what = "an initial" if d["type1_is_initial"] else "a number"
        reasons.append(f"Second pass: “{token}” is {what}, and "
                       + _ortho_words(False, d["type2_ortho_contexts"])[0].lower()
                       + _ortho_words(False, d["type2_ortho_contexts"])[1:] + " No split.")
    elif rule == nltk_punkt.REASON_INITIAL_WITH_SPECIAL_ORTHOGRAPHIC_HEURISTIC:
        reasons.append(f"Second pass: “{token}” is an initial and the next word “{next_word}” is capitalised "
                       "and never seen in lower case (a name, as in J. Bach): no split.")
    else:
        if d["type1_in_abbrs"] or token.endswith(".."):
            if d["type2_is_sent_starter"]:
                why = f"“{next_word}” is a known sentence starter but is not capitalised here"
            else:
                why = f"“{next_word}” is not in the list of frequent sentence starters"
            reasons.append("Second pass: " + _ortho_words(d["type2_ortho_heuristic"], d["type2_ortho_contexts"])
                           + f" And {why}. So the first pass stands: no split.")
        else:
            reasons.append("Second pass: no collocation, initial or number rule applies, so the first "
                           "pass stands.")
    return tuple(reasons)


def punkt_decisions(text: str) -> list[PunktDecision]:
    """Every candidate boundary of ``text`` with Punkt's decision and its reasons, in text order.

    ``split`` is the decision of the rules on that token and the next word
    (nltk's ``debug_decisions``); :func:`english_punkt`'s ``span_tokenize``
    follows it, then moves a boundary past closing quotes and brackets.
    """
    tokenizer = english_punkt()[0]
    decisions = []
    for d in tokenizer.debug_decisions(text):
        offset = d["period_index"]
        token, next_word = _word_at(text, offset + 1), _word_after(text, offset + 1)
        decisions.append(PunktDecision(
            offset=offset, token=token, next=next_word, split=bool(d["break_decision"]),
            rule=d["reason"], reasons=_reasons(d, token, next_word)))
    return decisions
