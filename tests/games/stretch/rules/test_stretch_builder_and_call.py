"""The race builder's rules (one furlong range, one jockey per horse, names that print)
and the call at the wire with dead heats, worked with scripted dice."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_set import FURLONGS, STANDARD, load_chart_set
from homestretch.games.stretch.content.race import RaceSpec, build_race
from homestretch.games.stretch.rules.report import official_words, race_call

RUNNER = CliRunner()


def _spec(**changes: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "name": "Builder",
        "furlongs": 8,
        "entries": [
            {"horse": "secretariat-1973", "jockey": "turcotte"},
            {"horse": "citation-1948", "jockey": "arcaro"},
        ],
    }
    spec.update(changes)
    return spec


@pytest.mark.parametrize("furlongs", [4, 4.4, 16.5, 20, float("nan")])
def test_a_race_file_keeps_to_the_final_time_charts_distances(furlongs: float) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="furlongs"):
        RaceSpec.model_validate(_spec(furlongs=furlongs))


@pytest.mark.parametrize("furlongs", FURLONGS)
def test_every_distance_a_race_file_takes_has_a_final_time(furlongs: float) -> None:
    race = build_race(RaceSpec.model_validate(_spec(furlongs=furlongs)), load_card_set())
    assert load_chart_set().final_time(race.furlongs).par_seconds > 0


def test_a_chart_set_whose_final_time_chart_is_short_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "charts"
    shutil.copytree(STANDARD, folder)
    path = folder / "final_time.csv"
    rows = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(r for r in rows if not r.startswith("16,")) + "\n")
    with pytest.raises(ContentError, match="cover every race distance, 4.5 to 16"):
        load_chart_set(folder)


def test_a_jockey_rides_one_horse_but_house_riders_may_ride_several() -> None:
    cards = load_card_set()
    twice = _spec(
        entries=[
            {"horse": "secretariat-1973", "jockey": "arcaro"},
            {"horse": "citation-1948", "jockey": "Eddie Arcaro"},
        ]
    )
    with pytest.raises(HomestretchError, match="entry 2: Eddie Arcaro already rides entry 1"):
        build_race(RaceSpec.model_validate(twice), cards)
    inline = {"name": "A. Rider", "ride": 0, "trouble": 7}
    with pytest.raises(HomestretchError, match="already rides entry 1"):
        build_race(
            RaceSpec.model_validate(
                _spec(
                    entries=[
                        {"horse": "secretariat-1973", "jockey": inline},
                        {"horse": "citation-1948", "jockey": inline},
                    ]
                )
            ),
            cards,
        )
    house = _spec(
        entries=[
            {"horse": "secretariat-1973", "jockey": "house-a"},
            {"horse": "citation-1948", "jockey": "house-a"},
        ]
    )
    assert len(build_race(RaceSpec.model_validate(house), cards).runners) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--name", ""], "--name: must not be blank"),
        (["--name", "  "], "--name: must not be blank"),
        (["--name", "Bell\x07Stakes"], "--name: the text holds a control character ('\\x07')"),
        (["--track", "Tab\tPark"], "--track: the control character '\\t' is not allowed"),
        (["-e", "secretariat-1973@house-a"], "entry 3: secretariat-1973 is already entry 1"),
        (["-e", "affirmed-1978@turcotte"], "entry 3: Ron Turcotte already rides entry 1"),
        (["--furlongs", "4"], "--furlongs: 4 is out of range (4.5 to 16)"),
        (["--furlongs", "18"], "--furlongs: 18 is out of range (4.5 to 16)"),
        (["--surface", "sand"], "--surface: 'sand' is not one of dirt, turf, synthetic"),
    ],
)
def test_new_refuses_what_run_would_refuse(tmp_path: Path, args: list[str], message: str) -> None:
    output = tmp_path / "race.toml"
    base = ["-e", "secretariat-1973@turcotte", "-e", "citation-1948@arcaro"]
    assert message in refused(tmp_path, "stretch", "new", str(output), *base, *args)
    assert not output.exists()


def _scripted_race_file(tmp_path: Path) -> Path:
    path = tmp_path / "two.toml"
    path.write_text(
        """name = "Two"
