"""`homestretch totopoly`: play (people and computers), resume, replay, simulate, board,
and one clear line with exit status 2 for every kind of bad input."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from tests.conftest import refused as fails
from typer.testing import CliRunner

from homestretch.bots.random_bot import RandomBot
from homestretch.cli.main import app
from homestretch.cli.table_loop import play_at_terminal
from homestretch.core.chance import SeededDice
from homestretch.core.errors import ContentError, HomestretchError, TableMovedOn
from homestretch.core.protocol import replay
from homestretch.games.totopoly import ENTRY
from homestretch.games.totopoly.content.loader import DEFAULT_CONTENT, load_content
from homestretch.games.totopoly.rules.state import TotopolyGame
from homestretch.games.totopoly.rules.words import lease_name
from homestretch.games.totopoly.terminal import cli as totopoly_cli
from homestretch.games.totopoly.terminal.cli import parse_action
from homestretch.session.saved import rebuild
from homestretch.store.db import Store

RUNNER = CliRunner()
ALWAYS_FIRST = "1\n" * 5000
"""A person who always picks the first choice offered (the game must still end)."""


def invoke(*args: str, given: str | None = None) -> str:
    result = RUNNER.invoke(app, list(args), input=given)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_computer_game_json_result_and_same_seed_same_game(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    args = ["totopoly", "play", "--bots", "3", "--seed", "8", "--db", db, "-f", "json"]
    first, second = json.loads(invoke(*args)), json.loads(invoke(*args))
    assert (first.pop("id"), second.pop("id")) == (1, 2)  # two saved games, the same game
    assert first == second
    assert first["winner_name"].startswith("Computer") and len(first["placings"]) == 3
    history = json.loads(invoke("history", "--db", db, "--game", "totopoly", "-f", "json"))
    assert history[0]["seed"] == 8 and history[0]["status"] == "finished"


def test_a_person_stopped_after_any_answer_resumes_to_the_same_game(tmp_path: Path) -> None:
    """The table's computer players choose afresh from the table's seed at every
    decision, so a game stopped mid-auction goes on as the unbroken one did."""
    db = str(tmp_path / "g.sqlite")
    store = Store(Path(db))
    base = ["totopoly", "play", "--players", "Ann", "--bots", "1", "--short", "--seed", "5"]
    base += ["--db", db]
    whole = invoke(*base, given=ALWAYS_FIRST)
    assert "won with" in whole
    unbroken = store.load(1)
    one = json.loads(invoke("replay", "1", "--db", db, "-f", "json"))
    # after 5 answers Ann has passed in the auction (the bot bidding on); 15 is later on
    # (she answers 17 questions in all)
    for game_id, k in enumerate((5, 15), start=2):
        broken = RUNNER.invoke(app, base, input="1\n" * k)
        assert broken.exit_code == 130, broken.output[-2000:]
        assert f"homestretch resume {game_id} --db {db}" in broken.stderr
        cut = store.load(game_id)
        assert cut.status == "in progress" and cut.events == unbroken.events[: len(cut.events)]
        invoke("resume", str(game_id), "--db", db, given=ALWAYS_FIRST)
        again = json.loads(invoke("replay", str(game_id), "--db", db, "-f", "json"))
        assert again["status"] == "finished" and again["view"] == one["view"]
        assert store.load(game_id).events == unbroken.events, f"cut after {k} answers"


def test_a_second_writer_is_refused_and_the_log_stays_whole(tmp_path: Path) -> None:
    db = tmp_path / "w.sqlite"
    store = Store(db)
    base = ["totopoly", "play", "--players", "Ann", "--bots", "2", "--seed", "5"]
    RUNNER.invoke(app, [*base, "--db", str(db)], input="1\n" * 5)
    saved = store.load(1)
    first, second = (rebuild(store, saved, game_entry=ENTRY) for _ in range(2))
    seat = first.waiting().seats[0]
    first.submit(seat, first.legal_actions(seat)[0], first.version)
    with pytest.raises(
        TableMovedOn, match="^Game 1 moved on: someone else playing it saved a move first"
    ):
        second.submit(seat, second.legal_actions(seat)[0], second.version)
    stored = store.load(1)
    assert stored.events == first.state.events
    replay(TotopolyGame.from_config(stored.config), stored.events)  # the log is whole
    # the second `homestretch resume` at the terminal stops with one line
    stale = rebuild(store, saved, game_entry=ENTRY)
    always_first = {seat: RandomBot(0)}
    with pytest.raises(
        HomestretchError, match="^Game 1 is being played elsewhere too: .* was not made"
    ):
        play_at_terminal(stale, 1, always_first)


def test_input_that_ends_stops_with_one_line_and_130(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["totopoly", "play", "--players", "Ann", "--bots", "1", "--seed", "2", "--db", db],
        input="1\n" * 4,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 130 and "Traceback" not in done.stderr
    hint = f"homestretch resume 1 --db {db}"
    assert done.stderr.strip().splitlines() == [
        f"Stopped. Game 1 is saved: carry on with `{hint}`."
    ]


def test_typed_amounts_are_read_and_checked() -> None:
    assert str(parse_action("bet 4 30")) == "bet 4 30"
    assert str(parse_action("bid 45")) == "bid 45"
    assert parse_action("fly 3") is None


def test_an_amount_that_is_no_whole_number_and_help_say_what_to_type() -> None:
    """'bid -1' and 'help' were answered "... is not one of the choices above": the one
    did not say the guineas were wrong, the other did not help."""
    for typed in ("bid -1", "bid lots", "bet 4 x"):
        with pytest.raises(HomestretchError) as slip:
            parse_action(typed)
        assert str(slip.value).startswith(f"cannot read {typed!r}: ")
        assert "is a whole number (0 or more): write " in str(slip.value)
    with pytest.raises(HomestretchError, match="^cannot read 'bid -1': GUINEAS is a whole"):
        parse_action("bid -1")
    with pytest.raises(
        HomestretchError, match="^type a number from the list, or a bid, bet or offer as"
    ):
        parse_action("help")


def test_a_command_short_of_its_words_says_what_to_write() -> None:
    with pytest.raises(HomestretchError, match="^cannot read 'bid': write bid GUINEAS, or a"):
        parse_action("bid")  # was "'bid' is not one of the choices above"
    with pytest.raises(HomestretchError, match="write reject CARD"):
        parse_action("reject")


def test_names_told_apart_whatever_their_capitals_and_a_tournament_of_no_games(
    tmp_path: Path,
) -> None:
    assert "'ann' is named twice" in fails(tmp_path, "totopoly", "play", "--players", "Ann,ann")
    clash = fails(tmp_path, "totopoly", "play", "--players", "Ann,Computer 1", "--bots", "1")
    assert "'Computer 1' is named twice" in clash  # was "give 3 different player names"
    assert "-n/--games 0 is out of range (1 to" in fails(
        tmp_path, "totopoly", "tournament", "-n", "0"
    )


def test_match_races_measure_a_designers_own_board(tmp_path: Path) -> None:
    """`simulate --match-races N` races the board alone (no nominee) on a content folder:
    a course whose every coloured square is blue hands the blue horse the races."""
    content = tmp_path / "content"
    content.mkdir()
    for source in DEFAULT_CONTENT.glob("*.toml"):
        shutil.copy(source, content)
    course = (content / "racecourse.toml").read_text().splitlines()
    course = [
        line.translate(str.maketrans("KRY", "BBB"))
        if line[:4] in ("1 = ", "2 = ", "3 = ", "4 = ") and '"' in line and len(line) > 40
        else line
        for line in course
    ]
    (content / "racecourse.toml").write_text("\n".join(course) + "\n")
    args = ["--match-races", "12", "--seed", "3", "-f", "json"]
    ours = json.loads(invoke("totopoly", "simulate", *args))
    theirs = json.loads(invoke("totopoly", "simulate", *args, "--content", str(content)))
    assert ours["races"] == theirs["races"] == 12
    assert ours["win_rate"]["black"] > ours["win_rate"]["blue"]
    assert theirs["win_rate"]["blue"] > 0.5 > theirs["win_rate"]["black"]
    assert "not with --short" in fails(
        tmp_path, "totopoly", "simulate", "--match-races", "4", "--short"
    )
    # 0 was taken as "off" and played 200 whole games instead: a count of races is 1 or more
    assert "--match-races" in fails(tmp_path, "totopoly", "simulate", "--match-races", "0")


def test_a_game_on_ones_own_content_is_not_replayed_on_changed_files(tmp_path: Path) -> None:
    """A designer changes the board between games: a game saved on the old files was
    replayed on the new ones without a word (a different deck, a different game)."""
    content = tmp_path / "content"
    content.mkdir()
    for source in DEFAULT_CONTENT.glob("*.toml"):
        shutil.copy(source, content)
    db = str(tmp_path / "g.sqlite")
    invoke(
        "totopoly",
        "play",
        "--bots",
        "3",
        "--short",
        "--seed",
        "2",
        "--content",
        str(content),
        "--db",
        db,
    )
    invoke("replay", "1", "--db", db)  # the files as played: it replays
    cards = (content / "cards.toml").read_text()
    (content / "cards.toml").write_text(cards.replace("white = 16", "white = 17"))
    assert "changed after this run was saved" in fails(tmp_path, "replay", "1", "--db", db)
    shutil.rmtree(content)
    assert "which is gone" in fails(tmp_path, "replay", "1", "--db", db)


def test_simulate_json_reports_the_colour_balance() -> None:
    out = invoke("totopoly", "simulate", "-n", "4", "--seed", "2", "-f", "json")
    report = json.loads(out)
    assert report["games"] == 4 and report["seed"] == 2
    assert set(report["win_rate_by_colour"]) == {"black", "red", "yellow", "blue"}
    assert abs(sum(report["win_rate_by_colour"].values()) - 1) < 1e-9
    assert set(report["win_rate_by_advantage_cards"]["blue"]) == {"0", "1", "2", "3+", "6+"}
    assert report["turns_per_game"] > 0 and report["decisions_per_game"] > 0
    # The decisions split so that computer players' auction raises do not hide the rest.
    parts = ("auction_bids", "setup_decisions", "race_decisions")
    assert sum(report[f"{p}_per_game"] for p in parts) == pytest.approx(
        report["decisions_per_game"], abs=0.2
    )
    assert report["race_throws_per_game"] > report["training_throws_per_game"] > 0
    assert report["lots_per_game"] > 0
    # Sampling errors: sqrt(p (1 - p) / n) for the share of races won by each colour.
    black = report["win_rate_by_colour"]["black"]
    assert report["win_rate_stderr_by_colour"]["black"] == pytest.approx(
        (black * (1 - black) / 4) ** 0.5, abs=1e-4
    )


def test_simulate_seats_the_kinds_bot_names_as_play_does(tmp_path: Path) -> None:
    """`simulate` seated sensible players only; `--bot` takes play's grammar: one kind
    for all (`--bots N`, 4 when not given) or one each, in seat order."""
    random_pair = json.loads(
        invoke(
            "totopoly", "simulate", "-n", "3", "--seed", "2", "--bot", "random,random", "-f", "json"
        )
    )
    assert random_pair["players"] == 2 and random_pair["bots"] == ["random", "random"]
    all_random = json.loads(
        invoke("totopoly", "simulate", "-n", "3", "--seed", "2", "--bot", "random", "-f", "json")
    )
    assert all_random["bots"] == ["random"] * 4
    sensible = json.loads(invoke("totopoly", "simulate", "-n", "3", "--seed", "2", "-f", "json"))
    assert "bots" not in sensible
    # random players bid at random and hold no nominee back: not the sensible games
    assert all_random["decisions_per_game"] != sensible["decisions_per_game"]
    named = json.loads(
        invoke("totopoly", "simulate", "-n", "3", "--seed", "2", "--bot", "sensible", "-f", "json")
    )
    assert {k: v for k, v in named.items() if k != "bots"} == sensible
    text = invoke(
        "totopoly", "simulate", "-n", "1", "--seed", "2", "--bots", "3", "--bot", "random"
    )
    assert "players, seat by seat: random, random, random" in text
    assert "--bot names 3 kinds for 4" in fails(
        tmp_path, "totopoly", "simulate", "--bots", "4", "--bot", "random,search,sensible"
    )
    assert "needs 2 to 6 players" in fails(
        tmp_path, "totopoly", "simulate", "--bot", ",".join(["random"] * 7)
    )
    assert "not with --match-races" in fails(
        tmp_path, "totopoly", "simulate", "--match-races", "4", "--bot", "random"
    )


def test_board_shows_our_content() -> None:
    board = json.loads(invoke("totopoly", "board", "-f", "json"))
    assert len(board["horses"]) == 12 and board["course"]["tracks"] == 4
    assert "Walroy" in invoke("totopoly", "board")


def test_bad_input_gives_one_line_and_status_2(tmp_path: Path) -> None:
    assert "2 to 6 players" in fails(tmp_path, "totopoly", "play", "--players", "Ann")
    assert "--dice" in fails(tmp_path, "totopoly", "play", "--bots", "2", "--dice", "1 9")
    assert "content folder" in fails(tmp_path, "totopoly", "board", "--content", "/no/such")
    assert "-n" in fails(tmp_path, "totopoly", "simulate", "-n", "0")
    assert "--kinds clever: write random, search or sensible" in fails(
        tmp_path, "totopoly", "tournament", "--kinds", "search,clever"
    )
    assert "2 to 6 players" in fails(tmp_path, "totopoly", "tournament", "--kinds", "search")


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("leases.toml", 'colour = "black"', 'colour = "green"', "colour 'green'"),
        ("leases.toml", "value = 170", "value = -5", "value must be at least 0"),
        ("racecourse.toml", '1 = "BKRs', '1 = "QKRs', "unknown code 'Q'"),
        ("racecourse.toml", '1 = "BKRs', '1 = "BKR.s', "has 61 lengths"),
        ("training_ring.toml", 'to = "forage"', 'to = "grocer"', "'grocer'"),
        (
            "reports.toml",
            'special = "remount"',
            'special = "wings"',
            "special 'wings' is not one of remount, reins",
        ),
        ("cards.toml", "white = 16", "white = lots", "not valid TOML"),
        ("cards.toml", "white = 16", "white = 16\ngreen = 3", "unknown key(s) green"),
        ("cards.toml", "blue = 3\n", "blu = 3\n", "[at_a_time]: unknown key(s) blu"),
        ("cards.toml", "blue = 3\n", "blue = 0\n", "[at_a_time]"),
        ("leases.toml", "value = 170", "value = 170\nprice = 5", "horse 1: unknown key(s) price"),
        ("reports.toml", "copies = 4", "copy = 4", "unknown key(s) copy"),
        ("racecourse.toml", "12 = 3\n", "", "[gate]: every horse 1-12 needs a gate track (no 12)"),
    ],
)
def test_broken_content_names_file_and_place(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    folder = _broken(tmp_path, name, old, new)
    with pytest.raises(ContentError) as caught:
        load_content(str(folder))
    assert name in str(caught.value) and message in str(caught.value)
    line = fails(tmp_path, "totopoly", "board", "--content", str(folder))
    assert name in line


def test_dice_list_running_out_stops_cleanly_and_the_game_resumes(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    line = fails(
        tmp_path, "totopoly", "play", "--bots", "2", "--dice", "3 4 5", "--seed", "1", "--db", db
    )
    assert "ran out" in line
    saved = json.loads(invoke("history", "--db", db, "-f", "json"))
    assert saved[0]["status"] == "in progress"
    invoke("resume", str(saved[0]["id"]), "--db", db)
    done = json.loads(invoke("history", "--db", db, "-f", "json"))
    assert done[0]["status"] == "finished"


def test_json_mode_keeps_the_table_talk_off_stdout(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    args = ["totopoly", "play", "--players", "Ann", "--bots", "1", "--seed", "4", "--db", db]
    result = RUNNER.invoke(app, [*args, "-f", "json"], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    # The test runner echoes typed input onto stdout, as a terminal would on screen.
    echoed, _, rest = result.stdout.partition("{")
    assert set(echoed.split()) <= {"1"}
    assert json.loads("{" + rest)["placings"]
    assert "your choice" in result.stderr and "your choice" not in result.stdout


def test_two_people_hand_the_seat_over_before_each_sees_a_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(totopoly_cli, "console", Console(file=screen, force_terminal=True))
    db = str(tmp_path / "g.sqlite")
    args = ["totopoly", "play", "--players", "Ann,Bob", "--bots", "1", "--seed", "3", "--db", db]
    out = invoke(*args, given=ALWAYS_FIRST)
    assert "won with" in screen.getvalue()
    handovers = [
        line.split("Pass the seat to ")[1].split()[0]
        for line in out.splitlines()
        if "Pass the seat to " in line
    ]
    assert {"Ann", "Bob"} <= set(handovers)
    # the seat is only handed over when the person changes
    assert all(a != b for a, b in zip(handovers, handovers[1:], strict=False))
    # and each time the screen and its scrollback are cleared, so no hand stays behind
    assert screen.getvalue().count("\x1b[2J") == screen.getvalue().count("\x1b[3J")
    assert screen.getvalue().count("\x1b[3J") == len(handovers)


def test_one_person_s_first_screen_begins_with_the_seed_and_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One person with computer players: nothing cleared the screen, so the opening "seed
    7 ..." and "Saved as game 1: resume it with ..." went up over the shell's lines with
    the first answer (or m's whole table), and a resumed game never said how to resume.
    Now the first screen is cleared (the visible screen, not the scrollback: there is no
    other person's hand to hide) and begins with them, said once on it; not at a
    terminal, each is said once in all."""
    screen = io.StringIO()
    monkeypatch.setattr(totopoly_cli, "console", Console(file=screen, force_terminal=True))
    db = str(tmp_path / "g.sqlite")
    seed, saved = (
        "seed 7  (repeat with --seed 7)",
        f"Saved as game 1: resume it with `homestretch resume 1 --db {db}`.",
    )
    args = ["totopoly", "play", "--players", "Ann", "--bots", "2", "--seed", "7", "--db", db]
    RUNNER.invoke(app, args, input="1\n" * 3)  # stopped at her fourth question
    heading = "Totopoly - Ann: "
    drawn = screen.getvalue()
    first = drawn[: drawn.index(heading)]
    assert "\x1b[2J" in first and "\x1b[3J" not in drawn  # her own scrollback is kept
    top = first.rsplit("\x1b[2J", 1)[1]
    assert top.count(seed) == 1 and top.count(saved) == 1, top
    assert drawn.count("\x1b[2J") == 1  # her first screen only
    # resumed: the first screen begins with where it is saved and how to resume
    screen.truncate(0)
    screen.seek(0)
    RUNNER.invoke(app, ["resume", "1", "--db", db], input="1\n")
    drawn = screen.getvalue()
    top = drawn[: drawn.index(heading)].rsplit("\x1b[2J", 1)[1]
    assert top.count(saved) == 1, drawn[:2000]
    # not at a terminal (piped): nothing cleared, each line said once
    monkeypatch.undo()
    piped = RUNNER.invoke(app, args[:-1] + [str(tmp_path / "h.sqlite")], input="1\n" * 3)
    assert piped.stdout.count("seed 7  (repeat") == 1 and "\x1b[2J" not in piped.stdout
    assert piped.stdout.count("Saved as game 1: resume it with") == 1
    again = RUNNER.invoke(app, ["resume", "1", "--db", str(tmp_path / "h.sqlite")], input="1\n")
    assert again.stdout.count("Saved as game 1: resume it with") == 1, again.stdout[:2000]


