"""`homestretch derbycast`: points, table, races, and whole games from the terminal over
typed-in races, a results file and the race replays, saved and resumed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.protocol import Event, replay
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.rules.words import winners_line
from homestretch.games.stretch.api import bundled_race_files, simulated_race
from homestretch.store.db import Store

SAMPLE = Path(__file__).parents[4] / "samples" / "derbycast" / "saturday_card.csv"
runner = CliRunner()


def cli(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, (result.output, result.exception)
    return result.stdout


def test_points_for_one_pick() -> None:
    assert "12 space(s)" in cli("derbycast", "points", "25-1", "--bet", "place", "--finish", "2")
    data = json.loads(
        cli("derbycast", "points", "5/2", "--bet", "show", "--finish", "1", "-f", "json")
    )
    assert data["points"] == 0 and data["table"] == {"win": 2, "place": 1, "show": 0}
    data = json.loads(
        cli("derbycast", "points", "2.5", "--bet", "win", "--finish", "1", "-f", "json")
    )
    assert data["points"] == 2 and data["odds"] == "5-2"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["points", "lots", "--bet", "win", "--finish", "1"], "cannot read odds 'lots'"),
        (  # was "unknown bet 'exacta' (use win, place or show)", naming no option
            ["points", "5-2", "--bet", "exacta", "--finish", "1"],
            "--bet exacta: write win, place or show",
        ),
        (["points", "5-2", "--bet", "plac", "--finish", "1"], "--bet plac: did you mean place?"),
        (  # the slip typed is said before the option still missing (was: --finish missing)
            ["points", "5-2", "--bet", "winn"],
            "--bet winn: did you mean win? write win, place or show",
        ),
        (["points", "5-x", "--bet", "win"], "cannot read odds '5-x'"),
        (["points", "5-2", "--bet", "win"], "--finish is missing: official finish (1 = won)"),
        (  # --mode beside a source it means nothing to was dropped unsaid, as --race is not
            ["play", "--bots", "2", "--mode", "full"],
            "--mode is for --source simulate",
        ),
        (  # which options seat markers, not only how many
            ["play", "--players", "Ann"],
            "needs 2 to 20 markers (players or teams); --players and --bots give 1 (such as",
        ),
        (  # a source typed wrong was taken for a file
            ["play", "--bots", "2", "--source", "simulat"],
            "--source 'simulat' (did you mean simulate?): write manual, simulate, replays, or a "
            "results file (.csv or .json)",
        ),
        (["play", "--bots", "2", "--source", "nowhere.csv"], "nowhere.csv: cannot read"),
        (["play", "--bots", "2", "--source", "replays", "--confirm"], "--confirm is for races"),
        (["play", "--bots", "2", "--seed", "-1"], "a seed is a whole number from 0"),
    ],
)
def test_mistakes_are_one_line_and_exit_status_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    assert message in refused(tmp_path, "derbycast", *args)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (  # pydantic's "Input should be 'dirt', 'turf' or 'synthetic'"
            'surface = "dirt"',
            'surface = "sand"',
            "surface: 'sand' is not one of dirt, turf, synthetic",
        ),
        ('surface = "dirt"', 'surface = "trf"', "not one of dirt, turf, synthetic. Nearest: turf."),
        (
            'horse = "citation-1948"',
            'horse = { name = "Zed", sex = "stallion" }',
            "entry 2.horse.sex: 'stallion' is not one of colt, filly, horse, mare, gelding",
        ),
        (
            'condition = "fast"',
            'condition = "mudy"',
            "condition: 'mudy' is not one of fast, firm, good, muddy, yielding, sloppy, soft, "
            "heavy. Nearest: muddy.",
        ),
    ],
)
def test_a_simulated_races_conditions_are_refused_in_our_words(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    derby = next(path for path in bundled_race_files() if path.stem == "dream-derby")
    text = derby.read_text(encoding="utf-8")
    assert old in text
    race = tmp_path / "race.toml"
    race.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = refused(tmp_path, "derbycast", "play", "--bots", "2", "--source", "simulate",
                   "--race", str(race))  # fmt: skip
    assert said in line and "Input should" not in line


def test_table_json_lists_every_printed_row() -> None:
    rows = json.loads(cli("derbycast", "table", "-f", "json"))
    assert len(rows) == 34 and rows[0]["odds"] == "1-9" and rows[-1]["win"] == 20


def test_races_checks_a_results_file(tmp_path: Path) -> None:
    assert "4 races, all valid" in cli("derbycast", "races", str(SAMPLE))
    one = tmp_path / "one.csv"
    one.write_text("race,horse,odds,finish\nR1,A,2,1\nR1,B,3,2\nR1,C,4,3\n", encoding="utf-8")
    said = " ".join(cli("derbycast", "races", str(one)).split())  # a long path wraps
    assert "1 race, all valid" in said
    bad = tmp_path / "bad.csv"
    bad.write_text("race,horse,odds,finish\nR1,A,2,1\nR1,B,x,2\n", encoding="utf-8")
    result = runner.invoke(app, ["derbycast", "races", str(bad)])
    assert isinstance(result.exception, ContentError) and "line 3" in str(result.exception)


def _play_json(db: Path, *args: str, input: str | None = None) -> dict[str, object]:
    out = cli("derbycast", "play", "--db", str(db), "--format", "json", *args, input=input)
    # The test runner echoes typed answers into stdout; a terminal shows them as typed.
    data: dict[str, object] = json.loads(out[out.index("{") :])
    return data


def test_computer_players_over_race_replays_repeat_with_the_seed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    first = _play_json(db, "--bots", "3", "--source", "replays", "--seed", "11")
    again = _play_json(db, "--bots", "3", "--source", "replays", "--seed", "11")
    assert first["winners"] and first["history"] == again["history"]
    saved = Store(db).load(int(str(first["game_id"])))
    assert saved.status == "finished" and saved.seed == 11
    shown = json.loads(cli("replay", str(first["game_id"]), "--db", str(db), "-f", "json"))
    assert shown["history"] == first["history"]


def test_a_person_plays_the_computer_over_a_results_file(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    args = ["--players", "Ann", "--bots", "1", "--source", str(SAMPLE), "--races", "2"]
    # Race 1: win on horse 1 (Silver Lining, 5-2, won: 2). Race 2: show on Rusty
    # Lantern (8-1, 3rd: 2).
    data = _play_json(db, *args, "--tie", "dead-heat", "--seed", "1", input="win 1\nshow 3\n")
    board = data["board"]
    assert isinstance(board, list) and board[0]["name"] == "Ann" and board[0]["points"] == 4
    assert [race["name"] for race in data["history"]] == ["Riverbend race 1", "Riverbend race 2"]  # type: ignore[index]


def _run(*args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args]
    return subprocess.run(command, input=input, capture_output=True, text=True, check=False)


def test_a_person_playing_in_json_sees_each_race_on_stderr(tmp_path: Path) -> None:
    """With --format json the person at the terminal reads each race's result and the
    board on stderr, where the questions are, as the text shows them; stdout holds the
    JSON alone. A run with nobody at the terminal prints its JSON alone."""
    db = tmp_path / "games.sqlite"
    args = ["derbycast", "play", "--db", str(db), "--players", "Ann", "--bots", "1"]
    args += ["--source", str(SAMPLE), "--races", "2", "--tie", "dead-heat", "--seed", "1"]
    done = _run(*args, "--format", "json", input="win 1\nshow 3\n")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)  # the whole of stdout
    assert data["board"][0]["points"] == 4
    text = _run(*args, input="win 1\nshow 3\n")
    for said in ("Race 1: Riverbend race 1 - official result", "Race 2: Riverbend race 2"):
        assert said in text.stdout and said in done.stderr
    board = text.stdout.split("Race 2: Riverbend race 2 - official result")[1]
    # the game is over: its last board says no "needs" (it said "needs 17 more" by Ann)
    assert "The board" in board and "needs" not in board
    row = next(line for line in board.splitlines() if "Ann" in line and "####" in line)
    assert row in done.stderr  # the board, as shown
    assert "Saved as game 1: resume it with" in done.stderr
    assert data["how"] and winners_line(data) in " ".join(done.stderr.split())
    alone = _run("derbycast", "play", "--db", str(db), "--bots", "2", "--source", str(SAMPLE),
                 "--races", "1", "--seed", "1", "--format", "json")  # fmt: skip
    assert json.loads(alone.stdout)["races"] == 1
    assert alone.stderr.strip() == "seed 1  (repeat with --seed 1)"


def test_a_game_saved_after_a_race_resumes(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    args = ["derbycast", "play", "--db", str(db), "--players", "Ann,Bob+Cy", "--races", "2"]
    args += ["--source", str(SAMPLE), "--tie", "dead-heat"]
    stopped = runner.invoke(app, args, input="win 1\nplace Midnight Rambler\nwin 2\n")
    assert stopped.exit_code != 0  # the input ran out at Ann's second pick (Bob+Cy went first)
    (saved,) = Store(db).saved_games()
    assert saved.status == "in progress"
    out = cli("resume", str(saved.id), "--db", str(db), input="show gallant drifter\n")
    assert "Official Winner" in out or "Co-winners" in out
    done = Store(db).load(saved.id)
    assert done.status == "finished"
    shown = json.loads(cli("replay", str(saved.id), "--db", str(db), "-f", "json"))
    # Ann: 2 (5-2 win) + 1 (11-2 show); Bob+Cy: 0 (9-5 place), then 5 (11-2 win).
    assert [m["points"] for m in shown["board"]] == [3, 5]


def test_the_score_keeper_types_a_race_in(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    typed = "\n".join(
        [
            "Aqueduct 5",  # race name
            "Alpha, Bravo, Charlie, Delta",  # the field
            "2-1",  # morning lines, one a horse; Delta has none
            "7/2",
            "9-1",
            "",
            "",  # no scratches before post
            "win Charlie",  # Ann
            "place 4",  # Bob picks Delta by number
            "Bravo",  # scratched late, closing picks
            "Delta=Charlie, Alpha",  # official finish: dead heat for the win
            "11-1",  # Charlie's final odds
            "6",  # Delta's final odds
            "yes",  # official
        ]
    )
    data = _play_json(db, "--players", "Ann,Bob", "--races", "1", "--tie", "dead-heat",
                      input=typed + "\n")  # fmt: skip
    race = data["history"][0]  # type: ignore[index]
    assert race["name"] == "Aqueduct 5"
    assert [p["points"] for p in race["picks"]] == [11, 3]


def test_a_typed_result_that_breaks_the_rules_is_asked_again(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    typed = "\n".join(
        ["R", "A, B", "", "", "", "win A", "show B", "", "Zed", "A,A", "B, A", "seven", "3",
         "9-2", ""]
    )  # fmt: skip
    result = runner.invoke(
        app,
        ["derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
         "--tie", "dead-heat"],
        input=typed + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "'Zed' is not a horse" in result.output and "A is placed twice" in result.output
    assert "Every marker has picked: close picks at the off" in result.output  # the desk's words
    # the bad odds cell alone is asked again: B's odds were asked once
    assert "cannot read odds 'seven'" in result.output
    assert result.output.count("Final odds of 1 A") == 2
    assert result.output.count("Final odds of 2 B") == 1
    assert "Co-winners" not in result.output and "Official Winner: Bob" in result.output


def test_unknown_source_file_is_refused_before_the_game_is_saved(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    result = runner.invoke(
        app, ["derbycast", "play", "--db", str(db), "--bots", "2", "--source", "x.json"]
    )
    assert isinstance(result.exception, HomestretchError)
    assert Store(db).saved_games() == []


def test_computer_players_over_simulated_races(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    data = _play_json(db, "--bots", "2", "--source", "simulate", "--seed", "40", "--races", "3")
    history = data["history"]
    assert isinstance(history, list) and len(history) >= 3
    # Race 2 of a game with seed 40 is the Top of the Stretch race run with seed 41.
    name, runners = simulated_race(41)
    race = history[1]
    assert race["name"] == f"{name} (simulated, seed 41)"
    assert [(r["horse"], r["odds"], r["finish"]) for r in race["runners"]] == [
        (r.horse, str(r.odds), r.finish) for r in runners
    ]
    saved = Store(db).load(int(str(data["game_id"])))
    rebuilt = replay(DerbyCastGame(saved.config), saved.events)
    seated = {k: [{"seat": row["marker"] - 1, **row} for row in rebuilt.result()[k]] for k in ("winners", "board")}  # fmt: skip
    assert {**rebuilt.result(), **seated} == {
        k: data[k] for k in ("winners", "how", "races", "board")
    }  # the rules' result, every marker named by its seat too (docs/formats.md)


def test_a_named_simulated_race_and_mistakes_about_it(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    (race_file,) = [p for p in bundled_race_files() if "champagne" in p.name]
    data = _play_json(db, "--bots", "2", "--source", "simulate", "--race", race_file.stem,
                      "--seed", "3", "--races", "1", "--tie", "dead-heat")  # fmt: skip
    assert all(r["name"].startswith("Champagne Stakes") for r in data["history"])  # type: ignore[attr-defined]
    for args, message in [
        (["--source", "simulate", "--race", "no-such-race"], "no-such-race: no such race"),
        (["--source", "replays", "--race", race_file.stem], "--race is for --source simulate"),
    ]:
        result = runner.invoke(app, ["derbycast", "play", "--db", str(db), "--bots", "2", *args])
        assert isinstance(result.exception, HomestretchError)
        assert message in str(result.exception)


def test_when_the_results_file_runs_out_the_score_keeper_types_the_next_race(
    tmp_path: Path,
) -> None:
    one_race = tmp_path / "one.csv"
    one_race.write_text(
        "race,horse,odds,finish\nR1,Alpha,3-1,1\nR1,Bravo,6-1,2\nR1,Charlie,9-2,3\n",
        encoding="utf-8",
    )
    # race 2 is typed in; Bob picks first in it (the first picker rotates, R17)
    typed = ["win Alpha", "show 2", "Second race", "Xray, Yankee", "", "", "", "win Yankee",
             "win 1", "", "Yankee, Xray", "2-1", "12-1", ""]  # fmt: skip
    data = _play_json(tmp_path / "g.sqlite", "--players", "Ann,Bob", "--source", str(one_race),
                      "--races", "2", "--tie", "dead-heat", input="\n".join(typed) + "\n")  # fmt: skip
    history = data["history"]
    assert isinstance(history, list) and [r["name"] for r in history] == ["R1", "Second race"]
    # Ann: win at 3-1 (3), then Xray 2nd. Bob: show on Bravo, 2nd at 6-1 (1), then win
    # on Yankee at 12-1 (12), typed in card order: Xray's odds, then Yankee's.
    assert [m["points"] for m in data["board"]] == [3, 13]  # type: ignore[attr-defined]


def test_a_simulated_game_resumes_with_the_same_races(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    args = ["derbycast", "play", "--db", str(db), "--players", "Ann", "--bots", "1"]
    args += ["--source", "simulate", "--seed", "8", "--races", "2", "--tie", "dead-heat"]
    stopped = runner.invoke(app, args, input="win 1\n")
    assert stopped.exit_code != 0
    (saved,) = Store(db).saved_games()
    cli("resume", str(saved.id), "--db", str(db), input="show 2\n")
    shown = json.loads(cli("replay", str(saved.id), "--db", str(db), "-f", "json"))
    expected = [f"{simulated_race(seed)[0]} (simulated, seed {seed})" for seed in (8, 9)]
    assert [race["name"] for race in shown["history"]] == expected


def test_a_resumed_replays_game_draws_the_races_it_would_have_drawn(tmp_path: Path) -> None:
    args = ["--players", "Ann,Bob", "--source", "replays", "--seed", "21", "--races", "2"]
    args += ["--tie", "dead-heat"]
    whole = _play_json(tmp_path / "a.sqlite", *args, input="win 1\nwin 2\nshow 3\nshow 4\n")
    db = tmp_path / "b.sqlite"
    stopped = runner.invoke(app, ["derbycast", "play", "--db", str(db), *args], input="win 1\n")
    assert stopped.exit_code != 0
    (saved,) = Store(db).saved_games()
    cli("resume", str(saved.id), "--db", str(db), input="win 2\nshow 3\nshow 4\n")
    shown = json.loads(cli("replay", str(saved.id), "--db", str(db), "-f", "json"))
    assert shown["history"] == whole["history"]


RESUMED = ["--players", "Ann", "--bots", "2", "--source", "simulate", "--seed", "5"]
RESUMED += ["--races", "3"]
ANSWERS = ["win 1", "show 2", "place 3", "win 2", "show 1", "place 1", "win 3", "show 3"]


def _finished(db: Path) -> tuple[list[Event], dict[str, object]]:
    saved = Store(db).load(1)
    assert saved.status == "finished"
    return saved.events, replay(DerbyCastGame(saved.config), saved.events).result()


def test_a_game_with_computer_players_stopped_anywhere_ends_as_the_unbroken_one(
    tmp_path: Path,
) -> None:
    whole = _play_json(tmp_path / "whole.sqlite", *RESUMED, input="\n".join(ANSWERS) + "\n")
    history = whole["history"]
    assert isinstance(history, list)
    typed = len(history)  # Ann's one pick a race
    assert typed < len(ANSWERS)
    events, result = _finished(tmp_path / "whole.sqlite")
    for cut in (0, 1, typed - 1):
        db = tmp_path / f"cut{cut}.sqlite"
        stopped = runner.invoke(
            app,
            ["derbycast", "play", "--db", str(db), *RESUMED],
            input="".join(f"{a}\n" for a in ANSWERS[:cut]),
        )
        assert stopped.exit_code == 130, stopped.output
        said = " ".join(stopped.stderr.split())
        assert "Stopped. Game 1 is saved: carry on with `homestretch resume 1 --db" in said
        assert len(Store(db).load(1).events) > 0  # stored as it happened
        rest = "".join(f"{a}\n" for a in ANSWERS[cut:])
        cli("resume", "1", "--db", str(db), "-f", "json", input=rest)
        assert _finished(db) == (events, result), cut


def test_a_game_saved_before_tables_resumes_with_its_computer_players(tmp_path: Path) -> None:
    whole = tmp_path / "whole.sqlite"
    _play_json(whole, *RESUMED, input="\n".join(ANSWERS) + "\n")
    events, result = _finished(whole)
    saved = Store(whole).load(1)
    old = Store(tmp_path / "old.sqlite")  # no table settings, as every game once was
    old.create("derbycast", saved.config, seed=5, dice="seeded", label="old")
    half = events[: len(events) // 2]
    old.append(1, half)
    picked = sum(1 for e in half if e.player == 0)  # Ann's answers already in the log
    rest = "".join(f"{a}\n" for a in ANSWERS[picked:])
    cli("resume", "1", "--db", str(tmp_path / "old.sqlite"), input=rest)
    got_events, got_result = _finished(tmp_path / "old.sqlite")
    assert got_result == result and got_events == events


def test_a_results_file_with_a_bad_value_is_one_line_and_nothing_is_saved(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "day.json"
    bad.write_text(
        '{"races": [{"race": "R1", "runners": [{"horse": "A", "odds": [2], "finish": 1},'
        ' {"horse": "B", "odds": "3", "finish": 2}]}]}',
        encoding="utf-8",
    )
    db = tmp_path / "games.sqlite"
    line = refused(
        tmp_path, "derbycast", "play", "--bots", "2", "--source", str(bad), "--db", str(db)
    )
    assert "are not odds" in line
    assert Store(db).saved_games() == []


def test_the_score_keeper_stopped_while_typing_a_race_goes_on_where_it_stopped(
    tmp_path: Path,
) -> None:
    typed = ["R", "A, B, C", "", "", "", "", "win A", "show B", "", "C, B, A", "3", "9-2", ""]
    args = ["--players", "Ann,Bob", "--races", "1", "--tie", "dead-heat", "--seed", "2"]
    whole = _play_json(tmp_path / "whole.sqlite", *args, input="\n".join(typed) + "\n")
    for cut in (6, 8, 12):  # after the card; after the picks; with the result under review
        db = tmp_path / f"cut{cut}.sqlite"
        stopped = runner.invoke(
            app, ["derbycast", "play", "--db", str(db), *args], input="\n".join(typed[:cut]) + "\n"
        )
        assert stopped.exit_code == 130
        rest = "\n".join(typed[cut:]) + "\n"
        out = cli("resume", "1", "--db", str(db), "-f", "json", input=rest)
        assert json.loads(out[out.index("{") :])["history"] == whole["history"]


def test_a_days_card_is_picked_from_and_only_the_results_are_typed(tmp_path: Path) -> None:
    """The sample day's card: program numbers with a coupled entry, morning lines, a
    scratch before post. 'win 3' is program 3 (Morning Parade), '1a' is Lantern Reef.
    A mistyped result is seen under review and typed again before it moves anyone."""
    card = SAMPLE.with_name("day_card.csv")
    typed = [
        "win 3", "show 1a",  # race 5: Ann, then Bob
        "", "3, 1A, 2", "7-1", "5-2", "no",  # close picks; a wrong result, not official
        "3, 2, 1A", "3-1", "6-1", "yes",  # official: Morning Parade won at 6-1
        "",  # no correction of race 5
        "place 6", "win 3", "win 2",  # race 6, Bob first; 3 is scratched
        "", "2, 6", "7-2", "30-1", "yes",
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(tmp_path / "g.sqlite"), "--players", "Ann,Bob",
              "--source", str(card), "--races", "2", "--tie", "dead-heat",
              input="\n".join(typed) + "\n")  # fmt: skip
    assert "Gilded Oar is scratched; choose another horse" in out
    assert "Ann (marker 1): win on 3 Morning Parade, 1st at 5-2: +2" in out
    assert out.index("Race 1: Riverbend race 5 - official") < out.index("Correct race 1 before")
    assert out.count("The board") == 2  # once after each race
    assert "resume it with `homestretch resume 1 --db" in out
    saved = Store(tmp_path / "g.sqlite").load(1)
    state = replay(DerbyCastGame(saved.config), saved.events)
    # Ann: 6 (6-1 win) + 3 (7-2 win); Bob: show on Lantern Reef, 3rd at 3-1 (0), then
    # place on Paper Lanterns, 2nd at 30-1 (15).
    assert [m["points"] for m in state.result()["board"]] == [9, 15]


def test_the_keeper_corrects_the_last_official_result_between_races(tmp_path: Path) -> None:
    typed = [
        "R1", "1 Alpha, 2 Bravo", "", "", "",  # the card, no morning lines or scratches
        "win 1", "win 2", "", "1, 2", "12-1", "2-1", "yes",  # Alpha at 12-1, official
        "correct", "1, 2", "2-1", "2-1",  # it was 2-1: race 1 scored again
        "R2", "1 Xray, 2 Yankee", "", "", "",
        "show 1", "show 2", "", "2, 1", "3-1", "3-1", "yes",
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(tmp_path / "g.sqlite"), "--players", "Ann,Bob",
              "--races", "2", "--tie", "dead-heat", input="\n".join(typed) + "\n")  # fmt: skip
    assert "Race 1 is corrected: every marker is scored again." in out
    saved = Store(tmp_path / "g.sqlite").load(1)
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState) and state.history[0]["corrected"] == 1
    # Ann: win at 2-1 (2, not 25), show at 3-1 (0); Bob: 0, then show at 3-1 (0)
    assert state.points == [2, 0] and state.winners == (0,)


def test_a_tie_break_is_announced_and_only_the_tied_pick(tmp_path: Path) -> None:
    typed = [
        "R1", "1 Alpha, 2 Bravo", "", "", "",
        "win 1", "win 1", "win 2", "", "1, 2", "25-1", "2-1", "yes",  # Ann, Bob on 25
        "R2", "1 Xray, 2 Yankee", "", "", "",  # the tie-break race: Bob picks first
        "win 2", "win 1", "", "1, 2", "3-1", "4-1", "yes",
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(tmp_path / "g.sqlite"), "--players", "Ann,Bob,Cy",
              input="\n".join(typed) + "\n")  # fmt: skip
    said = " ".join(out.split())
    assert "Ann and Bob are level on 25: a tie-break race, only they pick." in said
    assert "Cy (marker 3), your pick" not in out.split("tie-break race, only")[1]
    assert "Official Winner: Ann (marker 1) won the tie-break after" in said


def test_a_days_card_game_resumed_at_the_terminal_offers_the_card(tmp_path: Path) -> None:
    """A game opened in the browser with the day's card in its configuration: at the
    terminal the keeper takes each offered answer with Enter."""
    races = [{"race": "R5", "runners": [{"program": "1", "horse": "Alpha", "odds": "3-1"},
                                        {"program": "1A", "horse": "Bravo", "odds": "4-1"},
                                        {"program": "2", "horse": "Cobalt", "scratched": True}]}]  # fmt: skip
    config = DerbyCastGame(
        {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "races": 1, "tie": "dead-heat",
         "feed": {"kind": "card", "races": races}, "order": "rotate", "draw": "fresh"}
    ).config()  # fmt: skip
    store = Store(tmp_path / "g.sqlite")
    store.create("derbycast", config, seed=1, dice="seeded", label="from the web")
    typed = [""] * 6 + ["win 1a", "show 1", "", "1A, 1", "3-1", "4-1", "yes"]
    out = cli("resume", "1", "--db", str(tmp_path / "g.sqlite"), input="\n".join(typed) + "\n")
    assert "Top of the Stretch run one) [R5]" in out and "1 Alpha, 1A Bravo, 2 Cobalt" in out
    state = replay(DerbyCastGame(config), Store(tmp_path / "g.sqlite").load(1).events)
    assert isinstance(state, DerbyCastState) and state.points == [4, 0]
    assert state.history[0]["runners"][2]["scratched"]


def _events(db: Path) -> list[dict[str, object]]:
    return [e.action for e in Store(db).load(1).events if e.action is not None]


def test_sealed_and_confirmed_picks_in_the_hot_seat(tmp_path: Path) -> None:
    """--sealed: picks go in as each seat's own ticket; --confirm: once all have picked,
    each is asked whether the pick stands, and Bob changes his (R22, R24)."""
    typed = [
        "R1", "1 Alpha, 2 Bravo", "", "", "",  # the card
        "win 1", "show 2",  # Ann, then Bob, sealed
        "yes",  # Ann's pick stands
        "win 1", "",  # Bob changes his pick, then it stands (Enter: yes)
        "", "1, 2", "3-1", "yes",  # close picks; the result, official
    ]  # fmt: skip
    db = tmp_path / "g.sqlite"
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", "--sealed", "--confirm", input="\n".join(typed) + "\n")  # fmt: skip
    assert "Your pick: show on 2 Bravo (you may change it until picks close)" in out
    assert "Your pick: win on 1 Alpha (you may change it until picks close)" in out
    assert "Bob (marker 2): does your pick stand? (yes, or type another)" in out
    actions = _events(db)
    assert [a["ticket"] for a in actions if a["kind"] == "sealed-pick"] == [
        "1|win|Alpha", "2|show|Bravo", "2|win|Alpha"
    ]  # fmt: skip
    assert sum(a["kind"] == "ready" for a in actions) == 2
    saved = Store(db).load(1)
    assert saved.config["sealed"] and saved.config["confirm"]
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState) and state.points == [3, 3]


def test_the_hot_seat_clears_the_screen_between_sealed_picks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each sealed pick is cleared off the screen, scrollback too, before the keyboard
    passes to the next person (the keeper included) while picks are sealed; a finished
    race's report is not cleared away."""
    import io

    from rich.console import Console

    import homestretch.games.derbycast.terminal.cli as derbycast_cli

    screen = io.StringIO()
    monkeypatch.setattr(derbycast_cli, "console", Console(file=screen, force_terminal=True))
    typed = ["R1", "1 Alpha, 2 Bravo", "", "", "", "win 1", "show 2", "", "1, 2", "3-1", "4-1",
             "yes",
             "R2", "1 Xray, 2 Yankee", "", "", "", "place 2", "win 1", "", "1, 2", "2-1", "5-2",
             "yes"]  # fmt: skip
    cli("derbycast", "play", "--db", str(tmp_path / "g.sqlite"), "--players", "Ann,Bob",
        "--races", "2", "--tie", "dead-heat", "--sealed", input="\n".join(typed) + "\n")  # fmt: skip
    shown = screen.getvalue()
    # Ann -> Bob -> the keeper, in each race: two clears a race
    assert shown.count("\x1b[3J") == 4 and shown.count("\x1b[2J") == 4
    screens = shown.split("\x1b[3J")
    before_results = [s.split("official result")[0] for s in screens]
    for pick in ("Ann (win)", "Bob (show)", "Ann (place)", "Bob (win)"):  # as others see it
        assert not any(pick in s for s in before_results)
    assert "Over to Bob" in screens[1] and "Over to score keeper" in screens[2]
    assert "Race 1: R1 - official result" in screens[2]  # race 1's report stays up


