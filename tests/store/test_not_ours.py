"""A store that is not ours, or not ours to read, is one line naming it and what is wrong
(exit status 2), and is left as it was: a text file, another program's SQLite database,
a copy of ours cut short, a folder, a read-only file, and a store written by a newer
homestretch (its format mark above ours). A store made before stores were marked is
marked when first opened, and read as it is where it cannot be written."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from tests.conftest import refused, run_cache

from homestretch.core.errors import HomestretchError
from homestretch.store.db import STORE_FORMAT, Store, store_url


def a_played_game(target: str | Path) -> int:
    """A finished Across the Board game of computer players, saved in ``target``."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["across", "play", "--bots", "3", "--seed", "3", "--db", str(target)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return only_game(target)


def only_game(target: str | Path) -> int:
    store = Store(target)
    (saved,) = store.saved_games()
    store.close()
    return saved.id


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store file of ``a_played_game``, played once a module for the tests to copy
    (the command that saved it ended: nothing is left beside the file, no -wal)."""
    path = tmp_path_factory.mktemp("played") / "games.sqlite"
    a_played_game(path)
    assert list(path.parent.iterdir()) == [path]
    return path


def copy_of(played: Path, path: Path) -> int:
    """The played game's store copied to ``path``: the game's id."""
    shutil.copy(played, path)
    return only_game(path)


def tables_of(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return sorted(r[0] for r in db.execute("select name from sqlite_master where type='table'"))


def test_a_text_file_is_not_a_store(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: oats, hay\n")
    line = refused(tmp_path, "history", "--db", str(notes))
    assert str(notes) in line and "not a game store" in line
    assert notes.read_text() == "shopping: oats, hay\n"


@pytest.mark.parametrize("held", [b"x", b"oats\n", b"SQLite format"])
def test_a_file_shorter_than_a_stores_header_is_not_made_one(tmp_path: Path, held: bytes) -> None:
    """SQLite reads a file shorter than its header as an empty database: `history --db`
    naming a one-byte note by mistake wrote a store over it."""
    note = tmp_path / "note"
    note.write_bytes(held)
    line = refused(tmp_path, "history", "--db", str(note))
    assert str(note) in line and "not a game store" in line
    assert note.read_bytes() == held


@pytest.mark.parametrize(
    "command",
    [["history"], ["history", "-f", "json"], ["replay", "1"], ["verify", "1"], ["resume", "1"]],
)
@pytest.mark.parametrize("named", ["path", "url"])
def test_a_command_of_saved_games_leaves_an_empty_file_empty(
    tmp_path: Path, command: list[str], named: str
) -> None:
    """SQLite takes an empty file for an empty database: `history --db` naming one made
    a store of it (tables and all), where a command that only reads writes nothing;
    `resume`, which writes, made it a store too, then said there was no such game: an
    empty file holds no game to go on with, so it is refused as the readers refuse it."""
    empty = tmp_path / "empty"
    empty.touch()
    db = str(empty) if named == "path" else f"sqlite:///{empty}"
    line = refused(tmp_path, *command, "--db", db)
    assert line == (
        f"error: {db}: an empty file, not a game store: no game is saved in it (it is left "
        "as it is)"
    )
    assert empty.read_bytes() == b"" and sorted(tmp_path.iterdir()) == [empty]


def test_another_programs_sqlite_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    other = tmp_path / "recipes.db"
    with sqlite3.connect(other) as db:
        db.execute("create table recipes (name text, steps text)")
    line = refused(tmp_path, "history", "--db", str(other))
    assert str(other) in line and "another program's database" in line and "recipes" in line
    assert tables_of(other) == ["recipes"]  # none of ours made in it


def test_a_table_named_like_ours_with_other_columns_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "league.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("create table games (home text, away text)")
    line = refused(tmp_path, "history", "--db", str(other))
    assert str(other) in line and "its table games is another program's" in line
    assert tables_of(other) == ["games"]


@pytest.mark.parametrize("share", [0.02, 0.3, 0.7, 0.95])
def test_a_copy_cut_short_is_one_line(tmp_path: Path, played: Path, share: float) -> None:
    whole = tmp_path / "games.sqlite"
    game_id = copy_of(played, whole)
    with sqlite3.connect(whole) as db:  # the write-ahead log into the file, as a copy has it
        db.execute("pragma wal_checkpoint(truncate)")
    cut = tmp_path / "cut.sqlite"
    data = whole.read_bytes()
    cut.write_bytes(data[: int(len(data) * share)])
    line = refused(tmp_path, "replay", str(game_id), "--db", str(cut))
    assert str(cut) in line and ("damaged" in line or "not a game store" in line), line


def test_a_folder_is_not_a_store(tmp_path: Path) -> None:
    line = refused(tmp_path, "history", "--db", str(tmp_path))
    assert str(tmp_path) in line and "a folder, not a game store file" in line


@pytest.mark.parametrize("command", [["history"], ["across", "play", "--bots", "3"]])
def test_a_folder_named_by_homestretch_db_is_said_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """The user who set HOMESTRETCH_DB to a folder never typed --db: the variable is
    named, as the --db one is named when --db was given."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afolder").mkdir()
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *command],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": "afolder", "PATH": "/usr/bin:/bin", **run_cache()},
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "error: afolder: a folder, not a game store file (to keep games in it, name a file "
        "there: HOMESTRETCH_DB=afolder/games.sqlite)\n"
    )
    assert list((tmp_path / "afolder").iterdir()) == []
    given = refused(tmp_path, "history", "--db", "afolder")  # --db itself: still --db
    assert given.endswith("name a file there: --db afolder/games.sqlite)"), given


