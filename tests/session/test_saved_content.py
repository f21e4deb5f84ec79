"""A saved game is never replayed on content other than its own. A game's own content
folder is checked by the game (its digest in the configuration); the bundled files a
game reads (as its registry entry says of its configuration) are marked in its table
settings, file by file, and `replay`, `resume`, `verify` and the server refuse a game
whose bundled files changed since, naming them; a file it did not read may change."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tests.conftest import refused

from homestretch.core.errors import HomestretchError
from homestretch.core.registry import entries, entry
from homestretch.session import saved as saved_module
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import (
    CONTENT_KEY,
    READS_KEY,
    bundled_marks,
    bundled_reads,
    check_content,
    open_new,
    rebuild,
)
from homestretch.store.db import Store

HERE = Path(__file__).parent


def homestretch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )


def edit_marks(db: Path, game_id: int, name: str, mark: str | None) -> None:
    """What the store says a bundled file was when the game was saved, changed (as if
    this homestretch's file had been edited since): ``None`` drops the file's mark."""
    with sqlite3.connect(db) as connection:
        (text,) = connection.execute(
            "select settings from table_settings where game_id = ?", (game_id,)
        ).fetchone()
        settings = json.loads(text)
        if mark is None:
            del settings[CONTENT_KEY][name]
        else:
            settings[CONTENT_KEY][name] = mark
        connection.execute(
            "update table_settings set settings = ? where game_id = ?",
            (json.dumps(settings), game_id),
        )


@pytest.fixture
def unfinished(tmp_path: Path) -> Path:
    """An Across the Board game of computer players stopped when its dice script ran out."""
    db = tmp_path / "games.sqlite"
    done = homestretch("across", "play", "--bots", "3", "--dice", "3 4 5 6", "--db", str(db))
    assert done.returncode == 2 and "ran out" in done.stderr, done.stderr
    return db


def test_a_game_is_marked_with_the_bundled_files_it_was_made_on(unfinished: Path) -> None:
    store = Store(unfinished)
    settings = store.settings(1)
    assert settings is not None and settings[READS_KEY] == ["content"]  # any track: no --track
    assert settings[CONTENT_KEY] == bundled_marks("across", ["content"])
    assert "content/horses.toml" in settings[CONTENT_KEY]
    assert "content/tracks/woodbine.toml" in settings[CONTENT_KEY]
    rebuild(store, store.load(1))  # unchanged: rebuilt as it was


@pytest.mark.parametrize("mark", ["0" * 20, None])
def test_a_bundled_file_changed_since_is_named_and_the_game_refused(
    unfinished: Path, tmp_path: Path, mark: str | None
) -> None:
    edit_marks(unfinished, 1, "content/horses.toml", mark)
    store = Store(unfinished)
    before = store.load(1).events
    with pytest.raises(HomestretchError, match="content/horses.toml"):
        rebuild(store, store.load(1))
    for command in ("resume", "replay"):
        line = refused(tmp_path, command, "1", "--db", str(unfinished))
        assert "content/horses.toml" in line and "cannot be replayed or resumed exactly" in line
    checked = homestretch("verify", "1", "--db", str(unfinished))  # a verdict: not fair
    assert checked.returncode == 1 and "does not replay" in checked.stdout
    assert "content/horses.toml" in " ".join(checked.stdout.split())
    assert Store(unfinished).load(1).events == before  # nothing written


def test_a_race_keeps_its_cards_so_only_its_charts_are_marked() -> None:
    quick, full = entry("stretch").harness_configs()[:2]
    assert (quick["mode"], full["mode"]) == ("quick", "full")
    assert bundled_reads(entry("stretch"), full) == ("charts",)
    marks = bundled_marks("stretch", ["charts"])
    assert marks and all(name.startswith("charts/") for name in marks)
    # Quickplay never reads Fullplay's charts (the Race Position chart, ruling S30's drop
    # back): a new one of them leaves a Quickplay game saved before as it was
    reads = bundled_marks("stretch", bundled_reads(entry("stretch"), quick))
    assert "charts/odds.csv" in reads and "charts/form_quick.csv" in reads
    assert "charts/race_position.csv" in marks and "charts/race_position.csv" not in reads
    assert "charts/race_position_gap.csv" not in reads


def test_a_game_saved_before_marks_is_rebuilt_as_before(unfinished: Path) -> None:
    with sqlite3.connect(unfinished) as connection:
        (text,) = connection.execute("select settings from table_settings").fetchone()
        settings = json.loads(text)
        del settings[CONTENT_KEY]
        connection.execute("update table_settings set settings = ?", (json.dumps(settings),))
    store = Store(unfinished)
    rebuild(store, store.load(1))


def test_a_content_folder_of_ones_own_edited_or_gone_is_named(tmp_path: Path) -> None:
    own = tmp_path / "mine"
    assert homestretch("totopoly", "content", str(own)).returncode == 0
    db = tmp_path / "games.sqlite"
    played = homestretch(
        "totopoly",
        "play",
        "--bots",
        "2",
        "--dice",
        "3 4 5 6",
        "--content",
        str(own),
        "--db",
        str(db),
    )
    assert played.returncode == 2 and "ran out" in played.stderr, played.stderr
    settings = Store(db).settings(1)
    assert settings is not None and CONTENT_KEY not in settings  # no bundled file read
    cards = own / "cards.toml"
    cards.write_text(cards.read_text() + "\n# a house rule\n")
    line = refused(tmp_path, "resume", "1", "--db", str(db))
    assert str(own) in line and "changed after this run was saved" in line
    shutil.rmtree(own)
    line = refused(tmp_path, "replay", "1", "--db", str(db))
    assert str(own) in line and "gone" in line


def saved_game(db: Path, game: str, config: dict[str, object], stored: object = None) -> int:
    """A new game of ``config`` saved in ``db`` (``stored``: the configuration the store
    keeps instead, as a surface that keeps more in it gives)."""
    game_entry = entry(game)
    store = Store(db)
    made = game_entry.make(config)
    kept = stored if isinstance(stored, dict) else None
    _, game_id = open_new(store, game_entry, made, [], DiceSpec("seeded", 1), config=kept)
    store.close()
    return game_id


@pytest.fixture
def bundled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Callable[[str], Path]]:
    """This homestretch's bundled files of a game, copied where a test may edit them (as
    an upgrade or a hand would edit the installed ones): ``bundled("across")`` is the
    folder the game's parts are read from now, part by part."""

    def copy(game: str) -> Path:
        module = __import__(f"homestretch.games.{game}.content.bundle", fromlist=["PARTS"])
        root = tmp_path / "installed" / game
        parts = []
        for part in module.PARTS:
            shutil.copytree(part.root, root / part.name)
            parts.append(part._replace(root=root / part.name))
        monkeypatch.setattr(module, "PARTS", tuple(parts))
        saved_module._parts.cache_clear()
        saved_module._files.cache_clear()
        return root

    yield copy
    saved_module._parts.cache_clear()
    saved_module._files.cache_clear()


