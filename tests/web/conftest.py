"""An in-process server on a fresh store, and helpers that drive it over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from homestretch.core.protocol import JSON
from homestretch.session.saved import rebuild
from homestretch.store.db import Store
from homestretch.web.app import create_app


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "web.sqlite")


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    # as a context manager: one event loop for every request (the tables' locks)
    with TestClient(create_app(store)) as test_client:
        yield test_client


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def open_table(client: TestClient, **request: Any) -> JSON:
    response = client.post("/api/tables", json=request)
    assert response.status_code == 200, response.text
    return response.json()


def frame_of(client: TestClient, game_id: int, token: str | None = None) -> JSON:
    params = {"token": token} if token else {}
    response = client.get(f"/api/tables/{game_id}/frame", params=params)
    assert response.status_code == 200, response.text
    return timeless(response.json())


def timeless(frame: JSON) -> JSON:
    """A frame without ``since`` (how long the table has stood at its version, by the
    server's clock: it grows as the frame is asked for again), so frames of one table
    as it stands compare equal."""
    assert "since" in frame
    return {key: value for key, value in frame.items() if key != "since"}


def first_pushed_frame(client: TestClient, game_id: int, token: str | None) -> JSON:
    """The first frame the event stream sends this link (what a browser that connects
    or reconnects is drawn from), read on the server's own event loop."""
    hub = client.app.state.hub  # type: ignore[attr-defined]

    async def first() -> JSON:
        live = await hub.get(game_id)
        frames = hub.frames(live, live.viewer(token))
        try:
            return timeless(await anext(frames))
        finally:
            await frames.aclose()

    assert client.portal is not None
    return client.portal.call(first)


def refusal(response: Any, status: int) -> str:
    """The one-line reason of a refused request."""
    assert response.status_code == status, response.text
    reason = response.json()["error"]
    assert reason and "\n" not in reason
    return reason


def move_at_terminal(db: str | Path, game_id: int) -> tuple[str, int]:
    """A person's move made as ``homestretch resume`` makes it: a store of its own on the
    same database, the table rebuilt from its log, the first legal move of the seat it
    waits for stored there (no notice sent to any server); the mover's name and the
    table's version after it."""
    store = Store(db)
    try:
        table = rebuild(store, store.load(game_id))
        seat = table.waiting().seats[0]
        table.submit(seat, table.legal_actions(seat)[0], table.version)
        return table.seats[seat].name, table.version
    finally:
        store.close()
