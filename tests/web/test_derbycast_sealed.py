"""Derby Cast's sealed picks and confirmed picks through the HTTP API, with the
computer keeper posting Top of the Stretch races (rulings R22 and R24): no frame or
log line shows a seat another's pick before picks close, and the computer keeper
closes only once every person's pick stands, so a pick may be changed until then."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.generic.test_every_game import _string_leaves
from tests.web.conftest import frame_of, open_table, token_of

from homestretch.core.protocol import JSON
from homestretch.games.derbycast.rules.actions import SealedPick
from homestretch.games.derbycast.rules.words import move_said

PEOPLE = ["Ann", "Bob", "Cy"]


def _move(client: TestClient, game_id: int, token: str, action: JSON) -> JSON:
    version = frame_of(client, game_id, token)["version"]
    answer = client.post(
        f"/api/tables/{game_id}/moves", json={"token": token, "version": version, "action": action}
    )
    assert answer.status_code == 200, answer.text
    reply: JSON = answer.json()
    return reply


def _ticket(frame: JSON, index: int = 0) -> str:
    ticket: str = frame["legal"][index]["action"]["ticket"]
    return ticket


def test_sealed_picks_stay_sealed_and_the_computer_keeper_waits_for_every_pick(
    client: TestClient,
) -> None:
    config = {
        "entrants": [{"name": n} for n in PEOPLE],
        "source": "keeper",
        "races": 1,
        "sealed": True,
        "confirm": True,
    }
    seats = [{"kind": "person", "name": n} for n in PEOPLE]  # the keeper: the computer's
    links = open_table(client, game="derbycast", config=config, seats=seats, seed=4)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    frames = [frame_of(client, game_id, t) for t in tokens]
    assert all(f["your_turn"] for f in frames)  # sealed: everyone picks at once
    first, changed = _ticket(frames[0], 0), _ticket(frames[0], 5)
    _move(client, game_id, tokens[0], {"kind": "sealed-pick", "ticket": first})
    _move(client, game_id, tokens[0], {"kind": "sealed-pick", "ticket": changed})
    _move(client, game_id, tokens[1], {"kind": "sealed-pick", "ticket": _ticket(frames[1], 2)})
    for viewer in (tokens[1], tokens[2], None):
        seen = _string_leaves(frame_of(client, game_id, viewer))
        assert not {first, changed} & seen and "hidden" in seen
    mine = _string_leaves(frame_of(client, game_id, tokens[0]))
    assert {first, changed} <= mine  # a seat's own log shows its own tickets
    _move(client, game_id, tokens[2], {"kind": "sealed-pick", "ticket": _ticket(frames[2], 1)})

    # every marker has picked: the computer keeper waits for each pick to stand
    frames = [frame_of(client, game_id, t) for t in tokens]
    assert frames[0]["view"]["phase"] == "confirm"
    assert all(
        f["legal"] == [{"action": {"kind": "ready"}, "text": "my pick stands"}] for f in frames
    )
    _move(client, game_id, tokens[0], {"kind": "ready"})
    _move(client, game_id, tokens[1], {"kind": "ready"})
    again = changed.replace("|place|", "|win|") if "|place|" in changed else first
    _move(client, game_id, tokens[0], {"kind": "sealed-pick", "ticket": again})
    assert frame_of(client, game_id, None)["view"]["phase"] == "confirm"  # still open
    _move(client, game_id, tokens[2], {"kind": "ready"})
    after = _move(client, game_id, tokens[0], {"kind": "ready"})
    # the keeper closed picks and posted the official result at once: all revealed
    view = frame_of(client, game_id, None)["view"]
    assert after["version"] > 0 and view["last_race"]["race"] == 1  # over, or a tie-break
    picks = view["last_race"]["picks"]
    assert [p["marker"] for p in picks] == [1, 2, 3] and all("horse" in p for p in picks)
    assert again.split("|", 2)[2] == picks[0]["horse"]


def test_a_streamed_log_shows_the_sealed_picks_once_picks_close(client: TestClient) -> None:
    """A page kept open through the picks reads the same log as a page opened after:
    the lines its stream sent as "hidden" are sent again once the seat may read them,
    a pick changed before the close still as a sealed pick alone (R26)."""
    config = {"entrants": [{"name": n} for n in PEOPLE], "source": "keeper", "races": 1}
    config["sealed"] = True
    seats = [{"kind": "person", "name": n} for n in PEOPLE]
    links = open_table(client, game="derbycast", config=config, seats=seats, seed=4)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    portal = client.portal

    async def open_stream() -> Any:
        live = await hub.get(game_id)
        return hub.frames(live, live.viewer(tokens[1]))

    stream = portal.call(open_stream)
    page_log: list[JSON] = []  # as table.js keeps it: the lines from log_from replaced

    async def next_frame() -> JSON:
        while (frame := await anext(stream)) is None:
            pass  # a keep-alive
        return frame

    def pull() -> JSON:
        frame = portal.call(next_frame)
        page_log[frame["log_from"] :] = frame["log"]
        return frame

    pull()
    before = frame_of(client, game_id, tokens[0])
    first, changed = (_ticket(before, i) for i in (0, 5))
    _move(client, game_id, tokens[0], {"kind": "sealed-pick", "ticket": first})
    assert "hidden" in _string_leaves(pull()["log"])  # Ann's pick, not Bob's to read yet
    _move(client, game_id, tokens[0], {"kind": "sealed-pick", "ticket": changed})
    for seat in (1, 2):
        _move(
            client,
            game_id,
            tokens[seat],
            {"kind": "sealed-pick", "ticket": _ticket(frame_of(client, game_id, tokens[seat]))},
        )
    final = frame_of(client, game_id, tokens[1])
    while pull()["version"] < final["version"]:
        pass
    portal.call(stream.aclose)
    assert page_log == final["log"]
    # the pick that stands is read, not the one it replaced (R26)
    assert changed in _string_leaves(page_log) and first not in _string_leaves(page_log)
    anns = [line["words"] for line in page_log if line.get("player") == 0]
    card = before["view"]["card"]  # the log names the horse with its number on this card
    numbers = dict(zip(card["horses"], card["programs"], strict=True))
    assert anns == ["picked (sealed)", move_said(SealedPick(changed), PEOPLE, numbers)]
