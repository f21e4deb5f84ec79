"""Every registered game played to its end through the HTTP API (DESIGN.md section 2a).

Two people choose among the legal actions their frames offer (a seeded random choice)
beside computer players; every frame any seat is sent is checked against what
``hidden_from(seat)`` says that seat may not see; stale moves, other seats' tokens and
spectators are refused and change nothing; a reconnect is the current frame; the
finished table verifies and replays as it was played.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.generic.test_every_game import _string_leaves
from tests.web.conftest import (
    first_pushed_frame,
    frame_of,
    open_table,
    refusal,
    timeless,
    token_of,
)

from homestretch.core.protocol import JSON
from homestretch.core.registry import GameEntry, entries
from homestretch.session.dice import DiceSpec, seed_digest
from homestretch.session.table import Table, computer_seats

PEOPLE = 2


def _config(entry: GameEntry) -> JSON:
    """The quickest configuration seating two people and a computer player (a game of
    people posting their own results is left to its keeper: the keeper's seat is the
    game's own computer player)."""
    candidates = [
        c
        for c in entry.harness_configs()
        if entry.make(c).num_players > PEOPLE and c.get("source") in (None, "keeper")
    ]

    def length(config: JSON) -> int:
        game = entry.make(config)
        table = Table(entry, game, computer_seats(entry, game, 0), DiceSpec("seeded", 1))
        table.advance()
        return table.version

    return min(candidates, key=length)


NOTHING_HIDDEN = {
    "across": "bids, tickets, cash and offers are all on the table (its rules hide nothing)",
}
"""The games whose rules hide nothing from anyone: their frames' secret check cannot
fail, so the test says so, and checks that they do hide nothing (a game that starts to
keep secrets must leave this list and have its check made real)."""


def _check_hidden(
    client: TestClient, game_id: int, seat: int | None, frame: JSON, shown: set[str]
) -> set[str]:
    """What ``seat`` may not see, having checked its frame shows none of it (``shown``:
    the frame's strings, ``_string_leaves(frame)``, walked once a frame by the caller)."""
    live = client.app.state.hub.tables[game_id]  # type: ignore[attr-defined]
    assert frame["version"] == live.table.version
    hidden = live.table.state.hidden_from(seat)
    leaked = hidden & shown
    assert not leaked, f"seat {seat}'s frame shows hidden {sorted(leaked)[:5]}"
    assert frame["seed"] is None or frame["over"]
    return set(hidden)


PLAYED = [
    pytest.param(entry, id=name)
    for name, entry in sorted(entries().items())
    if entry.make(entry.harness_configs()[0]).num_players > 0
]


@pytest.mark.parametrize("entry", PLAYED)
def test_two_people_and_the_computer_play_to_the_end(client: TestClient, entry: GameEntry) -> None:
    config = _config(entry)
    players = entry.make(config).num_players
    kinds = ["random", *sorted(entry.bots)]
    seats: list[dict[str, Any]] = [{"kind": "person", "name": f"Person {s}"} for s in range(PEOPLE)]
    seats += [
        {"kind": "bot", "bot": kinds[s % len(kinds)], "name": f"Bot {s}"}
        for s in range(PEOPLE, players)
    ]
    links = open_table(client, game=entry.name, config=config, seats=seats, seed=11)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    assert len(tokens) == PEOPLE
    viewers: list[tuple[int | None, str | None]] = [(0, tokens[0]), (1, tokens[1]), (None, None)]
    rng = random.Random(5)
    seen: dict[tuple[int | None, int], JSON] = {}
    refusals_checked = False
    hidden_seen = 0  # frames checked while something was kept from their viewer
    owners_showed = 0  # times a frame showed its seat what another viewer is kept from

    for seat, token in viewers:  # a browser connecting now is drawn from the current frame
        pushed = first_pushed_frame(client, game_id, token)
        _check_hidden(client, game_id, seat, pushed, _string_leaves(pushed))
        assert pushed == frame_of(client, game_id, token) | {"seats": pushed["seats"]}

    for _ in range(5000):
        frames = {seat: frame_of(client, game_id, token) for seat, token in viewers}
        shown = {seat: _string_leaves(frame) for seat, frame in frames.items()}
        for seat, frame in frames.items():
            hidden = _check_hidden(client, game_id, seat, frame, shown[seat])
            hidden_seen += bool(hidden)
            owners_showed += sum(bool(hidden & shown[owner]) for owner in frames if owner != seat)
            seen[(seat, frame["version"])] = frame
        if frames[None]["over"]:
            break
        movers = [s for s in range(PEOPLE) if frames[s]["your_turn"]]
        assert movers, f"the table waits for {frames[None]['waiting']}, no person"
        mover = rng.choice(movers)
        frame = frames[mover]
        assert frame["legal"], "a person's turn with nothing to choose"
        action = rng.choice(frame["legal"])["action"]
        if not refusals_checked and frame["version"] > 0:  # after a first roll or draw
            _check_refusals(client, game_id, tokens, mover, frame, action)
            refusals_checked = True
        response = client.post(
            f"/api/tables/{game_id}/moves",
            json={"token": tokens[mover], "version": frame["version"], "action": action},
        )
        assert response.status_code == 200, response.text
        assert response.json()["version"] > frame["version"]
    else:
        pytest.fail("the game did not end")

    assert refusals_checked
    if entry.name in NOTHING_HIDDEN:
        assert hidden_seen == 0, f"{entry.name} hides things now: take it off NOTHING_HIDDEN"
    else:
        # the check above was not empty: things were kept from viewers, and the names
        # hidden_from gives them are the very ones their owners' frames show (in the view,
        # or in the log, where Derby Cast's sealed tickets stand)
        assert hidden_seen > 0 and owners_showed > 0, (hidden_seen, owners_showed)
    final = frames[None]
    assert final["result"] is not None and final["seed"] is not None
    assert seed_digest(final["seed"]) == links["seed_digest"] == final["seed_digest"]
    verdict = client.get(f"/api/tables/{game_id}/verify").json()
    assert verdict["fair"], verdict
    # the replay shows each viewer what its frames showed at each move
    for (seat, version), frame in list(seen.items())[:: max(1, len(seen) // 12)]:
        params: dict[str, int] = {"at": version}
        if seat is not None:
            params["seat"] = seat
        replayed = client.get(f"/api/tables/{game_id}/replay", params=params).json()
        assert replayed["view"] == frame["view"]
        assert replayed["log"] == frame["log"]


def _check_refusals(
    client: TestClient, game_id: int, tokens: list[str], mover: int, frame: JSON, action: JSON
) -> None:
    """Moves that must be refused, each changing nothing."""
    moves = f"/api/tables/{game_id}/moves"
    # from the first move: a roll or a draw came between, so no move still stands as sent
    # (moves made at once, Table.still_stands)
    assert frame["version"] > 0
    stale = client.post(moves, json={"token": tokens[mover], "version": 0, "action": action})
    assert "moved on" in refusal(stale, 409)
    assert timeless(stale.json()["frame"]) == frame_of(client, game_id, tokens[mover])
    other = 1 - mover
    if not frame_of(client, game_id, tokens[other])["your_turn"]:
        wrong = {"token": tokens[other], "version": frame["version"], "action": action}
        refusal(client.post(moves, json=wrong), 403)
    watcher = client.post(moves, json={"version": frame["version"], "action": action})
    refusal(watcher, 403)
    stranger = {"token": "not-a-seat", "version": frame["version"], "action": action}
    refusal(client.post(moves, json=stranger), 403)
    nonsense = {"token": tokens[mover], "version": frame["version"], "action": {"kind": "fly"}}
    refusal(client.post(moves, json=nonsense), 400)
    assert frame_of(client, game_id, tokens[mover]) == frame


def test_a_spectator_watches_a_race_run_by_chance(client: TestClient) -> None:
    stretch = entries()["stretch"]
    links = open_table(client, game="stretch", config=stretch.harness_configs()[0], seats=[])
    assert links["seats"] == []
    frame = frame_of(client, links["id"])
    # a race has no seats and no secrets: the check cannot fail, and is kept to say so
    assert _check_hidden(client, links["id"], None, frame, _string_leaves(frame)) == set()
    assert frame["over"] and frame["result"] is not None
    assert len(frame["log"]) == frame["version"] > 0
    assert all("chance" in entry for entry in frame["log"])
    assert client.get(f"/api/tables/{links['id']}/verify").json()["fair"]
