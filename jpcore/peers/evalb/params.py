"""EVALB parameter files (``.prm``): read them exactly as ``evalb.c`` does.

Contract: :func:`parse_prm` takes the bytes of a parameter file and returns
new :class:`EvalbParams` (built on top of ``base``, so several files apply
left to right as EVALB's repeated ``-p`` does) plus the warnings EVALB would
print on stderr, in order, each ending in ``"\\n"``.  Reading rules (evalb.c):

* trailing whitespace is stripped (never the first character); a line that
  then starts with ``#`` or is shorter than 3 characters is ignored;
* the key is the line up to the first whitespace; the value is the rest of the
  line after the whitespace that follows;
* ``DEBUG``, ``MAX_ERROR``, ``CUTOFF_LEN``, ``LABELED`` take C ``atoi`` of the
  value; ``DELETE_LABEL``, ``DELETE_LABEL_FOR_LENGTH``, ``QUOTE_LABEL`` append
  the whole value (repeatable); ``EQ_LABEL`` / ``EQ_WORD`` need exactly two
  whitespace-separated values, else ``"EQ_LABEL requires two values"`` and the
  line is ignored; any other key gives ``"Unknown keyword (LINE) in parameter
  file"`` (EVALB prints the whole line there, not just the key).

Beyond EVALB's limits (documented deviations, where evalb.c reads past its
buffers): lines of any length are read whole (EVALB splits lines at 499 bytes);
a key with no value prints EVALB's ``"Empty value in parameter file (N)"`` and
the line is then ignored; there is no cap on the number of labels or pairs,
nor on label length.

Text is kept as ``str`` decoded from UTF-8 with ``surrogateescape`` so any
byte sequence survives a round trip (``label.encode("utf-8",
"surrogateescape")`` gives the original bytes back).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

#: The values of EVALB's ``COLLINS.prm`` (Collins 1997 scoring), without comments.
COLLINS_PRM = b"""DEBUG 0
MAX_ERROR 10
CUTOFF_LEN 40
LABELED 1
DELETE_LABEL TOP
DELETE_LABEL -NONE-
DELETE_LABEL ,
DELETE_LABEL :
DELETE_LABEL ``
DELETE_LABEL ''
DELETE_LABEL .
DELETE_LABEL_FOR_LENGTH -NONE-
EQ_LABEL ADVP PRT
"""

#: Name of the built-in preset accepted by ``--evalb``.
PRESETS = {"collins": COLLINS_PRM}

_SPACE = b" \t\n\v\f\r"  # C isspace() in the "C" locale


def _decode(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")


def c_atoi(text: str) -> int:
    """C ``atoi``: optional leading whitespace and sign, then digits; else 0.

    Out-of-range values behave like glibc (``strtol`` clamps to the 64-bit
    range, the cast to ``int`` keeps the low 32 bits), however many digits
    they have.

    >>> c_atoi("  40xyz"), c_atoi("-3"), c_atoi("abc"), c_atoi("9" * 5000), c_atoi("-" + "9" * 5000)
    (40, -3, 0, -1, 0)
    """
    raw = text.encode("utf-8", "surrogateescape")
    i = 0
    while i < len(raw) and raw[i] in _SPACE:
        i += 1
    sign = 1
    if i < len(raw) and raw[i] in b"+-":
        sign = -1 if raw[i] == 0x2D else 1
        i += 1
    start = i
    while i < len(raw) and 0x30 <= raw[i] <= 0x39:
        i += 1
    if i == start:
        return 0
    digits = raw[start:i].lstrip(b"0") or b"0"
    # beyond 19 digits strtol has clamped already (and int() would refuse
    # more than 4,300 digits): no need to convert them
    value = sign * (2**63 if len(digits) > 19 else int(digits))
    value = max(-(2**63), min(2**63 - 1, value))
    value &= 0xFFFFFFFF
    return value - 2**32 if value >= 2**31 else value


@dataclass(frozen=True)
class EvalbParams:
    """EVALB's settings; the defaults are evalb.c's (no parameter file)."""

    debug: int = 0
    max_error: int = 10
    cutoff_len: int = 40
    labeled: int = 1
    delete_labels: tuple[str, ...] = ()
    delete_labels_for_length: tuple[str, ...] = ()
    quote_labels: tuple[str, ...] = ()
    eq_labels: tuple[tuple[str, str], ...] = ()
    eq_words: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {
            "debug": self.debug,
            "max_error": self.max_error,
            "cutoff_len": self.cutoff_len,
            "labeled": self.labeled,
            "delete_labels": list(self.delete_labels),
            "delete_labels_for_length": list(self.delete_labels_for_length),
            "quote_labels": list(self.quote_labels),
            "eq_labels": [list(pair) for pair in self.eq_labels],
            "eq_words": [list(pair) for pair in self.eq_words],
        }

    @classmethod
    def from_dict(cls, data: dict) -> EvalbParams:
        """Inverse of :meth:`to_dict`."""
        return cls(
            debug=int(data["debug"]),
            max_error=int(data["max_error"]),
            cutoff_len=int(data["cutoff_len"]),
            labeled=int(data["labeled"]),
            delete_labels=tuple(data["delete_labels"]),
            delete_labels_for_length=tuple(data["delete_labels_for_length"]),
            quote_labels=tuple(data["quote_labels"]),
            eq_labels=tuple((a, b) for a, b in data["eq_labels"]),
            eq_words=tuple((a, b) for a, b in data["eq_words"]),
        )


@dataclass
class _Builder:
    params: EvalbParams
    warnings: list[str] = field(default_factory=list)


def _strip_tail(line: bytes) -> bytes:
    """evalb.c strips trailing whitespace but never the first character."""
    end = len(line)
    while end > 1 and line[end - 1] in _SPACE:
        end -= 1
    return line[:end]


def _key_is(line: bytes, key: bytes) -> bool:
    """evalb.c's STRNCMP: ``line`` starts with ``key`` followed by end or space."""
    return line.startswith(key) and (len(line) == len(key) or line[len(key)] in _SPACE)


