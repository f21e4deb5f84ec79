"""A seat the opener made for Dan and then handed over (opened again for whoever comes)
through one server process is anyone's at another process too, which had the table
live with Dan's seat kept for him: a seat taken there reads what the first stored."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, token_of

from homestretch.store.db import Store
from homestretch.web.app import create_app
from homestretch.web.notify_pg import PostgresNotifier

pytestmark = pytest.mark.postgres
SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "open", "name": "Dan"}]


def test_a_seat_handed_over_elsewhere_is_not_kept_here(postgres_url: str) -> None:
    Store(postgres_url).close()  # the tables exist before either server starts
    one_app = create_app(Store(postgres_url), PostgresNotifier(postgres_url))
    two_app = create_app(Store(postgres_url), PostgresNotifier(postgres_url))
    with TestClient(one_app) as one, TestClient(two_app) as two:
        links = open_table(one, game="totopoly", config={"players": 2}, seats=SEATS, seed=1)
        game_id, invite = links["id"], token_of(links["invite"])
        frame_of(two, game_id)  # live at two, Dan's seat kept for him
        join = f"/api/tables/{game_id}/join"
        said = two.post(join, json={"invite": invite, "name": "Zed"})
        assert said.status_code == 400 and "kept for Dan" in said.text, said.text
        admin = token_of(links["admin"])
        handed = one.post(f"/api/tables/{game_id}/seats/1", json={"token": admin, "bot": "open"})
        assert handed.status_code == 200, handed.text
        joined = two.post(join, json={"invite": invite, "name": "Zed"})
        assert joined.status_code == 200, joined.text  # anyone's now, at two too
        assert joined.json()["seat"] == 1
