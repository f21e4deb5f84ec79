"""The server's rules beyond playing: one-line refusals that change nothing, the lobby,
invitations, the creator handing seats to the computer, dice typed in, pushed frames
and presence, a second server on the same store, and the fair-dice check."""

from __future__ import annotations

import json
import random
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.conftest import refused
from tests.web.conftest import (
    first_pushed_frame,
    frame_of,
    open_table,
    refusal,
    timeless,
    token_of,
)
from typer.testing import CliRunner

from homestretch.cli.main import app as cli_app
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.core.registry import entries
from homestretch.store.db import Store
from homestretch.web import pages
from homestretch.web.app import MAX_BODY, create_app
from homestretch.web.hub import SEAT_GONE
from homestretch.web.verify import NOT_YET, still_played

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
BOTS = [
    {"kind": "bot", "bot": "random", "name": "R1"},
    {"kind": "bot", "bot": "sensible", "name": "S2"},
]


def totopoly(client: TestClient, seats: list[dict[str, Any]] = PEOPLE, **more: Any) -> JSON:
    return open_table(client, game="totopoly", config={"players": 2}, seats=seats, **more)


def play_out(client: TestClient, game_id: int, tokens: list[str], seed: int = 1) -> JSON:
    """Play every person's turn with a seeded random legal action until the game ends."""
    rng = random.Random(seed)
    while True:
        frames = [frame_of(client, game_id, token) for token in tokens]
        if frames[0]["over"]:
            return frames[0]
        frame = next(f for f in frames if f["your_turn"])
        token = tokens[frame["seat"]]
        move = {
            "token": token,
            "version": frame["version"],
            "action": rng.choice(frame["legal"])["action"],
        }
        assert client.post(f"/api/tables/{game_id}/moves", json=move).status_code == 200


def move_once(client: TestClient, game_id: int, tokens: list[str]) -> JSON:
    """The first legal action of the person whose turn it is."""
    frame = next(f for f in (frame_of(client, game_id, t) for t in tokens) if f["your_turn"])
    action = frame["legal"][0]["action"]
    move = {"token": tokens[frame["seat"]], "version": frame["version"], "action": action}
    response = client.post(f"/api/tables/{game_id}/moves", json=move)
    assert response.status_code == 200, response.text
    return response.json()


# --- refusals -------------------------------------------------------------------------
def test_opening_a_table_wrongly_is_one_line_and_opens_nothing(client: TestClient) -> None:
    def refused(request: dict[str, Any]) -> str:
        return refusal(client.post("/api/tables", json=request), 400)

    assert "unknown game" in refused({"game": "chess", "config": {}, "seats": []})
    assert "configuration" in refused({"game": "totopoly", "config": [], "seats": PEOPLE})
    assert "seats 2" in refused({"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE[:1]})
    bad_bot = [PEOPLE[0], {"kind": "bot", "bot": "genius", "name": "G"}]
    assert "genius" in refused({"game": "totopoly", "config": {"players": 2}, "seats": bad_bot})
    asked = {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE}
    assert "seeded or asked" in refused({**asked, "dice": "loaded"})
    assert "seed" in refused({**asked, "seed": -1})
    entrants = [{"name": p["name"], "members": [p["name"]], "bot": False} for p in PEOPLE]
    derby = {
        "game": "derbycast",
        "config": {"entrants": entrants},
        "seats": PEOPLE,
        "dice": "asked",
    }
    assert refused(derby) == 'Derby Cast throws no dice to type in: its dice are "seeded"'
    assert client.get("/api/tables").json() == []


def test_bad_requests_are_refused_with_one_line(client: TestClient) -> None:
    links = totopoly(client)
    game_id = links["id"]
    token = token_of(links["seats"][0]["link"])
    before = frame_of(client, game_id, token)
    moves = f"/api/tables/{game_id}/moves"
    refusal(client.get("/api/tables/999/frame"), 404)
    refusal(client.post("/api/tables/999/moves", json={"version": 0}), 404)
    refusal(client.get("/t/999/watch"), 404)
    refusal(client.get("/api/tables/nine/frame"), 400)
    refusal(client.get("/no/such/page"), 404)
    refusal(client.get(f"/api/tables/{game_id}/frame", params={"token": "guess"}), 403)
    refusal(client.get(f"/t/{game_id}/seat/guess"), 403)
    assert "not JSON" in refusal(client.post(moves, content=b"{oops"), 400)
    assert "object" in refusal(client.post(moves, json=[1, 2]), 400)
    assert "version" in refusal(client.post(moves, json={"token": token}), 400)
    huge = {"token": token, "version": before["version"], "action": {"kind": "x" * MAX_BODY}}
    refusal(client.post(moves, json=huge), 413)
    assert NOT_YET in refusal(client.get(f"/api/tables/{game_id}/verify"), 400)
    assert "over" in refusal(client.get(f"/api/tables/{game_id}/replay"), 400)
    assert frame_of(client, game_id, token) == before


# --- the lobby ------------------------------------------------------------------------
def test_the_lobby_lists_public_tables_and_offers_every_game(client: TestClient) -> None:
    public = totopoly(client)
    private = totopoly(client, private=True)
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert public["id"] in listed and private["id"] not in listed
    page = client.get("/")
    assert page.status_code == 200
    assert f"/t/{public['id']}/watch" in page.text
    assert f"/t/{private['id']}/watch" not in page.text
    offered = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(offered) == set(entries())
    for name, choice in offered.items():  # each default configuration opens a table
        entry = entries()[name]
        assert entry.make(choice["config"]).num_players == choice["players"]
        seats = [{"kind": "person", "name": f"P{s}"} for s in range(choice["players"])]
        opened = open_table(client, game=name, config=choice["config"], seats=seats, seed=2)
        assert len(opened["seats"]) == choice["players"]


def test_the_lobby_says_who_sits_at_a_listed_table_now(client: TestClient) -> None:
    """A listed table's line in the lobby names its seats as they are now: an open seat
    and a computer's said as such, and once a guest takes the open seat, the guest's
    name (it kept the names the table was opened with: "Ann, Player 2" with Dan there);
    the list gives no seat's secret."""
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "open", "name": "Player 2"}]
    seats.append({"kind": "bot", "bot": "random", "name": "Robo"})
    links = open_table(client, game="totopoly", config={"players": 3}, seats=seats, seed=3)
    game_id = links["id"]
    who = f'<a href="/t/{game_id}/watch">'
    line = next(li for li in client.get("/").text.split("<li>") if who in li)
    assert "Ann, Player 2 (open seat), Robo (computer)" in line
    invite = links["invite"].rsplit("/", 1)[1]
    joined = client.post(f"/api/tables/{game_id}/join", json={"invite": invite, "name": "Dan"})
    assert joined.status_code == 200, joined.text
    line = next(li for li in client.get("/").text.split("<li>") if who in li)
    assert "Ann, Dan, Robo (computer)" in line and "Player 2" not in line
    (listed,) = [t for t in client.get("/api/tables").json() if t["id"] == game_id]
    assert listed["seats"] == [
        {"name": "Ann", "kind": "person"},
        {"name": "Dan", "kind": "person"},
        {"name": "Robo", "kind": "bot"},
    ]
    assert "token" not in json.dumps(listed) and invite not in json.dumps(listed)


