"""Saved JSON results are validated fully on load (issue 12 items 5 and 10).

* every file in tests/malformed/json/ is refused with one message naming the
  file and the field (or the line, for JSON syntax), never a traceback;
* 100,000-deep nesting, 5,000-digit numbers, NaN and infinities, lone
  surrogates, wrong types, unknown keys, enums holding Markdown, units past
  the end, totals that are not the sum, derived values that do not follow:
  each refused where it stands;
* every bundled sample's result, written as the CLI writes it, is accepted
  and rebuilt equal;
* property: a valid result with one value changed is either refused or
  rebuilt into a result every page's building blocks (tables, explanations,
  HTML, charts, the HTML report) handle without an exception.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.errors import InputError
from jpcore.results.extras import EXTRA_KEYS
from jpcore.results.reader import MAX_DEPTH, ResultFieldError, json_depth, read_result_json, read_run_json
from jpcore.reports import render_html
from jpcore.align.similarity import Normaliser
from jpcore import parseval
from jpcore.gec import GecResult, evaluate_bytes as gec_evaluate
from jpcore.gec.error_types import type_table
from jpcore.parseval.result import ParsevalResult
from jpcore.preprocess import PreprocessResult, evaluate_bytes as preprocess_evaluate
from inspector.brackets import samples as tree_samples
from inspector.edits import samples as gec_samples
from inspector.tokens import samples
from tests.conftest import ROOT

HERE = ROOT / "tests" / "malformed" / "json"
CLASSES = {"preprocess": PreprocessResult, "parseval": ParsevalResult, "gec": GecResult}
MARKDOWN = "'![k](https://example'..."  # how the messages quote the injected image link (its first 20 characters)

# file -> (task, message after "FILE: ")
MALFORMED = {
    "markdown_gold_level.json": ("preprocess", f"gold.level: expected one of 'tokens', 'words', found {MARKDOWN}"),
    "markdown_unit_kind.json": (
        "preprocess",
        f"units[0].kind: expected one of 'exact', 'merged', 'similar', 'different', 'gold-only', 'system-only', found {MARKDOWN}"),
    "markdown_group_kind.json": (
        "parseval",
        f"groups[0].kind: expected one of 'exact', 'merged', 'similar', 'different', 'gold-only', 'system-only', found {MARKDOWN}"),
    "markdown_edit_status.json": (
        "gec", "sentences[0].hyp_edits[0].status: expected one of 'TP', 'FP', 'FN', 'noop', 'filtered', 'other', "
               f"'partial', 'unscored', found {MARKDOWN}"),
    "string_count.json": ("preprocess",
                          "totals.sentences.tp: expected an integer from 0 to 1,000,000,000,000,000, found '1'"),
    "string_totals.json": ("gec", "totals.tp: expected an integer from 0 to 1,000,000,000,000,000, found '1'"),
    "negative_count.json": ("preprocess",
                            "units[0].tokens.fp: expected an integer from 0 to 1,000,000,000,000,000, found -1"),
    "bool_as_number.json": ("preprocess", "streams_equal: expected true or false, found 1"),
    "huge_number.json": ("preprocess", "totals.tokens.tp: expected an integer from 0 to 1,000,000,000,000,000, "
                                       "found a number with 5,000 digits"),
    "nan.json": ("preprocess", "totals.tokens.precision: expected a number from 0 to 1, found the number NaN"),
    "infinity.json": ("preprocess", "totals.tokens.recall: expected a number from 0 to 1, found the number 1e999"),
    "lone_surrogate.json": ("preprocess", "gold.sentences[1].tokens[0]: expected text that UTF-8 can encode "
                                          "(no lone surrogate such as \\ud800), found '\\ud800'"),
    "unknown_key.json": ("preprocess", "units[0].note: expected only the keys jpcore writes in units[0], "
                                       "found the key 'note'"),
    "missing_key.json": ("preprocess", "units[0].words: expected a list, found nothing (the key is missing)"),
    "unit_past_the_end.json": ("preprocess", "units[0].gold: expected units covering all 2 gold sentences, "
                                             "found units ending at 3"),
    "totals_not_the_sum.json": ("preprocess", "totals.tokens.tp: expected the sum over the units, 5, found 4"),
    "derived_value_differs.json": ("preprocess", "totals.sentences.precision: expected 0.0, the value that "
                                                 "follows from the rest, found 0.99"),
    "constituent_outside_pair.json": ("parseval", "groups[0].constituents.gold[0]: expected a span within the "
                                                  "pair's 7 word units, found [0, 99]"),
    "totals_by_shape_not_the_sum.json": ("preprocess", "totals_by_shape.n:1.tokens.tp: expected 5, the value that "
                                                       "follows from the rest, found 4"),
    "comparison_p_value_differs.json": ("preprocess", "comparison.p_value: expected 1.0, the value that follows "
                                                      "from the rest, found 0.5"),
    "comparison_unknown_method.json": (
        "preprocess", "comparison.method: expected one of 'paired-bootstrap', 'approximate-randomization', "
                      f"'compare-mt-bootstrap', found {MARKDOWN}"),
    "comparison_units_past_the_end.json": ("preprocess", "comparison.units[0].sys_a: expected a range of system A's "
                                                         "1 units, found [0, 2]"),
    "comparison_counts_b_not_totals_b.json": ("preprocess", "comparison.unit_counts.b: expected rows adding up to "
                                                            "the counts of totals_b (5, 0, 0), found (9, 0, 0)"),
    "oracle_stage_differs.json": ("preprocess", "oracle.stages[1].segmentation: expected 0.0, the value that "
                                                "follows from the rest, found 0.5"),
    "hyp_from_text_other_file.json": ("gec", "hyp_from_text.cor: expected the system file's name, "
                                             "alignment.hyp_name ('sys.m2'), found 'other.txt'"),
}
#: Valid runs that add keys to their result (--compare, --oracle; gec -orig -cor): task of each.
RUNS = {"preprocess.compared.json": "preprocess", "gec.from_text.json": "gec"}


def _read(data: bytes, task: str, name: str = "r.json"):
    return read_result_json(data, name, CLASSES[task].from_dict, task)


def test_every_malformed_file_is_listed() -> None:
    listed = set(MALFORMED) | {"not_json.json"} | {f"{task}.reference.json" for task in CLASSES} | set(RUNS)
    assert {path.name for path in HERE.glob("*.json")} == listed


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_result_is_one_message_naming_the_field(name: str) -> None:
    task, message = MALFORMED[name]
    _read((HERE / f"{task}.reference.json").read_bytes(), task)  # the file it was made from is fine
    with pytest.raises(ResultFieldError) as caught:
        _read((HERE / name).read_bytes(), task, name)
    assert str(caught.value) == f"{name}: {message}"


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_run_with_what_it_added_is_read_and_made_again(name: str) -> None:
    task = RUNS[name]
    data = json.loads((HERE / name).read_text("utf-8"))
    run = read_run_json((HERE / name).read_bytes(), name, CLASSES[task].from_dict, task)
    extras = run.extras
    for key, made in (("comparison", extras.comparison), ("oracle", extras.oracle)):
        assert (made.to_dict() if made is not None else None) == data.get(key)
    assert extras.hyp_from_text == data.get("hyp_from_text")
    assert run.result.to_dict() == {key: value for key, value in data.items() if key not in EXTRA_KEYS}
    # the result alone, as the app's loader reads it
    assert _read((HERE / name).read_bytes(), task).to_dict() == run.result.to_dict()


def test_a_result_saved_before_totals_by_shape_is_read() -> None:
    data = json.loads((HERE / "preprocess.reference.json").read_text("utf-8"))
    del data["totals_by_shape"]
    assert "totals_by_shape" in _read(json.dumps(data).encode(), "preprocess").to_dict()


def test_json_syntax_is_named_by_line() -> None:
    with pytest.raises(InputError) as caught:
        _read((HERE / "not_json.json").read_bytes(), "preprocess", "not_json.json")
    assert str(caught.value) == ("not_json.json:9: expected a JSON object written by `jpcore preprocess --json`, "
                                 "found Unterminated string starting at")


@pytest.mark.parametrize("task", sorted(CLASSES))
def test_deep_nesting_is_refused_before_parsing(task: str) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    assert json_depth(deep) == 100_000
    with pytest.raises(InputError) as caught:
        _read(deep, task)
    assert str(caught.value) == (f"r.json: expected a JSON object written by `jpcore {task} --json`, nested at most "
                                 f"{MAX_DEPTH} levels deep, found 100,000 levels of nested arrays or objects")
    # brackets inside strings do not count
    assert json_depth(b'{"a": "[[[[[[", "b": [{"c": "]]"}]}') == 3


def test_the_wrong_task_and_oversized_files_are_named() -> None:
    gec_json = (HERE / "gec.reference.json").read_bytes()
    with pytest.raises(InputError, match=r"^r\.json: expected a JSON object written by `jpcore preprocess --json`, "
                                         r"found a result of `jpcore gec`$"):
        _read(gec_json, "preprocess")
    with pytest.raises(InputError, match=r"^r\.json: expected at most 100 bytes of JSON, found 2,678 bytes$"):
        read_result_json(gec_json, "r.json", GecResult.from_dict, "gec", max_bytes=100)


def _bundled_results() -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for sample in samples.SAMPLES.values():
        out.append(("preprocess", preprocess_evaluate(
            sample.gold_path.read_bytes(), sample.sys_path.read_bytes(), sample.gold_file, sample.sys_file,
            sample.fmt, sample.level, Normaliser.for_language(sample.language),
            raw_text=sample.raw_path.read_text("utf-8"))))
    for tree_sample in tree_samples.TREE_SAMPLES.values():
        out.append(("parseval", parseval.evaluate_bytes(*tree_sample.read_pair())))
    for gec_sample in gec_samples.GEC_SAMPLES.values():
        if gec_sample.min_gold_sentences:
            continue  # 44,000 sentences: the same pair repeated
        (sys_name, sys_data), (gold_name, gold_data) = gec_sample.read_pair()
        out.append(("gec", gec_evaluate(gold_data, sys_data, gold_name, sys_name)))
    deep = b"(S " * 300 + b"(NN x)" + b")" * 300 + b"\n"  # written as a flat preorder list
    out.append(("parseval", parseval.evaluate_bytes(deep, deep)))
    return out


def test_every_bundled_result_is_accepted_and_rebuilt_equal() -> None:
    for task, result in _bundled_results():
        written = result.to_dict()
        again = _read(json.dumps(written, ensure_ascii=False).encode(), task)
        assert again.to_dict() == written


# --- property: what the validator accepts, the pages can show --------------------------------


def _exercise(task: str, result) -> None:
    """What the pages build from a result (tables, explanations, markup, charts, the report)."""
    from inspector.edits import render as gec_render
    from inspector.edits import tables as gec_tables
    from inspector.tokens import explain, render, tables
    from inspector.brackets.chart import label_figure
    from inspector.brackets.view import PairView, constituents_frame, pairs_frame, unit_groups_text, units_frame
    from inspector.tokens.charts import mismatch_figure
    from inspector.edits.index import build_index
    from inspector.brackets.trees import pair_svg_html, side_text
    from inspector.tokens.view import ResultView

    if task == "preprocess":
        view = ResultView(result)
        tables.units_frame(view, result.units)
        for unit in result.units:
            explain.unit_reasons(view, unit)
            render.units_html(view, [unit])
            render.aligned_groups_html(view, unit)
            tables.groups_frame(view, unit)
            tables.sentences_frame(view, unit)
        mismatch_figure(view)
        for frame in (tables.conll_frame, tables.scores_frame, tables.loaded_frame, tables.kinds_frame,
                      tables.differences_frame):
            frame(result)
    elif task == "parseval":
        view = PairView(result)
        pairs_frame(view, result.pairs)
        for pair in result.pairs:
            units_frame(view, pair)
            constituents_frame(view, pair)
            for side in ("gold", "sys"):
                unit_groups_text(view, pair, side)
            gold_trees, sys_trees = view.pair_trees(pair, "gold"), view.pair_trees(pair, "sys")
            pair_svg_html(gold_trees, sys_trees, pair, result.gold_name, result.sys_name)
            side_text(gold_trees, pair.gold_constituents)
        label_figure(result.label_scores())
        result.summary(), result.cutoff_summary()
    else:
        index = build_index(result)
        gec_tables.units_frame(result, result.units)
        gec_tables.edits_frame([edit for pair in index.edits for side in pair for edit in side])
        gec_tables.annotator_frame(result)
        gec_render.units_html(result, result.units)
        for by in ("type", "main", "operation"):
            type_table(result, by)
        result.aligned_m2()
    render_html(result)


POOL = [-1, 0, 1, 2, 7, 10**6, 2**40, 0.5, 1.5, "", "x", "![k](https://example.invalid/x.png)", "<img src=x>",
        True, False, None, [], {}, "1:1", "merged", "gold-only"]


def _leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))
    if path:
        yield path


def _set(data, path, value) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


_BASE = {task: json.loads((HERE / f"{task}.reference.json").read_text("utf-8")) for task in CLASSES}
_LEAVES = {task: list(_leaves(data)) for task, data in _BASE.items()}


@settings(max_examples=int(__import__("os").environ.get("JPCORE_JSON_EXAMPLES", "150")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(task=st.sampled_from(sorted(CLASSES)), seed=st.integers(0, 2**32), changes=st.integers(1, 3))
def test_what_is_accepted_can_be_shown(task: str, seed: int, changes: int) -> None:
    rng = random.Random(seed)
    data = copy.deepcopy(_BASE[task])
    for _ in range(changes):
        paths = list(_leaves(data)) or _LEAVES[task]
        path = rng.choice(paths)
        try:
            _set(data, path, rng.choice(POOL))
        except (KeyError, IndexError, TypeError):
            pass
    try:
        result = _read(json.dumps(data, ensure_ascii=False).encode(), task)
    except InputError:
        return
    _exercise(task, result)


def test_the_property_reaches_accepted_changes() -> None:
    """The property is worth something only if some changed results pass the validator."""
    accepted = 0
    for seed in range(300):
        rng = random.Random(seed)
        task = rng.choice(sorted(CLASSES))
        data = copy.deepcopy(_BASE[task])
        _set(data, rng.choice(_LEAVES[task]), rng.choice(POOL))
        try:
            result = _read(json.dumps(data, ensure_ascii=False).encode(), task)
        except InputError:
            continue
        _exercise(task, result)
        accepted += 1
    assert accepted >= 10


def test_the_files_are_small_readable_fixtures() -> None:
    for path in HERE.glob("*.json"):
        assert path.stat().st_size < 20_000, path
    assert Path(HERE / "README.md").is_file()


# --- writing: a file name that is not UTF-8 ------------------------------------------------


def test_a_file_name_that_is_not_utf8_is_written_as_its_escape(tmp_path: Path) -> None:
    """The CLI reads file names with surrogateescape: ``\\xff.txt`` is ``"\\udcff.txt"``. The HTML
    report and the JSON writer show the byte as ``\\xff`` instead of failing to encode it, and
    such a JSON reads back."""
    import subprocess
    import sys

    from jpcore.results.reader import dumps_result

    folder = tmp_path / b"\xff".decode("utf-8", "surrogateescape")
    folder.mkdir()
    text, trees, m2 = folder / "a.txt", folder / "a.mrg", folder / "a.m2"
    text.write_text("Hello world .\n")
    trees.write_text("(S (NN Hello) (NN world))\n")
    m2.write_text("S Hello world .\n")
    for command in (["preprocess", str(text), str(text)], ["parseval", str(trees), str(trees)],
                    ["gec", "-hyp", str(m2), "-ref", str(m2)]):
        out = tmp_path / f"{command[0]}.html"
        done = subprocess.run([sys.executable, "-m", "jpcore", *command, "--html", str(out)], cwd=ROOT,
                              capture_output=True, check=False, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "/\\xff/a." in out.read_text("utf-8")
    result = preprocess_evaluate(text.read_bytes(), text.read_bytes(), str(text), str(text))
    written = dumps_result(result.to_dict())
    again = _read(written.encode("utf-8"), "preprocess")
    assert again.gold.name == str(text).replace("\udcff", "\\xff")


def test_a_comparison_too_costly_to_check_is_refused() -> None:
    data = json.loads((HERE / "preprocess.compared.json").read_text("utf-8"))
    data["comparison"]["samples"] = 1_000_000
    data["comparison"]["units"] *= 201  # 201 common units (their order is checked after the cost)
    with pytest.raises(ResultFieldError) as caught:
        _read(json.dumps(data).encode(), "preprocess")
    assert str(caught.value) == ("r.json: comparison.samples: expected at most 200,000,000 resampled units to check "
                                 "(samples x common units), found 201,000,000")
