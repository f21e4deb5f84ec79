"""Moves made at once (docs/architecture.md, "Moves made at once"): a move sent from a
page a moment behind is made if only other seats' moves of kinds made at once came
between (bets at Top of the Stretch's windows); anything else is refused as stale, in
words that say who moved first and that the move was not made."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, refusal, token_of

from homestretch.core.protocol import JSON

RACE = {
    "name": "At Once Stakes",
    "furlongs": 6,
    "entries": [{"horse": h} for h in ("secretariat-1973", "seattle-slew-1977", "affirmed-1978")],
}


def _race(client: TestClient, people: tuple[str, ...] = ("Ann", "Bea")) -> tuple[int, list[str]]:
    players = [{"kind": "person", "name": name} for name in people]
    answer = client.post("/api/stretch/races", json={"race": RACE, "players": players})
    assert answer.status_code == 200, answer.text
    links = answer.json()
    return int(links["id"]), [token_of(seat["link"]) for seat in links["seats"]]


def _send(client: TestClient, game_id: int, token: str, version: int, action: JSON) -> Any:
    return client.post(
        f"/api/tables/{game_id}/moves", json={"token": token, "version": version, "action": action}
    )


def _tickets(client: TestClient, game_id: int) -> list[tuple[Any, ...]]:
    tote = frame_of(client, game_id)["view"]["tote"]
    return sorted((t["pool"], t["post"], t["dollars"]) for t in tote["tickets"])


def test_bets_made_at_once_both_count(client: TestClient) -> None:
    """Ann and Bea bet on pages showing the same move: Ann's lands first, Bea's is made
    after it (a bet on the tote means the same whoever bet first), and so is Ann's "done"
    sent after her bet, Bea's between; each answer says whether the seat is still asked."""
    game_id, (ann, bea) = _race(client)
    seen = frame_of(client, game_id, bea)["version"]
    first = _send(
        client, game_id, ann, seen, {"kind": "bet", "pool": "win", "post": 1, "dollars": 10}
    )
    assert first.status_code == 200, first.text
    assert first.json() == {"version": seen + 1, "again": True}  # her window is still open
    second = _send(
        client, game_id, bea, seen, {"kind": "bet", "pool": "show", "post": 2, "dollars": 4}
    )
    assert second.status_code == 200, second.text
    assert second.json() == {"version": seen + 2, "again": True}
    assert _tickets(client, game_id) == [("show", 2, 4), ("win", 1, 10)]
    done = _send(client, game_id, ann, seen + 1, {"kind": "done"})  # at her bet's version
    assert done.status_code == 200, done.text
    assert done.json() == {"version": seen + 3, "again": False}  # she is asked no more


def test_a_move_of_ones_own_between_is_refused(client: TestClient) -> None:
    """The same bet sent twice from one page (a double tap, two tabs): the second is
    refused as stale, not made again, since her own move came between."""
    game_id, (ann, _) = _race(client)
    seen = frame_of(client, game_id, ann)["version"]
    bet = {"kind": "bet", "pool": "win", "post": 1, "dollars": 10}
    assert _send(client, game_id, ann, seen, bet).status_code == 200
    reason = refusal(_send(client, game_id, ann, seen, bet), 409)
    assert reason.startswith(
        "The table moved on before your move reached it (Ann, on another page or device, bet $10"
    )
    assert "so yours was not made" in reason
    assert _tickets(client, game_id) == [("win", 1, 10)]


def test_a_move_from_before_the_dice_is_refused_in_words(client: TestClient) -> None:
    """Totopoly asks one player at a time and its moves are not made at once: a move
    from a page behind is refused, saying what came between; nothing is made."""
    people = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
    links = open_table(client, game="totopoly", config={"players": 2}, seats=people, seed=3)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    now = next(f for f in (frame_of(client, game_id, t) for t in tokens) if f["your_turn"])
    assert now["version"] > 0
    response = _send(client, game_id, tokens[now["seat"]], 0, now["legal"][0]["action"])
    reason = refusal(response, 409)
    assert reason.startswith("The table moved on before your move reached it (")
    assert reason.endswith(
        "so yours was not made: look again and make it again if you still want it."
    )
    assert frame_of(client, game_id)["version"] == now["version"]


def test_a_totopoly_move_made_first_on_another_device_is_said_in_words(
    client: TestClient,
) -> None:
    """Ann's move made on her phone, then a button pressed on her laptop's page from
    before it: the refusal says it was her own move, made elsewhere, and what it was, in
    words as the other games say theirs (not "Ann moved")."""
    people = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
    links = open_table(client, game="totopoly", config={"players": 2}, seats=people, seed=3)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    now = next(f for f in (frame_of(client, game_id, t) for t in tokens) if f["your_turn"])
    token, seen = tokens[now["seat"]], now["version"]
    name = people[now["seat"]]["name"]
    first = now["legal"][0]["action"]
    assert _send(client, game_id, token, seen, first).status_code == 200  # her phone
    reason = refusal(_send(client, game_id, token, seen, first), 409)  # her laptop
    said = f"The table moved on before your move reached it ({name}, on another page or device, "
    assert reason.startswith(said), reason
    assert " moved" not in reason.removeprefix("The table moved on"), reason
    assert "lease:" not in reason and "hidden" not in reason, reason
    assert reason.endswith(
        "so yours was not made: look again and make it again if you still want it."
    )
