"""A saved game whose log was changed by hand or damaged is never replayed as another
game: `replay` and `resume` say in one line which move of which game does not replay
(exit status 2), and write nothing."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.conftest import refused

from homestretch.store.db import Store

Payload = dict[str, object]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """An Across the Board game of computer players stopped when its dice ran out."""
    db = tmp_path / "games.sqlite"
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["across", "play", "--bots", "3", "--dice", "3 4 5 6 1 2 3 4", "--db", str(db)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "ran out" in done.stderr, done.stderr
    return db


def payloads(db: Path) -> list[tuple[int, Payload | str]]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("select id, payload from events order by seq").fetchall()
    return [
        (row_id, text if text.startswith("{not") else json.loads(text)) for row_id, text in rows
    ]


def overwrite(db: Path, row_id: int, payload: Payload | str) -> None:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    with sqlite3.connect(db) as connection:
        connection.execute("update events set payload = ? where id = ?", (text, row_id))


def a_bid_too_big(rows: list[tuple[int, Payload | str]]) -> tuple[int, Payload | str]:
    at = next(
        n
        for n, (_, p) in enumerate(rows)
        if isinstance(p, dict) and "action" in p and p["action"]["kind"] == "bid" and n > 3
    )  # type: ignore[index]
    payload = dict(rows[at][1])  # type: ignore[arg-type]
    payload["action"] = {**payload["action"], "amount": 999}  # type: ignore[dict-item]
    return at, payload


def dice_off_the_die(rows: list[tuple[int, Payload | str]]) -> tuple[int, Payload | str]:
    at = next(n for n, (_, p) in enumerate(rows) if isinstance(p, dict) and "chance" in p)
    return at, {**rows[at][1], "chance": [9, 9]}  # type: ignore[dict-item]


def no_such_player(rows: list[tuple[int, Payload | str]]) -> tuple[int, Payload | str]:
    return 5, {**rows[5][1], "player": 7}  # type: ignore[dict-item]


def not_json(rows: list[tuple[int, Payload | str]]) -> tuple[int, Payload | str]:
    return 5, "{not json"


Tamper = Callable[[list[tuple[int, Payload | str]]], tuple[int, Payload | str]]


@pytest.mark.parametrize("tamper", [a_bid_too_big, dice_off_the_die, no_such_player, not_json])
def test_a_move_changed_by_hand_is_named(saved: Path, tmp_path: Path, tamper: Tamper) -> None:
    rows = payloads(saved)
    at, payload = tamper(rows)
    overwrite(saved, rows[at][0], payload)
    for command in ("resume", "replay"):
        line = refused(tmp_path, command, "1", "--db", str(saved))
        assert "game 1" in line and f"move {at + 1} " in line, line
    assert len(payloads(saved)) == len(rows)  # nothing written


def test_a_move_taken_out_is_named_not_replayed_shifted(saved: Path, tmp_path: Path) -> None:
    rows = payloads(saved)
    with sqlite3.connect(saved) as connection:
        connection.execute("delete from events where id = ?", (rows[6][0],))
    for command in ("resume", "replay"):
        line = refused(tmp_path, command, "1", "--db", str(saved))
        assert "game 1" in line and "move 7 is missing from its log" in line, line
    Store(saved).saved_games()  # history still lists it
