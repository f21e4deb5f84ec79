"""A Derby Cast table the keeper runs by hand (three markers, Ann, Bob and Cy), shared
by the tests of the desk, of what it types and of whom the table waits for."""

from __future__ import annotations

from typing import Any

from homestretch.games.derbycast.rules.actions import PostCard
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState

FIELD = ("Alpha", "Bravo", "Charlie")
ODDS = ("2-1", "5-2", "8-1")


def keeper_state(**options: Any) -> DerbyCastState:
    """A new keeper's table, before any card; ``options`` are the game's (sealed=True, ...)."""
    people = [{"name": n} for n in ("Ann", "Bob", "Cy")]
    config = {"entrants": people, "source": "keeper", "feed": {"kind": "manual"}, **options}
    return DerbyCastGame(config).new_initial_state()


def post_card(state: DerbyCastState) -> DerbyCastState:
    """The keeper posts race R: FIELD at ODDS."""
    state.apply(state.game.keeper, PostCard("R", FIELD, ODDS))
    return state
