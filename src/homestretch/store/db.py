"""Saved games: SQLAlchemy over a SQLite file by default, or PostgreSQL by URL.

A saved game is its configuration plus its event log; resuming replays the log. Events
are appended at the position the writer expects, in a transaction that checks it, under
a unique key on (game, position): a second writer on the same table gets a clear
"this table moved on" error, never an interleaved log. A table's seats and dice are
kept beside it (``table_settings``), so any surface can rebuild it.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    URL,
    BigInteger,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
)
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DatabaseError,
    IntegrityError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from homestretch.core.errors import HomestretchError, TableMovedOn
from homestretch.core.inputs import bad_character, shown
from homestretch.core.protocol import JSON, Event

# ids and seeds go up to 2**63 - 1 (cli.common.MAX_SEED); SQLite's INTEGER is 64 bits
# already and only "INTEGER PRIMARY KEY" numbers rows by itself
BigId = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One saved game: ``game``, the registry's name for it ("across"); ``config``, the
    configuration it is rebuilt from (JSON); ``seed`` and ``dice`` ("seeded",
    "scripted", "asked"), how it rolled when it was made (a table's own dice are in its
    settings since); ``status`` ("in progress", "finished") and ``summary``, what
    ``history`` lists; ``created``, when (ISO 8601, UTC)."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    config: Mapped[str] = mapped_column(Text)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    dice: Mapped[str] = mapped_column(String(20))
    label: Mapped[str] = mapped_column(String(200), default="")
    status: Mapped[str] = mapped_column(String(20), default="in progress")
    summary: Mapped[str] = mapped_column(Text, default="")
    created: Mapped[str] = mapped_column(String(40))


class EventRow(Base):
    """One event of a game's log: ``seq``, its position in the log (0, 1, 2, ...: what
    the code calls a position; one row each, the unique key), and ``payload``, the event
    as JSON (``Event.to_json``) with ``at``, when it was stored (seconds since the epoch;
    absent in a log stored before it was kept)."""

    __tablename__ = "events"
    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    game_id: Mapped[int] = mapped_column(BigId, ForeignKey("games.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    payload: Mapped[str] = mapped_column(Text)
    __table_args__ = (Index("ux_events_game_seq", "game_id", "seq", unique=True),)


class SettingsRow(Base):
    """A table's settings (JSON), for the surfaces that rebuild it: its seats and dice,
    a web table's own (privacy, invitations), and the bundled files it reads with their
    marks (session/saved.py). None for a game saved before tables kept them."""

    __tablename__ = "table_settings"
    game_id: Mapped[int] = mapped_column(BigId, ForeignKey("games.id"), primary_key=True)
    settings: Mapped[str] = mapped_column(Text)


class FormatRow(Base):
    """What the store says of itself: ``format``, the layout it is written in
    (``STORE_FORMAT``), and ``written_by``, the homestretch that first marked it."""

    __tablename__ = "homestretch_store"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


STORE_FORMAT = 1
"""The layout this homestretch reads and writes. It goes up only when an older
homestretch would misread the store (a column added that it may ignore does not raise
it): a store marked with a higher number is refused, never read as if it were ours, and
one marked lower is brought up to this layout when opened. A store made before stores
were marked (tables ``games``, ``events``, ``table_settings``) is format 1: it is marked
when first opened by a homestretch that can write to it."""

COLUMNS = {
    "games": {"id", "game", "config", "seed", "dice", "status"},
    "events": {"game_id", "seq", "payload"},
    "table_settings": {"game_id", "settings"},
    "homestretch_store": {"key", "value"},
}
"""The columns this homestretch reads in each of its tables: a table of that name
without them is another program's, not an older store of ours."""

SQLITE_OWN = re.compile(r"^sqlite_")
"""SQLite's own tables (``sqlite_sequence``, ``sqlite_stat1``), in any SQLite file."""


@dataclass(frozen=True)
class SavedGame:
    """A game as ``load`` reads it, its log with it (``events``; empty in the list
    ``saved_games`` gives). Its table settings are read apart (``Store.settings``)."""

    id: int
    game: str
    config: JSON
    seed: int | None
    dice: str
    label: str
    status: str
    summary: str
    created: str
    events: list[Event]
    moved_at: float | None = None
    """When the last event was stored (seconds since the epoch): the time the game has
    stood at its version since; None with no event, or one stored before it was kept."""


