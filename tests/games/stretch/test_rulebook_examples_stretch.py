"""Top of the Stretch: the rulebook's worked examples not already checked elsewhere, each
run through the engine with the page's own inputs (docs/rulebook-examples.md lists every
example and the test that checks it).

Rulebook: ../shared/rulebooks/000_0d1b5bb75a76f4cb.txt; page numbers are the rulebook's.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from homestretch.core.chance import ScriptedDice, SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.content.apr import starting_apr
from homestretch.games.stretch.content.card_set import HorseCard
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.report import race_call

CHARTS = load_chart_set()

# --- pages 13-15: the 2009 Breeders' Cup Ladies Classic, odds and payoffs -------------------

# Odds rolls (red, white) in post order. The page gives four: Careless Jewel red 3 white 2
# on Chart A, Life Is Sweet red 4 white 1 on Fav, Mushka double 2s on A, Lethal Heat double
# 6s on C. The other four are ours (plain reds, no doubles), chosen so that the book is
# inside the band and stands as rolled (ruling S17): Proviso C red 1 (16-1), Cocoa Beach E
# red 1 (40-1), Music Note A red 2 (3-1), Rainbow View D red 1 (30-1).
LADIES_ODDS = [3, 2, 4, 1, 2, 2, 6, 6, 1, 2, 1, 3, 2, 1, 1, 4]
# Quickplay on: Pace Scenario 9 on 8 + 6 (normal); every form roll a 7 (no change); Race
# Factors red 5 white 4 (Trip, no Ride); Final Speed 12 for Careless Jewel and Lethal Heat,
# 7 for Life Is Sweet, 2 for the rest: Careless Jewel, Lethal Heat, Life Is Sweet 1-2-3,
# the finish page 15 supposes.
LADIES_RACE = [4, 5, *[3, 4] * 8, 5, 4, 6, 6, 3, 4, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]


def ladies_classic() -> dict[str, Any]:
    game = RaceGame(load_race("2009-breeders-cup-ladies-classic"), "quick")
    dice = ScriptedDice(LADIES_ODDS + LADIES_RACE)
    state = play(game.new_initial_state(), dice, {})
    assert isinstance(state, RaceState) and dice.remaining == 0
    return state.result()


def test_page_13_the_ladies_classic_charts_from_each_gap_to_the_top_apr() -> None:
    """'Life Is Sweet has the highest APR at 22': the page's table of APR, difference and
    chart, row by row, as the engine reads it from the race's scoresheet."""
    entries = ladies_classic()["entries"]
    table = [(e["horse"], e["start_apr"], e["odds_class"]) for e in entries]
    assert table == [
        ("Careless Jewel", 20, "A"),  # -2
        ("Life Is Sweet", 22, "Fav"),  # 0
        ("Mushka", 20, "A"),  # -2
        ("Lethal Heat", 17, "C"),  # -5
        ("Proviso", 16, "C"),  # -6
        ("Cocoa Beach", 13, "E"),  # -9: "likely be the longest shot on the board"
        ("Music Note", 21, "A"),  # -1
        ("Rainbow View", 15, "D"),  # -7
    ]


def test_page_14_cocoa_beach_on_chart_e_is_likely_the_longest_shot() -> None:
    """'(Cocoa Beach will likely be the longest shot on the board, as she will roll on
    Chart E)': rolled by page 14's procedure (two dice, doubles one chart over) on each
    horse's chart, her price is alone the longest on the board more often than not, and
    her middle price is the longest of the eight."""
    from itertools import product
    from statistics import median

    from homestretch.games.stretch.rules.odds_payoffs import roll_odds

    entries = ladies_classic()["entries"]
    rolls = list(product(range(1, 7), repeat=2))
    prices = {
        e["horse"]: [roll_odds(e["odds_class"], red, white, CHARTS).value for red, white in rolls]
        for e in entries
    }
    cocoa = prices.pop("Cocoa Beach")
    alone_longest = sum(
        math.prod(sum(p < price for p in other) / len(rolls) for other in prices.values())
        for price in cocoa
    ) / len(rolls)
    assert alone_longest > 0.5  # "likely" (0.78 on the standard charts)
    assert all(median(cocoa) > median(other) for other in prices.values())