def test_the_keeper_at_the_terminal_runs_a_top_of_the_stretch_race(tmp_path: Path) -> None:
    """As at the desk (R25): the keeper types 'stretch' and chooses a bundled race; a
    name that is not one is asked again. The table's dice run it, picks close with no
    late scratches, and the race call is printed before the result is official."""
    from homestretch.games.derbycast.sources.simulated import desk_race

    typed = ["stretch", "nowhere", "quick", "stretch", "dream-derby", "full", "win 1", "show 2",
             ""]  # fmt: skip
    db = tmp_path / "g.sqlite"
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", "--seed", "4", input="\n".join(typed) + "\n")  # fmt: skip
    assert "no bundled Top of the Stretch race is called 'nowhere'" in out
    assert "dream-derby" in out.split("Which race?")[0]  # the bundled races are listed
    saved = Store(db).load(1)
    (drawn,) = [e.outcome for e in saved.events if e.outcome is not None]
    race = desk_race(drawn[0], "dream-derby", "full")
    said = " ".join(out.split())
    for part in race.call:
        assert " ".join(f"{part['heading']}. {part['words']}".split()) in said
    assert said.index("At the wire.") < said.index("official result")
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState) and state.history[0]["call"] == race.call
    assert [r["finish"] for r in state.history[0]["runners"]] == [
        r.finish for r in race.record.runners
    ]
    assert "Late scratches" not in out