CREATING_TABLES = 0x686F6D6573747265  # "homestre": PostgreSQL's advisory lock for it
"""The lock that makes processes opening one new PostgreSQL store create its tables one
after another (each looks for them first, so the second finds them made)."""

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def is_url(target: str) -> bool:
    """A store given with a scheme (``sqlite:///...``, ``postgresql+psycopg://...``) is a
    URL; anything else is a file's path, taken as it is (no query, no %-decoding)."""
    return bool(_SCHEME.match(target))


def default_db() -> str | Path:
    """``HOMESTRETCH_DB`` (a path or a URL), else homestretch.sqlite in the data folder."""
    override = os.environ.get("HOMESTRETCH_DB")
    if override:
        return override
    return Path(platformdirs.user_data_dir("homestretch")) / "homestretch.sqlite"


def store_url(target: str | Path) -> URL:
    """The database a ``--db`` value names; plain ``postgresql://`` means psycopg 3."""
    if isinstance(target, Path) or not is_url(target):
        return URL.create("sqlite", database=str(target))
    try:
        url = make_url(target)
    except ArgumentError:
        scheme = target.split("://", 1)[0]
        raise HomestretchError(f"{scheme}://...: not a database URL homestretch can read") from None
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise HomestretchError(
            f"{url.get_backend_name()}: homestretch keeps games in a SQLite file or in "
            "PostgreSQL (postgresql+psycopg://USER@HOST/DB)"
        )
    return url


def _sqlite_file(url: URL) -> Path | None:
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return None if url.query.get("uri") else Path(url.database)


def _check_folder(file: Path, shown_as: Path | str) -> None:
    """A store file is made only in a folder that is there, or in the data folder (made
    for the default store): a missing folder in a path the user typed is likelier a typo
    than a wish for a new folder, and was made quietly, games and all."""
    folder = file.parent
    if not folder.is_dir() and folder != Path(platformdirs.user_data_dir("homestretch")):
        raise HomestretchError(
            f"{shown_as}: no folder {folder} to keep the game store in "
            "(a folder typed wrong? to keep games there, make the folder first)"
        )


def _folder_closed(file: Path) -> bool:
    """Whether this user may not create files in the store file's folder (SQLite makes
    two beside the store while it is open, ``-wal`` and ``-shm``)."""
    folder = file.parent
    return folder.is_dir() and not os.access(folder, os.W_OK)


def _folder_refused(file: Path, reason: str) -> str:
    """Why a store file in a folder this user may not create files in cannot be
    opened: said of the folder, where the database says only that it is read-only."""
    return (
        f"the game store cannot be opened for writing: this user may not create files in "
        f"its folder {file.parent}, where SQLite keeps two files beside the store while it "
        f"is open ({file.name}-wal, {file.name}-shm; {reason})"
    )


SMALLEST_DATABASE = 512
"""SQLite's smallest page: a database file is empty or at least one page long."""


def _holds_other_than_sqlite(path: Path) -> bool:
    """Whether a file is there, not empty, and shorter than any SQLite database. SQLite
    takes a one-byte file for an empty database and writes a store over it (a note named
    by mistake was lost). Only its size is read: a file SQLite holds open must not be
    opened and closed beside it (closing it drops the process's locks on the file)."""
    try:
        size = path.stat().st_size
    except OSError:  # not there, or not to be read: said where it is opened
        return False
    return 0 < size < SMALLEST_DATABASE


def _empty(path: Path) -> bool:
    """Whether a file is there and empty (0 bytes), with no log beside it holding a store
    another process is making in it: a command that only reads must leave it so, not
    make a store of it. Only sizes are read (``_holds_other_than_sqlite``)."""
    try:
        if not path.is_file() or path.stat().st_size != 0:
            return False
        return Path(f"{path}-wal").stat().st_size == 0
    except FileNotFoundError:  # no log beside it
        return True
    except OSError:  # not to be read: said where it is opened
        return False


