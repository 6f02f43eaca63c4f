"""Fuzzing every reader (hypothesis): random bytes and mutated real files.

Each reader (and each evaluation fed with what a reader accepts) is given
random bytes and small real files mutated at random (bytes inserted,
deleted, replaced or repeated; the file cut short), with a bounded number
of examples and a per-example deadline.  The only outcomes allowed are a
result or :class:`jpcore.errors.InputError`; EVALB legacy mode never raises
(EVALB reports bad lines itself).  A result must also survive its JSON
round trip.  The streaming readers (a file read in chunks) must read what
the whole-file readers read.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.errors import InputError
from jpcore.formats import read_segmentation
from jpcore.formats.conllu import iter_conllu, read_conllu
from jpcore.formats.m2 import parse_m2
from jpcore.peers.evalb.params import parse_prm
from jpcore.formats.raw import read_raw
from jpcore.results.reader import read_result_json
from jpcore.formats.textio import decode_lines, iter_file_lines
from jpcore.formats.tokenized import iter_tokenized, read_tokenized
from jpcore.formats.trees import read_trees_bytes
from jpcore.peers.evalb import legacy as evalb_legacy
from jpcore import gec
from jpcore import parseval
from jpcore import preprocess
from jpcore.gec import GecResult
from jpcore.parseval.result import ParsevalResult
from jpcore.preprocess import PreprocessResult
from tests.conftest import SAMPLE_DATA


def _head(path, size: int = 2500) -> bytes:
    """The first lines of a sample file, about ``size`` bytes."""
    data = path.read_bytes()
    cut = data.find(b"\n\n", size)
    return data if cut < 0 else data[: cut + 2]


EWT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
TEXT = _head(EWT / "en_ewt-ud-test.excerpt.gold.words.txt", 600)
TEXT_SYS = _head(EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt", 600)
CONLLU = _head(EWT / "en_ewt-ud-test.excerpt.conllu")
TREES = (SAMPLE_DATA / "parseval" / "jp-trees" / "harbour.gold.mrg").read_bytes()
TREES_SYS = (SAMPLE_DATA / "parseval" / "jp-trees" / "harbour.sys.mrg").read_bytes()
EVALB_GOLD = (SAMPLE_DATA / "parseval" / "evalb-sample" / "sample.gld").read_bytes()
PRM = (SAMPLE_DATA / "parseval" / "evalb-sample" / "sample.prm").read_bytes()
M2 = (SAMPLE_DATA / "m2" / "toy-en" / "gold.m2").read_bytes()
M2_SYS = (SAMPLE_DATA / "m2" / "toy-en" / "sys.resegmented.m2").read_bytes()


def _json(result) -> bytes:
    return json.dumps(result.to_dict(), ensure_ascii=False).encode()


PREPROCESS_JSON = _json(preprocess.evaluate(read_segmentation(TEXT, "g"), read_segmentation(TEXT_SYS, "s")))
PARSEVAL_JSON = _json(parseval.evaluate_bytes(TREES, TREES_SYS))
GEC_JSON = _json(gec.evaluate_bytes(M2, M2_SYS))

#: Byte strings that mean something to some reader.
PIECES = [b"\n", b"\n\n", b"\r", b"\r\n", b"\t", b" ", b"(", b")", b"((", b"))", b"|||", b"A ", b"S ",
          b"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0", b"-", b"1-2", b"5.1", b"#", b"# text = x",
          b"\x00", b"\xff", b"\xe9", b"\xef\xbb\xbf", b"\xc2\xa0", b"\"", b"{", b"}", b"[", b"]", b":",
          b"null", b"0", b"-1", b"99999", b"TOP", b"DELETE_LABEL", b"EQ_LABEL x", b"_", b"\\"]


@st.composite
def mutated(draw, seed: bytes) -> bytes:
    """``seed`` with a few random edits."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "cut"]))
        pos = draw(st.integers(0, len(data)))
        size = draw(st.integers(1, 40))
        if op == "insert":
            data[pos:pos] = draw(st.sampled_from(PIECES) | st.binary(min_size=1, max_size=6))
        elif op == "delete":
            del data[pos : pos + size]
        elif op == "replace":
            data[pos : pos + 1] = draw(st.sampled_from(PIECES))
        elif op == "repeat":
            data[pos:pos] = data[pos : pos + size] * draw(st.integers(2, 4))
        else:
            del data[pos:]
    return bytes(data)


def inputs(seed: bytes):
    return st.one_of(st.binary(max_size=400), mutated(seed), st.sampled_from(PIECES))


def _round_trip(result, cls) -> None:
    again = cls.from_dict(json.loads(json.dumps(result.to_dict(), ensure_ascii=False)))
    assert json.dumps(again.to_dict(), ensure_ascii=False) == json.dumps(result.to_dict(), ensure_ascii=False)


