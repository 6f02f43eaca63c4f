"""Where verdicts live: one store, SQLite by default, PostgreSQL for a team.

Contract: :func:`open_store` opens (creating its tables if needed) the store
at ``where``: ``None`` -> ``$JP_REVIEW_DB`` -> ``reviews.sqlite3`` in the
user's data directory (``platformdirs``, ``jp-inspector``); a
``postgresql://`` URL -> that PostgreSQL database (through psycopg 3); any
other string -> an SQLite file at that path (WAL mode, so two tabs or two
server processes share it).  Every statement is built with SQLAlchemy Core
(no SQL assembled from strings; one code path for both back ends: only the
dialect's ``INSERT ... ON CONFLICT`` constructor is chosen by name).

:meth:`ReviewStore.record` writes at once and returns only after the
transaction committed (a verdict it acknowledged survives the process being
killed); a verdict of ``None`` with an empty note clears the unit.  A unit
is a :class:`~jpcore.review.identity.UnitKey`; notes and texts come back
exactly as given (the app escapes them when it shows them).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

import sqlalchemy as sa

from jpcore.review.identity import UnitKey
from jpcore.review.verdicts import VERDICTS

__all__ = ["ENV", "Review", "ReviewStore", "default_location", "open_existing_store", "open_store", "store_errors"]

#: The environment variable naming the store when none is given.
ENV = "JP_REVIEW_DB"
#: The execution option that marks a writing transaction (SQLite: BEGIN IMMEDIATE).
_WRITE = "jp_review_write"
#: No word span (a verdict on a whole unit) as stored: a primary key has no NULL.
_NO_WORD = -1

_metadata = sa.MetaData()
#: One row per reviewed unit: its key, the verdict, the note, who and when, and
#: both sides' texts as the reviewer saw them (kept for export and agreement).
reviews = sa.Table(
    "reviews", _metadata,
    sa.Column("task", sa.String(32), primary_key=True),
    sa.Column("gold_sha256", sa.String(64), primary_key=True),
    sa.Column("sys_sha256", sa.String(64), primary_key=True),
    sa.Column("gold_start", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("gold_end", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("sys_start", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("sys_end", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("word_start", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("word_end", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("verdict", sa.String(32), nullable=True),
    sa.Column("note", sa.Text, nullable=False),
    sa.Column("reviewer", sa.Text, nullable=False),
    sa.Column("time", sa.String(40), nullable=False),
    sa.Column("gold_text", sa.Text, nullable=False),
    sa.Column("sys_text", sa.Text, nullable=False),
)
#: A browser session's reviewer name (asked once per session).
sessions = sa.Table(
    "sessions", _metadata,
    sa.Column("session", sa.String(200), primary_key=True),
    sa.Column("reviewer", sa.Text, nullable=False),
    sa.Column("time", sa.String(40), nullable=False),
)
_KEY_COLUMNS = ("task", "gold_sha256", "sys_sha256", "gold_start", "gold_end", "sys_start", "sys_end",
                "word_start", "word_end")


class Review(NamedTuple):
    """One recorded verdict: the unit, the verdict (one of :data:`VERDICTS` or ``None``
    with a note), the note, who, when (ISO 8601, UTC) and both texts."""

    key: UnitKey
    verdict: str | None
    note: str
    reviewer: str
    time: str
    gold_text: str
    sys_text: str


def default_location() -> str:
    """``$JP_REVIEW_DB`` if set, else ``reviews.sqlite3`` in the user's data directory."""
    where = os.environ.get(ENV)
    if where:
        return where
    import platformdirs

    return str(Path(platformdirs.user_data_dir("jp-inspector", appauthor=False)) / "reviews.sqlite3")


def engine_url(where: str) -> sa.URL:
    """The SQLAlchemy URL of a store location (see the module doc)."""
    if _is_url(where):
        url = sa.make_url(where)
        if url.drivername in ("postgresql", "postgres"):
            url = url.set(drivername="postgresql+psycopg")
        return url
    return sa.URL.create("sqlite+pysqlite", database=str(Path(where).expanduser()))