def _create_private(path: Path) -> None:
    """A new SQLite file readable by its owner alone: it holds hidden hands and seeds."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def _schema_missing(connection: Connection) -> bool:
    """Whether a table of games or the log's unique key is yet to be made (a store
    opened only to be read, perhaps read-only, is not written to; its format mark, if
    that is all it lacks, is made when it can be)."""
    have = inspect(connection)
    tables = set(have.get_table_names())
    if not set(Base.metadata.tables) - {FormatRow.__tablename__} <= tables:
        return True
    indexes = {index["name"] for index in have.get_indexes("events")}
    return not {index.name for index in Base.metadata.tables["events"].indexes} <= indexes


def _format_of(connection: Connection, tables: set[str]) -> int | None:
    """The format the store is marked with (None: not marked yet)."""
    if FormatRow.__tablename__ not in tables:
        return None
    text = connection.scalar(select(FormatRow.value).where(FormatRow.key == "format"))
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise HomestretchError(f"its format mark is damaged ({shown(text)})") from None


def _check_ours(connection: Connection, sqlite: bool) -> int | None:
    """Refuse a database that is not a homestretch store, or one written by a newer
    homestretch; the format it is marked with otherwise (None: new, or not marked yet).
    A SQLite file holding only other programs' tables is refused (it would be written
    into); a PostgreSQL database may hold other tables beside ours."""
    have = inspect(connection)
    tables = {t for t in have.get_table_names() if not SQLITE_OWN.match(t)}
    for table, wanted in COLUMNS.items():
        if table in tables:
            columns = {c["name"] for c in have.get_columns(table)}
            if not wanted <= columns:
                missing = ", ".join(sorted(wanted - columns))
                raise HomestretchError(
                    f"not a homestretch game store: its table {table} is another program's "
                    f"(it has no {missing})"
                )
    if sqlite and tables and not tables & set(COLUMNS):
        others = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise HomestretchError(
            f"not a homestretch game store: it is another program's database "
            f"(its tables: {others}), left as it was"
        )
    found = _format_of(connection, tables)
    if found is not None and found > STORE_FORMAT:
        from homestretch import __version__

        raise HomestretchError(
            f"written by a newer homestretch (store format {found}; homestretch "
            f"{__version__} reads format {STORE_FORMAT} and older): upgrade homestretch to "
            "open it; it was left as it was"
        )
    return found


def _mark_format(connection: Connection) -> None:
    """Mark the store with this format, after bringing an older one up to it (format 1
    is every store made before stores were marked: nothing to change but the mark)."""
    from homestretch import __version__

    found = _format_of(connection, set(inspect(connection).get_table_names()))
    if found == STORE_FORMAT:
        return
    # migrations from format N to N + 1 go here, each in this transaction
    if found is None:
        connection.execute(
            insert(FormatRow),
            [
                {"key": "format", "value": str(STORE_FORMAT)},
                {"key": "written_by", "value": f"homestretch {__version__}"},
            ],
        )
    else:
        connection.execute(
            FormatRow.__table__.update()  # type: ignore[attr-defined]
            .where(FormatRow.key == "format")
            .values(value=str(STORE_FORMAT))
        )


def _reason(exc: SQLAlchemyError) -> str:
    """The driver's words on one line (psycopg adds a hint on a second)."""
    words = str(getattr(exc, "orig", None) or exc.__class__.__name__)
    return " ".join(line.strip() for line in words.splitlines() if line.strip())


def _read_only(exc: DatabaseError) -> bool:
    """Whether the database said nothing may be written: a read-only SQLite file
    ("readonly database"), or on PostgreSQL a user without the right ("permission
    denied for table events") or a transaction that is read-only (a standby server, a
    user whose transactions are: "cannot execute INSERT in a read-only transaction").
    A connection refused ("permission denied for database") is not: nothing is read."""
    reason = _reason(exc)
    if "readonly" in reason or "read-only" in reason:
        return True
    return "permission denied" in reason and not isinstance(exc, OperationalError)


NO_ROOM_ERRORS = ("SQLITE_IOERR_WRITE", "SQLITE_IOERR_SHMSIZE")
"""SQLite's "disk I/O error" where a file could not grow: the store or its log written
(``-wal``), or the ``-shm`` beside it made larger (when a store is first opened)."""


def _no_room(exc: DatabaseError) -> str | None:
    """Why the disk had no room for a write: a full disk (SQLite's "database or disk is
    full", PostgreSQL's "No space left on device"), or a file SQLite could not grow
    (``NO_ROOM_ERRORS``: past a limit on the size of files, ``ulimit -f``, it says only
    "disk I/O error"). None for anything else."""
    reason = _reason(exc)
    if "disk is full" in reason or "No space left" in reason:
        return f"the disk it is on is full ({reason})"
    if getattr(getattr(exc, "orig", None), "sqlite_errorname", "") in NO_ROOM_ERRORS:
        return f"it could not be written ({reason}: a full disk, or a limit on files' size?)"
    return None


