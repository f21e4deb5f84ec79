"""Helpers for Totopoly rule tests: set a table up by hand and drive one rule's flow.

``table`` gives a state whose cards and horses are placed as a test says (the game's
own flow is left waiting at the cut). ``drive`` runs one rules generator, answering
each request in turn from a list and failing if it asks for more, or for less, than
the test scripted; every answer must be one the rules offer.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from homestretch.core.actions import Action
from homestretch.games.totopoly.rules.flow import Ask, Roll
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

Answer = Action | tuple[int, ...]


class Driven:
    def __init__(self) -> None:
        self.asks: list[Ask] = []
        self.rolls: list[Roll] = []
        self.value: Any = None


def drive(flow: Generator[Any, Any, Any], answers: list[Answer] | None = None) -> Driven:
    pending = list(answers or [])
    record = Driven()
    try:
        request = next(flow)
        while True:
            assert pending, f"the rules asked for more than the test scripted: {request}"
            answer = pending.pop(0)
            if isinstance(request, Ask):
                assert isinstance(answer, Action), f"expected an action for {request.prompt}"
                allowed = answer in request.actions or (
                    request.check is not None and request.check(answer) is None
                )
                assert allowed, f"{answer} not offered: {request.actions}"
                record.asks.append(request)
            else:
                assert isinstance(answer, tuple), f"expected an outcome for {request.node.label}"
                record.rolls.append(request)
            request = flow.send(answer)
    except StopIteration as stop:
        record.value = stop.value
    assert not pending, f"unused answers: {pending}"
    return record


def make_table(
    players: int = 2,
    horses: dict[int, int] | None = None,
    businesses: dict[str, int] | None = None,
    short: bool = False,
    status: str = "running",
) -> TotopolyState:
    """A state where seat ``horses[n]`` leases horse n and ``businesses[id]`` that
    business; every other lease card is out of the game."""
    state = TotopolyGame(players, short=short).new_initial_state()
    for card in state.where:
        state.where[card] = "out"
    for number in state.c.horses:
        state.status[number] = "withdrawn"
    for number, seat in (horses or {}).items():
        card = state.c.horses[number].card
        state.where[card], state.holder[card] = "owned", seat
        state.status[number] = status
        state.progress[number] = 0
    for ident, seat in (businesses or {}).items():
        card = state.c.businesses[ident].card
        state.where[card], state.holder[card] = "owned", seat
    return state


@pytest.fixture
def table() -> Callable[..., TotopolyState]:
    return make_table


@pytest.fixture
def run() -> Callable[..., Driven]:
    return drive