def _apply(builder: _Builder, line: bytes, value: bytes) -> None:
    """evalb.c's ``set_param`` for one stripped line and its value."""
    p = builder.params
    text = _decode(value)
    if _key_is(line, b"DEBUG"):
        builder.params = replace(p, debug=c_atoi(text))
    elif _key_is(line, b"MAX_ERROR"):
        builder.params = replace(p, max_error=c_atoi(text))
    elif _key_is(line, b"CUTOFF_LEN"):
        builder.params = replace(p, cutoff_len=c_atoi(text))
    elif _key_is(line, b"LABELED"):
        builder.params = replace(p, labeled=c_atoi(text))
    elif _key_is(line, b"DELETE_LABEL"):
        builder.params = replace(p, delete_labels=p.delete_labels + (text,))
    elif _key_is(line, b"DELETE_LABEL_FOR_LENGTH"):
        builder.params = replace(
            p, delete_labels_for_length=p.delete_labels_for_length + (text,)
        )
    elif _key_is(line, b"QUOTE_LABEL"):
        builder.params = replace(p, quote_labels=p.quote_labels + (text,))
    elif _key_is(line, b"EQ_LABEL") or _key_is(line, b"EQ_WORD"):
        is_label = _key_is(line, b"EQ_LABEL")
        values = value.split()
        if len(values) != 2:
            name = "EQ_LABEL" if is_label else "EQ_WORD"
            builder.warnings.append(f"{name} requires two values\n")
            return
        pair = (_decode(values[0]), _decode(values[1]))
        if is_label:
            builder.params = replace(p, eq_labels=p.eq_labels + (pair,))
        else:
            builder.params = replace(p, eq_words=p.eq_words + (pair,))
    else:
        builder.warnings.append(f"Unknown keyword ({_decode(line)}) in parameter file\n")


def parse_prm(
    data: bytes, base: EvalbParams | None = None
) -> tuple[EvalbParams, list[str]]:
    """Apply the parameter file ``data`` on top of ``base`` (default: EVALB's defaults).

    Returns the new parameters and EVALB's stderr warnings in order.
    """
    builder = _Builder(base if base is not None else EvalbParams())
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for number, raw in enumerate(lines, start=1):
        line = _strip_tail(raw.split(b"\0", 1)[0])  # C strings end at NUL
        if line.startswith(b"#") or len(line) < 3:
            continue
        i = 0
        while i < len(line) and line[i] not in _SPACE:
            i += 1
        while i < len(line) and line[i] in _SPACE:
            i += 1
        if i == len(line):
            # evalb.c reads past the end of the string here; we warn as it
            # intends to and ignore the line.
            builder.warnings.append(f"Empty value in parameter file ({number})\n")
            continue
        _apply(builder, line, line[i:])
    return builder.params, builder.warnings


def load_prm(
    path: str | Path, base: EvalbParams | None = None
) -> tuple[EvalbParams, list[str]]:
    """Read the parameter file at ``path`` (raises ``OSError`` if unreadable)."""
    return parse_prm(Path(path).read_bytes(), base)


def preset(name: str, base: EvalbParams | None = None) -> EvalbParams:
    """A named preset (``collins``) applied on top of ``base``.

    >>> preset("collins").delete_labels
    ('TOP', '-NONE-', ',', ':', '``', "''", '.')
    """
    params, warnings = parse_prm(PRESETS[name], base)
    assert not warnings
    return params


def collins() -> EvalbParams:
    """The COLLINS.prm values as parameters (the ``--evalb collins`` preset)."""
    return preset("collins")
