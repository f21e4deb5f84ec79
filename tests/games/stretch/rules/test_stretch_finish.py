"""Disqualifications (page 12), Trouble outcomes and the APR builder's rulings."""

from __future__ import annotations

import pytest

from homestretch.core.errors import HomestretchError
from homestretch.games.stretch.content.apr import starting_apr
from homestretch.games.stretch.content.card_set import HorseCard, load_card_set
from homestretch.games.stretch.rules.finish import format_lengths, official_order


@pytest.mark.parametrize(
    ("order", "dq_rolls", "expected"),
    [
        ([[0], [1], [2], [3]], {0: 2}, [[1], [2], [0], [3]]),  # below two horses behind him
        ([[0], [1], [2], [3]], {2: 6}, [[0], [1], [3], [2]]),  # only one behind: last
        ([[0], [1, 2], [3]], {0: 1}, [[1, 2], [0], [3]]),  # a dead heat behind counts whole
        ([[0, 1], [2]], {0: 1}, [[1], [2], [0]]),  # out of a dead heat
        # two disqualified horses do not shield each other: each passes clean horses
        ([[0], [1], [2]], {0: 1, 1: 1}, [[2], [0], [1]]),
        ([[0], [1], [2], [3]], {0: 2, 1: 1}, [[2], [1], [3], [0]]),
        ([[0, 1], [2]], {0: 1, 1: 1}, [[2], [0, 1]]),  # landing together, their heat stands
        ([[0], [1]], {0: 3, 1: 1}, [[0], [1]]),  # nobody clean to pass
    ],
)
def test_disqualified_horses_go_below_clean_horses(
    order: list[list[int]], dq_rolls: dict[int, int], expected: list[list[int]]
) -> None:
    assert official_order(order, dq_rolls) == expected


def test_margins_read_like_a_chart() -> None:
    assert [format_lengths(x) for x in (0.05, 0.15, 0.3, 0.5, 1.0, 2.74, 7.9, 12.4)] == [
        "nose",
        "head",
        "neck",
        "1/2",
        "1",
        "2 3/4",
        "8",
        "12",
    ]


def test_a_photo_margin_grows_with_the_photo_totals_difference() -> None:
    from homestretch.games.stretch.rules.finish import photo_margin

    words = [format_lengths(photo_margin(d)) for d in (0, 1, 2, 3, 4, 5, 9, -5)]
    assert words == ["dead heat", "nose", "nose", "head", "head", "neck", "neck", "neck"]


def test_the_red_die_places_a_horse_within_its_figure_point() -> None:
    """A mile: 0.14 s a point over 0.2 s a length is 0.7 lengths a point."""
    from homestretch.games.stretch.rules.finish import figure_margin

    assert figure_margin(1, 3, 3, 0.7) == pytest.approx(0.7)
    assert format_lengths(figure_margin(1, 1, 6, 0.7)) == "head"  # 1/6 point
    assert format_lengths(figure_margin(1, 2, 5, 0.7)) == "neck"  # 1/2 point: 0.35 lengths
    assert format_lengths(figure_margin(1, 3, 5, 0.7)) == "1/2"  # 2/3 point: 0.47 lengths
    assert format_lengths(figure_margin(1, 6, 1, 0.7)) == "1 1/4"
    # never reversed: the closest two figures one point apart can be is 1/6 of a point
    assert min(figure_margin(1, a, b, 0.7) for a in range(1, 7) for b in range(1, 7)) > 0


def _horse(**kw: object) -> HorseCard:
    base: dict[str, object] = {
        "name": "Test",
        "range_low": 7,
        "range_high": 9,
        "pace": 5,
        "form": "C",
        "power_dirt": 20,
        "wet": 1,
    }
    base.update(kw)
    return HorseCard.model_validate(base)


def test_apr_in_range_on_a_fast_track_is_the_power_rating() -> None:
    assert starting_apr(_horse(), "dirt", 8, 0).apr == 20


def test_apr_loses_a_point_per_furlong_or_part_outside_range() -> None:
    assert starting_apr(_horse(), "dirt", 6, 0).apr == 19
    assert starting_apr(_horse(), "dirt", 10.5, 0).apr == 18
    assert starting_apr(_horse(), "dirt", 12, 0).range_penalty == 3