furlongs = 6
[[entries]]
horse = "secretariat-1973"
jockey = "turcotte"
odds = "1-1"
[[entries]]
horse = "citation-1948"
jockey = "arcaro"
odds = "2-1"
""",
        encoding="utf-8",
    )
    return path


def test_scripted_dice_left_over_are_reported(tmp_path: Path) -> None:
    # pace 7; form 7 and 7; factors 5, 4; speed 12 and 2; then three faces too many
    faces = "3 4 3 4 3 4 5 4 6 6 1 1 2 5 6"
    result = RUNNER.invoke(
        app,
        ["stretch", "run", str(_scripted_race_file(tmp_path)), "--dice", faces, "--no-save"]
        + ["-f", "json"],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["unused_dice"] == [2, 5, 6]
    assert "3 scripted dice left over" in result.stderr and "2 5 6" in result.stderr
    exact = RUNNER.invoke(
        app,
        ["stretch", "run", str(_scripted_race_file(tmp_path)), "--dice", faces[:-6]]
        + ["--no-save", "-f", "json"],
    )
    assert json.loads(exact.stdout)["unused_dice"] == []
    assert "left over" not in exact.stderr


def _even(name: str, jockey: str, apr: int) -> dict[str, Any]:
    horse = {"name": name, "range_low": 6, "range_high": 10, "power_dirt": 20, "pace": 5}
    return {
        "horse": {**horse, "form": "C", "wire": 5},
        "jockey": {"name": jockey, "ride": 0, "trouble": 7},
        "apr": apr,
        "odds": "2-1",
    }


def _heat_race(first_apr: int) -> dict[str, Any]:
    return {
        "name": "Dead Heat",
        "furlongs": 8,
        "entries": [
            _even("Alpha", "Rider A", first_apr),
            _even("Bravo", "Rider B", 20),
            _even("Charlie", "Rider C", 20),
        ],
    }


# fmt: off
PACE = [3, 4]  # top two Pace 5 + 5 = 10, roll 7: normal
FACTORS_SPEED = [5, 4, 3, 4, 3, 4, 3, 4]  # Trip (all rated 0), no Ride; every figure 90
PHOTO = [3, 4, 3, 4, 1, 1]  # 7 + Wire 5 = 12, 12, and 2 + 5 = 7
# fmt: on


def test_a_dead_heat_is_called_once_and_the_same_way_throughout(scripted: Any) -> None:
    faces = PACE + [3, 4, 3, 4, 3, 4] + FACTORS_SPEED + PHOTO
    state = scripted(_heat_race(20), "quick", faces)
    assert [ln.finish for ln in state.lines] == [1, 1, 3]
    wire = dict(race_call(state))["At the wire"]
    assert wire.startswith(
        "Alpha and Bravo hit the wire together, then Charlie by a neck in a photo."
    )
    assert "hits the wire first" not in wire
    # each total added up as the photo adds it (two dice, Wire, Ride): the reason it won
    assert (
        "The photo, all on a speed figure of 90, goes by two dice, the Wire rating and the "
        "rider: Alpha 7 + 5 = 12, Bravo 7 + 5 = 12, Charlie 2 + 5 = 7." in wire
    )
    assert "Dead heat for 1st: Alpha and Bravo." in wire


def test_a_dead_heat_broken_by_a_disqualification_says_so(scripted: Any) -> None:
    # Alpha rolls a 3 on the Form chart (C: -2, t), then a 10 on the Trouble chart: she
    # will be disqualified; her preset APR 22 less 2 is the others' 20, so all three run 90
    faces = PACE + [1, 2, 4, 6, 3, 4, 3, 4] + FACTORS_SPEED + PHOTO + [1]
    state = scripted(_heat_race(22), "quick", faces)
    assert [ln.finish for ln in state.lines] == [3, 1, 2]
    assert [g for g in state.finish.order] == [[1], [2], [0]]
    wire = dict(race_call(state))["At the wire"]
    assert wire.startswith("Alpha and Bravo hit the wire together")
    assert "The stewards break the dead heat between Alpha and Bravo: Bravo has 1st." in wire
    # where she crossed, so a fan sees what the stewards took away
    assert "The stewards disqualify Alpha, 1st past the wire (die 1): placed 3rd." in wire
    assert "Dead heat for" not in wire
    # the official order and the time are posted once, after the call, not at the wire
    assert "Official" not in wire and "The time" not in wire
    assert official_words(state).startswith("1st #2 Bravo; 2nd #3 Charlie; 3rd #1 Alpha.")


def test_the_call_says_whom_the_race_factor_and_form_favour(scripted: Any) -> None:
    race = _heat_race(20)
    race["entries"][0]["horse"]["trip"] = 2
    race["entries"][2]["horse"]["trip"] = -1
    # Form: Alpha 7 (0), Bravo 11 (+2), Charlie 4 (-1)
    faces = PACE + [3, 4, 5, 6, 1, 3] + [5, 4, 3, 4, 3, 4, 3, 4]
    calls = dict(race_call(scripted(race, "quick", faces)))
    assert calls["Today's form"] == (
        "Form lifts Bravo to 22 (+2); drops Charlie to 19 (-1). Bravo has the best rating, 22."
    )
    assert calls["Down the stretch"] == (
        "It comes down to trip. It favours Alpha (+2); it finds out Charlie (-1)."
    )


def test_the_call_says_why_the_winner_won_and_the_favourite_lost() -> None:
    """Dream Derby, seed 5, Quickplay: Native Dancer (25, a point below Secretariat)
    wins on class and the rider and a Final Speed roll of 10; the favourite Secretariat
    lost a point to a form roll of 3 and ran 5th. The call says so in words."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.rules.report import WHY, race_call

    state = play(RaceGame(load_race("dream-derby"), "quick").new_initial_state(), SeededDice(5), {})
    assert isinstance(state, RaceState)
    call = race_call(state)
    assert call[-1][0] == WHY
    assert call[-1][1] == (
        "Native Dancer: started on a rating of 25, 1 below Secretariat's 26; ran the stretch "
        "on 25 (joint best); class and the rider +3; a Final Speed roll of 10 "
        "(1 rolled higher; 7 is the average). The favourite, Secretariat (5-1), ran 5th: "
        "trouble and form cost him 1; a Final Speed roll of 8 to the winner's 10."
    )
    # nine horses level on the best Final APR are counted, not listed
    assert dict(call)["Today's form"].endswith(" 9 horses share the best rating, 25.")


