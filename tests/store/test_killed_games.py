"""A terminal game killed hard (SIGKILL: no Ctrl-C handler, no cleanup) goes on from its
last whole move: `homestretch resume` carries on, the log it ends with is the log of the
same game played without a break, and `homestretch verify` passes.

Each game is played by the real command in a subprocess, its questions answered from
stdin as they are asked (the answer depends on the question alone, so a resumed game is
answered as the unbroken one was), and killed at a question found in its output: some
with half an answer typed (mid-move), some while the computer players and the dice run
on (found by the output so far). Every point is a different part of the game: the
auction and the races of Across the Board, Totopoly's board, Derby Cast's picks, Top of
the Stretch's betting and its race, rolled with real dice typed in. (tests/fuzz/
test_kill_nine.py kills games of computer players inside the store's transactions.)"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from homestretch.store.db import Store

QUESTION = re.compile(r"(: |\? )$")
"""The end of a question the game waits on (its last line, not yet answered)."""


def answer(question: str) -> str:
    """The same answer to the same question, whenever it is asked."""
    if "type the" in question and ("dice" in question or "die" in question):
        return "3 4" if " and " in question else "3"
    if "type a bet" in question:
        return "done"
    if "your pick" in question:
        return "show 1"
    return "1"  # the first move listed


class Played:
    """The real command, its questions answered as they come."""

    def __init__(self, args: Sequence[str], db: Path | str) -> None:
        command = [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        env = {**os.environ, "COLUMNS": "100", "HOMESTRETCH_DB": str(db)}
        self.proc = subprocess.Popen(
            [*command, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.out = b""
        self.asked = 0
        """The questions asked so far."""
        self.waiting: str | None = None
        """The question the command waits on, not yet answered."""

    def run(
        self,
        kill: Callable[[int, bytes], bool] | None = None,
        partial: bool = False,
        pause: bool = False,
    ) -> int | None:
        """Answer every question until the command ends (its exit status), or until
        ``kill(questions asked, output so far)`` says so: then SIGKILL, after half an
        answer typed with ``partial`` (returns -9). With ``pause``, answer the question
        waiting, if any, and stop at the next one unanswered (returns None); the next
        run answers it first."""
        assert self.proc.stdout is not None and self.proc.stdin is not None
        while True:
            if self.waiting is not None:
                self.proc.stdin.write((answer(self.waiting) + "\n").encode())
                self.proc.stdin.flush()
                self.waiting = None
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                return self.proc.wait(60)
            self.out += chunk
            last = self.out.rsplit(b"\n", 1)[-1].decode("utf-8", "replace")
            waits = bool(QUESTION.search(last))
            self.asked += waits
            if kill is not None and kill(self.asked if waits else -1, self.out):
                if waits and partial:
                    self.proc.stdin.write(answer(last)[:1].encode())
                    self.proc.stdin.flush()
                self.proc.send_signal(signal.SIGKILL)
                return self.proc.wait(60)
            if waits:
                self.waiting = last
                if pause:
                    return None
            assert self.asked < 3000, self.out[-2000:].decode("utf-8", "replace")


def homestretch(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
    return subprocess.run(
        [*command, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "HOMESTRETCH_DB": str(db)},
    )


def the_log(db: Path | str) -> list[dict[str, object]]:
    """The one game's log in the store, each event as stored but for when."""
    store = Store(db)
    try:
        (saved,) = store.saved_games()
        return [event.to_json() for event in store.load(saved.id).events]
    finally:
        store.close()


GAMES = {
    "across": ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "5"],
    "totopoly": ["totopoly", "play", "--players", "Ann", "--bots", "2", "--seed", "5"],
    "derbycast": [
        "derbycast",
        "play",
        "--players",
        "Ann",
        "--bots",
        "2",
        "--races",
        "2",
        "--source",
        "simulate",
        "--seed",
        "5",
    ],  # fmt: skip
    "stretch": [
        "stretch",
        "run",
        "2009-champagne-stakes",
        "--bettor",
        "Ann",
        "--dice",
        "ask",
        "--seed",
        "5",
    ],  # fmt: skip
}
"""A person (Ann) at each game, computer players beside her; Top of the Stretch's dice
typed in, so its race is killed between one roll and the next."""

