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
