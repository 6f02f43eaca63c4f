"""Write the malformed JSON results of this folder from three small pairs (and a run with --compare and
--oracle, a gec system given as text) (run it when a result's JSON changes).

``python tests/malformed/json/regenerate.py``; the files it writes are committed.
"""

import copy
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from jpcore.preprocess import evaluate_bytes as pp
from jpcore import parseval
from jpcore.gec import evaluate_bytes as gec
from jpcore.extras.comparison import compare_results
from jpcore.extras.oracle import oracle_stages
HERE = Path(__file__).resolve().parent
good_pp = pp(b"Hello world .\nBye .\n", b"Hello world . Bye .\n", "gold.txt", "sys.txt").to_dict()
good_pv = parseval.evaluate_bytes(b"(S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .))\n(S (NP (PRP It)) (VP (VBD ran)) (. .))\n",
                                  b"(S (NP (DT The) (NN cat)) (VP (VBD sat) (. .)) (NP (PRP It)) (VP (VBD ran)) (. .))\n",
                                  gold_name="gold.mrg", sys_name="sys.mrg").to_dict()
good_gec = gec(b"S The cat sat on mat .\nA 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||0\n",
               b"S The cat sat on mat .\nA 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||0\n", "gold.m2", "sys.m2").to_dict()
def write(name, data, raw=None):
    (HERE / name).write_text(raw if raw is not None else json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
write("preprocess.reference.json", good_pp)
write("parseval.reference.json", good_pv)
write("gec.reference.json", good_gec)
# a run with --compare and --oracle (jpcore.extras): B and the oracle keep gold's two sentences
run_a = pp(b"Hello world .\nBye .\n", b"Hello world . Bye .\n", "gold.txt", "sys.txt")
run_b = pp(b"Hello world .\nBye .\n", b"Hello world .\nBye .\n", "gold.txt", "sys_b.txt")
compared = run_a.to_dict()
compared["comparison"] = compare_results(run_a, run_b, samples=100, seed=1, system_a="sys.txt",
                                         system_b="sys_b.txt").to_dict()
compared["oracle"] = oracle_stages(run_a, run_b, "oracle.txt").to_dict()
write("preprocess.compared.json", compared)
# a gec system given as text (jpcore gec -orig -cor)
from_text = copy.deepcopy(good_gec)
from_text["hyp_from_text"] = {"orig": "sys.orig.txt", "cor": "sys.m2", "annotator": "rules",
                              "types": __import__("jpcore.gec", fromlist=["RULES_NOTE"]).RULES_NOTE}
write("gec.from_text.json", from_text)
MD = "![k](https://example.invalid/x.png)"
def variant(base, name, change):
    data = copy.deepcopy(base); change(data); write(name, data)
variant(good_pp, "markdown_gold_level.json", lambda d: d["gold"].__setitem__("level", MD))
variant(good_pp, "markdown_unit_kind.json", lambda d: d["units"][0].__setitem__("kind", MD))
variant(good_pp, "string_count.json", lambda d: d["totals"]["sentences"].__setitem__("tp", "1"))
variant(good_pp, "negative_count.json", lambda d: d["units"][0]["tokens"].__setitem__("fp", -1))
variant(good_pp, "unknown_key.json", lambda d: d["units"][0].__setitem__("note", MD))
variant(good_pp, "missing_key.json", lambda d: d["units"][0].pop("words"))
variant(good_pp, "unit_past_the_end.json", lambda d: d["units"][0].__setitem__("gold", [0, 3]))
variant(good_pp, "totals_not_the_sum.json", lambda d: (d["totals"]["tokens"].__setitem__("tp", 4)))
variant(good_pp, "derived_value_differs.json", lambda d: d["totals"]["sentences"].__setitem__("precision", 0.99))
variant(good_pp, "bool_as_number.json", lambda d: d.__setitem__("streams_equal", 1))
variant(good_pv, "markdown_group_kind.json", lambda d: d["groups"][0].__setitem__("kind", MD))
variant(good_pv, "constituent_outside_pair.json", lambda d: d["groups"][0]["constituents"]["gold"][0].__setitem__(2, 99))
variant(good_pp, "totals_by_shape_not_the_sum.json",
        lambda d: d["totals_by_shape"]["n:1"]["tokens"].__setitem__("tp", 4))
variant(compared, "comparison_p_value_differs.json", lambda d: d["comparison"].__setitem__("p_value", 0.5))
variant(compared, "comparison_unknown_method.json", lambda d: d["comparison"].__setitem__("method", MD))
variant(compared, "comparison_units_past_the_end.json",
        lambda d: d["comparison"]["units"][0].__setitem__("sys_a", [0, 2]))
variant(compared, "comparison_counts_b_not_totals_b.json",
        lambda d: d["comparison"]["unit_counts"]["b"][0].__setitem__(0, 9))
variant(compared, "oracle_stage_differs.json", lambda d: d["oracle"]["stages"][1].__setitem__("segmentation", 0.5))
variant(from_text, "hyp_from_text_other_file.json", lambda d: d["hyp_from_text"].__setitem__("cor", "other.txt"))
variant(good_gec, "string_totals.json", lambda d: d["totals"].__setitem__("tp", "1"))
variant(good_gec, "markdown_edit_status.json", lambda d: d["sentences"][0]["hyp_edits"][0].__setitem__("status", MD))
# raw texts: what json.dumps cannot write
text = json.dumps(good_pp, ensure_ascii=False, indent=1)
write("huge_number.json", None, text.replace('"tp": 5,', '"tp": ' + "9" * 5000 + ",", 1))
write("lone_surrogate.json", None, text.replace('"Bye"', '"\\ud800"', 1))
write("nan.json", None, text.replace('"precision": 1.0', '"precision": NaN', 1))
write("infinity.json", None, text.replace('"recall": 1.0', '"recall": 1e999', 1))
write("not_json.json", None, text[:200])