def edit(file: Path) -> None:
    """A bundled file edited, as a new process finds it (digests are worked out once a
    process)."""
    file.write_text(file.read_text() + "\n# edited\n")
    saved_module._files.cache_clear()


def derbycast_config(**more: object) -> dict[str, object]:
    entrants = [{"name": name, "players": [name]} for name in ("Ann", "Bob")]
    return {"entrants": entrants, "races": 1, **more}


def test_a_game_is_refused_for_a_file_it_read_not_for_one_it_did_not(
    tmp_path: Path, bundled: Callable[[str], Path]
) -> None:
    db = tmp_path / "games.sqlite"
    fixed = saved_game(db, "across", {"players": 3, "tracks": ["woodbine"]})  # one meet
    free = saved_game(db, "across", {"players": 3})  # its Trackmaster chooses a track
    store = Store(db)
    settings = store.settings(fixed)
    assert settings is not None
    assert sorted(settings[CONTENT_KEY]) == ["content/horses.toml", "content/tracks/woodbine.toml"]
    installed = bundled("across")
    edit(installed / "content" / "tracks" / "longchamp.toml")  # never read by the first
    check_content(store, store.load(fixed))
    with pytest.raises(HomestretchError, match="content/tracks/longchamp.toml"):
        check_content(store, store.load(free))
    edit(installed / "content" / "tracks" / "woodbine.toml")
    with pytest.raises(HomestretchError, match="content/tracks/woodbine.toml"):
        check_content(store, store.load(fixed))


