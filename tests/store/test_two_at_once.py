"""One saved game played from two places at once: two terminals resuming it, or a
terminal and a browser's seat. Each move is won by one of them; the other is told in one
line (a terminal stops, exit status 2; a page gets "moved on" with the table as it is),
and nothing is written twice: the log is the log of the game played in one place."""

from __future__ import annotations

import signal
from pathlib import Path

import httpx
from tests.conftest import serving
from tests.store.test_killed_games import GAMES, Played, the_log

from homestretch.core.protocol import JSON
from homestretch.session.saved import rebuild
from homestretch.store.db import Store

WAIT = 60.0
"""Seconds a request to the server may take before the test gives up: a bound on a
hang, not a measurement (httpx's own 5 s is within reach of a loaded machine)."""


def stopped_at_a_question(tmp_path: Path, name: str) -> tuple[Path, list[object]]:
    """A game killed at its third question, and the log of the game played through."""
    whole_db = tmp_path / "whole.sqlite"
    assert Played(GAMES[name], whole_db).run() == 0
    db = tmp_path / "games.sqlite"
    assert Played(GAMES[name], db).run(kill=lambda n, _: n == 3) == -signal.SIGKILL
    return db, the_log(whole_db)


def test_two_terminals_resuming_one_game_one_wins_the_other_stops(tmp_path: Path) -> None:
    db, whole = stopped_at_a_question(tmp_path, "across")
    first, second = Played(["resume", "1"], db), Played(["resume", "1"], db)
    assert first.run(pause=True) is None and second.run(pause=True) is None
    stored = the_log(db)
    assert first.waiting == second.waiting  # both asked the same person the same thing
    assert first.run() == 0  # one plays it to the end
    assert second.run() == 2  # the other's move comes too late
    said = second.out.decode().split("\n")
    assert any("Game 1 is being played elsewhere too" in line for line in said), said[-5:]
    assert b"Traceback" not in second.out
    assert len(stored) < len(whole) and the_log(db) == whole  # nothing written twice


def test_the_second_to_answer_loses_whichever_it_is(tmp_path: Path) -> None:
    """The same again, the second terminal answering first."""
    db, whole = stopped_at_a_question(tmp_path, "totopoly")
    first, second = Played(["resume", "1"], db), Played(["resume", "1"], db)
    assert first.run(pause=True) is None and second.run(pause=True) is None
    assert second.run() == 0
    assert first.run() == 2 and b"being played elsewhere too" in first.out
    assert the_log(db) == whole


def _frame(address: str, game_id: int, token: str) -> JSON:
    answer = httpx.get(
        f"{address}/api/tables/{game_id}/frame", params={"token": token}, timeout=WAIT
    )
    assert answer.status_code == 200, answer.text
    frame: JSON = answer.json()
    return frame


def test_a_terminal_and_a_browser_seat_on_one_game(store_target: str, tmp_path: Path) -> None:
    """A table opened on the server, resumed at a terminal too: the browser's move made
    first stops the terminal's; the terminal's made first is refused to the browser with
    the table as it stands (409). Nothing is written twice and the log replays."""
    Store(store_target).close()
    people = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
    with serving(store_target, tmp_path) as server:
        request = {"game": "totopoly", "config": {"players": 2}, "seats": people, "seed": 6}
        links = httpx.post(f"{server}/api/tables", json=request, timeout=WAIT).json()
        game_id = links["id"]
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in links["seats"]]

        def move() -> JSON:
            seat = next(t for t in tokens if _frame(server, game_id, t)["your_turn"])
            frame = _frame(server, game_id, seat)
            return {
                "token": seat,
                "version": frame["version"],
                "action": frame["legal"][0]["action"],
            }

        # the browser first: the terminal, asked the same question, is told and stops
        terminal = Played(["resume", str(game_id), "--db", store_target], tmp_path / "unused")
        assert terminal.run(pause=True) is None
        made = httpx.post(f"{server}/api/tables/{game_id}/moves", json=move(), timeout=WAIT)
        assert made.status_code == 200, made.text
        assert terminal.run() == 2 and b"being played elsewhere too" in terminal.out
        assert b"Traceback" not in terminal.out

        # the terminal first: the browser's move on the table as it was is refused
        late = move()
        terminal = Played(["resume", str(game_id), "--db", store_target], tmp_path / "unused")
        assert terminal.run(pause=True) is None
        for _ in range(5):  # past the hot seat's "pass the seat to Bob": a move saved
            if len(the_log(store_target)) > late["version"]:
                break
            assert terminal.run(pause=True) is None
        assert len(the_log(store_target)) > late["version"], terminal.out[-3000:].decode()
        terminal.proc.kill()
        terminal.proc.wait(60)
        refused = httpx.post(f"{server}/api/tables/{game_id}/moves", json=late, timeout=WAIT)
        assert refused.status_code == 409, refused.text
        assert refused.json()["frame"]["version"] > late["version"]

    store = Store(store_target)
    saved = store.load(game_id)
    table = rebuild(store, saved)
    assert table.dice_mismatch is None and table.version == len(saved.events)
    assert [e.to_json() for e in table.state.events] == [e.to_json() for e in saved.events]
    store.close()