def _preprocess(data: bytes) -> object:
    result = preprocess.evaluate(read_segmentation(data, "fuzz"), read_segmentation(TEXT, "gold"))
    _round_trip(result, PreprocessResult)
    return result


def _parseval(data: bytes) -> object:
    result = parseval.evaluate_bytes(TREES, data, gold_name="gold", sys_name="fuzz")
    _round_trip(result, ParsevalResult)
    parseval.render_report(result)
    return result


def _gec(data: bytes) -> object:
    result = gec.evaluate_bytes(M2, data, "gold", "fuzz")
    _round_trip(result, GecResult)
    return result


#: name -> (seed file, the call that must give a result or raise InputError)
READERS: dict[str, tuple[bytes, Callable[[bytes], object]]] = {
    "decode_lines": (TEXT, lambda d: decode_lines(d, "fuzz")),
    "tokenized": (TEXT, lambda d: read_tokenized(d, "fuzz")),
    "conllu words": (CONLLU, lambda d: read_conllu(d, "fuzz", "words")),
    "conllu tokens": (CONLLU, lambda d: read_conllu(d, "fuzz", "tokens")),
    "auto-detected": (CONLLU, lambda d: read_segmentation(d, "fuzz")),
    "raw": (TEXT, lambda d: read_raw(d, "fuzz")),
    "trees": (TREES, lambda d: read_trees_bytes(d, "fuzz")),
    "m2": (M2, lambda d: parse_m2(d, "fuzz")),
    "prm": (PRM, lambda d: parse_prm(d)),
    "preprocess result json": (PREPROCESS_JSON,
                               lambda d: read_result_json(d, "fuzz", PreprocessResult.from_dict, "preprocess")),
    "parseval result json": (PARSEVAL_JSON,
                             lambda d: read_result_json(d, "fuzz", ParsevalResult.from_dict, "parseval")),
    "gec result json": (GEC_JSON, lambda d: read_result_json(d, "fuzz", GecResult.from_dict, "gec")),
    "preprocess": (TEXT_SYS, _preprocess),
    "parseval": (TREES_SYS, _parseval),
    "gec": (M2_SYS, _gec),
}

#: Examples per reader (``JPCORE_FUZZ_EXAMPLES=20000`` for a long run).
EXAMPLES = int(os.environ.get("JPCORE_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=timedelta(seconds=3), suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", sorted(READERS))
@FUZZ
@given(data=st.data())
def test_a_result_or_an_input_error(name, data):
    seed, call = READERS[name]
    raw = data.draw(inputs(seed), label="input")
    try:
        assert call(raw) is not None
    except InputError as error:
        message = str(error)
        assert message.startswith("fuzz:") or message.startswith("fuzz "), message
        assert "\n" not in message.rstrip("\n") or name.endswith("json")


@FUZZ
@given(data=st.data())
def test_evalb_legacy_mode_never_raises(data):
    gold = data.draw(inputs(EVALB_GOLD), label="gold")
    test = data.draw(inputs(EVALB_GOLD), label="test")
    params, _ = parse_prm(data.draw(inputs(PRM), label="prm"))
    result = evalb_legacy.evaluate(gold, test, params)
    evalb_legacy.render_report(result)
    evalb_legacy.render_messages(result)
    json.dumps(result.to_dict())


def _outcome(call: Callable[[], list]) -> tuple[str, object]:
    try:
        return "ok", [s.to_dict() if hasattr(s, "to_dict") else s for s in call()]
    except InputError as error:
        return "error", str(error)


@FUZZ
@given(data=st.data())
def test_the_streaming_readers_read_what_the_whole_file_readers_read(data):
    # the same lines and sentences, whatever the chunk size; an error where
    # the whole-file reader has one (the first error met may differ: the
    # whole-file reader decodes everything before it parses)
    raw = data.draw(st.one_of(inputs(CONLLU), inputs(TEXT)), label="input")
    chunk = data.draw(st.sampled_from([1, 2, 3, 7, 64, 4096]), label="chunk")
    level = data.draw(st.sampled_from(["words", "tokens"]), label="level")

    def lines():
        return iter_file_lines(io.BytesIO(raw), "fuzz", chunk)

    cases = [
        (lambda: decode_lines(raw, "fuzz"), lambda: list(lines())),
        (lambda: read_tokenized(raw, "fuzz", allow_empty=True).sentences, lambda: list(iter_tokenized(lines()))),
        (lambda: read_conllu(raw, "fuzz", level).sentences, lambda: list(iter_conllu(lines(), "fuzz", level))),
    ]
    for whole_call, stream_call in cases:
        whole_outcome, stream_outcome = _outcome(whole_call), _outcome(stream_call)
        if whole_outcome[0] == "ok":
            assert stream_outcome == whole_outcome
        else:
            assert stream_outcome[0] == "error"
