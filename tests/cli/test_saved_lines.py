"""Every game says where it is kept in one wording (``table_loop.saved_line``): as it
opens, "Saved as game 1: resume it with `homestretch resume 1`.", and as it ends,
"Saved as game 1: see it again with `homestretch replay 1`.". It was worded three ways:
"Saved as game 1: resume it with `...`." (Across), "Saved as game 1: resume with ..."
(Derby Cast), "game 1 saved as it goes (...)" (Totopoly), and ended "saved as game 1
(homestretch replay 1)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.cli.table_loop import saved_line

runner = CliRunner()

GAMES = {  # the command with a person at the keyboard, and its computer players alone
    "across": (["across", "play", "--players", "Ann", "--bots", "2"], ["--bots", "3"]),
    "derbycast": (
        ["derbycast", "play", "--players", "Ann", "--bots", "1", "--source", "replays"],
        ["--bots", "3", "--source", "replays"],
    ),
    "totopoly": (
        ["totopoly", "play", "--players", "Ann", "--bots", "1", "--short"],
        ["--bots", "3", "--short"],
    ),
}


def test_the_saved_line_names_the_command_that_comes_back_to_the_game() -> None:
    assert saved_line(3) == "Saved as game 3: resume it with `homestretch resume 3`."
    assert saved_line(3, "g.sqlite", ended=True) == (
        "Saved as game 3: see it again with `homestretch replay 3 --db g.sqlite`."
    )
    assert saved_line(2, noun="run") == "Saved as run 2: resume it with `homestretch resume 2`."


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_says_it_is_saved_in_one_wording(game: str, tmp_path: Path) -> None:
    playing, alone = GAMES[game]
    db = tmp_path / "g.sqlite"
    stopped = runner.invoke(app, [*playing, "--seed", "2", "--db", str(db)], input="")
    assert stopped.exit_code == 130, stopped.output
    said = stopped.stdout + stopped.stderr
    assert f"Saved as game 1: resume it with `homestretch resume 1 --db {db}`.\n" in said, said
    ended = runner.invoke(app, [game, "play", *alone, "--seed", "2", "--db", str(db)])
    assert ended.exit_code == 0, ended.output
    last = ended.stdout.splitlines()[-1]
    assert last == f"Saved as game 2: see it again with `homestretch replay 2 --db {db}`."


def test_a_stretch_run_says_it_is_saved_in_the_same_words(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    race = ["stretch", "run", "2009-champagne-stakes", "--seed", "3", "--db", str(db)]
    stopped = runner.invoke(app, [*race, "--bettor", "Ann"], input="")
    assert stopped.exit_code == 130, stopped.output
    assert f"Saved as run 1: resume it with `homestretch resume 1 --db {db}`.\n" in stopped.stdout
    ended = runner.invoke(app, race)
    assert ended.exit_code == 0, ended.output
    said = ended.stdout.splitlines()
    assert f"Saved as run 2: see it again with `homestretch replay 2 --db {db}`." in said


@pytest.mark.parametrize("typed", ["", "m", None])
def test_a_game_ends_with_a_question_then_the_saved_line(
    typed: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal a game's end asks: m for the whole result, Enter to finish (Ctrl-D
    or Ctrl-C, None here, finishes as Enter does, no "Stopped"); the saved line comes
    last, whatever the answer. In a pipe nothing is asked."""
    import io
    import sys

    import typer
    from rich.console import Console

    from homestretch.cli import table_loop

    asked: list[str] = []

    def prompt(question: str, **options: object) -> str:
        asked.append(question)
        if typed is None:
            raise typer.Abort()
        return typed

    monkeypatch.setattr(table_loop, "prompt", prompt)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    drawn = io.StringIO()
    screen = Console(file=drawn, force_terminal=True, width=200)
    table_loop.say_the_end(screen, 7, None, lambda: screen.print("THE WHOLE RESULT"))
    assert asked == [table_loop.END_QUESTION]
    said = [line for line in drawn.getvalue().splitlines() if line.strip()]
    assert ("THE WHOLE RESULT" in drawn.getvalue()) == (typed == "m")
    assert said[-1].endswith(f"{saved_line(7, ended=True)}\x1b[0m")
    piped = io.StringIO()
    table_loop.say_the_end(Console(file=piped), 7, None, lambda: None)
    assert len(asked) == 1 and piped.getvalue() == saved_line(7, ended=True) + "\n"