def test_page_19_a_normal_pace_requires_no_adjustments() -> None:
    """'(A pace of Normal requires no adjustments to the horse's ratings.)': on the Fullplay
    Pace Effects chart a normal pace moves no horse, wherever its race points put it, and
    through the engine a race run at a normal pace leaves every Adjusted Power Rating as
    it started but for form (Champagne Stakes, seed 3: 22 + 19 = 41 race points, normal)."""
    assert {CHARTS.pace_effect_full(points, "normal") for points in range(0, 61)} == {0}
    state = play(
        RaceGame(load_race("2009-champagne-stakes"), "full").new_initial_state(),
        SeededDice(3),
        {},
    )
    assert isinstance(state, RaceState) and state.pace == "normal"
    for line in state.lines:
        assert line.pace_adj == 0
        assert line.final_apr == line.runner.start_apr + line.form_adj


def test_page_14_the_odds_rolls_and_page_15_the_payoffs() -> None:
    """Page 14: Careless Jewel 7-2, Life Is Sweet 8-5, Mushka 7-1 (doubles of 2 read the
    chart to the right: B, ruling S2), Lethal Heat double 6s read B, 11-1 (the odds are cut
    off on page 14; page 15 gives 11-1). Page 15: 'let's say Careless Jewell was the
    winner, Lethal Heat was second, and Life Is Sweet was third': $9.00, $5.50, $3.75;
    $13.00 and $7.50; $2.80."""
    data = ladies_classic()
    entries = {e["horse"]: e for e in data["entries"]}
    quoted = ("Careless Jewel", "Life Is Sweet", "Mushka", "Lethal Heat")
    assert [entries[h]["chart_odds"] for h in quoted] == ["7-2", "8-5", "7-1", "11-1"]
    assert 1.15 <= data["book"] <= 1.25  # the book stands: the board shows the chart's odds
    assert data["pace"] == "normal"  # page 10: a blank on the Pace Scenario chart
    assert [e["pace_adj"] for e in data["entries"]] == [0] * 8  # "no adjustments"
    assert [entries[h]["odds"] for h in quoted] == ["7-2", "8-5", "7-1", "11-1"]
    assert [entries[h]["finish"] for h in ("Careless Jewel", "Lethal Heat", "Life Is Sweet")] == [
        1,
        2,
        3,
    ]
    assert entries["Careless Jewel"]["payoffs"] == {"win": 9.0, "place": 5.5, "show": 3.75}
    assert entries["Lethal Heat"]["payoffs"] == {"win": None, "place": 13.0, "show": 7.5}
    assert entries["Life Is Sweet"]["payoffs"] == {"win": None, "place": None, "show": 2.8}


# --- pages 16-23: the 2009 Champagne Stakes ------------------------------------------------

# The rolls of tests/games/stretch/rules/test_stretch_champagne.py, which work the page's
# example through the stretch; here only what the pages say in lengths and ratings.
CHAMPAGNE = [
    *[4, 1, 2, 3, 5, 2, 3, 1, 1, 2, 6, 5],  # odds
    *[1, 3, 1, 2, 3, 3, 5, 6, 4, 5, 3, 4],  # Break: Super Saver 4 (20), Overlap 3 (15)
    *[2, 3, 4, 6, 2, 2, 4, 6, 1, 3, 1, 1],  # Pace Setup: Super Saver 5 (0), Overlap 10 (+1)
    4,  # Race Pace die: 44 points, a 4 is Fast
    *[2, 4, 5, 5, 1, 3, 3, 4, 4, 3, 1, 1],  # Race Position: Super Saver 6, Overlap 10
    *[3, 2, 3, 4, 4, 5, 3, 3, 4, 5, 2, 4, 6, 6, 4, 5, 4, 4],  # factors, speed, photo
]


