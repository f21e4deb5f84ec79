"""At the top of every screen at a shared terminal: whose screen it is, that the game is
saved, and what may be chosen, without the same words twice."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.across.content.loader import load_content
from homestretch.games.across.rules.actions import ChooseTrack
from homestretch.games.across.terminal.cli import describe_action
from homestretch.store.db import Store

runner = CliRunner()


def test_totopolys_screen_names_whose_it_is_at_the_top(tmp_path: Path) -> None:
    """The heading said "Totopoly - exchange" only: after "Pass the seat to Cy" a long
    screen named its person nowhere until the prompt at its foot."""
    done = runner.invoke(
        app,
        ["totopoly", "play", "--players", "Ann,Bob", "--seed", "4"]
        + ["--db", str(tmp_path / "t.sqlite")],
        input="\n",  # the seat passed, then the input ends: stopped and saved
    )
    assert done.exit_code == 130, done.output
    handed = re.search(r"Pass the seat to (\w+) and press Enter", done.stdout)
    assert handed is not None
    assert f"Totopoly - {handed.group(1)}: exchange" in done.stdout


def test_a_stretch_race_with_bettors_says_it_is_saved_from_the_start(tmp_path: Path) -> None:
    """Across, Derby Cast and Totopoly say "Saved as game N" as a game opens; a race with
    people betting said it only once stopped."""
    done = runner.invoke(
        app,
        ["stretch", "run", "2009-champagne-stakes", "--bettor", "Ann", "--seed", "3"]
        + ["--db", str(tmp_path / "s.sqlite")],
        input="",
    )
    assert done.exit_code == 130, done.output
    assert done.stdout.index("Saved as run 1: resume it with `homestretch resume 1 --db") < (
        done.stdout.index("Ann, your choice")
    )


def test_across_lists_each_track_once_and_saves_its_players_names(tmp_path: Path) -> None:
    """The track menu repeated each track's conditions under the table that shows them (a
    screen and a half at 80 columns), and `history` said "3 players", not who."""
    woodbine = describe_action(ChooseTrack("woodbine"), load_content())
    assert woodbine == "track woodbine: Woodbine, Toronto"
    db = tmp_path / "a.sqlite"
    done = runner.invoke(
        app, ["across", "play", "--players", "Ann,Bob,Cy", "--seed", "2", "--db", str(db)]
    )
    assert done.exit_code == 130, done.output
    said = " ".join(done.stdout.split())
    assert "4 track woodbine: Woodbine, Toronto Ann, your choice" in said  # the list: names
    assert Store(db).load(1).label == "Ann, Bob, Cy"


def test_each_roll_in_an_across_race_says_who_rolled(tmp_path: Path) -> None:
    """A person playing computer players saw only the card's last four calls, none saying
    whose roll it was: each roll is now said as it is made, with the roller's name."""
    done = runner.invoke(
        app, ["across", "play", "--bots", "3", "--seed", "5", "--db", str(tmp_path / "a.sqlite")]
    )
    assert done.exit_code == 0, done.output
    rolls = re.findall(r"(?m)^  (Computer \d): (#\d+ (?:accepted|rejected))", done.stdout)
    assert len(rolls) > 8 * 10  # eight races of rolls
    assert rolls[:3] == [
        ("Computer 2", "#8 rejected"),
        ("Computer 3", "#12 accepted"),
        ("Computer 1", "#11 rejected"),
    ]
    assert "Computer 3: #7 accepted: one X; #7 comes in WIN" in done.stdout


def test_the_computers_rolls_before_a_persons_are_said_as_theirs(tmp_path: Path) -> None:
    """Ann and two computers: the rolls the computers made before Ann's turn came were
    said as hers ("Ann: #8 accepted: one X; #9 accepted: one X", then "You rolled #12"),
    the whole batch put down to whoever was rolling when the screen looked."""
    moves = ["1", "bid 7", *["pass"] * 12, "no", "bet 2", "done", "a", "r", "a"]
    done = runner.invoke(
        app,
        ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "5"]
        + ["--db", str(tmp_path / "a.sqlite")],
        input="\n".join(moves) + "\n",
    )
    assert done.exit_code == 130, done.output  # the input ran out: stopped and saved
    said = re.findall(r"(?m)^  (Ann|Computer \d): (#\d+ \w+)", done.stdout)
    assert said[:6] == [
        ("Computer 1", "#8 accepted"),
        ("Computer 2", "#9 accepted"),
        ("Ann", "#12 accepted"),
        ("Computer 1", "#11 rejected"),
        ("Computer 2", "#8 rejected"),
        ("Ann", "#4 rejected"),
    ]


