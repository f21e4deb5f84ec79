"""Every chart reading the rulebook quotes holds in the standard chart set."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from homestretch.core.odds import Odds
from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
from homestretch.games.stretch.rules.odds_payoffs import payoff, roll_odds

CHARTS = load_chart_set()


def test_break_readings_page_17() -> None:
    assert CHARTS.break_points[(6, 4)] == 20  # Super Saver
    assert CHARTS.break_points[(4, 3)] == 15  # Overlap


def test_the_field_size_term_reads_bigger_fields_lower() -> None:
    """Ruling S18: the quoted 44-45 line is read as written in the Champagne's six-horse
    route (a mile), with no Field die; other field sizes lose whole points and, on some
    faces of the Field die, one more (a 7-runner route on face 1, a 10-runner route on
    faces 1-3, a 13-runner sprint on faces 1-3), before the chart is read."""
    quoted = ("normal",) * 2 + ("fast",) * 4
    assert CHARTS.pace_term(6, False) == (0, 0)
    assert CHARTS.race_pace_row(44, 6) == quoted
    assert not CHARTS.field_die_matters(44, 6, False)
    assert CHARTS.pace_term(7, False) == (0, 1)
    assert CHARTS.field_die_matters(44, 7, False)
    assert CHARTS.race_pace_row(44, 7, field_die=1) == ("normal",) * 5 + ("fast",)
    assert CHARTS.race_pace_row(44, 7, field_die=2) == quoted
    assert not CHARTS.field_die_matters(48, 7, False)  # 47 and 48 read one row
    assert CHARTS.pace_term(10, False) == (0, 3)
    assert CHARTS.race_pace_row(45, 10, field_die=3) == quoted
    assert CHARTS.race_pace_row(44, 10, field_die=3) == ("normal",) * 5 + ("fast",)
    assert CHARTS.race_pace_row(44, 10, field_die=4) == quoted
    assert CHARTS.pace_term(13, True) == (0, 3)
    assert CHARTS.race_pace_row(44, 13, sprint=True, field_die=3) == ("normal",) * 6
    assert CHARTS.race_pace_row(44, 13, sprint=True, field_die=4) == quoted
    assert CHARTS.pace_term(20, False) == CHARTS.pace_term(14, False)  # the last row's


def test_sprints_read_their_own_race_pace_chart() -> None:
    """Ruling S18: a sprint's top two come from one roll, so it reads race_pace_sprint.csv
    (slow on face 1 at 41, fast from 47); the quoted 44-45 line is the same in both."""
    quoted = ("normal",) * 2 + ("fast",) * 4
    assert CHARTS.race_pace_row(41, sprint=True) == ("slow",) + ("normal",) * 5
    assert CHARTS.race_pace_row(41) == ("normal",) * 6
    assert CHARTS.race_pace_row(47, sprint=True) == ("fast",) * 6
    assert CHARTS.race_pace_row(47) == quoted
    for total in (44, 45):
        assert CHARTS.race_pace_row(total, sprint=True) == CHARTS.race_pace_row(total) == quoted


def test_pace_setup_readings_page_18() -> None:
    assert CHARTS.pace_setup[(6, 5)] == 0
    assert CHARTS.pace_setup[(4, 10)] == 1


def test_pace_setup_settles_the_speed_horses_ruling_s18() -> None:
    """Ruling S18: Pace 7-9 read Pace 0-2's column (a point lost on 5-6, none gained on
    8-9), Pace 3-6 lose nothing on 5-6; a faster Pace still never breaks lower."""
    for roll in range(2, 13):
        assert CHARTS.pace_setup[(9, roll)] == CHARTS.pace_setup[(0, roll)]
        assert CHARTS.pace_setup[(7, roll)] == CHARTS.pace_setup[(2, roll)]
    assert [CHARTS.pace_setup[(8, r)] for r in (5, 6, 8, 9)] == [-1, -1, 0, 0]
    assert [CHARTS.pace_setup[(5, r)] for r in (5, 6, 8, 9)] == [0, 0, 0, 0]
    for pace in range(9):
        for roll in range(2, 13):
            assert CHARTS.break_points[(pace, roll)] <= CHARTS.break_points[(pace + 1, roll)]


def test_race_pace_44_or_45_splits_on_one_die_page_19() -> None:
    for total in (44, 45):
        assert CHARTS.race_pace_row(total) == ("normal",) * 2 + ("fast",) * 4


def test_fullplay_pace_effects_fast_page_19() -> None:
    assert CHARTS.pace_effect_full(20, "fast") == 0
    assert CHARTS.pace_effect_full(16, "fast") == 1


def test_fullplay_pace_effects_ours_ruling_s18() -> None:
    """Ruling S18: 13 points read as 14 (as Quickplay's Pace 2-3), 22 and up pay 3 for a
    fast pace (a front-runner far ahead), 21 pays 2; the slow column mirrors to 21."""
    fast = [CHARTS.pace_effect_full(p, "fast") for p in (12, 13, 17, 18, 20, 21, 22, 30)]
    slow = [CHARTS.pace_effect_full(p, "slow") for p in (12, 13, 17, 18, 20, 21, 22, 30)]
    assert fast == [2, 1, 1, 0, 0, -2, -3, -3]
    assert slow == [-2, -1, -1, 0, 0, 2, 2, 2]


def test_race_position_readings_pages_20_21() -> None:
    assert CHARTS.race_position[("C", 6)][:2] == (-1, -1)
    assert CHARTS.race_position[("D", 10)][:2] == (2, 1)


def test_roll_of_3_marks_trouble_and_only_3() -> None:
    for form in "ABCDE":
        for roll in range(2, 13):
            assert CHARTS.form_quick[(form, roll)][1] == (roll == 3)
            assert CHARTS.race_position[(form, roll)][2] == (roll == 3)


def test_odds_classes_in_an_8_horse_field_pages_13_14() -> None:
    expected = {0: "Fav", 1: "A", 2: "A", 5: "C", 6: "C", 7: "D", 9: "E"}
    for difference, cls in expected.items():
        assert CHARTS.odds_class_for(difference, 8) == cls


def test_odds_chart_readings_page_14() -> None:
    assert roll_odds("A", 3, 2, CHARTS) == Odds.parse("7-2")  # Careless Jewel
    assert roll_odds("Fav", 4, 1, CHARTS) == Odds.parse("8-5")  # Life Is Sweet
    assert roll_odds("A", 2, 2, CHARTS) == Odds.parse("7-1")  # Mushka: doubles read B
    assert roll_odds("C", 6, 6, CHARTS) == Odds.parse("11-1")  # Lethal Heat: reads B
    assert CHARTS.odds_chart[("B", 2)] == Odds.parse("7-1")
    assert CHARTS.odds_chart[("B", 6)] == Odds.parse("11-1")


def test_payoffs_page_15() -> None:
    seven_two, eleven, eight_five = Odds.parse("7-2"), Odds.parse("11-1"), Odds.parse("8-5")
    assert [float(payoff(seven_two, p, CHARTS)) for p in ("win", "place", "show")] == [
        9.00,
        5.50,
        3.75,
    ]
    assert float(payoff(eleven, "place", CHARTS)) == 13.00
    assert float(payoff(eleven, "show", CHARTS)) == 7.50
    assert float(payoff(eight_five, "show", CHARTS)) == 2.80


def test_trouble_chart_exactly_as_written() -> None:
    expected = {
        2: "out",
        3: "out",
        12: "out",
        6: "none",
        9: "none",
        7: "check-points",
        8: "check-points",
        4: "check-dq",
        5: "check-dq",
        10: "dq",
        11: "dq",
    }
    assert CHARTS.trouble == expected


def test_final_speed_rises_with_apr_and_roll() -> None:
    for apr in range(30):
        column = [CHARTS.final_speed[(apr, roll)] for roll in range(2, 13)]
        assert column == sorted(column)
        if apr:
            assert CHARTS.final_speed[(apr, 7)] > CHARTS.final_speed[(apr - 1, 7)]


def test_form_spread_widens_from_a_to_e() -> None:
    def spread(form: str) -> int:
        values = [CHARTS.form_quick[(form, r)][0] for r in range(2, 13)]
        return max(values) - min(values)

    spreads = [spread(f) for f in "ABCDE"]
    assert spreads == sorted(spreads) and spreads[0] < spreads[-1]


def test_pace_effects_favour_closers_in_fast_pace_and_speed_in_slow() -> None:
    assert CHARTS.pace_effects_quick[(0, "fast")] > 0 > CHARTS.pace_effects_quick[(9, "fast")]
    assert CHARTS.pace_effects_quick[(0, "slow")] < 0 < CHARTS.pace_effects_quick[(9, "slow")]


def test_ride_comes_in_on_a_white_1_2_or_3_only_page_11() -> None:
    assert [CHARTS.race_factors[die][1] for die in range(1, 7)] == [True] * 3 + [False] * 3


def test_doubles_at_the_edge_charts_stay_put_ruling_s3() -> None:
    from homestretch.games.stretch.rules.odds_payoffs import chart_after_doubles

    assert [chart_after_doubles("Fav", d, d) for d in range(1, 7)] == ["A"] * 3 + ["Fav"] * 3
    assert [chart_after_doubles("E", d, d) for d in range(1, 7)] == ["E"] * 3 + ["D"] * 3


def test_no_payoff_under_two_dollars_ten_ruling_s10() -> None:
    shortest = Odds.parse("1-9")
    assert [float(payoff(shortest, p, CHARTS)) for p in ("win", "place", "show")] == [
        2.22,  # $2 plus 2/9
        2.11,
        2.10,  # $2.06 would be under the minimum
    ]


def test_every_horse_level_at_the_top_reads_fav_ruling_s14() -> None:
    from homestretch.games.stretch.rules.odds_payoffs import odds_classes

    assert odds_classes([22, 22, 20, 15], CHARTS) == ["Fav", "Fav", "A", "D"]


def test_final_time_between_two_rows_is_read_in_proportion() -> None:
    mile, eight_and_a_half = CHARTS.final_time(8), CHARTS.final_time(8.5)
    seventy_yards = CHARTS.final_time(8 + 70 / 220)  # a mile and 70 yards
    assert mile.par_seconds < seventy_yards.par_seconds < eight_and_a_half.par_seconds
    halfway = (mile.par_seconds + eight_and_a_half.par_seconds) / 2
    assert CHARTS.final_time(8.25).par_seconds == pytest.approx(halfway)


def test_the_clock_reads_the_surface_and_the_going_ruling_s21() -> None:
    """The Final Time chart is a fast dirt track's; the going chart adds its seconds a
    furlong: slower in the mud and on soft turf, faster on firm turf, synthetic as dirt
    (page 7). Before, every surface and going ran the fast dirt time."""
    fast = CHARTS.final_seconds(94.0, 8, "dirt", "fast")
    time = CHARTS.final_time(8)
    assert fast == pytest.approx(time.par_seconds - (94 - time.par_figure) * time.seconds_per_point)
    assert CHARTS.final_seconds(94.0, 8, "synthetic", "fast") == fast
    firm, good, yielding, soft = (
        CHARTS.final_seconds(94.0, 8, "turf", going)
        for going in ("firm", "good", "yielding", "soft")
    )
    assert firm < fast < CHARTS.final_seconds(94.0, 8, "dirt", "muddy")
    assert firm < good < yielding < soft
    assert soft - firm == pytest.approx(
        8 * (CHARTS.going[("turf", "soft")] - CHARTS.going[("turf", "firm")])
    )


def test_a_set_without_a_going_chart_reads_the_standard_one_ruling_s23(tmp_path: Path) -> None:
    folder = tmp_path / "charts"
    shutil.copytree(STANDARD, folder)
    (folder / "going.csv").unlink()
    old = load_chart_set(folder)
    assert old.standard_going and not CHARTS.standard_going
    assert old.going == CHARTS.going
    assert old.final_seconds(94.0, 8.5, "turf", "soft") == CHARTS.final_seconds(
        94.0, 8.5, "turf", "soft"
    )


@pytest.mark.parametrize(
    ("name", "old", "new", "words"),
    [
        ("race_pace.csv", "35,40,", "36,40,", "leave a gap"),
        ("pace_effects_full.csv", "13,17,", "12,17,", "overlap"),
        ("chartset.toml", "stake = 2.00", "stake = -2.00", "above 0"),
        ("final_time.csv", "6,100,1:09.61,0.12", "6,100,1:09.61,-0.12", "above 0"),
        (
            "going.csv",
            "turf,soft,",
            "grass,soft,",
            r"unknown surface .grass. \(one of dirt, turf\)",
        ),
        ("going.csv", "dirt,sloppy,0.03", "dirt,sloppy,quick", "must be a number"),
        ("going.csv", "turf,heavy,", "turf,soft,", "turf soft has two rows"),
        (
            "going.csv",
            "dirt,heavy,0.25\n",
            "",
            "needs a row for every surface and condition: dirt heavy",
        ),
    ],
)
def test_an_impossible_chart_is_refused_by_file(
    tmp_path: Path, name: str, old: str, new: str, words: str
) -> None:
    from homestretch.core.errors import ContentError

    folder = tmp_path / "charts"
    shutil.copytree(STANDARD, folder)
    text = (folder / name).read_text()
    assert old in text
    (folder / name).write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError, match=words) as refused:
        load_chart_set(folder)
    assert name in str(refused.value)


def test_a_book_inside_the_band_is_left_as_rolled() -> None:
    from homestretch.games.stretch.rules.odds_payoffs import balance_book, book

    # the Champagne Stakes as the rulebook race rolls it: 115.5%
    rolled = [Odds.parse(o) for o in ("8-5", "18-1", "14-1", "7-2", "5-2", "6-1")]
    assert 1.15 <= book(rolled) <= 1.25
    assert balance_book(rolled, CHARTS) == rolled


@pytest.mark.parametrize(
    "rolled",
    [
        ["2-1"] * 14,  # a dream field level at the top: 467%
        ["8-5", "8-5", "2-1", "5-2", "3-1", "7-2", "4-1", "5-1", "6-1"],  # an even field
        ["even", "40-1"],  # a match race with a no-hoper: 52%
        ["6-5", "9-1", "30-1", "99-1"],
    ],
)
def test_a_book_outside_the_band_is_balanced_into_it(rolled: list[str]) -> None:
    from homestretch.games.stretch.rules.odds_payoffs import balance_book, book

    odds = [Odds.parse(o) for o in rolled]
    balanced = balance_book(odds, CHARTS)
    assert 1.15 <= book(balanced) <= 1.25
    # the order of the prices is kept: the shorter rolled price is never the longer one
    for a, b in zip(odds, balanced, strict=True):
        for c, d in zip(odds, balanced, strict=True):
            if a < c:
                assert b <= d


def test_the_array_balance_agrees_with_the_one_race_balance() -> None:
    import numpy as np

    from homestretch.games.stretch.rules.odds_payoffs import balance_book, balance_book_array

    rng = np.random.default_rng(5)
    prices = [o for o in CHARTS.odds_chart.values()]
    for _ in range(200):
        size = int(rng.integers(2, 15))
        odds = [prices[i] for i in rng.integers(0, len(prices), size)]
        one = [float(o.value) for o in balance_book(odds, CHARTS)]
        many = balance_book_array(np.array([[float(o.value) for o in odds]]), CHARTS.book)[0]
        assert one == pytest.approx(list(many))


def test_a_field_size_term_without_its_optional_columns(tmp_path: Path) -> None:
    """race_pace_field.csv's `sprint_shift`, `faces` and `sprint_faces` are optional: a
    chart set written before them (ruling S18's first form) gives sprints the `shift`
    column and no Field die; `faces` alone serves sprints too; a misspelt column, a face
    beyond 5 and `sprint_faces` without `faces` are refused rather than read as none. A
    set without race_pace_sprint.csv reads race_pace.csv in sprints."""
    from homestretch.core.errors import ContentError

    def chart_set(name: str, header: str, rows: str) -> Path:
        folder = tmp_path / name  # chart sets are cached by folder
        shutil.copytree(STANDARD, folder)
        (folder / "race_pace_sprint.csv").unlink()
        (folder / "race_pace_field.csv").write_text(header + "\n" + rows)
        return folder

    rows = "".join(f"{n},{n // 5}\n" for n in range(2, 16))
    old = load_chart_set(chart_set("old", "runners,shift", rows))
    for runners in range(2, 21):
        expected = (min(runners, 15) // 5, 0)
        assert old.pace_term(runners, True) == old.pace_term(runners, False) == expected
    assert old.race_pace_row(41, sprint=True) == old.race_pace_row(41)
    faces = load_chart_set(chart_set("faces", "runners,shift,faces", "2,0,0\n3,1,2\n"))
    assert faces.pace_term(3, True) == faces.pace_term(9, False) == (1, 2)
    for name, header, bad, message in (
        ("misspelt", "runners,shift,sprint_shfit", "2,0,0\n", "sprint_shfit"),
        ("face", "runners,shift,faces", "2,0,6\n", "faces must be 0-5"),
        ("alone", "runners,shift,sprint_faces", "2,0,1\n", "needs a faces column"),
    ):
        with pytest.raises(ContentError, match=message):
            load_chart_set(chart_set(name, header, bad))
