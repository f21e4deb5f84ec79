"""A newcomer's slips with the store, each one line and exit 2 with nothing written, or
a plain answer: the commands of saved games (history, replay, resume, verify) before any
game was played made the default store (and the data folder) only to find nothing in
it; `--db ""` (a shell variable left unset) was taken for no --db at all; a picture
asked for in a folder this user may not write was refused only after the whole run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import as_a_user, one_line

RUN = [sys.executable, "-c", "from homestretch.cli.main import run; run()"]


def in_a_new_home(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The command as a newcomer runs it: no HOMESTRETCH_DB, an empty data folder."""
    env = {k: v for k, v in os.environ.items() if k != "HOMESTRETCH_DB"}
    env.update({"XDG_DATA_HOME": str(home / "data"), "HOME": str(home), "COLUMNS": "100"})
    return subprocess.run([*RUN, *args], capture_output=True, text=True, env=env, cwd=home)


def test_history_before_any_game_makes_no_store(tmp_path: Path) -> None:
    done = in_a_new_home(tmp_path, "history")
    assert (done.returncode, done.stdout, done.stderr) == (0, "no saved games yet\n", "")
    done = in_a_new_home(tmp_path, "history", "-f", "json")
    assert (done.returncode, done.stdout) == (0, "[]\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no data folder, no store


@pytest.mark.parametrize("command", [["replay", "1"], ["resume", "1"], ["verify", "1"]])
def test_a_saved_game_asked_for_before_any_game_makes_no_store(
    tmp_path: Path, command: list[str]
) -> None:
    line = one_line(in_a_new_home(tmp_path, *command))
    store = tmp_path / "data" / "homestretch" / "homestretch.sqlite"
    assert line == (
        f"error: no game is saved yet: no game store at {store} (the first game played "
        "makes it; --db names another)"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("blank", ["", " "])
@pytest.mark.parametrize(
    "command", [["history"], ["replay", "1"], ["across", "play", "--bots", "3", "--seed", "1"]]
)
def test_an_empty_db_is_refused(tmp_path: Path, command: list[str], blank: str) -> None:
    line = one_line(in_a_new_home(tmp_path, *command, "--db", blank))
    assert line.startswith(f"error: --db {blank!r}: an empty name names no game store"), line
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "command",
    [
        ["stretch", "run", "2009-champagne-stakes", "--mode", "full", "--no-save"],
        ["across", "simulate", "--games", "2"],
        ["totopoly", "simulate", "-n", "2"],
    ],
)
def test_a_picture_in_a_closed_folder_is_refused_before_the_run(
    tmp_path: Path, command: list[str]
) -> None:
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o555)
    try:
        done = as_a_user(*command, "--seed", "1", "--plot", str(closed / "x.png"))
        line = one_line(done)  # nothing on stdout: no race called, no games played
        assert line == f"error: {closed / 'x.png'}: cannot write the picture (Permission denied)"
        assert list(closed.iterdir()) == []
    finally:
        closed.chmod(0o755)
