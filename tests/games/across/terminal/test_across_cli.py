"""The `homestretch across` commands: simulate, tracks, play with computer players, resume,
replay, and one-line errors with exit status 2."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.human import Aside
from homestretch.cli.main import app
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import replay
from homestretch.games.across.content.loader import load_content
from homestretch.games.across.rules.actions import (
    Bet,
    Bid,
    ChooseTrack,
    DailyDouble,
    OfferHorse,
    OfferLoan,
    OfferLoanTerms,
    OfferRing,
    PayBack,
    Reject,
)
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.terminal.cli import (
    HotSeat,
    describe_action,
    parse_at_keyboard,
    parse_command,
    person,
)
from homestretch.games.across.terminal.render import players_table
from homestretch.store.db import Store

runner = CliRunner()


def test_simulate_reports_the_issue_json(tmp_path: Path) -> None:
    out = runner.invoke(
        app,
        [
            "across",
            "simulate",
            "--track",
            "Epsom Downs",
            "-n",
            "3000",
            "--seed",
            "4",
            "--format",
            "json",
        ],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout[out.stdout.index("{") :])
    assert data["track"] == "Epsom Downs" and data["races"] == 3000
    assert 20 < data["mean_rolls_per_race"] < 60
    assert [h["number"] for h in data["horses"]] == list(range(2, 13))
    assert set(data["horses"][0]) == {"number", "win", "place", "show", "accepted_per_50_rolls"}
    # Shares are rounded to four places in the JSON.
    assert sum(h["win"] for h in data["horses"]) == pytest.approx(1.0, abs=0.001)


def test_tracks_lists_the_content_as_json() -> None:
    out = runner.invoke(app, ["across", "tracks", "--format", "json"])
    data = json.loads(out.stdout)
    assert len(data["horses"]) == 11 and len(data["tracks"]) == 4


def test_a_computer_game_is_saved_and_replays(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    out = runner.invoke(
        app,
        [
            "across",
            "play",
            "--bots",
            "4",
            "--seed",
            "9",
            "--daily-double",
            "--db",
            str(db),
            "--format",
            "json",
        ],
    )
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert sum(result["fifties"]) == 160 and len(result["races"]) == 8
    saved = Store(db).load(result["id"])
    assert saved.status == "finished" and saved.seed == 9
    state = replay(AcrossGame.from_config(saved.config), saved.events)
    assert state.is_over() and state.result()["fifties"] == result["fifties"]
    again = runner.invoke(app, ["replay", str(result["id"]), "--db", str(db), "--format", "json"])
    assert json.loads(again.stdout)["fifties"] == result["fifties"]
    # a new game's betting moves on each race (R27), and its computer players are named
    # as the other games name theirs
    assert saved.config["betting_order"] == "rotate"
    assert saved.config["names"] == ["Computer 1", "Computer 2", "Computer 3", "Computer 4"]


def test_play_bets_in_the_order_asked(tmp_path: Path) -> None:
    """--betting-order totemaster: from the Totemaster's left every race (R17); the saved
    game replays in it, and not in the other order."""
    db = tmp_path / "g.sqlite"
    args = ["across", "play", "--bots", "3", "--seed", "4", "--db", str(db), "--quiet"]
    out = runner.invoke(app, [*args, "--betting-order", "totemaster", "--format", "json"])
    assert out.exit_code == 0, out.output
    saved = Store(db).load(json.loads(out.stdout)["id"])
    assert saved.config["betting_order"] == "totemaster"
    state = replay(AcrossGame.from_config(saved.config), saved.events)
    assert state.is_over()
    bettors = [e.player for e in saved.events if e.action == {"kind": "done"}]
    assert bettors[:6] == [2, 0, 1, 2, 0, 1]  # the Totemaster, seat 1, last every race
    with pytest.raises(HomestretchError):
        replay(AcrossGame.from_config({**saved.config, "betting_order": "rotate"}), saved.events)


def test_the_same_seed_gives_the_same_game(tmp_path: Path) -> None:
    runs = [
        runner.invoke(
            app,
            [
                "across",
                "play",
                "--bots",
                "3",
                "--bot",
                "random",
                "--seed",
                "3",
                "--db",
                str(tmp_path / "x.sqlite"),
                "--format",
                "json",
            ],
        )
        for _ in range(2)
    ]
    first, second = (json.loads(r.stdout) for r in runs)
    assert first["fifties"] == second["fifties"] and first["races"] == second["races"]


def test_a_person_plays_scripted_answers_and_the_game_resumes(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    # Ann passes at every lot, then the input runs out mid-game: the game stays saved.
    answers = "\n".join(["pass"] * 30) + "\n"
    out = runner.invoke(
        app,
        [
            "across",
            "play",
            "--players",
            "Ann",
            "--bots",
            "2",
            "--seed",
            "2",
            "--track",
            "woodbine",
            "--db",
            str(db),
        ],
        input=answers,
    )
    assert "Saved as game 1" in out.stdout
    saved = Store(db).load(1)
    assert saved.status == "in progress" and saved.events
    state = replay(AcrossGame.from_config(saved.config), saved.events)
    assert state.to_act() == [0]  # waiting for Ann
    # Each prompt takes the first of these that is legal for it (wrong ones are re-asked).
    later = runner.invoke(app, ["resume", "1", "--db", str(db)], input="done\na\npass\nno\n" * 3000)
    assert Store(db).load(1).status == "finished", later.output[-2000:]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["across", "simulate", "--track", "ascot", "-n", "10"],
            "error: --track ascot: no such track; the tracks: --track churchill-downs | "
            "--track epsom-downs | --track longchamp | --track woodbine",
        ),
        (  # the option, not the built-in content, is what was typed wrong
            ["across", "play", "--bots", "3", "--track", "woodbin"],
            "error: --track woodbin: no such track; did you mean woodbine? the tracks: "
            "--track churchill-downs | --track epsom-downs",
        ),
        (  # not click's "Missing option '--track'": the names one may type
            ["across", "simulate", "-n", "10"],
            "error: --track is missing: which track? --track churchill-downs | "
            "--track epsom-downs | --track longchamp | --track woodbine",
        ),
        (  # which options seat players, not only how many
            ["across", "play", "--bots", "1", "--seed", "1"],
            "needs 3 to 7 players; --players and --bots give 1 (such as --players Ann,Bob --bots 1)",
        ),
        (["across", "play"], "needs 3 to 7 players; --players and --bots give 0"),
        (["across", "play", "--bots", "3", "--dice", "3 4 9"], "item 3 is '9'"),
        (
            ["across", "play", "--bots", "3", "--payoff", "half"],
            "--payoff half: write exclusive or",
        ),
        (["across", "play", "--bots", "3", "--content", "nosuch"], "nosuch: no such content"),
        (["across", "play", "--players", "Ann,ann", "--bots", "1"], "'ann' is named twice"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    store = ["--db", str(tmp_path / "e.sqlite")] if args[1] == "play" else []
    assert message in refused(tmp_path, *args, *store)


def test_scripted_dice_that_run_out_stop_with_one_line(tmp_path: Path) -> None:
    line = refused(
        tmp_path,
        "across",
        "play",
        "--bots",
        "3",
        "--dice",
        "3 4",
        "--db",
        str(tmp_path / "d.sqlite"),
    )
    assert "dice list ran out" in line
    saved = Store(tmp_path / "d.sqlite").load(1)
    assert saved.status == "in progress"
    replay(AcrossGame.from_config(saved.config), saved.events)  # the log is whole


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("99", "there is no choice 99 on the list"),
        ("bid", "cannot read 'bid': write bid N [with SEAT]"),
        ("bet 7 8", "cannot read 'bet 7 8': write bet H"),
        ("accept 3", "cannot read 'accept 3': write accept (a)"),
        ("foo", "cannot read 'foo': type a number from the list, or commands: bet H"),
        ("help", "commands: bet H | dd H1 H2"),
    ],
)
def test_a_typing_slip_says_what_to_type(typed: str, said: str) -> None:
    with pytest.raises(HomestretchError) as slip:
        parse_command(typed)
    assert str(slip.value).startswith(said)


def test_a_slip_at_the_track_choice_says_what_fits_the_track_choice() -> None:
    """'bid' typed at the track choice was answered 'write bid N [with SEAT]', though no
    bid can be made then: what can be typed there is a track."""
    state = AcrossGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state()
    assert state.phase == "choose track" and state.to_act() == [0]
    table = Console(file=io.StringIO(), width=200)
    ann = person("Ann", state, None, HotSeat(table, 1), people={"ann": 0})
    for typed in ("bid", "sell", "foo"):
        with pytest.raises(HomestretchError) as slip:
            ann.parse(typed)
        said = str(slip.value)
        assert "bid N" not in said and "sell H" not in said, said
        assert said.endswith("type a number from the list, or track NAME"), said
    with pytest.raises(HomestretchError, match="'bid' is not a move now"):
        ann.parse("bid")
    assert ann.parse("track woodbine") == ChooseTrack("woodbine")
    # A bid written right is refused by the rules, to the Trackmaster, who is Ann.
    assert state.why_illegal(0, Bid(5)) == "choose the track first (you are the Trackmaster)"
    # In the betting the same slip still says how to write it: a sale can be made then.
    with pytest.raises(HomestretchError, match="write sell H to SEAT for N"):
        parse_command("sell", now={Bet, OfferHorse})


def test_another_persons_slip_says_what_they_may_type_now() -> None:
    """'Bob: bid' typed at Ann's prompt was answered 'write bid N [with SEAT]', the plain
    form, though Bob cannot bid out of turn: what fits him now is a dealing, and at the
    track choice nothing at all."""
    state = AcrossGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state()
    table = Console(file=io.StringIO(), width=200)
    people = {"ann": 0, "bob": 1}
    ann = person("Ann", state, None, HotSeat(table, 2), people=people)
    assert state.phase == "choose track"
    for typed in ("Bob: bid", "Bob: sell", "Bob: bid 5"):
        with pytest.raises(HomestretchError) as slip:
            ann.parse(typed)
        said = str(slip.value)
        assert "write" not in said and "number from the list" not in said, said
        assert said.endswith("no dealing can be made now, so Bob waits until the game goes on")
    state.apply(0, ChooseTrack("woodbine"))
    assert state.phase == "auction"
    with pytest.raises(HomestretchError) as slip:
        ann.parse("Bob: bid")
    said = str(slip.value)
    assert said.startswith("cannot read 'bid', and 'bid' is not a move for Bob now"), said
    assert "typing Bob: and then sell H to SEAT for N | buy H for N | lend SEAT N" in said
    assert "ring" not in said and "number from the list" not in said, said
    with pytest.raises(HomestretchError) as slip:
        ann.parse("Bob: bid 5")
    assert str(slip.value).startswith("'bid 5' waits for Bob's own turn; out of turn Bob may")
    with pytest.raises(HomestretchError) as slip:
        ann.parse("bob: foo")
    assert str(slip.value).startswith(
        "cannot read 'foo': out of turn bob may only deal, typing bob: and"
    )
    with pytest.raises(HomestretchError, match="cannot read 'lend': write lend SEAT N"):
        ann.parse("Bob: lend")  # a move he may make, written wrong: how to write it
    assert ann.parse("Bob: lend 1 2") == Aside(1, OfferLoan(0, 2))


def test_a_track_typed_wrong_is_answered_with_the_nearest_and_every_name() -> None:
    """'track woodbin' was answered "no track 'woodbin'", leaving the newcomer to find
    the names (or the numbers) on a screenful above."""
    state = AcrossGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state()
    table = Console(file=io.StringIO(), width=200)
    ann = person("Ann", state, None, HotSeat(table, 1), people={"ann": 0})
    with pytest.raises(HomestretchError) as slip:
        ann.parse("track woodbin")
    assert str(slip.value) == (
        "no track 'woodbin' (did you mean track woodbine?): type a number from the list, or "
        "track churchill-downs | track epsom-downs | track longchamp | track woodbine"
    )
    with pytest.raises(HomestretchError, match=r"^no track 'mars': type a number"):
        ann.parse("track mars")
    assert ann.parse("track Epsom Downs") == ChooseTrack("epsom-downs")


def test_a_person_naming_themself_before_a_colon_plays_in_turn() -> None:
    parse = parse_at_keyboard({"ann": 0, "bob": 1}, "Ann")
    assert parse("Ann: bet 4") == Bet(4)
    assert parse("bob: sell 4 to 1 for 3") == Aside(1, OfferHorse(4, 0, 3))


def test_typed_commands() -> None:
    assert parse_command("bet 7") == Bet(7)
    assert parse_command("bid 12 with 4") == Bid(12, 3)  # seats are typed from 1
    assert parse_command("dd 7 8") == DailyDouble(7, 8)
    assert parse_command("sell 4 to 3 for 6") == OfferHorse(4, 2, 6)
    assert parse_command("r") == Reject()
    assert parse_command("ring 7 2 with 2 pays 2") == OfferRing(7, 2, 1, 2)


def test_seats_are_typed_and_read_from_1_and_stored_from_0() -> None:
    """People count seats from 1 (the table's first column says so); the actions, and
    the saved games, keep counting from 0."""
    assert parse_command("lend 1 5") == OfferLoan(0, 5)
    assert parse_command("lend 3 5 back 6") == OfferLoanTerms(2, 5, 6)
    assert parse_command("payback 2 4") == PayBack(1, 4)
    with pytest.raises(HomestretchError, match="there is no seat 0: seats are numbered from 1"):
        parse_command("sell 4 to 0 for 6")
    content = load_content()
    for typed in (
        "bid 12 with 4",
        "sell 4 to 3 for 6",
        "lend 1 5",
        "lend 3 5 back 6",
        "payback 2 4",
        "buy 7 for 5",
    ):
        assert describe_action(parse_command(typed), content) == typed
    ring = parse_command("ring 7 2 with 2 pays 2")
    assert describe_action(ring, content) == "ring 7 2 with 2 pays 2 (of 6)"
    assert str(OfferHorse(4, 2, 6)) == "sell 4 2 6"  # the web page's text: unchanged
    view = AcrossGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state().view(None)
    drawn = io.StringIO()
    Console(file=drawn, width=120).print(players_table(view))
    rows = [line.split() for line in drawn.getvalue().splitlines() if "Ann" in line or "Cy" in line]
    assert [row[1] for row in rows] == ["1", "3"]


def test_the_hot_seat_clears_the_scrollback_when_the_keyboard_passes() -> None:
    screen = io.StringIO()
    seat = HotSeat(Console(file=screen, force_terminal=True), people=2)
    for player in (0, 0, 1, 1, 0):
        seat.hand_to(player)
    assert screen.getvalue().count("\x1b[3J") == 2  # sealed offers stay sealed


def test_a_person_deals_at_an_auction_prompt_not_only_in_a_betting_turn(tmp_path: Path) -> None:
    # Each prompt takes the first of these that is legal: at the very first auction
    # prompt, and again in later races, Ann offers Computer 1 a loan (R16).
    db = tmp_path / "h.sqlite"
    args = ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "3"]
    out = runner.invoke(
        app,
        [*args, "--track", "longchamp", "--db", str(db)],
        input="lend 2 2\ndone\na\npass\nno\n" * 3000,  # seat 2: Computer 1
    )
    assert out.exit_code == 0, out.output[-2000:]
    assert "Ann offers to lend Computer 1 2 fifties: Computer 1 to answer" in out.stdout
    assert "Ann offers to lend Computer 1 2 fifties: Computer 1 declined" in out.stdout
    saved = Store(db).load(1)
    first = next(e for e in saved.events if e.player == 0)
    assert first.action == {"kind": "lend", "borrower": 1, "amount": 2}  # in the auction


def test_another_person_at_the_keyboard_deals_at_someone_elses_prompt(tmp_path: Path) -> None:
    """R16: any player deals, in turn or not. At one keyboard the other person types
    their name first, at whoever's prompt is up; the table takes it as theirs."""
    here = parse_at_keyboard({"Ann": 0, "Bob": 1})
    assert here("Bob: lend 1 2") == Aside(1, OfferLoan(0, 2))
    assert here("bob: lend 1 2") == Aside(1, OfferLoan(0, 2))  # in any capitals
    assert here("lend 1 2") == OfferLoan(0, 2)  # the prompt's own person
    with pytest.raises(HomestretchError) as stranger:
        here("Cy: lend 1 2")
    # the people named as they wrote their names ("ann, bob" was said)
    assert str(stranger.value) == "'Cy' is not a person at this keyboard (Ann, Bob)"
    with pytest.raises(HomestretchError, match="out of turn, only a dealing"):
        here("bob: bet 7")
    db = tmp_path / "h.sqlite"
    args = ["across", "play", "--players", "Ann,Bob", "--bots", "1", "--seed", "3"]
    out = runner.invoke(
        app,
        [*args, "--track", "longchamp", "--db", str(db)],
        input="ann: lend 2 2\nyes\nbob: lend 1 3\nyes\n" + "done\na\npass\nno\n" * 3000,
    )
    assert out.exit_code == 0, out.output[-2000:]
    assert "Ann offers to lend Bob 2 fifties" in out.stdout
    assert "Bob offers to lend Ann 3 fifties" in out.stdout
    saved = Store(db).load(1)
    game = AcrossGame.from_config(saved.config)
    lends = [i for i, e in enumerate(saved.events) if e.action and e.action["kind"] == "lend"]
    assert [saved.events[i].player for i in lends[:2]] == [0, 1]
    bobs = lends[1]  # typed at Ann's prompt: the table was waiting on her, not him
    assert replay(game, saved.events[:bobs]).to_act() == [0]


def test_closing_the_windows_and_a_disqualified_race_are_each_said_once(tmp_path: Path) -> None:
    """They were said twice: an announcement ("Windows closed: ... They're off!", "race
    disqualified, bets refunded") and then the notice's words saying the same."""
    db = tmp_path / "g.sqlite"
    args = ["across", "play", "--bots", "4", "--track", "woodbine", "--seed", "2"]
    out = runner.invoke(app, [*args, "--db", str(db)])  # seed 2: races refunded (R26's bets)
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    closed = [line for line in lines if "windows closed" in line.lower().replace("are ", "")]
    assert len(closed) == 8, closed
    saved = Store(db).load(1)  # the refunded races, from the saved game
    state = replay(AcrossGame.from_config(saved.config), saved.events)
    refunded = sum(1 for r in state.result()["races"] if r["refunded"])
    assert refunded >= 1
    # said in a row after races 1 to 7 ("betting void"), in full after the 8th
    said = sum(1 for line in lines if "disqualified" in line or "betting void" in line)
    assert said == refunded


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--bots", "3", "--seed", "4", "--db", "."],  # a folder: no store opens
        ["play", "--bots", "3", "--db", "."],
        ["play", "--bots", "3", "--db", ".", "--format", "json"],
    ],
)
def test_a_run_that_never_starts_names_no_seed(args: list[str], tmp_path: Path) -> None:
    """The seed is printed once the game's store is open: a store that cannot be opened
    is the one line, with no seed before it."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", "across", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert "seed" not in done.stderr and "not a game store" in done.stderr


def _run(cwd: Path, *args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args]
    cwd.mkdir(exist_ok=True)
    return subprocess.run(command, input=input, capture_output=True, text=True, cwd=cwd)


ANSWERS = "done\na\npass\nno\n" * 3000
"""Each prompt takes the first of these that is legal for it (wrong ones are re-asked)."""
SEED_LINE = "seed 2  (repeat with --seed 2)\n"


def test_a_person_playing_in_json_sees_on_stderr_what_the_text_shows(tmp_path: Path) -> None:
    """With --format json the person at the terminal reads on stderr, where the questions
    are, all the text run shows them (the news, each race's card, the table and the winner
    at the end), playing and resuming; stdout holds the JSON alone. A run with nobody at
    the terminal prints its JSON alone."""
    args = ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "2"]
    args += ["--track", "woodbine", "--db", "g.sqlite"]
    lines = ANSWERS.splitlines(keepends=True)
    stopped, resumed = {}, {}
    for fmt in ("json", "text"):  # the same game each way, stopped after 40 answers
        stopped[fmt] = _run(tmp_path / fmt, *args, "-f", fmt, input="".join(lines[:40]))
        assert stopped[fmt].returncode == 130, stopped[fmt].stderr[-2000:]
        again = ["resume", "1", "--db", "g.sqlite", "-f", fmt]
        resumed[fmt] = _run(tmp_path / fmt, *again, input="".join(lines[40:]))
        assert resumed[fmt].returncode == 0, resumed[fmt].stderr[-2000:]
    text = stopped["text"]
    assert "Meet 1 auction: #2 sold to Computer 2" in text.stdout and stopped["json"].stdout == ""
    # the same screens; the seed is held to the end of a JSON run (common.SEED_NOTICES)
    assert stopped["json"].stderr == text.stdout.replace(SEED_LINE, "") + text.stderr + SEED_LINE
    assert resumed["json"].stdout.startswith("{")  # not even a prompt's space before it
    assert json.loads(resumed["json"].stdout)["names"] == ["Ann", "Computer 1", "Computer 2"]
    assert "Race 8: WIN" in resumed["text"].stdout and " won with " in resumed["text"].stdout
    assert resumed["json"].stderr == resumed["text"].stdout
    nobody = ["across", "play", "--bots", "3", "--seed", "2", "--db", "alone.sqlite"]
    alone = _run(tmp_path / "json", *nobody, "-f", "json")  # its own store, not the default
    assert alone.returncode == 0 and json.loads(alone.stdout)["races"]
    assert alone.stderr == SEED_LINE


def test_what_was_announced_is_said_again_on_the_next_persons_cleared_screen() -> None:
    """The clearing at a hand-over wiped what had just been announced before anyone read
    it: 'Mum bids 3 fifties for #2', and after a race its finished card and who collected
    what, gone the moment the next person's betting screen came. Said again under the
    clearing, once, and not at all where nothing was cleared (not a terminal)."""
    screen = io.StringIO()
    seat = HotSeat(Console(file=screen, force_terminal=True, width=100), 3, {0: "Mum", 1: "Dad"})
    seat.hand_to(0)
    seat.say("Mum bids 3 fifties for #2")
    seat.hand_to(1)
    after = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue().split("\x1b[3J")[-1])
    assert "Since Mum's turn:" in after and "Mum bids 3 fifties for #2" in after
    seat.say("Dad passes")
    seat.hand_to(1)  # the same person again: nothing cleared, nothing said twice
    seat.hand_to(0)
    after = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue().split("\x1b[3J")[-1])
    assert "Dad passes" in after and "Mum bids" not in after
    piped = io.StringIO()
    plain = HotSeat(Console(file=piped, width=100), 3, {0: "Mum", 1: "Dad"})
    plain.hand_to(0)
    plain.say("#2 sold to Mum for 3 fifties")
    plain.hand_to(1)
    assert piped.getvalue().count("#2 sold to Mum") == 1 and "Since" not in piped.getvalue()


def test_a_race_result_is_on_the_screen_of_the_next_person_to_bet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three people at one terminal: after race 1 the first screen that asks for a bet
    shows, under the clearing, the race's result and payoff, and the betting screen fits
    a 50-row terminal 80 columns wide (it was 110 rows: the finished card again, the
    table, the bins, the MPH board, the windows and eleven loans); m shows the rest,
    then asks again. (At 24 rows the latest that fit are said: test_across_pty.)"""
    from homestretch.cli import common

    monkeypatch.setattr(common.console, "_height", 50)  # a terminal of 50 rows (rich
    # fixes the height at start when LINES is set then)
    answers = "pass\nm\ndone\na\n" * 300  # each prompt takes the first of these it reads
    out = runner.invoke(
        app,
        ["across", "play", "--players", "Mum,Dad,Kim", "--seed", "5", "--track", "epsom-downs"]
        # R17's order: Kim, the Auctioneer, owns every horse and bets first in race 2
        + ["--betting-order", "totemaster", "--db", str(tmp_path / "f.sqlite")],
        input=answers,
        env={"TTY_COMPATIBLE": "1", "COLUMNS": "80"},
    )
    screens = [re.sub(r"\x1b\[[0-9;]*m", "", s) for s in out.stdout.split("\x1b[3J")]
    betting = [s for s in screens if ": betting ─" in s and "Race 2" in s]
    assert betting, out.stdout[-3000:]
    first = betting[0]
    assert first.index("Since ") < first.index("Race 1: WIN") < first.index(": betting ─")
    # the result in a few lines, not the finished card again (22 rows, the windows' sums
    # and a line a payment): whose horses came in, who was paid what, m for the card
    result = first[first.index("Race 1: WIN") : first.index(": betting ─")].splitlines()
    assert len(result) <= 10, "\n".join(result)
    said = " ".join(" ".join(result).split())
    assert re.search(r"owners: WIN #\d+ (Mum|Dad|Kim|unsold)", said), said
    assert "Race 1 paid: " in said or "Race 1: betting void, none on the first three" in said
    assert "X's to finish" not in said
    asked = first.index("your choice (a number, or bet 12): ")
    assert len(first[:asked].splitlines()) + 1 <= 50, first[:asked]
    assert "loan H N: borrow N fifties" in first[:asked] and "m: the rest" in first[:asked]
    rest = first[asked:]
    assert "Epsom Downs, race 1" in rest and "Auction-receipt bins" in rest
    assert rest.index("MPH Parimutuel Windows, race 1") < rest.rindex("your choice")