def test_derby_casts_card_says_who_picked_by_name_and_a_replays_result_its_numbers(
    tmp_path: Path,
) -> None:
    """The card's 'picked by' read "1 (win)" (a marker number: look it up on the board);
    a race replay's official result left its # column empty."""
    done = runner.invoke(
        app,
        ["derbycast", "play", "--players", "Ann,Bob", "--source", "replays", "--races", "1"]
        + ["--seed", "5", "--db", str(tmp_path / "d.sqlite")],
        input="win 1\nplace 4\n",
    )
    assert done.exit_code == 0, done.output
    assert "│ Ann (win)" in done.stdout  # Bob's card, after Ann picked
    first = re.search(r"│ 1st    │ (\S+) +│ Harbor Tempest", done.stdout)
    assert first is not None and first.group(1) == "1"


def test_a_misspelt_pool_is_answered_with_the_nearest(tmp_path: Path) -> None:
    """'plce 4 10' was told the whole betting hint again, not what it was near."""
    done = runner.invoke(
        app,
        ["stretch", "run", "2009-champagne-stakes", "--bettor", "Ann", "--seed", "3"]
        + ["--db", str(tmp_path / "s.sqlite")],
        input="plce 4 10\nplace 4 10\ndone\n",
    )
    assert done.exit_code == 0, done.output
    said = " ".join(done.stdout.split())
    assert "did you mean 'place 4 10'? a bet starts win, place or show" in said
    assert "Ann $90.00 ($10 place #4)" in said  # under the board, the line the bettor reads


def test_a_resumed_game_says_which_game_it_is(tmp_path: Path) -> None:
    """`resume ID` went straight to the game's screen: which game, with whom, was for the
    person to work out from it."""
    db = str(tmp_path / "a.sqlite")
    stopped = runner.invoke(app, ["across", "play", "--players", "Ann,Bob,Cy", "--db", db])
    assert stopped.exit_code == 130, stopped.output
    again = runner.invoke(app, ["resume", "1", "--db", db])
    assert again.exit_code == 130, again.output
    assert again.stdout.startswith(
        "Game 1, Across the Board (Ann, Bob, Cy): carrying on where it stopped.\n"
    )
    quiet = runner.invoke(app, ["resume", "1", "--db", db, "--format", "json"])
    assert "carrying on" not in quiet.stdout  # stdout holds the JSON alone
    assert "carrying on where it stopped" in quiet.stderr  # where the questions are


def test_across_tells_the_dealings_in_full_once_a_phase() -> None:
    """Two lines of dealings stood under every roll's accept/reject: in full once a phase
    for each person, then one short line."""
    from homestretch.core.actions import Action
    from homestretch.games.across.rules import actions as act
    from homestretch.games.across.rules.game import AcrossGame
    from homestretch.games.across.terminal.cli import DEALINGS_HINT, SHORT_DEALINGS, HintOnce

    state = AcrossGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state()
    once = HintOnce(state)
    legal: list[Action] = [act.Accept(), act.Reject()]
    assert DEALINGS_HINT in once.hint(legal)
    assert once.hint(legal) == SHORT_DEALINGS
    state.phase = "race-next"  # a new phase: in full again
    assert DEALINGS_HINT in once.hint(legal)


def test_history_at_80_columns_cuts_no_game_seed_or_time(tmp_path: Path) -> None:
    """Eight columns at 80 cut the game to "derbyca…", a seed to "994755…" and the time
    to "2026-1…"."""
    db = str(tmp_path / "h.sqlite")
    finished = ["stretch", "run", "2009-champagne-stakes", "--seed", "1234567890", "--db", db]
    assert runner.invoke(app, finished).exit_code == 0
    stopped = ["derbycast", "play", "--players", "Ann", "--bots", "1", "--source", "replays"]
    runner.invoke(app, [*stopped, "--seed", "987654321", "--db", db], input="")
    done = runner.invoke(app, ["history", "--db", db], env={"COLUMNS": "80"})
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert "…" not in done.stdout and all(len(line) <= 80 for line in lines), done.stdout
    rows = {line.split()[0]: line for line in lines if line.split()[:1] in (["1"], ["2"])}
    assert " stretch " in rows["1"] and " 1234567890 " in rows["1"]
    assert " derbycast " in rows["2"] and " 987654321 " in rows["2"]
    assert re.search(r" 20\d\d-\d\d-\d\d \d\d:\d\d ", rows["2"]) and "in progress" in rows["2"]
