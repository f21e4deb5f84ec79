"""Servers started at the same instant on an empty database each create the store's
tables, and none of them fails for it."""

from __future__ import annotations

import threading

import pytest

from homestretch.core.protocol import Event
from homestretch.store.db import Store

OPENERS = 6


@pytest.mark.postgres
def test_stores_opened_at_once_on_an_empty_database_all_open(postgres_url: str) -> None:
    start = threading.Barrier(OPENERS)
    opened: list[Store] = []
    failed: list[BaseException] = []

    def open_store() -> None:
        start.wait()
        try:
            opened.append(Store(postgres_url))
        except BaseException as exc:  # the failure is the finding
            failed.append(exc)

    threads = [threading.Thread(target=open_store) for _ in range(OPENERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failed, failed[0]
    game_id = opened[0].create("totopoly", {"players": 2}, 1, "seeded")
    opened[1].append_at(game_id, 0, [Event(player=0, action={"kind": "pass"})])
    assert len(opened[-1].load(game_id).events) == 1
    for store in opened:
        store.close()