def test_a_move_typed_in_the_race_that_is_not_one_says_what_may_be(driver: Any) -> None:
    """'bet 13' or 'done' typed at the roller's question got the rules' short "accept or
    reject the roll": like the other slips, it names what may be typed then."""
    d = driver(4)
    d.auction({})
    d.bets()
    s = d.state
    while s.is_chance_node():
        s.apply_chance((3, 4))
    assert s.phase == "race"
    seat = s.to_act()[0]
    name = s.name(seat)
    table = Console(file=io.StringIO(), width=200)
    roller = person(name, s, None, HotSeat(table, 1), people={name: seat})
    for typed in ("bet 13", "done", "bid 5"):
        with pytest.raises(HomestretchError) as slip:
            roller.parse(typed)
        said = str(slip.value)
        assert said.startswith(
            f"{typed!r} is not a move in the race: type a number from the list, or "
            "accept (a) | reject (r)"
        ), said
    assert roller.parse("r") == Reject()
    loan = roller.parse("loan 4 1")  # left to the rules, whose words say when
    assert s.why_illegal(seat, loan) == "loans are made during the auction and between races"
    question = roller.question(s.legal_actions(seat), listed=True)
    assert question == "your choice (a number, or a to accept, r to reject)"


def test_the_question_names_a_move_as_typed(driver: Any) -> None:
    """ "your choice (number or text)" named nothing to type: a bid or bet as typed."""
    d = driver(4)
    s = d.state
    table = Console(file=io.StringIO(), width=200)
    ann = person(s.name(0), s, None, HotSeat(table, 1), people={s.name(0): 0})
    track = AcrossGame(players=3).new_initial_state()
    assert track.phase == "choose track"
    at_track = person("Ann", track, None, HotSeat(table, 1), people={"Ann": 0})
    first = sorted(track.g.content.tracks)[0]
    assert at_track.question(track.legal_actions(0), listed=True) == (
        f"your choice (a number, or track {first})"
    )
    assert s.phase == "auction"
    asked = ann.question(s.legal_actions(s.to_act()[0]), listed=True)
    assert asked.startswith("your choice (a number, or bid "), asked
    d.auction({})
    asked = ann.question(s.legal_actions(s.to_act()[0]), listed=True)
    assert asked == "your choice (a number, or bet 12)"


