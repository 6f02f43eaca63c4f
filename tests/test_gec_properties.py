"""Properties of the jp-errant layer (hypothesis).

* Splitting or merging *system* sentences never changes a one-annotator score
  after alignment (one hypothesis coder, one reference annotator): the
  aligner finds the units again and concatenation is score-neutral.
* The units always partition both files, in order, whatever the texts.
* A pair without boundary differences is scored exactly as errant_compare.

The generator never puts the same insertion at the end of one sentence and
at the start of the next on the same side: after concatenation the two
become one key (errant keys edits by span and correction), the one case where
merging is not score-neutral even for one annotator.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.formats.m2 import parse_m2
from jpcore.peers.errant_compare import ErrantOptions, render_output, score
from jpcore.gec.options import GecOptions
from jpcore.gec.sentences import align_sentences
from jpcore.gec import evaluate

#: A tiny vocabulary: repeated short sentences are frequent.
WORDS = ["a", "b", "ab", "Yes", ".", "!", "''", "``", "don't", "do", "n't"]
TYPES = ["R:X", "M:Y", "U:Z", "R:VERB:SVA"]
NOOP = (-1, -1, "noop", "-NONE-")


@st.composite
def sentence_with_edits(draw, n_coders: int = 1):
    """(tokens, edits) with edits (start, end, type, cor, coder) inside the sentence."""
    tokens = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
    edits = []
    for coder in range(n_coders):
        for _ in range(draw(st.integers(0, 3))):
            start = draw(st.integers(0, len(tokens)))
            end = draw(st.integers(start, min(len(tokens), start + 2)))
            if start == end and start in (0, len(tokens)):
                continue  # see the module doc: no insertion at a sentence edge
            edits.append((start, end, draw(st.sampled_from(TYPES)), draw(st.sampled_from(["x", "", "y z"])), coder))
        if not any(edit[4] == coder for edit in edits) and draw(st.booleans()):
            edits.append(NOOP + (coder,))
    return tokens, edits


def block(tokens: list[str], edits: list[tuple]) -> str:
    lines = ["S " + " ".join(tokens)]
    lines += [f"A {s} {e}|||{t}|||{c}|||REQUIRED|||-NONE-|||{k}" for s, e, t, c, k in edits]
    return "\n".join(lines)


def document(sentences: list[tuple[list[str], list[tuple]]]) -> str:
    return "\n\n".join(block(t, e) for t, e in sentences) + "\n"


@st.composite
def edits_for(draw, tokens: list[str], coder: int = 0):
    """Up to three edits of one coder inside ``tokens`` (no insertion at a sentence edge)."""
    edits = []
    for _ in range(draw(st.integers(0, 3))):
        start = draw(st.integers(0, len(tokens)))
        end = draw(st.integers(start, min(len(tokens), start + 2)))
        if start == end and start in (0, len(tokens)):
            continue  # see the module doc
        edits.append((start, end, draw(st.sampled_from(TYPES)), draw(st.sampled_from(["x", "", "y z"])), coder))
    if not edits and draw(st.booleans()):
        edits.append(NOOP + (coder,))  # an explicit "no correction" line
    return edits


@st.composite
def resegmented(draw):
    """(gold sentences, system sentences, the system sentences re-segmented).

    Re-segmenting merges a sentence into the previous one or splits it at a
    token boundary that no edit crosses (an edit ending at the split goes
    left, one starting there goes right; no insertion sits on the split).
    """
    n = draw(st.integers(1, 8))
    hyp = [draw(sentence_with_edits()) for _ in range(n)]
    ref = [(tokens, draw(edits_for(tokens))) for tokens, _ in hyp]
    out: list[tuple[list[str], list[tuple]]] = []
    for tokens, edits in hyp:
        action = draw(st.sampled_from(["keep", "merge", "split"]))
        if action == "merge" and out:
            prev_tokens, prev_edits = out[-1]
            shift = len(prev_tokens)
            shifted = [(s + shift, e + shift, t, c, k) if s >= 0 else (s, e, t, c, k) for s, e, t, c, k in edits]
            out[-1] = (prev_tokens + tokens, prev_edits + shifted)
            continue
        if action == "split" and len(tokens) >= 2:
            points = [k for k in range(1, len(tokens))
                      if not any(s < k < e or s == e == k for s, e, *_ in edits)]  # noops: -1 -1
            if points:
                k = draw(st.sampled_from(points))
                left = [edit for edit in edits if edit[1] <= k]
                right = [(s - k, e - k, t, c, coder) for s, e, t, c, coder in edits if e > k]
                out.append((tokens[:k], left))
                out.append((tokens[k:], right))
                continue
        out.append((tokens, edits))
    return ref, hyp, out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(resegmented(), st.sampled_from(["keep", "jp"]), st.sampled_from([
    {}, {"mode": "cse"}, {"mode": "ds"}, {"mode": "dt"}, {"beta": 1.0}, {"single": True},
]))
def test_resegmenting_the_system_never_changes_a_one_annotator_score(case, rule, options) -> None:
    ref, hyp, reseg = case
    errant_options = ErrantOptions(**options)
    ref_doc = parse_m2(document(ref), "ref")
    plain = score(parse_m2(document(hyp), "hyp"), ref_doc, errant_options)
    aligned = evaluate(ref_doc, parse_m2(document(reseg), "reseg"), errant_options, GecOptions(noop_rule=rule))
    assert (aligned.errant.tp, aligned.errant.fp, aligned.errant.fn) == (plain.tp, plain.fp, plain.fn)
    assert aligned.errant.cats == plain.cats
    assert all(unit.kind in ("exact", "merged") for unit in aligned.units)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text(alphabet="ab.!", min_size=0, max_size=5), max_size=8),
    st.lists(st.text(alphabet="ab.!", min_size=0, max_size=5), max_size=8),
    st.floats(0.0, 1.0),
)
def test_units_partition_both_sides_in_order(hyp_keys, ref_keys, alpha) -> None:
    groups = align_sentences(ref_keys, hyp_keys, alpha)
    hyp_next = ref_next = 0
    for group in groups:
        assert group.sys[0] == hyp_next and group.gold[0] == ref_next
        assert group.sys[1] >= group.sys[0] and group.gold[1] >= group.gold[0]
        assert group.sys[1] > group.sys[0] or group.gold[1] > group.gold[0]
        if group.kind in ("gold-only", "system-only"):
            assert group.sys[1] - group.sys[0] + group.gold[1] - group.gold[0] == 1
        if group.kind in ("exact", "merged"):
            assert "".join(hyp_keys[slice(*group.sys)]) == "".join(ref_keys[slice(*group.gold)])
        if group.kind == "similar":
            assert group.similarity is not None and group.similarity >= alpha
        hyp_next, ref_next = group.sys[1], group.gold[1]
    assert (hyp_next, ref_next) == (len(hyp_keys), len(ref_keys))


@settings(max_examples=150, deadline=None)
@given(st.lists(sentence_with_edits(n_coders=2), min_size=1, max_size=6),
       st.lists(sentence_with_edits(n_coders=1), min_size=1, max_size=6))
def test_same_sentences_score_exactly_as_errant(ref, hyp) -> None:
    n = min(len(ref), len(hyp))
    ref = ref[:n]
    hyp = [(ref[i][0], [e for e in hyp[i][1] if e[1] <= len(ref[i][0])]) for i in range(n)]
    ref_doc, hyp_doc = parse_m2(document(ref), "ref"), parse_m2(document(hyp), "hyp")
    for options in (ErrantOptions(), ErrantOptions(mode="dt", verbose=True, cat=3)):
        result = evaluate(ref_doc, hyp_doc, options)
        assert not result.aligned
        assert render_output(result.errant) == render_output(score(hyp_doc, ref_doc, options))
