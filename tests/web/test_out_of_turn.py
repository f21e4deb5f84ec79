"""A move out of turn reaches the rules only where they allow it.

The web's ``_submit`` passes a move from a seat the table is not waiting for to the
rules, for Derby Cast's picks changed before picks close (R19), the keeper closing
picks with a silent marker sitting out (R23) and the keeper's morning lines while picks
are open (R28). Every other game must refuse every move
out of turn: here each game is played by computer players and, at each step, what
the waiting seats may do is tried from every other seat.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, token_of

from homestretch.core.actions import Action
from homestretch.core.protocol import State
from homestretch.core.registry import GameEntry, entries
from homestretch.session.dice import DiceSpec
from homestretch.session.table import Table, computer_seats

GAMES = [  # a game with players' seats (Top of the Stretch alone is a race, no seats)
    pytest.param(entry, id=name)
    for name, entry in sorted(entries().items())
    if entry.make(entry.harness_configs()[0]).num_players > 0
]
DERBYCAST_OUT_OF_TURN = {"pick", "sealed-pick", "scratches"}


def _allowed_out_of_turn(state: State, seat: int, action: Action) -> bool:
    """Derby Cast's two exceptions, said again from the rules' own words; and Across the
    Board's dealings, offered by any player in turn or not (its ruling R16)."""
    from homestretch.games.across.rules.state import AcrossState
    from homestretch.games.derbycast.rules.game import DerbyCastState

    if isinstance(state, AcrossState):
        return action.any_time
    if not isinstance(state, DerbyCastState) or action.kind not in DERBYCAST_OUT_OF_TURN:
        return False
    if action.kind == "scratches":
        return seat == state.game.keeper and state.phase in ("pick", "confirm")
    return state.picks_open() and state.picks.get(seat) is not None


@pytest.mark.parametrize("entry", GAMES)
def test_no_move_out_of_turn_slips_through(entry: GameEntry) -> None:
    checked = allowed = 0
    for config in entry.harness_configs()[:4]:
        game = entry.make(config)
        table = Table(entry, game, computer_seats(entry, game, 2), DiceSpec("seeded", 7))
        seats = range(len(table.seats))
        for step in range(400):
            waiting = table.waiting()
            if waiting.seats and (step < 80 or step % 9 == 0):
                tried: list[Action] = []
                for mover in waiting.seats:
                    tried += table.legal_actions(mover)[:12]
                for seat in (s for s in seats if s not in waiting.seats):
                    for action in tried:
                        if table.state.why_illegal(seat, action) is None:
                            assert _allowed_out_of_turn(table.state, seat, action), (
                                f"{entry.name}: seat {seat} may {action} out of turn"
                            )
                            allowed += not action.any_time  # Across's dealings aside
                        checked += 1
            if table.step() is None:
                break
    assert checked > 0
    assert (allowed > 0) == (entry.name == "derbycast")  # its exceptions were tried too


def test_the_web_refuses_a_move_out_of_turn_with_one_line(client: TestClient) -> None:
    """Across the Board: the second person sends the first one's move."""
    entry = entries()["across"]
    config: dict[str, Any] = entry.harness_configs()[0]
    players = entry.make(config).num_players
    seats = [{"kind": "person", "name": f"P{s}"} for s in range(players)]
    links = open_table(client, game="across", config=config, seats=seats, seed=3)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    frames = [frame_of(client, game_id, t) for t in tokens]
    mover = next(s for s, f in enumerate(frames) if f["your_turn"])
    other = next(s for s in range(players) if s not in frames[mover]["waiting"]["seats"])
    action = frames[mover]["legal"][0]["action"]
    answer = client.post(
        f"/api/tables/{game_id}/moves",
        json={"token": tokens[other], "version": frames[mover]["version"], "action": action},
    )
    assert answer.status_code == 403
    assert answer.json()["error"] == f"it is not P{other}'s turn"
    assert frame_of(client, game_id, tokens[other])["version"] == frames[mover]["version"]


def test_the_keeper_posts_a_morning_line_while_a_marker_picks(client: TestClient) -> None:
    """Derby Cast (R28): the desk's morning line is taken while the table waits for a
    marker; every seat's card shows it, and a pick sent from the card as it was before
    is refused as stale, in one sentence naming the line (the odds changed under it)."""
    config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper"}
    people = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
    links = open_table(client, game="derbycast", config=config, seats=people, seed=1)
    game_id = links["id"]
    ann, _, desk = (token_of(seat["link"]) for seat in links["seats"])

    def send(token: str, version: int, action: dict[str, Any]) -> Any:
        sent = {"token": token, "version": version, "action": action}
        return client.post(f"/api/tables/{game_id}/moves", json=sent)

    card = {"kind": "typed-card", "race": "R", "field": "Alpha, Bravo", "odds": "2-1"}
    seen = frame_of(client, game_id, desk)["version"]
    assert send(desk, seen, {**card, "scratched": ""}).status_code == 200
    before = frame_of(client, game_id, ann)
    assert before["your_turn"] and before["view"]["card"]["odds"] == ["2-1", ""]
    line = {"kind": "morning-line", "horses": ["Bravo"], "odds": ["5-2"]}
    assert send(desk, before["version"], line).status_code == 200
    for token in (ann, desk, None):
        assert frame_of(client, game_id, token)["view"]["card"]["odds"] == ["2-1", "5-2"]
    pick = next(a["action"] for a in before["legal"] if a["action"]["horse"] == "Bravo")
    stale = send(ann, before["version"], pick)
    assert stale.status_code == 409
    assert stale.json()["error"] == (
        "The table moved on before your move reached it (Keeper posted the morning line: "
        "2 Bravo 5-2), so yours was not made: look again and make it again if you still want it."
    )
    again = send(ann, before["version"] + 1, pick)
    assert again.status_code == 200