def test_the_trackmasters_first_screen_fits_80_by_24(tmp_path: Path) -> None:
    """The first screen of a game, the Trackmaster's choice, was 64 rows at 80 columns:
    the players' table and a table with each track's news in a column 18 wide. Each
    track is a line and its news below, the menu and the question under them."""
    done = CliRunner().invoke(
        app,
        ["across", "play", "--players", "Ann", "--bots", "3", "--seed", "11"]
        + ["--db", str(tmp_path / "a.sqlite")],
        input="",
        env={"COLUMNS": "80"},
    )
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "Ann: choose track" in line)
    asked = next(i for i, line in enumerate(lines) if line.startswith("Ann, your choice"))
    screen = lines[start : asked + 1]
    assert len(screen) <= 24, "\n".join(screen)
    assert all(len(line) <= 80 for line in screen), "\n".join(screen)
    said = " ".join(done.stdout.split())
    for track in load_content(None).tracks.values():
        assert f"track {track.key}: {track.name}, {track.city}; best pick #" in said
        assert " ".join(track.conditions.split()) in said  # the news, whole


def test_the_trackmaster_may_type_a_tracks_name_alone(tmp_path: Path) -> None:
    """'epsom' and 'Epsom Downs' at the track choice were "cannot read": only 'track
    epsom-downs' or a number was read."""
    done = CliRunner().invoke(
        app,
        ["across", "play", "--players", "Ann", "--bots", "3", "--seed", "11"]
        + ["--db", str(tmp_path / "a.sqlite")],
        input="epsom\nEpsom Downs\n",
    )
    said = " ".join(done.stdout.split())
    assert "no track 'epsom' (did you mean track epsom-downs?)" in said
    assert "The Trackmaster selects Epsom Downs" in said


