"""The rulebook's Fullplay example, the 2009 Champagne Stakes, worked with scripted dice.

Through Race Position the rolls reproduce the rulebook's scoresheet (pages 17-23): the
break, the pace setup, a Fast pace from 44 points and a die of 4, Super Saver's final
APR of 18. The stretch is our continuation, worked by hand below.
"""

from __future__ import annotations

import json
from pathlib import Path

from homestretch.core.chance import ScriptedDice
from homestretch.core.referee import play
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState

ODDS = [4, 1, 2, 3, 5, 2, 3, 1, 1, 2, 6, 5]  # Fav 8-5, C 18-1, B 14-1, A 7-2, A 5-2, A 6-1
BREAK = [1, 3, 1, 2, 3, 3, 5, 6, 4, 5, 3, 4]  # totals 4, 3, 6, 11, 9, 7
SETUP = [2, 3, 4, 6, 2, 2, 4, 6, 1, 3, 1, 1]  # totals 5, 10, 4, 10, 4, 2
RACE_PACE = [4]
POSITION = [2, 4, 5, 5, 1, 3, 3, 4, 4, 3, 1, 1]  # totals 6, 10, 4, 7, 7, 2
FACTORS = [3, 2]  # red 3: Speed; white 2: Ride too
SPEED = [3, 4, 4, 5, 3, 3, 4, 5, 2, 4, 6, 6]  # totals 7, 9, 6, 9, 6, 12
PHOTO = [4, 5, 4, 4]  # Overlap and Discreetly Mine tie on 86: 8 + 6 + 1 beats 9 + 4 + 0


def run() -> RaceState:
    game = RaceGame(load_race("2009-champagne-stakes"), "full")
    dice = ScriptedDice(ODDS + BREAK + SETUP + RACE_PACE + POSITION + FACTORS + SPEED + PHOTO)
    state = play(game.new_initial_state(), dice, {})
    assert isinstance(state, RaceState) and dice.remaining == 0
    return state


def column(state: RaceState, key: str) -> list[object]:
    return [entry[key] for entry in state.result()["entries"]]


def test_race_points_match_the_rulebook_scoresheet() -> None:
    points = column(run(), "race_points")
    # Super Saver, Overlap, Aspire, Discreetly Mine, Dublin, Homeboykris
    assert [p[0] for p in points] == [20, 15, 17, 23, 19, 16]  # page 17
    assert [p[1] for p in points] == [20, 16, 16, 24, 18, 14]  # page 18
    assert [p[2] for p in points] == [19, 18, 15, 24, 18, 12]  # page 23


def test_pace_is_fast_and_its_effects_follow_race_points() -> None:
    state = run()
    assert state.pace_total == 44 and state.pace == "fast"
    # page 19: Super Saver's 20 points read 0 and Overlap's 16 read +1 on a fast pace;
    # Discreetly Mine's 24 read -3 on our chart (ruling S18: 22 and up)
    assert column(state, "pace_adj") == [0, 1, 1, -3, 0, 1]


def test_form_and_final_apr_super_saver_18() -> None:
    state = run()
    assert column(state, "form_adj") == [-1, 1, -1, 0, 0, -2]
    assert column(state, "final_apr") == [18, 16, 16, 15, 18, 16]
    # all within 3 of the best: nobody drops back turning for home (ruling S30)
    assert column(state, "drop_back") == [0] * 6
    assert column(state, "trouble") == [[]] * 6  # "None of our horses required ... Trouble"


def test_stretch_worked_by_hand() -> None:
    state = run()
    data = state.result()
    assert data["race_factor"] == "speed" and data["ride_applies"] is True
    # Speed rating + Ride: Super Saver 1+1, Discreetly Mine 1+1, Dublin 0+1
    assert column(state, "factor_adj") == [2, 0, 0, 2, 1, 0]
    # chart 50 + 2 x APR + roll offset (7: 0, 9: +4, 6: -2, 12: +12), then factor
    assert column(state, "final_speed") == [88, 86, 80, 86, 85, 94]
    # Overlap and Discreetly Mine tie on 86: 9 + Wire 4 + Ride 0 against 8 + 6 + 1
    assert column(state, "photo_total") == [None, 13, None, 15, None, None]
    assert column(state, "finish") == [2, 4, 6, 3, 5, 1]
    assert column(state, "odds") == ["8-5", "18-1", "14-1", "7-2", "5-2", "6-1"]
    winner = data["entries"][5]["payoffs"]
    assert winner == {"win": 14.0, "place": 8.0, "show": 5.0}
    assert data["entries"][0]["payoffs"] == {"win": None, "place": 3.6, "show": 2.8}
    assert data["entries"][3]["payoffs"] == {"win": None, "place": None, "show": 3.75}
    # a mile at figure 100 is 1:35.84 and each point 0.14 s: 94 runs 1:36.68
    assert data["final_time"] == "1:36.68"
    # 6 points x 0.14 s / 0.2 s = 4.2 lengths, and half a point more (0.35 lengths) from
    # the red dice of the two speed rolls: Homeboykris 6 at the top of his point, Super
    # Saver 3 (ruling S11); Discreetly Mine 8 points (5.6) and a third more (red 4, 0.23);
    # Overlap loses the photo by 2, a nose
    assert data["entries"][0]["beaten_lengths"] == 4.55
    assert data["entries"][3]["beaten_lengths"] == 5.83
    assert data["entries"][1]["beaten_lengths"] == 5.88


