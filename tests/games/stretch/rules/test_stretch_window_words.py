"""A player's own lines at the betting windows (games/stretch/rules/words.py): the window,
who is still betting, what a player who is done waits for, and what the tote paid."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from rich.console import Console

from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.betting import Bet, Done, ToteRules, Windows
from homestretch.games.stretch.rules.engine import RaceGame
from homestretch.games.stretch.rules.tote import PoolResult
from homestretch.games.stretch.rules.words import CAPTIONS, WINDOW, tote_odds, yours
from homestretch.games.stretch.terminal.render import tote_board


def _windows() -> Windows:
    return Windows(ToteRules(("Ann", "Bea", "Cal")), (1, 2, 3))


def test_the_window_says_what_the_player_holds_and_who_is_still_betting() -> None:
    windows = _windows()
    windows.take(0, Bet("win", 1, 20))
    ann = yours(windows.to_json(), 0)
    assert ann["holding"] == "Your window: you hold $80.00"
    assert ann["tickets"] == "Your tickets: $20 win #1"
    assert ann["waiting"] == "You, Bea and Cal are still betting."  # was "Still betting: Bea, Cal."
    assert (ann["done"], ann["outcome"], ann["buttons"]) == ("", "", WINDOW)
    assert yours(windows.to_json(), 1)["tickets"] == "No tickets yet."
    windows.take(1, Done())
    windows.take(2, Done())
    assert yours(windows.to_json(), 0)["waiting"] == (
        "Everyone else is done: the race goes off when you are."
    )


def test_a_player_who_is_done_is_told_whom_the_race_waits_for() -> None:
    windows = _windows()
    windows.take(0, Bet("show", 2, 5))
    windows.take(0, Done())
    assert yours(windows.to_json(), 0)["done"] == (
        "You are done betting (your tickets: $5 show #2). "
        "Waiting for Bea and Cal: the race goes off when they are done."
    )
    windows.take(1, Done())
    assert yours(windows.to_json(), 1)["done"] == (
        "You are done betting (no tickets). Waiting for Cal: the race goes off when they are done."
    )
    windows.take(2, Done())
    assert yours(windows.to_json(), 0)["done"] == ""  # the windows are closed: they're off


def test_after_the_race_each_player_reads_what_the_tote_paid_them() -> None:
    windows = _windows()
    windows.take(0, Bet("win", 1, 10))
    windows.take(1, Bet("win", 2, 20))
    for seat in range(3):
        windows.take(seat, Done())
    windows.pay([PoolResult("win", 3000, prices={1: 600}, paid=Counter({0: 3000}))])
    tote = windows.to_json()
    assert yours(tote, 0)["outcome"] == "The tote paid you $30.00: you hold $120.00, up $20.00."
    assert yours(tote, 1)["outcome"] == "None of your tickets paid: you hold $80.00, down $20.00."
    assert yours(tote, 2)["outcome"] == "You bet nothing on this race: you hold $100.00."


def test_a_stake_given_back_is_said_to_have_come_back_not_to_have_paid() -> None:
    """A pool in which nobody held a paying ticket is given back (S19): the player's
    stake came back, the tote paid her nothing."""
    windows = _windows()
    windows.take(0, Bet("show", 3, 10))
    windows.take(0, Bet("show", 1, 4))
    windows.take(1, Bet("show", 2, 6))
    windows.take(1, Bet("win", 2, 10))
    for seat in range(3):
        windows.take(seat, Done())
    refund = PoolResult("show", 2000, refunded=True, paid=Counter({0: 1400, 1: 600}))
    win = PoolResult("win", 1000, prices={2: 200}, paid=Counter({1: 1000}))
    windows.pay([win, PoolResult("place", 0), refund])
    tote = windows.to_json()
    assert yours(tote, 0)["outcome"] == (
        "Your show stakes ($10.00 on #3 and $4.00 on #1) came back: nobody held a paying "
        "show ticket. You hold $100.00, as you started."
    )
    assert yours(tote, 1)["outcome"] == (
        "The tote paid you $10.00. Your show stake ($6.00 on #2) came back: nobody held a "
        "paying show ticket. You hold $100.00, as you started."
    )


def test_every_view_of_a_race_carries_its_captions_and_a_player_her_own_lines() -> None:
    """The board's headings and labels come with the view (not written in the page's
    script); a player's seat also gets her own lines, the TV none."""
    tote = ToteRules(("Ann", "Bea"))
    state = RaceGame(load_race("2009-champagne-stakes"), "quick", tote=tote).new_initial_state()
    for seat in (None, 0, 1):
        assert state.view(seat)["captions"] == CAPTIONS
    assert "yours" not in state.view(None)
    assert state.view(1)["yours"] == yours(state.view(1)["tote"], 1)
    assert CAPTIONS["sheet_headings"][12:15] == ["Brk", "R2", "R3"]  # the page's slice


