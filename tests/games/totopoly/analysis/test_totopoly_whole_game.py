"""A whole game of Totopoly held to what the rulebook says a game is for (ruling T46):
`simulate` ends with the checks, each met or NOT MET with its numbers and the seed. Our
board meets them all in a small seeded sample; a board with no colour cards to win, or a
training ring whose fees ruin the players, fails the check its fault breaks."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from tests.conftest import each_fails_alone, refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.design import chi_square_p, chi_square_tail, interval, seat_check
from homestretch.core.protocol import JSON
from homestretch.games.totopoly.analysis.whole_game import checks
from homestretch.games.totopoly.content.loader import DEFAULT_CONTENT

RUNNER = CliRunner()


def simulated(*args: str) -> JSON:
    result = RUNNER.invoke(app, ["totopoly", "simulate", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    report: JSON = json.loads(result.stdout)
    return report


def by_name(report: JSON) -> dict[str, JSON]:
    return {check["check"]: check for check in report["checks"]}


def our_board_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "board"
    shutil.copytree(DEFAULT_CONTENT, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return folder


def test_our_board_meets_every_whole_game_check() -> None:
    report = simulated("-n", "40", "--seed", "3")
    assert report["seed"] == 3 and report["whole_game"]["games"] == 40
    assert report["met"] == len(report["checks"]) == 8, report["checks"]
    whole = report["whole_game"]
    assert sum(whole["seat_wins"]) == whole["finished"] == 40
    assert sum(whole["length"]["games_by_length"].values()) == 40
    for (low, high), rate in zip(whole["seat_win_interval"], whole["seat_win_rate"], strict=True):
        assert low <= rate <= high


def test_a_board_with_no_colour_cards_fails_training_matters(tmp_path: Path) -> None:
    """Empty colour card piles: nobody comes out of training ahead, so the rulebook's
    "some horses have made more progress than others" is not met."""
    folder = our_board_copy(tmp_path)
    cards = folder / "cards.toml"
    supply, at_a_time = cards.read_text(encoding="utf-8").split("[at_a_time]")
    supply = re.sub(r"^(black|red|yellow|blue) = \d+$", r"\1 = 0", supply, flags=re.M)
    cards.write_text(f"{supply}[at_a_time]{at_a_time}", encoding="utf-8")
    found = by_name(simulated("-n", "12", "--seed", "3", "--content", str(folder)))
    trained = found["training matters, the racing more"]
    assert not trained["met"] and trained["measured"] == "no player trained best"
    assert found["every game has a winner"]["met"]


def test_a_ring_that_ruins_the_players_leaves_them_out_of_the_race(tmp_path: Path) -> None:
    """Every fee in the training ring £250: players sell or scratch their horses to pay,
    and some come to the race with none (and the training decides who wins)."""
    folder = our_board_copy(tmp_path)
    ring = folder / "training_ring.toml"
    text = re.sub(r"^amount = \d+$", "amount = 250", ring.read_text(), flags=re.M)
    ring.write_text(text, encoding="utf-8")
    args = ["totopoly", "simulate", "-n", "12", "--seed", "3", "--content", str(folder)]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "no player left" in line)
    assert "NOT MET" in row
    assert "Does a whole long game do what a game is for? (the rulebook's; seed 3)" in " ".join(
        result.stdout.split()
    )


def report_with(**changes: object) -> JSON:
    """A whole-game report as ``Games.report`` makes it, every check met, then changed."""
    report: JSON = {
        "games": 100,
        "finished": 100,
        "seat_wins": [25, 24, 26, 25],
        "length": {"median": 385, "p10": 340, "p90": 430},
        "led_at_half": 100,
        "leader_caught": 50,
        "trained_best": 90,
        "trained_best_won": 30,
        "player_games": 400,
        "no_runner": 0,
        "richest_not_winner": 8,
        "short": False,
        "players": 4,
    }
    report.update(changes)
    return report


def test_each_check_reads_its_numbers() -> None:
    assert all(c.met for c in checks(report_with()))
    assert len(checks(report_with(short=True))) == 7  # no Tote, no bet to outdo the prize
    unmet = {
        "every game has a winner": report_with(finished=99, seat_wins=[25, 24, 25, 25]),
        "as long as the rulebook's game": report_with(
            length={"median": 500, "p10": 450, "p90": 550}
        ),
        "a game's length foreseeable": report_with(length={"median": 385, "p10": 250, "p90": 400}),
        "seat order does not pick the winner": report_with(seat_wins=[40, 20, 20, 20]),
        "the leader at half distance can be caught": report_with(leader_caught=20),
        "no player left out of the race": report_with(no_runner=21),
        "a bet can outdo the prize": report_with(richest_not_winner=2),
    }
    each_fails_alone(checks, unmet)
    for won in (20, 60):  # no more than the fair share; the training all but decides
        found = {c.check: c.met for c in checks(report_with(trained_best_won=won))}
        assert not found["training matters, the racing more"], won


def test_the_rulebooks_minutes_are_held_at_the_table_they_time() -> None:
    """A long game of two (six horses) is shorter than the usual one: not held to it."""
    two = report_with(players=2, seat_wins=[50, 50], length={"median": 240, "p10": 215, "p90": 265})
    assert "as long as the rulebook's game" not in {c.check for c in checks(two)}
    short = report_with(short=True, length={"median": 265, "p10": 215, "p90": 300})
    assert all(c.met for c in checks(short))


def test_the_seat_arithmetic() -> None:
    # the chi-square tail at its 5% points, 1 to 5 degrees of freedom
    for x, df in ((3.841, 1), (5.991, 2), (7.815, 3), (9.488, 4), (11.070, 5)):
        assert chi_square_tail(x, df) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_p([25, 25, 25, 25]) == 1.0
    # 40/20/20/20: chi-square 12 on 3 degrees, p = 0.0074
    assert chi_square_p([40, 20, 20, 20]) == pytest.approx(0.00738, abs=1e-4)
    assert not seat_check([40, 20, 20, 20]).met and seat_check([28, 24, 26, 22]).met
    low, high = interval(5, 100)  # Wilson: 2.2%-11.2%
    assert (round(low, 3), round(high, 3)) == (0.022, 0.112)


def test_the_length_picture_bins_every_game_evenly() -> None:
    from homestretch.cli.pictures import whole_bins

    for least, most in ((69, 105), (300, 301), (5, 5), (240, 900)):
        edges = whole_bins(least, most)
        assert edges[0] < least and edges[-1] > most and len(edges) - 1 <= 30
        widths = {b - a for a, b in zip(edges, edges[1:], strict=False)}
        assert len(widths) == 1 and widths.pop() == int(edges[1] - edges[0])


def test_plot_draws_the_games_and_a_bad_name_is_refused_first(tmp_path: Path) -> None:
    picture = tmp_path / "games.png"
    report = simulated("-n", "3", "--seed", "2", "--plot", str(picture))
    assert picture.read_bytes()[:4] == b"\x89PNG" and report["whole_game"]["games"] == 3
    line = refused(tmp_path, "totopoly", "simulate", "-n", "3", "--plot", str(tmp_path / "g.xyz"))
    assert "cannot draw a .xyz picture" in line
    line = refused(tmp_path, "totopoly", "simulate", "--match-races", "4", "--plot", str(picture))
    assert "--plot draws whole games: not with --match-races" in line