def test_a_late_scratched_pick_is_told_in_the_phones_words(tmp_path: Path) -> None:
    """The terminal tells a marker whose horse is scratched late what its phone says,
    and asks the keeper for final odds by program number, as the desk labels them."""
    typed = [
        "R1", "1 Alpha, 2 Bravo, 3 Charlie", "2-1", "5-2", "8-1", "",  # the card
        "win 1", "place 2",  # Ann, Bob
        "2",  # Bravo scratched late
        "sit out",  # Bob
        "1, 3", "2-1", "yes",  # the result, official
    ]  # fmt: skip
    db = tmp_path / "g.sqlite"
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", input="\n".join(typed) + "\n")  # fmt: skip
    assert "Your pick: place on 2 Bravo, scratched: pick another or sit out" in out
    assert "Final odds of 1 Alpha" in out
    assert "Bob (marker 2): sat out" in out
    assert "Not official yet: this result would score:" in out  # the desk's heading


def test_a_game_stopped_at_the_first_pick_replays_as_in_progress(tmp_path: Path) -> None:
    db = str(tmp_path / "stopped.sqlite")
    args = ["derbycast", "play", "--players", "Ann", "--bots", "1", "--source", "replays"]
    stopped = runner.invoke(app, [*args, "--seed", "4", "--db", db], input="")
    assert stopped.exit_code == 130  # input ended at Ann's pick: saved, no traceback
    shown = cli("replay", "1", "--db", db)
    assert "in progress after 0 races" in shown  # was the board alone, nothing said


