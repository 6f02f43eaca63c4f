"""The CoNLL 2018 UD script as a peer, and system files derived from gold CoNLL-U.

:func:`conll18_counts` runs the real ``conll18_ud_eval.py`` (standard library
only; from ``../shared/data/peers/conll18``, :mod:`bench.shared_data`) in
this process and returns its ``--counts`` rows.  :func:`derive` turns a gold
CoNLL-U file into a system that differs from it in one controlled way --
multiword tokens written as plain words, their expansions changed in case
and form, sentences merged or split, tokens split, joined or cut across a
multiword token's edge -- always with the same characters, so the script
accepts the pair.  Everything is deterministic; nothing is stored.
"""

from __future__ import annotations

import importlib.util
import io
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from bench.shared_data import SHARED_DATA

CONLL18 = SHARED_DATA / "peers" / "conll18" / "conll18_ud_eval.py"
ROWS = ("Tokens", "Sentences", "Words")


@cache
def conll18() -> ModuleType:
    """The script, imported from its file."""
    spec = importlib.util.spec_from_file_location("conll18_ud_eval", CONLL18)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def conll18_counts(gold: str, system: str) -> dict[str, tuple[int, int, int]]:
    """``{row: (correct, gold, predicted)}`` for Tokens, Sentences and Words, as
    ``conll18_ud_eval.py --counts`` prints them for two CoNLL-U texts."""
    script = conll18()
    scores = script.evaluate(script.load_conllu(io.StringIO(gold)), script.load_conllu(io.StringIO(system)))
    return {row: (scores[row].correct, scores[row].gold_total, scores[row].system_total) for row in ROWS}


@dataclass
class Token:
    """A surface token and its words (one word equal to the token unless a multiword token)."""

    form: str
    words: list[str]

    @property
    def multiword(self) -> bool:
        return len(self.words) != 1 or self.words[0] != self.form


Sentence = list[Token]


def parse(text: str) -> list[Sentence]:
    """The tokens of a CoNLL-U text (empty nodes and comments dropped)."""
    sentences: list[Sentence] = []
    current: Sentence = []
    pending: Token | None = None
    for line in text.split("\n"):
        if not line.strip():
            if current:
                sentences.append(current)
            current, pending = [], None
            continue
        if line.startswith("#"):
            continue
        columns = line.split("\t")
        word_id, form = columns[0], columns[1]
        if "." in word_id:
            continue
        if "-" in word_id:
            first, last = map(int, word_id.split("-"))
            pending = Token(form, [])
            current.append(pending)
            pending.size = last - first + 1  # type: ignore[attr-defined]
            continue
        if pending is not None and len(pending.words) < pending.size:  # type: ignore[attr-defined]
            pending.words.append(form)
            continue
        pending = None
        current.append(Token(form, [form]))
    if current:
        sentences.append(current)
    return sentences


def write(sentences: list[Sentence]) -> str:
    """CoNLL-U the script accepts: every word's HEAD is word 1, word 1 the root."""
    blocks = []
    for sentence in sentences:
        lines = [f"# text = {' '.join(token.form for token in sentence)}"]
        n = 0
        for token in sentence:
            if token.multiword:
                lines.append(f"{n + 1}-{n + len(token.words)}\t{token.form}" + "\t_" * 8)
            for word in token.words:
                n += 1
                head, deprel = (0, "root") if n == 1 else (1, "dep")
                lines.append(f"{n}\t{word}\t_\t_\t_\t_\t{head}\t{deprel}\t_\t_")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks) + "\n"


# ---------------------------------------------------------------- derived systems


def _plain(form: str) -> Token:
    return Token(form, [form])


def no_multiword(sentences: list[Sentence]) -> list[Sentence]:
    """Re-tokenized without multiword tokens: each is one plain word, its surface form."""
    return [[_plain(token.form) if token.multiword else token for token in sentence] for sentence in sentences]