def test_the_quickplay_pace_says_who_goes_for_the_lead() -> None:
    """Page 10 reads the two highest Pace ratings: the call names the speed horses and
    the chart's reading, so a fan sees why the pace came out as it did."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.rules.report import race_call

    game = RaceGame(load_race("claiming-route-big-field"), "quick")
    state = play(game.new_initial_state(), SeededDice(2), {})
    assert isinstance(state, RaceState)
    assert dict(race_call(state))["The pace"].startswith(
        "Back Alley (Pace 9) and Rusty Nail (Pace 8) go for the lead (9 + 8 = 17 on the Pace "
        "Scenario chart, dice 8), and the pace is fast. It sets up for Last Call, Dog Eared and Bargain Bin."
    )


def test_horses_level_in_the_running_are_called_together() -> None:
    """Dream Derby, seed 5, Fullplay: four horses half a length behind the leader at the
    break were called one by one, each 'alongside'; a caller names them in a line."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.rules.report import race_call

    state = play(RaceGame(load_race("dream-derby"), "full").new_initial_state(), SeededDice(5), {})
    assert isinstance(state, RaceState)
    calls = dict(race_call(state))
    assert calls["At the break"].startswith(
        "Affirmed shows the way by a half-length from Secretariat, Seattle Slew, War Admiral and "
        "American Pharoah in a line; then a half-length at a time: Sunday Silence and Justify "
        "side by side, then Citation and Easy Goer side by side, then Count Fleet and Curlin "
        "side by side; then Alydar and Native Dancer side by side, 2 lengths away;"
    )
    assert calls["Turning for home"].startswith(  # War Admiral, rated 9th, a length back (S31)
        "The pace is normal (Affirmed and War Admiral led down the backstretch on 21 + 21 = 42 "
        "race points). Affirmed, Easy Goer and American Pharoah line up for the lead;"
    )
    assert not any("alongside" in words for words in calls.values())


def test_the_running_order_is_called_as_a_caller_says_it_not_one_gap_a_line() -> None:
    """The call said "1/2 length further back" down the whole field: the gaps are said as a
    caller says them, the words varied, and a string of horses the same gap apart once;
    each horse still stands where its race points put it (one point, half a length)."""
    from types import SimpleNamespace

    from homestretch.games.stretch.rules.report import running_order_call

    def field(points: list[int]) -> list[Any]:
        return [
            SimpleNamespace(name=name, post=n, race_points=[p], out=False)
            for n, (name, p) in enumerate(zip("ABCDEFGHIJ", points, strict=False), start=1)
        ]

    said = running_order_call(field([20, 18, 17, 16, 15, 13, 12, 12, 8]), 0)
    assert said == (
        "A shows the way by a length from B; then C, D and E, each a half-length behind the "
        "one before; then F, a length away; G and H side by side, a half-length further "
        "back; 2 lengths back to I; 6 lengths covers the field."
    )
    assert "further back" not in running_order_call(field([20, 19, 17, 16]), 0)
    assert running_order_call(field([20, 20, 19, 18]), 0) == (
        "A and B go head to head for the lead; a half-length back to C and as much again "
        "to D; a length covers the field."
    )
    assert running_order_call(field([20, 19, 19, 18, 18]), 0) == (
        "A shows the way by a half-length from B and C side by side; a half-length back to "
        "D and E side by side; a length covers the field."
    )