def test_the_json_of_a_game_names_its_id_and_status_as_the_other_games_do(
    tmp_path: Path,
) -> None:
    """Across's and Totopoly's replay JSON have ``id`` and ``status``; Derby Cast's had
    ``game_id`` alone (kept: scripts read it)."""
    db = tmp_path / "games.sqlite"
    played = _play_json(db, "--bots", "2", "--source", "replays", "--seed", "3")
    assert played["id"] == played["game_id"] == 1 and played["status"] == "finished"
    shown = json.loads(cli("replay", "1", "--db", str(db), "-f", "json"))
    assert shown["id"] == shown["game_id"] == 1 and shown["status"] == "finished"
    args = ["derbycast", "play", "--players", "Ann", "--bots", "1", "--source", "replays"]
    stopped = runner.invoke(app, [*args, "--seed", "4", "--db", str(db)], input="")
    assert stopped.exit_code == 130
    shown = json.loads(cli("replay", "2", "--db", str(db), "-f", "json"))
    assert shown["id"] == 2 and shown["status"] == "in progress" and shown["winners"] == []


def test_the_keeper_adds_a_missing_morning_line_when_closing_picks(tmp_path: Path) -> None:
    """A card posted with lines for Alpha only: at the close of picks the keeper is told
    which horses have none and how to add one (R28); 'line 2 5-2' posts it, every seat's
    card and the log have it, a slip is said and asked again, and Enter closes picks.
    The final odds the keeper is then asked for default to the new line."""
    db = tmp_path / "g.sqlite"
    typed = [
        "R", "Alpha, Bravo, Charlie", "2-1", "", "", "",  # the card: two lines missing
        "win 1", "place 2",  # Ann, Bob
        "line 2 5/2",  # the close of picks: Bravo's line
        "line 3 nine",  # a slip, asked again
        "line 3 9-2, 1 3-1",  # Charlie's, and Alpha's corrected
        "",  # no late scratches: picks close
        "2, 1, 3", "", "", "yes",  # Bravo won; final odds as the lines (Enter); official
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", input="\n".join(typed) + "\n")  # fmt: skip
    said = " ".join(out.split())
    assert (
        "No morning line for 2 Bravo and 3 Charlie: their odds are not known. To add one "
        "before picks close, type line and the horse and odds, like 'line 2 5-2'." in said
    )
    assert "Race 1: a new morning line for 2 Bravo: 5-2." in said
    assert "No morning line for 3 Charlie: its odds are not known. To add one" in said
    assert "Race 1: new morning lines for 1 Alpha: 3-1 and 3 Charlie: 9-2." in said
    assert said.count("Charlie: cannot read odds 'nine'") == 1  # the slip, said once
    saved = Store(db).load(1)
    lines = [e.action for e in saved.events if e.action and e.action["kind"] == "morning-line"]
    assert lines == [
        {"kind": "morning-line", "horses": ["Bravo"], "odds": ["5-2"]},
        {"kind": "morning-line", "horses": ["Charlie", "Alpha"], "odds": ["9-2", "3-1"]},
    ]
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState)
    runners = {r["horse"]: r["odds"] for r in state.history[0]["runners"]}
    assert runners == {"Alpha": "3-1", "Bravo": "5-2", "Charlie": "9-2"}
    assert state.points == [0, 1]  # Bob's place on Bravo, 1st at 5-2: +1 (Ann's Alpha 2nd)


