"""A saved game never goes on, unawares, reading a file of the person's own that changed
since it was saved (Derby Cast's results file, the race file of one's own its simulated
races are run from): each is recorded by path and digest, part by part (race by race),
and `resume` refuses in one line naming the file and what changed, exit 2, leaving the
store as it was; a change in nothing the game has still to read (a race its log holds,
the file's layout) is said in a line and the game goes on. `replay` reads none of them
(the log holds every race posted) and says so. A game saved before the record resumes
as before.

And a Derby Cast game saved before games recorded which bundled files they read, whose
log has a race run at the keeper's desk (run again on Top of the Stretch's bundled files
at every replay): it is replayed and resumed on this homestretch's files, said once."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from tests.session.test_saved_content import store_from_main  # noqa: F401 (a fixture)

from homestretch.core.errors import HomestretchError
from homestretch.core.registry import entry
from homestretch.games.derbycast.rules.actions import Simulate
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import (
    CONTENT_KEY,
    FILES_KEY,
    READS_KEY,
    bundled_marks,
    check_files,
    open_new,
    rebuild,
)
from homestretch.session.seats import computer, person
from homestretch.store.db import Store

RACES = """race,program,horse,odds,finish
R1,1,Silver Lining,5-2,1
R1,2,Copper Kettle,7-2,3
R1,3,Midnight Rambler,9-5,2
R2,1,Harbor Tempest,3-1,2
R2,2,Gallant Drifter,11-2,1
R2,3,Desert Waltz,20-1,3
R3,1,Rusty Lantern,8-1,1
R3,2,Oak Hollow,2-1,2
R3,3,Blue Note,4-1,3
"""
STRETCH_RACE = Path(__file__).parents[2] / (
    "src/homestretch/games/stretch/content/races/maiden-special-weight.toml"
)


def homestretch(*args: str, typed: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        input=typed,
    )


def refused_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    return " ".join(done.stderr.split())


def notes(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [" ".join(line.split()) for line in done.stderr.splitlines() if "note:" in line]


def store_bytes(db: Path) -> bytes:
    return db.read_bytes()


def stopped_game(db: Path, *source: str, typed: str = "") -> None:
    """A Derby Cast game of Ann and a computer player, its races from ``source``,
    stopped (saved as game 1) at the first pick of Ann's that nobody typed."""
    played = homestretch(
        *("derbycast", "play", "--players", "Ann", "--bots", "1", "--db", str(db), *source),
        typed=typed,
    )
    assert played.returncode == 130 and "Game 1 is saved" in played.stderr, played.stderr