def test_a_pace_that_costs_most_of_the_field_names_the_few_it_does_not() -> None:
    """A fast pace "cost" nine runners of ten, each named: most of a field is said by
    those it leaves out."""
    from homestretch.games.stretch.rules.report import _most

    ten = [f"H{n}" for n in range(10)]
    assert _most(ten[1:], ten) == "every horse but H0"
    assert _most(ten[2:], ten) == "all but H0 and H1"
    assert _most(ten[3:], ten) == ", ".join(ten[3:9]) + " and H9"
    assert _most(ten[:3], ten) == "H0, H1 and H2"
    assert _most(ten[:3], ten[:3]) == "H0, H1 and H2"  # three names are said
    assert _most(ten[:4], ten[:4]) == "every horse in the race"


def test_a_race_factor_nobody_is_rated_for_favours_nobody(scripted: Any) -> None:
    """The call said "It favours Alpha (+0), Bravo (+0)" when the best rating was +0."""
    race = _heat_race(20)
    race["entries"][2]["horse"]["trip"] = -1
    faces = PACE + [3, 4, 5, 6, 1, 3] + [5, 4, 3, 4, 3, 4, 3, 4]
    calls = dict(race_call(scripted(race, "quick", faces)))
    assert calls["Down the stretch"] == (
        "It comes down to trip. It favours nobody and finds out Charlie (-1)."
    )


def test_why_it_was_won_says_what_the_going_took_and_the_stretch_run_starts_with_the_winner() -> (
    None
):
    """The muddy Iron Horse Handicap, seed 4, Fullplay: Harbor Light, no Wet rating, won
    from 2 points below the top after the mud cost it 2: the call said nothing of the
    going. The stretch run named the closers in their order turning for home, not by
    where they finished (Sea-Bird's win in the Arc came after John Henry's second)."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    def run(race: str, seed: int) -> dict[str, str]:
        state = play(RaceGame(load_race(race), "full").new_initial_state(), SeededDice(seed), {})
        assert isinstance(state, RaceState)
        return dict(race_call(state))

    why = run("stakes-handicap-muddy", 4)["Why it was won"]
    assert why.startswith(
        "Harbor Light: started on a rating of 20, 2 below Gold Bastion and Iron Ledger's 22 "
        "(the muddy track cost him 2, no Wet rating);"
    )
    assert run("dream-arc", 2)["The stretch run"].startswith(
        "Sea-Bird, 8th turning for home, closes to win; John Henry, 7th"
    )


def test_the_wire_is_called_for_the_first_three_not_a_dead_heat_for_fifth() -> None:
    """Dream Derby, seed 2, Quickplay: the call named the first three, then "Dead heat
    for 5th: Affirmed and Sunday Silence", horses it never called (the chart shows it)."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    state = play(RaceGame(load_race("dream-derby"), "quick").new_initial_state(), SeededDice(2), {})
    assert isinstance(state, RaceState)
    assert sorted(ln.finish for ln in state.lines if ln.name in ("Affirmed", "Sunday Silence")) == [
        5,
        5,
    ]
    wire = dict(race_call(state))["At the wire"]
    assert wire.startswith(
        "Secretariat hits the wire first, then War Admiral by three-quarters of a length"
    )
    assert "Dead heat" not in wire and "Affirmed" not in wire