def test_with_confirm_a_line_added_at_the_close_asks_each_pick_again(tmp_path: Path) -> None:
    """--confirm (R24, R28): the picks stood at odds not known; the keeper adds Bravo's
    line at the close, so each person is asked again, the card showing it, before the
    keeper may close picks."""
    db = tmp_path / "g.sqlite"
    typed = [
        "R", "Alpha, Bravo", "2-1", "", "",  # the card: Bravo has no line
        "win 1", "place 2", "yes", "yes",  # picks, each said to stand
        "line 2 5-2",  # the keeper, closing picks
        "yes", "place 1",  # asked again: Ann's stands, Bob changes his
        "yes",  # Bob's new pick stands
        "",  # picks close
        "1, 2", "", "", "yes",
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", "--confirm", input="\n".join(typed) + "\n")  # fmt: skip
    said = " ".join(out.split())
    assert (
        "Race 1: a new morning line for 2 Bravo: 5-2. Each pick must be said to stand again."
        in said
    )
    after = said.split("Each pick must be said to stand again.")[1]
    assert "Ann (marker 1): does your pick stand?" in after
    assert "Bob (marker 2): does your pick stand?" in after
    state = replay(DerbyCastGame(Store(db).load(1).config), Store(db).load(1).events)
    assert isinstance(state, DerbyCastState)
    assert [p["bet"] + " " + p["horse"] for p in state.history[0]["picks"]] == [
        "win Alpha",
        "place Alpha",
    ]


def test_the_pick_prompt_gives_this_races_horses_as_its_example(tmp_path: Path) -> None:
    """The prompt said 'e.g. win 3 or show Silver Lining' over a card with no Silver
    Lining; a slip in the bet's word is answered with the pick it was likely meant as."""
    args = ["derbycast", "play", "--players", "Ann,Bob", "--source", "simulate", "--seed", "2"]
    out = runner.invoke(
        app,
        [*args, "--races", "1", "--db", str(tmp_path / "d.sqlite")],
        input="shw 3\nshow 3\nwin 1\n",
    )
    assert out.exit_code in (0, 130), out.output  # a tie-break race may want more picks
    said = " ".join(out.output.split())
    assert "Silver Lining" not in said
    assert "Ann (marker 1), your pick (e.g. win 1 or show Tin Soldier)" in said
    assert "did you mean 'show 3'? say win, place or show first" in said


def test_a_whole_morning_line_typed_at_one_horse_is_told_one_at_a_time(
    tmp_path: Path,
) -> None:
    """'5-2, 3-1, 4-1' typed at Alpha's morning line was answered "cannot read odds
    '5-2, 3-1, 4-1'", as if the odds were written wrong: they were only too many."""
    args = ["derbycast", "play", "--players", "Ann,Bob", "--seed", "2", "--races", "1"]
    typed = "My Race\nAlpha, Bravo, Charlie\n5-2, 3-1, 4-1\n5-2, x\n"
    out = runner.invoke(app, [*args, "--db", str(tmp_path / "d.sqlite")], input=typed)
    said = " ".join(out.output.split())
    assert "Alpha: one horse's odds at a time: type this horse's alone, like 5-2" in said, said
    assert "Alpha: cannot read odds '5-2, x'" in said  # not all odds: the plain message


def test_a_field_of_one_horse_is_refused_at_once_and_asked_again_alone(tmp_path: Path) -> None:
    """A field of one horse ('3-1', typed a question late) was taken, its morning line
    and scratches asked, and only then refused, back at the race's name."""
    args = ["derbycast", "play", "--players", "Ann,Bob", "--seed", "2", "--races", "1"]
    typed = "My Race\n3-1\nAlpha, Alpha\nAlpha, Bravo\n"
    out = runner.invoke(app, [*args, "--db", str(tmp_path / "d.sqlite")], input=typed)
    said = " ".join(out.output.split())
    one = "a race needs at least 2 horses: type every horse, commas between"
    assert said.index(one) < said.index("Morning line"), said
    assert "the horse 'Alpha' is listed twice" in said
    assert said.count("Race name") == 1, said  # the field alone was asked again


def test_a_slip_at_does_your_pick_stand_says_yes_or_another_pick(tmp_path: Path) -> None:
    """'maybe' at "does your pick stand? (yes, or type another)" was answered "say win,
    place or show and the horse", leaving out the yes the question asked for."""
    args = ["derbycast", "play", "--players", "Ann,Bob", "--source", "simulate", "--seed", "5"]
    typed = "win 1\nshow 2\nmaybe\nyes\nyes\n"
    out = runner.invoke(
        app, [*args, "--confirm", "--races", "1", "--db", str(tmp_path / "d.sqlite")], input=typed
    )
    said = " ".join(out.output.split())
    assert (
        "cannot read 'maybe': yes if your pick stands, or another pick, like 'win 1' or 'show "
    ) in said, said


def test_the_keeper_adds_a_morning_line_at_a_pick_prompt_while_picks_are_open(
    tmp_path: Path,
) -> None:
    """R28 at the terminal, as at the web desk: while picks are open the keeper types
    'line 2 5-2' at anyone's pick prompt (told how at the first prompt of the race); the
    line is posted as the keeper's, everyone is told, naming who had picked already, and
    without --confirm nobody is asked again: the prompt goes on to its own person."""
    db = tmp_path / "g.sqlite"
    typed = [
        "R", "Alpha, Bravo, Charlie", "2-1", "", "3-1", "",  # the card: Bravo's line missing
        "win 1",  # Ann
        "line 2 nine",  # the keeper at Bob's prompt: a slip, said, Bob asked again
        "line 2 5-2",  # the keeper: Bravo's line
        "place 2",  # Bob
        "",  # the close of picks: no late scratches
        "2, 1, 3", "", "", "yes",  # Bravo won; final odds as the lines; official
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", input="\n".join(typed) + "\n")  # fmt: skip
    said = " ".join(out.split())
    first_prompt = said.index("Ann (marker 1), your pick")
    assert (
        "No morning line for 2 Bravo: its odds are not known. Score keeper: to add one before "
        "picks close, type line and the horse and odds at anyone's pick prompt, like "
        "'line 2 5-2'." in said[:first_prompt]
    )
    assert "Bravo: cannot read odds 'nine'" in said
    assert "Race 1: a new morning line for 2 Bravo: 5-2. Ann picked before it." in said
    assert said.count("Ann (marker 1), your pick") == 1  # told, not asked again
    after = said.split("Ann picked before it.")[1]
    assert "Bob (marker 2), your pick" in after  # Bob's prompt goes on
    saved = Store(db).load(1)
    lines = [(e.player, e.action) for e in saved.events if e.action and e.action["kind"] == "morning-line"]  # fmt: skip
    keeper = DerbyCastGame(saved.config).keeper
    assert lines == [(keeper, {"kind": "morning-line", "horses": ["Bravo"], "odds": ["5-2"]})]
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState)
    assert {r["horse"]: r["odds"] for r in state.history[0]["runners"]}["Bravo"] == "5-2"
    assert state.points == [0, 1]


def test_without_confirm_a_person_who_picked_changes_it_at_anothers_prompt(
    tmp_path: Path,
) -> None:
    """Without --confirm, a person told a new morning line was posted after their pick is
    told how to change it ('Ann: win 2' at anyone's prompt, as Across reads a dealing out
    of turn), and can, while picks are open: the change is Ann's pick, the prompt goes on
    to its own person; slips (a name not here, a pick not picked yet) are said."""
    db = tmp_path / "g.sqlite"
    typed = [
        "R", "Alpha, Bravo, Charlie", "2-1", "", "3-1", "",  # the card: Bravo's line missing
        "win 1",  # Ann
        "line 2 5-2",  # the keeper at Bob's prompt
        "Zed: win 2",  # nobody here: said, Bob asked again
        "Cy: win 2",  # Cy has not picked yet: said
        "Ann: show 2",  # Ann changes her pick at Bob's prompt
        "place 2",  # Bob
        "Cy: win 3",  # Cy, at his own prompt, naming himself
        "",  # the close of picks: no late scratches
        "2, 1, 3", "", "", "", "yes",  # Bravo won; final odds as the lines; official
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob,Cy", "--races", "1",
              "--tie", "dead-heat", input="\n".join(typed) + "\n")  # fmt: skip
    said = " ".join(out.split())
    told = said.index("Ann picked before it.")
    assert (
        "To change a pick before picks close, Ann may type their name and the new pick at "
        "anyone's prompt, like 'Ann: win 1'." in said[told:]
    )
    assert "'Zed' is not a person at this keyboard (Ann, Bob, Cy)" in said
    assert "Cy has not picked yet: Cy picks at their own prompt" in said
    assert said.count("Ann (marker 1), your pick") == 1  # changed at Bob's prompt
    saved = Store(db).load(1)
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState)
    picks = {p["marker"]: (p["bet"], p["horse"]) for p in state.history[0]["picks"]}
    assert picks == {1: ("show", "Bravo"), 2: ("place", "Bravo"), 3: ("win", "Charlie")}


