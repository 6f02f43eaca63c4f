"""jp-errant's flat path (jpcore/gec/flat.py) held equal to the reference, unit by unit.

``evaluate`` keeps the units of files whose key streams are the same text
flat (cuts in integer lists, aligned blocks made by ``map``, a GecUnit only
when read); ``evaluate_reference`` aligns every file through
``align_sentences`` and makes every unit at once.  On real UA-GEC and toy
files re-segmented (sentences merged and split, on either side, edits across
the old boundaries, quotes written differently, multi-annotator files) and
on generated pairs, both must give the same aligned documents block by block,
the same units field by field, the same note, coders, report and JSON -- and
the note and coders are compared *before* the flat result makes its units,
so that they are counted from the flat data.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench import gec as bench_gec
from bench.shared_data import SHARED_DATA
from jpcore.formats.m2 import M2Edit, M2InputError, parse_m2
from jpcore.gec.concat import DroppedEdit
from jpcore.gec import flat as flat_module
from jpcore.gec.evaluate import evaluate, evaluate_reference
from jpcore.gec.options import GecOptions
from jpcore.peers.errant_compare import ErrantOptions, render_output

M2 = SHARED_DATA / "m2"
UA = M2 / "uagec-gec-only-test"
TOY = M2 / "toy-en"


def _blocks(path: Path) -> list[str]:
    return [block.text for block in parse_m2(path.read_bytes(), path.name).blocks]


UA_GOLD = _blocks(UA / "ann1.m2")  # the reference annotator's 2,862 sentences
UA_SYS = _blocks(UA / "ann0.m2")  # the other annotator, the same sentences


def _both(gold_text: str | bytes, sys_text: str | bytes, rule: str = "keep",
          errant: ErrantOptions | None = None, normalisation: str = "gec") -> tuple:
    """(flat result, reference result, whether the flat path was taken) of one pair, the flat
    one's note and coders read first."""
    gold, sys = parse_m2(gold_text, "ref.m2"), parse_m2(sys_text, "hyp.m2")
    options = GecOptions(noop_rule=rule, normalisation=normalisation)
    flat = evaluate(gold, sys, errant, options)
    reference = evaluate_reference(gold, sys, errant, options)
    assert reference._flat is None
    was_flat = flat._flat is not None
    # counted from the flat data, before any unit object exists
    assert flat.notes == reference.notes
    assert flat.coders("gold") == reference.coders("gold") and flat.coders("sys") == reference.coders("sys")
    assert flat._units is None or flat._flat is None
    assert flat.errant.ref.blocks == reference.errant.ref.blocks
    assert flat.errant.hyp.blocks == reference.errant.hyp.blocks
    assert [b.line for b in flat.errant.hyp.blocks] == [b.line for b in reference.errant.hyp.blocks]
    assert flat.errant.sentences == reference.errant.sentences
    assert render_output(flat.errant) == render_output(reference.errant)
    assert len(flat.units) == len(reference.units)
    for mine, theirs in zip(flat.units, reference.units):
        assert mine == theirs
    assert flat.aligned_m2() == reference.aligned_m2()
    assert flat.to_dict() == reference.to_dict()
    assert flat == reference
    for k in range(len(flat.units)):
        assert flat.edits(k) == reference.edits(k)
    assert flat._flat is None  # its units made, the input documents let go
    return flat, reference, was_flat


def _join(blocks: list[str]) -> str:
    return "".join(block + "\n\n" for block in blocks)


def test_uagec_resegmented_file_takes_the_flat_path_with_the_reference_units() -> None:
    flat, _, was_flat = _both((UA / "ann1.m2").read_bytes(), (UA / "resegmented" / "ann0.resegmented.m2").read_bytes())
    assert was_flat
    assert flat.notes == [
        "hyp.m2 (2437 sentences) and ref.m2 (2862 sentences) differ (2437 vs 2862 sentences): aligned into "
        "2358 units (1775 exact, 79 split, 504 merged); noop rule keep, alpha 0.91."
    ]
    assert (flat.errant.tp, flat.errant.fp, flat.errant.fn) == (1379, 1095, 1892)


def test_requoted_file_same_text_once_normalised_else_the_reference_path() -> None:
    gold, sys = (UA / "ann1.m2").read_bytes(), (UA / "resegmented" / "ann0.resegmented-requote.m2").read_bytes()
    flat, _, was_flat = _both(gold, sys)
    assert was_flat  # the gec table maps the rewritten quotes: the same keys
    flat, _, was_flat = _both(gold, sys, normalisation="none")  # whitespace removal only: 237 units differ
    assert not was_flat
    assert len(flat.units) == 2358 and sum(unit.kind == "similar" for unit in flat.units) == 237