def test_wet_rating_offsets_the_wet_effect() -> None:
    assert starting_apr(_horse(wet=1), "dirt", 8, -3).apr == 18
    assert starting_apr(_horse(wet=3), "dirt", 8, -2).apr == 20
    assert starting_apr(_horse(wet=0), "dirt", 8, -1).apr == 19


def test_no_rating_for_the_surface_is_refused_unless_estimated() -> None:
    with pytest.raises(HomestretchError, match="no turf Power rating"):
        starting_apr(_horse(), "turf", 8, 0)
    estimated = starting_apr(_horse(), "turf", 8, 0, estimate=True)
    assert estimated.estimated and estimated.apr == 17


def test_standard_card_set_loads_and_searches() -> None:
    cards = load_card_set()
    assert cards.horse("Super Saver").id == "super-saver-2009"
    with pytest.raises(HomestretchError, match="ambiguous"):
        cards.horse("Secretariat")
    assert cards.jockey("arcaro").ride == 2


def test_result_chart_margin_says_dead_heat_only_for_shared_places() -> None:
    from homestretch.games.stretch.rules.report import chart_margins

    def entry(post: int, finish: int, beaten: float) -> dict[str, object]:
        return {"post": post, "finish": finish, "beaten_lengths": beaten}

    entries = [entry(1, 1, 0.0), entry(2, 1, 0.0), entry(3, 3, 0.0), entry(4, 4, 1.5)]
    # a shared place is a dead heat; equal figures split by the photo read as a nose
    assert chart_margins(entries) == {1: "", 2: "dead heat", 3: "nose", 4: "1 1/2"}


def test_a_disqualified_horse_placed_back_gets_a_dash_not_a_margin() -> None:
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.rules.report import race_json
    from homestretch.games.stretch.terminal.render import result_chart

    # seed 124: Crab Grass crosses 4th and is placed 9th, Back Alley placed last
    state = play(
        RaceGame(load_race("claiming-route-big-field"), "quick").new_initial_state(),
        SeededDice(124),
        {},
    )
    assert isinstance(state, RaceState)
    data = race_json(state)
    rows = {e["finish"]: e for e in data["entries"]}
    assert rows[9]["status"] == "disqualified" and rows[12]["status"] == "disqualified"
    table = result_chart(data)
    margins = list(table.columns[3].cells)
    assert margins[8] == "-" and margins[11] == "-"
    # the horse below the disqualified one is measured from the 8th, the last past the wire
    # of those placed ahead of it
    assert margins[9] == format_lengths(rows[10]["beaten_lengths"] - rows[8]["beaten_lengths"])


