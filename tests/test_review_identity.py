"""A unit named by content: one key per unit of every task, spans that tile
both streams, and keys that survive a re-tokenised system file."""

from __future__ import annotations

import pytest

from jpcore.review import UnitKey, file_sha256, unit_keys, word_key
from tests.review_samples import PAIRS, evaluate, sample

#: units, first unit's spans, last unit's spans, stream lengths (measured on the bundled pairs).
EXPECTED = {
    "preprocess": (107, ((0, 32), (0, 32)), ((10784, 10919), (10784, 10919))),
    "parseval": (7, ((0, 34), (0, 34)), ((205, 219), (206, 220))),
    "gec": (6, ((0, 23), (0, 23)), ((238, 259), (238, 259))),
    "ud": (107, ((0, 32), (0, 32)), ((10784, 10919), (10784, 10919))),
}


@pytest.mark.parametrize("task", sorted(PAIRS))
def test_one_key_per_unit_tiling_both_streams(task):
    gold, system, result = sample(task)
    keys = unit_keys(result, file_sha256(gold), file_sha256(system))
    count, first, last = EXPECTED[task]
    assert len(keys) == len(result.units) == count
    assert (keys[0].gold_span, keys[0].sys_span) == first and (keys[-1].gold_span, keys[-1].sys_span) == last
    assert {(k.task, k.gold_sha256, k.sys_sha256, k.word_span) for k in keys} == {
        (task, file_sha256(gold), file_sha256(system), None)}
    assert all(a.gold_span[1] == b.gold_span[0] and a.sys_span[1] == b.sys_span[0] for a, b in zip(keys, keys[1:]))
    assert keys[0].gold_span[0] == keys[0].sys_span[0] == 0
    assert len(set(keys)) == len(keys)
    # the same files read again: the same keys
    assert unit_keys(evaluate(task, gold, system), file_sha256(gold), file_sha256(system)) == keys


def test_preprocess_and_ud_spans_are_the_units_own_character_ranges():
    for task in ("preprocess", "ud"):
        _, _, result = sample(task)
        assert [(k.gold_span, k.sys_span) for k in unit_keys(result, "g", "s")] == [
            (tuple(u.gold_chars), tuple(u.sys_chars)) for u in result.units]


def test_parseval_spans_agree_with_the_word_groups():
    _, _, result = sample("parseval")
    for key, pair in zip(unit_keys(result, "g", "s"), result.units):
        if len(pair.words):
            assert (pair.words[0].gold_chars[0], pair.words[-1].gold_chars[1]) == key.gold_span
            assert (pair.words[0].sys_chars[0], pair.words[-1].sys_chars[1]) == key.sys_span


def test_a_retokenised_system_file_keeps_every_other_units_key():
    """Unit 40's system tokens are cut differently (two tokens joined, one split):
    raw offsets of every later unit move, the keys of all 106 other units do not."""
    gold, system, result = sample("preprocess")
    lines = system.decode().split("\n")
    keys = unit_keys(result, "g", "s")
    sentence = result.units[40].sys[0]
    tokens = lines[sentence].split(" ")
    changed = " ".join([tokens[0] + tokens[1], *tokens[2:-1], tokens[-1][:-1], tokens[-1][-1]]) + "  "
    assert len(changed) != len(lines[sentence])
    lines[sentence] = changed
    new_system = "\n".join(lines).encode()
    new_keys = unit_keys(evaluate("preprocess", gold, new_system), "g", "s")
    assert len(new_keys) == len(keys) == 107
    assert [k for k in new_keys if k not in keys] == [] and new_keys == keys
    # the unit changed is now a mismatch (its tokens differ), but its span is the same
    assert evaluate("preprocess", gold, new_system).units[40].tokens.fp > result.units[40].tokens.fp


def test_word_keys_name_each_word_group_once():
    _, _, result = sample("preprocess")
    key = unit_keys(result, "g", "s")[2]
    words = [word_key(key, group) for group in result.units[2].words]
    assert len(set(words)) == len(words) == len(result.units[2].words)
    assert words[0] == key._replace(word_span=tuple(result.units[2].words[0].gold_chars))
    assert isinstance(words[0], UnitKey) and words[0].word_span[0] == key.gold_span[0]
