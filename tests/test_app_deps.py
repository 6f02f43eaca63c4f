"""The Dependencies page (``jpcore ud`` in the app), driven by AppTest, on the bundled pairs.

* the bundled systems are exactly what ``bench/deps_samples.py`` writes from
  the bundled gold file;
* the metrics table holds every CoNLL 2018 metric with the counts and the
  percentages ``python -m jpcore ud`` prints for the same files (run here as
  a process), and the figures below; for the pair with the gold tokens
  they are also the CoNLL 2018 script's, run here too, and for the pair
  from raw text the script refuses the files;
* the filters (kind of error, DEPREL, UPOS) change the rows, by the counts
  the totals imply (wrong heads = aligned pairs − UAS correct);
* a bad upload is one clear error and the data loaded before stays; a saved
  ``--json`` result reopens with the same figures; a FORM and a DEPREL
  ``<img src=x onerror=alert(1)>`` reach the page's HTML escaped only;
* the menu lists the page after the other evaluations' pages, and the
  Analysis page does not offer it (jpcore.analysis has no ud measures).
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from bench.deps_samples import FOLDER, GOLD, PARSED, RAW_TEXT, SYSTEMS
from bench.ud_systems import parse
from jpcore.ud import METRICS
from tests.app_support import APP, ROOT
from tests.app_support import run as _run
from tests.ud_peer import script_counts, script_output

DEPS = "../pages/deps.py"
GOLD_FILE, PARSED_FILE, RAW_FILE = FOLDER / GOLD, FOLDER / PARSED, FOLDER / RAW_TEXT
HOSTILE = "<img src=x onerror=alert(1)>"

#: correct / gold / system / aligned of every metric, as ``python -m jpcore ud --counts`` prints them.
PARSED_COUNTS = {
    "Tokens": (837, 837, 837, None), "Sentences": (49, 49, 49, None), "Words": (852, 852, 852, None),
    "UPOS": (568, 852, 852, 852), "XPOS": (639, 852, 852, 852), "UFeats": (714, 852, 852, 852),
    "AllTags": (378, 852, 852, 852), "Lemmas": (723, 852, 852, 852), "UAS": (732, 852, 852, 852),
    "LAS": (624, 852, 852, 852), "CLAS": (376, 494, 445, 494), "MLAS": (132, 494, 445, 494),
    "BLEX": (308, 494, 445, 494),
}
RAW_COUNTS = {
    "Tokens": (828, 837, 837, None), "Sentences": (26, 49, 50, None), "Words": (813, 852, 837, None),
    "UPOS": (539, 852, 837, 813), "XPOS": (612, 852, 837, 813), "UFeats": (682, 852, 837, 813),
    "AllTags": (361, 852, 837, 813), "Lemmas": (688, 852, 837, 813), "UAS": (681, 852, 837, 813),
    "LAS": (579, 852, 837, 813), "CLAS": (353, 494, 447, 474), "MLAS": (125, 494, 447, 474),
    "BLEX": (287, 494, 447, 474),
}
#: precision / recall / F1 / aligned accuracy in percent, as ``python -m jpcore ud`` prints them.
PARSED_PERCENT = {"UPOS": (66.67, 66.67, 66.67, 66.67), "UAS": (85.92, 85.92, 85.92, 85.92),
                  "LAS": (73.24, 73.24, 73.24, 73.24), "CLAS": (84.49, 76.11, 80.09, 76.11),
                  "MLAS": (29.66, 26.72, 28.12, 26.72), "BLEX": (69.21, 62.35, 65.60, 62.35)}
RAW_PERCENT = {"Words": (97.13, 95.42, 96.27, None), "Sentences": (52.00, 53.06, 52.53, None),
               "UAS": (81.36, 79.93, 80.64, 83.76), "LAS": (69.18, 67.96, 68.56, 71.22),
               "CLAS": (78.97, 71.46, 75.03, 74.47), "MLAS": (27.96, 25.30, 26.57, 26.37)}
PERCENT_COLUMNS = ["Precision (%)", "Recall (%)", "F1 (%)", "Aligned accuracy (%)"]
ROW = re.compile(r"^(\w+) *\|(.*)$")


def _open(**query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(DEPS)
    for key, value in query.items():
        at.query_params[key] = value
    return _run(at)


def _frame(at: AppTest, first_column: str, last: bool = False) -> pd.DataFrame:
    frames = [df.value for df in at.dataframe if list(df.value.columns)[:1] == [first_column]]
    return frames[-1] if last else frames[0]


def _metrics(at: AppTest) -> pd.DataFrame:
    return _frame(at, "Metric").set_index("Metric")


def _counts(at: AppTest) -> dict[str, tuple]:
    frame = _metrics(at)
    return {name: (*(int(frame.at[name, c]) for c in ("Correct", "Gold", "System")),
                   None if frame.at[name, "Aligned pairs"] == "–" else int(frame.at[name, "Aligned pairs"]))
            for name in frame.index}


def _percent(at: AppTest, name: str) -> tuple:
    row = _metrics(at).loc[name, PERCENT_COLUMNS]
    return tuple(None if value == "–" else float(value) for value in row)


def _cli(gold: Path, system: Path, *options: str) -> dict[str, list[str]]:
    """``python -m jpcore ud [OPTIONS] GOLD SYSTEM`` as a process: its table's cells by metric."""
    done = subprocess.run([sys.executable, "-m", "jpcore", "ud", *options, str(gold), str(system)],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    rows = {}
    for line in done.stdout.splitlines()[2:2 + len(METRICS)]:
        name, cells = ROW.match(line).groups()
        rows[name] = [cell.strip() for cell in cells.split("|")]
    return rows


def _unescape(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def _captions(at: AppTest) -> str:
    return "\n".join(_unescape(c.value) for c in at.caption)


def _showing(at: AppTest) -> str:
    return next(line for line in _captions(at).splitlines() if line.startswith("Showing "))


def _markup(at: AppTest) -> str:
    return "\n".join(element.value for element in at.html)


# --- the bundled pairs ----------------------------------------------------------------------


def test_the_bundled_systems_are_what_bench_deps_samples_writes() -> None:
    gold_text = GOLD_FILE.read_text("utf-8")
    for name, make in SYSTEMS.items():
        assert (FOLDER / name).read_text("utf-8") == make(gold_text), name
    assert (FOLDER / "SOURCE.md").is_file() and (FOLDER / "LICENSE.txt").is_file()


@pytest.mark.parametrize("sample, system, counts, percent", [
    ("ewt-parsed", PARSED_FILE, PARSED_COUNTS, PARSED_PERCENT),
    ("ewt-raw-text", RAW_FILE, RAW_COUNTS, RAW_PERCENT),
], ids=["parsed", "raw-text"])
def test_every_metric_as_the_cli_prints_it(sample: str, system: Path, counts: dict, percent: dict) -> None:
    at = _open(deps=sample)
    assert _counts(at) == counts
    assert {name: _percent(at, name) for name in percent} == percent
    # the same files through `python -m jpcore ud` (--counts, then the percentages)
    cli_counts, cli = _cli(GOLD_FILE, system, "--counts"), _cli(GOLD_FILE, system)
    assert list(cli_counts) == list(METRICS)
    for name, (correct, gold, predicted, aligned) in cli_counts.items():
        assert counts[name][:3] == (int(correct), int(gold), int(predicted)), name
        # Tokens and Sentences have no aligned count; the CLI prints Correct there for Words
        assert counts[name][3] == (int(aligned) if name not in ("Tokens", "Sentences", "Words") else None), name
    for name, cells in cli.items():
        assert _percent(at, name) == tuple(float(cell) if cell else None for cell in cells), name
    assert {m.label: m.value for m in at.metric} == {f"{name} F1": f"{cli[name][2]}%"
                                                     for name in ("UAS", "LAS", "CLAS", "MLAS", "BLEX")}


def test_the_pair_with_the_gold_tokens_is_the_scripts_and_the_other_is_refused_by_it() -> None:
    _, rows = script_counts(GOLD_FILE, PARSED_FILE)
    assert {name: row[:3] for name, row in rows.items()} == {name: c[:3] for name, c in PARSED_COUNTS.items()}
    at = _open()
    assert "Characters: the same on both sides." in _captions(at) and not at.warning
    refused = script_output(GOLD_FILE, RAW_FILE)
    assert refused.returncode != 0 and "The concatenation of tokens in gold file and in system file differ!" in \
        refused.stderr
    at = _open(deps="ewt-raw-text")
    (warning,) = at.warning
    assert warning.value == (
        "The characters differ in 9 stretch(es): conll18_ud_eval.py refuses these files. Words are aligned by "
        "jp-inspector's alignment; a word in a differing stretch is never correct, and a head is correct when "
        "the system head corresponds to the gold head (see About).")
    differences = _frame(at, "Gold line")
    assert list(differences.itertuples(index=False, name=None))[3:5] == [(810, "r", 729, ""), (810, '"', 729, "``")]


# --- the per-label tables and the confusion ------------------------------------------------


def _independent_label_counts() -> tuple[dict, dict]:
    """Per DEPREL main type and per UPOS: ``{label: (gold, system, correct)}`` counted straight from
    the parsed pair's files (same words in the same order: word k pairs with word k), with
    bench.ud_systems' own reader; correct = same head and main type (LAS), same UPOS."""
    def flat(path: Path) -> list[tuple[str, int, str]]:
        out = []
        for sentence in parse(path.read_text("utf-8")):
            position = {id(word): k for k, word in enumerate(sentence.words)}
            out += [(word.deprel.partition(":")[0], -1 if word.head is None else position[id(word.head)], word.upos)
                    for word in sentence.words]
        return out

    gold, system = flat(GOLD_FILE), flat(PARSED_FILE)
    tables = {}
    for name, key, same in (("deprel", lambda w: w[0], lambda g, s: g[:2] == s[:2]),
                            ("upos", lambda w: w[2], lambda g, s: g[2] == s[2])):
        gold_n, sys_n = Counter(map(key, gold)), Counter(map(key, system))
        correct = Counter(key(g) for g, s in zip(gold, system) if same(g, s))
        tables[name] = {label: (gold_n[label], sys_n[label], correct[label]) for label in gold_n | sys_n}
    return tables["deprel"], tables["upos"]


def test_per_deprel_per_upos_and_the_confusion() -> None:
    at = _open()
    deprel = _frame(at, "DEPREL").set_index("DEPREL")
    upos = _frame(at, "UPOS").set_index("UPOS")
    expected_deprel, expected_upos = _independent_label_counts()
    for frame, expected, metric in ((deprel, expected_deprel, "LAS"), (upos, expected_upos, "UPOS")):
        assert set(frame.index) == set(expected)
        for label, (gold, system, correct) in expected.items():
            assert (int(frame.at[label, "Gold"]), int(frame.at[label, "System"])) == (gold, system), label
            assert float(frame.at[label, f"{metric} F1 (%)"]) == float(f"{200 * correct / (gold + system):.2f}"), label
    assert list(deprel.index[:3]) == ["punct", "case", "nsubj"] and int(deprel.at["punct", "Gold"]) == 97
    assert (int(deprel.at["nsubj", "Gold"]), float(deprel.at["nsubj", "LAS F1 (%)"])) == (79, 86.67)
    assert int(upos["Gold"].sum()) == int(deprel["Gold"].sum()) == 852
    confusion = _frame(at, "Gold \\ system").set_index("Gold \\ system")
    assert int(confusion.to_numpy().sum()) == 852  # every aligned pair
    assert sum(int(confusion.at[label, label]) for label in confusion.index) == 718
    assert "852 pairs, 718 on the diagonal (the same label)" in _captions(at)


# --- filters ----------------------------------------------------------------------------------


def test_the_filters_change_the_rows() -> None:
    at = _open()
    assert _showing(at) == "Showing 852 of 852 word groups, in 49 of 49 units."
    assert len(_frame(at, "Unit")) == 49
    at.multiselect(key="d_err").set_value(["head"])
    _run(at)
    wrong_heads = PARSED_COUNTS["UAS"][3] - PARSED_COUNTS["UAS"][0]  # aligned pairs - UAS correct = 120
    assert _showing(at) == f"Showing {wrong_heads} of 852 word groups, in 43 of 49 units."
    words = _frame(at, "Unit", last=True)
    assert "Gold ID" in words.columns and len(words) == wrong_heads
    assert words["Wrong"].str.contains("wrong head (attachment)", regex=False).all()
    units = _frame(at, "Unit")
    assert len(units) == 43 and set(units["Unit"]) == set(words["Unit"])
    # the same filter from a link (the URL keeps the plain names: ?d_err=head)
    linked = _open(d_err="head")
    assert linked.multiselect(key="d_err").value == ["head"]
    assert _showing(linked) == f"Showing {wrong_heads} of 852 word groups, in 43 of 49 units."
    at.multiselect(key="d_deprel").set_value(["nsubj"])
    _run(at)
    words = _frame(at, "Unit", last=True)
    assert _showing(at) == f"Showing {len(words)} of 852 word groups, in {words['Unit'].nunique()} of 49 units."
    assert 0 < len(words) < wrong_heads
    assert all("nsubj" in {label.partition(":")[0] for label in f"{gold} {system}".split()}
               for gold, system in zip(words["Gold DEPREL"], words["System DEPREL"]))
    at.multiselect(key="d_err").set_value([])
    at.multiselect(key="d_deprel").set_value([])
    at.multiselect(key="d_upos").set_value(["VERB"])
    _run(at)
    words = _frame(at, "Unit", last=True)
    assert all("VERB" in f"{gold} {system}".split() for gold, system in zip(words["Gold UPOS"], words["System UPOS"]))
    assert _showing(at).startswith(f"Showing {len(words)} of 852 word groups")


def test_the_words_no_pair_holds_are_the_words_conll18_would_miss() -> None:
    """From raw text: the groups without a pair hold gold words - pairs (852 - 813 = 39) and
    system words - pairs (837 - 813 = 24)."""
    at = _open(deps="ewt-raw-text")
    at.multiselect(key="d_err").set_value(["cut differently", "text differs"])
    _run(at)
    words = _frame(at, "Unit", last=True)
    assert _showing(at) == "Showing 24 of 837 word groups, in 17 of 43 units."
    assert sum(len(ids.split()) for ids in words["Gold ID"]) == 852 - 813
    assert sum(len(ids.split()) for ids in words["System ID"]) == 837 - 813
    assert sorted(words["Kind"].value_counts().items()) == [("different", 4), ("merged", 15), ("similar", 5)]


# --- one unit, gold over system ----------------------------------------------------------------


def test_a_unit_shows_its_words_gold_over_system_with_the_wrong_ones_marked() -> None:
    at = _open(deps="ewt-raw-text", d_unit="36")
    assert "Unit #36: 1:1 sentences, ≠ different" in [h.value for h in at.subheader]
    markup = _markup(at)
    unit = markup[markup.index('class="jp-ia dp-unit"'):]
    # 'people' hangs from 'Reutes' (the rewritten 'Reuters'); gold: from 'Declaration'
    assert '<span class="dp-a dp-bad" title="head wrong; gold: → Declaration 13">✗ → Reutes 1</span>' in unit
    # the rewritten word is a 1:1 group whose characters differ: its kind's border and symbol
    assert "≈1" in unit and "Reutes" in unit and "Reuters" in unit
    # nltk's quote for '"': a different text, numbered after it
    assert "≠2" in unit and html.escape("``", quote=False) in unit
    words = next(df.value for df in at.dataframe if "Gold ID" in df.value.columns)
    people = words[words["Gold word"] == "people"].iloc[0]
    assert (people["Gold head"], people["System head"], people["Wrong"]) == (
        "Declaration (13)", "Reutes (1)", "wrong head (attachment), wrong UPOS, wrong XPOS, wrong lemma")


# --- bad input, saved results, hostile text ----------------------------------------------------


def _upload(at: AppTest, gold: tuple[str, bytes], system: tuple[str, bytes]) -> AppTest:
    at.radio(key="d_source").set_value("upload")
    _run(at)
    at.file_uploader(key="d_upload_gold").set_value((*gold, "text/plain"))
    at.file_uploader(key="d_upload_sys").set_value((*system, "text/plain"))
    return _run(at)


def test_a_bad_upload_is_one_clear_error_and_the_sample_stays() -> None:
    at = _open()
    bad = b"1\ta\ta\tX\t_\t_\t2\tdep\t_\t_\n2\tb\tb\tX\t_\t_\t1\tdep\t_\t_\n\n"
    _upload(at, ("gold.conllu", GOLD_FILE.read_bytes()), ("cycle.conllu", bad))
    (error,) = at.error
    assert _unescape(error.value) == (
        "Could not load gold.conllu vs cycle.conllu (uploaded): cycle.conllu:1: expected exactly one word with "
        "HEAD 0 in the sentence, found 0. Still showing the previous treebanks: EWT, 49 sentences: parse and "
        "tag errors, same tokens.")
    assert _counts(at) == PARSED_COUNTS and at.query_params["deps"] == "ewt-parsed"
    _run(at)  # a rerun does not evaluate it again, and says so again
    assert len(at.error) == 1 and _counts(at) == PARSED_COUNTS


def test_a_saved_json_result_reopens_with_the_same_figures() -> None:
    saved = subprocess.run([sys.executable, "-m", "jpcore", "ud", str(GOLD_FILE), str(RAW_FILE), "--json"],
                           capture_output=True, cwd=ROOT, check=True).stdout
    at = _open()
    at.radio(key="d_source").set_value("json")
    _run(at)
    at.file_uploader(key="d_upload_json").set_value(("result.json", saved, "application/json"))
    _run(at)
    assert not at.error
    assert _counts(at) == RAW_COUNTS
    assert "result.json (saved result)" in _captions(at)
    assert re.fullmatch(r"json-[0-9a-f]{12}", at.query_params["deps_data"]) and "deps" not in at.query_params
    assert _showing(at) == "Showing 837 of 837 word groups, in 43 of 43 units."
    at.radio(key="d_source").set_value("json")
    at.file_uploader(key="d_upload_json").set_value(("other.json", b'{"task": "gec"}', "application/json"))
    _run(at)
    (error,) = at.error
    assert "Could not load other.json (saved result)" in _unescape(error.value)
    assert "Still showing the previous treebanks: result.json (saved result)." in _unescape(error.value)
    assert _counts(at) == RAW_COUNTS


def test_a_hostile_form_and_deprel_reach_the_page_escaped() -> None:
    gold = (f"1\t{HOSTILE}\tx\tNOUN\t_\t_\t0\troot\t_\t_\n"
            f"2\tb\tb\tX\t_\t_\t1\t{HOSTILE}\t_\t_\n\n")
    system = (f"1\t{HOSTILE}\tx\tNOUN\t_\t_\t2\t{HOSTILE}\t_\t_\n"
              "2\tb\tb\tX\t_\t_\t0\troot\t_\t_\n\n")
    at = _open()
    at.radio(key="d_source").set_value("paste")
    _run(at)
    at.text_area(key="d_paste_gold").input(gold)
    at.text_area(key="d_paste_sys").input(system)
    at.button(key="d_paste_submit").click()
    _run(at)
    assert not at.error
    assert _counts(at)["UAS"] == (0, 2, 2, 2) and _counts(at)["UPOS"] == (2, 2, 2, 2)
    markup = _markup(at)
    assert "<img" not in markup and "onerror=alert(1)&gt;" in markup
    escaped = "&lt;img src=x onerror=alert(1)&gt;"
    assert f'<span class="dp-f">{escaped} <span class="jp-small">1</span></span>' in markup  # the FORM
    assert f'title="DEPREL wrong; gold: root">✗ {escaped}</span>' in markup  # the system's DEPREL
    assert f'<span class="dp-a">{escaped}</span>' in markup  # the gold DEPREL of 'b'
    for element in (*at.markdown, *at.caption, *at.subheader, *at.info, *at.warning):
        assert "<img" not in element.value
    words = next(df.value for df in at.dataframe if "Gold ID" in df.value.columns)
    assert list(words["Gold word"]) == [HOSTILE, "b"]  # the tables hold the text as it is (no markup)
    deprel = _frame(at, "DEPREL")
    assert HOSTILE in set(deprel["DEPREL"])


# --- where the page sits in the app ----------------------------------------------------------------


def test_the_menu_lists_it_after_the_other_evaluations_and_analysis_offers_it() -> None:
    from inspector.common.evaluation_view import analysed_views, evaluation_views

    titles = [spec.title for view in evaluation_views() for spec in view.pages]
    assert titles == ["Overview", "Sentences & tokens", "Brackets", "Edits", "Dependencies"]
    assert [view.key for view in analysed_views()] == ["tokens", "brackets", "edits", "deps"]
    at = _open()
    at.switch_page("../pages/analysis.py")
    _run(at)
    assert at.radio(key="an_eval").options == ["Tokens & sentences", "Brackets", "Edits", "Dependencies"]
