"""Two `homestretch serve` processes on one PostgreSQL database serve the same table: a
move made through one is pushed by the other, and a move made on an old version is
refused by either. A move made at a terminal on the same database, which sends no
notice, is pushed as well."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.conftest import serving
from tests.web.conftest import move_at_terminal, timeless

from homestretch.core.protocol import JSON
from homestretch.session.saved import rebuild
from homestretch.store.db import Store

pytestmark = pytest.mark.postgres
PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
WAIT = 60.0
"""Seconds a request to the server may take before the test gives up: a bound on a
hang, not a measurement (httpx's own 5 s is within reach of a loaded machine)."""


def _frames(stream: httpx.Response) -> Iterator[JSON]:
    """The frames of a server-sent event stream, as they come."""
    event = None
    for line in stream.iter_lines():
        if line.startswith("event:"):
            event = line.removeprefix("event:").strip()
        elif line.startswith("data:") and event == "frame":
            yield json.loads(line.removeprefix("data:"))


def _frame(address: str, game_id: int, token: str) -> JSON:
    answer = httpx.get(
        f"{address}/api/tables/{game_id}/frame", params={"token": token}, timeout=WAIT
    )
    assert answer.status_code == 200, answer.text
    frame: JSON = answer.json()
    return frame


def test_a_move_through_one_server_is_pushed_by_the_other(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Store(postgres_url).close()  # the tables exist before either server starts
    # no keep-alive within the read timeout: a push that never comes fails the test
    monkeypatch.setenv("HOMESTRETCH_KEEP_ALIVE", "600")
    with serving(postgres_url, tmp_path) as one, serving(postgres_url, tmp_path) as two:
        request = {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE, "seed": 6}
        links = httpx.post(f"{one}/api/tables", json=request, timeout=WAIT).json()
        game_id = links["id"]
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in links["seats"]]
        first = _frame(one, game_id, tokens[0])
        mover = next(s for s, t in enumerate(tokens) if _frame(one, game_id, t)["your_turn"])
        move = {"token": tokens[mover], "version": first["version"]}
        move["action"] = _frame(one, game_id, tokens[mover])["legal"][0]["action"]
        events = f"{two}/api/tables/{game_id}/events"
        timeout = httpx.Timeout(WAIT)  # a bound on waiting for a push, not a measurement
        with httpx.stream("GET", events, params={"token": tokens[1]}, timeout=timeout) as stream:
            pushed = _frames(stream)
            assert next(pushed)["version"] == first["version"]  # two has the table live
            moved = httpx.post(f"{one}/api/tables/{game_id}/moves", json=move, timeout=WAIT)
            assert moved.status_code == 200, moved.text
            after = moved.json()["version"]
            assert after > first["version"]
            assert next(f for f in pushed if f["version"] != first["version"])["version"] == after
        # the same table as it stands, each server's clock on it aside
        assert timeless(_frame(two, game_id, tokens[1])) == timeless(
            _frame(one, game_id, tokens[1])
        )

        stale = httpx.post(f"{two}/api/tables/{game_id}/moves", json=move, timeout=WAIT)
        assert stale.status_code == 409, stale.text
        assert stale.json()["frame"]["version"] == after

    store = Store(postgres_url)
    saved = store.load(game_id)
    assert len(saved.events) == after
    replayed = rebuild(store, saved)
    assert replayed.dice_mismatch is None and replayed.version == after
    store.close()


def test_a_move_made_at_a_terminal_is_pushed_by_the_server(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Store(postgres_url).close()
    # no keep-alive within the read timeout: a push that never comes fails the test
    monkeypatch.setenv("HOMESTRETCH_KEEP_ALIVE", "600")
    with serving(postgres_url, tmp_path) as server:
        request = {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE, "seed": 9}
        links = httpx.post(f"{server}/api/tables", json=request, timeout=WAIT).json()
        game_id = links["id"]
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in links["seats"]]
        seen = [_frame(server, game_id, token) for token in tokens]
        at_terminal = next(s for s, shown in enumerate(seen) if shown["your_turn"])
        before = seen[0]["version"]
        events = f"{server}/api/tables/{game_id}/events"
        timeout = httpx.Timeout(WAIT)  # a bound on waiting for a push, not a measurement
        with httpx.stream("GET", events, params={"token": tokens[1]}, timeout=timeout) as stream:
            pushed = _frames(stream)
            assert next(pushed)["version"] == before
            mover, version = move_at_terminal(postgres_url, game_id)
            assert mover == PEOPLE[at_terminal]["name"] and version > before
            assert next(pushed)["version"] == version  # no move made here since

        move = {"token": tokens[at_terminal], "version": before}
        stale = httpx.post(
            f"{server}/api/tables/{game_id}/moves",
            json=move | {"action": seen[at_terminal]["legal"][0]["action"]},
            timeout=WAIT,
        )
        assert stale.status_code == 409, stale.text
        said = stale.json()["error"]
        assert said.startswith(
            f"The table moved on before your move reached it ({mover}, on another page or device,"
        ), said
        assert stale.json()["frame"]["version"] == version
