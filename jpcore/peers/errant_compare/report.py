"""errant_compare's text, byte for byte, read from a result alone: the report
(``print_results``, with ``-cat``), the ``-v`` per-sentence lines, the whole stdout."""

from __future__ import annotations

from typing import Any

from jpcore.peers.errant_compare.calc import f_score
from jpcore.peers.errant_compare.keys import Keys, coder_keys
from jpcore.peers.errant_compare.result import ErrantResult

__all__ = ["render_output", "render_report", "render_verbose"]


def render_report(result: ErrantResult, cat: int | None = None) -> str:
    """errant_compare's report (``print_results``), byte for byte."""
    options = result.options
    cat = cat if cat is not None else options.cat
    title = options.title
    f_label = options.f_label
    lines: list[str] = []
    if cat:
        lines.append("")
        lines.append(f"{title:=^66}")
        lines.append(" ".join([
            "Category".ljust(14), "TP".ljust(8), "FP".ljust(8), "FN".ljust(8), "P".ljust(8), "R".ljust(8), f_label,
        ]))
        for name, tp, fp, fn, p, r, f in result.category_rows(cat):
            lines.append(" ".join([
                name.ljust(14), str(tp).ljust(8), str(fp).ljust(8), str(fn).ljust(8),
                str(p).ljust(8), str(r).ljust(8), str(f),
            ]))
    p, r, f = result.prf
    lines.append("")
    lines.append(f"{title:=^46}")
    lines.append("\t".join(["TP", "FP", "FN", "Prec", "Rec", f_label]))
    lines.append("\t".join(map(str, [result.tp, result.fp, result.fn, p, r, f])))
    lines.append("=" * 46)
    lines.append("")
    return "\n".join(lines) + "\n"


def render_verbose(result: ErrantResult) -> str:
    """errant_compare's ``-v`` per-sentence output (everything before the report)."""
    options = result.options
    beta = options.beta
    f_label = options.f_label
    rule = "-" * 40
    out: list[str] = []
    run_tp = run_fp = run_fn = 0
    for sent in result.sentences:
        sid = str(sent.index)
        out.append(rule)
        out.append("Original sentence " + sid + ": " + sent.hyp_block.text[2:].split("\nA")[0])
        hyp_coders = coder_keys(sent.hyp_block.edits, options)
        ref_coders = coder_keys(sent.ref_block.edits, options)
        for cand in sent.candidates:
            hyp_verb = _verbose_edits(hyp_coders[cand.hyp_coder])
            ref_verb = _verbose_edits(ref_coders[cand.ref_coder])
            local_p, local_r, local_f = f_score(cand.tp, cand.fp, cand.fn, beta)
            g_tp, g_fp, g_fn = cand.tp + run_tp, cand.fp + run_fp, cand.fn + run_fn
            p, r, f = f_score(g_tp, g_fp, g_fn, beta)
            out.append(rule)
            out.append(f"SENTENCE {sid} - HYP {cand.hyp_coder} - REF {cand.ref_coder}")
            out.append("HYPOTHESIS EDITS : " + str(hyp_verb))
            out.append("REFERENCE EDITS  : " + str(ref_verb))
            out.append(f"Local TP/FP/FN   : {cand.tp} {cand.fp} {cand.fn}")
            out.append(f"Local P/R/{f_label}  : {local_p} {local_r} {local_f}")
            out.append(f"Global TP/FP/FN  : {g_tp} {g_fp} {g_fn}")
            out.append(f"Global P/R/{f_label}  : {p} {r} {f}")
        out.append(rule)
        out.append(f"^^ HYP {sent.hyp_coder}, REF {sent.ref_coder} chosen for sentence {sid}")
        out.append("Local results:")
        out.extend(_table([["Category", "TP", "FP", "FN"]] + [[k, *v] for k, v in sent.cats.items()]))
        run_tp += sent.tp
        run_fp += sent.fp
        run_fn += sent.fn
    return "\n".join(out) + "\n" if out else ""


def render_output(result: ErrantResult) -> str:
    """The whole of errant_compare's standard output for the result's options."""
    text = render_report(result)
    return render_verbose(result) + text if result.options.verbose else text


def _verbose_edits(keys: Keys) -> list[tuple]:
    """Sorted keys, each with its first type appended; ``[]`` if the first is a noop."""
    verb = [key + (keys[key][0],) for key in sorted(keys)]
    if not verb or verb[0][0] == -1:
        return []
    return verb


def _table(rows: list[list[Any]]) -> list[str]:
    """errant's ``print_table``: right-aligned columns, width = longest cell + 3."""
    widths = [max(len(str(row[i])) for row in rows) + 3 for i in range(len(rows[0]))]
    return ["".join(str(cell).rjust(width) for cell, width in zip(row, widths)) for row in rows]
