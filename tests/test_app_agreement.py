"""The Agreement page (issue 28, item 4, app): two annotators' files loaded as gold (A) and
system (B) on the Dependencies or Brackets page; the page shows exactly the figures of
``jpcore ud|parseval A B --agreement --json`` (read here from the command itself), every
disagreement and every word group the annotators cut differently, each with its unit."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import APP, ROOT
from tests.app_support import cli_json
from tests.app_support import run as _run

PARSED = ROOT / "sample_data" / "ud" / "UD_English-EWT-parsed"
TREES = ROOT / "sample_data" / "parseval" / "jp-trees"
PAGE = "../pages/agreement.py"


def _agreement_page(loader_page: str, **query: str) -> AppTest:
    """The loader's page opened on a bundled sample (``query``), then the Agreement page."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(loader_page)
    for key, value in query.items():
        at.query_params[key] = value
    _run(at)
    at.switch_page(PAGE)
    return _run(at)


def _frame(at: AppTest, first_column: str):
    return next(df.value for df in at.dataframe if list(df.value.columns)[:1] == [first_column])


def _columns_as_cli(at: AppTest) -> dict[str, list]:
    frame = _frame(at, "Column")
    return {row["Column"]: [row["Items"], row["Agreed"], row["Observed (%)"], row["Expected (%)"], row["Kappa"]]
            for _, row in frame.iterrows()}


def _cli_columns(agreement: dict) -> dict[str, list]:
    return {name: [c["items"], c["agreed"], round(100 * c["observed"], 2), round(100 * c["expected"], 2),
                   round(c["kappa"], 4)] for name, c in agreement["columns"].items()}


@pytest.fixture(scope="module")
def ud_pair() -> AppTest:
    at = _agreement_page("../pages/deps.py", deps="ewt-raw-text")
    assert at.radio(key="ag_eval").value == "deps"  # the evaluation that has something loaded comes first
    return at


def test_the_ud_figures_are_the_commands(ud_pair: AppTest) -> None:
    cli = cli_json("ud", str(PARSED / "en_ewt-ud-test.first49.conllu"),
                   str(PARSED / "en_ewt-ud-test.first49.raw-text.conllu"), "--agreement")["agreement"]
    at = ud_pair
    assert (cli["comparable"], cli["words_a"], cli["words_b"]) == (813, 852, 837)
    assert [m.value for m in at.metric] == ["813", "95.42%", "97.13%"]
    assert "Comparable words: 813 of 852 in A (95.42%), of 837 in B (97.13%)." in [c.value for c in at.caption]
    columns = _columns_as_cli(at)
    assert columns == _cli_columns(cli)
    assert {name: row[4] for name, row in columns.items()} == {
        "UPOS": 0.6393, "XPOS": 0.7397, "FEATS": 0.6627, "DEPREL": 0.7752, "HEAD": 0.8136}
    not_comparable = _frame(at, "Reason")
    assert {row["Reason"]: {"a": row["Words of A"], "b": row["Words of B"]}
            for _, row in not_comparable.iterrows()} == cli["not_comparable"]
    assert [b.proto.label for b in at.get("download_button")][-1] == "Agreement (JSON, as --agreement --json)"


def test_every_disagreement_and_every_regrouped_word_group_is_listed_with_its_unit(ud_pair: AppTest) -> None:
    cli = cli_json("ud", str(PARSED / "en_ewt-ud-test.first49.conllu"),
                   str(PARSED / "en_ewt-ud-test.first49.raw-text.conllu"), "--agreement")["agreement"]
    at = ud_pair
    listed = _frame(at, "Unit")  # the disagreements come first
    assert list(listed.columns) == ["Unit", "Column", "Text A", "Label A", "Text B", "Label B"]
    expected = sum(c["items"] - c["agreed"] for c in cli["columns"].values())
    assert len(listed) == expected == 1018
    assert (listed["Label A"] != listed["Label B"]).all()
    by_column = listed.groupby("Column").size().to_dict()
    assert by_column == {name: c["items"] - c["agreed"] for name, c in cli["columns"].items()}
    # the most frequent UPOS disagreement of the command's JSON is in the list as often as it says
    a, b, n = cli["columns"]["UPOS"]["disagreements"][0]
    upos = listed[listed["Column"] == "UPOS"]
    assert ((upos["Label A"] == a) & (upos["Label B"] == b)).sum() == n
    excluded = [df.value for df in at.dataframe if "Reason" in df.value.columns and "Kind" in df.value.columns][0]
    assert list(excluded.columns) == ["Unit", "Reason", "Kind", "Words A", "Words B", "Text A", "Text B"]
    # the words left out add up to the command's counts per reason: none is dropped silently
    sums = excluded.groupby("Reason")[["Words A", "Words B"]].sum()
    for reason, counts in cli["not_comparable"].items():
        got = (int(sums.loc[reason, "Words A"]), int(sums.loc[reason, "Words B"])) if reason in sums.index else (0, 0)
        assert got == (counts["a"], counts["b"])
    first = excluded.iloc[0]
    assert (int(first["Unit"]), first["Reason"], first["Text A"], first["Text B"]) == (
        4, "split/merged", "Google 's", "Google's")
    # one column's disagreements
    at.segmented_control(key="ag_column").set_value("HEAD")
    _run(at)
    assert len(_frame(at, "Unit")) == 813 - 681