def test_a_game_saved_before_tables_resumes_with_its_computer_seats(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite"
    store = Store(db)
    invoke("totopoly", "play", "--bots", "2", "--short", "--seed", "4", "--db", str(db))
    whole = store.load(1)
    assert whole.config["computer"] == [0, 1]
    old = store.create("totopoly", whole.config, 4, "seeded")  # no table settings
    store.append(old, whole.events[:60])
    invoke("resume", str(old), "--db", str(db))
    assert store.load(old).events == whole.events


def test_a_play_that_never_starts_names_no_seed(tmp_path: Path) -> None:
    """The seed is printed once the store is open: a folder given as --db is the one line
    (the seed was printed before it, for a game that never began)."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["totopoly", "play", "--bots", "2", "--db", "."],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert "seed" not in done.stderr and "game store" in done.stderr


def test_a_card_typed_that_is_not_in_the_hand_is_said_to_be_not_there() -> None:
    """'reject lease:nosuch is not allowed now (exchange one card ...)' did not say what
    was wrong: the card is not in the player's hand."""
    state = TotopolyGame(3, names=["Ann", "Bob", "Cy"]).new_initial_state()
    dice = SeededDice(4)
    while state.is_chance_node():
        state.apply_chance(dice.resolve(state.chance_node()))
    seat = state.to_act()[0]
    assert state.phase == "exchange"
    elsewhere = next(c for c in state.where if c not in state.cards_of(seat, "hand"))
    for card in ("lease:nosuch", elsewhere):
        typed = parse_action(f"reject {card}")
        said = lease_name(state.c, card)  # by its name: "No. 9 Mustard Seed", not its id
        assert state.why_illegal(seat, typed) == f"{said} is not in your hand"
    assert "is not allowed now" in str(state.why_illegal(seat, parse_action("bid 4")))
    # a horse's card typed by the horse's number, as the menus name it: "reject 4" was
    # "4 is not in your hand" with No. 4 in it
    horse = next(h for h in state.c.horses.values() if h.card in state.cards_of(seat, "hand"))
    assert parse_action(f"reject {horse.number}") == parse_action(f"reject {horse.card}")
    assert state.why_illegal(seat, parse_action(f"reject {horse.number}")) is None
    away = next(h for h in state.c.horses.values() if h.card not in state.cards_of(seat, "hand"))
    assert state.why_illegal(seat, parse_action(f"reject {away.number}")) == (
        f"No. {away.number} {away.name} is not in your hand"
    )
    assert parse_action("sell 4") == parse_action("sell horse:4")


def test_the_summary_names_the_winning_horse(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    invoke("totopoly", "play", "--bots", "2", "--short", "--seed", "4", "--db", db)
    game = TotopolyGame(2, short=True)
    state = replay(game, Store(Path(db)).load(1).events)
    first = state.result()["placings"][0]  # type: ignore[attr-defined]
    named = f"won with No. {first} {load_content(None).horses[first].name}"
    (listed,) = json.loads(invoke("history", "--db", db, "-f", "json"))
    assert named in listed["summary"]  # was "won with No. 2"


def test_a_replay_says_a_game_is_in_progress(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    args = ["totopoly", "play", "--players", "Ann", "--bots", "1", "--seed", "2", "--db", db]
    stopped = RUNNER.invoke(app, args, input="1\n" * 4)
    assert stopped.exit_code == 130, stopped.output[-2000:]
    shown = invoke("replay", "1", "--db", db)
    assert shown.rstrip().splitlines()[-1].startswith("in progress: ")  # was the story alone
    assert json.loads(invoke("replay", "1", "--db", db, "-f", "json"))["status"] == "in progress"


def _run(cwd: Path, *args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args]
    cwd.mkdir(exist_ok=True)
    return subprocess.run(command, input=input, capture_output=True, text=True, cwd=cwd)


def test_a_person_playing_in_json_sees_on_stderr_what_the_text_shows(tmp_path: Path) -> None:
    """With --format json the person at the terminal reads on stderr, where the questions
    are, all the text run shows them, playing and resuming (the finished course, the
    prizes and the winner too); stdout holds the JSON alone. A run with nobody at the
    terminal prints its JSON alone."""
    args = ["totopoly", "play", "--players", "Ann", "--bots", "1", "--seed", "4"]
    args += ["--db", "g.sqlite"]
    seed = "seed 4  (repeat with --seed 4)\n"
    stopped, resumed = {}, {}
    for fmt in ("json", "text"):  # the same game each way, stopped after 30 answers
        stopped[fmt] = _run(tmp_path / fmt, *args, "-f", fmt, input="1\n" * 30)
        assert stopped[fmt].returncode == 130, stopped[fmt].stderr[-2000:]
        again = ["resume", "1", "--db", "g.sqlite", "-f", fmt]
        resumed[fmt] = _run(tmp_path / fmt, *again, input=ALWAYS_FIRST)
        assert resumed[fmt].returncode == 0, resumed[fmt].stderr[-2000:]
    text = stopped["text"]
    assert "Saved as game 1: resume it with" in text.stdout and stopped["json"].stdout == ""
    # the same screens; the seed is held to the end of a JSON run (common.SEED_NOTICES)
    assert stopped["json"].stderr == text.stdout.replace(seed, "") + text.stderr + seed
    assert resumed["json"].stdout.startswith("{")  # not even a prompt's space before it
    assert json.loads(resumed["json"].stdout)["winner_name"] == "Computer 1"
    assert "the banker's 10%" in resumed["text"].stdout
    assert "Computer 1 won with" in resumed["text"].stdout
    assert resumed["json"].stderr == resumed["text"].stdout
    nobody = ["totopoly", "play", "--bots", "2", "--seed", "4", "--db", "alone.sqlite"]
    alone = _run(tmp_path / "json", *nobody, "-f", "json")  # its own store, not the default
    assert alone.returncode == 0 and json.loads(alone.stdout)["placings"]
    assert alone.stderr == seed


def test_the_players_table_at_80_columns_cuts_no_role(tmp_path: Path) -> None:
    """At 80 columns the player column cut "Computer 1 (auctioneer)" to "Computer 1
    (auctionee…"; a player with cards face down and no business showed " +4 face down"."""
    done = CliRunner().invoke(
        app,
        ["totopoly", "play", "--players", "Ann", "--bots", "2", "--short", "--seed", "3"]
        + ["--db", str(tmp_path / "t.sqlite")],
        input="1\n1\nm\n",  # an exchange, a card into the auction: then m at the auction
        env={"COLUMNS": "80"},
    )
    auction = done.stdout[done.stdout.index("Ann: auction") :]
    assert "…" not in auction and all(len(line) <= 80 for line in auction.splitlines())
    assert "Ann is the banker; Computer 1 is the auctioneer" in auction
    assert "│ +4 face" in auction and "│  +" not in auction


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("auctions=open", "unknown rule 'auctions' (did you mean auction?); the rules: "),
        ("auction=final", "rule auction must be open or final_pass, not 'final' (did you mean "),
        # a rule named without its value: its values (it was "write NAME=VALUE" alone)
        ("auction", "--rule 'auction': write auction=open or final_pass"),
        ("auctions", "write NAME=VALUE; the rules: move_on_past_post, white_card_judged, "),
    ],
)
def test_a_house_rule_typed_wrong_names_the_nearest(tmp_path: Path, rule: str, said: str) -> None:
    """'--rule auctions=open' was "unknown rule 'auctions' (known: ...)", with no guess."""
    assert said in fails(tmp_path, "totopoly", "play", "--bots", "2", "--rule", rule)


def test_a_computer_player_kind_typed_wrong_names_the_nearest(tmp_path: Path) -> None:
    line = fails(tmp_path, "totopoly", "tournament", "-n", "2", "--kinds", "search,sensble")
    assert "--kinds sensble: did you mean sensible? write random, search or sensible" in line
    line = fails(tmp_path, "across", "play", "--bots", "2", "--bot", "sensble")
    assert (
        "--bot sensble: did you mean sensible? write never-bet, random, search or sensible" in line
    )


def test_a_move_of_another_moment_and_a_horse_there_is_none_of_are_said_in_words() -> None:
    """At the first exchange of cards a family typed 'sell 99' and 'reject 99': the answers
    were "sell horse:99 is not allowed now (...)" and "lease:horse-99 is not in your hand"
    (the ids, not what was typed), and `help` named bids and bets there."""
    from homestretch.cli.human import HelpAsked

    state = TotopolyGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state()
    seat = totopoly_cli.HotSeat(None, 1, totopoly_cli.OutputFormat.text)
    dice = SeededDice(4)
    while state.is_chance_node():
        state.apply_chance(dice.resolve(state.chance_node()))
    me = state.to_act()[0]
    player = totopoly_cli.person(state.names[me], state, seat)
    kinds = {a.kind for a in state.legal_actions(me)}
    assert "sell" not in kinds and "reject" in kinds
    with pytest.raises(HomestretchError, match="^'sell 99' is not a move now: type a number"):
        player.parse("sell 99")
    with pytest.raises(HomestretchError, match="^there is no horse No. 99: the horses are No. 1 "):
        player.parse("reject 99")
    with pytest.raises(HelpAsked) as told:
        player.parse("help")
    assert str(told.value) == "type a number from the list"  # no bid or bet at an exchange


def test_too_few_players_is_told_how_to_name_them_as_the_other_games_do(tmp_path: Path) -> None:
    """`totopoly play` alone said only how many players it needs; Across and Derby Cast
    give an example of --players and --bots."""
    said = fails(tmp_path, "totopoly", "play")
    assert "needs 2 to 6 players; --players and --bots give 0 (such as --players Ann,Bob" in said