def read_only(path: Path) -> str:
    """The store opened read-only (a file mode would not stop root, who runs CI)."""
    return f"sqlite:///file:{path}?mode=ro&uri=true"


def test_a_read_only_store_is_read_and_a_game_in_it_is_refused_in_one_line(
    tmp_path: Path, played: Path
) -> None:
    path = tmp_path / "games.sqlite"
    game_id = copy_of(played, path)
    store = Store(read_only(path))
    assert [g.id for g in store.saved_games()] == [game_id]
    with pytest.raises(HomestretchError, match="read-only: nothing can be saved"):
        store.create("across", {}, 1, "seeded")
    line = refused(tmp_path, "across", "play", "--bots", "3", "--db", read_only(path))
    assert "read-only" in line


def unmark(path: Path) -> None:
    """Make a store as stores were before they were marked."""
    with sqlite3.connect(path) as db:
        db.execute("drop table homestretch_store")


def test_a_store_made_before_marks_is_marked_when_opened_and_read_as_it_is_read_only(
    tmp_path: Path, played: Path
) -> None:
    path = tmp_path / "games.sqlite"
    game_id = copy_of(played, path)
    unmark(path)
    assert len(Store(read_only(path)).load(game_id).events) > 0
    assert "homestretch_store" not in tables_of(path)  # read-only: left unmarked
    assert len(Store(path).load(game_id).events) > 0
    with sqlite3.connect(path) as db:
        assert dict(db.execute("select key, value from homestretch_store"))["format"] == str(
            STORE_FORMAT
        )


def set_format(target: str | Path, value: str) -> None:
    engine = create_engine(store_url(target))
    with engine.begin() as db:
        db.execute(
            text("update homestretch_store set value = :v where key = 'format'"), {"v": value}
        )
    engine.dispose()


def test_a_store_from_a_newer_homestretch_is_refused_never_misread(store_target: str) -> None:
    game_id = a_played_game(store_target)
    set_format(store_target, str(STORE_FORMAT + 1))
    with pytest.raises(HomestretchError) as newer:
        Store(store_target)
    said = str(newer.value)
    assert "written by a newer homestretch" in said and f"store format {STORE_FORMAT + 1}" in said
    set_format(store_target, str(STORE_FORMAT))  # left as it was: ours again, whole
    assert len(Store(store_target).load(game_id).events) > 0


def test_a_store_from_a_newer_homestretch_is_one_line_at_the_command(
    tmp_path: Path, played: Path
) -> None:
    path = tmp_path / "games.sqlite"
    game_id = copy_of(played, path)
    set_format(path, "7")
    for command in (["history"], ["replay", str(game_id)], ["resume", str(game_id)]):
        line = refused(tmp_path, *command, "--db", str(path))
        assert str(path) in line and "newer homestretch (store format 7" in line


def test_a_game_of_a_newer_homestretch_is_named_with_what_to_do(tmp_path: Path) -> None:
    """A game this homestretch does not have (one a newer homestretch added) is listed,
    and replay and resume say whose it is and what to do; "unknown game 'steeplechase'"
    named neither the saved game nor why. The store is left as it was."""
    path = tmp_path / "games.sqlite"
    store = Store(path)
    newer = store.create("steeplechase", {"fences": 12}, 1, "seeded", "Ann, Bob")
    store.close()
    before = path.read_bytes()
    listed = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["history", "--db", str(path)],
        capture_output=True,
        text=True,
    )
    assert listed.returncode == 0 and "steeplechase" in listed.stdout, listed.stderr
    for command in ("replay", "resume"):
        line = refused(tmp_path, command, str(newer), "--db", str(path))
        assert line.startswith(
            f"error: game {newer} is a game of 'steeplechase', which homestretch "
        ), line
        assert line.endswith(
            "does not have (saved by a newer homestretch?): replay or resume it with the "
            "homestretch that saved it; the store is left as it was"
        ), line
    assert path.read_bytes() == before


def test_a_damaged_format_mark_is_refused(tmp_path: Path, played: Path) -> None:
    path = tmp_path / "games.sqlite"
    copy_of(played, path)
    set_format(path, "seven")
    line = refused(tmp_path, "history", "--db", str(path))
    assert "format mark is damaged" in line


def test_an_unmarked_store_is_marked_on_postgres_too(store_target: str) -> None:
    game_id = a_played_game(store_target)
    engine = create_engine(store_url(store_target))
    with engine.begin() as db:
        db.execute(text("drop table homestretch_store"))
    engine.dispose()
    assert len(Store(store_target).load(game_id).events) > 0
    engine = create_engine(store_url(store_target))
    with engine.connect() as db:
        marks = dict(db.execute(text("select key, value from homestretch_store")).all())
    engine.dispose()
    assert marks["format"] == str(STORE_FORMAT) and marks["written_by"].startswith("homestretch")


def test_resuming_in_a_read_only_store_is_refused_before_any_question(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["across", "play", "--players", "Ann", "--bots", "2", "--dice", "3 4"]
        + ["--db", str(path)],
        capture_output=True,
        text=True,
        input="1\n" * 40,
    )
    assert done.returncode == 2 and "ran out" in done.stderr, done.stderr
    before = Store(path).load(1).events
    resumed = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["resume", "1", "--db", read_only(path)],
        capture_output=True,
        text=True,
        input="1\n" * 40,
    )
    assert resumed.returncode == 2 and resumed.stdout == "", resumed.stdout
    assert "read-only: nothing can be saved" in resumed.stderr
    assert resumed.stderr.count("\n") == 1 and "Traceback" not in resumed.stderr
    assert Store(path).load(1).events == before
