"""The store keeps a table's log the same way on SQLite and on PostgreSQL: saved event
by event, rebuilt exactly, and one writer only at each position."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from homestretch.core.errors import TableMovedOn
from homestretch.core.protocol import CHANCE, Event
from homestretch.core.registry import entry
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import open_new, rebuild
from homestretch.session.table import Table, computer_seats
from homestretch.store.db import Store

TOTOPOLY = entry("totopoly")
CONFIG = {"players": 2}


@pytest.fixture
def stores(store_target: str) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two processes would have."""
    first, second = Store(store_target), Store(store_target)
    yield first, second
    first.close()
    second.close()


def _table(store: Store, seed: int) -> tuple[Table, int]:
    game = TOTOPOLY.make(CONFIG)
    return open_new(
        store, TOTOPOLY, game, computer_seats(TOTOPOLY, game, 0), DiceSpec("seeded", seed)
    )


def test_a_table_saved_event_by_event_is_rebuilt_exactly(stores: tuple[Store, Store]) -> None:
    store, other = stores
    table, game_id = _table(store, seed=11)
    for _ in range(40):
        table.step()
        assert other.load(game_id).events == table.state.events
    rebuilt = rebuild(other, other.load(game_id))
    assert rebuilt.version == 40 and rebuilt.dice_mismatch is None
    for seat in (None, 0, 1):
        assert rebuilt.view(seat) == table.view(seat)
        assert rebuilt.log_for(seat) == table.log_for(seat)
    rebuilt.advance()  # goes on in the store, exactly as the table never stopped would
    game = TOTOPOLY.make(CONFIG)
    whole = Table(TOTOPOLY, game, computer_seats(TOTOPOLY, game, 0), DiceSpec("seeded", 11))
    whole.advance()
    assert whole.state.is_over()
    assert store.load(game_id).events == whole.state.events == rebuilt.state.events


def test_a_second_store_writing_the_same_position_is_refused(
    stores: tuple[Store, Store],
) -> None:
    store, other = stores
    first, game_id = _table(store, seed=3)
    second = rebuild(other, other.load(game_id))
    first.step()
    with pytest.raises(TableMovedOn):
        second.step()
    # the refused table is rebuilt from the log, with the first writer's event
    assert second.state.events == first.state.events and second.sync() == []
    second.step()
    with pytest.raises(TableMovedOn):
        first.step()
    assert first.state.events == second.state.events
    first.advance()
    assert rebuild(other, other.load(game_id)).state.events == first.state.events


def test_two_threads_racing_for_each_position_leave_one_winner(
    stores: tuple[Store, Store],
) -> None:
    game_id = stores[0].create("toy", {}, seed=None, dice="scripted")
    won: list[int] = []
    refused: list[int] = []
    rounds = 15
    start = threading.Barrier(2)

    def writer(store: Store, face: int) -> None:
        for position in range(rounds):
            start.wait()
            try:
                store.append_at(game_id, position, [Event(player=CHANCE, outcome=(face,))])
                won.append(face)
            except TableMovedOn:
                refused.append(face)

    threads = [
        threading.Thread(target=writer, args=(s, f)) for s, f in zip(stores, (1, 2), strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == len(refused) == rounds
    stored = stores[1].load(game_id).events
    assert sorted(e.outcome[0] for e in stored if e.outcome) == sorted(won)


def test_a_store_made_before_the_unique_key_gets_it_on_open(store_target: str) -> None:
    old = Store(store_target)
    with old._engine.begin() as connection:
        connection.execute(text("DROP INDEX ux_events_game_seq"))
    assert "ux_events_game_seq" not in {
        i["name"] for i in inspect(old._engine).get_indexes("events")
    }
    old.close()
    store = Store(store_target)
    (key,) = [
        i for i in inspect(store._engine).get_indexes("events") if i["name"] == "ux_events_game_seq"
    ]
    assert key["unique"] and key["column_names"] == ["game_id", "seq"]
    game_id = store.create("toy", {}, seed=None, dice="scripted")
    row = {"game_id": game_id, "seq": 0, "payload": "{}"}
    insert = text("INSERT INTO events (game_id, seq, payload) VALUES (:game_id, :seq, :payload)")
    with pytest.raises(IntegrityError), store._engine.begin() as connection:
        connection.execute(insert, [row, row])  # past the count check: the key refuses it
    store.close()


def test_the_stored_versions_of_many_tables_in_one_call(stores: tuple[Store, Store]) -> None:
    """What a server asks every second of the tables its browsers watch: each log's
    length as stored, whoever stored it (here the other store, as a terminal would)."""
    store, terminal = stores
    played, played_id = _table(terminal, seed=5)
    for _ in range(7):
        played.step()
    _, fresh = _table(terminal, seed=6)  # opened, nothing happened at it yet
    assert store.versions([played_id, fresh, played_id]) == {played_id: 7, fresh: 0}
    assert store.versions([]) == {}
    missing = 10**9  # no such table: left out, not taken for an empty one
    assert store.versions([missing]) == {}
    many = [_table(terminal, seed=7)[1] for _ in range(3)]
    with pytest.MonkeyPatch.context() as small:  # asked in parts, as a long list is
        small.setattr("homestretch.store.db.VERSIONS_AT_ONCE", 2)
        asked = [played_id, *many, missing, fresh]
        assert store.versions(asked) == {played_id: 7, fresh: 0, **dict.fromkeys(many, 0)}
    played.step()
    assert store.versions([played_id]) == {played_id: 8}