def test_pages_are_served_with_their_scripts(client: TestClient) -> None:
    links = totopoly(client)
    seat_page = client.get(links["seats"][0]["link"])
    assert seat_page.status_code == 200
    assert 'id="actions"' in seat_page.text and 'data-mode="seat"' in seat_page.text
    assert 'name="viewport"' in seat_page.text
    assert client.get(links["watch"]).status_code == 200
    assert client.get(links["admin"]).status_code == 200
    assert client.get(links["invite"]).status_code == 200
    assert client.get(f"/t/{links['id']}/replay").status_code == 200
    for asset in ("table.js", "lobby.js", "table.css"):
        assert client.get(f"/static/{asset}").status_code == 200


def test_a_page_loads_the_game_board_only_where_one_exists(client: TestClient) -> None:
    links = totopoly(client)
    page = client.get(links["watch"]).text
    assert 'data-game="totopoly"' in page
    assert "{{" not in page
    script = '<script src="/static/games/totopoly.js">'
    assert (script in page) == pages.has_board("totopoly")
    if pages.has_board("totopoly"):
        assert client.get("/static/games/totopoly.js").status_code == 200
    assert not pages.has_board("no-such-game")


# --- seats change hands ---------------------------------------------------------------
def test_an_invitation_takes_the_open_seat_once(client: TestClient) -> None:
    links = totopoly(client, seats=[PEOPLE[0], {"kind": "open", "name": "Guest"}])
    game_id, invite = links["id"], token_of(links["invite"])
    join = f"/api/tables/{game_id}/join"
    refusal(client.post(join, json={"invite": "wrong", "name": "Eve"}), 403)
    refusal(client.post(join, json={"invite": invite, "name": ""}), 400)
    taken = client.post(join, json={"invite": invite, "name": "Cleo"}).json()
    assert taken["seat"] == 1
    frame = frame_of(client, game_id, token_of(taken["link"]))
    assert frame["seats"][1] == {
        "seat": 1,
        "name": "Cleo",
        "kind": "person",
        "bot": None,
        "words": None,
        "connected": False,
    }
    assert "taken" in refusal(client.post(join, json={"invite": invite, "name": "Dan"}), 400)
    move_once(client, game_id, [token_of(links["seats"][0]["link"]), token_of(taken["link"])])