def test_a_number_not_on_the_list_says_the_list_s_range(tmp_path: Path) -> None:
    """ "there is no choice 9 on the list" did not say which numbers were on it."""
    done = runner.invoke(
        app,
        ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "2"]
        + ["--db", str(tmp_path / "a.sqlite")],
        input="99\n",
    )
    assert done.exit_code == 130, done.output
    said = " ".join(done.stdout.split())
    assert re.search(r"there is no choice 99: the list is 1 to \d+", said), said[-2000:]


def test_help_says_what_fits_the_moment_and_a_track_after_the_choice_is_no_move() -> None:
    """At a family's table: `help` at the track choice listed every command of the game
    (bet, dd, bid, ring...); `track nowhere` at an auction was answered with the tracks
    to choose from, the track long chosen; `-1` said "no choice -1 on the list" where
    `99` said the list's range."""
    from homestretch.cli.human import HelpAsked, TerminalPlayer

    state = AcrossGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state()
    table = Console(file=io.StringIO(), width=200)
    ann = person("Ann", state, None, HotSeat(table, 1), people={"Ann": 0})
    with pytest.raises(HelpAsked) as told:
        ann.parse("help")
    assert str(told.value) == "type a number from the list, or track NAME"
    state.apply(0, ChooseTrack("woodbine"))
    seat = state.to_act()[0]
    names = ("Ann", "Bob", "Cy")
    bidder = person(names[seat], state, None, HotSeat(table, 1), people={names[seat]: seat})
    with pytest.raises(HelpAsked) as told:
        bidder.parse("?")
    assert "bid N [with SEAT] | pass" in str(told.value) and "track" not in str(told.value)
    assert "bet H" not in str(told.value)
    with pytest.raises(HomestretchError, match="^'track nowhere' is not a move now: type a"):
        bidder.parse("track nowhere")
    assert isinstance(bidder, TerminalPlayer)
    answers = iter(["-1", "1"])
    bidder.ask = lambda _: next(answers)
    bidder.screen = Console(file=io.StringIO(), width=200)
    bidder.show = lambda *_: None
    bidder.choose(seat, state.view(seat), state.legal_actions(seat))
    assert "there is no choice -1: the list is 1 to" in bidder.screen.file.getvalue()  # type: ignore[attr-defined]


