"""A move stored by something that tells the server nothing (a terminal playing the
table with ``homestretch resume``) reaches the pages open on the table: the server looks
at the stored versions of the tables it has streams open on, brings a table that moved
on up to date and pushes every stream its new frame. A move from a page that has not
drawn it yet is refused as any stale move is."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import move_at_terminal, refusal, token_of
from tests.web.test_server import totopoly

from homestretch.core.protocol import JSON
from homestretch.store.db import Store
from homestretch.web.app import create_app
from homestretch.web.hub import Hub

PATIENCE = 20.0
"""Seconds a stream is waited on for a push before the test gives up (not a measurement)."""


def _client(store: Store, watch_every: float | None) -> Iterator[TestClient]:
    app = create_app(store)
    app.state.hub.watch_every = watch_every  # before the server starts its looking
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def looked_at_by_hand(store: Store) -> Iterator[TestClient]:
    """A server that looks at the store only when the test says (``look_at_store``)."""
    yield from _client(store, None)


@pytest.fixture
def looking(store: Store) -> Iterator[TestClient]:
    """A server looking at the store on its own, often (a test need not wait a second)."""
    yield from _client(store, 0.05)


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _on_server(client: TestClient, work: Any) -> Any:
    assert client.portal is not None
    return client.portal.call(work)


def _tokens(links: JSON) -> list[str]:
    return [token_of(seat["link"]) for seat in links["seats"]]


def _versions_asked(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The tables each look at the store asks the versions of, from now on."""
    asked: list[list[int]] = []
    versions = store.versions

    def counted(game_ids: list[int]) -> dict[int, int]:
        asked.append(sorted(game_ids))
        return versions(game_ids)

    monkeypatch.setattr(store, "versions", counted)
    return asked


def test_a_terminal_move_is_pushed_to_the_open_streams(
    looked_at_by_hand: TestClient, store: Store
) -> None:
    client, hub = looked_at_by_hand, _hub(looked_at_by_hand)
    links = totopoly(client, seed=3)
    game_id, tokens = links["id"], _tokens(links)

    async def scenario() -> tuple[list[JSON], JSON, str, int, list[int], list[int]]:
        live = await hub.get(game_id)
        streams = [hub.frames(live, live.viewer(token)) for token in tokens]
        try:
            first = [await anext(stream) for stream in streams]
            assert await hub.look_at_store() == []  # nothing stored elsewhere yet
            mover, version = await asyncio.to_thread(move_at_terminal, store.path, game_id)
            moved = await hub.look_at_store()
            pushed = [await asyncio.wait_for(anext(stream), PATIENCE) for stream in streams]
            again = await hub.look_at_store()  # up to date now: nothing more to do
            return first, pushed[0], mover, version, moved, again
        finally:
            for stream in streams:
                await stream.aclose()

    first, pushed, mover, version, moved, again = _on_server(client, scenario)
    before = first[0]["version"]
    assert version > before
    assert moved == [game_id] and again == []
    assert pushed["version"] == version
    fresh = client.get(f"/api/tables/{game_id}/frame", params={"token": tokens[0]}).json()
    assert pushed["legal"] == fresh["legal"] and pushed["your_turn"] == fresh["your_turn"]
    assert [line["position"] for line in pushed["log"]] == list(range(before, version))
    # the page of the seat that moved at the terminal, on the table as it drew it before
    seat = next(s for s, seen in enumerate(first) if seen["your_turn"])
    assert links["seats"][seat]["name"] == mover
    stale = client.post(
        f"/api/tables/{game_id}/moves",
        json={
            "token": tokens[seat],
            "version": before,
            "action": first[seat]["legal"][0]["action"],
        },
    )
    said = refusal(stale, 409)
    assert said.startswith(
        f"The table moved on before your move reached it ({mover}, on another page or device,"
    )
    assert said.endswith(
        "so yours was not made: look again and make it again if you still want it."
    )
    assert stale.json()["frame"]["version"] == version


