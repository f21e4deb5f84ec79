"""Betting at the terminal (ruling S19): people type bets before the off, a computer
bettor bets too, the tote is paid after the race, and a stopped table resumes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.main import app

RUNNER = CliRunner()


def test_two_people_and_a_computer_bet_at_the_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "2009-champagne-stakes", "--seed", "3", "--db", db]
    bettors = ["--bettor", "Ann", "--bettor", "Bob", "--computer-bettor", "Robo"]
    typed = "win 1 10\nshow 9\nplace 2\ndone\nwin 5 $25\ndone\n"
    result = RUNNER.invoke(app, [*args, *bettors, "--bankroll", "50", "-f", "json"], input=typed)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])  # after the typed input
    tote = data["tote"]
    assert [p["name"] for p in tote["players"]] == ["Ann", "Bob", "Robo"]
    mine = [(t["seat"], t["pool"], t["post"], t["dollars"]) for t in tote["tickets"]]
    assert (0, "win", 1, 10) in mine and (0, "place", 2, 2) in mine and (1, "win", 5, 25) in mine
    assert not any(t[2] == 9 for t in mine)  # no horse #9: refused, asked again
    assert "there is no horse #9" in result.stderr
    assert {p["pool"] for p in tote["settled"]} == {"win", "place", "show"}
    assert (
        sum(p["cash"] for p in tote["players"]) + sum(p["kept"] for p in tote["settled"])
        == 3 * 50 * 100
    )
    paid = [n for n in data["notices"] if n["type"] == "payout"]
    assert paid  # some ticket paid in this race
    assert sum(n["cents"] for n in paid) == sum(sum(p["paid"].values()) for p in tote["settled"])
    text = RUNNER.invoke(app, ["replay", str(data["run_id"]), "--db", db])
    assert text.exit_code == 0 and "Your tote paid" in text.stdout
    for n in paid:  # the terminal says who collects what, in the notices' words
        assert n["words"] in " ".join(text.stdout.split())
    again = RUNNER.invoke(app, ["replay", str(data["run_id"]), "--db", db, "-f", "json"])
    assert json.loads(again.stdout)["notices"] == data["notices"]


def test_a_table_stopped_while_betting_resumes(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "2009-champagne-stakes", "--seed", "4", "--db", db]
    stopped = RUNNER.invoke(app, [*args, "--bettor", "Ann"], input="win 2 4\n")
    assert stopped.exit_code == 130 and "homestretch resume 1" in stopped.output
    resumed = RUNNER.invoke(app, ["resume", "1", "--db", db], input="done\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Paid by the house (S29)" in resumed.stdout and "Ann" in resumed.stdout  # alone


LADIES = ["stretch", "run", "2009-breeders-cup-ladies-classic", "--seed", "11"]
"""#7 Music Note wins at 7-2 ($2 pays $9.00); #1 Careless Jewel is unplaced."""


def test_a_bettor_alone_is_paid_by_the_house(tmp_path: Path) -> None:
    """Ruling S29: $10 to win on the 7-2 winner is paid $45.00 by the house, $4 to show
    on an unplaced horse is lost: $131.00 after; the JSON says the house paid."""
    db = str(tmp_path / "runs.sqlite")
    typed = "win 7 10\nshow 1 4\ndone\n"
    result = RUNNER.invoke(app, [*LADIES, "--db", db, "--bettor", "Ann"], input=typed)
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "Paid by the house (S29)" in said and "win 7 Music Note $9.00 Ann $45.00" in said
    assert "the house took $14.00 in stakes and paid out $45.00" in said
    assert "Win, Place, Show: the odds chart's $2 payoffs, as the house paid you (S29)" in said
    assert "Ann ends on $131.00 (+$31.00)." in said
    data = RUNNER.invoke(app, ["replay", "1", "--db", db, "-f", "json"])
    tote = json.loads(data.stdout)["tote"]
    assert tote["paid_by"] == "house" and tote["lone_bettor"] == "house"
    assert tote["players"][0]["cash"] == 13100