def test_a_roll_s_hand_over_says_again_only_the_latest_that_fit() -> None:
    """Two people rolling in turn: each roll cleared the screen and said again the race's
    opening news (three rows) and the rolls, pushing the 21-row roll screen's top off a
    24-row terminal. Only the latest that fit the room are said again, with how many
    earlier lines were left off; m (``recap_in_full``) says them all."""
    screen = io.StringIO()
    seat = HotSeat(Console(file=screen, force_terminal=True, width=80), 2, {0: "Mum", 1: "Dad"})
    seat.hand_to(0)
    seat.say("Race 1: the windows are closed. " + "The Totemaster deals 0 fifties. " * 4)
    seat.say("  Mum: #5 accepted: one X; #7 accepted: one X")
    seat.hand_to(1, rows=3)
    after = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue().split("\x1b[3J")[-1])
    assert after.startswith("Since Mum's turn (1 earlier line left off: m shows all):\n")
    assert "Mum: #5 accepted" in after
    assert "windows are closed" not in after  # three rows more than the room
    assert seat.recap_in_full()
    told = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue().split("\x1b[3J")[-1])[len(after) :]
    assert told.startswith("All said since Mum's turn:\n") and "windows are closed" in told
    assert told.index("windows are closed") < told.index("Mum: #5 accepted")
    seat.say("Dad: #2 accepted: one X")
    seat.hand_to(0)  # no room given: all of it
    after = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue().split("\x1b[3J")[-1])
    assert after.startswith("Since Dad's turn:\n") and "Dad: #2 accepted" in after
    assert not seat.recap_in_full()  # nothing was left off
    seat.say("Mum: #9 accepted: one X")
    seat.hand_to(1, rows=0)  # a screen of 24 rows already: not a row more, m says it
    assert screen.getvalue().split("\x1b[3J")[-1] == ""
    assert seat.recap_in_full()
    assert "Mum: #9" in re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue().split("\x1b[3J")[-1])