def champagne() -> RaceState:
    dice = ScriptedDice(CHAMPAGNE)
    state = play(RaceGame(load_race("2009-champagne-stakes"), "full").new_initial_state(), dice, {})
    assert isinstance(state, RaceState) and dice.remaining == 0
    return state


def test_page_16_a_race_under_a_mile_has_three_segments_a_mile_four() -> None:
    """'The game is played in either three or four racing segments ... less than a mile (3
    segments, or a mile or longer (4 segments)'; the Pace Setup is 'Omitted in races run at
    less than 8 furlongs'; the Pace Adjustment 'is performed for races of all distances'
    (page 19)."""

    def running_segments(name: str) -> list[str]:
        state = RaceGame(load_race(name), "full", odds="none").new_initial_state()
        assert isinstance(state, RaceState)
        return [s for s in state.segments if s in ("break", "setup", "position", "factors")]

    sprint = load_race("claiming-sprint-sloppy")
    assert sprint.furlongs < 8
    assert running_segments("claiming-sprint-sloppy") == ["break", "position", "factors"]
    assert running_segments("2009-champagne-stakes") == ["break", "setup", "position", "factors"]
    sprint_state = RaceGame(sprint, "full", odds="none").new_initial_state()
    assert isinstance(sprint_state, RaceState) and "race_pace" in sprint_state.segments


def test_page_19_overlaps_apr_14_becomes_15_on_the_fast_pace() -> None:
    """'Overlap had an Adjusted Power Rating of "14" at the start of the race, so we add 1
    to that rating due to the pace of the race making his Adjusted Power Rating now 15.'"""
    overlap = champagne().lines[1]
    assert overlap.name == "Overlap"
    assert (overlap.runner.start_apr, overlap.pace_adj) == (14, 1)
    assert overlap.runner.start_apr + overlap.pace_adj == 15


def test_pages_17_18_lengths_are_the_race_points_halved_ruling_s28() -> None:
    """Page 17 says Overlap is 'just 1/2 length behind Aspire and only 3 1/2 lengths off
    the early lead', page 18 that Overlap and Aspire run 'a length behind Super Saver';
    the same pages' race points (Super Saver 20, Overlap 15, Discreetly Mine 1 1/2 lengths
    ahead of Super Saver: 23) make it a half-length behind Homeboykris, 4 lengths off the
    lead, and a length behind Dublin, 2 behind Super Saver. Ruling S28: the points decide."""
    calls = dict(race_call(champagne()))
    assert calls["At the break"] == (
        "Discreetly Mine shows the way by 1 1/2 lengths from Super Saver; a half-length back "
        "to Dublin; then Aspire, a length away; Homeboykris, a half-length further back, and "
        "Overlap as much again; 4 lengths covers the field."
    )
    assert calls["Down the backstretch"] == (
        "Discreetly Mine shows the way by 2 lengths from Super Saver; then a length at a time: "
        "Dublin, then Overlap and Aspire side by side, then Homeboykris; 5 lengths covers the "
        "field."
    )


def test_page_23_the_positions_turning_for_home() -> None:
    """'Discreetly Mine is in the lead by 2 1/2 lengths over Super Saver, who is 1/2 length
    ahead of both Overlap and Dublin. Aspire is another 1 1/2 lengths back, and Homeboykris
    is 1 1/2 lengths behind Aspire, but just 6 lengths behind pacesetter Discreetly Mine.'"""
    turning = dict(race_call(champagne()))["Turning for home"]
    assert (
        "Discreetly Mine shows the way by 2 1/2 lengths from Super Saver; Overlap and Dublin "
        "side by side, a half-length further back; 1 1/2 lengths back to Aspire and as much "
        "again to Homeboykris; 6 lengths covers the field."
    ) in turning


