"""A saved game is never replayed on content other than its own. A game's own content
folder is checked by the game (its digest in the configuration); the bundled content a
game was made on is marked in its table settings, file by file, and `replay`, `resume`,
`verify` and the server refuse a game whose bundled files changed since, naming them."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import refused

from homestretch.core.errors import HomestretchError
from homestretch.session.saved import CONTENT_KEY, bundled_marks, rebuild
from homestretch.store.db import Store


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
    assert settings is not None and settings[CONTENT_KEY] == bundled_marks("across")
    assert "content/horses.toml" in settings[CONTENT_KEY]
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


def test_seats_saved_again_keep_the_marks(unfinished: Path) -> None:
    store = Store(unfinished)
    settings = store.settings(1)
    assert settings is not None
    store.save_settings(1, {k: v for k, v in settings.items() if k != CONTENT_KEY})
    assert store.settings(1) == settings


def test_a_race_keeps_its_cards_so_only_its_charts_are_marked() -> None:
    marks = bundled_marks("stretch")
    assert marks and all(name.startswith("charts/") for name in marks)


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
