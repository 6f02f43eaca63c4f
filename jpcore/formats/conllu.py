"""CoNLL-U: one token per line, ten tab-separated columns, blank-line sentences.

The token level is chosen when reading:

* ``tokens`` keeps a multiword token's range line (``3-4  can't``) and skips
  its words: the CoNLL 2018 script's *Tokens*;
* ``words`` skips range lines and keeps the syntactic words (``ca``,
  ``n't``): the script's *Words*, and what the jp papers call tokens.

At the ``words`` level each sentence also keeps its multiword tokens
(:attr:`~jpcore.formats.segmentation.Sentence.multiword`: word range and
surface form), so the evaluation can take the characters from the tokens and
pair the words inside them as the CoNLL 2018 script does.

Empty nodes (IDs such as ``5.1``) are ignored, as the script ignores them.
IDs are ASCII digits, as CoNLL-U defines them: ``²`` or Arabic-Indic
``١`` is refused (Python's ``int`` reads ``١`` as 1, so the CoNLL 2018
script accepts it), and so is an ID of more than :data:`MAX_ID_DIGITS`
digits (no file has that many words; ``int`` refuses 4,300 digits).
``# text``, ``# sent_id``, ``# newdoc`` and ``# newpar`` are kept for display.
Each kept line's UPOS (column 4, ``_`` = none; a multiword token's range line
has none) is kept too: a sentence with at least one tag is a
:class:`TaggedSentence` (its ``upos`` parallel to ``tokens``), a sentence
without any stays a plain :class:`Sentence`, so untagged files (``_``
everywhere) cost nothing and serialise as before.
Errors name the file, the line and what was expected, and are raised for the
problems the CoNLL 2018 script refuses (wrong column count, bad or
out-of-order IDs, a multiword range without its words, an empty sentence),
and for a file of comments without a single token line.

>>> data = "# text = I can't.\\n1\\tI\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n" \\
...        "2-3\\tcan't\\t_\\t_\\t_\\t_\\t_\\t_\\t_\\t_\\n2\\tca\\t_\\t_\\t_\\t_\\t1\\tdep\\t_\\t_\\n" \\
...        "3\\tn't\\t_\\t_\\t_\\t_\\t1\\tdep\\t_\\t_\\n4\\t.\\t_\\t_\\t_\\t_\\t1\\tdep\\t_\\t_\\n\\n"
>>> read_conllu(data, "g.conllu", "tokens").sentences[0].tokens
['I', "can't", '.']
>>> read_conllu(data, "g.conllu", "words").sentences[0].tokens
['I', 'ca', "n't", '.']
>>> read_conllu(data, "g.conllu", "words").sentences[0].multiword
[(1, 3, "can't")]
>>> tagged = data.replace("\\tn't\\t_\\t_", "\\tn't\\t_\\tPART")
>>> read_conllu(tagged, "g.conllu", "words").sentences[0].upos
['_', '_', 'PART', '_']
>>> flat_upos(read_conllu(data, "g.conllu", "words")) is None
True
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from jpcore.errors import InputError, show
from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.formats.textio import decode_lines
from jpcore.runtime import gc_paused

LEVELS = ("tokens", "words")
#: The most digits an ID may have (a billion words in one sentence).
MAX_ID_DIGITS = 9
#: The UPOS of a word without one (CoNLL-U's empty value).
NO_TAG = "_"


@dataclass(slots=True)
class TaggedSentence(Sentence):
    """A CoNLL-U sentence with each token's UPOS (``upos[i]`` for ``tokens[i]``,
    :data:`NO_TAG` where the file has none).  ``to_dict`` adds ``"upos"``."""

    upos: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """:meth:`Sentence.to_dict` plus ``"upos"``."""
        out = Sentence.to_dict(self)
        out["upos"] = self.upos
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sentence:
        """Inverse of :meth:`to_dict`: a :class:`TaggedSentence` when ``data`` has
        ``"upos"`` (one string per token, else ``ValueError``), else a plain :class:`Sentence`."""
        sentence = Sentence.from_dict(data)
        upos = data.get("upos")
        if upos is None:
            return sentence
        if not isinstance(upos, list) or len(upos) != len(sentence.tokens) or not all(
                isinstance(tag, str) for tag in upos):
            raise ValueError(f"sentence at line {sentence.line}: \"upos\" must hold one string per token")
        return cls(sentence.tokens, sentence.line, sentence.token_lines, sentence.text, sentence.sent_id,
                   sentence.newdoc, sentence.newpar, sentence.multiword, [sys.intern(tag) for tag in upos])


def segmentation_from_dict(data: dict[str, Any]) -> Segmentation:
    """:meth:`Segmentation.from_dict` that keeps the sentences' UPOS
    (:meth:`TaggedSentence.from_dict`); dicts without ``"upos"`` read as before."""
    segmentation = Segmentation.from_dict({**data, "sentences": []})
    segmentation.sentences = [TaggedSentence.from_dict(s) for s in data["sentences"]]
    return segmentation


def flat_upos(segmentation: Segmentation) -> list[str] | None:
    """Every token's UPOS in reading order (:data:`NO_TAG` in untagged sentences),
    or ``None`` when no sentence has a tag (tokenized text, or ``_`` everywhere)."""
    if not any(isinstance(s, TaggedSentence) for s in segmentation.sentences):
        return None
    out: list[str] = []
    for sentence in segmentation.sentences:
        if isinstance(sentence, TaggedSentence):
            out.extend(sentence.upos)
        else:
            out.extend([NO_TAG] * len(sentence.tokens))
    return out


def _number(text: str) -> int | None:
    """``text`` as a CoNLL-U ID number: ASCII digits only, at most
    :data:`MAX_ID_DIGITS` of them; ``None`` for anything else."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS:
        return int(text)
    return None