def _failed(exc: DatabaseError, game: tuple[int, str] | None = None) -> str:
    """What went wrong with the store, in words a person can act on: in use, read-only,
    out of room, failed (a connection lost), or damaged (anything else the database
    refuses to read). ``game``: the game being written, and the command that goes on
    with it (``Store._resume``), for a write that found no room."""
    reason = _reason(exc)
    room = _no_room(exc)
    if room is not None and game is not None:  # one transaction: the moves before stand
        return (
            f"the game store took nothing more: {room}; every move of game {game[0]} saved "
            f"before is kept: make room, then go on with `{game[1]}`"
        )
    if room is not None:  # a new game not made, or a write of no one game
        return f"the game store took nothing more: {room}; every game saved before is kept"
    if "locked" in reason or "busy" in reason:
        return f"the game store is in use by another program (waited {LOCK_WAIT:g} s; {reason})"
    if _read_only(exc):
        return f"the game store is read-only: nothing can be saved to it ({reason})"
    if isinstance(exc, OperationalError):
        return f"the game store failed ({reason})"
    return (
        f"the game store is damaged and cannot be read ({reason}); "
        "a copy made while it was written to, or cut short, is not a whole store"
    )


WRITES_OF_NO_ROWS = (
    "INSERT INTO events (game_id, seq, payload) SELECT game_id, seq, payload FROM events "
    "WHERE false",
    "UPDATE games SET config = config, status = status, summary = summary WHERE false",
    "INSERT INTO table_settings (game_id, settings) SELECT game_id, settings "
    "FROM table_settings WHERE false",
    "UPDATE table_settings SET settings = settings WHERE false",
)
"""What a game goes on to write (its moves, its end, a name, its seats), each of no
rows: PostgreSQL checks the user's rights and a read-only transaction before it looks
for a row, and SQLite takes its write lock (a read-only file refused), so these fail as
the first real write would, and change nothing."""

NUMBERS_EVENTS = "SELECT has_sequence_privilege(pg_get_serial_sequence('events', 'id'), 'USAGE')"
"""Whether the user may number a new event (an INSERT of no rows never asks)."""

POOL_SIZE = 40
"""PostgreSQL connections one store keeps at most, each opened when first needed."""

LOCK_WAIT = 5.0
"""Seconds a SQLite writer waits for another process's lock before giving up."""

VERSIONS_AT_ONCE = 500
"""Games asked for in one query by ``Store.versions`` (SQLite's older builds take at most
999 values in a query)."""


def _sqlite_write_ahead(connection: Any, _: Any) -> None:
    """Every move is its own transaction (``append_at``: the move and the rolls and
    computer moves it sets off): with a write-ahead log and no sync at every commit one
    takes about a millisecond instead of several. A power cut may lose the last moves
    committed, never half of one.

    Switching a file to the log is refused at once ("database is locked": SQLite calls no
    busy handler for it) while another process is making the same new file's tables; it is
    asked again, as a writer waits, for up to ``LOCK_WAIT`` (two servers started at once
    on a new file: one failed 12 rounds in 60 here)."""
    import sqlite3  # the driver's own error: SQLAlchemy wraps it only after this returns

    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
    connection.execute("PRAGMA synchronous=NORMAL")


def _not_an_interrupt(record: logging.LogRecord) -> bool:
    """Ctrl-C as a connection goes back to SQLAlchemy's pool: the pool logs the interrupt
    as an error, traceback and all (on the terminal, with no logging set up), then
    raises it again, and the program stops with its one line. Errors are still logged."""
    kind = record.exc_info[0] if record.exc_info else None
    return kind is None or issubclass(kind, Exception)


def _reading_only(url: URL, file: Path) -> URL:
    """The SQLite file opened to be read alone: for a command that writes nothing to a
    store this user may not write (the file, or the folder SQLite keeps its two files in
    beside it), and for one that writes to a file this user may not write, so that it is
    refused at its first write with nothing made beside the file (opened as it was, SQLite
    left an empty ``-wal`` and a ``-shm`` there). While another program has it open
    (``-wal`` beside it) the log it adds to is read too; else, with no ``-shm`` to be
    made, the file is read as it is (``immutable``: it holds every move, none waiting in
    a log beside it)."""
    beside = Path(f"{file}-wal")
    query = {"mode": "ro", "uri": "true", **({} if beside.exists() else {"immutable": "1"})}
    return url.set(database=f"file:{file.resolve()}", query=query)


def _resolved(file: Path) -> Path:
    """A file's full path, links followed (a loop of links: as written, made absolute)."""
    try:
        return file.expanduser().resolve()
    except (OSError, RuntimeError):
        return file.absolute()


def _may_not_write(file: Path) -> bool:
    """Whether this user may read the store file but not write it, or not create files
    beside it (SQLite's ``-wal`` and ``-shm``)."""
    if not file.is_file() or not os.access(file, os.R_OK):
        return False
    return not os.access(file, os.W_OK) or _folder_closed(file)