@pytest.mark.parametrize(
    ("price", "breakage", "said"),
    [
        (None, 10, ""),  # nobody has backed it
        (Fraction(1), 10, "even"),
        (Fraction(6, 5), 10, "6-5"),
        (Fraction(5, 2), 10, "5-2"),
        (Fraction(29, 10), 10, "5-2"),  # read down to the board's step, as a tote does
        (Fraction(7, 2), 10, "7-2"),
        (Fraction(9, 10), 10, "4-5"),
        (Fraction(39, 5), 10, "7-1"),
        (Fraction(0), 10, "stake back"),
        (Fraction(1, 20), 10, "stake back"),  # $1.05 a dollar breaks down to the dollar
        (Fraction(1, 20), 1, "1-20"),  # to the cent it pays $2.10
        (Fraction(1, 9), 10, "1-9"),
    ],
)
def test_the_tote_says_its_odds_as_a_racegoer_reads_them(
    price: Fraction | None, breakage: int, said: str
) -> None:
    assert tote_odds(price, breakage) == said


def test_the_tote_board_in_a_view_reads_even_not_one_point_oh() -> None:
    """Ann's $10 and Bea's $10 to win on two horses: each pays even money."""
    tote = ToteRules(("Ann", "Bea"))
    state = RaceGame(load_race("2009-champagne-stakes"), "quick", tote=tote).new_initial_state()
    state.windows.take(0, Bet("win", 1, 10))
    state.windows.take(1, Bet("win", 2, 10))
    board = state.view(None)["tote"]["tote_odds"]
    assert (board["1"], board["2"], board["3"]) == ("even", "even", "")
    state.windows.take(0, Bet("win", 1, 15))  # $25 of $35 on #1: 2-5; #2 at 5-2
    board = state.view(0)["tote"]["tote_odds"]
    assert (board["1"], board["2"]) == ("2-5", "5-2")


def test_the_terminal_tote_board_says_the_same_odds() -> None:
    tote = ToteRules(("Ann", "Bea"))
    state = RaceGame(load_race("2009-champagne-stakes"), "quick", tote=tote).new_initial_state()
    state.windows.take(0, Bet("win", 1, 10))
    state.windows.take(1, Bet("win", 2, 10))
    console = Console(width=120, record=True)
    console.print(tote_board(state.view(0)))
    shown = console.export_text()
    assert "Tote odds" in shown and " even" in shown and "1.0-1" not in shown


def test_the_terminal_tote_board_shows_the_bets_not_rows_of_zeros() -> None:
    """Ann's $10 to win on #1 and Bea's $4 to show on #2: the board drew "$0.00" in
    sixteen of its eighteen pool cells, and an "Odds" column beside "Tote odds" without
    saying which was the morning line. Unbacked cells are blank, each pool's total is
    under it, and the line is named."""
    tote = ToteRules(("Ann", "Bea"))
    state = RaceGame(load_race("2009-champagne-stakes"), "quick", tote=tote).new_initial_state()
    state.windows.take(0, Bet("win", 1, 10))
    state.windows.take(1, Bet("show", 2, 4))
    console = Console(width=120, record=True)
    console.print(tote_board(state.view(0)))
    shown = console.export_text()
    assert "$0.00" not in shown.split("pools")[0]
    assert "Morning line" in shown and "Tote odds" in shown
    pools = next(line for line in shown.splitlines() if " pools " in line)
    assert pools.split() == ["pools", "$10.00", "$0.00", "$4.00"]
