"""GUM as a parser on raw text gets it: the systems PARSEVAL's real case is measured on.

``../shared/data/parseval/gum-const/gum-const.oneline.ptb`` is a real
treebank (GUM, 4,636 trees, about 98,000 words, one tree per line; EVALB
reads it to the end).  :func:`systems` derives two system files from it,
with a fixed seed:

* the **same-words system**: every gold tree perturbed as a parser errs
  (:func:`bench.treebank.perturbed`: relabelled, flattened, new and crossing
  brackets, wrong POS tags), never touching a word: EVALB can score it;
* the **raw-text system**: that same system as a parser run on raw text
  would print it.  About 5 % of the sentence boundaries are wrong as
  Punkt gets them wrong (:data:`MERGE_RATE`: two sentences run together,
  an abbreviation's full stop not seen as an end; :data:`SPLIT_RATE`: a
  sentence cut after a mid-sentence token ending in ``.`` -- ``Dr.``,
  ``St.``, ``U.S.`` -- or, when it has none, after a ``;`` or ``:``);
  then each sentence is turned back into text
  (:class:`nltk.tokenize.treebank.TreebankWordDetokenizer`) and
  re-tokenized by nltk's Treebank tokenizer
  (:class:`nltk.tokenize.TreebankWordTokenizer`, its character spans), and
  the tree is projected onto the new tokens: a token takes the tag and
  the place of the old word it starts in; an old word in which no token
  starts (``e - mail`` read as ``e-mail``) is dropped, and a bracket left
  without words goes.

EVALB cannot read the raw-text system ("Length unmatch" and worse); its
time on the same-words system is what the raw-text row is measured against.
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

from bench import treebank
from bench.shared_data import SHARED_DATA
from jpcore.atomic import write_atomic
from jpcore.formats.trees import read_trees_bytes

GUM = SHARED_DATA / "parseval" / "gum-const" / "gum-const.oneline.ptb"
SEED = 24
#: Sentence boundaries where two sentences are run together / a sentence is cut in two.
MERGE_RATE, SPLIT_RATE = 0.025, 0.025
#: Tokens a sentence may be cut after when no mid-sentence token ends in a full stop.
WEAK_ENDS = frozenset({";", ":"})


def _leaves(item) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    todo = [item]
    while todo:
        piece = todo.pop()
        if isinstance(piece, tuple):
            out.append(piece)
        else:
            todo.extend(reversed(piece[1]))
    return out


def _restricted(item, lo: int, hi: int, position: list[int]):
    """``item`` keeping only its leaves ``lo <= k < hi`` (``position[0]`` counts leaves);
    ``None`` when none is left."""
    if isinstance(item, tuple):
        k = position[0]
        position[0] += 1
        return item if lo <= k < hi else None
    children = [kept for child in item[1] if (kept := _restricted(child, lo, hi, position)) is not None]
    return [item[0], children] if children else None


def _split_point(words: list[str]) -> int | None:
    """Where Punkt would wrongly cut this sentence: after a mid-sentence token ending in
    ``.`` (an abbreviation), else after a ``;`` or ``:``; at least 3 words each side."""
    inner = range(3, len(words) - 3)
    for k in inner:
        if len(words[k - 1]) > 1 and words[k - 1].endswith("."):
            return k
    for k in inner:
        if words[k - 1] in WEAK_ENDS:
            return k
    return None


def resegmented(trees: list, rng: random.Random) -> list:
    """The trees (plain items) with about 5 % of sentence boundaries merged or split."""
    out: list = []
    k = 0
    while k < len(trees):
        tree = trees[k]
        draw = rng.random()
        if draw < MERGE_RATE and k + 1 < len(trees):
            out.append([tree[0], [*tree[1], *trees[k + 1][1]]])
            k += 2
            continue
        if draw < MERGE_RATE + SPLIT_RATE:
            words = [word for _, word in _leaves(tree)]
            cut = _split_point(words)
            if cut is not None:
                out += [[tree[0], [_restricted(tree, 0, cut, [0])]], [tree[0], [_restricted(tree, cut, len(words), [0])]]]
                k += 1
                continue
        out.append(tree)
        k += 1
    return out


@lru_cache(maxsize=1)
def _nltk():
    from nltk.tokenize import TreebankWordTokenizer
    from nltk.tokenize.treebank import TreebankWordDetokenizer

    return TreebankWordDetokenizer(), TreebankWordTokenizer()


def _word_spans(words: list[str], text: str) -> list[tuple[int, int]] | None:
    """Where each word stands in its detokenized ``text`` (quotes written ``"``); ``None``
    when one cannot be found in order."""
    spans = []
    at = 0
    for word in words:
        shown = '"' if word in ("``", "''") else word
        start = text.find(shown, at)
        if start < 0 or text[at:start].strip():
            return None
        spans.append((start, start + len(shown)))
        at = start + len(shown)
    return spans


def retokenized(tree):
    """``tree`` (a plain item) re-tokenized by nltk's Treebank tokenizer from its text,
    the structure projected onto the new tokens (module doc)."""
    detokenizer, tokenizer = _nltk()
    leaves = _leaves(tree)
    words = [word for _, word in leaves]
    text = detokenizer.detokenize(words)
    spans = _word_spans(words, text)
    if spans is None:
        return tree
    tokens = list(tokenizer.span_tokenize(text))
    # each old word -> the new tokens that start inside it
    owned: list[list[str]] = [[] for _ in words]
    w = 0
    for start, end in tokens:
        while w + 1 < len(spans) and spans[w + 1][0] <= start:
            w += 1
        owned[w].append(text[start:end])
    replaced = iter(owned)

    def project(item):
        if isinstance(item, tuple):
            return [(item[0], token) for token in next(replaced)]
        children = [out for child in item[1] for out in project(child)]
        return [[item[0], children]] if children else []

    projected = project(tree)
    return projected[0] if projected else tree


def _plain_trees(data: bytes) -> list:
    return [treebank.plain(tree.root) for tree in read_trees_bytes(data, GUM.name)]


@lru_cache(maxsize=2)
def systems(seed: int = SEED, trees: int | None = None) -> tuple[bytes, bytes, bytes]:
    """``(gold, same_words_system, raw_text_system)``: GUM's bytes (its first ``trees``
    trees, or all) and the two systems derived from it, one tree per line (module doc)."""
    gold = GUM.read_bytes()
    if trees is not None:
        gold = b"".join(gold.splitlines(keepends=True)[:trees])
    trees = _plain_trees(gold)
    labels = sorted({label.split("-")[0] for label in _labels(trees)} - treebank.FIXED)
    tags = sorted({tag for tree in trees for tag, _ in _leaves(tree)} - treebank.FIXED)
    rng = random.Random(seed)
    same = [treebank.perturbed(tree, rng, labels, tags) for tree in trees]
    raw = [retokenized(tree) for tree in resegmented(same, rng)]
    return (gold, "".join(map(treebank.text, same)).encode("utf-8"),
            "".join(map(treebank.text, raw)).encode("utf-8"))


def _labels(trees: list) -> set[str]:
    out: set[str] = set()
    todo = list(trees)
    while todo:
        item = todo.pop()
        if isinstance(item, list):
            out.add(item[0])
            todo.extend(item[1])
    return out


def write(folder: Path, copies: tuple[int, ...] = (1,)) -> dict[tuple[str, int], Path]:
    """Write GUM and its two systems into ``folder`` once per number of ``copies``, as
    ``gum-x{copies}.gld`` / ``.same`` / ``.raw``; their paths by (``gld``/``same``/``raw``, copies)."""
    gold, same, raw = systems()
    paths = {}
    for times in copies:
        for name, data in (("gld", gold), ("same", same), ("raw", raw)):
            path = paths[name, times] = folder / f"gum-x{times}.{name}"
            write_atomic(path, data * times)
    return paths