def test_the_call_at_the_wire_follows_the_photo() -> None:
    """Horses level on the Final Speed Figure are called in the order of their photo
    totals, not in post order (page 12: the higher total gets the better placing)."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.rules.report import race_call

    game = RaceGame(load_race("2009-breeders-cup-ladies-classic"), "quick")
    photos = 0
    for seed in range(60):
        state = play(game.new_initial_state(), SeededDice(seed), {})
        assert isinstance(state, RaceState)
        running = [ln for ln in state.lines if not ln.out]
        wire = sorted(
            running, key=lambda ln: (ln.final_speed or 0, ln.photo_total or 0), reverse=True
        )
        words = dict(race_call(state))["At the wire"]
        called = sorted(wire[:3], key=lambda ln: words.index(ln.name))
        assert [ln.name for ln in called] == [ln.name for ln in wire[:3]], (seed, words)
        photos += "in a photo" in words
    assert photos > 0  # the seeds include photo finishes near the front


def test_a_horse_card_needs_a_power_rating_for_some_surface() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="needs a Power rating"):
        _horse(power_dirt=None)
    assert _horse(power_dirt=None, power_turf=18).power_turf == 18


def test_a_card_entered_twice_is_refused() -> None:
    from homestretch.games.stretch.content.race import RaceSpec, build_race

    spec = {
        "name": "Twice",
        "furlongs": 8,
        "entries": [{"horse": "secretariat-1973", "jockey": "house-b"}] * 2,
    }
    with pytest.raises(HomestretchError, match="entry 2: secretariat-1973 is already entry 1"):
        build_race(RaceSpec.model_validate(spec), load_card_set())


def test_a_preset_apr_must_be_a_whole_number_not_true() -> None:
    from pydantic import ValidationError

    from homestretch.games.stretch.content.race import RaceSpec

    entry = {"horse": "secretariat-1973", "jockey": "house-b"}
    spec = {"name": "X", "furlongs": 8, "entries": [{**entry, "apr": True}, entry]}
    with pytest.raises(ValidationError, match="apr"):
        RaceSpec.model_validate(spec)
    spec["entries"] = [{**entry, "apr": 20}, {**entry, "horse": "citation-1948"}]
    assert RaceSpec.model_validate(spec).entries[0].apr == 20


def test_a_margin_halfway_between_quarters_reads_up_whatever_the_float_noise() -> None:
    """At 1 1/4 miles a figure point is 3/4 length, so margins fall on eighths: the call
    (a difference of beaten lengths) and the chart (each margin) must read them alike."""
    assert format_lengths(0.625) == "3/4"
    assert format_lengths(2.0 - 1.375) == format_lengths(0.62500000001) == "3/4"
    assert format_lengths(1.375) == format_lengths(1.3749999999) == "1 1/2"
    assert format_lengths(10.5) == "11"


def test_the_call_at_the_wire_and_the_result_chart_give_the_same_margins() -> None:
    """Dream Derby, seed 5, Quickplay: Affirmed was 5/8 length behind Seattle Slew; the
    call said 1/2 and the chart 3/4 (2026-12-05)."""
    import re

    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.rules.report import SAID_LENGTHS, race_json

    game = RaceGame(load_race("dream-derby"), "quick")
    for seed in (5, 6, 7, 8):
        state = play(game.new_initial_state(), SeededDice(seed), {})
        assert isinstance(state, RaceState)
        data = race_json(state)
        wire = next(p["words"] for p in data["call"] if p["heading"] == "At the wire")
        by_place = {e["finish"]: e for e in data["entries"]}
        for place in (2, 3):
            entry = by_place[place]
            said = re.search(re.escape(entry["horse"]) + r" by (.+?)(?: in a photo)?[,.]", wire)
            if said is None or entry["dq_roll"] is not None:
                continue
            margin = entry["margin"]  # the chart's "1/2" is said "a half-length"
            spoken = SAID_LENGTHS.get(margin, f"{margin} lengths")
            if margin in ("nose", "head", "neck"):
                spoken = f"a {margin}"
            assert said.group(1) == spoken, (seed, wire, margin)


def test_the_same_race_on_soft_turf_is_run_in_a_slower_time_ruling_s21() -> None:
    """The Gulfstream turf allowance on firm ground, then on soft with the very same
    ratings and dice: every figure the same, every time slower by the going chart's
    difference over 8 1/2 furlongs (the times were the same before)."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    firm = load_race("allowance-turf-route")
    soft = firm.model_copy(update={"condition": "soft"})  # the ratings as built for firm
    runs = []
    for race in (firm, soft):
        state = play(RaceGame(race, "full").new_initial_state(), SeededDice(4), {})
        assert isinstance(state, RaceState) and state.finish is not None
        runs.append(state)
    charts = runs[0].charts
    slower = 8.5 * (charts.going[("turf", "soft")] - charts.going[("turf", "firm")])
    assert slower > 3  # soft turf runs a mile and a sixteenth seconds slower
    for a, b in zip(runs[0].lines, runs[1].lines, strict=True):
        assert a.final_speed == b.final_speed
        if a.seconds is not None:
            assert b.seconds == pytest.approx(a.seconds + slower)
    assert runs[1].result()["final_time"] != runs[0].result()["final_time"]