def test_a_name_already_seated_takes_no_second_seat(client: TestClient) -> None:
    """Cleo taps the invitation in the chat again and types her name again: she is told
    she sits at the table already, and the open seat stays open for the next friend."""
    open_seats = [{"kind": "open", "name": "Guest"}, {"kind": "open", "name": "Guest 2"}]
    links = open_table(
        client, game="totopoly", config={"players": 3}, seats=[PEOPLE[0], *open_seats]
    )
    game_id, invite = links["id"], token_of(links["invite"])
    join = f"/api/tables/{game_id}/join"
    assert client.post(join, json={"invite": invite, "name": "Cleo"}).json()["seat"] == 1
    for again in ("Cleo", " cleo ", PEOPLE[0]["name"]):
        said = refusal(client.post(join, json={"invite": invite, "name": again}), 400)
        assert "already sits at this table" in said and "another name" in said
    assert frame_of(client, game_id)["seats"][2]["kind"] == "open"
    assert client.post(join, json={"invite": invite, "name": "Dan"}).json()["seat"] == 2


def test_an_invitation_seats_a_name_at_the_seat_made_for_it(client: TestClient) -> None:
    """The lobby hands out one invitation: Eve, for whom the creator opened a seat as
    "Eve", takes that seat however she types her name (it took the first open seat, Dan's,
    whatever name was typed); a name no seat was made for takes none made for another:
    with only Dan's left, Zed is told it is kept for Dan, and Dan takes it."""
    seats = [PEOPLE[0], *({"kind": "open", "name": name} for name in ("Dan", "Eve", "Fay"))]
    links = open_table(client, game="totopoly", config={"players": 4}, seats=seats)
    game_id, invite = links["id"], token_of(links["invite"])
    join = f"/api/tables/{game_id}/join"
    assert client.post(join, json={"invite": invite, "name": "  eVE "}).json()["seat"] == 2
    assert client.post(join, json={"invite": invite, "name": "FAY"}).json()["seat"] == 3
    said = refusal(client.post(join, json={"invite": invite, "name": "Zed"}), 400)
    assert "kept for Dan:" in said
    assert client.post(join, json={"invite": invite, "name": "dan"}).json()["seat"] == 1
    names = [seat["name"] for seat in frame_of(client, game_id)["seats"]]
    assert names == ["Ann", "dan", "eVE", "FAY"]


@pytest.mark.parametrize("unnamed", ["Player 4", "Seat 3", "Guest", "guest 2", None])
def test_a_name_no_seat_was_made_for_takes_a_seat_made_for_nobody(
    client: TestClient, unnamed: str | None
) -> None:
    """Eve, for whom no seat was made, joins a table whose open seats are Dan's and one
    the creator named for nobody (the lobby form's "Player 4", the API's "Seat 3",
    "Guest", or no name at all): she takes the one for nobody, not Dan's, though Dan's
    comes first; Fay, with none for nobody left, is told whom the rest are kept for."""
    nobody = {"kind": "open"} if unnamed is None else {"kind": "open", "name": unnamed}
    open_seats = [{"kind": "open", "name": name} for name in ("Dan", "Gus")]
    seats = [PEOPLE[0], open_seats[0], nobody, open_seats[1]]
    links = open_table(client, game="totopoly", config={"players": 4}, seats=seats)
    game_id, invite = links["id"], token_of(links["invite"])
    join = f"/api/tables/{game_id}/join"
    assert client.post(join, json={"invite": invite, "name": "Eve"}).json()["seat"] == 2
    said = refusal(client.post(join, json={"invite": invite, "name": "Fay"}), 400)
    assert "the open seats at this table are kept for Dan and Gus:" in said, said
    admin = token_of(links["admin"])
    for seat, name in ((2, "Fay"), (1, "Hal")):  # Eve's seat opened again, then Dan's
        freed = client.post(
            f"/api/tables/{game_id}/seats/{seat}", json={"token": admin, "bot": "open"}
        )
        assert freed.status_code == 200, freed.text  # the opener's: anyone's now
        assert client.post(join, json={"invite": invite, "name": name}).json()["seat"] == seat


