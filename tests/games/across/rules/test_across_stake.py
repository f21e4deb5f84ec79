"""Ruling R30 (option ``stake``): after the first meet the new Trackmaster allots each
player 40 more fifties ("allot"), or the players go on with what they have ("carry",
every game saved before the option, and the default)."""

from __future__ import annotations

import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.referee import play
from homestretch.games.across.bots import NeverBetBot
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.rules.state import AcrossState


def played(**options: object) -> tuple[AcrossState, list[list[int]]]:
    """A two-meet game of never-bet players, and the fifties when each meet's auction
    opened."""
    game = AcrossGame(players=3, meets=2, tracks=("woodbine", "longchamp"), **options)  # type: ignore[arg-type]
    opened: list[list[int]] = []
    start = game.new_initial_state().conserved()

    def watch(state: object, _: object) -> None:
        assert isinstance(state, AcrossState)
        assert state.conserved() == start  # the allotment is counted, nothing else made
        if state.lot is not None and state.lot.horse == 2 and len(opened) == state.meet:
            opened.append(list(state.cash))

    agents = {s: NeverBetBot(s) for s in range(3)}
    state = play(game.new_initial_state(), SeededDice(4), agents, watch)  # type: ignore[arg-type]
    assert isinstance(state, AcrossState)
    return state, opened


def test_allot_gives_each_player_forty_more_at_the_second_meet() -> None:
    carried, carried_opened = played()
    allotted, allotted_opened = played(stake="allot")
    ended_first = carried.meet_standings[0]
    assert allotted.meet_standings[0] == ended_first  # the first meet is the same game
    assert carried_opened[1] == ended_first
    assert allotted_opened[1] == [c + 40 for c in ended_first]
    assert any("allots each player 40 fifties" in line for line in allotted.news)
    assert not any("allots" in line for line in carried.news)


def test_a_configuration_without_stake_carries_and_allot_is_saved() -> None:
    old = AcrossGame.from_config({"players": 3, "meets": 2})
    assert old.stake == "carry"
    assert "stake" not in old.config()  # a saved game's configuration is as it was
    new = AcrossGame(players=3, meets=2, stake="allot")
    assert AcrossGame.from_config(new.config()).stake == "allot"


def test_an_unknown_stake_is_refused() -> None:
    with pytest.raises(HomestretchError, match="stake must be one of carry, allot"):
        AcrossGame(players=3, stake="double")
