"""Who is "here" on a final screen: whose pages are open, as while the game is played.
Each page's event stream ended with the game's last frame, and an ended table said who
was at it when it ended: a player who closed his page after the end was still "here"
on the others' final screens. The streams of an ended table stay open now, so a final
screen is told who comes and goes. A final screen's stream holds nothing of the table
(one left open kept it in memory): the table is let go of as any nobody is at, and the
final screens are still told who comes and goes."""

from __future__ import annotations

import gc
import weakref

from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, token_of

from homestretch.core.protocol import JSON

HORSES = ("secretariat-1973", "seattle-slew-1977", "affirmed-1978")


def _here(frame: JSON) -> list[bool]:
    return [seat["connected"] for seat in frame["seats"]]


def test_a_player_who_leaves_after_the_end_is_not_here_on_the_final_screens(
    client: TestClient,
) -> None:
    race = {"name": "Last Word Stakes", "furlongs": 6, "entries": [{"horse": h} for h in HORSES]}
    people = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
    answer = client.post(
        "/api/stretch/races", json={"race": race, "mode": "quick", "players": people}
    )
    assert answer.status_code == 200, answer.text
    links = answer.json()
    game_id = links["id"]
    ann, bob, cy = (token_of(seat["link"]) for seat in links["seats"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    live = client.portal.call(hub.get, game_id)
    streams = {token: hub.frames(live, live.viewer(token)) for token in (ann, bob)}

    def next_frame(token: str) -> JSON:
        async def read() -> JSON:
            shown = await anext(streams[token])
            while shown is None:  # a keep-alive
                shown = await anext(streams[token])
            return shown

        assert client.portal is not None
        shown: JSON = client.portal.call(read)
        return shown

    assert _here(next_frame(ann)) == [True, False, False]
    assert _here(next_frame(bob)) == [True, True, False]
    for token in (ann, bob, cy):  # each says done: the race is run, the game over
        seen = frame_of(client, game_id, token)
        done = {"token": token, "version": seen["version"], "action": {"kind": "done"}}
        assert client.post(f"/api/tables/{game_id}/moves", json=done).status_code == 200
    ann_last = next_frame(ann)
    while not ann_last["over"]:
        ann_last = next_frame(ann)
    bob_last = next_frame(bob)
    while not bob_last["over"]:
        bob_last = next_frame(bob)
    assert _here(ann_last) == _here(bob_last) == [True, True, False]  # both see the end
    client.portal.call(streams[ann].aclose)  # Ann closes her page after the end
    told = next_frame(bob)  # Bob's final screen is told (his stream goes on)
    assert told["over"] and told["version"] == bob_last["version"]
    assert _here(told) == [False, True, False]
    # the table asked for later (a page opened after the end): who looks at it now
    assert _here(frame_of(client, game_id, cy)) == [False, True, False]
    client.portal.call(streams[bob].aclose)
    assert _here(frame_of(client, game_id, cy)) == [False, False, False]


def test_a_finished_table_is_let_go_of_while_its_final_screens_stay_open(
    client: TestClient,
) -> None:
    race = {"name": "Let Go Stakes", "furlongs": 6, "entries": [{"horse": h} for h in HORSES]}
    people = [{"kind": "person", "name": name} for name in ("Ann", "Bob")]
    answer = client.post(
        "/api/stretch/races", json={"race": race, "mode": "quick", "players": people}
    )
    assert answer.status_code == 200, answer.text
    links = answer.json()
    game_id = links["id"]
    ann, bob = (token_of(seat["link"]) for seat in links["seats"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    live = client.portal.call(hub.get, game_id)
    streams = {token: hub.frames(live, live.viewer(token)) for token in (ann, bob)}

    def next_frame(token: str) -> JSON:
        async def read() -> JSON:
            shown = await anext(streams[token])
            while shown is None:  # a keep-alive
                shown = await anext(streams[token])
            return shown

        assert client.portal is not None
        shown: JSON = client.portal.call(read)
        return shown

    next_frame(ann), next_frame(bob)
    for token in (ann, bob):  # each says done: the race is run, the game over
        seen = frame_of(client, game_id, token)
        done = {"token": token, "version": seen["version"], "action": {"kind": "done"}}
        assert client.post(f"/api/tables/{game_id}/moves", json=done).status_code == 200
    for token in (ann, bob):
        last = next_frame(token)
        while not last["over"]:
            last = next_frame(token)
    table = weakref.ref(live.table)
    del live
    # both final screens open, nobody at the table in play: let go of as any such table
    idle_after, hub.idle_after = hub.idle_after, 0.0
    assert hub.sweep() == [game_id]
    hub.idle_after = idle_after
    gc.collect()
    assert table() is None  # nothing holds it: its memory is free
    client.portal.call(streams[ann].aclose)  # Ann closes her page: Bob is told
    told = next_frame(bob)
    assert told["over"] and told["version"] == last["version"] and told["log"] == []
    assert _here(told) == [False, True]
    assert told["result"] == last["result"]
    # a page opened now: the table rebuilt, and who is here said on it and told Bob
    assert _here(frame_of(client, game_id, ann)) == [False, True]
    client.portal.call(streams[bob].aclose)
    assert _here(frame_of(client, game_id, ann)) == [False, False]
