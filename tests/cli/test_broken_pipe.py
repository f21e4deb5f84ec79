"""`homestretch ... | head`: the reader stops reading, and the command ends as Unix tools
do, exit 0 with no word (it exited 1 quietly: click and rich each answer a broken pipe
with status 1; Python's own last flush says "Exception ignored" and exits 120).

Run as the installed command, through a real pipe: one whose reading end is closed before
the command starts (its first write finds no reader, every time), and `head -1` in a shell
(the reader goes after its line, whenever the command writes the rest)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HOMESTRETCH = Path(sys.executable).with_name("homestretch")
RACE = "2009-champagne-stakes"
LONG = {
    "tables": ["stretch", "cards"],
    "json": ["stretch", "cards", "--format", "json"],
    "json lines": ["stretch", "odds", RACE, "--mode", "full", "-n", "2000", "--early"]
    + ["--format", "json", "--seed", "1"],
    "a race's call": ["stretch", "run", RACE, "--mode", "full", "--seed", "1", "--no-save"],
    "a game as it goes": ["across", "play", "--bots", "3", "--seed", "1"],
    "help": ["totopoly", "play", "--help"],
    "a page of rules": ["derbycast", "rules"],
}


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "HOMESTRETCH_DB": str(tmp_path / "store.sqlite"), "COLUMNS": "100"}


@pytest.mark.parametrize("what", LONG)
def test_no_reader_from_the_first_write_is_exit_0_quietly(tmp_path: Path, what: str) -> None:
    reading, writing = os.pipe()
    os.close(reading)  # nobody reads: the first write (or flush) finds the pipe broken
    try:
        done = subprocess.run(
            [str(HOMESTRETCH), *LONG[what]],
            stdout=writing,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=_env(tmp_path),
            cwd=tmp_path,
            text=True,
            timeout=300,
        )
    finally:
        os.close(writing)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Error" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "error:" not in done.stderr, done.stderr


@pytest.mark.skipif(shutil.which("head") is None, reason="no head on this system")
def test_piped_to_head_prints_the_first_line_and_exits_0(tmp_path: Path) -> None:
    """`homestretch stretch cards --jockeys | head -1` in a shell, with pipefail: the
    command's own exit status is the pipe's."""
    line = f"set -o pipefail; '{HOMESTRETCH}' stretch cards --jockeys | head -1"
    done = subprocess.run(
        ["bash", "-c", line],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        env=_env(tmp_path),
        cwd=tmp_path,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("\n") == 1 and done.stdout.strip(), done.stdout
    assert done.stderr == "", done.stderr