def open_store(where: str | None = None) -> ReviewStore:
    """The store at ``where`` (module doc), its tables created if missing."""
    location = default_location() if where is None else where
    url = engine_url(location)
    if url.get_backend_name() == "sqlite":
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 60})
        sa.event.listen(engine, "connect", _sqlite_connect)
        sa.event.listen(engine, "begin", _sqlite_begin)
    else:
        engine = sa.create_engine(url, pool_pre_ping=True)
    _metadata.create_all(engine)
    return ReviewStore(engine, location)


@contextmanager
def store_errors(where: str) -> Iterator[None]:
    """Inside: a database failure (unreachable server, not a store, locked past the
    timeout) becomes :class:`~jpcore.errors.InputError` naming ``where`` (one line,
    what a command prints; a URL's password is not shown)."""
    try:
        yield
    except sa.exc.SQLAlchemyError as error:
        from jpcore.errors import InputError

        cause = getattr(error, "orig", None) or error
        first = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
        shown = sa.make_url(where).render_as_string(hide_password=True) if _is_url(where) else where
        raise InputError(shown, None, "a working review store", first) from None


def _is_url(where: str) -> bool:
    return where.startswith(("postgresql://", "postgres://", "postgresql+"))


#: The first bytes of every SQLite database file.
SQLITE_MAGIC = b"SQLite format 3\x00"


def open_existing_store(where: str) -> ReviewStore:
    """:func:`open_store` on a store that must already exist (a command reading
    verdicts never makes an empty database out of a mistyped path):
    :class:`~jpcore.errors.InputError` for a missing file or one that is not SQLite."""
    if not _is_url(where):
        from jpcore.errors import InputError

        path = Path(where)
        if not path.is_file():
            raise InputError(where, None, "a review store (an SQLite file or a postgresql:// URL)", "no such file")
        with path.open("rb") as handle:
            if handle.read(16) != SQLITE_MAGIC:
                raise InputError(where, None, "a review store (an SQLite file)", "another kind of file")
    return open_store(where)


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # pysqlite's own transaction handling off: SQLAlchemy's "begin" event below
    # opens each transaction, so a write waits for the lock (busy timeout)
    # instead of failing on a stale read snapshot.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=60000")
    cursor.close()


def _sqlite_begin(connection: sa.Connection) -> None:
    # a write takes the write lock at once (waiting for it, never failing on a stale
    # snapshot); a read begins deferred and never waits for a writer (WAL)
    write = connection.get_execution_options().get(_WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _key_values(key: UnitKey) -> dict[str, Any]:
    word = key.word_span if key.word_span is not None else (_NO_WORD, _NO_WORD)
    return {"task": key.task, "gold_sha256": key.gold_sha256, "sys_sha256": key.sys_sha256,
            "gold_start": int(key.gold_span[0]), "gold_end": int(key.gold_span[1]),
            "sys_start": int(key.sys_span[0]), "sys_end": int(key.sys_span[1]),
            "word_start": int(word[0]), "word_end": int(word[1])}


def _review(row: Any) -> Review:
    (task, gold_sha, sys_sha, gold_start, gold_end, sys_start, sys_end, word_start, word_end,
     verdict, note, reviewer, time, gold_text, sys_text) = row
    word = None if word_start == _NO_WORD else (word_start, word_end)
    key = UnitKey(task, gold_sha, sys_sha, (gold_start, gold_end), (sys_start, sys_end), word)
    return Review(key, verdict, note, reviewer, time, gold_text, sys_text)


def check_verdict(verdict: str | None) -> None:
    """``ValueError`` unless ``verdict`` is one of :data:`VERDICTS` or ``None``."""
    if verdict is not None and verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(VERDICTS)} or none, not {verdict!r}")