class _SentenceBuilder:
    """Collects one sentence's lines and checks its ID sequence."""

    def __init__(self, name: str, level: str) -> None:
        self.name = name
        self.level = level
        self.reset()

    def reset(self) -> None:
        self.tokens: list[str] = []
        self.upos: list[str] = []
        self.tagged = False  # a token with a UPOS other than "_" was seen
        self.token_lines: list[int] = []
        self.first_line = 0
        self.text: str | None = None
        self.sent_id: str | None = None
        self.newdoc = False
        self.newpar = False
        self.next_word = 1  # the ID the next word line must have
        self.range_end = 0  # last word ID covered by the open multiword token
        self.range_line = 0
        self.multiword: list[tuple[int, int, str]] = []  # words level: (first, end, surface form)

    def comment(self, line: str) -> None:
        body = line[1:].strip()
        key, _, value = body.partition("=")
        key = key.strip()
        if key == "text" and _:
            self.text = value.strip()
        elif key == "sent_id" and _:
            self.sent_id = value.strip()
        elif key == "newdoc" or body.startswith("newdoc"):
            self.newdoc = True
        elif key == "newpar" or body.startswith("newpar"):
            self.newpar = True

    def token_line(self, line: str, number: int) -> None:
        columns = line.split("\t")
        if len(columns) != 10:
            spaces = " (columns must be separated by tabs)" if len(columns) == 1 and " " in line else ""
            raise InputError(
                self.name, number, "10 tab-separated columns", f"{len(columns)}{spaces}: {show(line, 40)}"
            )
        word_id, form = columns[0], columns[1]
        if not self.first_line:
            self.first_line = number
        if "." in word_id:  # empty node
            head, _, tail = word_id.partition(".")
            if _number(head) is None or _number(tail) is None:
                raise InputError(self.name, number, "an ID such as 5, 3-4 or 5.1", show(word_id))
            return
        if not form:
            raise InputError(self.name, number, "a FORM in column 2", "an empty FORM")
        if "-" in word_id:
            first, _, last = word_id.partition("-")
            start, end = _number(first), _number(last)
            if start is None or end is None:
                raise InputError(self.name, number, "a range ID such as 3-4", show(word_id))
            self._close_range(number)
            if start != self.next_word or end < start:
                raise InputError(
                    self.name, number, f"a multiword range starting at word {self.next_word}", show(word_id)
                )
            self.range_end, self.range_line = end, number
            if self.level == "tokens":
                self._keep(form, columns[3], number)
            else:
                first_word = len(self.tokens)
                self.multiword.append((first_word, first_word + end - start + 1, form))
            return
        word = _number(word_id)
        if word is None or word_id.startswith("0"):
            raise InputError(self.name, number, "an ID such as 5, 3-4 or 5.1", show(word_id))
        if word != self.next_word:
            raise InputError(self.name, number, f"word ID {self.next_word}", show(word_id))
        self.next_word += 1
        inside_range = self.range_end >= word
        if self.level == "words" or not inside_range:
            self._keep(form, columns[3], number)
        if self.range_end == word:
            self.range_end = 0

    def _keep(self, form: str, upos: str, number: int) -> None:
        self.tokens.append(form)
        self.token_lines.append(number)
        if upos and upos != NO_TAG:
            self.tagged = True
            self.upos.append(sys.intern(upos))  # a few distinct tags: one string each
        else:
            self.upos.append(NO_TAG)

    def _close_range(self, number: int) -> None:
        if self.range_end >= self.next_word:
            raise InputError(
                self.name,
                self.range_line,
                f"the words of the multiword range, up to word {self.range_end}",
                f"the range ends at line {number} after word {self.next_word - 1}",
            )

    def finish(self, number: int) -> Sentence | None:
        self._close_range(number)
        if not self.tokens and not self.first_line:
            if self.text is not None or self.sent_id is not None:
                # comments without tokens: a sentence was expected
                raise InputError(self.name, number, "token lines after the sentence's comments", "none")
            return None
        if not self.tokens:
            raise InputError(self.name, self.first_line, "at least one word in the sentence", "none")
        fields = (self.tokens, self.first_line, self.token_lines, self.text, self.sent_id, self.newdoc,
                  self.newpar, self.multiword or None)
        sentence = TaggedSentence(*fields, self.upos) if self.tagged else Sentence(*fields)
        self.reset()
        return sentence


