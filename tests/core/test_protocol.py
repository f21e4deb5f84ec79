"""The protocol, log, replay and store on a toy game: first to roll a six wins."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from homestretch.core.actions import Action, ActionCodec
from homestretch.core.chance import ChanceNode, Outcome, ScriptedDice
from homestretch.core.errors import IllegalAction
from homestretch.core.protocol import CHANCE, JSON, Game, State, replay
from homestretch.core.referee import play
from homestretch.store.db import Store


@dataclasses.dataclass(frozen=True)
class Roll(Action):
    kind = "roll"


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    kind = "pass"
    reason: str


class ToyGame(Game):
    name = "toy"
    min_players = 2
    max_players = 2
    codec = ActionCodec([Roll, Pass])

    def config(self) -> JSON:
        return {"players": 2}

    def new_initial_state(self) -> ToyState:
        return ToyState(self)


class ToyState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.turn = 0
        self.rolling = False
        self.winner: int | None = None

    def to_act(self) -> list[int]:
        if self.winner is not None:
            return []
        return [CHANCE] if self.rolling else [self.turn]

    def chance_node(self) -> ChanceNode:
        return ChanceNode("roll", dice=1)

    def legal_actions(self, player: int) -> list[Action]:
        return [Roll(), Pass("tired")] if player in self.to_act() else []

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, Roll):
            self.rolling = True
        else:
            self.turn = 1 - self.turn

    def _apply_chance(self, outcome: Outcome) -> None:
        self.rolling = False
        if outcome[0] == 6:
            self.winner = self.turn
        else:
            self.turn = 1 - self.turn

    def result(self) -> JSON:
        return {"winner": self.winner}

    def view(self, player: int | None) -> JSON:
        return {"turn": self.turn, "winner": self.winner}


class AlwaysRoll:
    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        return Roll()


def test_apply_verifies_with_a_reason() -> None:
    state = ToyGame().new_initial_state()
    with pytest.raises(IllegalAction, match="not player 1's turn"):
        state.apply(1, Roll())
    with pytest.raises(IllegalAction, match="no chance decision"):
        state.apply_chance((3,))


def test_scripted_game_and_replay_from_log(tmp_path: Path) -> None:
    game = ToyGame()
    dice = ScriptedDice([2, 5, 6])
    state = play(game.new_initial_state(), dice, {0: AlwaysRoll(), 1: AlwaysRoll()})
    assert state.result() == {"winner": 0}
    assert len(state.events) == 6

    store = Store(tmp_path / "games.sqlite")
    game_id = store.create("toy", game.config(), seed=None, dice="scripted")
    store.append(game_id, state.events)
    store.finish(game_id, "player 0 won")
    saved = store.load(game_id)
    assert saved.status == "finished"
    rebuilt = replay(ToyGame(), saved.events)
    assert rebuilt.result() == state.result()
    assert [e.to_json() for e in rebuilt.events] == [e.to_json() for e in state.events]


def test_codec_round_trip() -> None:
    codec = ToyGame.codec
    assert codec.from_json(Pass("tired").to_json()) == Pass("tired")
    assert str(Pass("tired")) == "pass tired"
