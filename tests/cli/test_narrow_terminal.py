"""What a narrow terminal (80 columns, a phone's ssh) shows of a list one types from."""

from __future__ import annotations

from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.stretch.content.race_plain import bundled_races


def test_stretch_races_shows_every_race_to_type_in_full_in_80_columns() -> None:
    """The race column was cut to "2009-breed…" and "claiming-r…": the one word a fan
    types to run the race."""
    done = CliRunner().invoke(app, ["stretch", "races"], env={"COLUMNS": "80"})
    assert done.exit_code == 0, done.output
    assert all(len(line) <= 80 for line in done.stdout.splitlines())
    for race in bundled_races():
        assert f"│ {race.stem} " in done.stdout, race.stem
    # at any width two columns: the name to type and the race in words beside it
    wide = CliRunner().invoke(app, ["stretch", "races"], env={"COLUMNS": "140"})
    header = next(line for line in wide.stdout.splitlines() if "race" in line)
    assert [cell.strip() for cell in header.split("┃")[1:-1]] == ["race", "what it is"]