@pytest.mark.parametrize("rule", ["keep", "jp"])
def test_toy_resegmented_both_noop_rules(rule: str) -> None:
    flat, _, was_flat = _both((TOY / "gold.m2").read_bytes(), (TOY / "sys.resegmented.m2").read_bytes(), rule)
    assert was_flat


@pytest.mark.parametrize("mode", ["cs", "dt", "cse"])
def test_bench_resegmented_and_merged_pairs(mode: str) -> None:
    for make in (bench_gec.resegmented_pair, bench_gec.merged_pair):
        hyp, ref = make(1_200)
        flat, _, was_flat = _both(ref, hyp, errant=ErrantOptions(mode=mode, verbose=mode == "dt"))
        assert was_flat


def test_both_sides_cut_differently_multi_annotator_gold() -> None:
    """Gold merges pairs of sentences where the system splits others: m:n units, two
    annotators' edits concatenated on the gold side (the multi-annotator note)."""
    gold_blocks = parse_m2((UA / "gec-only.test.m2").read_bytes(), "g").blocks[:300]
    sys_blocks = parse_m2((UA / "ann0.m2").read_bytes(), "s").blocks[:300]
    gold = [_merge(gold_blocks[k:k + 2]) for k in range(0, 300, 2)]
    sys = [_merge(sys_blocks[k:k + 3]) if k % 2 else _merge(sys_blocks[k:k + 3]) for k in range(1, 297, 3)]
    sys = [_merge(sys_blocks[:1]), *sys, _merge(sys_blocks[298:300])]
    flat, _, was_flat = _both(_join(gold), _join(sys))
    assert was_flat and any(unit.shape == "m:n" for unit in flat.units)


def _merge(blocks) -> str:
    """One block of ``blocks`` concatenated, edits shifted (noops kept), as a tool would write it."""
    tokens: list[str] = []
    lines = []
    for block in blocks:
        shift = len(tokens)
        tokens += block.tokens
        for edit in block.edits:
            start, end = (edit.start, edit.end) if edit.start == -1 else (edit.start + shift, edit.end + shift)
            lines.append(f"A {start} {end}|||{edit.type}|||{edit.cor}|||REQUIRED|||-NONE-|||{edit.coder}")
    return "\n".join(["S " + " ".join(tokens), *lines])


def test_sentences_not_single_spaced_and_an_edit_past_its_sentence() -> None:
    gold = "S a  b .\nA 0 1|||R:X|||c|||REQUIRED|||-NONE-|||0\n\nS d e .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
    sys = "S a b . d\tE\nA 3 4|||R:X|||x|||REQUIRED|||-NONE-|||1\n\nS .\n\n"
    assert not _both(gold, sys)[2]  # "E" is not "e": not the same text
    sys = "S a b .  d\te\nA 3 4|||R:X|||x|||REQUIRED|||-NONE-|||1\n\nS .\n\n"
    flat, _, was_flat = _both(gold, sys)
    assert was_flat
    assert [(u.kind, u.gold, u.sys, u.gold_offsets, u.sys_offsets) for u in flat.units] == [
        ("merged", (0, 2), (0, 2), (0, 3, 6), (0, 5, 6)),
    ]
    bad = "S a b\n\nS .\nA 0 2|||R:X|||x|||REQUIRED|||-NONE-|||0\n\n"
    for run in (evaluate, evaluate_reference):
        with pytest.raises(M2InputError) as caught:
            run(parse_m2("S a b .\n\n", "ref.m2"), parse_m2(bad, "hyp.m2"))
        assert str(caught.value) == str(M2InputError(
            "hyp.m2", 4, 1, "offsets within the sentence's 1 tokens",
            "'A 0 2' (the sentence is merged with its neighbours here: its edits cannot be re-indexed)"))


# -- generated: real UA-GEC sentences, re-segmented on both sides


