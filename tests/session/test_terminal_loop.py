"""The terminal's session loop: a dice script that runs out stops the run with a line
saying it was saved and how to finish it, and the hint never shows a URL's password; a
game someone else moves on first stops the terminal with one sentence, exit status 2."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app, run
from homestretch.cli.table_loop import play_at_terminal, resume_hint
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import replay
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


class _OtherMovesFirst(io.StringIO):
    """The answers typed here; before the first is read, ``elsewhere`` runs (another
    process on the same stored game makes the move this terminal waits for)."""

    def __init__(self, typed: str, elsewhere: Callable[[], None]) -> None:
        super().__init__(typed)
        self.elsewhere: Callable[[], None] | None = elsewhere

    def readline(self, size: int | None = -1) -> str:
        if self.elsewhere is not None:
            self.elsewhere, first = None, self.elsewhere
            first()
        return super().readline(size)


def test_a_game_moved_on_elsewhere_stops_the_terminal_in_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`homestretch resume` at one terminal while the same stored game is played on at
    another (a second store on the file, as a second process has): the other's move is
    saved first; this terminal's answer is refused by the store, and the command stops
    with exit status 2 and one sentence, said once, that names how to carry on. The saved
    game is the other's, whole."""
    db = tmp_path / "two.sqlite"
    totopoly = entry("totopoly")
    game = ["totopoly", "play", "--players", "Ann", "--bots", "2", "--seed", "5"]
    CliRunner().invoke(app, [*game, "--db", str(db)], input="1\n" * 5)  # stops for Ann
    other: list[object] = []

    def the_other_terminal_moves() -> None:
        there = rebuild(Store(db), Store(db).load(1), game_entry=totopoly)
        seat = there.waiting().seats[0]
        there.submit(seat, there.legal_actions(seat)[0], there.version)
        other.extend(there.state.events)

    monkeypatch.setattr(sys, "stdin", _OtherMovesFirst("1\n" * 50, the_other_terminal_moves))
    monkeypatch.setattr(sys, "argv", ["homestretch", "resume", "1", "--db", str(db)])
    with pytest.raises(SystemExit) as stopped:
        run()
    assert stopped.value.code == 2 and other
    err = capsys.readouterr().err
    said = " ".join(err.split())
    assert said == (
        "error: Game 1 is being played elsewhere too: a move made there was saved first, so "
        "the last move here was not made and this terminal stops; the game is saved as it "
        f"stands: carry on with `homestretch resume 1 --db {db}` once it is played only here."
    )
    assert "Traceback" not in err
    saved = Store(db).load(1)
    assert saved.events == other  # the other terminal's game, nothing lost or added
    replay(totopoly.make(saved.config), saved.events)  # the log is whole