def test_a_file_gone_or_new_where_the_game_read_is_refused(
    tmp_path: Path, bundled: Callable[[str], Path]
) -> None:
    db = tmp_path / "games.sqlite"
    free = saved_game(db, "across", {"players": 3})
    installed = bundled("across")
    store = Store(db)
    (installed / "content" / "tracks" / "longchamp.toml").unlink()  # a choice it had
    saved_module._files.cache_clear()
    with pytest.raises(HomestretchError, match="content/tracks/longchamp.toml"):
        check_content(store, store.load(free))
    shutil.copy(
        installed / "content" / "tracks" / "woodbine.toml", installed / "content" / "x.toml"
    )
    (installed / "content" / "tracks" / "longchamp.toml").write_bytes(
        (
            HERE.parents[1] / "src/homestretch/games/across/content/tracks/longchamp.toml"
        ).read_bytes()
    )
    saved_module._files.cache_clear()
    check_content(store, store.load(free))  # back as it was; x.toml is in no part
    shutil.copy(installed / "content" / "x.toml", installed / "content" / "tracks" / "ascot.toml")
    saved_module._files.cache_clear()
    with pytest.raises(HomestretchError, match="content/tracks/ascot.toml"):
        check_content(store, store.load(free))  # a track its Trackmaster could now choose


def test_what_a_configuration_carries_is_declared_not_guessed_from_its_keys(
    tmp_path: Path, bundled: Callable[[str], Path]
) -> None:
    """Derby Cast's own odds table is kept whole under ``table``, a key no ``_digest``
    names: the printed table is not read. A key that ends in ``_digest`` and carries no
    content leaves the game marked (and refused) as any other."""
    db = tmp_path / "games.sqlite"
    config = derbycast_config(source="replays")
    printed = HERE.parents[1] / "src/homestretch/games/derbycast/content/odds_table.csv"
    from homestretch.games.derbycast.content.odds_table import load_table, table_to_json

    own = saved_game(db, "derbycast", {**config, "table": table_to_json(load_table(printed))})
    plain = saved_game(db, "derbycast", config)
    noted = saved_game(db, "derbycast", config, {**config, "photo_digest": "0a1b2c"})
    store = Store(db)
    own_settings, noted_settings = store.settings(own), store.settings(noted)
    assert own_settings is not None and own_settings[READS_KEY] == ["replays"]
    assert noted_settings is not None and "odds-table/odds_table.csv" in noted_settings[CONTENT_KEY]
    edit(bundled("derbycast") / "odds-table" / "odds_table.csv")
    check_content(store, store.load(own))
    for game_id in (plain, noted):
        with pytest.raises(HomestretchError, match="odds-table/odds_table.csv"):
            check_content(store, store.load(game_id))