def read_conllu(data: bytes | str, name: str, level: str = "words") -> Segmentation:
    """Read CoNLL-U at the given token level (``tokens`` or ``words``)."""
    with gc_paused():  # many small acyclic objects: see jpcore.runtime.gc_paused
        sentences = list(iter_conllu(decode_lines(data, name), name, level))
    return Segmentation(name=name, format="conllu", level=level, sentences=sentences)


def iter_conllu(lines: Iterable[str], name: str, level: str = "words") -> Iterator[Sentence]:
    """The sentences of decoded lines (see :func:`jpcore.formats.textio.iter_file_lines`),
    one at a time; errors as :func:`read_conllu` raises them."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    builder = _SentenceBuilder(name, level)
    number = 0
    first_comment = 0
    read_any = False
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            sentence = builder.finish(number)
            if sentence is not None:
                read_any = True
                yield sentence
        elif line.startswith("#"):
            if builder.first_line:
                raise InputError(name, number, "a token line or a blank line", "a comment inside a sentence")
            first_comment = first_comment or number
            builder.comment(line)
        else:
            builder.token_line(line, number)
    sentence = builder.finish(number + 1)
    if sentence is not None:
        read_any = True
        yield sentence
    if not read_any and first_comment:
        raise InputError(name, first_comment, "CoNLL-U word lines (ID, FORM, ... in 10 tab-separated columns)",
                         "only comment lines in the whole file")


def looks_like_conllu(lines: list[str]) -> bool:
    """True when the first line that is neither blank nor a ``#`` comment looks
    like a CoNLL-U word line: an ID (5, 3-4, 5.1), then a tab.  Only that line
    decides, and not by its column count: a CoNLL-U file with a bad line
    further on (or a short first line) is read as CoNLL-U and the bad line is
    reported, instead of the file being scored as tokenized text."""
    comments = False
    for line in lines:
        if not line.strip():
            continue
        if line.startswith("#"):
            comments = True
            continue
        word_id, tab, _ = line.partition("\t")
        return bool(tab) and word_id.replace("-", "").replace(".", "").isdigit()
    return comments  # nothing but comments: CoNLL-U's (refused with its line)
