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
from homestretch.web.hub import LiveTable

HORSES = ("secretariat-1973", "seattle-slew-1977", "affirmed-1978")


def _here(frame: JSON) -> list[bool]:
    return [seat["connected"] for seat in frame["seats"]]


class _Race:
    """A Stretch race of people at a served table, with Ann's and Bob's pages' streams
    open (read through ``next_frame``). The live table is not kept here: a test that
    lets it go holds the only reference it was given."""

    def __init__(self, client: TestClient, name: str, people: tuple[str, ...]) -> None:
        race = {"name": name, "furlongs": 6, "entries": [{"horse": h} for h in HORSES]}
        seats = [{"kind": "person", "name": person} for person in people]
        answer = client.post(
            "/api/stretch/races", json={"race": race, "mode": "quick", "players": seats}
        )
        assert answer.status_code == 200, answer.text
        links = answer.json()
        self.client, self.game_id = client, links["id"]
        self.tokens = [token_of(seat["link"]) for seat in links["seats"]]
        self.hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal is not None
        live = client.portal.call(self.hub.get, self.game_id)
        self.streams = {
            token: self.hub.frames(live, live.viewer(token)) for token in self.tokens[:2]
        }

    def live(self) -> LiveTable:
        """The table as the hub holds it now."""
        assert self.client.portal is not None
        return self.client.portal.call(self.hub.get, self.game_id)

    def next_frame(self, token: str) -> JSON:
        """The next frame pushed on TOKEN's stream (keep-alives passed over)."""

        async def read() -> JSON:
            shown = await anext(self.streams[token])
            while shown is None:  # a keep-alive
                shown = await anext(self.streams[token])
            return shown

        assert self.client.portal is not None
        shown: JSON = self.client.portal.call(read)
        return shown

    def last_frame(self, token: str) -> JSON:
        """Frames read on TOKEN's stream up to the game's last."""
        shown = self.next_frame(token)
        while not shown["over"]:
            shown = self.next_frame(token)
        return shown

    def all_say_done(self) -> None:
        """Each seat says done: the race is run, the game over."""
        for token in self.tokens:
            seen = frame_of(self.client, self.game_id, token)
            done = {"token": token, "version": seen["version"], "action": {"kind": "done"}}
            answer = self.client.post(f"/api/tables/{self.game_id}/moves", json=done)
            assert answer.status_code == 200

    def close(self, token: str) -> None:
        """TOKEN's page closed: its stream ends."""
        assert self.client.portal is not None
        self.client.portal.call(self.streams[token].aclose)


def test_a_player_who_leaves_after_the_end_is_not_here_on_the_final_screens(
    client: TestClient,
) -> None:
    race = _Race(client, "Last Word Stakes", ("Ann", "Bob", "Cy"))
    ann, bob, cy = race.tokens
    assert _here(race.next_frame(ann)) == [True, False, False]
    assert _here(race.next_frame(bob)) == [True, True, False]
    race.all_say_done()
    ann_last, bob_last = race.last_frame(ann), race.last_frame(bob)
    assert _here(ann_last) == _here(bob_last) == [True, True, False]  # both see the end
    race.close(ann)  # Ann closes her page after the end
    told = race.next_frame(bob)  # Bob's final screen is told (his stream goes on)
    assert told["over"] and told["version"] == bob_last["version"]
    assert _here(told) == [False, True, False]
    # the table asked for later (a page opened after the end): who looks at it now
    assert _here(frame_of(client, race.game_id, cy)) == [False, True, False]
    race.close(bob)
    assert _here(frame_of(client, race.game_id, cy)) == [False, False, False]


def test_a_finished_table_is_let_go_of_while_its_final_screens_stay_open(
    client: TestClient,
) -> None:
    race = _Race(client, "Let Go Stakes", ("Ann", "Bob"))
    ann, bob = race.tokens
    race.next_frame(ann), race.next_frame(bob)
    race.all_say_done()
    race.last_frame(ann)
    last = race.last_frame(bob)
    table = weakref.ref(race.live().table)
    # both final screens open, nobody at the table in play: let go of as any such table
    hub = race.hub
    idle_after, hub.idle_after = hub.idle_after, 0.0
    assert hub.sweep() == [race.game_id]
    hub.idle_after = idle_after
    gc.collect()
    assert table() is None  # nothing holds it: its memory is free
    race.close(ann)  # Ann closes her page: Bob is told
    told = race.next_frame(bob)
    assert told["over"] and told["version"] == last["version"] and told["log"] == []
    assert _here(told) == [False, True]
    assert told["result"] == last["result"]
    # a page opened now: the table rebuilt, and who is here said on it and told Bob
    assert _here(frame_of(client, race.game_id, ann)) == [False, True]
    race.close(bob)
    assert _here(frame_of(client, race.game_id, ann)) == [False, False]
