"""Servers started at the same instant on an empty database (or a SQLite file not yet
made) each create the store's tables, and none of them fails for it."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from homestretch.core.protocol import Event
from homestretch.store.db import Store

OPENERS = 6
ROUNDS = 12


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


OPEN_WHEN_TOLD = """
import pathlib, sys, time
from homestretch.store import db
from homestretch.store.db import Store
db.LOCK_WAIT = 120  # patient: on a loaded machine the other's lock was held past 5 s
print("ready", flush=True)
go = pathlib.Path(sys.argv[2])
while not go.exists():
    time.sleep(0.0005)
Store(sys.argv[1]).create("totopoly", {"players": 2}, 1, "seeded")
print("opened", flush=True)
"""
"""A process that opens the store (and makes a game in it) once told to go. It waits
for the other's lock as long as it must: the test is of the tables' making, not of how
long a writer waits (a loaded machine once held the lock past the 5 s a user waits)."""


def test_two_processes_creating_a_new_sqlite_store_at_once_both_open(tmp_path: Path) -> None:
    """Two processes (as two ``homestretch serve``) open one SQLite file that does not
    exist yet at the same instant, a few times over: before the store took SQLite's
    write lock to create its tables, the second failed on "table games already exists"
    every round."""
    for round_ in range(ROUNDS):
        path, go = tmp_path / f"new-{round_}.sqlite", tmp_path / f"go-{round_}"
        openers = [
            subprocess.Popen(
                [sys.executable, "-c", OPEN_WHEN_TOLD, str(path), str(go)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in "ab"
        ]
        for opener in openers:  # both have imported the store and wait
            assert opener.stdout is not None and opener.stdout.readline() == "ready\n"
        go.touch()
        outcomes = [opener.communicate(timeout=60) for opener in openers]
        assert [out for out, _ in outcomes] == ["opened\n", "opened\n"], outcomes
        assert len(Store(path).saved_games()) == 2
