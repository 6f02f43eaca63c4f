"""Run an nltk sentence splitter and tokenizer on raw text: a system output.

:func:`run_system` cuts raw text into sentences with a *splitter*, each
sentence into tokens with a *tokenizer*, and returns a :class:`SystemRun`:
the :class:`~jpcore.formats.segmentation.Segmentation` that
:func:`jpcore.preprocess.evaluate` scores, plus every sentence's and
token's ``[start, end)`` range in the raw text (where it came from).

Splitters (:data:`SPLITTERS`):

* ``punkt``: nltk's Punkt with the English parameters of
  :func:`jpcore.systems.punkt_source.english_punkt` (offline), over the
  whole text in one call, as ``nltk.sent_tokenize`` does;
* ``lines``: one sentence per non-blank line;
* ``paragraphs``: one sentence per paragraph (blocks between blank lines).

Tokenizers (:data:`TOKENIZERS`), applied to each sentence:

* ``nltkword``: what ``nltk.word_tokenize`` does: Punkt splits the sentence
  again, then :class:`~nltk.tokenize.NLTKWordTokenizer` tokenizes each
  piece (so a period inside a sentence Punkt would end becomes a token);
* ``treebank``: :class:`~nltk.tokenize.TreebankWordTokenizer`;
* ``wordpunct``: :class:`~nltk.tokenize.WordPunctTokenizer`
  (``\\w+|[^\\w\\s]+``);
* ``whitespace``: :class:`~nltk.tokenize.WhitespaceTokenizer`;
* ``regex``: what :class:`~nltk.tokenize.RegexpTokenizer` does with the
  user's pattern (tokens are its matches, or with ``gaps=True`` the text
  between them, empty ones dropped).  The pattern is Python's ``re`` syntax
  (checked by ``re``; an invalid one raises :class:`jpcore.errors.InputError`),
  matched by the ``regex`` module (``re``-compatible ``VERSION0``), whose
  engine stops after :data:`REGEX_SECONDS` for the whole text: a pattern that
  backtracks without end, such as ``(a+)+$`` on a long run of ``a``, raises
  :class:`~jpcore.errors.InputError` instead of holding the process.

Tokens made only of whitespace (an empty regex match) are dropped, and so
are sentences left without a token: neither is a unit of text.

>>> run = run_system("Hi there. Bye!", "punkt", "wordpunct")
>>> [s.tokens for s in run.segmentation.sentences]
[['Hi', 'there', '.'], ['Bye', '!']]
>>> run.token_spans[1]
[(10, 13), (13, 14)]
"""

from __future__ import annotations

import re
import time
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import regex
from nltk.tokenize import (
    NLTKWordTokenizer,
    TreebankWordTokenizer,
    WhitespaceTokenizer,
    WordPunctTokenizer,
)

from jpcore.errors import InputError
from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.formats.spaces import strip_spaces
from jpcore.systems.punkt_source import PunktSource, english_punkt
from jpcore.systems.spans import token_spans

#: Splitter key -> label shown to people.
SPLITTERS: dict[str, str] = {
    "punkt": "Punkt (nltk, English)",
    "lines": "One sentence per line",
    "paragraphs": "One sentence per paragraph",
}
#: Tokenizer key -> label shown to people.
TOKENIZERS: dict[str, str] = {
    "nltkword": "NLTKWord (word_tokenize)",
    "treebank": "Treebank",
    "wordpunct": "WordPunct",
    "whitespace": "Whitespace",
    "regex": "Regular expression",
}
#: What each splitter and tokenizer does, in one sentence.
HELP: dict[str, str] = {
    "punkt": "nltk's Punkt with the English model, over the whole text at once (as sent_tokenize).",
    "lines": "Every non-blank line is a sentence.",
    "paragraphs": "Every block of text between blank lines is a sentence.",
    "nltkword": "nltk.word_tokenize: Punkt re-splits each sentence, then NLTKWordTokenizer "
    "(Treebank rules, improved); writes \" as `` and ''.",
    "treebank": "TreebankWordTokenizer: Penn Treebank rules (splits n't, 's, punctuation; "
    "only a sentence-final period); writes \" as `` and ''.",
    "wordpunct": "WordPunctTokenizer: runs of letters/digits and runs of other non-space characters.",
    "whitespace": "WhitespaceTokenizer: every run of non-space characters is a token.",
    "regex": "RegexpTokenizer with your pattern: each match is a token (or, with 'gaps', "
    "the text between matches).",
}
#: Flags nltk's RegexpTokenizer compiles user patterns with.
REGEX_FLAGS = re.UNICODE | re.MULTILINE | re.DOTALL
#: What a regex error names as its "file".
REGEX_SOURCE = "tokenizer pattern"
#: The longest the regex tokenizer may run over one text, in seconds.
REGEX_SECONDS = 3.0

