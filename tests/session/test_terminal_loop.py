"""The terminal's session loop: a dice script that runs out stops the run with a line
saying it was saved and how to finish it, and the hint never shows a URL's password."""

from __future__ import annotations

from pathlib import Path

import pytest

from homestretch.cli.table_loop import play_at_terminal, resume_hint
from homestretch.core.errors import HomestretchError
from homestretch.core.registry import entry
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import open_new, rebuild
from homestretch.store.db import Store

SCRIPT = (3, 4, 6, 1, 2, 2)


def test_a_script_that_runs_out_is_saved_and_finished_on_resume(tmp_path: Path) -> None:
    stretch = entry("stretch")
    store = Store(tmp_path / "runs.sqlite")
    game = stretch.make(stretch.harness_configs()[0])
    table, game_id = open_new(store, stretch, game, [], DiceSpec("scripted", 8, SCRIPT))
    url = "postgresql://ann:s3cret@db.example/games"
    with pytest.raises(HomestretchError) as stopped:
        play_at_terminal(table, game_id, {}, db=url)
    message = str(stopped.value)
    assert "ran out" in message and "saved" in message and "seeded dice" in message
    assert f"homestretch resume {game_id} --db " in message and "s3cret" not in message
    saved = store.load(game_id)
    rolled = [face for event in saved.events for face in event.outcome or ()]
    assert rolled[: len(SCRIPT)] == list(SCRIPT) and len(saved.events) == len(SCRIPT) // 2
    resumed = rebuild(store, saved)
    resumed.advance()
    assert resumed.state.is_over()
    assert store.load(game_id).events == resumed.state.events


def test_the_resume_hint_names_the_store_without_a_password() -> None:
    assert resume_hint(4) == "homestretch resume 4"
    assert resume_hint(4, "/tmp/g.sqlite") == "homestretch resume 4 --db /tmp/g.sqlite"
    hint = resume_hint(4, "postgresql+psycopg://ann:s3cret@db.example:5433/games")
    assert (
        hint == "homestretch resume 4 --db postgresql+psycopg://ann:PASSWORD@db.example:5433/games"
    )
    assert resume_hint(4, "postgresql+psycopg://ann@h/g").endswith(
        "--db postgresql+psycopg://ann@h/g"
    )


def test_the_hint_names_no_db_for_the_store_homestretch_db_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``HOMESTRETCH_DB`` is a string, the store's path a Path: they were compared as
    they are, so the default store was named with ``--db`` all the same."""
    from homestretch.cli.table_loop import db_hint

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOMESTRETCH_DB", "games.sqlite")
    for given in ("games.sqlite", "./games.sqlite", str(tmp_path / "games.sqlite"), None):
        store = Store(given)
        assert db_hint(store) is None, given
        store.close()
    other = Store(tmp_path / "other.sqlite")
    assert db_hint(other) == tmp_path / "other.sqlite"
    other.close()
    monkeypatch.setenv("HOMESTRETCH_DB", f"sqlite:///{tmp_path / 'games.sqlite'}")
    store = Store("games.sqlite")
    assert db_hint(store) is None
    store.close()
