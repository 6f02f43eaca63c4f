"""A signature on every score: one line that pins what produced a number.

"My score differs from the paper" is most often a different parameter file,
normalisation or level.  As sacrebleu does, every result of ``python -m
jpcore`` carries one line naming the tool's version, the task, every option
that can change a number and a short hash of each input file:

    jpcore 0.1.0 | preprocess | level:words | format:auto | language:en | ... | gold:sha256:3fa9c0d1 | sys:sha256:77b0e2aa

Contract: :func:`signature` builds it from the command's parsed arguments
(``argparse.Namespace``) and the bytes of the files it read.  Every option
of the command goes in, with its value (``yes``/``no`` for a switch), except
those that only choose where or how a result is shown (:data:`NOT_SCORING`);
the options of ``--compare`` (method, samples, seed, measure) go in only with
``--compare``, whose file is hashed too, as is ``--oracle``'s.  Two runs whose
signatures are equal give the same numbers; the JSON keeps it as
``"signature"``; with the text report it is printed as one line on standard
error (``signature: ...``), under the score in a terminal, while standard
output stays byte-identical to the peer tool's report (conll18's table,
errant_compare's); the HTML report and the app show it beside the scores.

>>> import argparse
>>> args = argparse.Namespace(gold="g.txt", system="s.txt", level="words", strict=False, json=True, compare=None,
...                           samples=1000, seed=12345, method="paired-bootstrap", measure="tokens")
>>> signature("preprocess", args, {"gold": b"a b\\n", "sys": b"a b\\n"})
'jpcore 0.1.0 | preprocess | level:words | strict:no | gold:sha256:01186fcf | sys:sha256:01186fcf'
"""

from __future__ import annotations

import hashlib

from jpcore.version import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (jpcore.parseval.quick signs its report)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Mapping

__all__ = ["NOT_SCORING", "PREFIX", "file_hash", "file_hashes", "for_run", "path_hash", "signature", "text_line",
           "with_hashes"]

#: The start of the text output's last line.
PREFIX = "signature: "
#: Options that choose what is printed or written, never a number; and the files (hashed instead).
NOT_SCORING = frozenset({
    "command", "gold", "system", "ref", "hyp", "orig", "cor", "json", "html", "counts", "verbose", "by_shape",
    "write_hyp", "write_aligned", "signature_only", "stream", "debug", "compare", "oracle", "rank", "systems",
    "table_format", "more_systems", "review", "write_corrected_gold", "agreement", "cat", "raw",
})
#: Options that change a number only together with ``--compare``.
COMPARISON = ("method", "samples", "seed", "measure")


def file_hash(data: bytes) -> str:
    """``sha256:`` and the first 8 hex digits of the SHA-256 of ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()[:8]


def _value(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, (list, tuple)):
        return ",".join(_value(item) for item in value) or "none"
    return str(value).replace("|", "/").replace(" ", "_")


def signature(task: str, args: argparse.Namespace, files: Mapping[str, bytes]) -> str:
    """The signature of ``task`` run with ``args`` on ``files`` (role -> bytes, in
    the order they are named: ``gold``, ``sys``, ...; module doc)."""
    return with_hashes(task, args, {role: file_hash(data) for role, data in files.items()})


def with_hashes(task: str, args: argparse.Namespace, hashes: Mapping[str, str]) -> str:
    """The signature of ``task`` run with ``args`` on files whose :func:`file_hash` are
    ``hashes`` (role -> ``sha256:...``, in order): what another run on the same files gives."""
    options = vars(args)
    compared = bool(options.get("compare"))
    parts = [f"jpcore {__version__}", task]
    for name, value in options.items():
        if name in NOT_SCORING or value is None or (name in COMPARISON and not compared):
            continue
        parts.append(f"{name.replace('_', '-')}:{_value(value)}")
    parts.extend(f"{role}:{digest}" for role, digest in hashes.items())
    return " | ".join(parts)


def path_hash(path: str) -> str:
    """:func:`file_hash` of the file at ``path``, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return "sha256:" + digest.hexdigest()[:8]


def for_run(task: str, args: argparse.Namespace, paths: Mapping[str, str]) -> str:
    """The signature of a command run: ``paths`` (role -> path) hashed, then the
    files of ``--compare`` and ``--oracle`` when given, and ``--rank``'s further
    systems (``sys2``, ``sys3``, ...)."""
    options = vars(args)
    roles = {**paths, **{name: options[name] for name in ("compare", "oracle") if options.get(name)},
             **{f"sys{k}": path for k, path in enumerate(options.get("more_systems") or (), 2)}}
    hashes = {role: path_hash(path) for role, path in roles.items()}
    return with_hashes(task, args, hashes)


def file_hashes(value: str) -> dict[str, str]:
    """The files a signature names, role -> ``sha256:...``, in its order (its last parts).

    >>> file_hashes("jpcore 0.1.0 | ud | strict:no | gold:sha256:0123abcd | sys:sha256:89abcdef")
    {'gold': 'sha256:0123abcd', 'sys': 'sha256:89abcdef'}
    """
    hashes: dict[str, str] = {}
    for part in reversed(value.split(" | ")[2:]):
        role, _, digest = part.partition(":")
        if not digest.startswith("sha256:"):
            break
        hashes[role] = digest
    return dict(reversed(hashes.items()))


def text_line(value: str) -> str:
    """The text output's last line."""
    return f"{PREFIX}{value}\n"
