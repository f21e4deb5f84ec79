"""`--format json` gives the whole result of a game: every game's `play` names the saved
game's id, its status and the seed (Totopoly gave none of them, Across no seed or status,
so a JSON result could not be replayed or looked up), and `replay ID --format json` of a
finished Totopoly game gives its result (it gave the board's view alone)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["across", "play", "--bots", "3"],
        ["totopoly", "play", "--bots", "3", "--short"],
        ["derbycast", "play", "--bots", "2", "--source", "replays", "--races", "2"],
        ["stretch", "run", "2009-champagne-stakes", "--computer-bettor", "Robo"],
    ],
)
def test_every_play_names_its_game_status_and_seed(tmp_path: Path, args: list[str]) -> None:
    db = str(tmp_path / "g.sqlite")
    done = runner.invoke(app, [*args, "--seed", "5", "--db", db, "--format", "json"])
    assert done.exit_code == 0, done.output
    played = json.loads(done.stdout)
    assert (played["id"], played["status"], played["seed"]) == (1, "finished", 5)
    again = runner.invoke(app, ["replay", "1", "--db", db, "--format", "json"])
    assert again.exit_code == 0, again.output
    replayed = json.loads(again.stdout)
    assert (replayed["id"], replayed["status"]) == (1, "finished")
    if args[0] == "totopoly":
        result = {k: v for k, v in played.items() if k not in ("id", "status", "seed")}
        assert replayed["result"] == result and "view" in replayed
