"""`homestretch ... | head`: the reader stops reading, and the command ends as Unix tools
do, exit 0 with no word (it exited 1 quietly: click and rich each answer a broken pipe
with status 1; Python's own last flush says "Exception ignored" and exits 120).

Run as the installed command, through a real pipe: one whose reading end is closed before
the command starts (its first write finds no reader, every time), and `head -1` in a shell
(the reader goes after its line, whenever the command writes the rest).

The same of stderr alone (`homestretch ... 2>&1 >/dev/null | head -1`): a reader gone
from it ends the run quietly too, where an error line found it gone exited 1 with a
traceback nobody saw, a JSON run's seed notice exited 1 and lost its JSON, and a question
asked on stderr stopped the game as if Ctrl-C were typed. And stdout or stderr closed
(`2>&-`): a person at the prompts could not play (the game stopped at its first question)
and JSON to a closed stdout was a traceback."""

from __future__ import annotations

import json
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


ANSWERS = "1\n" * 3000
"""Enough answers for a whole game of Across the Board with one person (the first choice
at every question)."""
STDERR_READER_GOES = {
    # what the command runs, its status, and whether its stdout holds whole JSON
    "an error line": (["stretch", "run", "no-such-race"], 2, False),
    "a usage error": (["stretch", "run", RACE, "--bogus"], 2, False),
    "a JSON run's seed notice": (["stretch", "run", RACE, "--no-save", "-f", "json"], 0, True),
    "questions on stderr": (
        ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "1", "-f", "json"],
        0,
        False,
    ),
}


@pytest.mark.parametrize("what", STDERR_READER_GOES)
def test_no_reader_of_stderr_is_a_quiet_end(tmp_path: Path, what: str) -> None:
    argv, status, whole_json = STDERR_READER_GOES[what]
    reading, writing = os.pipe()
    os.close(reading)  # nobody reads stderr: its first write finds the pipe broken
    try:
        done = subprocess.run(
            [str(HOMESTRETCH), *argv],
            stdout=subprocess.PIPE,
            stderr=writing,
            input=ANSWERS,
            env=_env(tmp_path),
            cwd=tmp_path,
            text=True,
            timeout=300,
        )
    finally:
        os.close(writing)
    assert done.returncode == status, done.stdout[-2000:]
    if whole_json:
        assert json.loads(done.stdout)["order"], done.stdout[-2000:]


@pytest.mark.skipif(shutil.which("head") is None, reason="no head on this system")
def test_stderr_alone_piped_to_head_is_its_first_line_and_exit_0(tmp_path: Path) -> None:
    """A game whose questions (JSON mode: stderr) are read by `head -1`, its JSON thrown
    away: the command's own status (PIPESTATUS) is 0, whenever head goes."""
    (tmp_path / "answers").write_text(ANSWERS)
    command = f"'{HOMESTRETCH}' across play --players Ann --bots 2 --seed 1 -f json < answers"
    line = f"{command} 2>&1 >/dev/null | head -1; exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(
        ["bash", "-c", line],
        capture_output=True,
        env=_env(tmp_path),
        cwd=tmp_path,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert done.stdout.startswith("Saved as game 1") and done.stdout.count("\n") == 1, done.stdout
    assert done.stderr == "", done.stderr


CLOSED = {
    # the command, what it is closed on, its status, what stdout ends with
    "a person plays with stderr closed": (
        ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "1"],
        "2>&-",
        0,
        "see it again with `homestretch replay 1`.",
    ),
    "an error with stderr closed": (["stretch", "run", "no-such-race"], "2>&-", 2, ""),
    "JSON to a closed stdout": (["stretch", "races", "-f", "json"], ">&-", 0, None),
    "an error with stdout closed": (["stretch", "run", "no-such-race"], ">&-", 2, None),
}


@pytest.mark.parametrize("what", CLOSED)
def test_a_closed_stream_is_nowhere(tmp_path: Path, what: str) -> None:
    argv, closing, status, ends = CLOSED[what]
    (tmp_path / "answers").write_text(ANSWERS)
    words = " ".join(f"'{word}'" for word in [str(HOMESTRETCH), *argv])
    done = subprocess.run(
        ["bash", "-c", f"{words} < answers {closing}"],
        capture_output=True,
        env=_env(tmp_path),
        cwd=tmp_path,
        text=True,
        timeout=300,
    )
    assert done.returncode == status, (done.stdout[-2000:], done.stderr[-2000:])
    if ends is not None:  # stdout is there
        assert done.stdout.rstrip().endswith(ends), done.stdout[-2000:]
    if closing == ">&-":  # stderr is there: the error line, or nothing
        said = done.stderr.startswith("error: no-such-race: ") and done.stderr.count("\n") == 1
        assert said if status else done.stderr == "", done.stderr
