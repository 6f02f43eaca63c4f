"""GEC scores against a brute-force counter of errant's rule (hypothesis).

errant's rule for one hypothesis annotator against one reference annotator,
per sentence: key every edit (span correction: start, end, correction;
``-cse`` adds the type; ``-ds`` the span only; ``-dt`` one key per source
token, an insertion keyed on the token to its right) and skip the noop
``-1 -1`` edits; then

* TP = reference edit keys found among the hypothesis keys,
* FP = hypothesis edit keys not among the reference keys,
* FN = reference edit keys not among the hypothesis keys,

counted with multiplicity (two edits with one key count twice) and summed
over the sentences.  The counter below is written from that rule alone.
Both the errant-exact scorer on the original files and jp-errant on a
re-segmented hypothesis (sentences merged and split at random, see
``tests/test_gec_properties.py``) must give its counts.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.formats.m2 import parse_m2
from jpcore.peers.errant_compare import ErrantOptions, score
from jpcore.gec.options import GecOptions
from jpcore.gec import evaluate
from tests.test_gec_properties import document, resegmented

MODES = ("cs", "cse", "ds", "dt")


def keys(edit: tuple, mode: str) -> list[tuple]:
    start, end, etype, cor, _ = edit
    if mode == "cs":
        return [(start, end, cor)]
    if mode == "cse":
        return [(start, end, etype, cor)]
    if mode == "ds":
        return [(start, end)]
    if start == end:
        return [(start, start + 1)]
    return [(t, t + 1) for t in range(start, end)]


def brute_force(hyp: list, ref: list, mode: str) -> tuple[int, int, int]:
    tp = fp = fn = 0
    for (_, hyp_edits), (_, ref_edits) in zip(hyp, ref, strict=True):
        hyp_keys = [k for edit in hyp_edits if edit[0] != -1 for k in keys(edit, mode)]
        ref_keys = [k for edit in ref_edits if edit[0] != -1 for k in keys(edit, mode)]
        tp += sum(k in set(hyp_keys) for k in ref_keys)
        fn += sum(k not in set(hyp_keys) for k in ref_keys)
        fp += sum(k not in set(ref_keys) for k in hyp_keys)
    return tp, fp, fn


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(resegmented(), st.sampled_from(MODES), st.sampled_from(["keep", "jp"]))
def test_scores_equal_errants_rule_before_and_after_resegmentation(case, mode, rule):
    ref, hyp, reseg = case
    expected = brute_force(hyp, ref, mode)
    options = ErrantOptions(mode=mode)
    ref_doc = parse_m2(document(ref), "ref")
    plain = score(parse_m2(document(hyp), "hyp"), ref_doc, options)
    assert (plain.tp, plain.fp, plain.fn) == expected
    aligned = evaluate(ref_doc, parse_m2(document(reseg), "reseg"), options, GecOptions(noop_rule=rule))
    assert (aligned.errant.tp, aligned.errant.fp, aligned.errant.fn) == expected
    assert aligned.aligned == (len(reseg) != len(ref) or any(r[0] != s[0] for r, s in zip(ref, reseg)))
