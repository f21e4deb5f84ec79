"""`stretch run --quiet`, as every game's `play --quiet`: only the result, not the race
as it is run (`homestretch stretch run --quiet` said "no option --quiet")."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from homestretch.cli.main import app

RUNNER = CliRunner()
CALL = ("At the break.", "Turning for home.", "At the wire.")
"""Parts of a Fullplay race call: the race as it is run."""


def _run(tmp_path: Path, name: str, *more: str) -> str:
    args = ["stretch", "run", "2009-champagne-stakes", "--mode", "full", "--seed", "3"]
    db = str(tmp_path / f"{name}.sqlite")
    result = RUNNER.invoke(app, [*args, "--db", db, *more])
    assert result.exit_code == 0, result.output
    return result.stdout.replace(db, "DB")  # each run in a store of its own


def test_quiet_leaves_out_the_race_call_and_keeps_the_result(tmp_path: Path) -> None:
    bettor = ("--computer-bettor", "Robo")
    loud = _run(tmp_path, "loud", *bettor)
    quiet = _run(tmp_path, "quiet", *bettor, "--quiet")
    assert all(words in loud for words in CALL)  # the same run, told as it goes
    assert not any(words in quiet for words in CALL), quiet
    # the result as the run without --quiet shows it: the race named, the sheets, who
    # ended with the most money and where the run is saved, each line as it was there
    kept = ("Champagne Stakes - Belmont Park", "Scoresheet", "Result", "Robo ends on")
    for words in (*kept, "Saved as run 1"):
        assert words in quiet, words
    lines = [line for line in quiet.splitlines() if line.strip()]
    assert all(line in loud.splitlines() for line in lines), quiet
    assert len(quiet.splitlines()) < len(loud.splitlines())


def test_quiet_leaves_the_json_as_it_was(tmp_path: Path) -> None:
    loud = json.loads(_run(tmp_path, "loud", "-f", "json"))
    quiet = json.loads(_run(tmp_path, "quiet", "-f", "json", "--quiet"))
    assert quiet == loud and loud["entries"]