def test_the_same_person_again_after_the_computers_moves_sees_the_latest_that_fit() -> None:
    """One person's screens with the computer players' moves between (the same person
    again) were never cleared: the moves scrolled by above the next screen, its top off
    a 24-row terminal (38 to 43 rows from the answer to the question). Now, when they
    would push it off, the screen is cleared (its scrollback kept: nothing is handed
    over) and the latest said under "Since your last move", the result and an offer
    before the rolls, with how many lines were left off; m says them all. When they
    fit, nothing is cleared; the next person's recap still says all since the last."""
    screen = io.StringIO()
    seat = HotSeat(Console(file=screen, force_terminal=True, width=80), 2, {0: "Mum", 1: "Dad"})

    def drawn(since: str) -> str:
        """The screen since its last ``since`` (a clearing), without its controls."""
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue().split(since)[-1])

    seat.hand_to(0, rows=10)
    seat.say("Race 1: WIN #7, PLACE #10, SHOW #9 (31 rolls)")
    for roll in range(6):
        seat.say(f"  Computer 1: #{roll + 2} accepted: one X", style="dim")
    seat.say("  Computer 2 offers Mum 7 fifties for #5", style="cyan")
    seat.say("  Computer 1: #12 accepted: one X", style="dim")
    seat.hand_to(0, rows=6)  # nine rows said, six left by the screen
    after = drawn("\x1b[2J")
    assert screen.getvalue().count("\x1b[2J") == 1 and "\x1b[3J" not in screen.getvalue()
    said = after.split("\n")
    assert said[0] == "Since your last move (4 lines left off: m shows all):", after
    assert "WIN #7" in said[1] and "offers Mum" in said[4] and "#12" in said[5], after
    assert len(said) == 7 and said[-1] == ""  # the heading and five lines: six rows
    assert seat.recap_in_full()
    told = drawn("\x1b[2J")[len(after) :]
    assert told.startswith("All said since your last move:\n") and told.count("accepted") == 7
    seat.say("  Computer 2: #3 accepted: one X", style="dim")
    seat.hand_to(0, rows=6)  # it fits: not cleared, nothing said again
    assert screen.getvalue().count("\x1b[2J") == 1 and not seat.recap_in_full()
    seat.hand_to(1)  # Dad: all said since Mum's screen was last handed over
    handed = drawn("\x1b[3J")
    assert handed.startswith("Since Mum's turn:\n") and handed.count("accepted") == 8


