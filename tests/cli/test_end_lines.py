"""The end of a game says who won and by how much. Stretch with bettors ended on a caption
of everyone's money and named no winner; Across and Derby Cast named the winner but not
the margin."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from homestretch.cli.common import ahead_of
from homestretch.cli.main import app
from homestretch.games.derbycast.terminal.cli import _margin
from homestretch.games.stretch.terminal.bettors import bettors_line

runner = CliRunner()


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def test_the_margin_names_everyone_next_best() -> None:
    assert (
        ahead_of([("Ann", 5), ("Bob", 4), ("Cy", 1)], _points) == "1 point ahead of Bob (4 points)"
    )
    scores = [("Ann", 9), ("Bob", 4), ("Cy", 4), ("Di", 4)]
    assert ahead_of(scores, _points) == "5 points ahead of Bob, Cy and Di (4 points)"
    assert ahead_of([("Ann", 3), ("Bob", 3), ("Cy", 1)], _points) == (
        "2 points ahead of Cy (1 point)"
    )
    assert ahead_of([("Ann", 2), ("Bob", 2)], _points) == ""


def _tote(*cash: tuple[str, int]) -> dict[str, object]:
    players = [{"seat": s, "name": n, "cash": c, "net": c - 10000} for s, (n, c) in enumerate(cash)]
    return {"tote": {"players": players}}


def test_a_race_with_bettors_ends_naming_who_has_the_most_money() -> None:
    assert bettors_line(_tote(("Ann", 11000), ("Bob", 9500), ("Robo", 9500))) == (
        "Ann ends with the most money, $110.00 (+$10.00), $15.00 ahead of Bob and Robo ($95.00)."
    )
    assert bettors_line(_tote(("Ann", 9000), ("Bob", 9000), ("Cy", 8000))) == (
        "Ann and Bob end with the most money, level, $90.00 (-$10.00), $10.00 ahead of Cy ($80.00)."
    )
    assert bettors_line(_tote(("Ann", 10000), ("Bob", 10000))) == (
        "Everyone ends level, on $100.00 (+$0.00)."
    )
    assert bettors_line({"tote": None}) == ""


def test_a_derby_cast_win_says_by_how_much() -> None:
    result = {
        "winners": [{"name": "Bob"}],
        "board": [{"name": "Ann", "points": 1}, {"name": "Bob", "points": 2}],
    }
    assert _margin(result) == "Bob finished 1 point ahead of Ann (1 point)."


def test_the_race_at_the_terminal_ends_with_the_bettors_standing(tmp_path: Path) -> None:
    done = runner.invoke(
        app,
        ["stretch", "run", "2009-champagne-stakes", "--bettor", "Ann", "--bettor", "Bob"]
        + ["--computer-bettor", "Robo", "--seed", "3", "--db", str(tmp_path / "s.sqlite")],
        input="win 1 10\ndone\nshow 2 5\ndone\n",
    )
    assert done.exit_code == 0, done.output
    said = " ".join(done.stdout.split())
    assert (
        "Ann ends with the most money, $110.00 (+$10.00), $15.00 ahead of Bob and Robo "
        "($95.00)." in said
    )
    across = runner.invoke(
        app, ["across", "play", "--bots", "3", "--seed", "5", "--db", str(tmp_path / "a.sqlite")]
    )
    assert across.exit_code == 0, across.output
    said = " ".join(across.stdout.split())
    assert "Computer 2 won with 49 fifties, 9 fifties ahead of Computer 3 (40 fifties)" in said


def test_every_game_ends_saying_where_it_is_kept_and_how_to_see_it_again(
    tmp_path: Path,
) -> None:
    """A Top of the Stretch run ended "saved as run 1  (homestretch replay 1)"; Totopoly
    and Derby Cast ended on the winner with no word of the game's number, Across with
    "(saved as game 1)" and not the command that shows it again."""
    for game, *args in (
        ("totopoly", "--bots", "3", "--short"),
        ("derbycast", "--bots", "3", "--source", "replays"),
        ("across", "--bots", "3"),
    ):
        db = tmp_path / f"{game}.sqlite"
        done = runner.invoke(app, [game, "play", *args, "--seed", "2", "--db", str(db)])
        assert done.exit_code == 0, done.output
        last = done.stdout.splitlines()[-1]
        assert last == f"Saved as game 1: see it again with `homestretch replay 1 --db {db}`.", (
            game,
            last,
        )