# --- page 7: ratings; page 12: the Final Speed chart's columns and photo finishes ---------


def test_page_7_synthetic_surfaces_are_treated_as_dirt() -> None:
    """'(For now, synthetic surfaces are treated as dirt surfaces.)': a horse rated on dirt
    only runs on a synthetic track at its dirt Power rating."""
    horse = HorseCard.model_validate(
        {
            "name": "Dirt Only",
            "range_low": 7,
            "range_high": 9,
            "pace": 5,
            "form": "C",
            "power_dirt": 21,
        }
    )
    assert starting_apr(horse, "synthetic", 8, 0).apr == starting_apr(horse, "dirt", 8, 0).apr
    assert starting_apr(horse, "synthetic", 8, 0).apr == 21


def _inline(name: str, apr: int, wire: int = 5, form: str = "E") -> dict[str, Any]:
    return {
        "horse": {
            "name": name,
            "range_low": 6,
            "range_high": 10,
            "power_dirt": apr,
            "pace": 5,
            "form": form,
            "wire": wire,
        },
        "jockey": {"name": f"Rider {name}", "ride": 0, "trouble": 7},
        "apr": apr,
        "odds": "3-1",
    }


def test_page_12_the_final_speed_chart_runs_0_to_29_ruling_s7(scripted: Any) -> None:
    """'Find the horse's current Adjusted Power Rating and then find that column on the
    Final Speed Figure Chart (the ratings go from 0 to 29)': a rating pushed past either
    end by form reads the end column (ruling S7)."""
    race = {"name": "Ends of the Chart", "furlongs": 8}
    race["entries"] = [_inline("Top", 29), _inline("Bottom", 1)]
    # Pace Scenario 9 on 5 + 5 (normal); form E: 12 is +4, 2 is -5; Trip, no Ride; 7s
    state = scripted(race, "quick", [4, 5, 6, 6, 1, 1, 5, 4, 3, 4, 3, 4])
    top, bottom = state.lines
    assert (top.form_adj, top.final_apr) == (4, 29)
    assert (bottom.form_adj, bottom.final_apr) == (-5, 0)
    assert top.final_speed == CHARTS.final_speed[(29, 7)]
    assert bottom.final_speed == CHARTS.final_speed[(0, 7)]


@pytest.mark.parametrize("photo", [[6, 6, 1, 1, 6, 6], [6, 5, 1, 1, 6, 6]])
def test_page_12_a_photo_of_three_horses_is_settled_the_same_way(
    scripted: Any, photo: list[int]
) -> None:
    """'(Note: the process is the same whether two, three, or more horses finish with the
    same Final Speed Figure.)' Each rolls two dice plus Wire plus Ride; the higher total
    places better; 'If two horses have the same sum, they have dead heated'."""
    race = {"name": "Blanket Finish", "furlongs": 8}
    race["entries"] = [_inline(n, 20, wire=5, form="A") for n in ("Ann", "Bea", "Cy")]
    faces = [4, 5, 3, 4, 3, 4, 3, 4, 5, 4, 3, 4, 3, 4, 3, 4, *photo]
    state = scripted(race, "quick", faces)
    assert len({ln.final_speed for ln in state.lines}) == 1
    totals = [sum(photo[i : i + 2]) + 5 for i in (0, 2, 4)]
    assert [ln.photo_total for ln in state.lines] == totals
    finish = [ln.finish for ln in state.lines]
    assert finish == ([1, 3, 1] if totals[0] == totals[2] else [2, 3, 1])


# --- pages 7-8: the ratings' scales; page 13: the odds chart's field sizes ----------------

HORSE = {"name": "Scale", "range_low": 7, "range_high": 9, "pace": 5, "form": "C"}