def test_a_race_s_result_is_said_again_before_the_next_race_s_opening() -> None:
    """With one row free under a clearing, the latest not dim was said: "Race 2: the
    windows are open", race 1's result left off. A race's result is said again first,
    its headline before the rest of it; then the other news, then the rolls."""
    from homestretch.games.across.terminal.cli import HEADLINE, RESULT

    screen = io.StringIO()
    seat = HotSeat(Console(file=screen, force_terminal=True, width=80), 1, {0: "Ann"})
    seat.hand_to(0)

    def recap(rows: int) -> list[str]:
        """The lines said again under the heading, ``rows`` left by the next screen."""
        seat.say("Race 1: WIN #7, PLACE #10, SHOW #9 (25 rolls)", result=HEADLINE)
        seat.say("  owners: WIN #7 Computer 2, PLACE #10 Computer 2", result=RESULT)
        seat.say("  Race 1 paid: Computer 1 3 fifties (a refund)", result=RESULT, style="cyan")
        seat.say("Race 2: the windows are open")
        seat.say("  Computer 1: #7 accepted: one X", style="dim")
        seat.printed = 99  # as if the computers' moves had filled the screen
        seat.hand_to(0, rows=rows)
        after = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue().split("\x1b[2J")[-1])
        return [line.strip()[:12] for line in after.split("\n")[1:-1]]

    assert recap(2) == ["Race 1: WIN "]  # the heading and one row
    assert recap(3) == ["Race 1: WIN ", "Race 1 paid:"]
    assert recap(5) == ["Race 1: WIN ", "owners: WIN ", "Race 1 paid:", "Race 2: the "]
    assert recap(6) == [
        "Race 1: WIN ",
        "owners: WIN ",
        "Race 1 paid:",
        "Race 2: the ",
        "Computer 1: ",
    ]


