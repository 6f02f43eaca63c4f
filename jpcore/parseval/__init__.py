"""PARSEVAL on constituency trees after the jp-alignment (jp-evalb): ``jpcore parseval``.

The task's parts (:mod:`jpcore.task`): :func:`evaluate_bytes` (gold first:
two tree files' bytes in, a :class:`ParsevalResult` out), :func:`evaluate`
(the same on trees already read), :mod:`~jpcore.parseval.cli` (the
subcommand), :mod:`~jpcore.parseval.html` (the HTML report).  Inside:
:mod:`~jpcore.parseval.evaluation` (align, then score each sentence group),
:mod:`~jpcore.parseval.score` (PARSEVAL on one aligned pair, in word-unit
indices), :mod:`~jpcore.parseval.result` (the result and its JSON), and the
trees drawn as SVG (:mod:`~jpcore.parseval.tree_layout`,
:mod:`~jpcore.parseval.tree_styles`, :mod:`~jpcore.parseval.tree_svg`,
:mod:`~jpcore.parseval.tree_crossing`, :mod:`~jpcore.parseval.html_trees`).

EVALB's byte-exact legacy mode (``--evalb``) is the peer :mod:`jpcore.peers.evalb`.
This package builds on it (EVALB's rows, summary blocks, text and crossing test);
the peer never imports this package.
"""

from __future__ import annotations

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (``jpcore parseval GOLD SYSTEM``'s
#: compiled path, :mod:`jpcore.parseval.quick`, imports this package and little else).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from jpcore.parseval.evaluation import (
        DEFAULT_CUTOFF,
        default_normaliser,
        evaluate,
        evaluate_bytes,
        iter_report,
        render_report,
    )
    from jpcore.parseval.result import ParsevalResult

__all__ = ["DEFAULT_CUTOFF", "ParsevalResult", "default_normaliser", "evaluate", "evaluate_bytes",
           "iter_report", "render_report"]


def __getattr__(name: str) -> Any:
    """The public names, imported on first use: ``jpcore parseval --evalb``
    (legacy mode, the peer :mod:`jpcore.peers.evalb`) never loads the alignment."""
    if name == "ParsevalResult":
        from jpcore.parseval import result

        return result.ParsevalResult
    if name in __all__:
        from jpcore.parseval import evaluation

        return getattr(evaluation, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
