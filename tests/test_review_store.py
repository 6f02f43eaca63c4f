"""The review store, the same tests on SQLite and on a real PostgreSQL server
(tests/postgres_support.py): verdicts by content key, cleared verdicts, offered
verdicts of another system file, the session's reviewer, hostile notes kept
byte for byte, two writer processes interleaved, a writer killed mid-run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from jpcore.review import VERDICTS, UnitKey, open_store
from jpcore.review.store import _metadata, default_location, engine_url
from tests.postgres_support import postgres_server
from tests.review_writer import key as writer_key

ROOT = Path(__file__).resolve().parent.parent
GOLD, SYS, OTHER = "a" * 64, "b" * 64, "c" * 64


@pytest.fixture(scope="module")
def postgres_url():
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request, tmp_path):
    """A fresh, empty store location on each back end."""
    if request.param == "sqlite":
        return str(tmp_path / "reviews.sqlite3")
    url = request.getfixturevalue("postgres_url")
    engine = sa.create_engine(engine_url(url))
    _metadata.drop_all(engine)
    engine.dispose()
    return url


def unit(i: int, sys_sha: str = SYS, word: tuple[int, int] | None = None) -> UnitKey:
    return UnitKey("preprocess", GOLD, sys_sha, (10 * i, 10 * i + 10), (10 * i, 10 * i + 10), word)


def test_verdicts_come_back_by_key(where):
    with open_store(where) as store:
        store.record(unit(0), "gold error", "gold splits here", "ann", "Click here", "Clickhere")
        store.record(unit(1), "system error", "", "bob", "To view", "To vie w")
        store.record(unit(1, word=(10, 12)), "unclear", "the word", "bob", "To", "To")
        store.record(unit(0), "both acceptable", "changed my mind", "ann", "Click here", "Clickhere")
        got = store.verdicts("preprocess", GOLD, SYS)
    assert sorted((k.gold_span, k.word_span or (), r.verdict, r.note, r.reviewer) for k, r in got.items()) == [
        ((0, 10), (), "both acceptable", "changed my mind", "ann"),
        ((10, 20), (), "system error", "", "bob"),
        ((10, 20), (10, 12), "unclear", "the word", "bob"),
    ]
    review = got[unit(0)]
    assert review.key == unit(0) and (review.gold_text, review.sys_text) == ("Click here", "Clickhere")
    assert review.time.endswith("+00:00") and review.time[:2] == "20"
    # another task, another system file: nothing
    with open_store(where) as store:
        assert store.verdicts("ud", GOLD, SYS) == {} and store.verdicts("preprocess", GOLD, OTHER) == {}


def test_a_verdict_survives_reopening_and_clearing_removes_it(where):
    with open_store(where) as store:
        store.record(unit(2), "unclear", "", "ann", "g", "s")
        store.record(unit(3), None, "a note without a verdict", "ann", "g", "s")
    with open_store(where) as store:  # another process, another day: the same store
        assert {k.gold_span: (r.verdict, r.note) for k, r in store.verdicts("preprocess", GOLD, SYS).items()} == {
            (20, 30): ("unclear", ""), (30, 40): (None, "a note without a verdict")}
        store.record(unit(2), None, "", "ann", "g", "s")
        store.record(unit(3), None, "", "ann", "g", "s")
        assert store.verdicts("preprocess", GOLD, SYS) == {}


def test_a_changed_system_file_offers_never_inherits(where):
    with open_store(where) as store:
        store.record(unit(0), "gold error", "n0", "ann", "g0", "s0")
        store.record(unit(1), "system error", "n1", "ann", "g1", "s1")
        moved = UnitKey("preprocess", GOLD, SYS, (20, 30), (20, 31))
        store.record(moved, "unclear", "n2", "ann", "g2", "s2")
        # the new system file OTHER: no verdict of its own
        assert store.verdicts("preprocess", GOLD, OTHER) == {}
        offered = store.offered("preprocess", GOLD, OTHER)
        assert sorted(offered) == [unit(0, OTHER), unit(1, OTHER), moved._replace(sys_sha256=OTHER)]
        assert offered[unit(0, OTHER)].key == unit(0) and offered[unit(0, OTHER)].verdict == "gold error"
        # only the units whose spans still match the new file's units
        current = [unit(0, OTHER), unit(1, OTHER), UnitKey("preprocess", GOLD, OTHER, (20, 30), (20, 30))]
        assert sorted(store.offered("preprocess", GOLD, OTHER, current)) == [unit(0, OTHER), unit(1, OTHER)]
        # once decided on the new file, a unit is no longer offered
        store.record(unit(1, OTHER), "both acceptable", "", "bob", "g1", "s1")
        assert sorted(store.offered("preprocess", GOLD, OTHER, current)) == [unit(0, OTHER)]
        # another gold file or task offers nothing
        assert store.offered("preprocess", "d" * 64, OTHER) == {} and store.offered("gec", GOLD, OTHER) == {}


def test_the_session_reviewer_is_kept(where):
    with open_store(where) as store:
        assert store.reviewer("session-1") is None
        store.set_reviewer("session-1", "Ann Smith")
        store.set_reviewer("session-2", "Bob")
        store.set_reviewer("session-1", "Ann B. Smith")
    with open_store(where) as store:
        assert (store.reviewer("session-1"), store.reviewer("session-2")) == ("Ann B. Smith", "Bob")


HOSTILE = ["<script>alert('x')</script>", "**bold** [link](javascript:alert(1)) <img src=x onerror=alert(1)>",
           "=HYPERLINK(\"http://evil\")", "line one\nline two\r\n\ttab", "'; DROP TABLE reviews; --",
           "emoji 😀 and NUL-free unicode ü ß 日本語", "x" * 20_000]


def test_hostile_notes_and_texts_come_back_unchanged(where):
    with open_store(where) as store:
        for i, text in enumerate(HOSTILE):
            store.record(unit(i), VERDICTS[i % 4], text, text[:50], text, text[::-1])
        got = store.verdicts("preprocess", GOLD, SYS)
    assert [(got[unit(i)].note, got[unit(i)].reviewer, got[unit(i)].gold_text, got[unit(i)].sys_text)
            for i in range(len(HOSTILE))] == [(t, t[:50], t, t[::-1]) for t in HOSTILE]


def test_a_verdict_outside_the_four_is_refused(where):
    with open_store(where) as store:
        with pytest.raises(ValueError, match="verdict must be one of gold error, system error"):
            store.record(unit(0), "wrong", "", "ann", "g", "s")
        assert store.verdicts("preprocess", GOLD, SYS) == {}


def _writer(where: str, name: str, count: int, together: bool = False) -> subprocess.Popen:
    command = [sys.executable, "-m", "tests.review_writer", where, name, str(count), *(["--together"] * together)]
    return subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE if together else None,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_processes_writing_interleaved_lose_nothing(where):
    open_store(where).close()  # tables made before the race
    writers = [_writer(where, name, 150, together=True) for name in ("left", "right")]
    for writer in writers:  # both imported and connected (one may take longer than the other's whole run)
        assert writer.stdout.readline() == "ready\n", writer.stderr.read()
    for writer in writers:  # then both go at once
        writer.stdin.write("go\n")
        writer.stdin.flush()
    outputs = [w.communicate(timeout=300) for w in writers]
    assert [w.returncode for w in writers] == [0, 0], [err for _, err in outputs]
    with open_store(where) as store:
        for name, (out, _) in zip(("left", "right"), outputs):
            assert out.split() == [str(i) for i in range(150)]
            got = store.verdicts("preprocess", f"{name}-gold", f"{name}-system")
            assert {k: (r.verdict, r.note, r.reviewer, r.gold_text) for k, r in got.items()} == {
                writer_key(name, i): (VERDICTS[i % 4], f"{name} {i}", name, f"gold {i}") for i in range(150)}
        # they really ran together: each wrote while the other was writing
        times = sorted((r.time, r.reviewer) for r in store.all_reviews())
        spans = {name: [t for t, who in times if who == name] for name in ("left", "right")}
        assert max(s[0] for s in spans.values()) < min(s[-1] for s in spans.values())
        assert sum(1 for a, b in zip(times, times[1:]) if a[1] != b[1]) >= 2


def test_a_writer_killed_mid_run_loses_nothing_it_acknowledged(where):
    open_store(where).close()
    writer = _writer(where, "killed", 100_000)
    acknowledged = []
    while len(acknowledged) < 60:
        line = writer.stdout.readline()
        assert line, writer.stderr.read()
        acknowledged.append(int(line))
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=30)
    writer.stdout.close()
    writer.stderr.close()
    assert writer.returncode == -signal.SIGKILL
    with open_store(where) as store:
        got = store.verdicts("preprocess", "killed-gold", "killed-system")
        assert all(got[writer_key("killed", i)].note == f"killed {i}" for i in acknowledged)
        # nothing half-written: every row there is whole
        assert all(r.note == f"killed {k.gold_span[0]}" and r.gold_text == f"gold {k.gold_span[0]}"
                   for k, r in got.items())
        assert len(acknowledged) <= len(got) <= len(acknowledged) + 1
        # the store still takes writes
        store.record(writer_key("killed", 10**6), "unclear", "after", "ann", "g", "s")
        assert store.verdicts("preprocess", "killed-gold", "killed-system")[writer_key("killed", 10**6)].note == "after"


def test_the_default_location(monkeypatch, tmp_path):
    monkeypatch.setenv("JP_REVIEW_DB", str(tmp_path / "env.sqlite3"))
    assert default_location() == str(tmp_path / "env.sqlite3")
    monkeypatch.delenv("JP_REVIEW_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_location() == str(tmp_path / "data" / "jp-inspector" / "reviews.sqlite3")
    with open_store() as store:
        store.record(unit(0), "unclear", "", "ann", "g", "s")
    assert (tmp_path / "data" / "jp-inspector" / "reviews.sqlite3").is_file()


def test_sqlite_is_in_wal_mode(tmp_path):
    with open_store(str(tmp_path / "r.sqlite3")) as store:
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_a_read_does_not_wait_for_a_writer(tmp_path):
    """SQLite: while one connection holds the write lock, another reads at once (WAL, deferred
    reads) and sees what was committed before; the writer's rows appear after its commit."""
    where = str(tmp_path / "r.sqlite3")
    with open_store(where) as store, open_store(where) as reader:
        store.record(unit(0), "unclear", "before", "ann", "g", "s")
        with store._writer.begin() as connection:  # a write transaction left open
            connection.execute(sa.text("UPDATE reviews SET note = 'inside'"))
            started = time.perf_counter()
            seen = reader.verdicts("preprocess", GOLD, SYS)
            assert time.perf_counter() - started < 5
            assert [r.note for r in seen.values()] == ["before"]
        assert [r.note for r in reader.verdicts("preprocess", GOLD, SYS).values()] == ["inside"]