def _resegment(draw, blocks: list, cross: bool) -> list[str]:
    """``blocks`` (parsed) merged and split at random; a merge may add an edit across the old boundary."""
    out: list[tuple[list[str], list[str]]] = []  # (tokens, edit lines)
    for block in blocks:
        tokens = block.tokens
        lines = [block.text.split("\n")[1 + i] for i in range(len(block.edits))]
        action = draw(st.sampled_from(["keep", "keep", "merge", "split"]))
        if action == "merge" and out and out[-1][0] and tokens:
            prev_tokens, prev_lines = out[-1]
            shift = len(prev_tokens)
            shifted = [_shift(line, edit, shift) for line, edit in zip(lines, block.edits)]
            extra = []
            if cross and draw(st.booleans()):
                extra = [f"A {shift - 1} {shift + 1}|||R:ACROSS|||x y|||REQUIRED|||-NONE-|||{draw(st.integers(0, 1))}"]
            out[-1] = (prev_tokens + tokens, prev_lines + shifted + extra)
            continue
        if action == "split" and len(tokens) >= 2:
            k = draw(st.integers(1, len(tokens) - 1))
            left = [line for line, edit in zip(lines, block.edits) if edit.start == -1 or edit.end <= k]
            right = [_shift(line, edit, -k) for line, edit in zip(lines, block.edits)
                     if edit.start != -1 and edit.start >= k]
            out.append((tokens[:k], left))
            out.append((tokens[k:], right))
            continue
        out.append((tokens, lines))
    return ["\n".join(["S " + " ".join(tokens), *lines]) for tokens, lines in out]


def _shift(line: str, edit, shift: int) -> str:
    if edit.start == -1:
        return line
    return f"A {edit.start + shift} {edit.end + shift}|||" + line.split("|||", 1)[1]


@st.composite
def resegmented_uagec(draw):
    start = draw(st.integers(0, len(UA_GOLD) - 40))
    n = draw(st.integers(1, 40))
    gold = parse_m2(_join(UA_GOLD[start:start + n]), "g").blocks
    sys = parse_m2(_join(UA_SYS[start:start + n]), "s").blocks
    return _join(_resegment(draw, gold, False)), _join(_resegment(draw, sys, True))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(resegmented_uagec(), st.sampled_from(["keep", "jp"]),
       st.sampled_from([ErrantOptions(), ErrantOptions(mode="cse"), ErrantOptions(mode="dt", verbose=True)]))
def test_generated_resegmentations_of_real_sentences(case, rule, errant) -> None:
    gold, sys = case
    flat, _, was_flat = _both(gold, sys, rule, errant)
    assert was_flat or not flat.aligned  # the same words on both sides: the flat path


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from(["a", "b", "``", '"', "''", ".", "\u200b", "-LRB-", "("]),
                         min_size=0, max_size=4), min_size=1, max_size=6),
       st.lists(st.integers(0, 3), min_size=1, max_size=6), st.sampled_from(["keep", "jp"]))
def test_generated_token_streams_cut_and_quoted_differently(sentences, cuts, rule) -> None:
    """Sentences of quote variants, brackets, zero-width spaces and empty sentences, the system
    cut elsewhere: whichever path a pair takes, the results agree."""
    gold = _join(["S " + " ".join(tokens) + ("\nA 0 1|||R:X|||q|||REQUIRED|||-NONE-|||0" if tokens else "")
                  for tokens in sentences])
    words = [token for tokens in sentences for token in tokens]
    sys_sentences = []
    position = 0
    for size in cuts:
        sys_sentences.append(words[position:position + size])
        position += size
    sys_sentences[-1] += words[position:]
    sys = _join(["S " + " ".join(t) for t in sys_sentences])
    _both(gold, sys, rule)


def test_one_unit_of_several_blocks() -> None:
    """The whole file one unit: gold's two sentences merged into the system's one."""
    gold = "S a b .\nA 0 1|||R:X|||c|||REQUIRED|||-NONE-|||0\n\nS d .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
    sys = "S a b . d .\nA 3 4|||R:Y|||e|||REQUIRED|||-NONE-|||0\n\n"
    flat, _, was_flat = _both(gold, sys)
    assert was_flat
    assert flat.aligned_m2() == (
        "S a b . d .\nA 0 1|||R:X|||c|||REQUIRED|||-NONE-|||0\n\n",
        "S a b . d .\nA 3 4|||R:Y|||e|||REQUIRED|||-NONE-|||0\n\n",
    )
    assert [(u.kind, u.gold, u.sys, u.gold_offsets, u.gold_dropped) for u in flat.units] == [
        ("merged", (0, 2), (0, 1), (0, 3, 5),
         (DroppedEdit(1, 0, M2Edit(-1, -1, "noop", "-NONE-", 0)),)),
    ]
    assert (flat.errant.tp, flat.errant.fp, flat.errant.fn) == (0, 1, 1)


