"""`homestretch GAME rules`: each game's "How to play" drawn with rich's Markdown, or
given whole as JSON; its --help answered without the Markdown machinery."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.how_to_play import how_to_play

RUNNER = CliRunner()
GAMES = ("across", "derbycast", "stretch", "totopoly")


@pytest.mark.parametrize("game", GAMES)
def test_rules_prints_the_guide_drawn(game: str) -> None:
    result = RUNNER.invoke(app, [game, "rules"])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.stdout.split())
    assert "How to play" in shown and "How it ends" in shown
    assert "## " not in result.stdout and "**" not in result.stdout  # drawn, not raw
    for heading in [line[3:] for line in how_to_play(game).splitlines() if line[:3] == "## "]:
        assert " ".join(heading.split()) in shown, heading


@pytest.mark.parametrize("game", GAMES)
def test_rules_as_json_give_the_text(game: str) -> None:
    result = RUNNER.invoke(app, [game, "rules", "--format", "json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["game"] == game
    assert answer["text"] == how_to_play(game)
    assert answer["title"].startswith("How to play ")


def test_each_games_commands_list_rules() -> None:
    for game in GAMES:
        result = RUNNER.invoke(app, [game, "--help"])
        assert result.exit_code == 0, result.output
        assert "rules" in result.stdout and "How to play" in result.stdout
