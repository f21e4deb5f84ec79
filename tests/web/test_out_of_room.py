"""A web player's move that the game store had no room for: the page says what a web
player can do (make the move again once the server has room), not the terminal's
`homestretch resume`, which a phone cannot type; and the table plays on from what was
kept once there is room (the move not kept was not left applied on the server, a gap
before the next one). The page's line does not name the server's file (its log does)."""

from __future__ import annotations

import resource
from pathlib import Path

import httpx
import pytest
from tests.conftest import serving_process

from homestretch.core.protocol import JSON
from homestretch.store.db import Store

SLACK = 8 * 1024
"""Bytes the store's files may grow by once the room runs out: a move or two."""
WAIT = 60.0
"""Seconds a request to the server may take before the test gives up: a bound on a
hang, not a measurement (httpx's own 5 s is within reach of a loaded machine)."""


def _frame(address: str, game_id: int, token: str) -> JSON:
    answer = httpx.get(
        f"{address}/api/tables/{game_id}/frame", params={"token": token}, timeout=WAIT
    )
    assert answer.status_code == 200, answer.text
    shown: JSON = answer.json()
    return shown


def _move(address: str, game_id: int, token: str) -> httpx.Response:
    """The person's first move as the table stands."""
    shown = _frame(address, game_id, token)
    assert shown["your_turn"], shown["waiting"]
    body = {"token": token, "version": shown["version"], "action": shown["legal"][0]["action"]}
    return httpx.post(f"{address}/api/tables/{game_id}/moves", json=body, timeout=WAIT)


def test_a_move_the_store_has_no_room_for_is_said_as_a_web_player_can_act(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite"
    with serving_process(str(db), tmp_path) as (address, server):
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Cy"}]
        request = {"game": "totopoly", "config": {"players": 2}, "seats": seats, "seed": 3}
        links = httpx.post(f"{address}/api/tables", json=request, timeout=WAIT).json()
        game_id, token = links["id"], links["seats"][0]["link"].rsplit("/", 1)[1]
        files = [db, Path(f"{db}-wal")]
        room = max(f.stat().st_size for f in files if f.exists()) + SLACK
        _, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.prlimit(server.pid, resource.RLIMIT_FSIZE, (room, hard))  # the disk fills
        for _ in range(400):
            answer = _move(address, game_id, token)
            if answer.status_code != 200:
                break
        else:
            pytest.fail("every move was kept: the room never ran out")
        said = answer.json()["error"]
        assert "took nothing more" in said and "\n" not in said, said
        assert "resume" not in said and "homestretch" not in said, said
        assert str(tmp_path) not in said and said.startswith("the game store took"), said
        logged = "".join(log.read_text() for log in tmp_path.glob("serve-*.log"))
        assert f"{db}: the game store took nothing more" in logged, logged[-2000:]
        assert said.endswith(
            "your move was not kept: once whoever runs this server has made room on its "
            "disk, make it again on this page"
        ), said
        shown = _frame(address, game_id, token)
        resource.prlimit(server.pid, resource.RLIMIT_FSIZE, (hard, hard))  # room made
        store = Store(db)
        try:
            kept = len(store.load(game_id).events)
        finally:
            store.close()
        assert shown["version"] == kept  # what the page is shown is what was kept
        for _ in range(3):  # and the table plays on from it
            answer = _move(address, game_id, token)
            assert answer.status_code == 200, answer.text
