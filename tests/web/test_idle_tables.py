"""A server lets go of tables nobody is at, and rebuilds each from the store when it is
asked for again: the same frame, and the game goes on to the same end."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.conftest import first_pushed_frame, frame_of, token_of
from tests.web.test_server import play_out, totopoly

from homestretch.core.protocol import JSON
from homestretch.web.hub import Hub


def _played_halfway(client: TestClient, links: JSON, moves: int) -> list[str]:
    tokens = [token_of(s["link"]) for s in links["seats"]]
    for _ in range(moves):
        frame = next(
            f for f in (frame_of(client, links["id"], t) for t in tokens) if f["your_turn"]
        )
        move = {"token": tokens[frame["seat"]], "version": frame["version"]}
        response = client.post(
            f"/api/tables/{links['id']}/moves", json=move | {"action": frame["legal"][0]["action"]}
        )
        assert response.status_code == 200, response.text
    return tokens


def test_an_idle_table_is_let_go_of_and_rebuilt_when_asked_for(client: TestClient) -> None:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    links, twin = totopoly(client, seed=5), totopoly(client, seed=5)
    tokens = _played_halfway(client, links, 6)
    _played_halfway(client, twin, 6)
    before = [frame_of(client, links["id"], t) for t in tokens]
    first_pushed_frame(client, links["id"], tokens[0])  # a stream opened and closed

    assert hub.sweep() == []  # touched just now: kept
    hub.idle_after = 0.0
    assert set(hub.sweep()) == {links["id"], twin["id"]}
    assert not hub.tables
    hub.idle_after = 3600.0

    assert [frame_of(client, links["id"], t) for t in tokens] == before  # rebuilt as it was
    assert links["id"] in hub.tables
    end = play_out(client, links["id"], tokens)
    twin_end = play_out(client, twin["id"], [token_of(s["link"]) for s in twin["seats"]])
    assert end["result"] == twin_end["result"] and end["version"] == twin_end["version"]
