"""Property tests (hypothesis) for the alignment invariants.

A text is generated, cut into tokens and sentences two ways, and the
alignment is checked against its invariants and against a brute-force
counter (intersection of span sets) on small inputs, also through the
readers (files written with any separators, line ends, blank lines, BOM,
as tokenized text or CoNLL-U).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jpcore.align import EXACT, GOLD_ONLY, MERGED, SYSTEM_ONLY, align_units
from jpcore.formats import read_segmentation
from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.preprocess import evaluate

# a small alphabet makes repeated tokens and sentences likely
streams = st.text(alphabet="ab.", min_size=1, max_size=40)


@st.composite
def segmentation_of(draw, stream: str, name: str = "seg") -> Segmentation:
    """Cut ``stream`` into tokens, and the tokens into sentences, at random."""
    token_cuts = sorted(draw(st.sets(st.integers(1, len(stream) - 1))) if len(stream) > 1 else [])
    bounds = [0, *token_cuts, len(stream)]
    tokens = [stream[a:b] for a, b in zip(bounds, bounds[1:])]
    sentence_cuts = sorted(draw(st.sets(st.integers(1, len(tokens) - 1))) if len(tokens) > 1 else [])
    sbounds = [0, *sentence_cuts, len(tokens)]
    sentences = [Sentence(tokens=tokens[a:b], line=i + 1) for i, (a, b) in enumerate(zip(sbounds, sbounds[1:]))]
    return Segmentation(name=name, format="text", level="words", sentences=sentences)


@st.composite
def two_segmentations(draw):
    stream = draw(streams)
    return draw(segmentation_of(stream, "gold")), draw(segmentation_of(stream, "sys"))


def spans(segmentation: Segmentation):
    """Brute force: the (start, end) sets of sentences and of tokens."""
    sentence_spans, token_spans, pos = set(), set(), 0
    for sentence in segmentation.sentences:
        start = pos
        for token in sentence.tokens:
            token_spans.add((pos, pos + len(token)))
            pos += len(token)
        sentence_spans.add((start, pos))
    return sentence_spans, token_spans


def assert_partition(units, n_gold: int, n_sys: int, gold_of, sys_of):
    gold_pos = sys_pos = 0
    for unit in units:
        g, s = gold_of(unit), sys_of(unit)
        assert g[0] == gold_pos and s[0] == sys_pos
        assert g[1] >= g[0] and s[1] >= s[0] and (g[1] > g[0] or s[1] > s[0])
        gold_pos, sys_pos = g[1], s[1]
    assert (gold_pos, sys_pos) == (n_gold, n_sys)


@settings(max_examples=300, deadline=None)
@given(two_segmentations())
def test_groups_partition_both_sides_in_order_and_match_brute_force(pair):
    gold, system = pair
    result = evaluate(gold, system)
    assert_partition(result.units, len(gold.sentences), len(system.sentences), lambda u: u.gold, lambda u: u.sys)
    words = [w for u in result.units for w in u.words]
    assert_partition(words, gold.n_tokens, system.n_tokens, lambda w: w.gold, lambda w: w.sys)
    # re-segmenting a text never changes its character stream
    assert result.streams_equal
    assert {u.kind for u in result.units} <= {EXACT, MERGED}
    gold_sentences, gold_tokens = spans(gold)
    sys_sentences, sys_tokens = spans(system)
    assert result.totals["sentences"].tp == len(gold_sentences & sys_sentences)
    assert result.totals["tokens"].tp == len(gold_tokens & sys_tokens)
    assert result.totals["sentences"].fp == len(system.sentences) - len(gold_sentences & sys_sentences)
    assert result.totals["tokens"].fn == gold.n_tokens - len(gold_tokens & sys_tokens)


@settings(max_examples=200, deadline=None)
@given(streams.flatmap(segmentation_of))
def test_identical_inputs_give_only_exact_one_to_one_groups(segmentation):
    result = evaluate(segmentation, segmentation)
    assert all(u.kind == EXACT and u.ratio == "1:1" for u in result.units)
    assert all(w.is_match for u in result.units for w in u.words)
    assert result.totals["tokens"].as_tuple() == (segmentation.n_tokens, 0, 0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="abc", min_size=1, max_size=5), max_size=12),
       st.lists(st.text(alphabet="abcxyz", min_size=0, max_size=5), max_size=12))
def test_any_two_unit_lists_are_partitioned(gold_units, sys_units):
    sys_units = [u for u in sys_units if u]
    groups = align_units(gold_units, sys_units)
    assert_partition(groups, len(gold_units), len(sys_units), lambda g: g.gold, lambda g: g.sys)
    for group in groups:
        if group.kind in (EXACT, MERGED):
            gold_text = "".join(gold_units[group.gold[0]:group.gold[1]])
            assert gold_text == "".join(sys_units[group.sys[0]:group.sys[1]])
        if group.kind == GOLD_ONLY:
            assert group.n_sys == 0
        if group.kind == SYSTEM_ONLY:
            assert group.n_gold == 0


@st.composite
def deletion_case(draw, repetitive: bool = False):
    """A segmented text and one system sentence to drop.  Its sentences are
    distinct (each word carries its position) unless ``repetitive``."""
    words = draw(st.lists(st.sampled_from(["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "."]),
                          min_size=2, max_size=30))
    stream = "".join(words) if repetitive else "".join(f"{word}{k}" for k, word in enumerate(words))
    gold = draw(segmentation_of(stream, "gold"))
    system = draw(segmentation_of(stream, "sys"))
    k = draw(st.integers(0, len(system.sentences) - 1))
    return gold, system, k


def unit_counts(unit):
    return (unit.gold, unit.sentences.as_tuple(), unit.tokens.as_tuple())


def _changed(system: Segmentation, k: int, insert: bool) -> Segmentation:
    changed = Segmentation(system.name, system.format, system.level, list(system.sentences))
    if insert:
        changed.sentences.insert(k, Sentence(tokens=["zzz", "."], line=0))
    else:
        del changed.sentences[k]
    return changed


@settings(max_examples=300, deadline=None)
@given(deletion_case(), st.booleans())
def test_a_deleted_or_inserted_sentence_only_changes_the_units_it_touches(case, insert):
    gold, system, k = case
    base = evaluate(gold, system)
    touched = next(i for i, u in enumerate(base.units) if u.sys[0] <= k < u.sys[1])
    result = evaluate(gold, _changed(system, k, insert))
    # Only the touched unit and its neighbours may lose true positives.  (Which
    # units lose them can move: in repeated text such as "a|a|a" minus one
    # "a", which of the equal sentences is missing is genuinely ambiguous, and
    # any placement gives the same totals.)
    window = base.units[max(touched - 1, 0): touched + 2]
    for name in ("sentences", "tokens"):
        at_stake = sum(getattr(u, name).tp for u in window)
        assert result.totals[name].tp >= base.totals[name].tp - at_stake
        # every unit of the changed side is still counted exactly once
        assert result.totals[name].gold == base.totals[name].gold
    delta = 1 if insert else -1
    assert result.totals["sentences"].system == base.totals["sentences"].system + delta


@settings(max_examples=300, deadline=None)
@given(deletion_case(repetitive=True), st.booleans())
def test_in_periodic_text_a_deleted_or_inserted_sentence_is_counted_once(case, insert):
    # "thethethe" minus "thetheth": the nearest agreement of two periodic
    # streams can be a shifted copy, so more than the touched units may lose
    # their TPs (jpcore/align/streams.py); every unit is still counted exactly once
    gold, system, k = case
    base = evaluate(gold, system)
    result = evaluate(gold, _changed(system, k, insert))
    delta = 1 if insert else -1
    for name in ("sentences", "tokens"):
        assert result.totals[name].gold == base.totals[name].gold
        assert result.totals[name].tp <= min(result.totals[name].gold, result.totals[name].system)
    assert result.totals["sentences"].system == base.totals["sentences"].system + delta


# ---------------------------------------------------------------- through the readers


@st.composite
def written_as_text(draw, segmentation: Segmentation) -> bytes:
    """``segmentation`` as tokenized text written any legal way: separators,
    line ends, blank lines, trailing blanks, a byte order mark."""
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    lines = []
    for sentence in segmentation.sentences:
        for _ in range(draw(st.integers(0, 1))):
            lines.append(draw(st.sampled_from(["", " ", "\t \t"])))
        separators = [draw(st.sampled_from([" ", "\t", "   ", " \t "])) for _ in sentence.tokens]
        line = "".join(sep + token for sep, token in zip(separators, sentence.tokens))
        lines.append(line + draw(st.sampled_from(["", " ", "\t"])))
    bom = "\ufeff" if draw(st.booleans()) else ""
    end = newline if draw(st.booleans()) or not lines else ""
    return (bom + newline.join(lines) + end).encode("utf-8")


def written_as_conllu(segmentation: Segmentation) -> bytes:
    blocks = []
    for sentence in segmentation.sentences:
        rows = [f"{i}\t{token}\t_\t_\t_\t_\t{i - 1}\t_\t_\t_" for i, token in enumerate(sentence.tokens, start=1)]
        blocks.append("\n".join([f"# text = {' '.join(sentence.tokens)}", *rows]) + "\n")
    return "\n".join(blocks).encode("utf-8") + b"\n"


@settings(max_examples=200, deadline=None)
@given(two_segmentations(), st.data())
def test_files_written_any_way_score_like_the_brute_force(pair, data):
    gold, system = pair
    gold_bytes = data.draw(written_as_text(gold), label="gold file")
    sys_bytes = written_as_conllu(system) if data.draw(st.booleans(), label="conllu") else \
        data.draw(written_as_text(system), label="system file")
    result = evaluate(read_segmentation(gold_bytes, "gold.txt"), read_segmentation(sys_bytes, "sys"))
    gold_sentences, gold_tokens = spans(gold)
    sys_sentences, sys_tokens = spans(system)
    assert result.totals["sentences"].as_tuple() == (
        len(gold_sentences & sys_sentences), len(system.sentences) - len(gold_sentences & sys_sentences),
        len(gold.sentences) - len(gold_sentences & sys_sentences))
    assert result.totals["tokens"].as_tuple() == (
        len(gold_tokens & sys_tokens), system.n_tokens - len(gold_tokens & sys_tokens),
        gold.n_tokens - len(gold_tokens & sys_tokens))
    # the lines the reader gives each sentence are where it was written
    text = gold_bytes.decode("utf-8").lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for sentence in result.gold.sentences:
        assert text[sentence.line - 1].split() == sentence.tokens


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ab", max_size=3), max_size=10))
def test_identical_units_group_as_the_general_loop_groups_them(units):
    # group_units shortcuts identical streams cut identically (one exact group
    # per unit); units without characters make it defer to the general loop
    from jpcore.align.grouping import _grouped, ends_of, group_units
    from jpcore.align.streams import CharAlignment

    ends = ends_of(units)
    length = ends[-1] if ends else 0
    chars = CharAlignment(length, length, ((0, 0, length),) if length else ())
    assert group_units(ends, list(ends), chars) == _grouped(ends, list(ends), chars)
