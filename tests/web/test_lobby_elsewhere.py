"""Server processes sharing a PostgreSQL database tell each other whether a change they
made changes the lobby's list: a move made at a table another process serves leaves
this process's lobby version alone (its lobby pages did ask for the list again on every
move anywhere), and a seat taken there moves it."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import open_table, token_of
from tests.web.test_server import move_once

from homestretch.store.db import Store
from homestretch.web.app import create_app
from homestretch.web.hub import Hub
from homestretch.web.notify_pg import PostgresNotifier

pytestmark = pytest.mark.postgres
PATIENCE = 10.0
"""Seconds to wait for a notice before the test gives up (never a measurement)."""
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "open", "name": "Guest"},
]


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _bumped_from(hub: Hub, count: int) -> int:
    """The lobby's count once it has moved on from ``count`` (a notice heard)."""
    deadline = time.monotonic() + PATIENCE
    while hub.lobby.count == count:
        assert time.monotonic() < deadline, "no notice moved the lobby on"
        time.sleep(0.02)
    return hub.lobby.count


def test_a_move_elsewhere_leaves_the_lobby_and_a_seat_taken_moves_it(postgres_url: str) -> None:
    Store(postgres_url).close()  # the tables exist before either server starts
    one_app = create_app(Store(postgres_url), PostgresNotifier(postgres_url))
    two_app = create_app(Store(postgres_url), PostgresNotifier(postgres_url))
    with TestClient(one_app) as one, TestClient(two_app) as two:
        lobby = _hub(two).lobby
        before = lobby.count
        links = open_table(one, game="totopoly", config={"players": 3}, seats=SEATS, seed=1)
        opened = _bumped_from(_hub(two), before)  # a table to list, opened elsewhere
        game_id = links["id"]
        assert game_id not in _hub(two).tables  # told by notices alone
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        move_once(one, game_id, tokens)
        joined = one.post(
            f"/api/tables/{game_id}/join", json={"invite": token_of(links["invite"]), "name": "Cy"}
        )
        assert joined.status_code == 200, joined.text
        # the move's notice went out first, on the same connection: heard first; the
        # lobby moved on once, for the seat taken
        assert _bumped_from(_hub(two), opened) == opened + 1
        assert game_id not in _hub(two).tables
