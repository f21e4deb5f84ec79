"""Who is "here" on a final screen. Each page's event stream ends with the game's last
frame, and a stream's end told the others' pages their player had gone: a page whose
last frame was built after another's stream had ended said that player was not here,
though his page had seen the end with it (the word "here" missing from a seat on one
final screen, not on another). An ended table says who was at it when it ended, and who
looks at it now."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, token_of

from homestretch.core.protocol import JSON

HORSES = ("secretariat-1973", "seattle-slew-1977", "affirmed-1978")


def _here(frame: JSON) -> list[bool]:
    return [seat["connected"] for seat in frame["seats"]]


def test_a_page_whose_stream_ended_first_is_still_here_on_the_others_final_screen(
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
            return await anext(streams[token])

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
    client.portal.call(streams[ann].aclose)  # Ann's stream ends before Bob's last frame is built
    bob_last = next_frame(bob)
    while not bob_last["over"]:
        bob_last = next_frame(bob)
    assert _here(ann_last) == [True, True, False]
    assert _here(bob_last) == [True, True, False]  # Ann saw the end with him
    client.portal.call(streams[bob].aclose)
    # the table asked for later (a page opened after the end): those who saw it end
    assert _here(frame_of(client, game_id, cy)) == [True, True, False]