def test_a_changed_pick_is_taken_at_the_keepers_close_of_picks_too(tmp_path: Path) -> None:
    """The last prompt before picks close is the keeper's: 'Ann: show 2' there is Ann's
    changed pick, and the keeper is asked the late scratches again."""
    db = tmp_path / "g.sqlite"
    typed = [
        "R", "Alpha, Bravo", "2-1", "", "",  # Bravo's line missing; no scratches
        "win 1",  # Ann
        "line 2 5-2",  # the keeper at Bob's prompt
        "place 2",  # Bob
        "Ann: show 2",  # Ann, at the keeper's close of picks
        "",  # picks close: no late scratches
        "2, 1", "", "", "yes",
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", input="\n".join(typed) + "\n")  # fmt: skip
    said = " ".join(out.split())
    assert said.count("Late scratches") == 2
    saved = Store(db).load(1)
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState)
    picks = {p["marker"]: (p["bet"], p["horse"]) for p in state.history[0]["picks"]}
    assert picks == {1: ("show", "Bravo"), 2: ("place", "Bravo")}


def test_with_confirm_a_line_added_while_picking_is_in_everyones_confirmation(
    tmp_path: Path,
) -> None:
    """--confirm: a line the keeper adds at Bob's pick prompt is on the card everyone is
    then asked to confirm their pick against; a line at a confirmation asks each again."""
    db = tmp_path / "g.sqlite"
    typed = [
        "R", "Alpha, Bravo", "2-1", "", "",  # Bravo's line missing; no scratches
        "win 1",  # Ann
        "line 2 5-2",  # the keeper, at Bob's prompt
        "place 2",  # Bob
        "yes",  # Ann's stands
        "line 2 3-1",  # the keeper corrects it at Bob's confirmation: both asked again
        "yes", "yes",
        "",  # picks close
        "1, 2", "", "", "yes",
    ]  # fmt: skip
    out = cli("derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1",
              "--tie", "dead-heat", "--confirm", input="\n".join(typed) + "\n")  # fmt: skip
    said = " ".join(out.split())
    assert "Race 1: a new morning line for 2 Bravo: 5-2. Ann picked before it." in said
    again = "Race 1: a new morning line for 2 Bravo: 3-1. Each pick must be said to stand again."
    assert again in said
    after = said.split(again)[1]
    assert "Ann (marker 1): does your pick stand?" in after
    assert "Bob (marker 2): does your pick stand?" in after