def test_the_dream_sprint_pace_costs_every_other_horse() -> None:
    """The Sprint of the Century, seed 0, Quickplay: the fast pace set up for Midnight Lute
    and the call then named the nine others it cost, one by one."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    game = RaceGame(load_race("dream-sprint"), "quick")
    state = play(game.new_initial_state(), SeededDice(0), {})
    assert isinstance(state, RaceState)
    assert dict(race_call(state))["The pace"].endswith(
        "and the pace is fast. It sets up for Midnight Lute and costs every other horse."
    )
    belmont = play(
        RaceGame(load_race("dream-belmont-test"), "quick").new_initial_state(), SeededDice(0), {}
    )
    assert isinstance(belmont, RaceState)
    assert dict(race_call(belmont))["The pace"].endswith("It costs every horse but Easy Goer.")
    # Fullplay, seed 1: "It sets up for Midnight Lute. It costs all but Precisionist and
    # Midnight Lute."; the winner's reasons said "the fast pace cost it (-2)"
    sprint = play(
        RaceGame(load_race("dream-sprint"), "full").new_initial_state(), SeededDice(1), {}
    )
    assert isinstance(sprint, RaceState)
    calls = dict(race_call(sprint))
    assert calls["Turning for home"].startswith(
        "The pace is fast (Dr. Fager, Dayjur and Bold Ruler led at the break on 23 each: "
        "23 + 23 = 46 race points, die 4). It sets up for Midnight Lute and costs every other horse but "
        "Precisionist. Dr. Fager"
    )
    assert "; the fast pace cost him 2;" in calls["Why it was won"]


def test_why_it_was_won_reads_without_double_brackets_or_run_on_commas() -> None:
    """Arc of the Ages, seed 11, Quickplay: "started as the top-rated horse (26) (its Wet
    rating ...)"; Claiming $5,000, seed 3, Fullplay: the favourite's reasons were joined
    by commas, one of them holding a comma ("cost it 1, no Wet rating, a Final Speed ...")."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    def why(race: str, mode: str, seed: int) -> str:
        game = RaceGame(load_race(race), mode)  # type: ignore[arg-type]
        state = play(game.new_initial_state(), SeededDice(seed), {})
        assert isinstance(state, RaceState)
        return dict(race_call(state))["Why it was won"]

    assert why("dream-arc", "quick", 11).startswith(
        "Ribot: started as the top-rated horse (26; his Wet rating of 1 took the good turf "
        "in his stride);"
    )
    assert why("claiming-route-big-field", "full", 3).endswith(
        "The favourite, Dollar Bill (2-1), ran 6th: the good track cost him 1, no Wet rating; "
        "a Final Speed roll of 4 to the winner's 11."
    )


def test_a_beaten_favourite_is_told_what_it_lost_to_the_winner_and_only_that() -> None:
    """Claiming $10,000 (6f, sloppy), seed 3, Quickplay: Pawn Shop (10, 15-1) beat the
    favourite Rusty Nail (12, 7-5). The call blamed "the sloppy track cost it 1" (it
    cost the winner 2) and "the fast pace cost it 2" (it cost the winner 1), and said
    nothing of what did beat it: the winner's form (+2 to its +1) and Final Speed roll
    (10 to its 9). Dream Derby, seed 11: "Citation ran 4th." said nothing at all."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame

    game = RaceGame(load_race("claiming-sprint-sloppy"), "quick")
    why = race_call(play(game.new_initial_state(), SeededDice(3), {}))[-1][1]
    assert why.endswith(
        " The favourite, Rusty Nail (7-5), ran 3rd: the fast pace cost him 2 to the winner's 1; "
        "the winner in better form (+2 to his +1); a Final Speed roll of 9 to the winner's 10."
    )
    assert (
        "Citation ran 4th: a Final Speed roll of 7 to the winner's 10."
        in (race_call(_dream_derby(11))[-1][1])
    )


def _dream_derby(seed: int) -> Any:
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame

    game = RaceGame(load_race("dream-derby"), "quick")
    return play(game.new_initial_state(), SeededDice(seed), {})


def test_a_race_factor_most_of_the_field_shares_names_the_few_it_does_not() -> None:
    """Dream Derby, seed 11: class gave twelve of fourteen greats +2, and the call read
    out all twelve ("It favours Secretariat (+2), Citation (+2), ... and Curlin (+2)"),
    which favours nobody; it names the two it gave less."""
    calls = dict(race_call(_dream_derby(11)))
    assert calls["Down the stretch"] == (
        "It comes down to class. It gives every horse +2 but Alydar (+1) and Count Fleet (+1)."
    )


def test_beaten_joint_favourites_are_said_as_a_lone_favourite_is() -> None:
    """Dream Derby, seed 11: Secretariat and Citation both 9-2, American Pharoah (12-1)
    won; the call said nothing of the favourites, as if there were none."""
    why = race_call(_dream_derby(11))[-1][1]
    assert why.endswith(
        " The joint favourites (9-2) were beaten. Citation ran 4th: a Final Speed roll of 7 "
        "to the winner's 10. Secretariat ran 5th: a Final Speed roll of 6 to the winner's 10."
    )


def test_the_official_result_after_a_dead_heat_posts_three_horses_not_four() -> None:
    """Arc of the Ages, seed 9, Fullplay: Sea the Stars and Secretariat dead-heat for
    1st; the official line went on to '4th #3 Mill Reef', a fourth horse on a board that
    posts the first three."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame

    game = RaceGame(load_race("dream-arc"), "full")
    state = play(game.new_initial_state(), SeededDice(9), {})
    assert official_words(state).startswith(
        "1st #5 Sea the Stars and #10 Secretariat, a dead heat; 3rd #11 John Henry. The time: "
    )
    # why each won: the call was silent on a dead heat for the win
    heading, why = race_call(state)[-1]
    assert heading == "Why it was won"
    assert why.startswith("Sea the Stars: started on a rating of 25, 1 below Ribot's 26")
    assert " Secretariat: started on a rating of 25," in why
    # which winner's roll? "to the winner's 10" was either dead-heater's: the horse is
    # named, its name as an owner ("Sea the Stars's" it would have read)
    assert why.endswith(
        " The other joint favourite, Ribot (5-1), ran 5th: the slow pace cost him 1; "
        "a Final Speed roll of 9 to Sea the Stars' 10."
    )
    assert "the winner" not in why


