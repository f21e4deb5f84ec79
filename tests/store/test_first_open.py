"""Servers started at the same instant on an empty database (or a SQLite file not yet
made) each create the store's tables, and none of them fails for it."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path
from typing import Any

import pytest

from homestretch.core.protocol import Event
from homestretch.store.db import Store

OPENERS = 6
ROUNDS = 5


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


def _open_when_told(path: str, start: Any, outcomes: Any) -> None:
    """In a process of its own: open the store with the other process, make a game."""
    start.wait()
    try:
        Store(path).create("totopoly", {"players": 2}, 1, "seeded")
        outcomes.put("opened")
    except BaseException as exc:  # the failure is the finding
        outcomes.put(f"{type(exc).__name__}: {exc}")


def test_two_processes_creating_a_new_sqlite_store_at_once_both_open(tmp_path: Path) -> None:
    """Two processes (as two ``homestretch serve``) open one SQLite file that does not
    exist yet at the same instant, a few times over: before the store took SQLite's
    write lock to create its tables, the second failed on "table games already exists"
    every round."""
    context = multiprocessing.get_context("fork")
    for round_ in range(ROUNDS):
        path = str(tmp_path / f"new-{round_}.sqlite")
        start, outcomes = context.Barrier(2), context.Queue()
        openers = [
            context.Process(target=_open_when_told, args=(path, start, outcomes)) for _ in "ab"
        ]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join(60)
        assert [outcomes.get(timeout=5) for _ in openers] == ["opened", "opened"]
        assert len(Store(path).saved_games()) == 2
