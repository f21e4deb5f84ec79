"""The lobby's list is pushed (it was asked for every 8 s): the server keeps a version of
it, bumped whenever the list may read otherwise (a listed table opened, a seat taken or
freed, a game over, a table changed by another process) and not for a move that leaves
the list as it was or a private table; each lobby page's stream is told each version."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, token_of
from tests.web.test_server import move_once

from homestretch.web.hub import Hub

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "open", "name": "Guest"}]
RACE = {
    "name": "Lobby Stakes",
    "furlongs": 6,
    "entries": [{"horse": h} for h in ("secretariat-1973", "seattle-slew-1977", "affirmed-1978")],
}


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def test_the_lobby_version_moves_with_what_the_list_shows(client: TestClient) -> None:
    hub = _hub(client)
    first = hub.lobby.version
    assert f'data-lobby="{first}"' in client.get("/").text  # the list drawn at it
    links = open_table(client, game="totopoly", config={"players": 2}, seats=PEOPLE, seed=4)
    opened = hub.lobby.version
    assert opened != first  # a table listed
    assert f'data-lobby="{opened}"' in client.get("/").text
    game_id, ann = links["id"], token_of(links["seats"][0]["link"])
    private = open_table(
        client, game="totopoly", config={"players": 2}, seats=PEOPLE, seed=4, private=True
    )
    assert hub.lobby.version == opened  # never listed: nothing to tell the lobby
    joined = client.post(
        f"/api/tables/{game_id}/join", json={"invite": token_of(links["invite"]), "name": "Eve"}
    )
    assert joined.status_code == 200, joined.text
    taken = hub.lobby.version
    assert taken != opened  # "Ann, Eve", not "Ann, Guest (open seat)"
    tokens = [ann, token_of(joined.json()["link"])]
    move_once(client, game_id, tokens)
    assert hub.lobby.version == taken  # a move: the list reads as it did
    admin = token_of(links["admin"])
    freed = client.post(f"/api/tables/{game_id}/seats/1", json={"token": admin, "bot": "open"})
    assert freed.status_code == 200, freed.text
    assert hub.lobby.version != taken  # Eve's seat open again
    before = hub.lobby.version
    private_admin = token_of(private["admin"])
    handed = client.post(
        f"/api/tables/{private['id']}/seats/1", json={"token": private_admin, "bot": "random"}
    )
    assert handed.status_code == 200, handed.text
    assert hub.lobby.version == before  # a private table's seats: not listed


def test_a_game_over_and_a_change_elsewhere_move_the_lobby_version(client: TestClient) -> None:
    hub = _hub(client)
    players = [{"kind": "person", "name": "Ann"}]
    answer = client.post("/api/stretch/races", json={"race": RACE, "mode": "quick", "players": players})  # fmt: skip
    assert answer.status_code == 200, answer.text
    links = answer.json()
    game_id, ann = links["id"], token_of(links["seats"][0]["link"])
    before = hub.lobby.version
    now = frame_of(client, game_id, ann)
    done = next(legal["action"] for legal in now["legal"] if legal["action"]["kind"] == "done")
    made = client.post(
        f"/api/tables/{game_id}/moves",
        json={"token": ann, "version": now["version"], "action": done},
    )
    assert made.status_code == 200, made.text
    assert frame_of(client, game_id)["over"]  # Ann alone done betting: the race is run
    assert hub.lobby.version != before  # no longer listed
    after = hub.lobby.version
    assert client.portal is not None
    client.portal.call(hub.changed_elsewhere, 10_000)  # a table another process opened
    assert hub.lobby.version != after


def test_a_lobby_stream_is_told_the_version_now_and_after_each_change(client: TestClient) -> None:
    hub = _hub(client)
    assert client.portal is not None

    async def told() -> list[str | None]:
        versions = hub.lobby.versions()
        try:
            first = await anext(versions)
            hub.lobby.bump()
            hub.lobby.bump()  # two close together: told once, the last
            second = await anext(versions)
            return [first, second, hub.lobby.version]
        finally:
            await versions.aclose()

    first, second, last = client.portal.call(told)
    assert first != second and second == last
    assert not hub.lobby.pages  # the stream closed: nobody left to tell