class Store:
    def __init__(
        self, target: str | Path | None = None, read_only: bool = False, saved: bool = False
    ) -> None:
        """The store in a SQLite file (a path) or a database (a URL). ``read_only``: for
        a command that only reads (``history``, ``replay``), a SQLite file this user may
        not write is opened to be read, and read; a command that writes is refused
        (``check_writable``, or its first write), a file it may not write opened to be
        read too, so nothing is left beside it. A PostgreSQL user who may only read
        reads either way. ``saved``: the command goes on with games saved before
        (``resume``), so an empty file is refused as a command that only reads refuses
        it, left empty, not made a store that holds no game."""
        named_by = "--db " if target else "HOMESTRETCH_DB="
        """How the user named the store, for messages: HOMESTRETCH_DB was never --db."""
        target = target or default_db()
        if isinstance(target, str) and bad_character(target):
            raise HomestretchError(
                f"{named_by}{shown(target)}: a store's name holds no control characters"
            )
        self.url = store_url(target)
        self._named = self.url
        """The store as named (``url`` is the file opened to be read, where it is)."""
        self.path: Path | str = (
            self.url.render_as_string(hide_password=True)
            if isinstance(target, str) and is_url(target)
            else Path(target)
        )
        """Where the store is, for messages: the file, or the URL without its password."""
        file = _sqlite_file(self.url)
        if (read_only or saved) and file is not None and _empty(file):
            raise HomestretchError(
                f"{self.path}: an empty file, not a game store: no game is saved in it "
                "(it is left as it is)"
            )
        if (
            file is not None
            and _may_not_write(file)
            and (read_only or not os.access(file, os.W_OK))  # a folder closed: said of it
        ):
            self.url, file = _reading_only(self.url, file), None
        postgres = self.url.get_backend_name() == "postgresql"
        self._write_turn: AbstractContextManager[Any] = (
            nullcontext() if postgres else threading.Lock()
        )
        """This process's writers to a SQLite file, one at a time (``_writing``)."""
        self._lengths: dict[int, int] = {}
        """How long this store made each log it appended to (a log only grows)."""
        if file is not None:
            _check_folder(file, self.path)
            if file.is_dir():
                raise HomestretchError(
                    f"{self.path}: a folder, not a game store file (to keep games in it, "
                    f"name a file there: {named_by}{file / 'games.sqlite'})"
                )
            if _holds_other_than_sqlite(file):
                raise HomestretchError(
                    f"{self.path}: not a game store homestretch can open (file is not a "
                    "database: it holds something else, left as it is)"
                )
        try:
            if file is not None:
                _create_private(file)
            self._engine = create_engine(
                self.url,
                pool_pre_ping=postgres,
                # PostgreSQL: connections kept for a server's worker threads at once
                # (anyio's 40); past SQLAlchemy's 5 each burst of moves opened new ones,
                # a new PostgreSQL process each, closed again as soon as they were free
                **({"pool_size": POOL_SIZE, "max_overflow": 0} if postgres else {}),
                connect_args={} if postgres else {"timeout": LOCK_WAIT},
            )
            if isinstance(self._engine.pool.logger, logging.Logger):  # not echoing
                self._engine.pool.logger.addFilter(_not_an_interrupt)
            if file is not None:
                event.listen(self._engine, "connect", _sqlite_write_ahead)
            with self._engine.begin() as connection:
                found = _check_ours(connection, sqlite=not postgres)
                missing = _schema_missing(connection)
            if missing or found != STORE_FORMAT:
                self._bring_up_to_date(postgres, missing)
        except HomestretchError as exc:
            raise HomestretchError(f"{self.path}: {exc}") from None
        except OSError as exc:
            if file is not None and _folder_closed(file) and not file.exists():
                raise HomestretchError(
                    f"{self.path}: cannot make a game store there: this user may not create "
                    f"files in the folder {file.parent} ({exc.strerror or exc})"
                ) from None
            raise HomestretchError(f"{self.path}: cannot open the game store ({exc})") from None
        except ImportError as exc:
            raise HomestretchError(f"{self.path}: no database driver ({exc})") from None
        except SQLAlchemyError as exc:
            reason = _reason(exc)
            cannot = f"not a game store homestretch can open ({reason})"
            if isinstance(exc, OperationalError) and postgres:
                cannot = f"cannot connect to the game store ({reason})"
            elif (
                isinstance(exc, DatabaseError)
                and (_read_only(exc) or "unable to open" in reason)
                and file is not None
                and _folder_closed(file)
            ):
                cannot = _folder_refused(file, reason)
            elif isinstance(exc, DatabaseError) and _no_room(exc):
                cannot = f"the game store cannot be opened: {_no_room(exc)}; make room first"
            elif isinstance(exc, DatabaseError) and ("locked" in reason or _read_only(exc)):
                cannot = _failed(exc)
            raise HomestretchError(f"{self.path}: {cannot}") from None

    def _bring_up_to_date(self, postgres: bool, missing: bool) -> None:
        """Make what is missing and mark the format. A store opened only to be read
        (a read-only file, a role that may not create tables) that lacks only its mark
        is read as it is: format 1 is what an unmarked store holds."""
        try:
            with self._engine.begin() as connection:
                self._create_schema(connection, postgres)
                _check_ours(connection, sqlite=not postgres)  # another process's, meanwhile
                _mark_format(connection)
        except DatabaseError as exc:
            if missing or not _read_only(exc):
                raise

    @staticmethod
    def _create_schema(connection: Connection, postgres: bool) -> None:
        """The store's tables and keys. Processes opening a new store at once make them
        one after the other: each takes a lock held until its transaction ends, and
        the next then finds them made (``create_all`` makes only what is missing; an
        index is added to a table made before it)."""
        if postgres:
            connection.execute(select(func.pg_advisory_xact_lock(CREATING_TABLES)))
        else:  # SQLite's write lock, waited for as any writer waits
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        Base.metadata.create_all(connection)
        for index in Base.metadata.tables["events"].indexes:
            index.create(connection, checkfirst=True)

    def is_default(self) -> bool:
        """Whether this is the default store (``default_db``: the one ``HOMESTRETCH_DB``
        names, else the data folder's), as it was named: a command that goes on with a
        game names ``--db`` unless it is (this hint and ``cli.table_loop``'s). Files are
        compared by their resolved paths (``--db ./g.sqlite`` with
        ``HOMESTRETCH_DB=g.sqlite`` is that store), databases by their URLs."""
        default = store_url(default_db())
        mine, theirs = _sqlite_file(self._named), _sqlite_file(default)
        if mine is not None and theirs is not None:
            return _resolved(mine) == _resolved(theirs)
        return self._named == default

    def _resume(self, game_id: int) -> str:
        """The command that goes on with a game kept here (as ``cli.table_loop``'s hint
        says it): ``--db`` named unless this is the default store, a URL's password as
        PASSWORD."""
        command = f"homestretch resume {game_id}"
        if self.is_default():
            return command
        where = self.path
        if isinstance(where, str) and self._named.password is not None:
            where = self._named.set(password="PASSWORD").render_as_string(hide_password=False)
        return f"{command} --db {where}"

    @contextmanager
    def _writing(self, game_id: int | None = None) -> Iterator[Session]:
        """A write transaction. On SQLite this process's writers take turns on a lock
        of its own: SQLite makes a writer that finds the file locked sleep and retry
        with growing pauses (up to 100 ms each), which costs far more than waiting in
        line when a server's threads write at once."""
        with self._write_turn, self._session(game_id) as session, session.begin():
            yield session

    @contextmanager
    def _connection(self, game_id: int | None = None) -> Iterator[Connection]:
        """A bare connection (no ORM): appending events is the hot path of a server.
        ``game_id``: the game a write is of, named where it finds no room."""
        try:
            with self._engine.connect() as connection:
                yield connection
        except IntegrityError:  # a position taken: the caller's to word
            raise
        except DatabaseError as exc:  # lost, read-only, or damaged past its start
            game = None if game_id is None else (game_id, self._resume(game_id))
            raise HomestretchError(f"{self.path}: {_failed(exc, game)}") from None

    @contextmanager
    def _session(self, game_id: int | None = None) -> Iterator[Session]:
        """A session whose lost connection (a server gone away) is one line (``game_id``:
        as ``_connection``'s)."""
        try:
            with Session(self._engine) as session:
                yield session
        except IntegrityError:  # a position taken: the caller's to word
            raise
        except DatabaseError as exc:  # lost, read-only, or damaged past its start
            game = None if game_id is None else (game_id, self._resume(game_id))
            raise HomestretchError(f"{self.path}: {_failed(exc, game)}") from None

    def check_writable(self) -> None:
        """Refuse at once a store a game cannot go on in, before a person types a move
        that could not be kept: a read-only SQLite file; on PostgreSQL a user without
        the right to write a game's rows, or whose transactions are read-only (a
        standby server, ``default_transaction_read_only``). Nothing is written."""
        with self._write_turn, self._connection() as connection, connection.begin():
            # writes of no rows, rolled back: SQLite takes its write lock for them, and
            # refuses a read-only file then; the file is left byte for byte as it was (a
            # pragma written back as it was counted as a change in the file's header)
            for statement in WRITES_OF_NO_ROWS:
                connection.exec_driver_sql(statement)
            if self.url.get_backend_name() != "sqlite":
                numbering = connection.exec_driver_sql(NUMBERS_EVENTS).scalar()
                if numbering is False:
                    raise HomestretchError(
                        f"{self.path}: the game store is read-only: nothing can be saved to "
                        "it (permission denied for the sequence that numbers events)"
                    )
            connection.rollback()

    def close(self) -> None:
        """Let go of the store's connections."""
        self._engine.dispose()

    def create(
        self,
        game: str,
        config: JSON,
        seed: int | None,
        dice: str,
        label: str = "",
        settings: JSON | None = None,
    ) -> int:
        """A new game, and its table ``settings`` with it in the one transaction: a
        process killed in between would leave a table whose seats are not known."""
        with self._writing() as session:
            row = GameRow(
                game=game,
                config=json.dumps(config, sort_keys=True),
                seed=seed,
                dice=dice,
                label=label[:200],  # the column's width
                created=datetime.now(UTC).isoformat(timespec="seconds"),
            )
            session.add(row)
            session.flush()
            if settings is not None:
                text = json.dumps(settings, sort_keys=True)
                session.add(SettingsRow(game_id=row.id, settings=text))
            return row.id

    def append_at(self, game_id: int, position: int, events: Iterable[Event]) -> None:
        """Store ``events`` from ``position`` on, in one transaction. The unique key
        refuses a position already taken; the log stays whole because the event before
        ``position`` is there: looked up, unless this store wrote it (a log only grows,
        so a length this store saw is still reached)."""
        at = round(time.time(), 3)
        rows = [
            {
                "game_id": game_id,
                "seq": position + offset,
                "payload": json.dumps({**e.to_json(), "at": at}),
            }
            for offset, e in enumerate(events)
        ]
        if not rows:
            return
        try:
            with self._write_turn, self._connection(game_id) as connection, connection.begin():
                if position > 0 and self._lengths.get(game_id) != position:
                    before = connection.scalar(
                        select(EventRow.seq).where(
                            EventRow.game_id == game_id, EventRow.seq == position - 1
                        )
                    )
                    if before is None:
                        raise TableMovedOn(
                            f"Game {game_id} has fewer than {position} moves saved, so this "
                            "move was not made: look again."
                        )
                connection.execute(insert(EventRow), rows)
        except IntegrityError:
            self._lengths.pop(game_id, None)
            raise TableMovedOn(
                f"Game {game_id} moved on: someone else playing it saved a move first (at "
                f"move {position}), so yours was not made: look again."
            ) from None
        self._lengths[game_id] = position + len(rows)

    def events_since(self, game_id: int, position: int) -> list[Event]:
        """The events of a game's log from ``position`` on: moves stored elsewhere (another
        terminal, another server process) that a table catches up with."""
        with self._session() as session:
            rows = session.scalars(
                select(EventRow)
                .where(EventRow.game_id == game_id, EventRow.seq >= position)
                .order_by(EventRow.seq)
            )
            return [Event.from_json(json.loads(row.payload)) for row in rows]

    def versions(self, game_ids: Iterable[int]) -> dict[int, int]:
        """How many events each game's log holds now (its version as stored), for the
        games of ``game_ids`` that are in the store: one query a few hundred games (a
        server watching its open tables for moves made elsewhere, every second). Each
        game's count is its last position, read from the end of the log's unique key,
        so it costs the same at move 5 as at move 5,000."""
        ids = sorted(set(game_ids))
        last = (
            select(func.max(EventRow.seq)).where(EventRow.game_id == GameRow.id).scalar_subquery()
        )
        found: dict[int, int] = {}
        with self._connection() as connection:
            for start in range(0, len(ids), VERSIONS_AT_ONCE):
                chunk = ids[start : start + VERSIONS_AT_ONCE]
                rows = connection.execute(select(GameRow.id, last).where(GameRow.id.in_(chunk)))
                found.update({game: -1 if seq is None else seq for game, seq in rows})
        return {game: seq + 1 for game, seq in found.items()}

    def change_settings(
        self,
        game_id: int,
        change: Callable[[JSON], JSON],
        config: Callable[[JSON], JSON | None] | None = None,
    ) -> JSON:
        """A table's settings changed from what the store holds now, read and written
        in one transaction no other writer of them comes between (the rows locked on
        PostgreSQL; on SQLite its write lock taken before they are read): ``change`` is
        given the settings stored and gives them as they are to be (or raises: nothing
        is written); ``config``, likewise, the game's configuration (None from it: left
        as it is). Two server processes saving different seats of one table at once each
        keep the other's: neither writes back the copy it read before. The settings
        written."""
        with self._writing(game_id) as session:
            if self.url.get_backend_name() != "postgresql":
                session.connection().exec_driver_sql("BEGIN IMMEDIATE")
            row = session.get(SettingsRow, game_id, with_for_update=True)
            if row is None:
                raise HomestretchError(f"game {game_id} in {self.path} has no table settings")
            settings = change(self._settings_read(row))
            if config is not None:
                game = session.get(GameRow, game_id, with_for_update=True)
                if game is None:
                    raise HomestretchError(f"no saved game with id {game_id}")
                changed = config(json.loads(game.config))
                if changed is not None:
                    game.config = json.dumps(changed, sort_keys=True)
            row.settings = json.dumps(settings, sort_keys=True)
            return settings

    def settings(self, game_id: int) -> JSON | None:
        """The table settings saved for a game (None for a game saved before tables)."""
        with self._session() as session:
            row = session.get(SettingsRow, game_id)
            return None if row is None else self._settings_read(row)

    def _settings_read(self, row: SettingsRow) -> JSON:
        """A table's stored settings, or one line saying they are damaged."""
        try:
            data = json.loads(row.settings)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise HomestretchError(
                f"game {row.game_id} in {self.path}: its table settings are damaged"
            )
        return data

    def append(self, game_id: int, events: Iterable[Event]) -> None:
        """Store ``events`` after whatever the log holds, for a writer sure to be the
        log's only one: tests build saved logs with it. A table appends at the position
        it expects (``append_at``), so a second writer is refused, not interleaved."""
        with self._session() as session:
            count = session.scalar(
                select(func.count()).select_from(EventRow).where(EventRow.game_id == game_id)
            )
        self.append_at(game_id, int(count or 0), events)

    def finish(self, game_id: int, summary: str) -> None:
        """A game over, with the line ``history`` shows for it."""
        with self._writing(game_id) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise HomestretchError(f"no saved game with id {game_id}")
            row.status = "finished"
            row.summary = summary

    def saved_games(self, game: str | None = None, limit: int = 50) -> list[SavedGame]:
        with self._session() as session:
            query = select(GameRow).order_by(GameRow.id.desc()).limit(limit)
            if game:
                query = query.where(GameRow.game == game)
            return [self._listed(row) for row in session.scalars(query)]

    def load(self, game_id: int) -> SavedGame:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise HomestretchError(f"no saved game with id {game_id} in {self.path}")
            rows = list(
                session.scalars(
                    select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
                )
            )
            damaged = f"game {game_id} in {self.path} is damaged and cannot be read"
            payloads: list[Any] = []
            events: list[Event] = []
            for number, event in enumerate(rows):
                if event.seq != number:  # a move taken out: the rest would replay shifted
                    raise HomestretchError(f"{damaged}: move {number + 1} is missing from its log")
                try:
                    payloads.append(json.loads(event.payload))
                    events.append(Event.from_json(payloads[-1]))
                except (ValueError, TypeError, KeyError, AttributeError) as exc:
                    raise HomestretchError(
                        f"{damaged}: move {number + 1} of its log is not an event "
                        f"({exc.__class__.__name__})"
                    ) from None
            try:
                saved = self._saved(row, events)
            except (ValueError, TypeError) as exc:
                raise HomestretchError(
                    f"{damaged}: its configuration cannot be read ({exc})"
                ) from None
            at = payloads[-1].get("at") if payloads else None
            return replace(saved, moved_at=at if isinstance(at, int | float) else None)

    def _listed(self, row: GameRow) -> SavedGame:
        """A row for ``history``: one whose configuration is damaged is listed as such,
        and the others still are."""
        try:
            return self._saved(row, [])
        except (ValueError, TypeError):
            return SavedGame(
                row.id,
                row.game,
                {},
                row.seed,
                row.dice,
                row.label,
                "damaged",
                "its configuration cannot be read; it cannot be replayed or resumed",
                row.created,
                [],
            )

    @staticmethod
    def _saved(row: GameRow, events: list[Event]) -> SavedGame:
        config: Any = json.loads(row.config)
        if not isinstance(config, dict):
            raise ValueError("the configuration is not a table")
        return SavedGame(
            id=row.id,
            game=row.game,
            config=config,
            seed=row.seed,
            dice=row.dice,
            label=row.label,
            status=row.status,
            summary=row.summary,
            created=row.created,
            events=events,
        )
