"""Seeded computer games where the score keeper posts every race (as from a results
file): the generic harness's checks, for the source the harness cannot drive."""

from __future__ import annotations

import json

import pytest
from rich.console import Console

from homestretch.bots.random_bot import RandomBot
from homestretch.core.protocol import replay
from homestretch.core.referee import Agent
from homestretch.games.derbycast.bots import ValueBot
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.rules.race import RaceRecord
from homestretch.games.derbycast.terminal.keeper import ManualKeeper, RecordKeeper


def _no_typing(prompt: str, default: str) -> str:
    raise AssertionError("the race source never runs out here")


def _cycled(number: int) -> RaceRecord:
    library = replay_library()
    return library[(number * 7) % len(library)]


def _play(markers: int, tie: str, seed: int) -> DerbyCastState:
    entrants = [{"name": f"P{m}"} for m in range(markers)]
    game = DerbyCastGame({"entrants": entrants, "tie": tie, "races": 4 if seed else None})
    state = game.new_initial_state()
    keeper = ManualKeeper(_no_typing, lambda a: state.why_illegal(game.keeper, a), Console())
    agents: dict[int, Agent] = {
        seat: ValueBot(seed * 1009 + seat) if seat % 2 else RandomBot(seed * 31 + seat)
        for seat in range(markers)
    }
    agents[game.keeper] = RecordKeeper(_cycled, keeper, print)
    for _ in range(100_000):
        if state.is_over():
            break
        to_act = state.to_act()
        for seat in range(markers):
            assert bool(state.legal_actions(seat)) == (seat in to_act)
        json.dumps(state.view(to_act[0]))
        player = to_act[0]
        action = agents[player].choose(player, state.view(player), state.legal_actions(player))
        state.apply(player, action)
    return state


@pytest.mark.parametrize("markers", [2, 5, 20])
@pytest.mark.parametrize("tie", ["standard", "dead-heat"])
def test_posted_races_play_to_the_end_and_replay(markers: int, tie: str) -> None:
    for seed in range(3):
        state = _play(markers, tie, seed)
        assert state.is_over() and state.result()["winners"]
        rebuilt = replay(DerbyCastGame(state.game.config()), state.events)
        assert isinstance(rebuilt, DerbyCastState)
        assert rebuilt.result() == state.result() and rebuilt.history == state.history
        assert all(e.action is not None for e in state.events)  # every race was posted