@pytest.fixture(scope="module")
def saved_on_results(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A Derby Cast game over a results file of three races, stopped at Ann's pick in
    race 2 (race 1 is official, in the log): its store and the file, played once a
    module (two runs of homestretch) for the tests to copy."""
    folder = tmp_path_factory.mktemp("results-game")
    results, db = folder / "day.csv", folder / "saved.sqlite"
    results.write_text(RACES)
    stopped_game(db, "--source", str(results), "--seed", "3", typed="win 1\n")
    shown = homestretch("replay", "1", "--db", str(db))
    assert shown.returncode == 0 and "in progress after 1 race" in shown.stdout, shown.stderr
    return db, results


@pytest.fixture
def results_game(saved_on_results: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """That game, a store of this test's own (a copy); the results file is the one the
    store records by path, written afresh as it was (an earlier test may have changed it
    or taken it away)."""
    saved, results = saved_on_results
    db = tmp_path / "games.sqlite"
    shutil.copy(saved, db)
    results.write_text(RACES)
    return db, results


def went_on(db: Path, resumed: subprocess.CompletedProcess[str], noted: int = 0) -> None:
    """The game went on from the file to its end and past it, where the score keeper is
    asked to type race 4 and, nobody typing, it stops saved."""
    assert resumed.returncode == 130 and len(notes(resumed)) == noted, resumed.stderr
    assert "There is no race 4 from the race source" in resumed.stdout, resumed.stdout
    shown = homestretch("replay", "1", "--db", str(db))
    assert "in progress after 3 races" in shown.stdout, shown.stdout


def edit(results: Path, old: str, new: str) -> None:
    text = results.read_text()
    assert old in text
    results.write_text(text.replace(old, new))


def test_a_results_file_is_recorded_race_by_race(results_game: tuple[Path, Path]) -> None:
    db, results = results_game
    settings = Store(db).settings(1)
    assert settings is not None
    (record,) = settings[FILES_KEY]
    assert record["path"] == str(results.resolve()) and record["what"] == "results file"
    assert [name for name, _ in record["parts"]] == ["race 1", "race 2", "race 3"]


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("R3,1,Rusty Lantern,8-1,1", "R3,1,Rusty Lantern,9-1,1", "race 3"),
        ("R2,2,Gallant Drifter,11-2,1", "R2,2,Gallant Drifter,6-1,1", "race 2"),  # under way
        (
            "R3,3,Blue Note,4-1,3\n",
            "R3,3,Blue Note,4-1,3\nR4,1,Extra,2-1,1\nR4,2,Other,3-1,2\n",
            "race 4",
        ),
    ],
)
def test_a_race_still_to_come_changed_refuses_the_game_and_leaves_it_as_it_was(
    results_game: tuple[Path, Path], old: str, new: str, named: str
) -> None:
    db, results = results_game
    before = store_bytes(db)
    edit(results, old, new)
    line = refused_line(homestretch("resume", "1", "--db", str(db)))
    assert line == (
        f"error: game 1 goes on reading the results file {results.resolve()}, which changed "
        f"since it was saved in what the game has still to read ({named}), so it cannot be "
        "resumed as the game it is: put the file back as it was, or start a new game on it"
    )
    assert store_bytes(db) == before
    replayed = homestretch("replay", "1", "--db", str(db))  # the log holds race 1
    assert replayed.returncode == 0, replayed.stderr
    assert notes(replayed) == [
        f"note: the results file {results.resolve()} changed since game 1 was saved; the "
        "game reads nothing more of it (its log holds every race it read), so it stands "
        "as played"
    ]
    results.write_text(RACES)  # put back: it goes on
    went_on(db, homestretch("resume", "1", "--db", str(db), typed="win 1\n" * 4))


def test_a_race_the_log_holds_changed_is_said_and_the_game_goes_on(
    results_game: tuple[Path, Path],
) -> None:
    db, results = results_game
    edit(results, "R1,2,Copper Kettle,7-2,3", "R1,2,Copper Kettle,4-1,3")
    resumed = homestretch("resume", "1", "--db", str(db), typed="win 1\n" * 4)
    went_on(db, resumed, noted=1)
    assert notes(resumed) == [
        f"note: the results file {results.resolve()} changed since game 1 was saved in race "
        "1, which the game's log holds (it reads none of it again): it goes on as it was"
    ]


def test_a_file_laid_out_anew_with_the_same_races_is_said_and_goes_on(
    results_game: tuple[Path, Path],
) -> None:
    db, results = results_game
    rows = [line.split(",") for line in RACES.splitlines()]
    results.write_text("\n".join(",".join([r[2], r[0], r[1], r[3], r[4]]) for r in rows) + "\n")
    store = Store(db)
    table = rebuild(store, store.load(1))
    assert table.notes == [
        f"note: the results file {results.resolve()} changed since game 1 was saved, in "
        "nothing the game reads of it: it goes on as it was"
    ]


def test_a_results_file_gone_is_refused(results_game: tuple[Path, Path]) -> None:
    db, results = results_game
    before = store_bytes(db)
    results.unlink()
    store = Store(db)
    with pytest.raises(HomestretchError, match="which has gone since it was saved: put it back"):
        rebuild(store, store.load(1))
    store.close()
    line = refused_line(homestretch("resume", "1", "--db", str(db)))
    # it said "file not found" and the file, the results file read before the game was
    # rebuilt and checked: not which game, nor what to do
    assert line == (
        f"error: game 1 goes on reading the results file {results.resolve()}, which has "
        "gone since it was saved: put it back as it was to resume the game"
    )
    assert store_bytes(db) == before
    assert homestretch("replay", "1", "--db", str(db)).returncode == 0
    results.write_text(RACES)  # put back: it goes on
    went_on(db, homestretch("resume", "1", "--db", str(db), typed="win 1\n" * 4))


def test_the_last_race_read_again_at_resume_is_checked(
    results_game: tuple[Path, Path],
) -> None:
    """Stopped where the score keeper is asked to type race 4 (past the file's end), the
    game reads race 3 again when it resumes: whether a person typed it, so may correct
    it. A change to race 3 was let by as "a race the log holds"; it is refused now, as a
    race still to come is."""
    db, results = results_game
    went_on(db, homestretch("resume", "1", "--db", str(db), typed="win 1\n" * 4))
    before = store_bytes(db)
    edit(results, "R3,1,Rusty Lantern,8-1,1", "R3,1,Rusty Lantern,9-1,1")
    line = refused_line(homestretch("resume", "1", "--db", str(db)))
    assert line == (
        f"error: game 1 goes on reading the results file {results.resolve()}, which changed "
        "since it was saved in what the game has still to read (race 3), so it cannot be "
        "resumed as the game it is: put the file back as it was, or start a new game on it"
    )
    assert store_bytes(db) == before
    results.write_text(RACES.replace("Copper Kettle,7-2", "Copper Kettle,4-1"))
    resumed = homestretch("resume", "1", "--db", str(db))  # race 1 is not read again
    assert resumed.returncode == 130 and len(notes(resumed)) == 1, resumed.stderr
    assert "There is no race 4 from the race source" in resumed.stdout, resumed.stdout


def test_a_game_saved_before_files_were_recorded_resumes_unchecked(
    results_game: tuple[Path, Path],
) -> None:
    db, results = results_game
    with sqlite3.connect(db) as connection:
        (text,) = connection.execute("select settings from table_settings").fetchone()
        settings = json.loads(text)
        del settings[FILES_KEY]
        connection.execute("update table_settings set settings = ?", (json.dumps(settings),))
    edit(results, "R3,1,Rusty Lantern,8-1,1", "R3,1,Rusty Lantern,9-1,1")
    store = Store(db)
    assert check_files(store, store.load(1), rebuild(store, store.load(1)).state) == []
    store.close()
    went_on(db, homestretch("resume", "1", "--db", str(db), typed="win 1\n" * 4))


@pytest.fixture(scope="module")
def saved_on_race_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A Derby Cast game whose races are run from a race file of the person's own,
    stopped at Ann's first pick: played once a module, as ``saved_on_results``."""
    folder = tmp_path_factory.mktemp("simulated-game")
    race, db = folder / "my-race.toml", folder / "saved.sqlite"
    shutil.copy(STRETCH_RACE, race)
    stopped_game(db, "--source", "simulate", "--race", str(race), "--races", "2", "--seed", "4")
    return db, race


@pytest.fixture
def simulated_game(saved_on_race_file: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """That game, a store of this test's own; the race file it records, afresh."""
    saved, race = saved_on_race_file
    db = tmp_path / "games.sqlite"
    shutil.copy(saved, db)
    shutil.copy(STRETCH_RACE, race)
    return db, race


def test_the_race_file_a_feed_runs_changed_refuses_the_game(
    simulated_game: tuple[Path, Path],
) -> None:
    db, race = simulated_game
    settings = Store(db).settings(1)
    assert settings is not None
    assert [r["path"] for r in settings[FILES_KEY]] == [str(race.resolve())]
    before = store_bytes(db)
    race.write_text(race.read_text().replace("furlongs = 5.5", "furlongs = 6"))
    line = refused_line(homestretch("resume", "1", "--db", str(db)))
    assert f"the race file {race.resolve()}, which changed" in line
    assert "(the race it runs)" in line
    assert store_bytes(db) == before


def test_a_comment_added_to_the_race_file_changes_no_race(
    simulated_game: tuple[Path, Path],
) -> None:
    db, race = simulated_game
    race.write_text("# my copy\n" + race.read_text())
    resumed = homestretch("resume", "1", "--db", str(db), typed="win 1\n" * 4)
    assert resumed.returncode == 0, resumed.stderr
    assert notes(resumed) == [
        f"note: the race file {race.resolve()} changed since game 1 was saved, in nothing "
        "the game reads of it: it goes on as it was"
    ]


def desk_race_game(db: Path, before_records: bool) -> int:
    """A Derby Cast game whose keeper (a person) had Top of the Stretch run a race at the
    desk; ``before_records``: its settings as a homestretch before 2c7ae31's successor
    saved them, marked with Derby Cast's own bundled files alone, no record of reads."""
    derbycast = entry("derbycast")
    entrants = [{"name": n, "players": [n]} for n in ("Ann", "Bob")]
    config = {"entrants": entrants, "races": 2, "source": "keeper", "feed": {"kind": "manual"}}
    game = derbycast.make(config)
    store = Store(db)
    seats = [computer("Ann", "random"), computer("Bob", "random"), person("score keeper")]
    table, game_id = open_new(store, derbycast, game, seats, DiceSpec("seeded", 8))
    table.advance()
    table.submit(2, Simulate("dream-derby", "quick"), table.version)
    table.advance()
    assert any(e.action and e.action.get("kind") == "simulate" for e in table.state.events)
    if before_records:
        settings = store.settings(game_id)
        assert settings is not None
        del settings[READS_KEY]
        settings[CONTENT_KEY] = bundled_marks("derbycast", ["odds-table", "replays"])
        with sqlite3.connect(db) as connection:
            connection.execute(
                "update table_settings set settings = ? where game_id = ?",
                (json.dumps(settings), game_id),
            )
    store.close()
    return game_id


DESK_NOTE = (
    "note: game {id} was saved by an older homestretch, so its Top of the Stretch races "
    "are run again on this homestretch's files and may not come out as they first did"
)


def test_a_desk_race_saved_before_records_is_run_on_todays_files_said_once(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite"
    old, new = desk_race_game(db, True), desk_race_game(db, False)
    store = Store(db)
    assert rebuild(store, store.load(old)).notes == [DESK_NOTE.format(id=old)]
    assert rebuild(store, store.load(new)).notes == []
    store.close()
    for command in ("replay", "resume"):
        done = homestretch(command, str(old), "--db", str(db))
        assert notes(done) == [DESK_NOTE.format(id=old)], (command, done.stderr)
        assert done.returncode in (0, 130), done.stderr  # resume: nobody to keep score
        assert notes(homestretch(command, str(new), "--db", str(db))) == []


def test_games_saved_by_main_before_say_nothing_of_desk_races(
    store_from_main: Path,  # noqa: F811 (the fixture)
) -> None:
    """Game 3 is a score keeper's over simulated races, no desk race: nothing to say."""
    for game_id in range(1, 6):
        shown = homestretch("replay", str(game_id), "--db", str(store_from_main))
        assert shown.returncode == 0 and notes(shown) == [], (game_id, shown.stderr)
