"""The fixed catalogue of bundled samples, chosen by name.

A sample is a gold file, a system file and the raw text they were cut from,
all under ``sample_data/ud/``, with the options that make sense for them
(format, token level, normalisation language) and the attribution text from
the folder's ``SOURCE.md``.  The app and the URL only ever name a sample by
its key in :data:`SAMPLES`; a path never comes from the user.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import ClassVar

from inspector.common.files import NamedBytes
from inspector.common.samples import SAMPLE_DATA, BundledPair, SecondSample
from jpcore.align.similarity import Normaliser
from jpcore.formats import read_segmentation
from jpcore.formats.raw import read_raw
from jpcore.preprocess import evaluate as preprocess_evaluate
from jpcore.stats.scale import score_cell

#: Folder holding the bundled UD excerpts.
SAMPLE_ROOT = SAMPLE_DATA / "ud"


@dataclass(frozen=True, slots=True)
class Sample(BundledPair):
    """One bundled gold/system pair with its raw text and options (paths under :data:`SAMPLE_ROOT`)."""

    ROOT: ClassVar[Path] = SAMPLE_ROOT

    raw_file: str
    fmt: str
    level: str
    language: str

    @property
    def raw_path(self) -> Path:
        """Absolute path of the raw (untokenized) text."""
        return SAMPLE_ROOT / self.folder / self.raw_file

    def read_files(self) -> tuple[NamedBytes, NamedBytes, NamedBytes | None]:
        """``(gold, system, raw text)``."""
        gold, system, _ = BundledPair.read_files(self)
        return gold, system, NamedBytes(self.raw_file, self.raw_path.read_bytes())


_EWT = "UD_English-EWT-excerpt"
_EWT_STEM = "en_ewt-ud-test.excerpt"
_EWT_FULL = "UD_English-EWT-full"
_EWT_FULL_STEM = "en_ewt-ud-test"

_CATALOGUE = (
    Sample(
        key="ewt-words",
        title="English EWT excerpt: gold words vs nltk",
        folder=_EWT,
        gold_file=f"{_EWT_STEM}.gold.words.txt",
        sys_file=f"{_EWT_STEM}.nltk.tok.txt",
        raw_file=f"{_EWT_STEM}.gold.raw.txt",
        fmt="text",
        level="words",
        language="en",
        note="UD syntactic words (ca n't) against nltk's sent_tokenize + word_tokenize "
        "(conll18 Words row).",
    ),
    Sample(
        key="ewt-tokens",
        title="English EWT excerpt: gold surface tokens vs nltk",
        folder=_EWT,
        gold_file=f"{_EWT_STEM}.gold.tok.txt",
        sys_file=f"{_EWT_STEM}.nltk.surface.tok.txt",
        raw_file=f"{_EWT_STEM}.gold.raw.txt",
        fmt="text",
        level="tokens",
        language="en",
        note="UD surface tokens (can't) against nltk's tokens with their original "
        "characters (conll18 Tokens row).",
    ),
    Sample(
        key="ewt-conllu",
        title="English EWT excerpt: gold CoNLL-U vs nltk CoNLL-U",
        folder=_EWT,
        gold_file=f"{_EWT_STEM}.conllu",
        sys_file=f"{_EWT_STEM}.nltk.conllu",
        raw_file=f"{_EWT_STEM}.gold.raw.txt",
        fmt="conllu",
        level="words",
        language="en",
        note="The files conll18_ud_eval.py was run on; compare with "
        f"{_EWT_STEM}.conll18_eval.txt.",
    ),
    Sample(
        key="ewt-full",
        title="Large input: English EWT test set, full (2,077 sentences): gold words vs nltk",
        folder=_EWT_FULL,
        gold_file=f"{_EWT_FULL_STEM}.gold.words.txt",
        sys_file=f"{_EWT_FULL_STEM}.nltk.tok.txt",
        raw_file=f"{_EWT_FULL_STEM}.gold.raw.txt",
        fmt="text",
        level="words",
        language="en",
        note="The whole UD English EWT test set (25,094 gold words) against nltk's output: "
        f"compare with {_EWT_FULL_STEM}.conll18_eval.txt (Words 24267 / 25094 / 25299).",
    ),
    Sample(
        key="ko",
        title="Korean GSD excerpt: gold CoNLL-U vs naive baseline",
        folder="UD_Korean-GSD",
        gold_file="ko_gsd-ud-test.excerpt.conllu",
        sys_file="ko_gsd-ud-test.excerpt.baseline.tok.txt",
        raw_file="ko_gsd-ud-test.excerpt.gold.raw.txt",
        fmt="auto",
        level="words",
        language="ko",
        note="A deliberately naive baseline: sentences split after . ! ?, tokens at spaces.",
    ),
    Sample(
        key="ja",
        title="Japanese GSD excerpt: gold CoNLL-U vs naive baseline",
        folder="UD_Japanese-GSD",
        gold_file="ja_gsd-ud-test.excerpt.conllu",
        sys_file="ja_gsd-ud-test.excerpt.baseline.tok.txt",
        raw_file="ja_gsd-ud-test.excerpt.gold.raw.txt",
        fmt="auto",
        level="words",
        language="ja",
        note="A deliberately naive baseline: sentences split after 。！？, tokens where "
        "the script changes.",
    ),
    Sample(
        key="fr",
        title="French GSD excerpt: gold CoNLL-U surface tokens vs naive baseline",
        folder="UD_French-GSD",
        gold_file="fr_gsd-ud-test.excerpt.conllu",
        sys_file="fr_gsd-ud-test.excerpt.baseline.tok.txt",
        raw_file="fr_gsd-ud-test.excerpt.gold.raw.txt",
        fmt="auto",
        level="tokens",
        language="fr",
        note="Surface tokens: French multiword tokens do not spell out their words "
        "(du = de le), so only the token level is a segmentation of the text.",
    ),
)

#: Every bundled sample by key, in display order.
SAMPLES: dict[str, Sample] = {sample.key: sample for sample in _CATALOGUE}

#: The sample the app opens with.
DEFAULT_SAMPLE = "ewt-words"


#: How ``jp-inspector --check`` names this catalogue.
KIND = "UD"
#: The catalogue ``jp-inspector --check`` walks.
CATALOGUE = SAMPLES


def check(sample: Sample) -> str:
    """One line of headline figures of the sample evaluated as its loader does (``jp-inspector --check``)."""
    sample.check_source()
    gold = read_segmentation(sample.gold_path.read_bytes(), sample.gold_file, sample.fmt, sample.level)
    system = read_segmentation(sample.sys_path.read_bytes(), sample.sys_file, sample.fmt, sample.level)
    raw = read_raw(sample.raw_path.read_bytes(), sample.raw_file) if sample.raw_path.is_file() else None
    result = preprocess_evaluate(gold, system, Normaliser.for_language(sample.language), raw_text=raw)
    sentences, tokens = result.totals["sentences"], result.totals["tokens"]
    return (f"{len(result.units):,} units · sentences F1 {score_cell(100 * sentences.f1)} · "
            f"{sample.level} F1 {score_cell(100 * tokens.f1)}")


#: The second systems made here from an English sample's raw text: (splitter, tokenizer) of
#: :mod:`jpcore.systems` -> their name (nltk is imported only when one is chosen).
DERIVED_SYSTEMS = {("punkt", "treebank"): "Punkt + Treebank", ("punkt", "wordpunct"): "Punkt + WordPunct",
                   ("punkt", "whitespace"): "Punkt + Whitespace"}


@cache
def derived_system_text(key: str, splitter: str, tokenizer: str) -> bytes:
    """Sample ``key``'s raw text cut by ``splitter`` + ``tokenizer``
    (:func:`jpcore.systems.run_system`), as tokenized text: one sentence per line, tokens
    separated by a space (what ``jpcore preprocess --compare`` reads back)."""
    from jpcore.systems import run_system  # nltk: only when a derived system is chosen

    sample = SAMPLES[key]
    raw = read_raw(sample.raw_path.read_bytes(), sample.raw_file)
    run = run_system(raw, splitter, tokenizer, level=sample.level)
    return "".join(" ".join(sentence.tokens) + "\n" for sentence in run.segmentation.sentences).encode("utf-8")


def second_systems(sample: BundledPair) -> dict[str, SecondSample]:
    """The bundled second systems for ``sample``: for the English samples of tokenized text
    with a raw text, Punkt + each of :data:`DERIVED_SYSTEMS`' tokenizers run on that raw
    text here (no figure is stored: they are made when chosen)."""
    assert isinstance(sample, Sample)
    if sample.fmt != "text" or sample.language != "en" or not sample.raw_path.is_file():
        return {}
    found = {}
    for (splitter, tokenizer), label in DERIVED_SYSTEMS.items():
        key = f"{splitter}-{tokenizer}"
        found[key] = SecondSample(
            key, f"{label}, run here on the raw text",
            f"nltk's {label} on {sample.raw_file} (jpcore.systems), written one sentence per line.",
            lambda key=sample.key, splitter=splitter, tokenizer=tokenizer: NamedBytes(
                f"{splitter}-{tokenizer}.tok.txt", derived_system_text(key, splitter, tokenizer)))
    return found