def test_a_move_said_in_short_then_in_full_is_said_once() -> None:
    """The rules announce a move in short, then its notice says it in full: a lot's sale
    was said twice ("#7 sold to Bob for 22 fifties", then "Meet 1 auction: #7 sold to Bob
    for 22 fifties, dealt into the bins: ..."), so were a loan, a repayment and an
    answered offer. The short line is dropped when it is that very move, not otherwise."""
    from homestretch.games.across.terminal.cli import said_in_full

    names = ["Ann", "Bob", "Cy"]
    sale = {"type": "sale", "meet": 1, "race": 0, "horse": 7, "buyers": [1]}
    sale["words"] = "Meet 1 auction: #7 sold to Bob for 22 fifties, dealt into the bins: 5 to"
    assert said_in_full("#7 sold to Bob for 22 fifties", sale, names)
    assert not said_in_full("#8 sold to Bob for 22 fifties", sale, names)
    loan = {"type": "loan", "meet": 1, "race": 3, "seat": 0, "horse": 4, "amount": 2}
    loan["words"] = "Race 3: Ann borrows 2 fifties from the 8th-race WIN bin with #4 in hock; 3"
    assert said_in_full("Ann borrows 2 with #4 in hock", loan, names)
    assert not said_in_full("Bob borrows 2 with #4 in hock", loan, names)
    assert not said_in_full("Ann borrows 2 with #5 in hock", loan, names)
    repaid = {"type": "loan_repaid", "meet": 1, "race": 5, "seat": 2, "horse": 9}
    repaid["words"] = "Race 5: Cy repays 3 fifties to the 8th-race WIN bin (2 loan + 1 interest)"
    assert said_in_full("Cy repays 3 and redeems #9", repaid, names)
    dealing = {"type": "dealing", "meet": 1, "race": 2, "frm": 0, "asked": 1}
    dealing["words"] = "Ann sells #8 to Bob for 9 fifties: Bob accepted"
    assert said_in_full("Bob accepts", dealing, names)
    assert said_in_full("Bob accepts, but the deal is off: #8 is no longer Ann's", dealing, names)
    assert not said_in_full("Cy accepts", dealing, names)
    payment = {"type": "payment", "meet": 1, "race": 2, "words": "Race 2: Bob collects 5"}
    assert not said_in_full("Bob collects 5", payment, names)  # not a move said in short


def test_whole_games_seat_the_kinds_bot_names_and_say_the_stake(tmp_path: Path) -> None:
    """`simulate --games` seated only sensible players: --bot takes the grammar of every
    game's (one kind for all, --bots counting them, or one each in seat order), the JSON
    says each seat's kind, and the text's title says the stake as the JSON does (R30)."""
    from homestretch.bots.random_bot import RandomBot
    from homestretch.games.across.bots import NeverBetBot, SensibleBot
    from homestretch.games.across.terminal.cli import seated

    args = ["across", "simulate", "--games", "2", "--seed", "3", "--track", "woodbine"]
    out = runner.invoke(app, [*args, "--bot", "never-bet,sensible,random", "-f", "json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["seat_kinds"] == ["never-bet", "sensible", "random"]
    assert report["players"] == 3 and len(report["seat_wins"]) == 3
    out = runner.invoke(app, [*args, "--bot", "random", "--bots", "5", "-f", "json"])
    assert json.loads(out.stdout)["seat_kinds"] == ["random"] * 5
    out = runner.invoke(app, [*args, "--bot", "never-bet", "-f", "json"])  # 4, as without
    assert json.loads(out.stdout)["seat_kinds"] == ["never-bet"] * 4
    out = runner.invoke(app, [*args, "--meets", "2", "--stake", "carry"])
    assert out.exit_code == 0, out.output
    title = " ".join(out.stdout.split("┏")[0].split())
    assert "2 games of 4 sensible players, 2 meets each" in title, title
    assert "stake carry (every meet after the first on what each ended the last with)" in title
    rows = [line.split("│") for line in out.stdout.splitlines() if "Player 1" in line]
    assert rows and rows[0][2].strip() == "sensible"
    game = AcrossGame(players=3)
    agents = [seated(["never-bet", "sensible", "random"])(game, s, 7) for s in range(3)]
    assert [type(a) for a in agents] == [NeverBetBot, SensibleBot, RandomBot]
    for typed, said in (
        (["--games", "2", "--bot", "sensible,random"], "seats 3 to 7 players, and it names 2"),
        (["--games", "2", "--bots", "4", "--bot", "random,random,random"], "names 3 kinds"),
        (["--track", "woodbine", "--bot", "random"], "--bot is the kind of a whole game's"),
        (["--track", "woodbine", "--meets", "2"], "--meets counts a whole game's meets"),
        (["--games", "2", "--bot", "3"], "they are counted with --bots 3"),
    ):
        assert said in refused(tmp_path, "across", "simulate", *typed)
