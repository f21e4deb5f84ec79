"""A private table is not listed, and knowing its number is not enough: watching,
replaying and checking its dice need one of its secret links."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from tests.generic.test_every_game import _string_leaves
from tests.web.conftest import frame_of, open_table, refusal, token_of
from tests.web.test_server import move_once, play_out, totopoly

from homestretch.core.protocol import JSON


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


def _invitation_page(client: TestClient, links: JSON) -> str:
    page = client.get(f"/t/{links['id']}/join/{token_of(links['invite'])}")
    assert page.status_code == 200, page.text
    assert 'id="join"' in page.text  # a seat is open: the name to take it with
    return page.text


def test_a_private_tables_opener_chooses_whether_the_invitation_watches_it(
    client: TestClient,
) -> None:
    """The opener's one choice (the table's settings, ``invitation_watches``, yes unless
    said): the invitation to a running private table offers its watch link, which opens
    the game to watch; or, where the opener said no, says the link is kept."""
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "open", "name": "Guest"}]
    shown = totopoly(client, seats=seats, private=True)  # the choice left as it is
    assert shown["invitation_watches"] is True
    page = _invitation_page(client, shown)
    assert f'href="{shown["watch"]}" id="see-game">Watch the game</a>' in page
    assert 'id="watch-kept"' not in page
    assert client.get(shown["watch"]).status_code == 200
    assert frame_of(client, shown["id"], token_of(shown["watch"]))["seat"] is None

    kept = totopoly(client, seats=seats, private=True, invitation_watches=False)
    assert kept["invitation_watches"] is False
    page = _invitation_page(client, kept)
    assert "/watch" not in page and 'id="watch-kept"' in page
    assert "keeps the way to watch it" in page

    listed = totopoly(client, seats=seats, invitation_watches=False)  # anyone watches it
    assert listed["invitation_watches"] is True
    assert f'href="/t/{listed["id"]}/watch"' in _invitation_page(client, listed)
    said = refusal(client.post("/api/tables", json={"game": "totopoly", "config": {"players": 2},
                                                    "seats": seats, "invitation_watches": "no"}), 400)  # fmt: skip
    assert "may the invitation watch" in said


PRIVATE_GAMES = {  # the games that keep something from a spectator (Across, Stretch: nothing)
    "totopoly": {"players": 3},
    "derbycast": {
        "entrants": [{"name": n} for n in ("Ann", "Bob", "Cy")],
        "source": "keeper",
        "races": 1,
        "sealed": True,
    },
}


@pytest.mark.parametrize("game", sorted(PRIVATE_GAMES))
def test_watching_a_private_table_from_its_invitation_shows_no_seats_secrets(
    client: TestClient, game: str
) -> None:
    """Whoever follows the invitation's watch link is a spectator: shown the spectator's
    view and log alone, with none of what any seat keeps (Totopoly's hands, Derby Cast's
    sealed picks), while the seats' own frames do show them theirs."""
    seats = [
        {"kind": "person", "name": "Ann"},
        {"kind": "person", "name": "Bob"},
        {"kind": "open", "name": "Guest"},
    ]
    links = open_table(
        client, game=game, config=PRIVATE_GAMES[game], seats=seats, seed=5, private=True
    )
    game_id = links["id"]
    tokens = [token_of(s["link"]) for s in links["seats"]]
    joined = client.post(
        f"/api/tables/{game_id}/join", json={"invite": token_of(links["invite"]), "name": "Cy"}
    )
    assert joined.status_code == 200, joined.text
    tokens.append(token_of(joined.json()["link"]))
    page = client.get(f"/t/{game_id}/join/{token_of(links['invite'])}").text  # full now
    watch = page.split('" id="see-game"')[0].rsplit('href="', 1)[1]
    assert watch == links["watch"] and "/watch/" in watch
    for _ in range(6 if game == "totopoly" else 2):  # hands dealt; two of three picks in
        if not any(frame_of(client, game_id, t)["your_turn"] for t in tokens):
            break
        move_once(client, game_id, tokens)
    live = client.app.state.hub.tables[game_id]  # type: ignore[attr-defined]
    table = live.table
    secrets = table.state.hidden_from(None)
    assert secrets, "the game keeps something from a spectator by now"
    watched = frame_of(client, game_id, token_of(watch))
    assert watched["seat"] is None and not watched["legal"]
    assert watched["view"] == json.loads(json.dumps(table.state.view(None)))
    assert watched["log"] == json.loads(json.dumps(table.log_for(None)))
    assert not secrets & _string_leaves(watched)
    for seat, token in enumerate(tokens):  # each seat sees what it holds, the watcher not
        own = secrets - table.state.hidden_from(seat)
        assert not own & _string_leaves(watched)
        assert own <= _string_leaves(frame_of(client, game_id, token)) or not own