def test_two_at_one_keyboard_the_end_says_with_which_picks_the_winner_won(
    tmp_path: Path,
) -> None:
    """Ann and Bob over the Saturday card: Bob passes 20 with a 25-1 winner in race 4
    while Ann, placed on it, stops on 20. The end said who won and by how much, not with
    what: it names the winner's scoring picks, and replay says it again. The board draws
    Ann short of the Official Finish (her track drew full, as Bob's did)."""
    db = tmp_path / "games.sqlite"
    picks = "win 2\nplace 4\nshow 1\nwin 2\nwin 1\nwin 2\nwin 2\nplace 2\n"
    args = ["--db", str(db), "--players", "Ann,Bob", "--source", str(SAMPLE), "--seed", "1"]
    out = " ".join(cli("derbycast", "play", *args, input=picks).split())
    assert "Official Winner: Bob (marker 2) reached the Official Finish after 4 races." in out
    assert "Bob finished 8 points ahead of Ann (20 points)." in out
    why = (
        "Bob scored in race 3 (win on 2 Quiet Echo, 1st at 3-1: +3) and race 4 (win on 2 "
        "Golden Marble, 1st at 25-1: +25)."
    )
    assert why in out
    assert "#" * 20 + "|# │ OFFICIAL FINISH" in out and "#" * 20 + "| │" in out
    assert why in " ".join(cli("replay", "1", "--db", str(db)).split())