def test_a_course_of_its_own_moves_every_time_by_its_seconds_a_furlong_ruling_s22() -> None:
    """The bundled Ascot mile carries +0.35 s a furlong (it ran 1:33-1:34 on the going
    chart alone, a time nobody has run there); with 0 the same dice run 2.8 s faster."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import RaceSpec, load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState

    ascot = load_race("dream-turf-mile")
    assert ascot.course_seconds_per_furlong == 0.35
    plain = ascot.model_copy(update={"course_seconds_per_furlong": 0.0})
    runs = []
    for race in (ascot, plain):
        state = play(RaceGame(race, "quick").new_initial_state(), SeededDice(1), {})
        assert isinstance(state, RaceState) and state.finish is not None
        runs.append(state)
    assert runs[0].finish.winner_seconds == pytest.approx(runs[1].finish.winner_seconds + 2.8)
    assert runs[0].result()["race"]["course_seconds_per_furlong"] == 0.35
    assert 96 <= runs[0].finish.winner_seconds <= 100  # 1:36-1:40, Ascot's Group 1 miles
    with pytest.raises(ValueError, match="course_seconds_per_furlong"):
        RaceSpec.model_validate(
            {"name": "x", "furlongs": 8, "course_seconds_per_furlong": 5, "entries": []}
        )


def test_gulfstreams_turf_runs_as_quick_as_its_races_ruling_s22() -> None:
    """The bundled Gulfstream allowance (1 1/16 miles, firm turf) ran 1:42.41 at the median
    on the going chart alone; a Gulfstream stakes at the trip ran 1:40.48 (2019), and an
    allowance field a class below runs a second or so slower: -0.13 s a furlong puts its
    winners' median at 1:41.30 (docs/stretch-calibration.md)."""
    import numpy as np

    from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race import load_race

    race, charts = load_race("allowance-turf-route"), load_chart_set()
    assert race.track == "Gulfstream Park" and race.course_seconds_per_furlong == -0.13
    batch = simulate(
        FieldArrays.from_race(race, charts),
        charts.arrays,
        "quick",
        4000,
        np.random.default_rng(1),
        race.furlongs,
    )
    best = np.where(batch.out, -10_000, batch.final_speed).max(axis=1)
    seconds = charts.final_seconds(best, race.furlongs, race.surface, race.condition)
    median = float(np.median(seconds)) + race.course_seconds_per_furlong * race.furlongs
    assert 100.5 <= median <= 102.0  # 1:40.5-1:42.0


def test_the_json_says_where_each_horse_crossed_the_wire_before_the_stewards() -> None:
    """`--format json` gave the official order alone: where a disqualified horse crossed
    the wire, and a dead heat at the wire that a disqualification broke, were lost.
    ``wire_order`` and each entry's ``wire_finish`` keep them."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.rules.report import race_json

    game = RaceGame(load_race("claiming-route-big-field"), "quick")
    broken_heats = 0
    for seed in range(100):
        state = play(game.new_initial_state(), SeededDice(seed), {})
        assert isinstance(state, RaceState)
        data = race_json(state)
        entries = {e["post"]: e for e in data["entries"]}
        wire = data["wire_order"]
        # every finisher once, each group sharing the place one past all those ahead of it
        assert sorted(p for group in wire for p in group) == sorted(
            p for p, e in entries.items() if e["finish"] is not None
        )
        ahead = 0
        for group in wire:
            assert {entries[p]["wire_finish"] for p in group} == {ahead + 1}, (seed, wire)
            assert len({entries[p]["beaten_lengths"] for p in group}) == 1  # level there
            ahead += len(group)
        lengths = [entries[group[0]]["beaten_lengths"] for group in wire]
        assert lengths == sorted(lengths), (seed, wire)  # the order they crossed it in
        # the stewards move the disqualified alone: the others keep their order at the wire
        dq = {p for p, e in entries.items() if e["status"] == "disqualified"}
        clean_wire = [p for group in wire for p in group if p not in dq]
        clean_official = [p for group in data["order"] for p in group if p not in dq]
        assert clean_wire == clean_official, seed
        for group in wire:
            if len(group) > 1 and dq & set(group) and set(group) - dq:
                broken_heats += 1  # dead-heated at the wire, split by the stewards
                assert len({entries[p]["finish"] for p in group}) > 1
    assert broken_heats > 0  # the seeds include a dead heat at the wire that a DQ broke
    unfinished = race_json(game.new_initial_state())
    assert unfinished["wire_order"] == [] and unfinished["entries"][0]["wire_finish"] is None