def test_the_confusion_matrix_holds_the_commands_counts(ud_pair: AppTest) -> None:
    at = ud_pair
    at.segmented_control(key="ag_matrix").set_value("UPOS")
    _run(at)
    matrix = _frame(at, "A \\ B").set_index("A \\ B")
    assert int(matrix.to_numpy().sum()) == 813
    diagonal = sum(int(matrix.loc[label, f"B: {label}"]) for label in matrix.index
                   if f"B: {label}" in matrix.columns and label != "other")
    assert diagonal == 539
    cli = cli_json("ud", str(PARSED / "en_ewt-ud-test.first49.conllu"),
                   str(PARSED / "en_ewt-ud-test.first49.raw-text.conllu"), "--agreement")["agreement"]
    a, b, n = cli["columns"]["UPOS"]["disagreements"][0]
    assert int(matrix.loc[a, f"B: {b}"]) == n


def test_the_parseval_figures_are_the_commands() -> None:
    at = _agreement_page("../pages/brackets.py", trees="harbour")
    at.radio(key="ag_eval").set_value("brackets")
    _run(at)
    cli = cli_json("parseval", str(TREES / "harbour.gold.mrg"), str(TREES / "harbour.sys.mrg"),
                   "--agreement")["agreement"]
    assert _columns_as_cli(at) == _cli_columns(cli)
    assert (cli["comparable"], cli["spans"]) == (60, {"comparable": 44, "spans_a": 52, "spans_b": 50})
    assert ("Comparable words: 60 of 62 in A (96.77%), of 62 in B (96.77%). Comparable brackets (same span on "
            "both sides): 44 of 52 in A, of 50 in B.") in [c.value for c in at.caption]
    listed = _frame(at, "Pair")
    assert len(listed) == sum(c["items"] - c["agreed"] for c in cli["columns"].values()) == 2
    excluded = [df.value for df in at.dataframe if "Kind" in df.value.columns][0]
    assert int(excluded["Words A"].sum()) == sum(c["a"] for c in cli["not_comparable"].values()) == 2


def test_nothing_loaded_points_at_the_loader() -> None:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(PAGE)
    _run(at)
    assert at.radio(key="ag_eval").options == ["Brackets", "Dependencies"]  # the tasks with an agreement
    at.radio(key="ag_eval").set_value("deps")
    _run(at)
    assert [i.value for i in at.info] == [
        "Nothing is loaded for Dependencies yet: load annotator A as the gold file and annotator B as the system "
        "file in the sidebar of the Dependencies page, then come back here."]


def test_the_json_download_is_the_commands_agreement() -> None:
    """The page's download is ``agreement.to_dict()`` of the result the loader keeps (compacted):
    the command's ``"agreement"``, every key and figure."""
    from inspector.common.result_cache import compacted
    from jpcore.json_text import dumps
    from jpcore.ud import evaluate_bytes
    from jpcore.ud.agreement import annotator_agreement

    gold, raw = PARSED / "en_ewt-ud-test.first49.conllu", PARSED / "en_ewt-ud-test.first49.raw-text.conllu"
    kept = compacted(evaluate_bytes(gold.read_bytes(), raw.read_bytes(), gold_name=gold.name, sys_name=raw.name))
    assert json.loads(dumps(annotator_agreement(kept).to_dict())) == cli_json("ud", str(gold), str(raw),
                                                                              "--agreement")["agreement"]


def test_a_saved_json_result_shows_the_same_agreement() -> None:
    """A ``jpcore ud A B --json`` result opened on the Dependencies page holds both files' labels:
    the Agreement page shows the figures the command computes."""
    import subprocess
    import sys

    gold, raw = PARSED / "en_ewt-ud-test.first49.conllu", PARSED / "en_ewt-ud-test.first49.raw-text.conllu"
    saved = subprocess.run([sys.executable, "-m", "jpcore", "ud", str(gold), str(raw), "--json"], cwd=ROOT,
                           capture_output=True, check=True, timeout=120).stdout
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page("../pages/deps.py")
    _run(at)
    at.radio(key="d_source").set_value("json")
    _run(at)
    at.file_uploader(key="d_upload_json").set_value(("run.json", saved, "application/json"))
    _run(at)
    at.switch_page(PAGE)
    _run(at)
    at.radio(key="ag_eval").set_value("deps")
    _run(at)
    assert _columns_as_cli(at) == _cli_columns(cli_json("ud", str(gold), str(raw), "--agreement")["agreement"])
    assert len(_frame(at, "Unit")) == 1018
