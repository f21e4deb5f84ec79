"""Durability at process level: a game of computer players killed with SIGKILL at many
points, including inside a transaction after its rows are written and before they are
committed, resumes to the very result of the game played without a break.

The kill comes from the process itself, in SQLAlchemy's ``commit`` connection event
(which runs after a transaction's statements, before its COMMIT; see the fork server,
``worker.py``): counting commits makes each kill point exact and repeatable, where a
timer would land anywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.fuzz.conftest import examples
from tests.fuzz.harness import Homestretch

GAMES = {
    "across": ["across", "play", "--bots", "3", "--seed", "11", "--quiet"],
    "totopoly": ["totopoly", "play", "--bots", "3", "--seed", "11"],
    "derbycast": ["derbycast", "play", "--bots", "3", "--seed", "11", "--source", "replays"]
    + ["--races", "2"],
}


def _final(hs: Homestretch, db: Path) -> object:
    """The finished game as replay shows it."""
    shown = hs.run(["replay", "1", "--format", "json"], db)
    assert shown.rc == 0, shown.stderr
    return json.loads(shown.stdout)


def _kill_points(commits: int) -> list[int]:
    """Commits to die at: the first ones (the game and its settings being stored), the
    middle, the last; every commit under ``make fuzz`` (HOMESTRETCH_FUZZ)."""
    if examples(0):
        return list(range(1, commits + 1))
    return sorted({1, 3, commits // 2, commits - 1})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_killed_anywhere_resumes_to_the_same_result(
    hs: Homestretch, game: str, tmp_path: Path
) -> None:
    whole, count = tmp_path / "whole.sqlite", tmp_path / "commits.txt"
    played = hs.run(GAMES[game], whole, env={"COUNT_COMMITS": str(count)})
    assert played.rc == 0, played.stderr
    expected = _final(hs, whole)
    commits = int(count.read_text())
    assert commits > 10, commits
    for point in _kill_points(commits):
        db = tmp_path / f"killed-{point}.sqlite"
        killed = hs.run(GAMES[game], db, env={"KILL_AT_COMMIT": str(point)})
        assert killed.rc == -9, (point, killed.rc, killed.stderr[-2000:])
        resumed = hs.run(["resume", "1"], db)
        if "no saved game" in resumed.stderr:  # killed before the game was stored
            resumed = hs.run(GAMES[game], db)
        finished = resumed.rc == 0 or "already finished" in resumed.stderr
        assert finished, (point, resumed.stderr[-2000:])
        assert _final(hs, db) == expected, f"killed at commit {point} of {commits}"
