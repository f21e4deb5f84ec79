"""The `homestretch` entry point: usage mistakes are one line and exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(tmp_path / "t.sqlite")},
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["stretch", "run"], "Missing argument"),
        (["stretch", "run", "x", "--bogus"], "No such option"),
        (["nonsense"], "No such command"),
        (["replay", "12345"], "no saved game with id 12345"),
    ],
)
def test_mistakes_are_one_line_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    result = run(tmp_path, *args)
    assert result.returncode == 2
    assert words in result.stderr
    assert result.stderr.strip().count("\n") == 0 and "Traceback" not in result.stderr


def test_help_and_history_succeed(tmp_path: Path) -> None:
    assert run(tmp_path, "--help").returncode == 0
    assert run(tmp_path, "history").returncode == 0


def test_replay_draws_money_over_a_game_and_refuses_what_it_cannot_draw(tmp_path: Path) -> None:
    played = run(tmp_path, "across", "play", "--bots", "3", "--seed", "5", "--quiet")
    assert played.returncode == 0, played.stderr
    picture = tmp_path / "fifties.png"
    drawn = run(tmp_path, "replay", "1", "--plot", str(picture))
    assert drawn.returncode == 0, drawn.stderr
    assert picture.read_bytes().startswith(b"\x89PNG")
    for args, words in (
        (["replay", "1", "--plot", str(tmp_path / "x.xyz")], "Format 'xyz' is not supported"),
        (["replay", "1", "--plot", str(tmp_path / "no" / "x.png")], "cannot write the picture"),
    ):
        refused = run(tmp_path, *args)
        assert refused.returncode == 2 and words in refused.stderr, refused.stderr
        assert refused.stderr.strip().count("\n") == 0
    raced = run(tmp_path, "stretch", "run", "2009-champagne-stakes", "--seed", "1")
    assert raced.returncode == 0, raced.stderr
    refused = run(tmp_path, "replay", "2", "--plot", str(tmp_path / "race.png"))
    assert refused.returncode == 2 and "no money or points to draw" in refused.stderr