def test_race_call_describes_each_segment_in_lengths() -> None:
    from homestretch.games.stretch.rules.report import race_call

    calls = dict(race_call(run()))
    assert calls["At the break"].startswith(
        "Discreetly Mine shows the way by 1 1/2 lengths from Super Saver"
    )
    assert "a half-length back to Dublin;" in calls["At the break"]
    # page 19's reading, added up as the page adds it: the two leaders' race points, the die
    assert calls["Turning for home"].startswith(
        "The pace is fast (Discreetly Mine and Super Saver led down the backstretch on "
        "24 + 20 = 44 race points, die 4)."
    )
    assert "shows the way by 2 1/2 lengths from Super Saver" in calls["Turning for home"]
    assert "6 lengths covers the field" in calls["Turning for home"]
    assert calls["At the wire"].startswith("Homeboykris hits the wire first")


def test_dice_typed_in_at_the_table_and_from_a_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from homestretch.cli.main import app

    faces = ODDS + BREAK + SETUP + RACE_PACE + POSITION + FACTORS + SPEED + PHOTO
    rolls, index = [], 0
    for count in [2] * 18 + [1] + [2] * 15:
        rolls.append(" ".join(str(f) for f in faces[index : index + count]))
        index += count
    typed = CliRunner().invoke(
        app,
        [
            "stretch",
            "run",
            "2009-champagne-stakes",
            "--mode",
            "full",
            "--dice",
            "ask",
            "--no-save",
            "-f",
            "json",
        ],
        input="9 9\n" + "\n".join(rolls) + "\n",
    )
    assert typed.exit_code == 0, typed.output
    assert "Break roll for Super Saver" in typed.output
    assert "item 1 is '9'" in typed.output  # a bad roll is asked again, not fatal
    dice_file = tmp_path / "dice.txt"
    dice_file.write_text("# the Champagne Stakes\n" + "\n".join(rolls) + "\n")
    result = CliRunner().invoke(
        app,
        [
            "stretch",
            "run",
            "2009-champagne-stakes",
            "--mode",
            "full",
            "--dice-file",
            str(dice_file),
            "--no-save",
            "-f",
            "json",
        ],
    )
    scripted = json.loads(result.stdout)
    assert scripted["dice"] == faces
    assert [e["finish"] for e in scripted["entries"]] == [2, 4, 6, 3, 5, 1]


def test_the_call_follows_the_race_as_the_dice_are_typed() -> None:
    from typer.testing import CliRunner

    from homestretch.cli.main import app

    faces = ODDS + BREAK + SETUP + RACE_PACE + POSITION + FACTORS + SPEED + PHOTO
    typed = CliRunner().invoke(
        app,
        ["stretch", "run", "2009-champagne-stakes", "--mode", "full", "--dice", "ask", "--no-save"],
        input="".join(f"{f}\n" for f in faces),
    )
    assert typed.exit_code == 0, typed.output
    out = typed.output
    # each part is called as soon as its rolls are in, before the next part's rolls
    assert out.index("At the break.") < out.index("Pace Setup roll for Super Saver")
    assert out.index("Down the backstretch.") < out.index("Race Pace die")
    assert out.index("Turning for home.") < out.index("Race Factors roll")
    assert out.index("At the wire.") < out.index("Scoresheet")


def test_a_horse_that_goes_out_was_in_the_race_until_then() -> None:
    """Discreetly Mine leads at the break and goes out in the Race Position segment (a 3,
    then a 2 on the Trouble chart): the earlier calls and the running lines keep her, the
    call turning for home does not, and the leader is measured among horses still running."""
    from homestretch.games.stretch.rules.report import race_call, running_at

    position = [2, 4, 5, 5, 1, 3, 1, 2, 1, 1, 4, 3, 1, 1]  # DM: 3, then Trouble 2
    speed = [3, 4, 4, 5, 3, 3, 2, 4, 6, 6]
    game = RaceGame(load_race("2009-champagne-stakes"), "full")
    dice = ScriptedDice(ODDS + BREAK + SETUP + RACE_PACE + position + FACTORS + speed + [1] * 8)
    state = play(game.new_initial_state(), dice, {})
    assert isinstance(state, RaceState)
    mine = next(ln for ln in state.lines if ln.name == "Discreetly Mine")
    assert mine.out and running_at(mine, 0) and not running_at(mine, 2)
    calls = dict(race_call(state))
    assert calls["At the break"].startswith("Discreetly Mine shows the way")
    assert "Discreetly Mine" in calls["Down the backstretch"]
    # she set the pace down the backstretch and is named for it; not in the running order
    pace, running = calls["Turning for home"].split("). ", 1)
    assert "Discreetly Mine and Super Saver led down the backstretch" in pace
    assert "Discreetly Mine" not in running