@pytest.mark.parametrize(
    ("rating", "low", "high"),
    [
        ("power_dirt", 0, 29),  # page 7: "as high as 29"
        ("wet", 0, 3),  # "a wet track rating from 1 to 3" (0: none)
        ("pace", 0, 9),  # "rated 0 (lowest) to 9 (highest)"
        ("trip", -3, 3),  # page 8: "-3 (very poor) to 3 (exceptional)"
        ("class", -3, 3),
        ("speed", -3, 3),
        ("wire", 0, 9),  # "from 0 (the worst) to 9 (the best)"
    ],
)
def test_pages_7_8_a_horse_rating_is_on_its_printed_scale(rating: str, low: int, high: int) -> None:
    from pydantic import ValidationError

    base = {**HORSE, "power_dirt": 20}
    for value in (low, high):
        HorseCard.model_validate({**base, rating: value})
    for value in (low - 1, high + 1):
        with pytest.raises(ValidationError, match=rating):
            HorseCard.model_validate({**base, rating: value})


@pytest.mark.parametrize(("rating", "low", "high"), [("ride", -2, 2), ("trouble", 2, 12)])
def test_page_8_a_jockey_rating_is_on_its_printed_scale(rating: str, low: int, high: int) -> None:
    """Ride '-2 (poorest) to +2 (best)'; Trouble 'from 2 (poorest) to 12 (best)'."""
    from pydantic import ValidationError

    from homestretch.games.stretch.content.card_set import JockeyCard

    base = {"name": "Rider", "ride": 0, "trouble": 7}
    for value in (low, high):
        JockeyCard.model_validate({**base, rating: value})
    for value in (low - 1, high + 1):
        with pytest.raises(ValidationError, match=rating):
            JockeyCard.model_validate({**base, rating: value})


def test_page_13_the_odds_chart_has_four_field_sizes() -> None:
    """'4 sections that are broken down into the number of horses in the race (2-5, 6-8,
    9-12, 13+)': within a section every field size reads the same chart."""
    for difference in range(11):
        for sizes in ((2, 3, 4, 5), (6, 7, 8), (9, 10, 11, 12), (13, 14, 16, 20)):
            assert len({CHARTS.odds_class_for(difference, n) for n in sizes}) == 1
    # and the sections differ somewhere (each is a column of its own)
    columns = [tuple(CHARTS.odds_class_for(d, n) for d in range(11)) for n in (5, 8, 12, 13)]
    assert len(set(columns)) == 4


def test_page_22_fullplay_trouble_costs_2_more_points_when_the_jockey_fails() -> None:
    """Page 22, in the Race Position segment: a roll of 3 goes to the Trouble chart; a 7
    or 8 there tests the jockey, and a roll 'GREATER than the jockey's Trouble rating'
    means 'you must add 2 to the horse's Adjusted Power Rating IN ADDITION to however many
    originally resulted from the roll of 3' (ruling S1: 2 more points lost). The Champagne
    Stakes with Discreetly Mine's Race Position roll a 3, then 7, then a jockey test of 12."""
    position = [2, 4, 5, 5, 1, 3, 1, 2, 3, 4, 6, 6, 4, 3, 1, 1]
    faces = CHAMPAGNE[:37] + position + CHAMPAGNE[49:] + [1] * 8
    state = play(
        RaceGame(load_race("2009-champagne-stakes"), "full").new_initial_state(),
        ScriptedDice(faces),
        {},
    )
    assert isinstance(state, RaceState)
    mine = state.lines[3]
    assert mine.name == "Discreetly Mine" and mine.status != "out"
    assert mine.runner.jockey.trouble < 12
    chart_power = CHARTS.race_position[(mine.runner.horse.form, 3)][1]
    assert mine.form_adj == chart_power - 2
    assert mine.final_apr == mine.runner.start_apr + mine.pace_adj + chart_power - 2
    assert [t.split(":")[0] for t in mine.trouble] == ["trouble 7", "jockey test 12"]
