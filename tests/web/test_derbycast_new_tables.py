"""A new Derby Cast table plays the rulebook's game, to 20 points (ruling R31): the
lobby opened one at 3 races while the terminal played to 20. A set number of races is
what the players agree on, and a game saved with one keeps it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from homestretch.core.chance import SeededDice
from homestretch.core.protocol import JSON
from homestretch.core.referee import Agent, play
from homestretch.games.derbycast import ENTRY
from homestretch.games.derbycast.bots import ValueBot
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.rules.settings import DerbyCastSettings
from homestretch.games.derbycast.rules.winning import OFFICIAL_FINISH
from homestretch.store.db import Store
from homestretch.web.lobby import game_choices

SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def _lobbys() -> JSON:
    choice: JSON = next(c for c in game_choices() if c["name"] == "derbycast")
    return choice


def _opened(client: TestClient, store: Store, config: dict[str, Any]) -> JSON:
    answer = client.post(
        "/api/tables", json={"game": "derbycast", "config": config, "seats": SEATS}
    )
    assert answer.status_code == 200, answer.text
    game_id = int(answer.json()["id"])
    saved: JSON = store.load(game_id).config
    return saved


def _played(config: JSON, seed: int) -> DerbyCastState:
    """The game run to its end by computer players, the computer keeping score."""
    game = DerbyCastGame(config)
    agents: dict[int, Agent] = {m: ValueBot(seed + m) for m in range(len(game.entrants))}
    assert ENTRY.input_agents is not None
    agents.update(ENTRY.input_agents(game, seed))
    state = play(game.new_initial_state(), SeededDice(seed), agents)
    assert isinstance(state, DerbyCastState)
    return state


def test_the_lobbys_new_table_has_no_set_number_and_says_how_long_a_game_runs(
    client: TestClient, store: Store
) -> None:
    choice = _lobbys()
    assert DerbyCastSettings().races is None
    assert choice["config"]["races"] is None  # the form starts blank
    field = next(f for f in choice["fields"] if f["name"] == "races")
    assert field["default"] is None and field["optional"]
    assert "may agree" in field["help"] and "about 14 races" in field["help"], field["help"]
    assert field["blank"] == "no set number: the first past 20 points wins"
    # the form's configuration as sent, and a request that leaves the number out
    assert _opened(client, store, choice["config"])["races"] is None
    left_out = {k: v for k, v in choice["config"].items() if k != "races"}
    assert _opened(client, store, left_out)["races"] is None
    # played out, such a game ends only at the Official Finish, however many races
    for seed in (1, 2):
        state = _played({**choice["config"], "source": "replays", "feed": None}, seed)
        result = state.result()
        assert [w["points"] > OFFICIAL_FINISH for w in result["winners"]] == [True]


def test_a_set_number_agreed_or_saved_stands(client: TestClient, store: Store) -> None:
    """A table opened at 3 races (as the lobby's were) is saved, and plays, at 3."""
    choice = _lobbys()
    agreed = {**choice["config"], "races": 3, "tie": "dead-heat", "source": "replays"}
    saved = _opened(client, store, {**agreed, "confirm": False, "feed": None})
    assert saved["races"] == 3
    assert DerbyCastGame(saved).set_races == 3
    lengths = set()
    for seed in range(6):
        state = _played(saved, seed)
        assert len(state.history) <= 3
        assert len(state.history) == 3 or max(state.points) > OFFICIAL_FINISH
        lengths.add(len(state.history))
    assert 3 in lengths  # most such games end at the set number
