"""The definitions of every metric a report shows, per task, in plain words.

Contract: each function returns ``(term, definition)`` pairs, plain text
(the renderer escapes them).  They describe what the evaluations (:mod:`jpcore.task`)
computes; nothing here computes anything.
"""

from __future__ import annotations

Definition = tuple[str, str]

#: The aligned-group vocabulary shared by the three evaluations.
ALIGNMENT: tuple[Definition, ...] = (
    ("Unit (aligned group)",
     "Gold and system are the same characters cut differently. Walking both sides once, left to "
     "right, the jp-algorithm groups gold and system units until both sides have consumed the same "
     "text again; such a group is one unit. Sentences of a unit are joined with ~~~."),
    ("Shape (gold:system)",
     "How many gold and system sentences (trees, M2 blocks) a unit holds: 1:1, 1:n (the system "
     "split a gold sentence), n:1 (the system merged gold sentences), m:n (regrouped); 1:0 / 0:1 for one-sided units."),
    ("Kind: exact", "One unit on each side with the same characters (after normalisation)."),
    ("Kind: split / merged / regrouped", "The same characters cut into different units on the two sides, "
     "named by the unit's shape: split (1:n, one gold unit cut in several), merged (n:1, several gold units "
     "joined in one), regrouped (m:n, cut differently on both sides). The JSON's kind is \"merged\" for all three."),
    ("Kind: similar", "The characters differ, but the two texts are the same text rewritten: their "
     "Jaro-Winkler similarity (space-free, normalised) is at least 0.91."),
    ("Kind: different", "The characters differ and are not similar (Jaro-Winkler below 0.91): unrelated texts "
     "between the same common boundaries. Like similar, never a TP."),
    ("Kind: gold-only / system-only", "Text that only one side has."),
)


def preprocess(token_name: str) -> list[Definition]:
    """Sentence and token (or word) P/R/F1 as the CoNLL 2018 UD script counts them."""
    return [
        ("Sentence TP",
         "A gold sentence whose start and end (in the space-free, normalised text) equal those of a "
         "system sentence: a 1:1 unit with identical characters."),
        (f"{token_name} TP",
         f"A gold {token_name.lower()[:-1]} whose start and end equal those of a system one "
         "(same characters, same boundaries): a 1:1 word group."),
        ("FP", "System sentences (tokens) that match nothing: system units − TP."),
        ("FN", "Gold sentences (tokens) that were not found: gold units − TP."),
        ("Precision (P)", "TP / (TP + FP), shown in percent."),
        ("Recall (R)", "TP / (TP + FN), shown in percent."),
        ("F1", "2·TP / (2·TP + FP + FN), the harmonic mean of P and R, in percent."),
        ("Word group",
         "Inside a unit, the tokens are aligned the same way; a group that is not one gold token = one "
         "system token counts all its system tokens as FP and all its gold tokens as FN."),
        ("Differing characters",
         "Where the two character streams differ after normalisation, the stretch is aligned by an "
         "anchored character diff and every unit touching it counts as an error."),
        ("Relation to conll18_ud_eval.py",
         "Where both sides have the same characters these are exactly the CoNLL 2018 UD script's "
         "Sentences and Tokens/Words counts."),
        *ALIGNMENT,
    ]


def parseval() -> list[Definition]:
    """PARSEVAL (EVALB) after alignment."""
    return [
        ("Pair", "One aligned sentence group scored as one tree per side; its row in EVALB's table has "
                 "ID = pair number and Stat 0."),
        ("Word unit", "Constituent spans are counted in word units: the word groups the alignment found, "
                      "so a bracket over ca n't can match one over can't."),
        ("Matched bracket", "A gold and a system constituent with the same label and the same span of "
                            "word units, paired one to one in preorder (EVALB's labelled match)."),
        ("Gold / test brackets", "Constituents of the gold / system trees: the nodes above the "
                                 "pre-terminals whose label, cut at the first - or =, is neither empty "
                                 "nor TOP, and that cover at least one word."),
        ("Bracketing recall", "100 × matched / gold brackets."),
        ("Bracketing precision", "100 × matched / test brackets."),
        ("Bracketing F1", "2PR / (P + R) from unrounded P and R (undefined when both are 0)."),
        ("Crossing brackets", "System brackets that cross a gold bracket (overlap without nesting)."),
        ("Complete match", "Percentage of pairs whose brackets all match (recall = precision = 100)."),
        ("Average crossing", "Crossing brackets per pair."),
        ("Tagging accuracy", "100 × correct tags / words: a tag is correct on a 1:1 word unit with the "
                             "same word and the same part-of-speech tag."),
        ("Cut-off block", "The same figures over the pairs with at most the cut-off number of gold words "
                          "(EVALB's len<=40 block)."),
        *ALIGNMENT,
    ]


def gec(f_label: str, beta: float) -> list[Definition]:
    """errant_compare's scores after sentence alignment."""
    return [
        ("Edit", "One M2 line A start end|||type|||correction|||...|||annotator, re-indexed into the "
                 "unit's concatenated sentence when the unit merges sentences."),
        ("TP", "A system edit equal to a gold edit of the chosen annotator: same span and correction "
               "(span-based correction, the default); -cse also the same type; -ds the same span; "
               "-dt counts single tokens."),
        ("FP", "A system edit that is not a gold edit of the chosen annotator."),
        ("FN", "A gold edit of the chosen annotator that the system lacks."),
        ("Precision", "TP / (TP + FP), 1.0 when there is no FP (errant's convention), rounded to 4 places "
                      "as errant_compare prints it, shown in percent."),
        ("Recall", "TP / (TP + FN), 1.0 when there is no FN, rounded to 4 places, shown in percent."),
        (f_label, f"(1 + β²)·P·R / (β²·P + R) with β = {beta:g}, rounded to 4 places, shown in percent."),
        ("Chosen annotator", "For each unit errant tries every (system, gold) annotator pair and keeps the "
                             "one with the best running F, then the most TP, fewest FP, fewest FN."),
        ("Per-type scores", "The same counts per error type of the chosen pairs (errant's -cat 3)."),
        ("Noop rule", "keep: a merged block keeps one 'no correction' line per annotator without a real "
                      "edit; jp: such lines are dropped (the published jp-errant)."),
        ("alpha", "Sentences whose normalised texts differ are paired only when their Jaro-Winkler "
                  "similarity is at least alpha; otherwise each is a one-sided unit."),
        *ALIGNMENT,
    ]