def test_tables_nobody_watches_are_not_looked_at(
    looked_at_by_hand: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, hub = looked_at_by_hand, _hub(looked_at_by_hand)
    watched, unwatched = totopoly(client, seed=4), totopoly(client, seed=5)
    asked = _versions_asked(store, monkeypatch)

    async def scenario() -> list[int]:
        assert await hub.look_at_store() == []
        assert asked == []  # no stream open anywhere: the store is not asked at all
        live = await hub.get(watched["id"])
        stream = hub.frames(live, live.viewer(_tokens(watched)[0]))
        try:
            await anext(stream)
            await asyncio.to_thread(move_at_terminal, store.path, unwatched["id"])
            return await hub.look_at_store()
        finally:
            await stream.aclose()

    assert _on_server(client, scenario) == []
    assert asked == [[watched["id"]]]  # one query, for the watched table alone
    assert unwatched["id"] in hub.tables  # live here, behind the store, and left so
    assert (
        hub.tables[unwatched["id"]].table.version
        < store.versions([unwatched["id"]])[unwatched["id"]]
    )


def test_the_server_looks_by_itself(looking: TestClient, store: Store) -> None:
    client, hub = looking, _hub(looking)
    links = totopoly(client, seed=6)
    game_id = links["id"]

    async def scenario() -> tuple[int, int]:
        live = await hub.get(game_id)
        stream = hub.frames(live, live.viewer(None))
        try:
            await anext(stream)
            _, version = await asyncio.to_thread(move_at_terminal, store.path, game_id)
            while True:  # keep-alives (None) until the move is pushed
                pushed = await asyncio.wait_for(anext(stream), PATIENCE)
                if pushed is not None:
                    return version, pushed["version"]
        finally:
            await stream.aclose()

    version, pushed = _on_server(client, scenario)
    assert pushed == version


def test_a_move_that_meets_a_terminal_move_first_redraws_every_page(
    looked_at_by_hand: TestClient, store: Store
) -> None:
    """The terminal's move stored before the server looked: a move made here on the
    table as the server still had it is refused by the log's key, the table is rebuilt
    from the log, and the pages open on it are pushed the terminal's move at once."""
    client, hub = looked_at_by_hand, _hub(looked_at_by_hand)
    links = totopoly(client, seed=10)
    game_id, tokens = links["id"], _tokens(links)

    async def open_stream() -> tuple[Any, JSON]:
        live = await hub.get(game_id)
        stream = hub.frames(live, live.viewer(None))
        return stream, await anext(stream)

    stream, first = _on_server(client, open_stream)
    try:
        mover, version = move_at_terminal(store.path, game_id)
        seen = [
            client.get(f"/api/tables/{game_id}/frame", params={"token": t}).json() for t in tokens
        ]
        assert all(shown["version"] == first["version"] for shown in seen)  # not looked yet
        seat = next(s for s, shown in enumerate(seen) if shown["your_turn"])
        made = client.post(
            f"/api/tables/{game_id}/moves",
            json={
                "token": tokens[seat],
                "version": first["version"],
                "action": seen[seat]["legal"][0]["action"],
            },
        )
        said = refusal(made, 409)
        assert said.startswith(f"The table moved on before your move reached it ({mover}")
        assert made.json()["frame"]["version"] == version

        async def next_frame() -> JSON:
            pushed: JSON = await asyncio.wait_for(anext(stream), PATIENCE)
            return pushed

        assert _on_server(client, next_frame)["version"] == version
    finally:
        _on_server(client, stream.aclose)


def test_a_page_opening_a_table_nobody_watched_is_drawn_the_terminal_move_at_once(
    looking: TestClient, store: Store
) -> None:
    """A table held here with no page open is not looked at; the first page to open its
    stream (a phone reconnecting) is drawn the table as stored, not as held here."""
    client, hub = looking, _hub(looking)
    links = totopoly(client, seed=7)
    game_id = links["id"]
    held = client.get(f"/api/tables/{game_id}/frame").json()["version"]
    _, version = move_at_terminal(store.path, game_id)
    assert version > held and hub.tables[game_id].table.version == held  # not looked at

    async def first() -> JSON:
        live = await hub.get(game_id)
        stream = hub.frames(live, live.viewer(_tokens(links)[0]))
        try:
            shown: JSON = await anext(stream)
            return shown
        finally:
            await stream.aclose()

    assert _on_server(client, first)["version"] == version


def test_a_one_off_frame_of_a_table_nobody_watches_has_the_terminal_move(
    looking: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``GET .../frame`` (a page's refetch, a script's look) of a table held here with no
    stream open is read after one look at the store: the terminal's move is in it, and the
    pages that open next are drawn from the table so brought up to date."""
    client, hub = looking, _hub(looking)
    links = totopoly(client, seed=8)
    game_id, tokens = links["id"], _tokens(links)
    held = client.get(f"/api/tables/{game_id}/frame").json()["version"]
    mover, version = move_at_terminal(store.path, game_id)
    assert version > held and hub.tables[game_id].table.version == held  # not looked at
    asked = _versions_asked(store, monkeypatch)
    seen = [client.get(f"/api/tables/{game_id}/frame", params={"token": t}).json() for t in tokens]
    assert [shown["version"] for shown in seen] == [version] * len(tokens)
    assert asked == [[game_id]] * len(tokens)  # one query a read, for this table alone
    assert hub.tables[game_id].table.version == version
    names = {line.get("player") for line in seen[0]["log"][held:]}
    assert [links["seats"][s]["name"] for s in names if s is not None] == [mover]
