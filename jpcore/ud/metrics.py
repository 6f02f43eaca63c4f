"""The CoNLL 2018 UD metrics: their names, word classes and what each compares.

Facts restated from ``conll18_ud_eval.py`` (version 1.2, the CoNLL 2018
shared task's script):

* the thirteen metrics, in the script's order: :data:`METRICS`;
* a DEPREL is compared by its main type, the part before the first ``:``
  (``nmod:poss`` is ``nmod``): :func:`main_type`;
* FEATS are compared by their *universal* features only (the 21 names of
  :data:`UNIVERSAL_FEATURES`), sorted; ``_`` and language-specific features
  are dropped: :func:`universal_features`;
* a word is a *content* word when its main type is in :data:`CONTENT_DEPRELS`
  (CLAS, MLAS and BLEX count only those) and a *function* word when it is in
  :data:`FUNCTIONAL_DEPRELS` (MLAS compares a content word's function-word
  children); other main types (``punct``, ``_``, ...) are neither.

What a metric compares for one aligned word pair (gold word ``g``, system
word ``s``) is in :mod:`jpcore.ud.scoring`.

>>> main_type("nmod:poss"), universal_features("Number=Sing|Abbr=Yes|NumForm=Digit")
('nmod', 'Abbr=Yes|Number=Sing')
>>> universal_features("_"), "root" in CONTENT_DEPRELS, "punct" in CONTENT_DEPRELS | FUNCTIONAL_DEPRELS
('', True, False)
"""

from __future__ import annotations

from collections.abc import Callable

#: Every metric, in the order conll18_ud_eval.py prints them (its names).
METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
           "UAS", "LAS", "CLAS", "MLAS", "BLEX")
#: The metrics scored on aligned word pairs (each has an aligned accuracy).
PAIR_METRICS = METRICS[3:]
#: The metrics that count content words only.
CONTENT_METRICS = ("CLAS", "MLAS", "BLEX")

#: Main types of content words (CLAS, MLAS, BLEX).
CONTENT_DEPRELS = frozenset({
    "nsubj", "obj", "iobj", "csubj", "ccomp", "xcomp", "obl", "vocative", "expl", "dislocated",
    "advcl", "advmod", "discourse", "nmod", "appos", "nummod", "acl", "amod", "conj", "fixed",
    "flat", "compound", "list", "parataxis", "orphan", "goeswith", "reparandum", "root", "dep",
})
#: Main types of function words (a content word's MLAS compares its children of these).
FUNCTIONAL_DEPRELS = frozenset({"aux", "cop", "mark", "det", "clf", "case", "cc"})
#: The universal feature names (UFeats, AllTags and MLAS compare only these).
UNIVERSAL_FEATURES = frozenset({
    "PronType", "NumType", "Poss", "Reflex", "Foreign", "Abbr", "Gender", "Animacy", "Number",
    "Case", "Definite", "Degree", "VerbForm", "Mood", "Tense", "Aspect", "Voice", "Evident",
    "Polarity", "Person", "Polite",
})


def main_type(deprel: str) -> str:
    """A DEPREL without its subtype: the part before the first ``:``."""
    return deprel.partition(":")[0]


def universal_features(feats: str) -> str:
    """The universal features of a FEATS value, sorted and joined by ``|`` (``""`` if none).

    A feature's name is the part before its first ``=``; the features are
    sorted as whole ``Name=Value`` strings.
    """
    return "|".join(sorted(feature for feature in feats.split("|")
                           if feature.partition("=")[0] in UNIVERSAL_FEATURES))


def per_value(function: Callable[[str], str]) -> Callable[[list[str]], list[str]]:
    """``function`` applied to a whole column, computed once per distinct value."""
    def column(values: list[str]) -> list[str]:
        table = {value: function(value) for value in set(values)}
        return list(map(table.__getitem__, values))

    return column


#: :func:`main_type` / :func:`universal_features` of a whole column.
main_types = per_value(main_type)
universal_feature_column = per_value(universal_features)
