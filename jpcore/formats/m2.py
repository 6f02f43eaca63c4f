"""M2 files: reading and writing, as errant_compare reads them.

An M2 file is a list of *blocks* separated by one empty line.  Line 0 of a
block is the ``S`` line (the tokenised source sentence); every other line is
an edit::

    A start end|||type|||correction|||REQUIRED|||-NONE-|||coder

Reading follows errant_compare 3.0.2 exactly where a file is well-formed:
UTF-8 text with universal newlines, leading and trailing whitespace of the
whole file stripped, blocks split on the exact string ``"\\n\\n"``, an edit
line read by dropping its first two characters and splitting on ``|||``
(field 0 = start and end, field 1 = type, field 2 = correction exactly as
written, the **last** field = the coder id).  An empty file (nothing but
whitespace) is refused as :class:`~jpcore.formats.textio.EmptyFileError`
("FILE is empty"), where errant reads it as one empty block and scores it
P = R = F = 1.0; ``allow_empty=True`` reads it as errant does.  A block without edit lines means "coder 0 saw nothing to correct";
that implicit noop is the scorer's business, the reader keeps the block as it
is.

Where errant only asserts or raises ``ValueError`` (or silently reads a
malformed file), :func:`parse_m2` raises :class:`M2InputError` (an
:class:`~jpcore.errors.InputError`) naming the file, the line and the block
(``block #N`` counts from 0, like errant's sentence ids).  errant scores
edits whatever their offsets; we refuse ``start > end``, negative offsets
other than the noop's ``-1 -1`` and NUL characters (a binary file).  An edit
past the end of its ``S`` line is read (errant scores it, and so does the
errant-exact scorer); the alignment layer refuses it where it would merge the
sentence with a neighbour (:func:`jpcore.gec.concat.build_side`).

Every block keeps its raw text (:attr:`M2Block.text`) and the line number of
its ``S`` line; edit ``i`` of a block sits on line ``block.line + 1 + i``.
:func:`dumps_m2` writes a parsed document back byte for byte (newline style,
byte order mark and the whitespace around the blocks included).  A leading
byte order mark is dropped before parsing (errant would keep it as part of
the first ``S`` line, which only shows in its ``-v`` output).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from jpcore.atomic import write_atomic
from jpcore.errors import InputError, show
from jpcore.formats.textio import EmptyFileError
from jpcore.runtime import gc_paused

__all__ = [
    "NOOP_TYPE",
    "M2Block",
    "M2Document",
    "M2Edit",
    "M2InputError",
    "block_from_edits",
    "document_from_blocks",
    "dumps_m2",
    "format_edit",
    "parse_m2",
    "read_m2",
    "write_m2",
]

NOOP_TYPE = "noop"
"""The type of ``A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||K`` lines."""

EDIT_SHAPE = "an edit line 'A start end|||type|||correction|||REQUIRED|||-NONE-|||coder'"


class M2InputError(InputError):
    """Bad M2 input; ``block`` is the 0-based block number (``None`` if not known)."""

    def __init__(self, file: str, line: int | None, block: int | None, expected: str, found: str = "") -> None:
        self.block = block
        if block is not None:
            expected = f"{expected} (block #{block})"
        super().__init__(file, line, expected, found)


class M2Edit(NamedTuple):
    """One edit line, as the scorer needs it (fields 3 to -2 are not kept here)."""

    start: int
    end: int
    type: str
    cor: str
    coder: int

    @property
    def is_noop(self) -> bool:
        """True for a ``-1 -1`` edit ("this annotator saw nothing to correct")."""
        return self.start == -1


class M2Block(NamedTuple):
    """One block: where its raw text is, its position in the file and its parsed edits.

    The raw text is ``source[start:end]`` (``\\n`` newlines): the parser does
    not copy the long ``S`` lines of a big file; :attr:`text` slices on
    demand.  Build a block from its own text with :meth:`of`.  Two blocks are
    equal when index, line, text and edits are.
    """

    index: int
    """0-based position in the file (errant's sentence id)."""
    line: int
    """1-based line number of the ``S`` line in the file."""
    source: str
    """The string the block is a slice of (the whole normalised file, or the block's text)."""
    start: int
    end: int
    edits: tuple[M2Edit, ...]
    """The edit lines in file order (no implicit noop)."""

    @classmethod
    def of(cls, index: int, line: int, text: str, edits: tuple[M2Edit, ...]) -> M2Block:
        """A block whose source is its own ``text``."""
        return cls(index, line, text, 0, len(text), edits)

    @property
    def text(self) -> str:
        """The block exactly as in the file, without the separating empty lines."""
        if self.start == 0 and self.end == len(self.source):
            return self.source
        return self.source[self.start : self.end]

    @property
    def s_line(self) -> str:
        """Line 0 of the block (``"S ..."``)."""
        cut = self.source.find("\n", self.start, self.end)
        return self.source[self.start : self.end if cut < 0 else cut]

    @property
    def sentence(self) -> str:
        """The source sentence: the ``S`` line without its first two characters."""
        return self.s_line[2:]

    @property
    def tokens(self) -> list[str]:
        """The source tokens (the sentence split on whitespace)."""
        return self.sentence.split()

    def edit_line(self, i: int) -> int:
        """The 1-based file line number of edit ``i``."""
        return self.line + 1 + i

    def edit_text(self, i: int) -> str:
        """The raw text of edit line ``i``."""
        return self.text.split("\n")[1 + i]

    def edit_fields(self, i: int) -> list[str]:
        """All ``|||`` fields of edit line ``i`` (field 0 is ``start end``, without ``A``)."""
        return self.edit_text(i)[2:].split("|||")

    def coders(self) -> list[int]:
        """The coder ids of this block in first-appearance order (``[0]`` if no edits)."""
        if not self.edits:
            return [0]
        return list(dict.fromkeys(edit.coder for edit in self.edits))

    def _key(self) -> tuple[int, int, str, tuple[M2Edit, ...]]:
        return (self.index, self.line, self.text, self.edits)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, M2Block):
            return self._key() == other._key()
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"M2Block(index={self.index}, line={self.line}, text={self.text!r}, edits={self.edits!r})"


