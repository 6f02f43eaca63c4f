"""A system CoNLL-U derived from the EWT excerpt, for the UPOS confusion tests.

The gold file is the bundled EWT excerpt (byte for byte the
``/work/shared/data/ud/UD_English-EWT/excerpt`` copy).  :func:`derive_system`
writes a system file at the words level (multiword range lines dropped) with
these documented changes, and nothing else:

* UPOS: every ``PROPN`` becomes ``NOUN`` and every ``AUX`` becomes ``VERB``
  (:data:`UPOS_CHANGES`); every word ``,`` loses its tag (``_``);
* sentences 2 and 3, and 10 and 11 (1-based), are each merged into one;
* words 7-9 of sentence 2 (``search - engine``) become one word
  ``search-engine`` (NOUN): a 3:1 word group, so no UPOS pair.

:func:`expected_cells` counts the pairs by brute force over the gold lines
(a plain split of the file, not jpcore's reader): every gold word except the
three merged ones, with the system tag the rules above give it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt" / "en_ewt-ud-test.excerpt.conllu"
UPOS_CHANGES = {"PROPN": "NOUN", "AUX": "VERB"}
UNTAGGED_FORMS = {","}
#: Pairs of 1-based gold sentences merged into one system sentence.
MERGED_SENTENCES = ((2, 3), (10, 11))
#: (sentence, first word, last word), 1-based: the words made one.
MERGED_WORDS = (2, 7, 9)


def gold_sentences(text: str) -> list[list[list[str]]]:
    """Each sentence's word lines (columns), ranges and empty nodes left out."""
    sentences: list[list[list[str]]] = [[]]
    for line in text.split("\n"):
        if not line.strip():
            if sentences[-1]:
                sentences.append([])
        elif not line.startswith("#"):
            columns = line.split("\t")
            if columns[0].isdigit():
                sentences[-1].append(columns)
    return [s for s in sentences if s]


def system_tag(columns: list[str]) -> str:
    """The system's UPOS of a gold word (see the module doc)."""
    if columns[1] in UNTAGGED_FORMS:
        return "_"
    return UPOS_CHANGES.get(columns[3], columns[3])


def _merged_word(number: int, position: int) -> bool:
    sentence, first, last = MERGED_WORDS
    return number == sentence and first <= position <= last


def derive_system(gold_text: str) -> str:
    """The system CoNLL-U (see the module doc)."""
    merged_into_previous = {second for _, second in MERGED_SENTENCES}
    out: list[list[tuple[str, str]]] = []
    for number, words in enumerate(gold_sentences(gold_text), start=1):
        pairs: list[tuple[str, str]] = []
        for position, columns in enumerate(words, start=1):
            if _merged_word(number, position):
                if position == MERGED_WORDS[1]:
                    form = "".join(w[1] for w in words[MERGED_WORDS[1] - 1:MERGED_WORDS[2]])
                    pairs.append((form, "NOUN"))
                continue
            pairs.append((columns[1], system_tag(columns)))
        if number in merged_into_previous:
            out[-1].extend(pairs)
        else:
            out.append(pairs)
    lines = []
    for k, pairs in enumerate(out, start=1):
        lines.append(f"# sent_id = sys-{k}")
        lines.extend(f"{i}\t{form}\t_\t{upos}\t_\t_\t_\t_\t_\t_" for i, (form, upos) in enumerate(pairs, start=1))
        lines.append("")
    return "\n".join(lines) + "\n"


def expected_cells(gold_text: str) -> Counter[tuple[str, str]]:
    """``(gold UPOS, system UPOS) -> count`` over every gold word but the merged ones."""
    cells: Counter[tuple[str, str]] = Counter()
    for number, words in enumerate(gold_sentences(gold_text), start=1):
        for position, columns in enumerate(words, start=1):
            if not _merged_word(number, position):
                cells[(columns[3], system_tag(columns))] += 1
    return cells