_BLANK_LINE = re.compile(r"\n[^\S\n]*\n\s*")


@dataclass(slots=True)
class SystemRun:
    """A system output made from raw text, and where each unit came from.

    ``token_spans[i][j]`` is the ``[start, end)`` range in ``raw_text`` of
    token ``j`` of sentence ``i``; ``sentence_spans[i]`` runs from its first
    token's start to its last token's end.  ``punkt`` names the Punkt
    parameters used (None when neither splitter nor tokenizer uses Punkt).
    """

    raw_text: str
    splitter: str
    tokenizer: str
    segmentation: Segmentation
    token_spans: list[list[tuple[int, int]]]
    sentence_spans: list[tuple[int, int]] = field(default_factory=list)
    pattern: str | None = None
    punkt: PunktSource | None = None

    def describe(self) -> str:
        """One line: splitter, tokenizer (with the pattern) and the Punkt source."""
        text = f"{SPLITTERS[self.splitter]} + {TOKENIZERS[self.tokenizer]}"
        if self.pattern is not None:
            text += f" /{self.pattern}/"
        if self.punkt is not None:
            text += f"; Punkt: {self.punkt.kind}"
        return text


def compile_pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled as nltk's RegexpTokenizer would, or :class:`InputError`.

    >>> compile_pattern("[a-z")
    Traceback (most recent call last):
    ...
    jpcore.errors.InputError: tokenizer pattern: expected a valid regular expression, found '[a-z': unterminated character set at position 0
    """
    if not pattern:
        raise InputError(REGEX_SOURCE, None, "a regular expression", "an empty pattern")
    try:
        return re.compile(pattern, REGEX_FLAGS)
    except re.error as error:
        where = f" at position {error.pos}" if error.pos is not None else ""
        raise InputError(
            REGEX_SOURCE, None, "a valid regular expression", f"{pattern!r}: {error.msg}{where}"
        ) from None


def _regex_spans(pattern: str, gaps: bool,
                 seconds: float) -> Callable[[str], Iterator[tuple[int, int]]]:
    """``span_tokenize`` of nltk's RegexpTokenizer(pattern, gaps) run by the ``regex``
    module; all calls together stop after ``seconds`` (an :class:`InputError`)."""
    compile_pattern(pattern)  # Python's syntax and messages
    try:
        compiled = regex.compile(pattern, regex.VERSION0 | REGEX_FLAGS)
    except regex.error as error:  # accepted by re, not by regex (rare)
        raise InputError(REGEX_SOURCE, None, "a valid regular expression", f"{pattern!r}: {error}") from None
    deadline = time.monotonic() + seconds

    def spans(text: str) -> Iterator[tuple[int, int]]:
        try:
            matches = [match.span() for match in
                       compiled.finditer(text, timeout=max(deadline - time.monotonic(), 0.001))]
        except TimeoutError:
            raise InputError(
                REGEX_SOURCE, None, f"a regular expression that tokenizes the text within {seconds:g} s",
                f"{pattern!r}, stopped after {seconds:g} s (a pattern such as (a+)+$ can backtrack without end)",
            ) from None
        if not gaps:
            return iter(matches)
        pieces, left = [], 0
        for right, following in matches:
            if right != left:
                pieces.append((left, right))
            left = following
        pieces.append((left, len(text)))
        return (piece for piece in pieces if piece[0] != piece[1])

    return spans


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(i + 1 for i, c in enumerate(text) if c == "\n")
    return starts


def _split_lines(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        if line.strip():
            yield start, end
        start = end + 1


def _split_paragraphs(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for match in _BLANK_LINE.finditer(text):
        if text[start : match.start()].strip():
            yield start, match.start()
        start = match.end()
    if text[start:].strip():
        yield start, len(text)


def _punkt_spans(text: str) -> Iterator[tuple[int, int]]:
    yield from english_punkt()[0].span_tokenize(text)


_SPLIT: dict[str, Callable[[str], Iterator[tuple[int, int]]]] = {
    "punkt": _punkt_spans,
    "lines": _split_lines,
    "paragraphs": _split_paragraphs,
}


def _tokenize_rewriting(tokenize: Callable[[str], list[str]]) -> Callable[[str], list[tuple[str, int, int]]]:
    """A tokenizer that may rewrite quotes, with spans found by :func:`token_spans`."""

    def run(text: str) -> list[tuple[str, int, int]]:
        tokens = tokenize(text)
        return [(token, s, e) for token, (s, e) in zip(tokens, token_spans(text, tokens))]

    return run


def _tokenize_spans(spans: Callable[[str], Iterator[tuple[int, int]]]) -> Callable[[str], list[tuple[str, int, int]]]:
    """A tokenizer whose tokens are substrings: ``(text[s:e], s, e)``."""

    def run(text: str) -> list[tuple[str, int, int]]:
        return [(text[s:e], s, e) for s, e in spans(text)]

    return run


def _nltk_word(text: str) -> list[str]:
    punkt = english_punkt()[0]
    word = NLTKWordTokenizer()
    return [token for piece in punkt.tokenize(text) for token in word.tokenize(piece)]


def _tokenizer(name: str, pattern: str | None, gaps: bool) -> Callable[[str], list[tuple[str, int, int]]]:
    if name == "nltkword":
        return _tokenize_rewriting(_nltk_word)
    if name == "treebank":
        return _tokenize_rewriting(TreebankWordTokenizer().tokenize)
    if name == "wordpunct":
        return _tokenize_spans(WordPunctTokenizer().span_tokenize)
    if name == "whitespace":
        return _tokenize_spans(WhitespaceTokenizer().span_tokenize)
    if name == "regex":
        return _tokenize_spans(_regex_spans(pattern or "", gaps, REGEX_SECONDS))
    raise ValueError(f"unknown tokenizer {name!r}; expected one of {', '.join(TOKENIZERS)}")


def uses_punkt(splitter: str, tokenizer: str) -> bool:
    """Whether this combination runs Punkt (and so depends on its source)."""
    return splitter == "punkt" or tokenizer == "nltkword"


def run_system(
    raw_text: str,
    splitter: str = "punkt",
    tokenizer: str = "nltkword",
    *,
    pattern: str | None = None,
    gaps: bool = False,
    name: str | None = None,
    level: str = "words",
) -> SystemRun:
    """Split ``raw_text`` into sentences and tokens; see the module doc.

    ``pattern``/``gaps`` are for the ``regex`` tokenizer.  Each sentence's
    ``line`` is the 1-based line of ``raw_text`` where its first token is;
    ``name`` (default ``"SPLITTER + TOKENIZER"`` by key, e.g. ``punkt + nltkword``)
    names the system side in reports.
    Raises :class:`InputError` for a bad pattern, :class:`ValueError` for an
    unknown splitter or tokenizer name.
    """
    if splitter not in _SPLIT:
        raise ValueError(f"unknown splitter {splitter!r}; expected one of {', '.join(SPLITTERS)}")
    tokenize = _tokenizer(tokenizer, pattern, gaps)
    line_starts = _line_starts(raw_text)
    sentences: list[Sentence] = []
    all_spans: list[list[tuple[int, int]]] = []
    sentence_spans: list[tuple[int, int]] = []
    for start, end in _SPLIT[splitter](raw_text):
        piece = raw_text[start:end]
        kept = [(token, start + s, start + e) for token, s, e in tokenize(piece) if strip_spaces(token)]
        if not kept:
            continue
        spans = [(s, e) for _, s, e in kept]
        first, last = spans[0][0], spans[-1][1]
        sentences.append(
            Sentence(tokens=[token for token, _, _ in kept], line=bisect_right(line_starts, first),
                     text=raw_text[first:last])
        )
        all_spans.append(spans)
        sentence_spans.append((first, last))
    punkt = english_punkt()[1] if uses_punkt(splitter, tokenizer) else None
    run = SystemRun(raw_text, splitter, tokenizer, Segmentation("", "tokenizer output", level, sentences),
                    all_spans, sentence_spans, pattern if tokenizer == "regex" else None, punkt)
    run.segmentation.name = name or f"{splitter} + {tokenizer}"
    return run