@dataclass
class M2Document:
    """A parsed M2 file: its blocks plus what is needed to write it back exactly."""

    name: str
    blocks: list[M2Block]
    leading: str = ""
    """Whitespace before the first block (``\\n`` newlines)."""
    trailing: str = "\n"
    """Whitespace after the last block (``\\n`` newlines)."""
    newline: str = "\n"
    """The file's newline: ``"\\n"``, ``"\\r\\n"`` or ``"\\r"`` (``"\\n"`` if mixed)."""
    bom: bool = False
    """Whether the file started with a UTF-8 byte order mark."""
    coder_ids: frozenset[int] | None = field(default=None, compare=False, repr=False)
    """Every coder id of an edit line (as the parser read them, once per distinct line); ``None``
    when not known (a document built otherwise)."""

    def __len__(self) -> int:
        return len(self.blocks)

    def __iter__(self) -> Iterator[M2Block]:
        return iter(self.blocks)

    def __getitem__(self, index: int) -> M2Block:
        return self.blocks[index]


# ---------------------------------------------------------------- reading


def read_m2(path: str | Path, name: str | None = None, *, allow_empty: bool = False) -> M2Document:
    """Read an M2 file (``OSError`` propagates; bad content raises :class:`M2InputError`)."""
    data = Path(path).read_bytes()
    return parse_m2(data, str(path) if name is None else name, allow_empty=allow_empty)


def parse_m2(data: bytes | str, name: str = "<m2>", *, allow_empty: bool = False) -> M2Document:
    """Parse M2 content (bytes are decoded as UTF-8) into an :class:`M2Document`.

    Content that is only whitespace raises :class:`EmptyFileError` unless
    ``allow_empty`` (then it is errant's one empty block).

    >>> parse_m2(b"\\n \\n", "sys.m2")
    Traceback (most recent call last):
    ...
    jpcore.formats.textio.EmptyFileError: sys.m2 is empty: expected at least one block (an S line), found only whitespace
    """
    # The parser allocates many small tuples and no reference cycles: pausing
    # the cyclic garbage collector saves a fifth of the time on big files.
    with gc_paused():
        return _parse(data, name, allow_empty)


