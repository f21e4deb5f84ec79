"""What a person at the terminal reads through a whole game: every choice in words (a
horse by its number, name and colour, a coloured square's choice with how far it moves
the horse on), the others' moves since he last chose (the auction's bids were seen by
nobody), and a lot with no bid said so (it read "0 guineas")."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.totopoly.rules.actions import (
    Bet,
    Colour,
    DrawReport,
    Nominate,
    Scratch,
    Throw,
    UseThrow,
)
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState
from homestretch.games.totopoly.rules.words import menu_said
from homestretch.games.totopoly.terminal import cli as totopoly_cli
from homestretch.games.totopoly.terminal.render import show_view

RAW = re.compile(
    r"^\s+\d+\s+(use \d+|colour \S+|nominate \d+|report \w+ \d+|throw|track \d+|scratch \d+"
    r"|bet \d+ \d+)\s*$",
    re.M,
)
"""A menu line in the actions' typed form ("use 4", "colour card", "nominate 0")."""


def test_every_choice_of_the_race_and_the_ring_is_in_words() -> None:
    state = TotopolyGame(4, names=["Ann", "Bob", "Cy", "Di"]).new_initial_state()
    assert isinstance(state, TotopolyState)
    c = state.c
    assert menu_said(UseThrow(4), c) == "give the throw to No. 4 Rosehip Rally (red)"
    assert menu_said(Throw(), c) == "throw the dice"
    assert menu_said(DrawReport("stevedon", 7), c) == (
        "read a Stevedon trainer's report for No. 7 Buttercup Bay (yellow), then throw"
    )
    assert menu_said(Nominate(0), c).startswith("nominate nobody")
    assert menu_said(Nominate(2), c) == "nominate No. 2 Night Ledger (black) to win"
    assert menu_said(Scratch(5), c) == "scratch No. 5 Copper Kettle (red) from the race"
    assert menu_said(Bet(4, 30), c) == "back No. 4 Rosehip Rally (red) for £30 on the Tote"
    red = {"horse": 4, "colour": "red", "square": "blue"}
    assert menu_said(Colour("card"), c, red) == "play a red card and move on 3 lengths"
    assert menu_said(Colour("stand"), c, red) == "stand still"
    assert menu_said(Colour("card+white"), c, red) == (
        "play a red card with a white card and stand still"
    )
    blue = {"horse": 10, "colour": "blue", "square": "blue"}
    assert menu_said(Colour("advantage"), c, blue) == (
        "take the advantage of your colour: move on 1 length"
    )
    assert menu_said(Colour("white"), c, blue) == "throw in a white card instead and stand still"


def test_a_whole_game_at_the_terminal_reads_in_words_and_shows_the_others_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(totopoly_cli, "console", Console(file=screen, width=120))
    db = str(tmp_path / "g.sqlite")
    args = ["totopoly", "play", "--players", "Ann", "--bots", "3", "--seed", "11", "--db", db]
    result = CliRunner().invoke(app, args, input="1\n" * 5000)
    assert result.exit_code == 0, result.output
    text = screen.getvalue()
    assert "won with" in text or "no horse was placed" in text
    assert RAW.search(text) is None, RAW.search(text)
    # the race's choices were offered, in words
    assert "give the throw to No." in text and "play a yellow card and move on 2 lengths" in text
    # what the computers bid while Ann waited is on her screen, by name
    assert "Since your last move:" in text
    assert re.search(r"^  Computer \d: bid \d+ guineas$", text, re.M)
    assert re.search(r"On sale: .* - \d+ guineas bid by Computer \d", text)


def test_a_lot_with_no_bid_says_so() -> None:
    state = TotopolyGame(2, names=["Ann", "Bob"]).new_initial_state()
    assert isinstance(state, TotopolyState)
    view = state.view(0)
    out = io.StringIO()
    for lot in (
        {"name": "Ebony Lantern", "bid": 0, "bidder": None},
        {"name": "Ebony Lantern", "bid": 1, "bidder": 1},
    ):
        show_view(Console(file=out, width=120), {**view, "lot": lot}, state.c)
    said = [line for line in out.getvalue().splitlines() if line.startswith("On sale:")]
    assert said == [
        "On sale: Ebony Lantern - no bid yet",
        "On sale: Ebony Lantern - 1 guinea bid by Bob",
    ]