def test_a_difference_far_into_the_file_is_found_chunk_by_chunk() -> None:
    """cuts_from_text compares CHUNK units at a time: a word changed in unit 2,000 of 2,358
    (the third chunk) sends the pair to the reference path, whose units the result has."""
    gold = (UA / "ann1.m2").read_bytes()
    sys_blocks = _blocks(UA / "resegmented" / "ann0.resegmented.m2")
    assert len(sys_blocks) > 2 * flat_module.CHUNK
    k = 1_950
    sys_blocks[k] = sys_blocks[k].replace("S ", "S Зміна ", 1)
    flat, reference, was_flat = _both(gold, _join(sys_blocks))
    assert not was_flat and len(flat.units) == len(reference.units)
    assert flat_module.cuts_from_text(parse_m2(gold, "g"), parse_m2(_join(sys_blocks), "s"),
                                      GecOptions().normaliser()) is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from(["a", "`", "'", "``", "b."]), min_size=1, max_size=3),
                min_size=2, max_size=8),
       st.lists(st.integers(1, 3), min_size=1, max_size=8), st.integers(1, 3))
def test_quotes_across_chunk_edges(sentences, cuts, chunk) -> None:
    """Quote marks whose gec-table patterns (`` and '') may form across a sentence end, with
    chunks of 1 to 3 units: the text path refuses exactly when a pattern spans two tokens,
    and whichever path runs, the results are the reference's."""
    gold = _join(["S " + " ".join(tokens) for tokens in sentences])
    words = [token for tokens in sentences for token in tokens]
    sys_sentences, position = [], 0
    for size in cuts:
        if position < len(words):
            sys_sentences.append(words[position:position + size])
            position += size
    sys_sentences[-1] += words[position:]
    sys = _join(["S " + " ".join(t) + "\nA 0 1|||R:X|||q|||REQUIRED|||-NONE-|||0" for t in sys_sentences])
    text = " ".join(words)
    saved = flat_module.CHUNK
    flat_module.CHUNK = chunk
    try:
        found = flat_module.cuts_from_text(parse_m2(gold, "g"), parse_m2(sys, "s"), GecOptions().normaliser())
        assert (found is None) == ("` `" in text or "' '" in text)
        _both(gold, sys)
    finally:
        flat_module.CHUNK = saved


def test_flat_result_pickles_with_its_units_and_lets_the_inputs_go() -> None:
    """The app's cache pickles results: a flat one is pickled with its units made, and once
    its units are read it holds the input documents no more (only the aligned ones)."""
    import pickle

    gold, sys = (TOY / "gold.m2").read_bytes(), (TOY / "sys.resegmented.m2").read_bytes()
    flat, reference, was_flat = _both(gold, sys)
    fresh = evaluate(parse_m2(gold, "ref.m2"), parse_m2(sys, "hyp.m2"), None, GecOptions())
    assert fresh._flat is not None and fresh._units is None
    again = pickle.loads(pickle.dumps(fresh))
    assert again._flat is None and again == reference and again.units == reference.units
    assert fresh._flat is None and fresh.units == reference.units  # made when pickled
    assert was_flat


def test_documents_built_block_by_block() -> None:
    """Blocks that are not slices of one parsed file (M2Block.of, as the API may build them)
    are read block by block, and neither their coders nor anything else changes."""
    from jpcore.formats.m2 import M2Block, document_from_blocks

    gold_doc = parse_m2((TOY / "gold.m2").read_bytes(), "ref.m2")
    sys_doc = parse_m2((TOY / "sys.resegmented.m2").read_bytes(), "hyp.m2")
    gold = document_from_blocks("ref.m2", [M2Block.of(0, 0, b.text, b.edits) for b in gold_doc.blocks])
    sys = document_from_blocks("hyp.m2", [M2Block.of(0, 0, b.text, b.edits) for b in sys_doc.blocks])
    assert gold.coder_ids is None
    flat = evaluate(gold, sys)
    reference = evaluate_reference(gold, sys)
    assert flat._flat is not None
    assert flat.notes == reference.notes and flat.coders("gold") == reference.coders("gold")
    assert flat.errant.hyp.blocks == reference.errant.hyp.blocks and flat.units == reference.units
    assert flat.to_dict() == reference.to_dict()