def test_the_charts_payoffs_and_the_totes_are_said_apart(tmp_path: Path) -> None:
    """Two bettors at their own tote: #7 Music Note (7-2) pays $4.00 for $2 from the win
    pool, and the result chart's Win column says the odds chart's $9.00 just after it;
    each says whose price it is."""
    db = str(tmp_path / "runs.sqlite")
    args = [*LADIES, "--db", db, "--bettor", "Ann", "--bettor", "Bob"]
    result = RUNNER.invoke(app, args, input="win 7 10\ndone\nwin 1 10\ndone\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "Your tote's win pool, $20.00: #7 Music Note pays $4.00 for $2." in said
    chart = said[said.index("Result (final time") :]
    assert "7-2 $9.00" in chart  # the chart's own $2 payoff, labelled under it
    assert "Win, Place, Show: the odds chart's $2 payoffs; your tote paid its own prices" in chart
    assert "Your tote paid ($2 prices)" in chart


def test_a_bettor_alone_at_the_tote_as_before(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.sqlite")
    args = [*LADIES, "--db", db, "--bettor", "Ann", "--lone-bettor", "tote", "-f", "json"]
    result = RUNNER.invoke(app, args, input="win 7 10\nshow 1 4\ndone\n")
    assert result.exit_code == 0, result.output
    tote = json.loads(result.stdout[result.stdout.index("{") :])["tote"]
    assert tote["paid_by"] == "tote" and tote["players"][0]["cash"] == 10000


def test_two_bettors_share_the_tote_whatever_the_lone_bettor_option(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.sqlite")
    args = [*LADIES, "--db", db, "--bettor", "Ann", "--bettor", "Bob", "-f", "json"]
    result = RUNNER.invoke(app, args, input="win 7 10\ndone\nwin 1 10\ndone\n")
    assert result.exit_code == 0, result.output
    tote = json.loads(result.stdout[result.stdout.index("{") :])["tote"]
    assert tote["paid_by"] == "tote"
    assert [p["cash"] for p in tote["players"]] == [11000, 9000]  # Bob's $10 to Ann


def test_bad_betting_options_are_one_line(tmp_path: Path) -> None:
    race = ["stretch", "run", "2009-champagne-stakes"]
    for args, said in [
        ([*race, "--no-save", "--bettor", "Ann"], "drop --no-save"),
        ([*race, "--bettor", "Ann", "--bankroll", "1"], "--bankroll 1: the bankroll is $2 to"),
        (
            [*race, "--bettor", "Ann", "--lone-bettor", "hous"],
            "--lone-bettor hous: did you mean house? write house or tote",
        ),
    ]:
        assert said in refused(tmp_path, *args)


def _run(cwd: Path, *args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args]
    cwd.mkdir(exist_ok=True)
    return subprocess.run(command, input=input, capture_output=True, text=True, cwd=cwd)


def test_a_bettor_in_json_sees_on_stderr_what_the_text_shows(tmp_path: Path) -> None:
    """With --format json a bettor at the terminal reads on stderr, beside the questions,
    all the text run shows (the morning line, the call, the sheets, the tote, "saved as
    run"); stdout holds the JSON alone. A race with nobody at the terminal prints its JSON
    alone. The bettor's hint is plain words (no markup shown as text)."""
    args = ["stretch", "run", "2009-champagne-stakes", "--seed", "3", "--db", "r.sqlite"]
    runs = {
        fmt: _run(tmp_path / fmt, *args, "--bettor", "Ann", "-f", fmt, input="win 3\nx\ndone\n")
        for fmt in ("json", "text")
    }
    text, as_json = runs["text"], runs["json"]
    assert text.returncode == 0 and as_json.returncode == 0, as_json.stderr[-2000:]
    seed = "seed 3  (repeat with --seed 3)\n"
    assert (
        "Paid by the house (S29)" in text.stdout and "Saved as run 1: see it again" in text.stdout
    )
    assert "type a bet such as win 1 10" in text.stdout and "[bold]" not in text.stdout
    assert as_json.stderr == text.stdout.replace(seed, "") + seed  # the seed held to the end
    assert as_json.stdout.startswith("{") and json.loads(as_json.stdout)["run_id"] == 1
    alone = _run(tmp_path / "alone", *args, "--computer-bettor", "Robo", "-f", "json")
    assert alone.returncode == 0 and json.loads(alone.stdout)["tote"]
    assert alone.stderr == seed


def test_a_bettors_slip_says_what_to_type_not_the_choices_above(tmp_path: Path) -> None:
    """The bets are typed, not listed, yet 'foo' was answered "'foo' is not one of the
    choices above" (there were none) and 'show 6 -3' did not say what was wrong."""
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "2009-champagne-stakes", "--seed", "3", "--db", db]
    typed = "foo\n99\nshow 6 -3\ndone\n"
    result = RUNNER.invoke(app, [*args, "--bettor", "Ann"], input=typed)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "choices above" not in said
    assert (
        "Ann, your choice (type a bet such as win 1 10, or done)" in said
        and "number or text" not in said
    )
    assert "cannot read 'foo': type a bet such as win 1 10" in said
    assert "cannot read '99': type a bet such as win 1 10" in said
    assert "cannot read 'show 6 -3': a bet is POOL POST [DOLLARS] in whole numbers" in said


def test_a_bettor_sees_the_ratings_and_starting_aprs_before_the_off(tmp_path: Path) -> None:
    """A bettor at the terminal was shown the morning line and the tote, and the horses'
    ratings only after the race: nothing to handicap from (the web board shows them while
    the windows are open). Then the whole ratings sheet came before the first ticket with
    the tote under it, 30 rows with six bettors: the question's board scrolled off an
    80 x 24 terminal. Now each horse's starting APR is a column of the board, and m shows
    the ratings sheet, the Wet ratings with it on a wet track, every column inside 80."""
    from homestretch.games.stretch.content.race import load_race

    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "stakes-handicap-muddy", "--seed", "8", "--db", db]
    typed = "m\ndone\ndone\n"
    result = RUNNER.invoke(app, [*args, "--bettor", "Ann", "--bettor", "Bo"], input=typed)
    assert result.exit_code == 0, result.output
    out = result.stdout
    before = out[: out.index("The windows are closed")]
    board = before[before.index("The tote") : before.index("m: every rating")]
    runners = load_race("stakes-handicap-muddy").runners
    for runner in runners:
        (row,) = [ln for ln in board.splitlines() if f" {runner.horse.name} " in ln]
        assert row.split(runner.horse.name)[1].split()[0] == str(runner.start_apr)
    assert before.count("Ratings and starting APRs") == 1  # m, typed once
    assert "Pace Form Wet Cls Spd Trp Wire Ride Trbl APR" in before
    sheet = before[before.index("Ratings and starting APRs") :]
    for runner in runners:
        (row,) = [ln for ln in sheet.splitlines() if f" {runner.horse.name} " in ln][:1]
        assert row.split()[-1] == str(runner.start_apr)
    assert max(len(line.rstrip()) for line in sheet.splitlines()) <= 80


def test_sealed_bets_at_one_keyboard_hand_the_screen_over(tmp_path: Path) -> None:
    """--sealed (ruling S25): Ann's window shows her tickets alone; before Bob's the screen
    is cleared and handed over (Enter), and his board never shows Ann's ticket; once the
    windows close every ticket is opened and the tote pays as at an open table."""
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "2009-champagne-stakes", "--seed", "3", "--db", db, "--sealed"]
    typed = "win 1 10\ndone\n\nplace 2 6\ndone\n"
    result = RUNNER.invoke(app, [*args, "--bettor", "Ann", "--bettor", "Bob"], input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    handed = out.index("Ann's tickets are in, sealed.")
    assert "Over to Bob alone: Bob, press Enter" in out[handed:]
    bob_board = out[handed : out.index("The windows are closed and the sealed tickets opened")]
    assert "$10 win #1" not in bob_board and "$6 place #2" in bob_board
    assert "your stakes" in bob_board and "sealed" in bob_board
    after = out[out.index("The windows are closed and the sealed tickets opened") :]
    assert "$16.00 in the pools" in after
    data = json.loads(RUNNER.invoke(app, ["replay", "1", "--db", db, "-f", "json"]).stdout)["tote"]
    assert len(data["tickets"]) == 2 and data["sealed"] and not data["sealed_now"]


def test_sealed_without_bettors_is_refused(tmp_path: Path) -> None:
    said = refused(tmp_path, "stretch", "run", "2009-champagne-stakes", "--sealed")
    assert "--sealed seals the bettors' tickets: name them with --bettor" in said


def test_help_at_the_bet_prompt_says_how_to_type_a_bet(tmp_path: Path) -> None:
    """`help` at the bet prompt was "cannot read 'help'" and the hint: the other games'
    prompts answer it with what may be typed there."""
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "2009-champagne-stakes", "--seed", "3", "--db", db]
    result = RUNNER.invoke(app, [*args, "--bettor", "Ann"], input="help\n?\ndone\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "cannot read 'help'" not in said and "cannot read '?'" not in said
    assert said.count("Type a bet as POOL POST [DOLLARS]: win, place or show") == 2
    assert "like win 1 10; done when your tickets are in" in said


def test_help_at_a_dice_prompt_says_how_to_type_the_roll() -> None:
    """`help` where the dice are typed (--dice ask) was a slip of the dice."""
    race = ["stretch", "run", "2009-champagne-stakes", "--dice", "ask", "--no-save"]
    result = RUNNER.invoke(app, race, input="help\n")  # then the input ends: stopped
    said = " ".join(result.output.split())
    assert "Type the faces showing on the" in said and "1 to 6, apart (like 3 5)" in said


def test_a_bettor_alone_in_a_race_without_odds_is_told_why_the_tote_pays(tmp_path: Path) -> None:
    """Ruling S29: a race run without odds (`--odds none`) has no prices for the house to
    pay, so a bettor alone bets at the tote of their own stakes. It fell back silently: the
    board, the window the web page reads, and the guide say why now."""
    from homestretch.core.how_to_play import how_to_play
    from homestretch.games.stretch.content.race import bundled_race
    from homestretch.games.stretch.rules.betting import ToteRules
    from homestretch.games.stretch.rules.engine import RaceGame
    from homestretch.games.stretch.rules.words import NO_PRICES_CAPTIONS, NO_PRICES_WINDOW

    db = str(tmp_path / "runs.sqlite")
    typed = "win 7 10\ndone\n"
    result = RUNNER.invoke(
        app, [*LADIES, "--db", db, "--bettor", "Ann", "--odds", "none"], input=typed
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert NO_PRICES_CAPTIONS["tote"] in said, said
    assert "Paid by the house" not in said and "Ann ends on $100.00 (+$0.00)." in said
    state = RaceGame(
        bundled_race("2009-breeders-cup-ladies-classic"),
        "quick",
        odds="none",
        tote=ToteRules(("Ann",)),
    ).new_initial_state()
    assert state.betting and not state.house_pays
    view = state.view(0)
    assert view["yours"]["house"] == NO_PRICES_WINDOW  # the line the page shows
    assert view["captions"]["tote"] == NO_PRICES_CAPTIONS["tote"]
    with_odds = RaceGame(
        bundled_race("2009-breeders-cup-ladies-classic"), "quick", tote=ToteRules(("Ann",))
    ).new_initial_state()
    assert with_odds.view(0)["yours"]["house"] != NO_PRICES_WINDOW  # the house pays there
    guide = " ".join(how_to_play("stretch").split())
    assert "A race run without odds (`--odds none`) has no prices for the house" in guide