def test_a_photo_for_third_calls_the_horse_it_beat() -> None:
    """The Arc of the Ages run with seed 5 (the race Derby Cast's simulated race 1 of a
    seed-5 game is): John Henry beat Nijinsky for 3rd in a photo, and the call said
    "then John Henry by 1 1/2 lengths. The photo ...: John Henry 8 + 8 + 1 = 17,
    Nijinsky 8 + 6 + 1 = 15", a photo with a horse it never named."""
    from homestretch.games.stretch.api import simulated_run

    wire = next(p["words"] for p in simulated_run(5).call if p["heading"] == "At the wire")
    assert wire.startswith(
        "Allez France hits the wire first, then Secretariat by a length, then John Henry by "
        "1 1/2 lengths, then Nijinsky by a nose in a photo. The photo, both on a speed "
        "figure of 104,"
    )


def test_a_horse_that_gained_no_place_in_the_stretch_is_not_said_to_close(tmp_path: Any) -> None:
    """A designer's five-horse race (cards of their own), Fullplay, seed 2: Mud Lark was
    3rd turning for home and 3rd at the wire, beaten 8 lengths, and the call said "Mud
    Lark, 3rd turning for home, closes to finish 3rd". A closer passes horses."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "horses.csv").write_text(
        "id,name,power_dirt,power_turf,range_low,range_high,wet,pace,form,trip,class,speed,wire\n"
        "flying-fox,Flying Fox,20,,6,9,1,8,B,0,1,1,6\n"
        "slow-burn,Slow Burn,18,19,8,12,0,1,C,1,0,0,7\n"
        "mud-lark,Mud Lark,17,,7,10,3,5,D,0,0,-1,5\n"
        "grey-ghost,Grey Ghost,19,18,7,9.5,0,6,A,1,1,0,8\n"
        "long-shot,Long Shot,15,16,6,8,2,3,E,-1,-1,0,4\n"
    )
    (cards / "jockeys.csv").write_text(
        "id,name,ride,trouble\njd,J. Doe,1,8\nrr,R. Roe,0,7\nmm,M. Moe,-1,6\n"
        "kk,K. Koe,2,10\nhouse-x,House Rider X,0,7\n"
    )
    entries = "".join(
        f'[[entries]]\nhorse = "{h}"\njockey = "{j}"\n\n'
        for h, j in [
            ("flying-fox", "jd"),
            ("Slow Burn", "rr"),
            ("mud-lark", "mm"),
            ("grey-ghost", "K. Koe"),
            ("long-shot", "house-x"),
        ]
    ).replace('jockey = "jd"\n', 'jockey = "jd"\nodds = "5-2"\n')
    race = tmp_path / "spring-cup.toml"
    race.write_text(
        'name = "Spring Cup"\nfurlongs = 8.5\nsurface = "Dirt"\ncondition = "Muddy"\n'
        f'cards = "cards"\n\n{entries}'
    )
    state = play(RaceGame(load_race(race), "full").new_initial_state(), SeededDice(2), {})
    assert isinstance(state, RaceState)
    lark = next(ln for ln in state.lines if ln.name == "Mud Lark")
    turn = [ln.race_points[-1] for ln in state.lines]
    assert lark.finish == 1 + sum(p > lark.race_points[-1] for p in turn) == 3  # no place gained
    assert dict(race_call(state))["The stretch run"] == (
        "Flying Fox leads turning for home and holds on."
    )


@pytest.mark.parametrize(
    ("paces", "said"),
    [
        (
            (7, 2, 1),
            "Alpha (Pace 7) is the lone speed; nothing else is faster than Pace 2 (7 + 2 = 9 "
            "on the Pace Scenario chart, dice ",
        ),
        (
            (3, 2, 3),
            "Nobody wants the lead: Alpha (Pace 3) and Charlie (Pace 3) are the most forward "
            "(3 + 3 = 6 on the Pace Scenario chart, dice ",
        ),
        (
            (8, 6, 1),
            "Alpha (Pace 8) and Bravo (Pace 6) go for the lead (8 + 6 = 14 on the Pace "
            "Scenario chart, dice ",
        ),
    ],
)
def test_a_closer_is_not_said_to_go_for_the_lead(
    tmp_path: Any, paces: tuple[int, ...], said: str
) -> None:
    """A designer's two-horse race: "Paper Tiger (Pace 7) and Cardboard Box (Pace 2) go
    for the lead", but a Pace 2 horse sits back (page 7). A lone speed horse, and a field
    with no speed, are said as such; two speed horses still go for the lead."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    names = ("Alpha", "Bravo", "Charlie")
    race = tmp_path / "race.toml"
    race.write_text(
        'name = "Pace Test"\nfurlongs = 8\n\n'
        + "".join(
            f'[[entries]]\nhorse = {{ name = "{name}", power_dirt = 18, range_low = 6, '
            f'range_high = 10, pace = {pace}, form = "B" }}\njockey = "house-a"\n\n'
            for name, pace in zip(names, paces, strict=True)
        )
    )
    state = play(RaceGame(load_race(race), "quick").new_initial_state(), SeededDice(1), {})
    assert isinstance(state, RaceState)
    assert dict(race_call(state))["The pace"].startswith(said)


