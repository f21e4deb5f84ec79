"""`--quiet` (only the result) in every game whose play prints the game as it goes:
Across the Board had it and Derby Cast, whose computer players' game is some 600 lines
of races, did not ("no option --quiet"). Totopoly's computer players print the result
alone already; its play takes --quiet too (it was "no such option")."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app

PLAYS = {
    "across": ["across", "play", "--bots", "3", "--track", "woodbine"],
    "derbycast": ["derbycast", "play", "--bots", "3", "--source", "replays", "--races", "3"],
}


@pytest.mark.parametrize("game", PLAYS)
def test_quiet_shows_the_result_alone_and_the_same_result(game: str, tmp_path: Path) -> None:
    def played(*more: str) -> list[str]:
        db = str(tmp_path / f"{len(more)}.sqlite")
        done = CliRunner().invoke(app, [*PLAYS[game], "--seed", "4", "--db", db, *more])
        assert done.exit_code == 0, done.output
        return done.stdout.splitlines()

    loud, quiet = played(), played("--quiet")
    assert len(quiet) * 4 < len(loud)
    assert not any("Race 1" in line or "race 1" in line for line in quiet), quiet
    # the ending as a whole game prints it: the table or board, the winners, the saved
    # game (each in a store of its own, named in the last line)
    assert quiet[-7:-1] == loud[-7:-1]
    assert quiet[-1].startswith("Saved as game 1: see it again") and loud[-1].startswith(
        "Saved as game 1: see it again"
    )


def test_totopoly_takes_quiet_as_the_others_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`totopoly play --quiet` was "no such option". Its computer players print the
    result alone either way; a person at the terminal is shown the table to choose at,
    without the others' moves (the game as it goes), and the same game is played."""
    import io
    import re

    from rich.console import Console

    from homestretch.games.totopoly.terminal import cli as totopoly_cli

    def played(*args: str) -> str:
        screen = io.StringIO()
        monkeypatch.setattr(totopoly_cli, "console", Console(file=screen, width=120))
        db = str(tmp_path / f"{len(args)}-{args[0]}.sqlite")
        command = ["totopoly", "play", *args, "--seed", "11", "--db", db]
        done = CliRunner().invoke(app, command, input="1\n" * 5000)
        assert done.exit_code == 0, done.output
        return screen.getvalue().replace(db, "DB")

    bots, quiet_bots = played("--bots", "2"), played("--bots", "2", "--quiet")
    assert quiet_bots == bots and "won with" in bots  # the result alone, as before
    loud = played("--players", "Ann", "--bots", "3")
    quiet = played("--players", "Ann", "--bots", "3", "--quiet")
    assert "Since your last move:" in loud and "Since your last move:" not in quiet
    assert re.search(r"^  Computer \d: bid \d+ guineas$", quiet, re.M) is None
    ending = [line for line in loud.splitlines() if "won with" in line]
    assert ending and ending == [line for line in quiet.splitlines() if "won with" in line]
