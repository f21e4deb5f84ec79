"""The referee: runs a game to its end with a dice source and an agent per seat.

It knows nothing of terminals: agents (people at a screen, web clients, bots) are
objects with a ``choose`` method; ``after_event`` lets a caller save or show progress.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from homestretch.core.actions import Action
from homestretch.core.chance import DiceSource
from homestretch.core.protocol import JSON, Event, State


class Agent(Protocol):
    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action: ...


@runtime_checkable
class SeesTheTable(Protocol):
    """An agent that deals differently knowing which seats answer at once: those the
    table moves itself, without waiting on a person (computer players). Whoever drives
    the game tells it before each decision: :func:`play` (every seat is an agent, moved
    in turn) and ``session.Table`` (its computer seats). Not told, it assumes none."""

    def answer_at_once(self, seats: frozenset[int]) -> None: ...


class RefereeError(RuntimeError):
    """A game that does not end within its step limit: a bug in the rules code."""


def play(
    state: State,
    dice: DiceSource,
    agents: Mapping[int, Agent],
    after_event: Callable[[State, Event], None] | None = None,
    max_steps: int = 1_000_000,
) -> State:
    for _ in range(max_steps):
        if state.is_over():
            return state
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
        else:
            player = state.to_act()[0]
            agent = agents[player]
            if isinstance(agent, SeesTheTable):  # the first to act moves: everyone at once
                agent.answer_at_once(frozenset(agents))
            action = agent.choose(player, state.view(player), state.legal_actions(player))
            state.apply(player, action)
        if after_event is not None:
            after_event(state, state.events[-1])
    raise RefereeError(f"game did not end within {max_steps} steps")
