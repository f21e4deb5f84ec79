"""A table's settings changed by two processes at once (each a seat of its own: a guest
taking one at one server while the opener hands another over at the next): each reads
what is stored and writes its change in one transaction no other comes between
(``Store.change_settings``), so neither writes back the settings as it read them before
the other's change, on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from homestretch.core.protocol import JSON
from homestretch.core.registry import entry
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import open_new
from homestretch.session.table import computer_seats
from homestretch.store.db import Store

TOTOPOLY = entry("totopoly")


@pytest.fixture
def stores(store_target: str) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two processes would have."""
    first, second = Store(store_target), Store(store_target)
    yield first, second
    first.close()
    second.close()


def test_two_stores_changing_one_tables_settings_at_once_keep_both_changes(
    stores: tuple[Store, Store],
) -> None:
    first, second = stores
    game = TOTOPOLY.make({"players": 2})
    seats = computer_seats(TOTOPOLY, game, 0)
    _, game_id = open_new(first, TOTOPOLY, game, seats, DiceSpec("seeded", 1))
    read = threading.Event()
    failed: list[BaseException] = []

    def slowly(stored: JSON) -> JSON:
        read.set()  # read: the other store asks for its change now
        time.sleep(0.5)  # (its read waits for this transaction's end, else it is old)
        return {**stored, "first": 1}

    def change() -> None:
        try:
            first.change_settings(game_id, slowly)
        except BaseException as exc:  # said by the test, not lost in the thread
            failed.append(exc)

    worker = threading.Thread(target=change)
    worker.start()
    assert read.wait(30)
    second.change_settings(game_id, lambda stored: {**stored, "second": 2})
    worker.join()
    assert failed == []
    settings = second.settings(game_id)
    assert settings is not None
    assert (settings.get("first"), settings.get("second")) == (1, 2)
    assert settings["seats"] == [seat.to_json() for seat in seats]  # the rest as it was
