"""Parsed systems derived from a gold CoNLL-U treebank, deterministically (benchmarks and tests).

:func:`derive` turns a gold CoNLL-U text into a system that keeps every
annotation column but changes some in a controlled way: heads re-attached
(never into the word's own subtree) and roots swapped, labels changed (a
subtype only, a content type for a function type and back, ``punct``,
``_``), tags, features and lemmas changed (features reordered, which the
CoNLL 2018 script ignores, or a language-specific one added, which it also
ignores), tokens re-cut (a word split in two, two words joined, two tokens
made one multiword token, a multiword token cut across its words),
sentences merged and split, multiword-token expansions changed.  Every
system is one tree per sentence (one root, no cycle: the tree surgery keeps
heads as object references) and keeps the gold characters, so the script
accepts every pair.  ``bench/ud.py`` times both programs on one of them;
``tests/test_ud_conll18.py`` checks every count against the script on all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


# ---------------------------------------------------------------- a parsed treebank as objects


@dataclass(eq=False)
class Word:
    """One syntactic word; ``head`` is another :class:`Word` of the sentence, ``None`` for the root."""

    form: str
    lemma: str
    upos: str
    xpos: str
    feats: str
    deprel: str
    head: Word | None = None


@dataclass(eq=False)
class Token:
    """A surface token: one plain word, or a multiword token (``multiword``) of its words."""

    form: str
    words: list[Word]
    multiword: bool = False


@dataclass(eq=False)
class Sentence:
    tokens: list[Token] = field(default_factory=list)

    @property
    def words(self) -> list[Word]:
        return [word for token in self.tokens for word in token.words]


def parse(text: str) -> list[Sentence]:
    """The sentences of a CoNLL-U text (comments, empty nodes, DEPS and MISC dropped)."""
    sentences = []
    for block in text.strip("\n").split("\n\n"):
        sentence = Sentence()
        heads: list[int] = []
        words: list[Word] = []
        pending: Token | None = None
        remaining = 0
        for line in block.split("\n"):
            if line.startswith("#"):
                continue
            columns = line.split("\t")
            if "." in columns[0]:
                continue
            if "-" in columns[0]:
                first, last = map(int, columns[0].split("-"))
                pending, remaining = Token(columns[1], [], True), last - first + 1
                sentence.tokens.append(pending)
                continue
            word = Word(columns[1], columns[2], columns[3], columns[4], columns[5], columns[7])
            words.append(word)
            heads.append(int(columns[6]))
            if remaining:
                pending.words.append(word)
                remaining -= 1
            else:
                sentence.tokens.append(Token(columns[1], [word]))
        for word, head in zip(words, heads):
            word.head = words[head - 1] if head else None
        sentences.append(sentence)
    return sentences


def write(sentences: list[Sentence]) -> str:
    """CoNLL-U text; asserts each sentence is one tree over its own words."""
    blocks = []
    for sentence in sentences:
        words = sentence.words
        number = {id(word): k for k, word in enumerate(words, 1)}
        assert sum(word.head is None for word in words) == 1, "one root"
        lines = [f"# text = {' '.join(token.form for token in sentence.tokens)}"]
        n = 0
        for token in sentence.tokens:
            if token.multiword:
                lines.append(f"{n + 1}-{n + len(token.words)}\t{token.form}" + "\t_" * 8)
            for word in token.words:
                n += 1
                head = 0 if word.head is None else number[id(word.head)]
                lines.append(f"{n}\t{word.form}\t{word.lemma}\t{word.upos}\t{word.xpos}\t{word.feats}\t{head}\t"
                             f"{word.deprel}\t_\t_")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks) + "\n"


# ---------------------------------------------------------------- tree surgery


def _ancestors(word: Word) -> list[Word]:
    out, head = [], word.head
    while head is not None:
        out.append(head)
        head = head.head
    return out


def join(words: list[Word], first: Word, second: Word, form: str) -> Word:
    """``first`` and ``second`` (of the sentence's ``words``) become one word, ``first``: it
    hangs where the higher of the two hung and takes both words' dependents, so the
    sentence stays one tree.  The caller removes ``second`` from its token."""
    keep = second if any(a is second for a in _ancestors(first)) else first
    first.head, first.deprel, first.form = keep.head, keep.deprel, form
    for word in words:
        if word.head is second and word is not first:
            word.head = first
    return first


def split(word: Word, at: int) -> Word:
    """``word`` keeps its first ``at`` characters; the rest is a new word hanging from it."""
    rest = Word(word.form[at:], word.lemma, word.upos, word.xpos, word.feats, "goeswith", word)
    word.form = word.form[:at]
    return rest


def _one_word(sentence: Sentence, token: Token) -> Word:
    """A multiword token's words joined into its first word (its form the token's)."""
    first = token.words[0]
    for other in token.words[1:]:
        join(sentence.words, first, other, token.form)
    first.form = token.form
    return first


def _plain(word: Word) -> Token:
    return Token(word.form, [word])


# ---------------------------------------------------------------- systems that keep the tokens


def heads(sentences: list[Sentence]) -> list[Sentence]:
    """Every 7th word re-attached to a near word outside its subtree; in every 11th
    sentence a child of the root becomes the root."""
    k = 0
    for number, sentence in enumerate(sentences):
        words = sentence.words
        if number % 11 == 5:
            root = next(word for word in words if word.head is None)
            child = next((word for word in words if word.head is root), None)
            if child is not None:
                child.head, child.deprel, root.head, root.deprel = None, "root", child, "parataxis"
        for i, word in enumerate(words):
            k += 1
            if k % 7 or word.head is None:
                continue
            for j in (i - 1, i + 1, i - 2, i + 2, 0):
                if 0 <= j < len(words) and words[j] is not word and words[j] is not word.head \
                        and not any(a is word for a in _ancestors(words[j])):
                    word.head = words[j]
                    break
    return sentences


#: DEPREL changes in turn: a subtype only (the same main type), content to function, function
#: to content, to punct, to an empty value
_LABELS: list[Callable[[str], str]] = [
    lambda d: d.partition(":")[0] + ":x" if ":" not in d else d.partition(":")[0],
    lambda d: "det" if d != "det" else "amod",
    lambda d: "case" if d not in ("case", "root") else "obl",
    lambda d: "punct" if d != "root" else "root:x",
    lambda d: "_" if d != "root" else "root",
]


def labels(sentences: list[Sentence]) -> list[Sentence]:
    """Every 5th word's DEPREL changed (:data:`_LABELS` in turn)."""
    k = 0
    for sentence in sentences:
        for word in sentence.words:
            k += 1
            if k % 5 == 0:
                word.deprel = _LABELS[(k // 5) % len(_LABELS)](word.deprel)
    return sentences


def _feats(feats: str, how: int) -> str:
    parts = [] if feats == "_" else feats.split("|")
    if how == 0:  # reordered: the script sorts
        parts = list(reversed(parts))
    elif how == 1:  # a language-specific feature added: the script drops it
        parts = sorted([*parts, "NumForm=Digit"])
    elif how == 2:  # the first feature dropped
        parts = parts[1:]
    elif how == 3:  # a universal feature added or changed
        parts = sorted({*parts, "Number=Plur"} - {"Number=Sing"})
    return "|".join(parts) or "_"


def tags(sentences: list[Sentence]) -> list[Sentence]:
    """UPOS of every 3rd word, XPOS of every 4th, FEATS of every 2nd (:func:`_feats` in turn),
    LEMMA of every 6th (upper-cased, or ``_``) changed."""
    k = 0
    for sentence in sentences:
        for word in sentence.words:
            k += 1
            if k % 3 == 0:
                word.upos = "X" if word.upos != "X" else "NOUN"
            if k % 4 == 0:
                word.xpos = word.xpos + "x"
            if k % 2 == 0:
                word.feats = _feats(word.feats, (k // 2) % 5)
            if k % 6 == 0:
                word.lemma = word.lemma.upper() if k % 12 else "_"
    return sentences


def everything(sentences: list[Sentence]) -> list[Sentence]:
    """Heads, labels and tags changed at once."""
    return tags(labels(heads(sentences)))


# ---------------------------------------------------------------- systems that re-cut the text


def merged_sentences(sentences: list[Sentence], every: int = 3) -> list[Sentence]:
    """Every ``every``-th sentence joined to the one before; its root hangs from that one's root."""
    out: list[Sentence] = []
    for k, sentence in enumerate(sentences):
        if k % every == every - 1 and out:
            previous = out[-1]
            root = next(word for word in sentence.words if word.head is None)
            root.head, root.deprel = next(word for word in previous.words if word.head is None), "parataxis"
            previous.tokens += sentence.tokens
        else:
            out.append(sentence)
    return out


def _rooted(tokens: list[Token]) -> Sentence:
    """A sentence of ``tokens`` whose words may hang outside it: the first such word is the
    root, the others hang from it."""
    sentence = Sentence(tokens)
    inside = {id(word) for word in sentence.words}
    root = None
    for word in sentence.words:
        if word.head is None or id(word.head) not in inside:
            if root is None:
                root, word.head, word.deprel = word, None, "root"
            else:
                word.head = root
    return sentence


def split_sentences(sentences: list[Sentence], every: int = 4) -> list[Sentence]:
    """Every ``every``-th sentence of three tokens or more cut in two after its second token."""
    out: list[Sentence] = []
    for k, sentence in enumerate(sentences):
        if k % every == 0 and len(sentence.tokens) >= 3:
            out += [_rooted(sentence.tokens[:2]), _rooted(sentence.tokens[2:])]
        else:
            out.append(sentence)
    return out


def retokenized(sentences: list[Sentence]) -> list[Sentence]:
    """Tokens cut differently, characters kept: in turn a plain word split in two, two
    plain words joined, two plain tokens made one multiword token of their words, a
    multiword token's characters cut into two plain words (the cut straddles its words:
    the script's test #6), a multiword token's first character joined to the word before."""
    k = 0
    for sentence in sentences:
        new: list[Token] = []
        tokens = sentence.tokens
        i = 0
        while i < len(tokens):
            token = tokens[i]
            following = tokens[i + 1] if i + 1 < len(tokens) else None
            sentence.tokens = new + tokens[i:]  # every word still in the sentence, for join
            how = k % 5
            k += 1
            if how == 0 and not token.multiword and len(token.form) > 1:
                word = token.words[0]
                rest = split(word, len(word.form) // 2)
                new += [_plain(word), _plain(rest)]
            elif how == 1 and following is not None and not token.multiword and not following.multiword:
                joined = join(sentence.words, token.words[0], following.words[0], token.form + following.form)
                new.append(_plain(joined))
                i += 1
            elif how == 2 and following is not None and not token.multiword and not following.multiword:
                new.append(Token(token.form + following.form, [token.words[0], following.words[0]], True))
                i += 1
            elif how == 3 and token.multiword and len(token.form) > 1:
                word = _one_word(sentence, token)
                rest = split(word, len(token.form) // 2)
                new += [_plain(word), _plain(rest)]
            elif how == 4 and token.multiword and new and not new[-1].multiword and len(token.form) > 1:
                word = _one_word(sentence, token)
                before = new[-1].words[-1]
                before.form += token.form[0]
                new[-1] = _plain(before)
                word.form = token.form[1:]
                new.append(_plain(word))
            else:
                new.append(token)
            i += 1
        sentence.tokens = new
    return sentences


def _perturb(sentence: Sentence, token: Token, k: int) -> None:
    how = k % 6
    words = token.words
    if how == 0:  # case: 'zu' -> 'Zu'
        words[0].form = words[0].form.swapcase()
    elif how == 1:  # a different form for the last word
        words[-1].form += "x"
    elif how == 2 and len(words) > 1:  # one word fewer: the last two joined
        join(sentence.words, words[-2], words[-1], words[-2].form + words[-1].form)
        del words[-1]
    elif how == 3:  # one word more, hanging from the last
        words.append(Word(words[-1].form[:1] or "y", "_", "X", "_", "_", "dep", words[-1]))
    elif how == 4:  # the words in the other order
        words.reverse()


def perturbed_multiword(sentences: list[Sentence]) -> list[Sentence]:
    """Multiword tokens kept, their expansions changed (in turn: swapped case, a changed
    form, a word fewer, a word more, reversed, unchanged)."""
    k = 0
    for sentence in sentences:
        for token in sentence.tokens:
            if token.multiword:
                _perturb(sentence, token, k)
                k += 1
    return sentences


def no_multiword(sentences: list[Sentence]) -> list[Sentence]:
    """Every multiword token written as one plain word (its words joined)."""
    for sentence in sentences:
        sentence.tokens = [_plain(_one_word(sentence, token)) if token.multiword else token
                           for token in sentence.tokens]
    return sentences


DERIVED: dict[str, Callable[[list[Sentence]], list[Sentence]]] = {
    "heads": heads,
    "labels": labels,
    "tags": tags,
    "everything": everything,
    "merged-sentences": merged_sentences,
    "split-sentences": split_sentences,
    "retokenized": retokenized,
    "perturbed-multiword": perturbed_multiword,
    "no-multiword": no_multiword,
    "all-at-once": lambda s: retokenized(merged_sentences(split_sentences(
        perturbed_multiword(everything(s))), 5)),
}


def derive(gold_text: str, how: str) -> str:
    """The system ``how`` (a key of :data:`DERIVED`) derived from gold CoNLL-U text."""
    return write(DERIVED[how](parse(gold_text)))


