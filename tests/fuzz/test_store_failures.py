"""The store when something is wrong with it: locked by another process, read-only, one
damaged row, tables of another shape. Each is one line (or, in ``history``, one row)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.fuzz.harness import Homestretch

RUN = ["stretch", "run", "2009-champagne-stakes", "--seed", "1"]


def _store_with_two_runs(hs: Homestretch, folder: Path) -> Path:
    db = folder / "two.sqlite"
    for seed in ("1", "2"):
        assert hs.run([*RUN[:-1], seed], db, cwd=folder).rc == 0
    return db


def test_a_store_locked_by_another_process_is_one_line(hs: Homestretch, tmp_path: Path) -> None:
    db = _store_with_two_runs(hs, tmp_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time\n"
            "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(120)",
            str(db),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        outcome = hs.run(RUN, db, cwd=tmp_path)
    finally:
        holder.kill()
        holder.wait()
    assert outcome.problem() is None and outcome.rc == 2, outcome
    assert "in use by another program" in outcome.stderr


def test_a_read_only_store_is_one_line_on_the_first_write(hs: Homestretch, tmp_path: Path) -> None:
    db = _store_with_two_runs(hs, tmp_path)
    read_only = f"sqlite:///file:{db}?mode=ro&uri=true"
    listed = hs.run(["history", "--db", read_only], db, cwd=tmp_path)
    assert listed.rc == 0 and "Champagne" in listed.stdout, listed
    for argv in (RUN, ["across", "play", "--bots", "3", "--seed", "1", "--quiet"]):
        outcome = hs.run([*argv, "--db", read_only], db, cwd=tmp_path)
        assert outcome.problem() is None and outcome.rc == 2, outcome
        assert "read-only" in outcome.stderr


def test_history_lists_the_rest_beside_a_damaged_configuration(
    hs: Homestretch, tmp_path: Path
) -> None:
    db = _store_with_two_runs(hs, tmp_path)
    with sqlite3.connect(db) as store:
        store.execute("UPDATE games SET config = '{broken' WHERE id = 1")
    listed = hs.run(["history", "--format", "json"], db, cwd=tmp_path)
    assert listed.problem() is None and listed.rc == 0, listed
    rows = {row["id"]: row["status"] for row in json.loads(listed.stdout)}
    assert rows == {1: "damaged", 2: "finished"}
    refused = hs.run(["replay", "1"], db, cwd=tmp_path)
    assert refused.rc == 2 and "game 1" in refused.stderr and "damaged" in refused.stderr
    assert hs.run(["replay", "2"], db, cwd=tmp_path).rc == 0


def test_tables_of_another_shape_are_one_line(hs: Homestretch, tmp_path: Path) -> None:
    db = tmp_path / "other.sqlite"
    with sqlite3.connect(db) as store:
        store.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, what TEXT)")
        store.execute("CREATE TABLE events (a INTEGER)")
    for argv in (["history"], RUN, ["replay", "1"]):
        outcome = hs.run(argv, db, cwd=tmp_path)
        assert outcome.problem() is None and outcome.rc == 2, outcome
        assert "not a homestretch game store" in outcome.stderr
