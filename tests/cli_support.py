"""The signature line a text report ends its stderr with, for the tests that pin stderr.

``jpcore TASK`` without ``--json`` prints its report on stdout, byte-identical to the
peer's, and one line ``signature: jpcore VERSION | TASK | options... | gold:sha256:... |
sys:sha256:...`` as the last line of stderr (:mod:`jpcore.signature`).  A test that
pinned ``stderr == b""`` now pins ``split_signature(stderr) == (b"", signature)``,
with the signature's start and its file hashes checked by :func:`signed` (hashes
computed here with :mod:`hashlib`, not with jpcore's own code).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

#: The tool and version every signature starts with.
TOOL = "jpcore 0.1.0"
PREFIX = "signature: "
#: The options of a plain run of each task, as its signature names them.
DEFAULTS = {
    "preprocess": "level:words | format:auto | strict:no | language:en | contractions:no | ignore-case:no",
    "ud": "strict:no",
    "parseval": "mode:alignment | cutoff:40",
    "gec": "beta:0.5 | dt:no | ds:no | cs:no | cse:no | single:no | multi:no | filt:none | noop-rule:keep | "
           "alpha:0.91 | strict:no",
}


def split_signature(stderr: bytes | str) -> tuple[bytes | str, str]:
    """``(stderr without its last line, that line's signature)``; the last line must be
    the one signature line, and no other line may be one."""
    text = stderr.decode("utf-8") if isinstance(stderr, bytes) else stderr
    assert text.endswith("\n"), f"stderr does not end with a line: {text!r}"
    head, _, last = text[:-1].rpartition("\n")
    rest = head + "\n" if head else ""
    assert last.startswith(PREFIX), f"stderr's last line is not the signature: {text!r}"
    assert PREFIX not in rest, f"more than one signature line: {text!r}"
    return (rest.encode("utf-8") if isinstance(stderr, bytes) else rest), last[len(PREFIX):]


def file_hash(path: str | Path) -> str:
    """``sha256:`` and the first 8 hex digits of the file's SHA-256."""
    return "sha256:" + hashlib.sha256(Path(path).read_bytes()).hexdigest()[:8]


def expected(task: str, options: str, **files: str | Path) -> str:
    """The signature of ``task`` with ``options`` (``"level:words | ..."`` or ``""``) on
    ``files`` (role -> path, in the order the signature names them)."""
    parts = [TOOL, task, *([options] if options else []), *(f"{role}:{file_hash(path)}" for role, path in files.items())]
    return " | ".join(parts)


def signed(stderr: bytes | str, task: str, **files: str | Path) -> bytes | str:
    """What is left of ``stderr`` once its signature line is checked: it starts with the
    tool and ``task`` and ends with the hashes of ``files`` (role -> path, in order)."""
    rest, signature = split_signature(stderr)
    assert signature.startswith(f"{TOOL} | {task} | "), signature
    tail = " | ".join(f"{role}:{file_hash(path)}" for role, path in files.items())
    assert signature.endswith(" | " + tail), (signature, tail)
    return rest


def gec_files(args: list[str], cwd: str | Path = ".") -> dict[str, Path]:
    """The files a ``jpcore gec`` signature names: ``gold`` (``-ref``) and ``sys`` (``-hyp``)
    of ``args``, relative to ``cwd``."""
    return {"gold": Path(cwd) / args[args.index("-ref") + 1], "sys": Path(cwd) / args[args.index("-hyp") + 1]}
