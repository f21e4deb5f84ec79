"""Two server processes on one store, each with the table live (its own copy of the
seats, read when it loaded it): a seat saved at one wrote the table's settings back
whole, so its old copy of the other seats and of the web settings (whom each open seat
is kept for) undid what the other process had stored meanwhile. A seat save now writes
the seats changed here into what the store holds, in one transaction; a seat the other
process changed meanwhile is not written over. Each server here hears nothing of the
other (no notifier between them): its copy stays as old as it loaded it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, refusal, token_of

from homestretch.core.protocol import JSON
from homestretch.session.saved import CONTENT_KEY, READS_KEY
from homestretch.store.db import Store
from homestretch.web.app import create_app

SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "open", "name": "Dan"},
    {"kind": "open", "name": "Fay"},
]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """One store, a SQLite file or a PostgreSQL database, for both servers."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def servers(target: str) -> Iterator[tuple[TestClient, TestClient, Store]]:
    """Two servers on the one store (each a Store of its own), and a third Store to read
    what is stored."""
    Store(target).close()  # the tables exist before either server starts
    with (
        TestClient(create_app(Store(target))) as one,
        TestClient(create_app(Store(target))) as two,
    ):
        reader = Store(target)
        try:
            yield one, two, reader
        finally:
            reader.close()


def _opened(one: TestClient, two: TestClient, seats: list[JSON]) -> tuple[int, JSON]:
    links = open_table(one, game="totopoly", config={"players": 3}, seats=seats, seed=1)
    frame_of(two, links["id"])  # live at two: its copy of the seats, as opened
    return links["id"], links


def test_seats_taken_at_two_servers_are_both_kept(
    servers: tuple[TestClient, TestClient, Store],
) -> None:
    one, two, reader = servers
    game_id, links = _opened(one, two, SEATS)
    opened = reader.settings(game_id)
    assert opened is not None and {CONTENT_KEY, READS_KEY} <= opened.keys()
    join = f"/api/tables/{game_id}/join"
    invite = token_of(links["invite"])
    dan = one.post(join, json={"invite": invite, "name": "Dan"})
    assert dan.status_code == 200, dan.text
    fay = two.post(join, json={"invite": invite, "name": "Fay"})  # two's copy: Dan's open
    assert fay.status_code == 200, fay.text
    assert (dan.json()["seat"], fay.json()["seat"]) == (1, 2)
    stored = reader.settings(game_id)
    assert stored is not None
    assert [(s["kind"], s["name"]) for s in stored["seats"]] == [
        ("person", "Ann"),
        ("person", "Dan"),
        ("person", "Fay"),
    ]
    dan_token = token_of(dan.json()["link"])
    assert stored["seats"][1]["token"] == dan_token  # Dan's link still his seat
    assert frame_of(one, game_id, dan_token)["seat"] == 1
    # what the table was made on (the marks of its bundled content) kept as it was made
    for mark in (CONTENT_KEY, READS_KEY):
        assert stored[mark] == opened[mark]


def test_a_seat_handed_over_at_one_server_stays_anyones_when_the_other_seats_a_guest(
    servers: tuple[TestClient, TestClient, Store],
) -> None:
    """The opener opens Fay's seat again for whoever comes (one); Dan then joins at two,
    whose copy still keeps that seat for Fay: it was written back kept for her."""
    one, two, reader = servers
    game_id, links = _opened(one, two, SEATS)
    admin = token_of(links["admin"])
    handed = one.post(f"/api/tables/{game_id}/seats/2", json={"token": admin, "bot": "open"})
    assert handed.status_code == 200, handed.text
    dan = two.post(
        f"/api/tables/{game_id}/join", json={"invite": token_of(links["invite"]), "name": "Dan"}
    )
    assert dan.status_code == 200, dan.text
    stored = reader.settings(game_id)
    assert stored is not None
    assert stored["web"]["open_for"] == {"1": "Dan"}  # not Fay's again
    assert stored["seats"][2]["kind"] == "open"
    zed = one.post(
        f"/api/tables/{game_id}/join", json={"invite": token_of(links["invite"]), "name": "Zed"}
    )
    assert zed.status_code == 200, zed.text  # anyone's
    assert zed.json()["seat"] == 2


def test_a_seat_taken_at_the_other_server_meanwhile_is_not_taken_again(
    servers: tuple[TestClient, TestClient, Store],
) -> None:
    one, two, reader = servers
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "open", "name": "Player 2"}]
    links = open_table(one, game="totopoly", config={"players": 2}, seats=seats, seed=1)
    game_id = links["id"]
    frame_of(two, game_id)
    join = f"/api/tables/{game_id}/join"
    invite = token_of(links["invite"])
    bob = one.post(join, json={"invite": invite, "name": "Bob"})
    assert bob.status_code == 200, bob.text
    said = refusal(two.post(join, json={"invite": invite, "name": "Cy"}), 400)
    assert "seat 2" in said and "another page" in said, said
    stored = reader.settings(game_id)
    assert stored is not None
    assert stored["seats"][1]["name"] == "Bob"
    assert stored["seats"][1]["token"] == token_of(bob.json()["link"])
    again = refusal(two.post(join, json={"invite": invite, "name": "Cy"}), 400)
    assert "every seat at this table is taken" in again, again  # two has the store's now
