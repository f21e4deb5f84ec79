"""Twenty markers at 80 x 24: the result and the board after a race were 34 rows, the
result off the top before the next race's question. The fitted board keeps the leader
and the people here, leaves out the fewest points first and says how many it left out;
``m`` shows every marker."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.derbycast.rules.actions import Pick, PostCard, PostResult, PostScratches
from homestretch.games.derbycast.rules.game import DerbyCastGame
from homestretch.games.derbycast.terminal.show import print_race, print_race_fitted

HORSES = tuple(f"Horse {c}" for c in "ABCDEFGHIJ")
ODDS = ("2-1", "5-2", "3-1", "4-1", "5-1", "6-1", "8-1", "10-1", "12-1", "20-1")


def _after_a_race(markers: int = 20) -> dict[str, Any]:
    """Ann (marker 1) and computer players, one race run: the view after it."""
    names = ["Ann"] + [f"Computer {n}" for n in range(1, markers)]
    people = [{"name": n, "bot": n != "Ann"} for n in names]
    state = DerbyCastGame({"entrants": people}).new_initial_state()
    keeper = state.game.keeper
    state.apply(keeper, PostCard("Downs 1", HORSES, ODDS, tuple(str(i) for i in range(1, 11))))
    bets = ["win", "place", "show"]
    for marker in range(markers):
        state.apply(marker, Pick(HORSES[(marker * 3) % 10], bets[marker % 3]))
    state.apply(keeper, PostScratches(()))
    state.apply(keeper, PostResult(ODDS, (2, 3, 1, 4, 5, 6, 7, 8, 9, 10), official=True))
    return state.view(None)


def _lines(console: Console) -> list[str]:
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize("here", [1, 20])
def test_the_board_after_a_race_of_twenty_fits_24_rows_with_her_own_row(here: int) -> None:
    view = _after_a_race()
    whole = Console(width=80, height=24, record=True)
    print_race(whole, view["last_race"], view["board"])
    full = Console(width=80, height=24, record=True)
    print_race_fitted(full, view["last_race"], view["board"], rows=100)  # room for all
    assert len(_lines(full)) == 34  # as it was: the result off the top of 24 rows
    console = Console(width=80, height=24, record=True)
    left_out = print_race_fitted(console, view["last_race"], view["board"], [here])
    lines = _lines(console)
    assert len(lines) <= 23 and max(map(len, lines)) <= 80, "\n".join(lines)
    assert lines[0] == "Race 1: Downs 1 - official result"
    assert "1st     3  Horse C  3-1" in lines[3]
    rows = [line for line in lines if line[:3].strip().isdigit()]
    shown = [int(line[:3]) for line in rows]
    assert here in shown and shown[0] == 5  # her own row, and the leader's
    gaps = [line for line in lines if line.startswith("...")]
    counted = sum(int(gap.split()[1]) for gap in gaps)
    assert left_out == counted == 20 - len(rows) > 0
    assert all(gap.rstrip().endswith(" more on 0 points") for gap in gaps)  # nobody left out scored
    assert (
        lines[-1]
        == "Computer 4 and Computer 10 lead on 1: 20 more to pass the Official Finish (|)."
    )


def test_six_markers_are_all_on_the_board_as_before() -> None:
    view = _after_a_race(6)
    console = Console(width=80, height=24, record=True)
    assert print_race_fitted(console, view["last_race"], view["board"], [1]) == 0
    assert not any(line.startswith("...") for line in _lines(console))


def test_at_a_terminal_the_screen_after_a_race_of_twenty_fits_80_by_24(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann and 19 computer players over the race replays at an 80 x 24 terminal: from
    the result's title to the question after it (``Enter: race 2``) is 23 rows at most,
    her row among them; m there shows every marker."""
    from homestretch.games.derbycast.terminal import cli as derbycast_cli

    screens: list[str] = []
    asked: list[str] = []

    def question(text: str, **options: Any) -> str:
        if text.startswith("Enter: "):
            asked.append(text)
            sys.stdout.flush()  # what the screen shows when the question is asked
            screens.append(sys.stdout.buffer.getvalue().decode())  # type: ignore[attr-defined]
            return "m" if text.startswith("Enter: race") and len(asked) == 1 else ""
        return real(text, **options)

    real = derbycast_cli.prompt
    monkeypatch.setattr(derbycast_cli, "read_at_a_terminal", lambda screen: True)
    monkeypatch.setattr(derbycast_cli, "prompt", question)
    command = ["derbycast", "play", "--players", "Ann", "--bots", "19", "--source", "replays"]
    command += ["--races", "2", "--tie", "dead-heat", "--seed", "3"]
    done = CliRunner().invoke(
        app,
        [*command, "--db", str(tmp_path / "g.sqlite")],
        input="win 1\nwin 1\n",
        env={"COLUMNS": "80", "LINES": "24"},
    )
    assert done.exit_code == 0, done.output
    assert asked[:2] == [
        "Enter: race 2 (m: every marker, each pick in words, what each needs)",
        "Enter: race 2",
    ]
    before = screens[0].rstrip("\n").split("\n")
    title = max(i for i, line in enumerate(before) if line.startswith("Race 1: "))
    screen = before[title:]
    assert len(screen) <= 23 and max(map(len, screen)) <= 80, "\n".join(screen)
    assert screen[0].endswith(" - official result")
    assert any(line.startswith("  1  Ann ") for line in screen), "\n".join(screen)
    # m: the whole report, every marker in it
    after = screens[1][len(screens[0]) :]
    assert all(f"(marker {m})" in after for m in range(1, 21)), after


def test_many_level_leaders_are_counted_not_named() -> None:
    """Twenty markers named in the leader line took three of the 24 rows."""
    from homestretch.games.derbycast.terminal.show import leader_line

    board = [{"name": f"P{m}", "points": 3 if m <= 5 else 1, "marker": m} for m in range(1, 21)]
    assert leader_line(board) == "5 markers lead on 3: 18 more to pass the Official Finish (|)."
    assert (
        leader_line(board[2:])
        == "P3, P4 and P5 lead on 3: 18 more to pass the Official Finish (|)."
    )