def test_a_dead_heat_is_said_on_the_result_and_enter_alone_asks_for_the_pick(
    tmp_path: Path,
) -> None:
    """Race 3 of the Saturday card is a dead heat for 1st: the result showed '1st' twice,
    as a slip would. And Enter alone at a pick prompt said "cannot read ''"."""
    db = tmp_path / "games.sqlite"
    picks = "\nwin 1\nshow 3\nwin 2\nwin 1\nwin 2\nwin 1\n"
    args = ["--db", str(db), "--players", "Ann,Bob", "--source", str(SAMPLE), "--races", "3"]
    out = " ".join(cli("derbycast", "play", *args, input=picks).split())
    assert "cannot read ''" not in out
    assert "type your pick: win, place or show and the horse, like 'win 1' or" in out
    assert "│ 1st (dead heat) │ 1 │ Crimson Banner │" in out
    assert "│ 1st (dead heat) │ 2 │ Quiet Echo │" in out
    from homestretch.games.derbycast.rules.words import report_words

    saved = Store(db).load(1)
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState)
    assert report_words(state.history[2])["finish"][:2] == [
        "1st (dead heat): 1 Crimson Banner (3-1)",
        "1st (dead heat): 2 Quiet Echo (3-1)",
    ]
    assert report_words(state.history[0])["finish"][0] == "1st: 1 Silver Lining (5-2)"


def test_a_person_over_simulated_races_sees_each_race_called_before_its_result(
    tmp_path: Path,
) -> None:
    """Over --source simulate only the result was shown: the race Top of the Stretch ran
    was never seen, nor why it was won. Each is called, as the keeper's own Top of the
    Stretch race is (R25), before its result; in Fullplay too."""
    from homestretch.games.stretch.api import simulated_run

    db = tmp_path / "games.sqlite"
    for mode in ("quick", "full"):
        args = ["--db", str(db), "--players", "Ann", "--bots", "1", "--source", "simulate"]
        args += ["--races", "2", "--seed", "5", "--mode", mode, "--tie", "dead-heat"]
        out = cli("derbycast", "play", *args, input="win 1\nwin 1\n")
        said = " ".join(out.split())
        for number in (1, 2):
            call = simulated_run(4 + number, mode=mode).call  # race N runs on seed 5 + N - 1
            wire = "At the wire. " + next(p["words"] for p in call if p["heading"] == "At the wire")
            at = said.index(" ".join(wire.split()))
            assert at < said.rindex(f"Race {number}: ")  # the result's title comes after
        assert "Why it was won." in said


def test_every_horse_scratched_asks_the_scratches_again(tmp_path: Path) -> None:
    """The keeper who scratched the whole field was told "at least one horse must start"
    and asked the race from its name again, everything typed thrown away; a scratched
    horse with no morning line was reported as one whose odds are not known."""
    typed = "Race A\nAlpha, Bravo, Charlie\n5-2\n3-1\n\n2, 1, 3\n3\n"
    done = runner.invoke(
        app,
        ["derbycast", "play", "--players", "Ann", "--bots", "1", "--races", "1"]
        + ["--seed", "1", "--db", str(tmp_path / "d.sqlite")],
        input=typed,
    )
    said = " ".join(done.stdout.split())
    assert "at least one horse must start: type the scratched horses only" in said
    assert said.count("Race name") == 1 and "Charlie scratched" in said
    assert "No morning line for 3 Charlie" not in said


def test_at_a_terminal_a_race_s_call_and_result_wait_for_enter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A simulated race's call, its result, the points and the board (some 50 rows) ran on
    under the next race's card: at 80 x 24 a family saw the card, never who won. At a
    terminal the call waits for Enter before the result, the result before the next
    race, the last race's before the end (who won and the board, in 24 rows of their
    own); nothing waits in a pipe."""
    from homestretch.games.derbycast.terminal import cli as derbycast_cli

    waited: list[str] = []

    def asked(question: str, **options: Any) -> str:
        if question.startswith("Enter: "):
            waited.append(question)
            return ""
        return real_prompt(question, **options)

    real_prompt = derbycast_cli.prompt
    monkeypatch.setattr(derbycast_cli, "read_at_a_terminal", lambda screen: True)
    monkeypatch.setattr(derbycast_cli, "prompt", asked)
    db = str(tmp_path / "g.sqlite")
    command = ["derbycast", "play", "--players", "Ann", "--bots", "1", "--source", "simulate"]
    command += ["--tie", "dead-heat"]  # two races and no more
    done = CliRunner().invoke(
        app, [*command, "--races", "2", "--seed", "4", "--db", db], input="win 1\nwin 1\n"
    )
    assert done.exit_code == 0, done.output
    assert waited == [
        "Enter: the official result",
        "Enter: race 2 (m: each pick in words, what each needs; log: all so far)",
        "Enter: the official result",
        "Enter: who won",
    ]
