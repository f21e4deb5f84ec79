"""A race header with a course's own clock ("(the course runs 0.13 s a furlong quick)")
ran past 80 columns on the standard chart set too, and rich wrapped it wherever a word
ended ("...slow); Quickplay; " / "charts: homestretch standard"), an edited copy's
charts cut to "edited" for want of room. At a terminal too narrow for one row the going
and its note take a row, the version and the charts the next: the race's header, the
betting window's (the same ``show_header``) and --quiet's result page."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rich.console import Console

from homestretch.games.stretch.content.race import bundled_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.terminal.render import show_header

from ...pty_screens import Screen, play

STANDARD = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
COURSES = {
    "allowance-turf-route": "1 1/16 miles on the turf, firm (the course runs 0.13 s a furlong quick);",
    "claiming-route-big-field": "1 1/16 miles on the dirt, good (the course runs 0.25 s a furlong slow);",
    "dream-turf-mile": "1 mile on the turf, firm (the course runs 0.35 s a furlong slow);",
}


def _edited_copy(where: Path) -> Path:
    """A copy of the standard set with one cell changed, still named the standard."""
    shutil.copytree(STANDARD, where)
    chart = where / "break.csv"
    rows = chart.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = rows[1].rstrip("\n").split(",")
    cells[-1] = str(int(cells[-1]) + 1)
    chart.write_text("".join([rows[0], ",".join(cells) + "\n", *rows[2:]]), "utf-8")
    return where


def _header(race: str, mode: str, charts: Path | None, width: int) -> list[str]:
    state = RaceGame(bundled_race(race), mode, charts=charts).new_initial_state()
    assert isinstance(state, RaceState)
    console = Console(width=width, force_terminal=True, record=True, color_system=None)
    show_header(state, console, blank=False)
    return [line.rstrip() for line in console.export_text().splitlines()]


@pytest.mark.parametrize("race", sorted(COURSES))
@pytest.mark.parametrize("mode", ["quick", "full"])
def test_a_header_with_a_courses_clock_keeps_to_80_columns(
    race: str, mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    version = "Quickplay" if mode == "quick" else "Fullplay"
    _edited_copy(tmp_path / "my-stretch" / "charts")
    monkeypatch.chdir(tmp_path)  # the folder named as a person names it, from here
    for charts, named in (
        (None, "homestretch standard"),
        (Path("my-stretch/charts"), "homestretch standard (edited copy: my-stretch/charts)"),
    ):
        rows = _header(race, mode, charts, 80)
        assert all(len(row) <= 80 for row in rows), rows
        assert rows[1:] == [COURSES[race], f"{version}; charts: {named}"], rows
        wide = _header(race, mode, charts, 160)  # one row where it fits, as before
        assert wide[1:] == [f"{COURSES[race]} {version}; charts: {named}"], wide


def test_a_race_without_a_courses_clock_keeps_its_one_row_header() -> None:
    rows = _header("2009-champagne-stakes", "full", None, 80)
    assert rows[1:] == ["1 mile on the dirt, fast; Fullplay; charts: homestretch standard"]


def test_the_betting_window_at_80_by_24_shows_the_course_header_in_two_whole_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bettors' first window in a real 80 x 24 pseudo-terminal, an edited copy's
    charts named in full under the going and its note."""
    _edited_copy(tmp_path / "my-stretch" / "charts")
    monkeypatch.chdir(tmp_path)

    def answer(screen: Screen) -> str | None:
        return None  # the first window is all this looks at

    argv = ["stretch", "run", "dream-turf-mile", "--mode", "quick", "--seed", "3"]
    argv += ["--charts", "my-stretch/charts", "--db", str(tmp_path / "s.sqlite")]
    argv += ["--bettor", "Ann", "--bettor", "Bob", "--computer-bettor", "Robo"]
    first = play(argv, answer)[0]
    heading = next(n for n, line in enumerate(first.lines) if "Ascot" in line)
    assert first.rows(first.lines[heading]) <= 24, first.text
    rows = [line.rstrip() for line in first.lines[heading + 1 : heading + 3]]
    named = "homestretch standard (edited copy: my-stretch/charts)"
    assert rows == [COURSES["dream-turf-mile"], f"Quickplay; charts: {named}"], first.text
