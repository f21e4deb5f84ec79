"""Every game's result as `--format json` prints it has the shape docs/formats.md gives
it ("A game's result"), read from the page's tables: the keys each command prints, and
every player named the same way, an object with `seat` and `name` (Across the Board's
winners were bare seats, Derby Cast's markers without a seat)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats.md"

GAMES = {
    "across": ["across", "play", "--bots", "3", "--track", "woodbine"],
    "totopoly": ["totopoly", "play", "--bots", "3"],
    "derbycast": ["derbycast", "play", "--bots", "3", "--source", "simulate", "--races", "2"],
}


def documented(game: str) -> dict[str, set[str]]:
    """The keys docs/formats.md gives the game's result, by the command printing them."""
    page = DOCS.read_text()
    section = page.split(f"(`{game}`)\n", 1)[1].split("\n### ", 1)[0]
    keys: dict[str, set[str]] = {"play": set(), "replay": set()}
    for key, printed in re.findall(r"^\| `(\w+)` \| (both|play|replay) \|", section, re.M):
        for command in ("play", "replay") if printed == "both" else (printed,):
            keys[command].add(key)
    assert keys["play"], f"no table of keys for {game} in {DOCS.name}"
    return keys


def player_keys() -> set[str]:
    """The keys of a player as every game's result names one (the page's first table
    after "a player is an object")."""
    table = DOCS.read_text().split("a player is an object", 1)[1].split("\n\n", 2)[1]
    return set(re.findall(r"^\| `(\w+)` \|", table, re.M))


def _json(command: list[str]) -> Any:
    done = CliRunner().invoke(app, [*command, "--format", "json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_s_result_has_the_documented_keys_and_names_players_alike(
    game: str, tmp_path: Path
) -> None:
    db = ["--db", str(tmp_path / "g.sqlite")]
    played = _json([*GAMES[game], "--seed", "5", *db])
    again = _json(["replay", str(played["id"]), *db])
    keys = documented(game)
    assert set(played) == keys["play"]
    if game == "totopoly":  # its replay holds the result apart, beside the view
        assert set(again) == {"id", "status", "result", "view"}
        again = again["result"]
        assert set(again) == keys["play"] - {"id", "status", "seed"}
    else:
        assert set(again) == keys["replay"]
    assert played["winners"] == again["winners"]
    seats = player_keys()
    assert seats == {"seat", "name"}
    for winner in played["winners"]:
        assert seats <= set(winner) and isinstance(winner["seat"], int)
    (first, *_) = played["winners"]
    if game == "across":
        assert first["name"] == played["names"][first["seat"]]
        best = max(played["fifties"])
        assert [w["seat"] for w in played["winners"]] == [
            s for s, f in enumerate(played["fifties"]) if f == best
        ]
    elif game == "totopoly":
        assert (first["seat"], first["name"]) == (played["winner"], played["winner_name"])
        # every player it names is a player (they were names: {name: pounds}, owner a name)
        named = [p["owner"] for p in played["prizes"]] + played["tote"] + played["cash"]
        assert named and all(seats <= set(p) for p in named)
        assert [(p["seat"], p["name"]) for p in played["cash"]] == list(
            enumerate(p["name"] for p in played["cash"])
        )
        assert played["prizes"][0]["owner"] == first
    else:  # the seat is the marker's, counted from 0; every marker named so
        assert first["seat"] == first["marker"] - 1
        assert all(row["seat"] == row["marker"] - 1 for row in played["board"])
        picks = [pick for race in played["history"] for pick in race["picks"]]
        assert picks and all(
            played["board"][pick["seat"]]["name"] == pick["name"] for pick in picks
        )
        assert played["board"][first["seat"]]["name"] == first["name"]


def test_a_game_in_progress_names_no_winner(tmp_path: Path) -> None:
    """A replay of a game stopped part way: `winners` is there, empty."""
    db = ["--db", str(tmp_path / "g.sqlite")]
    stopped = CliRunner().invoke(
        app, ["across", "play", "--players", "Ann", "--bots", "2", "--track", "woodbine", *db]
    )
    assert stopped.exit_code == 130, stopped.output  # no input: stopped at the first question
    shown = _json(["replay", "1", *db])
    assert shown["status"] == "in progress" and shown["winners"] == []


def test_a_race_s_winning_bettors_are_players_named_alike(tmp_path: Path) -> None:
    """Top of the Stretch's `bettors_won` named its winners by name alone, and its replay
    not at all: both `run` and `replay` now give players as every game's `winners` do."""
    db = ["--db", str(tmp_path / "s.sqlite")]
    bettors = ["--bettor", "Ann", "--bettor", "Bob", "--computer-bettor", "Robo"]
    done = CliRunner().invoke(
        app,
        ["stretch", "run", "2009-champagne-stakes", *bettors, "--seed", "3", *db]
        + ["--format", "json"],
        input="win 1 10\ndone\nshow 2 5\ndone\n",
    )
    assert done.exit_code == 0, done.output
    ran = json.loads(done.stdout)
    again = _json(["replay", str(ran["id"]), *db])
    players = ran["tote"]["players"]
    best = max(p["cash"] for p in players)
    won = [{"seat": p["seat"], "name": p["name"]} for p in players if p["cash"] == best]
    assert ran["bettors_won"] == again["bettors_won"] == won
    assert all(set(w) == player_keys() for w in won)