def _perturb(token: Token, k: int) -> Token:
    words = list(token.words)
    how = k % 6
    if how == 0:  # case: 'zu' -> 'Zu', 'Le' -> 'lE'
        words[0] = words[0].swapcase()
    elif how == 1:  # a different form for the last word
        words[-1] = words[-1] + "x"
    elif how == 2:  # one word fewer (the last two joined)
        words = [*words[:-2], words[-2] + words[-1]] if len(words) > 1 else words
    elif how == 3:  # one word more
        words = [*words, words[-1][:1] or "y"]
    elif how == 4:  # the words in the other order
        words = list(reversed(words))
    # how == 5: unchanged
    return Token(token.form, words)


def perturbed_multiword(sentences: list[Sentence]) -> list[Sentence]:
    """Multiword tokens kept, their expansions changed in case and form (in turn:
    swapped case, a changed form, a word fewer, a word more, reversed, unchanged)."""
    out, k = [], 0
    for sentence in sentences:
        new = []
        for token in sentence:
            if token.multiword:
                new.append(_perturb(token, k))
                k += 1
            else:
                new.append(token)
        out.append(new)
    return out


def merged_sentences(sentences: list[Sentence], every: int = 3) -> list[Sentence]:
    """Every ``every``-th sentence joined to the one before."""
    out: list[Sentence] = []
    for k, sentence in enumerate(sentences):
        if k % every == every - 1 and out:
            out[-1] = out[-1] + sentence
        else:
            out.append(list(sentence))
    return out


def split_sentences(sentences: list[Sentence], every: int = 4) -> list[Sentence]:
    """Every ``every``-th sentence of three tokens or more cut in two after its second token."""
    out: list[Sentence] = []
    for k, sentence in enumerate(sentences):
        if k % every == 0 and len(sentence) >= 3:
            out += [sentence[:2], sentence[2:]]
        else:
            out.append(sentence)
    return out


def retokenized(sentences: list[Sentence]) -> list[Sentence]:
    """Tokens cut differently, characters kept: in turn a plain token split in two,
    two plain tokens joined, two plain tokens made one multiword token of their
    words, a multiword token's characters cut into two plain tokens (the cut
    straddles its words: the script's test #6), the first character of a
    multiword token joined to the token before."""
    out = []
    k = 0
    for sentence in sentences:
        new: Sentence = []
        i = 0
        while i < len(sentence):
            token = sentence[i]
            following = sentence[i + 1] if i + 1 < len(sentence) else None
            how = k % 5
            k += 1
            if how == 0 and not token.multiword and len(token.form) > 1:
                half = len(token.form) // 2
                new += [_plain(token.form[:half]), _plain(token.form[half:])]
            elif how == 1 and following is not None and not token.multiword and not following.multiword:
                new.append(_plain(token.form + following.form))
                i += 1
            elif how == 2 and following is not None and not token.multiword and not following.multiword:
                new.append(Token(token.form + following.form, [token.form, following.form]))
                i += 1
            elif how == 3 and token.multiword and len(token.form) > 1:
                half = len(token.form) // 2
                new += [_plain(token.form[:half]), _plain(token.form[half:])]
            elif how == 4 and token.multiword and new and not new[-1].multiword and len(token.form) > 1:
                new[-1] = _plain(new[-1].form + token.form[0])
                new.append(_plain(token.form[1:]))
            else:
                new.append(token)
            i += 1
        out.append(new)
    return out


DERIVED = {
    "no-multiword": no_multiword,
    "perturbed-multiword": perturbed_multiword,
    "merged-sentences": merged_sentences,
    "split-sentences": split_sentences,
    "retokenized": retokenized,
    "all-at-once": lambda s: retokenized(merged_sentences(split_sentences(perturbed_multiword(s)), 5)),
}


def derive(gold_text: str, how: str) -> str:
    """The system ``how`` (a key of :data:`DERIVED`) derived from gold CoNLL-U text."""
    return write(DERIVED[how](parse(gold_text)))
