"""A whole game of Across the Board held to what the rulebook says a game is for (ruling
R25): `simulate --games N` plays whole games between computer players and ends with the
checks, each met or NOT MET with its numbers and the seed. Title cards whose opening
bids eat the players' money at the auction leave them priced out of the betting."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.conftest import each_fails_alone, refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.protocol import JSON
from homestretch.games.across.analysis.whole_game import checks
from homestretch.games.across.content.loader import DEFAULT_DIR

RUNNER = CliRunner()


def simulated(*args: str) -> JSON:
    result = RUNNER.invoke(app, ["across", "simulate", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    report: JSON = json.loads(result.stdout)
    return report


def test_whole_games_report_their_checks_seed_and_seats() -> None:
    report = simulated("--games", "4", "--seed", "3", "--track", "woodbine")
    assert report["seed"] == 3 and report["track"] == "woodbine" and report["meets"] == 1
    assert report["games"] == report["finished"] == 4
    assert [c["check"] for c in report["checks"]] == [
        "every game has a winner",
        "seat order does not pick the winner",
        "the leader at half way can be caught",
        "the last at half way can come back",
        "nobody priced out of the betting",
    ]
    assert report["met"] == sum(c["met"] for c in report["checks"])
    assert sum(report["seat_wins"]) == 4 and len(report["seat_win_interval"]) == 4
    assert sum(report["rolls"]["games_by_rolls"].values()) == 4
    # eight races a meet, each some tens of rolls
    assert 8 * 20 < report["rolls"]["median"] < 8 * 80


def test_a_game_of_two_meets_runs_sixteen_races() -> None:
    report = simulated("--games", "1", "--seed", "2", "--meets", "2", "--track", "woodbine")
    assert report["finished"] == 1 and report["rolls"]["median"] > 16 * 20


def test_title_cards_dear_at_the_auction_leave_the_players_their_betting_money(
    tmp_path: Path,
) -> None:
    """Every opening bid 14 fifties: eleven horses would cost more than four players'
    160. The computer players do not bid into the fifties they bet with (R29), so the
    price falls a fifty at a time (R2) and nobody comes out of the auction priced out
    of the betting (before R29 a third of the players did: the check, not met, said so)."""
    folder = tmp_path / "mine"
    shutil.copytree(DEFAULT_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    horses = folder / "horses.toml"
    text = re.sub(r"^opening_bid = \d+$", "opening_bid = 14", horses.read_text(), flags=re.M)
    horses.write_text(text, encoding="utf-8")
    args = ["across", "simulate", "--games", "12", "--seed", "1", "--content", str(folder)]
    result = RUNNER.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["priced_out"] / report["player_games"] <= 0.05
    check = next(c for c in report["checks"] if c["check"] == "nobody priced out of the betting")
    assert check["met"]


def report_with(**changes: object) -> JSON:
    report: JSON = {
        "games": 100,
        "finished": 100,
        "players": 4,
        "seat_wins": [25, 24, 26, 25],
        "leader_caught": 40,
        "last_won": 10,
        "player_games": 400,
        "priced_out": 0,
    }
    report.update(changes)
    return report


def test_each_check_reads_its_numbers() -> None:
    assert all(c.met for c in checks(report_with()))
    unmet = {
        "every game has a winner": report_with(finished=99, seat_wins=[25, 24, 25, 25]),
        "seat order does not pick the winner": report_with(seat_wins=[41.5, 20.5, 15, 23]),
        "the leader at half way can be caught": report_with(leader_caught=19),
        "the last at half way can come back": report_with(last_won=4),
        "nobody priced out of the betting": report_with(priced_out=21),
    }
    each_fails_alone(checks, unmet)


def test_plot_and_the_options_that_do_not_go_together(tmp_path: Path) -> None:
    picture = tmp_path / "games.svg"
    report = simulated("--games", "2", "--seed", "2", "--track", "woodbine", "--plot", str(picture))
    assert picture.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert report["games"] == 2
    line = refused(tmp_path, "across", "simulate", "--games", "2", "-n", "5")
    assert line == "error: -n counts races; --games counts whole games: give one"
    line = refused(tmp_path, "across", "simulate", "--track", "woodbine", "--plot", str(picture))
    assert line == "error: --plot draws whole games: give --games N"
    line = refused(tmp_path, "across", "simulate", "--games", "2", "--plot", "games")
    assert "a picture needs a file name ending .png, .svg or .pdf" in line


def test_an_uneven_seat_share_in_one_meet_is_said_to_be_the_rules_edge() -> None:
    """One meet: the roles stay put and the order of betting favours the first to bet
    (ruling R26); the check stays NOT MET and says so. Every seat every role: not."""
    uneven = {"seat_wins": [41.5, 20.5, 15, 23]}
    one = next(c for c in checks(report_with(**uneven, meets=1)) if c.check.startswith("seat"))
    assert not one.met and "the rules' edge (R26)" in one.measured
    four = next(c for c in checks(report_with(**uneven, meets=4)) if c.check.startswith("seat"))
    assert not four.met and "R26" not in four.measured
    even = next(c for c in checks(report_with(meets=1)) if c.check.startswith("seat"))
    assert even.met and "R26" not in even.measured


def test_moving_betting_names_no_betting_edge_and_is_what_simulate_plays(tmp_path: Path) -> None:
    """With betting that moves on each race (R27) nobody bets last in every race: an
    uneven meet is put to the roles staying put, not to R17's order."""
    uneven = {"seat_wins": [41.5, 20.5, 15, 23], "meets": 1}
    moving = next(
        c
        for c in checks(report_with(**uneven, betting_order="rotate"))
        if c.check.startswith("seat")
    )
    assert not moving.met and "the roles stay put (R26, R27)" in moving.measured
    assert "bets last" not in moving.measured
    assert simulated("--games", "1", "--seed", "2", "--track", "woodbine")["betting_order"] == (
        "rotate"
    )
    asked = simulated("--games", "1", "--seed", "2", "--betting-order", "totemaster")
    assert asked["betting_order"] == "totemaster"
    line = refused(
        tmp_path, "across", "simulate", "--track", "woodbine", "--betting-order", "rotate"
    )
    assert line == "error: --betting-order is the betting of whole games: give --games N"
