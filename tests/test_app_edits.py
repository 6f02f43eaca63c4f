"""The Edits page (jp-errant) driven by AppTest.

The page opens with the re-segmented toy-en pair (7 system against 8 gold
sentences, two gold annotators, noop rule keep): the oracle-keep figures
11/2/3, F0.5 0.8333, six units (1:1, 2:1, 2:1, 1:1, 1:2, 1:1 gold:system)
and 41 edits.  The counts below were checked against jpcore directly
(:func:`_jpcore_edits`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from jpcore.formats.m2 import read_m2
from jpcore.gec.options import GecOptions
from jpcore.align.similarity import jaro_winkler
from jpcore.gec import evaluate
from tests.app_support import run as _run

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "inspector" / "main" / "app.py"
EDITS_PAGE = "../pages/edits.py"
TOY = ROOT / "sample_data" / "m2" / "toy-en"
SCRIPT = "<script>alert(1)</script>"


def _open(query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.switch_page(EDITS_PAGE)
    return _run(at)


@pytest.fixture
def edits() -> AppTest:
    """The Edits page with its default sample."""
    return _open()


#: Only selectable tables keep their key in AppTest; the others are found by a column.
_COLUMNS = {"e_edits": "Side", "e_types": "Category", "e_annotators": "Pairs tried"}


def _frame(at: AppTest, key: str) -> pd.DataFrame:
    if key == "e_units":
        return at.dataframe(key=key).value
    if key in ("e_unit_sys", "e_unit_gold"):
        details = [df.value for df in at.dataframe if "#" in df.value.columns]
        assert len(details) == 2, "no unit selected"
        return details[0 if key == "e_unit_gold" else 1]
    frames = [df.value for df in at.dataframe if _COLUMNS[key] in df.value.columns]
    assert frames, f"no table {key}"
    return frames[0]


def _units(at: AppTest) -> list[int]:
    return _frame(at, "e_units")["Unit"].tolist()


def _edits(at: AppTest) -> pd.DataFrame:
    return _frame(at, "e_edits")


def _metrics(at: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


def _html(at: AppTest) -> str:
    return "\n".join(element.value for element in at.html)


def _unescape(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def _text(at: AppTest) -> str:
    parts = [c.value for c in at.caption] + [m.value for m in at.markdown]
    parts += [e.value for e in at.info] + [e.value for e in at.warning] + [e.value for e in at.error]
    return _unescape("\n".join(parts))


def _jpcore_edits(**options):
    result = evaluate(read_m2(TOY / "gold.m2"), read_m2(TOY / "sys.resegmented.m2"), None, GecOptions(**options))
    return result, list(result.iter_edits())


def _select_unit(at: AppTest, row: int) -> AppTest:
    at.session_state["e_units"] = {"selection": {"rows": [row], "columns": [], "cells": []}}
    return _run(at)


def _select_bars(at: AppTest, *indices: int) -> AppTest:
    at.session_state["e_chart"] = {"selection": {
        "points": [{"curve_number": 0, "point_index": i, "point_number": i} for i in indices],
        "point_indices": list(indices), "box": [], "lasso": []}}
    return _run(at)


# --- What opens -------------------------------------------------------------


def test_opens_with_the_resegmented_toy_pair(edits: AppTest) -> None:
    assert not edits.error
    assert _metrics(edits) == {"TP": "11", "FP": "2", "FN": "3", "Precision": "84.62%", "Recall": "78.57%",
                               "F0.5": "83.33%"}
    units = _frame(edits, "e_units")
    assert units["Gold:system"].tolist() == ["1:1", "2:1", "2:1", "1:1", "1:2", "1:1"]
    # sentences by their place in their file from 1, as every page names them (issue 25, item 3)
    assert units["System sentences"].tolist() == ["§1", "§2", "§3", "§4", "§5–§6", "§7"]
    assert units["Gold sentences"].tolist() == ["§1", "§2–§3", "§4–§5", "§6", "§7", "§8"]
    assert (units["TP"].sum(), units["FP"].sum(), units["FN"].sum()) == (11, 2, 3)
    assert units["Gold"][1] == "I have visited Paris last year . ~~~ The weather was nice ."
    assert len(_edits(edits)) == 41 == len(_jpcore_edits()[1])
    text = _text(edits)
    assert "Showing 6 of 6 units and 41 edits." in text
    assert "aligned into 6 units (3 exact, 1 split, 2 merged); noop rule keep, alpha 0.91." in text
    assert "not strictly comparable to errant's per-sentence figures" in text


def test_chosen_annotator_per_unit(edits: AppTest) -> None:
    chosen = _frame(edits, "e_annotators")
    result, _ = _jpcore_edits()
    assert chosen["Gold annotator"].tolist() == [s.ref_coder for s in result.errant.sentences] == [0, 1, 0, 0, 1, 0]
    assert chosen["Pairs tried"].tolist() == [2] * 6


# --- Filters --------------------------------------------------------------------


def test_filters_change_the_rows(edits: AppTest) -> None:
    _, every = _jpcore_edits()
    edits.multiselect(key="e_status").set_value(["FN"])
    _run(edits)
    assert len(_edits(edits)) == 3 == sum(e.status == "FN" for e in every)
    assert _units(edits) == [2, 4]
    edits.multiselect(key="e_status").set_value([])
    edits.multiselect(key="e_op").set_value(["M"])
    _run(edits)
    assert len(_edits(edits)) == 2 and _units(edits) == [4]
    assert set(_edits(edits)["Correction"]) == {","}
    edits.multiselect(key="e_op").set_value([])
    edits.multiselect(key="e_main").set_value(["VERB"])
    _run(edits)
    assert len(_edits(edits)) == 15 == sum(e.main_type == "VERB" for e in every)
    edits.multiselect(key="e_main").set_value([])
    edits.multiselect(key="e_type").set_value(["R:VERB:SVA"])
    _run(edits)
    assert len(_edits(edits)) == 11 and _units(edits) == [0, 2, 4, 5]
    edits.multiselect(key="e_type").set_value([])
    edits.multiselect(key="e_ann").set_value([1])
    _run(edits)
    assert len(_edits(edits)) == 13 == sum(e.coder == 1 for e in every)
    edits.multiselect(key="e_status").set_value(["TP"])
    edits.multiselect(key="e_ann").set_value([0])
    _run(edits)
    assert len(_edits(edits)) == 20 == sum(e.coder == 0 and e.status == "TP" for e in every)
    edits.multiselect(key="e_status").set_value([])
    edits.multiselect(key="e_ann").set_value([])
    edits.text_input(key="e_q").input("weather")
    _run(edits)
    assert _units(edits) == [1] and len(_edits(edits)) == 3
    edits.text_input(key="e_q").input("xqzt")  # a correction (of an UNK edit) is searched too
    _run(edits)
    assert _units(edits) == [2]
    assert "Showing 1 of 6 units and 15 edits." in _text(edits)


def test_operation_filter_offers_none_for_foreign_types() -> None:
    at = _open({"m2": "uagec-resegmented"})
    assert at.multiselect(key="e_op").options == ["(none)"]
    assert "G/Case" in at.multiselect(key="e_type").options
    assert "G" in at.multiselect(key="e_main").options


def test_filters_live_in_the_url() -> None:
    at = _open({"e_status": "FN"})
    assert at.multiselect(key="e_status").value == ["FN"]
    assert len(_edits(at)) == 3


def test_chart_bars_filter_the_tables(edits: AppTest) -> None:
    types = _frame(edits, "e_types")["Category"].tolist()
    _select_bars(edits, types.index("R:VERB:SVA"))
    assert _units(edits) == [0, 2, 4, 5] and len(_edits(edits)) == 11
    assert set(_edits(edits)["Type"]) == {"R:VERB:SVA"}
    assert "Chart selection filters the tables: R:VERB:SVA" in _text(edits)
    _select_bars(edits, types.index("M:PUNCT"), types.index("U:DET"))
    assert set(_edits(edits)["Type"]) == {"M:PUNCT", "U:DET"}
    assert len(_edits(edits)) == 4
    _select_bars(edits)
    assert len(_edits(edits)) == 41


def test_chart_columns_take_the_click_and_say_how_to_clear(edits: AppTest) -> None:
    """hovermode "x": a click above a bar of height 0 selects its category
    (tests/test_browser_edits.py clicks above R:ADJ's precision of 0)."""
    spec = json.loads(edits.get("plotly_chart")[0].proto.spec)
    assert spec["layout"]["hovermode"] == "x"
    assert spec["data"][0]["y"][1] == 0  # R:ADJ's precision
    _select_bars(edits, 1)
    assert ("Chart selection filters the tables: R:ADJ (double-click the chart, or click the selected "
            "bar again, to clear).") in _text(edits)


def test_chart_by_main_type_and_operation(edits: AppTest) -> None:
    edits.radio(key="e_level").set_value("operation")
    _run(edits)
    table = _frame(edits, "e_types").set_index("Category")
    assert table.index.tolist() == ["M", "R", "U"]
    assert table.loc["R", ["TP", "FP", "FN"]].tolist() == [9, 2, 2]
    _select_bars(edits, 0)  # M
    assert len(_edits(edits)) == 2 and _units(edits) == [4]


# --- A merged unit -------------------------------------------------------------


def test_a_merged_unit_shows_reindexed_offsets(edits: AppTest) -> None:
    _select_unit(edits, 2)  # system 2 = gold 3 + 4
    assert "Unit #2: 2:1 sentences (gold:system), ∪ merged" in [h.value for h in edits.subheader]
    gold = _frame(edits, "e_unit_gold")
    are = gold[(gold["Correction"] == "are") & (gold["Annotator"] == 0)].iloc[0]
    assert (are["Sentence"], are["Line"], are["Orig start"], are["Orig end"], are["Start"], are["End"]) == (
        "§5", 21, 1, 2, 9, 10)
    assert are["Status"] == "TP" and are["#"] == 6
    system = _frame(edits, "e_unit_sys")
    assert system["Start"].tolist() == [3, 4, 9, 11]
    detail = next(e.value for e in edits.html if "gec-units" in e.value and "#2<br>" in e.value)
    assert "~~~" in detail
    assert "✓6</span>" in detail and "→ are" in detail  # gold edit #6 highlighted in the sentence
    assert "−3</span>" in detail  # the FN (U:DET) gold edit
    assert "gold sentences §4–§5 · l. 13, 20" in detail


def test_a_split_system_sentence_is_reindexed(edits: AppTest) -> None:
    _select_unit(edits, 4)  # system 4 + 5 = gold 6
    system = _frame(edits, "e_unit_sys")
    comma = system[system["Correction"] == ","].iloc[0]
    assert (comma["Sentence"], comma["Orig start"], comma["Start"], comma["End"], comma["Status"]) == ("§6", 3, 14, 14, "TP")
    assert "‸" in _html(edits)


def test_noop_rule_jp_gives_the_oracle_jp_figures(edits: AppTest) -> None:
    edits.radio(key="g_noop").set_value("jp")
    _run(edits)
    assert _metrics(edits)["FN"] == "4" and _metrics(edits)["F0.5"] == "82.09%"
    assert "dropped" in set(_edits(edits)["Status"])


def test_downloads_are_offered(edits: AppTest) -> None:
    labels = [button.label for button in edits.get("download_button")]
    assert labels == ["Totals (CSV)", "Totals (Markdown)", "Totals (LaTeX)", "errant-style report", "JSON result (reopens here)", "Re-indexed gold M2", "Re-indexed system M2",
                      "Edits as CSV", "Units as CSV", "HTML report (self-contained)"]


# --- Samples and loading -----------------------------------------------------------


def test_uagec_sample_shows_its_attribution_and_raw_types() -> None:
    at = _open({"m2": "uagec-resegmented"})
    assert not at.error
    assert len(_units(at)) == 83
    assert _metrics(at)["TP"] == "71" and _metrics(at)["F0.5"] == "55.56%"
    text = _text(at)
    assert "Source and licence of this sample." in text
    assert "UA-GEC: Grammatical Error Correction and Fluency Corpus" in text and "Syvokon" in text
    assert "Licensed under CC BY 4.0" in text and "https://creativecommons.org/licenses/by/4.0/" in text
    assert "Punctuation" in _frame(at, "e_types")["Category"].tolist()


@pytest.mark.parametrize("key", ["toy", "uagec-requote", "uagec-both", "uagec"])
def test_every_sample_loads_by_name(key: str) -> None:
    at = _open({"m2": key})
    assert not at.error
    assert at.selectbox(key="g_sample").value == key
    assert len(_units(at)) > 0


def test_a_path_in_the_url_is_not_a_sample() -> None:
    at = _open({"m2": "../../../etc/passwd"})
    assert at.selectbox(key="g_sample").value == "toy-resegmented"
    assert _metrics(at)["TP"] == "11"


def _paste(at: AppTest, system: str, gold: str) -> AppTest:
    at.radio(key="g_source").set_value("paste")
    _run(at)
    at.text_area(key="g_paste_sys").input(system)
    at.text_area(key="g_paste_gold").input(gold)
    at.button(key="g_paste_submit").click()
    return _run(at)


def test_pasted_m2_is_aligned_and_markup_escaped(edits: AppTest) -> None:
    system = f"S {SCRIPT} one\n\nS two .\nA 1 2|||R:X|||<b>|||REQUIRED|||-NONE-|||0\n"
    gold = f"S {SCRIPT} one two .\nA 3 4|||R:X|||<b>|||REQUIRED|||-NONE-|||0\n"
    _paste(edits, system, gold)
    assert not edits.error
    assert _metrics(edits)["TP"] == "1"
    html = _html(edits)
    assert "<script" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "→ &lt;b&gt;" in html
    assert _frame(edits, "e_units")["System"].tolist() == [f"{SCRIPT} one ~~~ two ."]


def test_bad_upload_shows_the_error_and_keeps_the_data(edits: AppTest) -> None:
    edits.radio(key="g_source").set_value("upload")
    _run(edits)
    edits.file_uploader(key="g_upload_sys").set_value(("sys.m2", b"S a b\nA 0 x|||R:X|||y|||REQUIRED|||-NONE-|||0\n", "text/plain"))
    edits.file_uploader(key="g_upload_gold").set_value(("gold.m2", b"S a b\n", "text/plain"))
    _run(edits)
    assert len(edits.error) == 1
    message = _unescape(edits.error[0].value)
    assert "sys.m2:2: expected 'start end' (two integers) after 'A '" in message
    assert "Still showing the previous data: toy-en: re-segmented system vs gold" in message
    assert _metrics(edits)["TP"] == "11"


def test_uploads_are_scored_and_named(edits: AppTest) -> None:
    edits.radio(key="g_source").set_value("upload")
    _run(edits)
    edits.file_uploader(key="g_upload_sys").set_value(("mine.m2", (TOY / "sys.m2").read_bytes(), "text/plain"))
    edits.file_uploader(key="g_upload_gold").set_value(("theirs.m2", (TOY / "gold.m2").read_bytes(), "text/plain"))
    _run(edits)
    assert _metrics(edits)["F0.5"] == "84.62%"
    assert "system mine.m2 (8 sentences)" in _text(edits)
    assert "same sentences: scored block by block exactly as errant_compare" in "\n".join(s.value for s in edits.success)


def test_a_saved_json_result_reopens(edits: AppTest) -> None:
    result, _ = _jpcore_edits(noop_rule="jp")
    saved = json.dumps(result.to_dict()).encode()
    edits.radio(key="g_source").set_value("json")
    _run(edits)
    edits.file_uploader(key="g_upload_json").set_value(("result.json", saved, "application/json"))
    _run(edits)
    assert _metrics(edits)["F0.5"] == "82.09%"
    assert len(_units(edits)) == 6
    edits.file_uploader(key="g_upload_json").set_value(("bad.json", b"[1, 2]", "application/json"))
    _run(edits)
    assert "bad.json:1: expected a JSON object written by `jpcore gec --json`" in _unescape(edits.error[0].value)


# --- Checkable by eye (issue 15, item 3) --------------------------------------------


def _drawn(at: AppTest, key: str) -> list[str]:
    """The columns a table draws, in order (its frame's, less those its column_config hides)."""
    frame = _frame(at, key)
    element = next(df for df in at.dataframe if df.value is frame or df.value.equals(frame))
    config = json.loads(element.proto.columns or "{}")
    return [c for c in frame.columns if not config.get(c, {}).get("hidden")]


def _side_cells(detail: str) -> tuple[str, str]:
    """The gold and the system cell of a rendered unit, in the order drawn."""
    cells = re.findall(r'<td class="jp-side">(.*?)</td>', detail)
    assert len(cells) == 2
    return cells[0], cells[1]


def _aligned(at: AppTest) -> str:
    """The selected unit drawn column by column (:mod:`inspector.edits.aligned`)."""
    return next(e.value for e in at.html if 'class="gec-grid"' in e.value)


def _columns(aligned: str) -> list[dict]:
    """Each offset's column: the gold token, the offset, the system token, and the offsets in
    their own sentence (``gold_own``/``sys_own``, None on a side of one sentence)."""
    out = []
    for offset, body in re.findall(r'<div class="gec-col" data-offset="(\d+)">(.*?)</div>', aligned):
        tokens = re.findall(r'<span class="gec-t"[^>]*>(.*?)</span>', body)
        own = re.findall(r'<span class="gec-n gec-o">(\d*)</span>', body)
        unit = re.findall(r'<span class="gec-n">(\d+)</span>', body)
        gold_merged = body.index('class="gec-n') < body.index('class="gec-t"')
        gold_own = own.pop(0) if gold_merged else None
        sys_own = own.pop(0) if own else None
        out.append({"offset": int(offset), "unit": int(unit[0]), "gold": tokens[0], "sys": tokens[1],
                    "gold_own": int(gold_own) if gold_own else None, "sys_own": int(sys_own) if sys_own else None})
    return out


def test_the_selected_unit_numbers_its_tokens_in_the_unit_and_in_their_sentence(edits: AppTest) -> None:
    """The selected unit column by column (issue 25 item 11): gold over system, each column one
    offset in the unit (what Start/End count) between them, and, on a side that joins
    sentences, each token's offset in its own sentence (Orig start/Orig end)."""
    _select_unit(edits, 2)  # gold 3 (8 tokens) + 4 (8 tokens) = system 2 (16 tokens)
    aligned = _aligned(edits)
    columns = _columns(aligned)
    assert [c["offset"] for c in columns] == [c["unit"] for c in columns] == list(range(16))
    assert [c["gold_own"] for c in columns] == [*range(8), *range(8)]  # two gold sentences
    assert {c["sys_own"] for c in columns} == {None}  # one system sentence: the offsets are equal
    assert [c["gold"] for c in columns] == [c["sys"] for c in columns]  # the same source, column by column
    assert (columns[9]["gold"], columns[9]["gold_own"]) == ("is", 1)
    assert '<span class="gec-n">sentence</span>' in aligned and aligned.count('title="sentence boundary">~~~') == 1
    # each highlighted gold edit sits on the tokens its table row names, in both numberings
    table = _frame(edits, "e_unit_gold")
    for _, row in table[table["Status"].isin(["TP", "FN"])].iterrows():
        covered = columns[row["Start"]:row["End"]]
        assert [c["gold_own"] for c in covered] == list(range(row["Orig start"], row["Orig end"]))
    # every number is at least 11 px; the rendered units' list has no numbers under its tokens
    assert ".gec-col .gec-n {font-size: 11px;" in aligned
    listed = [e.value for e in edits.html if "gec-units" in e.value and "#0<br>" in e.value]
    assert listed and all('class="gec-i"' not in value and "gec-grid" not in value for value in listed)


def test_each_highlighted_edit_shows_its_type(edits: AppTest) -> None:
    """The labels (type, correction) are listed under the sentence, never inside it: the
    sentence carries only the raised mark (issue 25 item 11)."""
    _select_unit(edits, 2)
    gold_cell, sys_cell = _side_cells(
        next(e.value for e in edits.html if "gec-units" in e.value and "#2<br>" in e.value))
    sentence, notes = gold_cell.split('<div class="gec-notes">')
    assert "gec-type" not in sentence and re.search(r'<sup class="gec-short"[^>]*>✓6</sup>', sentence)
    assert re.search(r'✓6</span><span class="gec-type"[^>]*>R:VERB:SVA</span><span class="gec-cor"[^>]*>→ are',
                     notes)
    assert re.search(r'−3</span><span class="gec-type"[^>]*>U:DET</span>', notes)
    assert re.search(r'✓3</span><span class="gec-type"[^>]*>R:VERB:SVA</span>', sys_cell)
    aligned = _aligned(edits)
    assert re.search(r'✓6</span><span class="gec-type"[^>]*>R:VERB:SVA</span>', aligned)  # listed under the columns
    assert "its error type" in _html(edits)  # the legend says so


def test_edit_tables_put_key_columns_first_and_offsets_side_by_side(edits: AppTest) -> None:
    _select_unit(edits, 2)
    key = ["Status", "Type", "Correction", "Sentence", "Orig start", "Orig end", "Start", "End", "Line",
           "Annotator"]
    assert _drawn(edits, "e_unit_gold") == ["#", *key] == _drawn(edits, "e_unit_sys")
    assert _drawn(edits, "e_edits") == ["Unit", "Side", *key]
    # the operation and main type are parts of the type: not drawn, still in the CSV's frame
    assert _edits(edits)[["Type", "Operation", "Main type"]].iloc[0].tolist() == ["R:VERB:SVA", "R", "VERB"]
    config = json.loads(next(df for df in edits.dataframe if "Side" in df.value.columns).proto.columns)
    assert config["Start"]["help"].startswith("Re-indexed into the unit")
    assert config["Orig start"]["help"].startswith("As in the M2 file")


# --- One page grammar (issue 15, item 5) ----------------------------------------------


def test_gold_comes_before_system_everywhere(edits: AppTest) -> None:
    _select_unit(edits, 2)
    units = _frame(edits, "e_units")
    columns = units.columns.tolist()
    for name in ("sentences", "lines", "annotator"):
        assert columns.index(f"Gold {name}") < columns.index(f"System {name}")
    assert columns.index("Gold") < columns.index("System")
    assert columns[:7] == ["Unit", "Verdict", "Kind", "Gold:system", "TP", "FP", "FN"]  # what a unit cost first
    chosen = _frame(edits, "e_annotators").columns.tolist()
    assert chosen.index("Gold annotator") < chosen.index("System annotator")
    assert chosen.index("Gold sentences") < chosen.index("System sentences")
    # in the edit table a unit's gold edits come before its system edits
    table = _edits(edits)
    for _, sides in table.groupby("Unit", sort=False)["Side"]:
        listed = sides.tolist()
        assert listed == sorted(listed, key=["Gold", "System"].index)
    assert table["Side"].iloc[0] == "Gold"
    # the rendered units: gold left, system right; the ids and annotators gold first
    detail = next(e.value for e in edits.html if "gec-units" in e.value and "#2<br>" in e.value)
    headers = re.findall(r"<th>(.*?)</th>", detail)
    assert headers == ["Unit", "Kind", "Gold (reference)", "System (hypothesis)", "Counts"]
    assert "gold sentences §4–§5 · l. 13, 20<br>system sentence §3 · l. 8" in detail
    assert "annotators: gold 0, system 0" in detail
    gold_cell, _ = _side_cells(detail)
    assert "There" in gold_cell and "✓6" in gold_cell  # the gold sentences in the left cell
    text = _text(edits)
    assert "gold gold.m2 (8 sentences) · system sys.resegmented.m2 (7 sentences)" in text
    headings = [m.value.split("**")[1] for m in edits.markdown if m.value.startswith(("**Gold edits", "**System edits"))]
    assert headings == ["Gold edits", "System edits"]


def test_scores_are_percent_with_the_unit_named(edits: AppTest) -> None:
    result, _ = _jpcore_edits()
    metrics = _metrics(edits)
    assert [metrics[name] for name in ("Precision", "Recall", "F0.5")] == ["84.62%", "78.57%", "83.33%"]
    assert (result.totals["precision"], result.totals["recall"], result.totals["f"]) == (0.8462, 0.7857, 0.8333)
    types = _frame(edits, "e_types").set_index("Category")
    assert types.columns.tolist() == ["TP", "FP", "FN", "P (%)", "R (%)", "F0.5 (%)"]
    assert types.loc["R:VERB:SVA"].tolist() == [3, 1, 0, 75.0, 100.0, 78.95]  # errant: 0.75, 1.0, 0.7895
    spec = json.loads(edits.get("plotly_chart")[0].proto.spec)
    assert spec["layout"]["yaxis"]["title"]["text"] == "percent"
    assert spec["layout"]["yaxis"]["range"] == [0, 105]
    assert spec["data"][0]["y"][8] == 75.0  # R:VERB:SVA's precision


def test_one_unit_and_one_edit_are_singular(edits: AppTest) -> None:
    _paste(edits, "S One two .\nA 0 1|||R:X|||1|||REQUIRED|||-NONE-|||0\n",
           "S One two .\nA 0 1|||R:X|||1|||REQUIRED|||-NONE-|||0\n")
    assert not edits.error
    text = _text(edits)
    assert "Showing 1 of 1 unit and 2 edits." in text
    assert "gold (pasted) (1 sentence) · system (pasted) (1 sentence)" in text
    assert "gold gold" not in text and "system system" not in text
    assert "Per-type table (1 category)" in [e.label for e in edits.expander]
    edits.multiselect(key="e_status").set_value(["TP"])
    edits.multiselect(key="e_ann").set_value([0])
    edits.text_input(key="e_q").input("One")
    _run(edits)
    assert "Showing 1 of 1 unit and 2 edits." in _text(edits)


def test_no_cell_reads_none(edits: AppTest) -> None:
    """st.dataframe draws a missing value as "None": a unit whose texts were never compared
    has "–" as its similarity (it read None on every row of toy-en)."""
    units = _frame(edits, "e_units")
    assert units["Similarity"].tolist() == ["–"] * 6
    for key in ("e_units", "e_edits", "e_annotators", "e_types"):
        assert not _frame(edits, key).isna().any().any(), key


def test_a_rewritten_unit_shows_its_similarity(edits: AppTest) -> None:
    """Gold "The colour is nice ." against system "The color is nice ." (one sentence each,
    the characters differ): a similar unit whose similarity is the Jaro-Winkler similarity
    of the space-free texts, 0.9925, shown in 4 places."""
    _paste(edits, "S The color is nice .\n", "S The colour is nice .\n")
    assert not edits.error
    units = _frame(edits, "e_units")
    assert units["Kind"].tolist() == ["≈ similar"]
    assert round(jaro_winkler("Thecolourisnice.", "Thecolorisnice."), 4) == 0.9925
    assert units["Similarity"].tolist() == ["0.9925"]
