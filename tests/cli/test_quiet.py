"""`--quiet` (only the result) in every game whose play prints the game as it goes:
Across the Board had it and Derby Cast, whose computer players' game is some 600 lines
of races, did not ("no option --quiet"). Totopoly's computer players print the result
alone already."""

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