WHERE = {
    "across": [(0.05, True), (0.5, False)],
    "totopoly": [(0.5, True)],
    "derbycast": [(0.4, True)],
    "stretch": [(0.1, True), (0.85, True)],
}
"""Where each game is killed: at that share of the questions the unbroken game asks,
with half an answer typed or none."""


@pytest.fixture(scope="module")
def unbroken(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, list[object]]]:
    """Each game played through without a break: its questions and its log."""
    played: dict[str, tuple[int, list[object]]] = {}
    for name, args in GAMES.items():
        db = tmp_path_factory.mktemp(name) / "games.sqlite"
        game = Played(args, db)
        assert game.run() == 0, game.out[-2000:].decode()
        played[name] = (game.asked, list(the_log(db)))
    return played


@pytest.mark.parametrize(
    ("name", "share", "partial"),
    [(name, share, partial) for name, points in WHERE.items() for share, partial in points],
)
def test_a_game_killed_at_a_question_resumes_to_the_same_game(
    name: str,
    share: float,
    partial: bool,
    unbroken: dict[str, tuple[int, list[object]]],
    tmp_path: Path,
) -> None:
    questions, whole = unbroken[name]
    at = max(1, round(questions * share))
    db = tmp_path / "games.sqlite"
    killed = Played(GAMES[name], db)
    assert killed.run(kill=lambda n, _: n == at, partial=partial) == -signal.SIGKILL
    stored = the_log(db)
    assert 0 < len(stored) < len(whole) and stored == whole[: len(stored)]
    resumed = Played(["resume", "1"], db)
    assert resumed.run() == 0, resumed.out[-2000:].decode()
    assert b"carrying on where it stopped" in resumed.out
    assert the_log(db) == whole
    replayed = homestretch("replay", "1", db=db)
    assert replayed.returncode == 0, replayed.stderr
    if name != "stretch":  # typed dice follow from no seed
        checked = homestretch("verify", "1", db=db)
        assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.postgres
@pytest.mark.parametrize("name", ["totopoly", "stretch"])
def test_a_game_killed_mid_move_on_postgres_resumes_to_the_same_game(
    name: str, unbroken: dict[str, tuple[int, list[object]]], postgres_url: str
) -> None:
    """The same on a PostgreSQL store: killed halfway, half an answer typed."""
    questions, whole = unbroken[name]
    killed = Played(GAMES[name], postgres_url)
    assert killed.run(kill=lambda n, _: n == questions // 2, partial=True) == -signal.SIGKILL
    stored = the_log(postgres_url)
    assert 0 < len(stored) < len(whole) and stored == whole[: len(stored)]
    resumed = Played(["resume", "1"], postgres_url)
    assert resumed.run() == 0, resumed.out[-2000:].decode()
    assert the_log(postgres_url) == whole
    if name != "stretch":
        checked = subprocess.run(
            [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
            + ["verify", "1", "--db", postgres_url],
            capture_output=True,
            text=True,
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_game_of_computer_players_killed_while_it_runs_resumes_to_the_same_game(
    tmp_path: Path,
) -> None:
    """No question to stop at: killed once its output shows the second race run (four
    meets: more output than a pipe holds, so the game cannot have run to its end)."""
    args = ["across", "play", "--bots", "3", "--meets", "4", "--seed", "11"]
    first = tmp_path / "whole.sqlite"
    assert Played(args, first).run() == 0
    whole = the_log(first)
    db = tmp_path / "games.sqlite"
    killed = Played(args, db)
    status = killed.run(kill=lambda _, out: out.count(b"\nRace 2") > 0)
    assert status == -signal.SIGKILL, killed.out[-500:]
    stored = the_log(db)
    assert stored == whole[: len(stored)] and len(stored) < len(whole)
    assert Played(["resume", "1"], db).run() == 0
    assert the_log(db) == whole
    assert homestretch("verify", "1", db=db).returncode == 0