def _parse(data: bytes | str, name: str, allow_empty: bool) -> M2Document:
    text = _decode(data, name) if isinstance(data, bytes) else data
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    newline = _newline_of(text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    nul = text.find("\x00")
    if nul >= 0:
        raise M2InputError(name, text.count("\n", 0, nul) + 1, None, "text", "a NUL byte (is this a binary file?)")
    # errant strips the whole file and splits on "\n\n"; the blocks found by
    # scanning between the first and the last non-space character are the
    # same, without copying the text.
    size = len(text)
    begin = 0
    while begin < size and text[begin].isspace():
        begin += 1
    stop = size
    while stop > begin and text[stop - 1].isspace():
        stop -= 1
    leading, trailing = text[:begin], text[stop:]
    if begin == stop:
        if not allow_empty:
            raise EmptyFileError(name, "at least one block (an S line)",
                                 "only whitespace" if size else "no text at all")
        # errant: an empty file is one empty block (no S line, no edits).
        return M2Document(name, [M2Block.of(0, 1, "", ())], leading, trailing, newline, bom)
    blocks: list[M2Block] = []
    append = blocks.append
    new = tuple.__new__  # NamedTuple instances without the Python-level __new__
    spans: dict[str, tuple[int, int]] = {}  # "A 3 4" -> (3, 4), memoised
    coders: dict[str, int] = {}  # "0" -> 0, memoised
    # Edit lines repeat (every noop line of a coder, common insertions): an
    # edit is a function of its line, so each distinct line is parsed once.
    # On UA-GEC's ann1.m2 1,933 of its 4,668 edit lines are distinct.
    known: dict[str, M2Edit] = {}
    find = text.find
    line = text.count("\n", 0, begin) + 1
    index = 0
    pos = begin
    while True:
        sep = find("\n\n", pos, stop)
        end = stop if sep < 0 else sep
        cut = find("\n", pos, end)
        if text[pos] != "S":
            raise _bad_s_line(name, line, index, text[pos : end if cut < 0 else cut])
        edits: list[M2Edit] = []
        if cut >= 0:
            add = edits.append
            i = line
            for edit_line in text[cut + 1 : end].split("\n"):
                i += 1
                edit = known.get(edit_line)
                if edit is None:
                    edit = known[edit_line] = _parse_edit(edit_line, name, i, index, spans, coders)
                add(edit)
            line = i
        append(new(M2Block, (index, line - len(edits), text, pos, end, tuple(edits))))
        if sep < 0:
            break
        pos = sep + 2
        index += 1
        line += 2
    return M2Document(name, blocks, leading, trailing, newline, bom, frozenset(coders.values()))


def _parse_edit(edit_line: str, name: str, line: int, block: int,
                spans: dict[str, tuple[int, int]], coders: dict[str, int]) -> M2Edit:
    """One edit line (line ``line`` of block ``block``) as an :class:`M2Edit`;
    ``spans`` and ``coders`` memoise its first and last fields."""
    fields = edit_line.split("|||")
    span = spans.get(fields[0])
    if span is None:
        span = _parse_span(fields[0])
        if span is None:
            raise _bad_edit(name, line, block, edit_line)
        if span[0] > span[1] or (span[0] < 0 and span != (-1, -1)):
            raise M2InputError(
                name, line, block, "'A start end' with 0 <= start <= end, or 'A -1 -1'",
                show(fields[0], 40),
            )
        spans[fields[0]] = span
    coder = coders.get(fields[-1])
    if coder is None:
        try:
            coder = coders[fields[-1]] = int(fields[-1])
        except ValueError:
            raise _bad_edit(name, line, block, edit_line) from None
    if len(fields) < 3 or len(fields) == 5:
        raise _bad_edit(name, line, block, edit_line)
    return tuple.__new__(M2Edit, span + (fields[1], fields[2], coder))


def _parse_span(prefix: str) -> tuple[int, int] | None:
    """``"A 3 4"`` -> ``(3, 4)``; ``None`` if it is not ``A`` + space + two integers."""
    if prefix[:2] != "A ":
        return None
    values = prefix[2:].split()
    if len(values) != 2:
        return None
    try:
        return int(values[0]), int(values[1])
    except ValueError:
        return None


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        bad = data[error.start : error.start + 1].hex()
        raise M2InputError(name, line, None, "UTF-8 text", f"byte {bad} (not UTF-8)") from None


def _newline_of(text: str) -> str:
    if "\r" not in text:
        return "\n"
    crlf = text.count("\r\n")
    if crlf == text.count("\r") == text.count("\n"):
        return "\r\n"
    if "\n" not in text:
        return "\r"
    return "\n"


def _bad_s_line(name: str, line: int, block: int, found: str) -> M2InputError:
    if found == "":
        return M2InputError(
            name, line, block, "an S line",
            "an extra empty line (blocks are separated by exactly one empty line; "
            "errant_compare would read a bogus sentence or fail here)",
        )
    if found.startswith("A "):
        return M2InputError(
            name, line, block, "an S line",
            f"an edit line {show(found, 40)} (is there an empty line inside a block?)",
        )
    return M2InputError(name, line, block, "an S line ('S' and the tokenised sentence)", show(found, 40))


def _bad_edit(name: str, line: int, block: int, text: str) -> M2InputError:
    """Explain why ``text`` is not an edit line."""
    if text.strip() == "":
        found = (
            "an empty line" if text == "" else "a whitespace-only line"
        ) + " (a line of spaces does not separate M2 blocks; errant_compare fails here)"
        return M2InputError(name, line, block, EDIT_SHAPE + " or one empty line between blocks", found)
    if text.startswith("S"):
        return M2InputError(
            name, line, block, EDIT_SHAPE,
            f"an S line {show(text, 40)} (is the empty line before it missing?)",
        )
    if not text.startswith("A "):
        return M2InputError(name, line, block, EDIT_SHAPE, show(text, 40))
    fields = text[2:].split("|||")
    span = fields[0].split()
    if len(span) != 2 or not all(_is_int(value) for value in span):
        return M2InputError(name, line, block, "'start end' (two integers) after 'A '", show(fields[0], 40))
    if len(fields) < 3:
        return M2InputError(name, line, block, EDIT_SHAPE, f"{len(fields)} |||-separated fields")
    if len(fields) == 5:
        return M2InputError(
            name, line, block, EDIT_SHAPE,
            "5 |||-separated fields (the coder id is missing)",
        )
    return M2InputError(
        name, line, block, "an integer coder id as the last field", show(fields[-1], 40)
    )


def _is_int(value: str) -> bool:
    try:
        int(value)
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------- writing


def format_edit(
    start: int, end: int, type: str, cor: str, coder: int,
    required: str = "REQUIRED", comment: str = "-NONE-",
) -> str:
    """A canonical edit line: ``A start end|||type|||cor|||REQUIRED|||-NONE-|||coder``.

    >>> format_edit(6, 7, "R:PREP", "in", 0)
    'A 6 7|||R:PREP|||in|||REQUIRED|||-NONE-|||0'
    """
    return f"A {start} {end}|||{type}|||{cor}|||{required}|||{comment}|||{coder}"


def block_from_edits(
    sentence: str, edit_lines: Iterable[str | M2Edit], index: int = 0, line: int = 1
) -> M2Block:
    """Build a block from a sentence (without ``"S "``) and edits.

    Edits given as :class:`M2Edit` are written canonically; strings are taken
    as ready-made edit lines (checked by re-parsing).
    """
    lines = ["S " + sentence]
    for item in edit_lines:
        lines.append(format_edit(*item) if isinstance(item, M2Edit) else item)
    raw = "\n".join(lines)
    parsed = parse_m2(raw, f"<block {index}>").blocks[0]
    return M2Block.of(index, line, raw, parsed.edits)


def document_from_blocks(name: str, blocks: Sequence[M2Block], newline: str = "\n") -> M2Document:
    """A document of ``blocks`` renumbered (index, line) as :func:`dumps_m2` will write them."""
    out: list[M2Block] = []
    line = 1
    for index, block in enumerate(blocks):
        out.append(block._replace(index=index, line=line))
        line += block.text.count("\n") + 2
    return M2Document(name, out, "", "\n", newline, False)


def dumps_m2(document: M2Document) -> str:
    """The document as text: byte for byte the parsed file when it was well-formed."""
    text = document.leading + "\n\n".join(block.text for block in document.blocks) + document.trailing
    if document.newline != "\n":
        text = text.replace("\n", document.newline)
    return ("\ufeff" if document.bom else "") + text


def write_m2(document: M2Document, path: str | Path) -> None:
    """Write the document as UTF-8 (its own newline style, no translation), whole or not
    at all (:func:`jpcore.atomic.write_atomic`: ``WriteError`` naming ``path`` if it cannot)."""
    write_atomic(path, dumps_m2(document).encode("utf-8"))
