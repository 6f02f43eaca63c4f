"""The Dependencies page's bundled systems, derived from the bundled gold excerpt (deterministic).

``python -m bench.deps_samples`` writes the two system files of
``sample_data/ud/UD_English-EWT-parsed/`` from the gold file beside them
(the first 49 sentences of the EWT test set, byte for byte); its
``SOURCE.md`` says what each is, and ``tests/test_app_deps.py`` checks the
files are exactly what this module writes.  Both keep the gold's words'
annotation and change it with :mod:`bench.ud_systems`, whose systems
``tests/test_ud_conll18.py`` checks against the CoNLL 2018 script:

* :func:`parsed`: the tokens and sentences of the gold file, with heads,
  labels, tags, features and lemmas changed (``everything``): the pair the
  script accepts, so every count equals its own;
* :func:`raw_text`: the same parse errors, from a pipeline that read the
  raw text: every sixth sentence split after its second token, every
  eighth joined to the one before, multiword tokens left as one word
  (``it's``), the double quotes written as nltk writes them (the gold
  XPOS's ````` and ``''``), and in every 40th word of six letters or more
  the next-to-last letter dropped (an OCR slip).  The characters differ,
  so the script refuses the pair; jpcore aligns it.
"""

from __future__ import annotations

from pathlib import Path

from bench.ud_systems import Sentence, everything, merged_sentences, no_multiword, parse, split_sentences, write
from jpcore.atomic import write_atomic

#: The folder of the pair (in the checkout).
FOLDER = Path(__file__).resolve().parents[1] / "sample_data" / "ud" / "UD_English-EWT-parsed"
GOLD = "en_ewt-ud-test.first49.conllu"
PARSED = "en_ewt-ud-test.first49.parsed.conllu"
RAW_TEXT = "en_ewt-ud-test.first49.raw-text.conllu"


def parsed(gold_text: str) -> str:
    """Gold tokens and sentences, heads/labels/tags/features/lemmas changed."""
    return write(everything(parse(gold_text)))


def _rewrite_characters(sentences: list[Sentence]) -> list[Sentence]:
    """Quotes as nltk writes them (the word's XPOS `` or ''); an OCR slip in every 40th long word."""
    k = 0
    for sentence in sentences:
        for token in sentence.tokens:
            if token.multiword:
                continue
            (word,) = token.words
            if word.form == '"' and word.xpos in ("``", "''"):
                word.form = token.form = word.xpos
                continue
            if len(word.form) >= 6 and word.form.isalpha():
                k += 1
                if k % 40 == 0:
                    word.form = token.form = word.form[:-2] + word.form[-1]
    return sentences


def raw_text(gold_text: str) -> str:
    """:func:`parsed`'s errors, sentences re-cut, multiword tokens unsplit, characters rewritten."""
    sentences = everything(_rewrite_characters(parse(gold_text)))  # the quotes by the gold XPOS
    return write(no_multiword(merged_sentences(split_sentences(sentences, every=6), every=8)))


#: Each system file and how it is made from the gold text.
SYSTEMS = {PARSED: parsed, RAW_TEXT: raw_text}


def main() -> None:
    """Write the system files beside the gold file."""
    gold_text = (FOLDER / GOLD).read_text("utf-8")
    for name, make in SYSTEMS.items():
        write_atomic(FOLDER / name, make(gold_text))
        print(f"wrote {FOLDER / name}")


if __name__ == "__main__":
    main()