def test_a_score_keepers_game_is_marked_with_the_stretch_content_its_desk_runs_races_on(
    tmp_path: Path, bundled: Callable[[str], Path]
) -> None:
    """A race the keeper's desk runs is a seed in the log, run again on Top of the
    Stretch's bundled race, cards and charts at every replay; the replays are not read."""
    db = tmp_path / "games.sqlite"
    keeper = saved_game(db, "derbycast", derbycast_config(source="keeper"))
    store = Store(db)
    settings = store.settings(keeper)
    assert settings is not None and "replays/replays.csv" not in settings[CONTENT_KEY]
    assert {"stretch:charts/chartset.toml", "stretch:cards/horses.csv"} <= set(
        settings[CONTENT_KEY]
    )
    edit(bundled("derbycast") / "replays" / "replays.csv")
    check_content(store, store.load(keeper))
    edit(bundled("stretch") / "charts" / "odds.csv")
    with pytest.raises(HomestretchError, match="stretch:charts/odds.csv"):
        check_content(store, store.load(keeper))


@pytest.mark.parametrize("game", sorted(entries()))
def test_every_part_a_game_says_it_reads_is_shipped(game: str) -> None:
    """A read naming no file would leave a game unmarked: each names some."""
    game_entry = entry(game)
    for config in game_entry.harness_configs():
        reads = bundled_reads(game_entry, config)
        for read in reads:
            assert bundled_marks(game, [read]), (game, read)


def test_each_bundled_track_a_game_fixes_is_the_file_marked() -> None:
    across = entry("across")
    module = __import__("homestretch.games.across.content.bundle", fromlist=["PARTS"])
    (part,) = module.PARTS
    tracks = sorted(p.stem for p in part.sources() if p.parent.name == "tracks")
    assert len(tracks) == 4
    for track in tracks:
        marks = bundled_marks("across", bundled_reads(across, {"tracks": [track], "meets": 1}))
        assert sorted(marks) == ["content/horses.toml", f"content/tracks/{track}.toml"]


@pytest.fixture
def store_from_main(tmp_path: Path) -> Path:
    """The store main made at 2c7ae31, before games kept what they read (data/)."""
    db = tmp_path / "main.sqlite"
    with sqlite3.connect(db) as connection:
        connection.executescript((HERE / "data" / "store_from_main_2c7ae31.sql").read_text())
    return db


def test_games_saved_by_the_homestretch_before_replay_and_resume(
    store_from_main: Path, tmp_path: Path
) -> None:
    for game_id in range(1, 6):
        shown = homestretch("replay", str(game_id), "--db", str(store_from_main))
        assert shown.returncode == 0, (game_id, shown.stderr)
    for game_id in (1, 2):  # Across and Totopoly, stopped when their dice ran out
        resumed = homestretch("resume", str(game_id), "--db", str(store_from_main))
        assert resumed.returncode == 0, (game_id, resumed.stderr)
        assert Store(store_from_main).load(game_id).status == "finished"


def test_games_saved_before_are_checked_for_the_files_they_read(store_from_main: Path) -> None:
    """Marked then with every file of their game's parts, they are refused now only for
    one they read: game 3 (a score keeper's, simulated races) read no replays, game 4
    (replays over an odds table of its own) no printed table."""
    edit_marks(store_from_main, 3, "replays/replays.csv", "0" * 20)
    edit_marks(store_from_main, 4, "odds-table/odds_table.csv", "0" * 20)
    store = Store(store_from_main)
    for game_id in (3, 4):
        check_content(store, store.load(game_id))
    edit_marks(store_from_main, 3, "odds-table/odds_table.csv", None)
    edit_marks(store_from_main, 4, "replays/replays.csv", "0" * 20)
    for game_id, named in ((3, "odds-table/odds_table.csv"), (4, "replays/replays.csv")):
        with pytest.raises(HomestretchError, match=named):
            check_content(store, store.load(game_id))


def test_an_unknown_part_is_no_file() -> None:
    assert bundled_marks("across", ["no-such-part"]) == {}
    assert bundled_marks("derbycast", ["across:content/horses.toml"]) == {
        "across:content/horses.toml": bundled_marks("across", ["content/horses.toml"])[
            "content/horses.toml"
        ]
    }
