"""`help` typed at a prompt is answered in one style in every game, by one function
(cli.human.say_help): Across the Board and Totopoly printed it red, as a mistake, where
the other games printed it plain."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from homestretch.cli import human
from homestretch.cli.human import TerminalPlayer, say_help
from homestretch.cli.main import app
from homestretch.core.actions import Action
from homestretch.games.across.terminal.cli import parse_command
from homestretch.games.totopoly.terminal.cli import parse_action

RED = "\x1b[31m"


def _coloured() -> Console:
    return Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=300)


def test_help_is_drawn_plain_and_a_slip_red() -> None:
    """The one style: the words as written, no colour, no highlighted numbers; red stays
    for what went wrong."""
    screen = _coloured()
    say_help(screen, "type bid 45 or 'bet 4 30' [any sum]")
    assert screen.file.getvalue() == "type bid 45 or 'bet 4 30' [any sum]\n"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("parse", "said"),
    [
        (parse_command, "commands: bet H | dd H1 H2"),  # Across the Board
        (parse_action, "type a number from the list, or a bid, bet or offer"),  # Totopoly
    ],
)
def test_across_and_totopoly_say_help_plain_where_they_said_it_red(parse, said) -> None:  # type: ignore[no-untyped-def]
    answers = iter(["help", "zz top", "1"])
    screen = _coloured()
    player = TerminalPlayer(
        "Ann",
        None,  # type: ignore[arg-type]  # a listed choice is not checked
        screen,
        show=lambda *_: None,
        parse=parse,
        ask=lambda _: next(answers),
    )
    legal: list[Action] = [Action()]
    assert player.choose(0, {}, legal) is legal[0]
    lines = screen.file.getvalue().splitlines()  # type: ignore[attr-defined]
    help_line = next(line for line in lines if said in line)
    assert help_line.startswith(said) and "\x1b[" not in help_line
    slip = next(line for line in lines if "zz top" in line)
    assert slip.startswith(RED)


GAMES = {
    "across": ["across", "play", "--players", "Ann", "--bots", "2", "--track", "woodbine"],
    "totopoly": ["totopoly", "play", "--players", "Ann", "--bots", "2"],
    "derbycast": ["derbycast", "play", "--players", "Ann", "--bots", "1", "--source", "simulate"],
    "stretch bet": ["stretch", "run", "2009-champagne-stakes", "--bettor", "Ann"],
    "dice typed": ["stretch", "run", "2009-champagne-stakes", "--dice", "ask"],
}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_first_prompt_answers_help_through_say_help(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`help` at the first prompt of each game (and at a roll typed with real dice) goes
    through the one function, which draws it plain (above)."""
    said: list[str] = []
    monkeypatch.setattr(human, "say_help", lambda screen, words: said.append(words))
    command = [*GAMES[game], "--seed", "3", "--db", str(tmp_path / "g.sqlite")]
    done = CliRunner().invoke(app, command, input="help\n", env={"COLUMNS": "80"})
    assert done.exit_code == 130, done.output  # stopped at the next question, saved
    assert len(said) == 1 and said[0], said
    assert said[0] not in done.output  # only said_help printed it