class ReviewStore:
    """Verdicts by unit, and session reviewer names, in one database (module doc)."""

    def __init__(self, engine: sa.Engine, location: str) -> None:
        self.engine = engine
        self.location = location
        self._writer = engine.execution_options(**{_WRITE: True})
        dialect = engine.dialect.name
        if dialect == "sqlite":
            from sqlalchemy.dialects.sqlite import insert
        elif dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert
        else:  # pragma: no cover - open_store makes only these two
            raise ValueError(f"no review store on {dialect}")
        self._insert = insert

    def __repr__(self) -> str:
        return f"ReviewStore({self.engine.url.render_as_string(hide_password=True)!r})"

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def __enter__(self) -> ReviewStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- writing

    def _upsert(self, table: sa.Table, keys: tuple[str, ...], values: list[dict[str, Any]]) -> Any:
        statement = self._insert(table)
        return statement.on_conflict_do_update(
            index_elements=list(keys),
            set_={name: statement.excluded[name] for name in values[0] if name not in keys},
        )

    def record(self, key: UnitKey, verdict: str | None, note: str, reviewer: str,
               gold_text: str, sys_text: str) -> None:
        """Write the verdict and note on unit ``key`` now (committed when this returns);
        ``verdict=None`` with an empty note clears the unit."""
        self.record_many([Review(key, verdict, note, reviewer, "", gold_text, sys_text)])

    def record_many(self, items: Iterable[Review]) -> int:
        """Write every review of ``items`` in ONE transaction (all or nothing); an
        empty ``time`` is now.  Returns how many were written."""
        items = list(items)
        for item in items:
            check_verdict(item.verdict)
        now = _now()
        with self._writer.begin() as connection:
            for item in items:
                values = _key_values(item.key)
                if item.verdict is None and not item.note:
                    connection.execute(sa.delete(reviews).where(
                        *(reviews.c[name] == value for name, value in values.items())))
                    continue
                values.update(verdict=item.verdict, note=item.note, reviewer=item.reviewer,
                              time=item.time or now, gold_text=item.gold_text, sys_text=item.sys_text)
                connection.execute(self._upsert(reviews, _KEY_COLUMNS, [values]), values)
        return len(items)

    # -- reading

    def _select(self, *conditions: Any) -> list[Review]:
        query = sa.select(reviews).where(*conditions).order_by(*(reviews.c[name] for name in _KEY_COLUMNS))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [_review(row) for row in rows]

    def verdicts(self, task: str, gold_sha256: str, sys_sha256: str) -> dict[UnitKey, Review]:
        """Every review of this task on exactly these two files, by unit key."""
        return {review.key: review for review in self._select(
            reviews.c.task == task, reviews.c.gold_sha256 == gold_sha256, reviews.c.sys_sha256 == sys_sha256)}

    def offered(self, task: str, gold_sha256: str, sys_sha256: str,
                keys: Iterable[UnitKey] | None = None) -> dict[UnitKey, Review]:
        """Reviews of this task and gold file recorded on ANOTHER system file, to offer
        (never to apply silently): by the key they would have on ``sys_sha256``
        (the same spans), the latest review of each; with ``keys``, only those whose
        spans match one of ``keys``.  A unit that already has a verdict on these
        files is not offered.  ``Review.key`` keeps the other file's hash."""
        wanted = None if keys is None else set(keys)
        have = self.verdicts(task, gold_sha256, sys_sha256)
        out: dict[UnitKey, Review] = {}
        for review in self._select(reviews.c.task == task, reviews.c.gold_sha256 == gold_sha256,
                                   reviews.c.sys_sha256 != sys_sha256):
            here = review.key._replace(sys_sha256=sys_sha256)
            if here in have or (wanted is not None and here not in wanted):
                continue
            if here not in out or out[here].time < review.time:
                out[here] = review
        return out

    def all_reviews(self) -> list[Review]:
        """Every review in the store (export order: task, files, spans)."""
        return self._select()

    # -- the session's reviewer

    def reviewer(self, session: str) -> str | None:
        """The reviewer name kept for ``session``, or ``None``."""
        with self.engine.connect() as connection:
            return connection.execute(
                sa.select(sessions.c.reviewer).where(sessions.c.session == session)).scalar_one_or_none()

    def set_reviewer(self, session: str, name: str) -> None:
        """Keep ``name`` as the reviewer of ``session`` (committed when this returns)."""
        values = {"session": session, "reviewer": name, "time": _now()}
        with self._writer.begin() as connection:
            connection.execute(self._upsert(sessions, ("session",), [values]), values)