def test_a_table_opened_before_seats_were_kept_for_names_seats_anyone(
    client: TestClient,
) -> None:
    """A table whose settings keep no names for its open seats (opened by an older
    release) seats Zed at Dan's, as it did then: no one is refused a seat it offered."""
    seats = [PEOPLE[0], {"kind": "open", "name": "Dan"}]
    links = open_table(client, game="totopoly", config={"players": 2}, seats=seats)
    game_id = links["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    live = client.portal.call(hub.get, game_id)
    del live.web["open_for"]  # as an older release stored it
    hub.store.change_settings(game_id, lambda stored: {**stored, "web": live.web})
    join = {"invite": token_of(links["invite"]), "name": "Zed"}
    assert client.post(f"/api/tables/{game_id}/join", json=join).json()["seat"] == 1


def test_a_finished_tables_invitation_says_the_game_is_over_and_links_to_watch_it(
    client: TestClient,
) -> None:
    links = totopoly(client, seats=BOTS, seed=9)
    game_id, invite = links["id"], token_of(links["invite"])
    assert frame_of(client, game_id)["over"]
    page = client.get(f"/t/{game_id}/join/{invite}")
    assert page.status_code == 200 and "game is over" in page.text and "taken" not in page.text
    assert f'href="/t/{game_id}/watch"' in page.text
    assert f'href="/t/{game_id}/replay"' in page.text
    join = {"invite": invite, "name": "Dan"}
    said = refusal(client.post(f"/api/tables/{game_id}/join", json=join), 400)
    assert "over" in said and "taken" not in said


def test_a_full_tables_invitation_says_so_before_a_name_is_typed(client: TestClient) -> None:
    """Every seat taken: the invitation says so, with the way to watch it (a listed
    table's; a private table's watch key only where its opener lets the invitation
    watch while the game runs)."""
    for private, watches in ((False, False), (True, True), (True, False)):
        links = totopoly(client, private=private, invitation_watches=watches)  # no open seat
        game_id, invite = links["id"], token_of(links["invite"])
        page = client.get(f"/t/{game_id}/join/{invite}").text
        assert "Every seat at this table is taken" in page and 'id="join"' not in page
        assert (f'href="{links["watch"]}"' in page) is (watches or not private)
        assert ("/watch/" in page) is (private and watches)
        assert ('id="watch-kept"' in page) is (private and not watches)


def test_a_finished_private_tables_invitation_links_to_watch_it_with_its_key(
    client: TestClient,
) -> None:
    """The invitation admitted its holder to the table: once the game is over it shows
    them the watch and replay links, which carry the table's watch key and open."""
    links = totopoly(client, seats=BOTS, seed=9, private=True)
    game_id, invite, key = links["id"], token_of(links["invite"]), token_of(links["watch"])
    page = client.get(f"/t/{game_id}/join/{invite}").text
    assert "game is over" in page
    assert f'href="/t/{game_id}/watch/{key}"' in page
    assert f'href="/t/{game_id}/replay?token={key}"' in page
    assert client.get(f"/t/{game_id}/watch/{key}").status_code == 200
    assert client.get(f"/t/{game_id}/replay", params={"token": key}).status_code == 200


def test_a_finished_tables_invitation_keeps_the_watch_link_its_opener_kept(
    client: TestClient,
) -> None:
    """Where the opener kept the watch link to themselves, the invitation of the
    finished game still offers the replay (opened with the invitation itself, once the
    game is over), but not the watch link: its key is not shown."""
    links = totopoly(client, private=True, invitation_watches=False)
    game_id, invite, key = links["id"], token_of(links["invite"]), token_of(links["watch"])
    for path in (f"/t/{game_id}/replay", f"/api/tables/{game_id}/replay"):  # not yet
        refusal(client.get(path, params={"token": invite}), 403)
    play_out(client, game_id, [token_of(seat["link"]) for seat in links["seats"]])
    page = client.get(f"/t/{game_id}/join/{invite}").text
    assert "game is over" in page and "See how it ended" not in page
    assert key not in page and "/watch" not in page
    assert f'href="/t/{game_id}/replay?token={invite}"' in page
    assert client.get(f"/t/{game_id}/replay", params={"token": invite}).status_code == 200
    answer = client.get(f"/api/tables/{game_id}/replay", params={"token": invite, "at": 3})
    assert answer.status_code == 200 and answer.json()["seat"] is None  # a spectator's
    refusal(client.get(f"/api/tables/{game_id}/frame", params={"token": invite}), 403)


NAMED_GAMES = {
    "totopoly": {"players": 2},
    "across": {**entries()["across"].harness_configs()[0], "players": 3},
    "derbycast": entries()["derbycast"].harness_configs()[0],
}


@pytest.mark.parametrize("game", sorted(NAMED_GAMES))
def test_a_person_who_takes_an_open_seat_is_called_by_their_name_in_the_game(
    client: TestClient, store: Store, game: str
) -> None:
    """The game's own name fields (Totopoly's and Across's names, Derby Cast's
    entrants) carry the name given on joining, not the open seat's, in every view,
    after a rebuild from the store, and at another server told of the change."""
    config = NAMED_GAMES[game]
    seats = [PEOPLE[0], {"kind": "open", "name": "Guest"}, *BOTS[: config["players"] - 2]]
    links = open_table(client, game=game, config=config, seats=seats, seed=4)
    game_id, invite = links["id"], token_of(links["invite"])
    ann = token_of(links["seats"][0]["link"])
    assert "Guest" in json.dumps(frame_of(client, game_id, ann)["view"])
    with TestClient(create_app(Store(store.path))) as other:
        frame_of(other, game_id, ann)  # the other server has the table live too
        join = {"invite": invite, "name": "Cleo"}
        cleo = token_of(client.post(f"/api/tables/{game_id}/join", json=join).json()["link"])
        assert other.portal is not None
        other.portal.call(other.app.state.hub.changed_elsewhere, game_id)  # type: ignore[attr-defined]
        for server in (client, other):
            for token in (ann, cleo, None):
                view = json.dumps(frame_of(server, game_id, token)["view"])
                assert "Cleo" in view and "Guest" not in view, (game, token)
    with TestClient(create_app(Store(store.path))) as rebuilt:  # from the store alone
        view = json.dumps(frame_of(rebuilt, game_id, cleo)["view"])
        assert "Cleo" in view and "Guest" not in view
        move_once(rebuilt, game_id, [ann, cleo])  # and the game goes on


def test_the_creator_hands_a_seat_to_the_computer_and_the_game_goes_on(client: TestClient) -> None:
    links = totopoly(client)
    game_id, admin = links["id"], links["admin_token"]
    ann, bob = (token_of(s["link"]) for s in links["seats"])
    seats = f"/api/tables/{game_id}/seats"
    refusal(client.post(f"{seats}/1", json={"token": bob, "bot": "random"}), 403)
    before = frame_of(client, game_id)
    assert "genius" in refusal(
        client.post(f"{seats}/1", json={"token": admin, "bot": "genius"}), 400
    )
    assert frame_of(client, game_id) == before
    handed = client.post(f"{seats}/1", json={"token": admin, "bot": "sensible"})
    assert handed.status_code == 200 and handed.json()["admin"]
    assert handed.json()["seats"][1]["kind"] == "bot"
    frame = frame_of(client, game_id, bob)
    assert 1 not in frame["waiting"]["seats"] or frame["over"]
    if not frame["over"]:
        move = {"token": bob, "version": frame["version"], "action": {"kind": "pass"}}
        assert "computer" in refusal(client.post(f"/api/tables/{game_id}/moves", json=move), 403)
    assert play_out(client, game_id, [ann])["over"]  # Ann plays on alone with the computer
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert game_id not in listed  # finished


def test_the_creators_page_keeps_the_tables_links_and_no_one_elses_does(
    client: TestClient,
) -> None:
    """The lobby shows a new table's links once; the creator's frame carries them as
    they are now (to send on again: a friend lost theirs, a seat was opened again for
    the invitation), and no seat's or spectator's frame carries any."""
    links = totopoly(client, private=True)
    game_id, admin = links["id"], links["admin_token"]
    ann, bob = (token_of(s["link"]) for s in links["seats"])
    kept = frame_of(client, game_id, admin)["links"]
    assert kept == {"seats": links["seats"], "invite": links["invite"], "watch": links["watch"]}
    for token in (ann, bob, token_of(links["watch"])):
        assert "links" not in frame_of(client, game_id, token)
    handed = client.post(f"/api/tables/{game_id}/seats/1", json={"token": admin, "bot": "open"})
    assert [s["name"] for s in handed.json()["links"]["seats"]] == ["Ann"]
    join = {"invite": token_of(links["invite"]), "name": "Dan"}
    taken = client.post(f"/api/tables/{game_id}/join", json=join).json()
    seats = frame_of(client, game_id, admin)["links"]["seats"]
    assert seats[1] == {"seat": 1, "name": "Dan", "link": taken["link"]}
    assert taken["link"] != links["seats"][1]["link"]


def test_the_chosen_seat_types_the_real_dice(client: TestClient) -> None:
    links = totopoly(client, seats=[PEOPLE[0], BOTS[1]], dice="asked", roller=0)
    game_id, ann = links["id"], token_of(links["seats"][0]["link"])
    rng = random.Random(3)
    for _ in range(500):  # Ann plays until a roll is due
        frame = frame_of(client, game_id, ann)
        if frame["may_roll"]:
            break
        move = {
            "token": ann,
            "version": frame["version"],
            "action": rng.choice(frame["legal"])["action"],
        }
        assert client.post(f"/api/tables/{game_id}/moves", json=move).status_code == 200
    else:
        pytest.fail("no roll was asked for")
    moves = f"/api/tables/{game_id}/moves"
    roll = frame["waiting"]["roll"]
    assert not frame_of(client, game_id)["may_roll"]  # a spectator does not roll
    refusal(client.post(moves, json={"version": frame["version"], "roll": [1] * roll["dice"]}), 403)
    refusal(
        client.post(
            moves, json={"token": ann, "version": frame["version"], "roll": [9] * roll["dice"]}
        ),
        400,
    )
    refusal(
        client.post(moves, json={"token": ann, "version": frame["version"], "roll": "two"}), 400
    )
    assert frame_of(client, game_id, ann) == frame
    rolled = client.post(
        moves, json={"token": ann, "version": frame["version"], "roll": [2] * roll["dice"]}
    )
    assert rolled.status_code == 200
    # the answer is the version the roll made; the page's stream brings the frame
    after = frame_of(client, game_id, ann)
    assert rolled.json() == {"version": after["version"], "again": False}
    assert after["version"] > frame["version"]
    assert after["log"][frame["version"]]["faces"] == [2] * roll["dice"]
    admin_frame = frame_of(client, game_id, links["admin_token"])
    assert admin_frame["admin"] and admin_frame["seat"] is None


# --- pushed frames --------------------------------------------------------------------
def test_presence_follows_the_open_event_streams(client: TestClient) -> None:
    links = totopoly(client)
    game_id = links["id"]
    ann, bob = (token_of(s["link"]) for s in links["seats"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    live = client.portal.call(hub.get, game_id)
    stream = hub.frames(live, live.viewer(ann))

    async def next_frame() -> JSON:
        return await anext(stream)

    first = client.portal.call(next_frame)
    assert first["seats"][0]["connected"]
    assert frame_of(client, game_id, bob)["seats"][0]["connected"]
    frame = frame_of(client, game_id, bob if frame_of(client, game_id, bob)["your_turn"] else ann)
    token = bob if frame["seat"] == 1 else ann
    move = {"token": token, "version": frame["version"], "action": frame["legal"][0]["action"]}
    client.post(f"/api/tables/{game_id}/moves", json=move)
    pushed = client.portal.call(next_frame)  # woken by the move
    assert pushed["version"] > first["version"]
    whole = frame_of(client, game_id, ann)
    # the push brings only the log lines the stream had not sent, the rest as a reload
    assert pushed["log_from"] == first["version"]
    assert first["log"] + pushed["log"] == whole["log"]
    reloaded = whole | {"seats": pushed["seats"]}
    assert timeless(pushed) | {"log": whole["log"], "log_from": 0} == reloaded
    client.portal.call(stream.aclose)
    assert not frame_of(client, game_id, bob)["seats"][0]["connected"]


def test_a_seat_handed_over_ends_its_old_links_stream(client: TestClient) -> None:
    """The creator hands Bob's seat to the computer (his stream goes on: his own seat),
    then opens it for someone else (a new link): Bob's page, still connected, is sent
    no more of the seat's frames (the next holder's cards and moves), only that his
    link plays no seat now."""
    links = totopoly(client)
    game_id, bob = links["id"], token_of(links["seats"][1]["link"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    live = client.portal.call(hub.get, game_id)
    stream = hub.frames(live, live.viewer(bob))

    async def next_frame() -> JSON:
        return await anext(stream)

    assert client.portal.call(next_frame)["seat"] == 1
    for bot, still in (("random", True), ("open", False)):
        handed = {"token": links["admin_token"], "bot": bot}
        assert client.post(f"/api/tables/{game_id}/seats/1", json=handed).status_code == 200
        pushed = client.portal.call(next_frame)
        assert ("gone" not in pushed) is still, pushed
    assert pushed == {"gone": SEAT_GONE} and "handed the seat over" in SEAT_GONE
    with pytest.raises(StopAsyncIteration):
        client.portal.call(next_frame)


def test_the_event_stream_of_a_finished_table_sends_its_last_frame(client: TestClient) -> None:
    links = open_table(
        client, game="stretch", config=entries()["stretch"].harness_configs()[0], seats=[]
    )
    with client.stream("GET", f"/api/tables/{links['id']}/events") as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        lines = response.iter_lines()  # the stream stays open (who comes and goes)
        event, data = next(lines), next(lines)
    assert event == "event: frame"
    assert timeless(json.loads(data.removeprefix("data: "))) == frame_of(client, links["id"])
    assert first_pushed_frame(client, links["id"], None)["over"]


def test_a_second_server_on_the_same_store_carries_on(client: TestClient, store: Store) -> None:
    links = totopoly(client)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    with TestClient(create_app(Store(store.path))) as other:
        assert frame_of(other, game_id, tokens[0]) == frame_of(client, game_id, tokens[0])
        for _ in range(3):  # the moves land in the shared store
            move_once(other, game_id, tokens)
        moved_on = frame_of(other, game_id, tokens[0])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[game_id].table.version < moved_on["version"]  # its copy is behind
    # told of the change, the first server syncs its copy
    assert client.portal is not None
    client.portal.call(hub.changed_elsewhere, game_id)
    assert hub.tables[game_id].table.version == moved_on["version"]
    assert frame_of(client, game_id, tokens[0]) == moved_on


def test_a_frame_read_on_a_second_server_brings_its_copy_up_to_date(
    client: TestClient, store: Store
) -> None:
    """Not told (no notice, no page watching there): a frame read looks at the store."""
    links = totopoly(client)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    with TestClient(create_app(Store(store.path))) as other:
        for _ in range(3):
            move_once(other, game_id, tokens)
        moved_on = frame_of(other, game_id, tokens[0])
    assert frame_of(client, game_id, tokens[0]) == moved_on


def test_a_frame_says_how_long_the_table_has_stood_at_its_version(
    client: TestClient, store: Store
) -> None:
    """``since``, by the server's clock, from the move that made the version (a board
    times what it unfolds by it, so every screen agrees); a server that loads the table
    from the store (restarted, or another process) times it from when the store kept
    the move, and only a log stored before the store kept the time gives None."""
    links = totopoly(client)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]

    def since(server: TestClient, token: str | None = None) -> float | None:
        params = {"token": token} if token else {}
        answer = server.get(f"/api/tables/{game_id}/frame", params=params).json()
        return answer["since"]  # type: ignore[no-any-return]

    first = since(client)
    assert first is not None and 0 <= first <= (since(client, tokens[0]) or -1.0)
    version = move_once(client, game_id, tokens)["version"]
    assert client.app.state.hub.tables[game_id].reached[0] == version  # type: ignore[attr-defined]
    here = since(client)
    with TestClient(create_app(Store(store.path))) as other:
        loaded = since(other)  # loaded from the store: timed from the stored move
        assert here is not None and loaded is not None and loaded >= here - 0.01
        move_once(other, game_id, tokens)
        assert since(other) is not None  # its own move: known from then
        version = frame_of(other, game_id, tokens[0])["version"]
    _drop_stored_times(Path(store.path), game_id)
    with TestClient(create_app(Store(store.path))) as restarted:
        assert frame_of(restarted, game_id, tokens[0])["version"] == version
        assert since(restarted) is None  # a log stored without times: not known
    assert client.portal is not None
    client.portal.call(client.app.state.hub.changed_elsewhere, game_id)  # type: ignore[attr-defined]
    assert since(client) is not None  # told of the other server's move: timed from then


def test_a_move_made_before_the_notice_of_another_servers_move_is_refused_as_stale(
    client: TestClient, store: Store
) -> None:
    """A server does not read the store before a move: one whose copy missed another
    server's move (its notice not yet there) has the move refused by the log's unique
    key, answered with 409 and the table as it is now, and the move made again goes on."""
    links = totopoly(client)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    seen = [frame_of(client, game_id, t) for t in tokens]  # the pages, drawn before it
    with TestClient(create_app(Store(store.path))) as other:
        moved_on = move_once(other, game_id, tokens)
    behind = next(f for f in seen if f["your_turn"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    held = hub.tables[game_id].table.version
    assert behind["version"] == held < moved_on["version"]  # not told yet
    move = {"token": tokens[behind["seat"]], "version": behind["version"]}
    refused = client.post(
        f"/api/tables/{game_id}/moves", json={**move, "action": behind["legal"][0]["action"]}
    )
    # said as any stale move is, one sentence naming who moved first (not the store's
    # "game N moved on ... move P")
    reason = refusal(refused, 409)
    assert reason.startswith("The table moved on before your move reached it (")
    assert reason.endswith(
        "), so yours was not made: look again and make it again if you still want it."
    )
    assert f"Game {game_id}" not in reason and reason.count("moved on") == 1
    now = refused.json()["frame"]
    assert now["version"] == moved_on["version"] == frame_of(client, game_id, tokens[0])["version"]
    assert len(store.load(game_id).events) == moved_on["version"]  # nothing was stored
    move_once(client, game_id, tokens)


def test_a_table_whose_bundled_files_changed_since_is_refused_in_one_line(
    client: TestClient, store: Store
) -> None:
    """A server that loads a table from the store (after a restart, or a second one)
    refuses it when a bundled file it read differs from when it was saved, naming it."""
    links = totopoly(client)
    game_id, token = links["id"], token_of(links["seats"][0]["link"])
    with sqlite3.connect(Path(store.path)) as db:
        (text,) = db.execute(
            "select settings from table_settings where game_id = ?", (game_id,)
        ).fetchone()
        settings = json.loads(text)
        settings["bundled_content"]["content/cards.toml"] = "0" * 20  # as saved then
        db.execute(
            "update table_settings set settings = ? where game_id = ?",
            (json.dumps(settings), game_id),
        )
    with TestClient(create_app(Store(store.path))) as restarted:
        answer = restarted.get(f"/api/tables/{game_id}/frame", params={"token": token})
        line = refusal(answer, 400)
    assert "content/cards.toml" in line and "cannot be replayed or resumed exactly" in line


# --- fair dice ------------------------------------------------------------------------
def _finished_table(client: TestClient) -> int:
    """A totopoly table of two computer players, played to its end when opened."""
    links = totopoly(client, seats=BOTS, seed=9)
    assert frame_of(client, links["id"])["over"]
    return int(links["id"])


def test_verify_a_finished_table_and_catch_a_changed_die(client: TestClient, store: Store) -> None:
    game_id = _finished_table(client)
    runner = CliRunner()
    fair = runner.invoke(
        cli_app, ["verify", str(game_id), "--db", str(store.path), "--format", "json"]
    )
    assert fair.exit_code == 0, fair.output
    verdict = json.loads(fair.output)
    assert verdict["fair"] and verdict["seed"] == 9
    # change one die in the stored log
    rolled = next(e for e in frame_of(client, game_id)["log"] if "faces" in e)
    _change_die(Path(store.path), game_id, rolled["position"])
    tampered = runner.invoke(cli_app, ["verify", str(game_id), "--db", str(store.path)])
    assert tampered.exit_code == 1
    assert "NOT fair" in tampered.output
    assert not client.get(f"/api/tables/{game_id}/verify").json()["fair"]


def test_verify_refuses_a_game_still_running(client: TestClient, store: Store) -> None:
    game_id = totopoly(client)["id"]
    result = CliRunner().invoke(cli_app, ["verify", str(game_id), "--db", str(store.path)])
    assert isinstance(result.exception, HomestretchError)  # `homestretch` prints it, exit 2
    assert str(result.exception) == still_played(game_id)
    assert str(result.exception).startswith(f"game {game_id} is still being played: ")


def _change_die(path: Path, game_id: int, position: int) -> None:
    with sqlite3.connect(path) as db:
        (payload,) = db.execute(
            "select payload from events where game_id = ? and seq = ?", (game_id, position)
        ).fetchone()
        event = json.loads(payload)
        event["chance"][0] = event["chance"][0] % 6 + 1
        db.execute(
            "update events set payload = ? where game_id = ? and seq = ?",
            (json.dumps(event), game_id, position),
        )


def _drop_stored_times(path: Path, game_id: int) -> None:
    """The log as a store kept it before it kept when each event was stored."""
    with sqlite3.connect(path) as db:
        rows = db.execute("select seq, payload from events where game_id = ?", (game_id,))
        for seq, payload in rows.fetchall():
            event = {k: v for k, v in json.loads(payload).items() if k != "at"}
            db.execute(
                "update events set payload = ? where game_id = ? and seq = ?",
                (json.dumps(event), game_id, seq),
            )


def test_serve_on_a_port_in_use_is_one_line(store: Store) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        args = ["serve", "--port", str(port), "--db", str(store.path)]
        result = CliRunner().invoke(cli_app, args)
    assert isinstance(result.exception, HomestretchError)
    assert str(result.exception).startswith(f"cannot serve on 127.0.0.1:{port} (")


def test_serve_on_a_port_in_use_opens_no_store(tmp_path: Path) -> None:
    """The port is checked before the store is opened: the store named (HOMESTRETCH_DB's,
    not there yet) was made, SQLite's files beside it, and then the port refused."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        line = refused(tmp_path, "serve", "--port", str(port))
    assert line.startswith(f"error: cannot serve on 127.0.0.1:{port} ("), line
    assert list(tmp_path.iterdir()) == []  # x.sqlite not made


def test_a_person_keeps_the_score_by_typing_results(client: TestClient) -> None:
    derbycast = entries()["derbycast"]
    config = next(c for c in derbycast.harness_configs() if c["source"] == "keeper")
    game = derbycast.make(config)
    keeper_seat = game.num_players  # the seat after the players'
    seats = [*PEOPLE, {"kind": "person", "name": "Keeper"}]
    refused = {"game": "derbycast", "config": config, "seats": [*PEOPLE, BOTS[0]]}
    assert "the game's own" in refusal(client.post("/api/tables", json=refused), 400)
    links = open_table(client, game="derbycast", config=config, seats=seats, seed=4)
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    keeper = derbycast.input_agents(game, 4)[keeper_seat]  # type: ignore[misc]
    rng = random.Random(2)
    typed = 0
    for _ in range(500):
        frames = [frame_of(client, game_id, token) for token in tokens]
        if frames[0]["over"]:
            break
        frame = next(f for f in frames if f["your_turn"])
        if frame["seat"] == keeper_seat:
            assert frame["typed"] and frame["legal"] == []
            wrong = {
                "token": tokens[keeper_seat],
                "version": frame["version"],
                "action": {"kind": "post"},
            }
            refusal(client.post(f"/api/tables/{game_id}/moves", json=wrong), 400)
            action = keeper.choose(keeper_seat, frame["view"], []).to_json()
            typed += 1
        else:
            action = rng.choice(frame["legal"])["action"]
        move = {"token": tokens[frame["seat"]], "version": frame["version"], "action": action}
        assert client.post(f"/api/tables/{game_id}/moves", json=move).status_code == 200
    assert frames[0]["over"] and typed > 0
