"""A private table is not listed, and knowing its number is not enough: watching,
replaying and checking its dice need one of its secret links."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, refusal, token_of
from tests.web.test_server import play_out, totopoly


def test_a_private_table_is_watched_only_with_its_watch_link(client: TestClient) -> None:
    links = totopoly(client, private=True)
    game_id = links["id"]
    key = token_of(links["watch"])
    assert links["watch"] == f"/t/{game_id}/watch/{key}" and len(key) >= 20
    for path in (f"/t/{game_id}/watch", f"/api/tables/{game_id}/frame"):
        assert "private" in refusal(client.get(path), 403)
    assert "private" in refusal(client.get(f"/api/tables/{game_id}/events"), 403)
    assert client.get(links["watch"]).status_code == 200
    watched = frame_of(client, game_id, key)
    assert watched["seat"] is None and not watched["legal"]
    move = {"token": key, "version": watched["version"], "action": {"kind": "pass"}}
    refusal(client.post(f"/api/tables/{game_id}/moves", json=move), 403)
    seat_link = links["seats"][0]["link"].replace("/seat/", "/watch/")
    refusal(client.get(seat_link), 403)  # a seat's secret is not a spectator's page

    tokens = [token_of(s["link"]) for s in links["seats"]]
    play_out(client, game_id, tokens)
    for path in (f"/api/tables/{game_id}/replay", f"/api/tables/{game_id}/verify"):
        refusal(client.get(path), 403)
        assert client.get(path, params={"token": key}).status_code == 200
    refusal(client.get(f"/t/{game_id}/replay"), 403)
    assert client.get(f"/t/{game_id}/replay", params={"token": tokens[0]}).status_code == 200


def test_a_listed_table_is_open_to_every_spectator(client: TestClient) -> None:
    links = totopoly(client)
    assert links["watch"] == f"/t/{links['id']}/watch"
    assert frame_of(client, links["id"])["seat"] is None
