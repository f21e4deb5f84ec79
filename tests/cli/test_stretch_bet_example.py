"""Top of the Stretch's bettor is shown a bet to type taken from the race as it stands (a
post in the field, a stake the bettor holds), not the fixed "win 3 10": a two-horse race
has no #3, and a bettor down to $4 cannot stake $10."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.stretch.rules.betting import Bet, ToteRules, Windows
from homestretch.games.stretch.terminal.render import bet_example, parse_bet

RUNNER = CliRunner()


def _menu(bankroll: int, posts: tuple[int, ...]) -> Windows:
    return Windows(ToteRules(names=("Ann",), bankroll=bankroll), posts=posts)


def test_the_example_is_a_bet_open_now() -> None:
    names = {1: "Alpha", 2: "Bravo"}.__getitem__
    for bankroll, typed in ((100, "win 1 10"), (5, "win 1 2"), (2, "win 1 2")):
        windows = _menu(bankroll, (1, 2))
        example, meaning = bet_example(windows.menu(0), names)
        assert example == typed
        assert meaning == f"${typed.split()[2]} to win on #1 Alpha"
        bet = parse_bet(example)
        assert isinstance(bet, Bet) and windows.why_illegal(0, bet) is None
    windows = _menu(5, (1, 2))
    windows.take(0, Bet("win", 1, 4))  # $1 left: no ticket open
    assert bet_example(windows.menu(0), names) == ("done", "")


def test_the_question_the_hint_and_a_slip_use_the_race(tmp_path: Path) -> None:
    """With $4 the bettor is shown a $2 ticket on #1 by name, in the hint, the question
    and a slip's answer."""
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "2009-champagne-stakes", "--seed", "3", "--db", db]
    typed = "win x\nwin 1 2\nshow 2 x\ndone\n"
    result = RUNNER.invoke(app, [*args, "--bettor", "Ann", "--bankroll", "4"], input=typed)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "type a bet such as win 1 2 ($2 to win on #1 Super Saver; place, show;" in said
    assert "Ann, your choice (type a bet such as win 1 2, or done)" in said
    assert "win 3 10" not in said and "win 1 10" not in said
    assert (
        "cannot read 'win x': a bet is POOL POST [DOLLARS] in whole numbers, such as: win 1 2"
        in said
    )
    # after the $2 ticket Ann holds $2: the example is still a ticket she can buy
    assert (
        "cannot read 'show 2 x': a bet is POOL POST [DOLLARS] in whole numbers, such as: win 1 2"
        in said
    )
