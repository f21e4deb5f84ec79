"""A game whose store runs out of room stops in one line that says so and what to do
(the game, and the command that goes on with it: ``--db`` named unless the store is the
default one), exit 2, and the store stays whole: every move saved before stands, and once there is
room `resume` plays the game on to the same end as a game that never stopped. Out of
room is a limit on the size of files (``ulimit -f``: SQLite says only "disk I/O
error"), which any user may set; a full disk (a tiny tmpfs) says "database or disk is
full" and is worded the same way. Before, both were "the game store failed (...)"."""

from __future__ import annotations

import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

from homestretch.store.db import Store

GAME = ["across", "play", "--bots", "3", "--seed", "5"]
"""Computer players alone, seeded: the same game every time, each move saved as made."""

ROOM = 100 * 1024
"""Bytes a file may grow to: the store's first moves fit, the game does not."""


def homestretch(
    *args: str, room: int | None = None, db: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``db``: the default store (``HOMESTRETCH_DB``), where no ``--db`` is given."""

    def limited() -> None:
        if room is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))

    return subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        preexec_fn=limited,
        timeout=300,
        env={**os.environ, **({"HOMESTRETCH_DB": str(db)} if db is not None else {})},
    )


def test_a_store_out_of_room_stops_the_game_whole_and_it_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    stopped = homestretch(*GAME, "--db", str(db), room=ROOM)
    assert stopped.returncode == 2, (stopped.stdout[-500:], stopped.stderr)
    assert "Traceback" not in stopped.stderr and stopped.stderr.count("\n") == 1
    assert " ".join(stopped.stderr.split()) == (
        f"error: {db}: the game store took nothing more: it could not be written (disk "
        "I/O error: a full disk, or a limit on files' size?); every move of game 1 saved "
        f"before is kept: make room, then go on with `homestretch resume 1 --db {db}`"
    )
    with sqlite3.connect(db) as whole:
        assert whole.execute("pragma integrity_check").fetchall() == [("ok",)]
    store = Store(db)
    saved = store.load(1)
    store.close()
    assert saved.status == "in progress" and saved.events, saved
    still = homestretch("resume", "1", room=ROOM, db=db)  # no more room yet, the default store
    assert still.returncode == 2 and " ".join(still.stderr.split()).endswith(
        "every move of game 1 saved before is kept: make room, then go on with "
        "`homestretch resume 1`"
    ), still.stderr
    resumed = homestretch("resume", "1", "--db", str(db))
    assert resumed.returncode == 0, resumed.stderr
    unbroken = tmp_path / "unbroken.sqlite"
    assert homestretch(*GAME, "--db", str(unbroken)).returncode == 0
    logs = []
    for path in (db, unbroken):
        store = Store(path)
        logs.append((store.load(1).status, store.load(1).events))
        store.close()
    assert logs[0] == logs[1] and logs[0][0] == "finished"


def test_a_new_store_with_no_room_is_one_line(tmp_path: Path) -> None:
    """Too little room to make the store's files at all: said so, not "not a game store
    homestretch can open (disk I/O error)" as it was."""
    db = tmp_path / "games.sqlite"
    done = homestretch(*GAME, "--db", str(db), room=4096)
    assert done.returncode == 2 and done.stdout == "", done.stdout[-500:]
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert " ".join(done.stderr.split()) == (
        f"error: {db}: the game store cannot be opened: it could not be written (disk I/O "
        "error: a full disk, or a limit on files' size?); make room first"
    )