def test_a_dead_heat_names_the_winner_each_comparison_is_with() -> None:
    """Derby of the Century, seed 94, Quickplay: Alydar and Whirlaway dead-heat; the
    favourite Secretariat's reasons said "suited the winner (+2)" and "to the winner's 11",
    which read as either horse's (Alydar's pace was +1, his roll 12)."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    state = play(
        RaceGame(load_race("dream-derby"), "quick").new_initial_state(), SeededDice(94), {}
    )
    assert isinstance(state, RaceState) and state.finish is not None
    assert len(state.finish.order[0]) == 2
    why = dict(race_call(state))["Why it was won"]
    assert why.endswith(
        " The favourite, Secretariat (5-1), ran 8th: the fast pace cost him 1 and suited "
        "Whirlaway (+2); a Final Speed roll of 7 to Whirlaway's 11."
    )
    assert "the winner" not in why


def _called(race: str, mode: str, seed: int) -> dict[str, str]:
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    state = play(RaceGame(load_race(race), mode).new_initial_state(), SeededDice(seed), {})  # type: ignore[arg-type]
    assert isinstance(state, RaceState)
    return dict(race_call(state))


def test_the_pace_names_every_horse_level_where_its_race_points_were_read() -> None:
    """Sprint of the Century, seed 21, Fullplay: five horses broke level on 22 and the call
    had them "line up for the lead", then read the pace as "Dr. Fager and Dayjur led at
    the break on 22 + 22", two of the five by post; and Bold Ruler, one of the five, was
    "in front at the break" when trouble came. Arc of the Ages, seed 3: Enable led on 21
    with Secretariat and Kelso level on 20, and the pace named Secretariat alone."""
    sprint = _called("dream-sprint", "full", 21)
    assert sprint["Turning for home"].startswith(
        "The pace is normal (5 horses led at the break on 22 each: 22 + 22 = 44 race points;"
    )
    assert sprint["Trouble"].startswith("Bold Ruler, sharing the lead at the break, is in tight")
    arc = _called("dream-arc", "full", 3)
    assert arc["Turning for home"].startswith(
        "The pace is normal (Enable led down the backstretch on 21, Secretariat and Kelso "
        "next on 20: 21 + 20 = 41 race points;"
    )
    # two leaders alone read as before
    champagne = _called("2009-champagne-stakes", "full", 0)
    assert (
        "(Super Saver and Dublin led down the backstretch on 20 + 20 = 40 race points, die 6)"
        in (champagne["Turning for home"])
    )


def test_a_beaten_favourite_in_a_dead_heat_is_said_to_have_dead_heated() -> None:
    """Iron Horse Handicap, seed 12, Fullplay: the favourite Gold Bastion dead-heated for
    2nd with Iron Ledger, and "why it was won" said it "ran 2nd"."""
    why = _called("stakes-handicap-muddy", "full", 12)["Why it was won"]
    assert "The favourite, Gold Bastion (2-1), dead-heated for 2nd: a Final Speed roll of 9" in why


def test_a_leader_disqualified_is_not_said_to_fade() -> None:
    """Arc of the Ages, seed 14, Fullplay: Sea the Stars led turning for home, was 2nd past
    the wire and was placed 4th by the stewards; the stretch run said he "fades to 4th".
    The two closers who dead-heated for 3rd past the wire each "closes to finish 2nd"
    (then "closes to dead-heat for 2nd", the place the stewards gave them, not the one
    they ran to)."""
    called = _called("dream-arc", "full", 14)
    assert "placed 4th" in called["At the wire"]
    assert called["The stretch run"] == (  # Nijinsky 10th turning for home before S31
        "Secretariat, 7th turning for home, closes to dead-heat for 3rd, placed 2nd; "
        "Nijinsky, 9th turning for home, closes to dead-heat for 3rd, placed 2nd."
    )


def test_a_horse_the_stewards_moved_up_is_said_to_run_where_it_crossed_the_wire() -> None:
    """The stretch run and the beaten favourite said the official place as where a horse
    ran to. Century Classic, seed 45, Fullplay: Spectacular Bid was first past the wire
    and disqualified; Citation, 2nd past it, "closes to win", Man o' War, 4th past it,
    "closes to finish 3rd", and the favourite Dr. Fager, 3rd past it, "ran 2nd"."""
    called = _called("dream-century-classic", "full", 45)
    assert "The stewards disqualify Spectacular Bid, 1st past the wire" in called["At the wire"]
    assert called["The stretch run"] == (
        "Citation, 6th turning for home, closes to finish 2nd, placed 1st; "
        "Man o' War, 8th turning for home, closes to finish 4th, placed 3rd."  # last before S31
    )
    assert (
        "The favourite, Dr. Fager (4-1), was 3rd past the wire, placed 2nd: trip gave him +0 "
        "to the winner's +2;"
    ) in called["Why it was won"]
    # a leader turning for home beaten past the wire and given the race is not said to
    # have held on (Champagne Stakes, seed 226: Homeboykris first past the wire, placed 5th)
    champagne = _called("2009-champagne-stakes", "full", 226)["The stretch run"]
    assert champagne.endswith(
        "Discreetly Mine leads turning for home, is caught, finishes 2nd and is placed 1st."
    )
    # a favourite disqualified was 1st past the wire, not "ran 4th" (Ladies Classic, seed 24)
    ladies = _called("2009-breeders-cup-ladies-classic", "full", 24)["Why it was won"]
    assert "The favourite, Life Is Sweet (6-5), was 1st past the wire, placed 4th:" in ladies
    # out of the money, a favourite moved up by another's foul ran where the chart says
    # (Derby of the Century, seed 35: Secretariat 12th past the wire, placed 11th)
    derby = _called("dream-derby", "full", 35)["Why it was won"]
    assert "The favourite, Secretariat (5-1), ran 11th:" in derby


def test_a_race_named_with_its_own_article_is_off_without_another() -> None:
    """The Century Classic: "They're off in the The Century Classic"."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    for race, off in (
        ("dream-century-classic", "They're off in The Century Classic: 10 runners"),
        ("dream-derby", "They're off in the Derby of the Century: 14 runners"),
    ):
        state = play(RaceGame(load_race(race), "quick").new_initial_state(), SeededDice(9), {})
        assert isinstance(state, RaceState)
        (said,) = [n["words"] for n in state.notices if n["type"] == "off"]
        assert said.startswith(off), said


def test_the_call_says_him_or_her_of_a_horse_by_its_cards_sex() -> None:
    """The call said "it" of every horse ("House Rider B steers it clear", "the sloppy
    track cost it 3"), as no caller does: a filly or mare is "her", a colt, horse or
    gelding "him" (the card's sex)."""
    ladies = _called("2009-breeders-cup-ladies-classic", "quick", 16)["Trouble"]
    assert "Lethal Heat is in traffic, and House Rider B steers her clear" in ladies
    sloppy = _called("claiming-sprint-sloppy", "full", 5)["Why it was won"]
    assert sloppy.startswith(
        "Penny Ante: started on a rating of 7, 5 below Rusty Nail and Back Alley's 12 "
        "(the sloppy track cost her 3, no Wet rating);"
    )
    belmont = _called("dream-belmont-test", "quick", 7)["Trouble"]
    assert "American Pharoah is in traffic, and Victor Espinoza steers him clear" in belmont
