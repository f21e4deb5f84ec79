"""Exact Quickplay chances agree with a million simulated races."""

from __future__ import annotations

import math

import numpy as np
import pytest

from homestretch.games.stretch.analysis.exact import (
    ExactChances,
    quickplay_chances,
    quickplay_win_chances,
)
from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import load_race

RACES = 1_000_000
RACE = "claiming-route-big-field"  # 12 runners, trouble and dead heats


@pytest.fixture(scope="module")
def simulated() -> dict[str, np.ndarray]:
    """Win, place and show rates over a million kernel races of the field."""
    race, charts = load_race(RACE), load_chart_set()
    field, tables = FieldArrays.from_race(race, charts), ChartArrays.from_charts(charts)
    rng = np.random.default_rng(2026)
    counts = {name: np.zeros(len(race.runners)) for name in ("win", "place", "show")}
    for _ in range(RACES // 200_000):
        finish = simulate(field, tables, "quick", 200_000, rng, race.furlongs).finish
        for name, last in (("win", 1), ("place", 2), ("show", 3)):
            counts[name] += ((finish > 0) & (finish <= last)).sum(axis=0)
    return {name: count / RACES for name, count in counts.items()}


@pytest.fixture(scope="module")
def exact() -> ExactChances:
    return quickplay_chances(load_race(RACE), load_chart_set())


def agree(exact: np.ndarray, simulated: np.ndarray) -> None:
    for p, q in zip(exact, simulated, strict=True):
        se = math.sqrt(p * (1 - p) / RACES)
        assert abs(p - q) < 4.5 * se, (exact, simulated)


def test_exact_win_chances_agree_with_a_million_races(
    simulated: dict[str, np.ndarray],
) -> None:
    wins = quickplay_win_chances(load_race(RACE), load_chart_set())
    agree(wins, simulated["win"])
    # dead heats for first make the chances add up to a little more than one
    assert 1.0 < wins.sum() < 1.05


def test_exact_place_and_show_agree_with_a_million_races(
    exact: ExactChances, simulated: dict[str, np.ndarray]
) -> None:
    places = exact.places
    assert places is not None
    agree(places.place, simulated["place"])
    agree(places.show, simulated["show"])
    # each horse is placed at least as often as it wins, shows at least as often as it
    # places, and two (three) places go round, a little more with dead heats
    assert (exact.win <= places.place).all() and (places.place <= places.show).all()
    assert 2.0 < places.place.sum() < 2.05 and 3.0 < places.show.sum() < 3.05
    assert (places.show_bound < 1e-7).all()


def test_every_runner_has_a_chance_and_the_top_rating_is_likeliest() -> None:
    race = load_race("2009-breeders-cup-ladies-classic")
    exact = quickplay_win_chances(race, load_chart_set())
    assert (exact > 0).all() and (exact < 1).all()
    assert np.argmax(exact) == 1  # Life Is Sweet, the top Adjusted Power Rating


def test_an_outcome_bounds_more_the_less_it_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    # each shared outcome's bound counts in the answer times its chance: its heavy
    # thresholds are loosened by the mean chance over its own (times exact.LOOSEN), so
    # the unlikeliest bound most; where the chances lie close together that would only
    # tighten them all, and every outcome keeps the thresholds as they are
    from homestretch.games.stretch.analysis import exact, exact_finish

    given: list[float] = []

    def recorded(clean, dq, out, compiled, loosen):  # type: ignore[no-untyped-def]
        given.append(loosen)
        horses = clean.shape[0]
        return exact_finish.PlaceShow(np.zeros(horses), np.zeros(horses), np.zeros(horses))

    monkeypatch.setattr(exact_finish, "place_and_show", recorded)
    charts = load_chart_set()
    for name, spread in (("2009-champagne-stakes", True), (RACE, False)):
        race = load_race(name)
        chances = [chance for chance, *_ in exact._outcomes(race, charts, reached=True)]
        given.clear()
        quickplay_chances(race, charts, workers=1)
        assert len(given) == len(chances)
        mean = sum(chances) / len(chances)
        if spread:  # 18 outcomes, 0.009 to 0.125
            expected = sorted(exact.LOOSEN * mean / chance for chance in chances)
            assert sorted(given) == pytest.approx(expected)
            assert min(given) < 1 < max(given)
        else:  # 12 outcomes, 0.069 and 0.097
            assert max(chances) / min(chances) < 1.5
            assert given == [1.0] * len(chances)


def test_the_answer_adds_the_outcomes_in_their_order_whichever_thread_ends_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # two threads, the first outcome's sums the slowest: the answer is still added up in
    # the outcomes' order (it was added as the threads finished, so the last digit of a
    # chance could change from one run to the next). The made-up sums put one large
    # value first and tiny ones after, which rounds differently in another order.
    import itertools
    import time

    from homestretch.games.stretch.analysis import exact, exact_finish

    calls = itertools.count()

    def first_slow(clean, dq, out, compiled, loosen):  # type: ignore[no-untyped-def]
        n, horses = next(calls), clean.shape[0]
        if n == 0:
            time.sleep(0.5)
        value = np.full(horses, 1.0 if n == 0 else 1e-17)
        return exact_finish.PlaceShow(value, value, value)

    monkeypatch.setattr(exact_finish, "place_and_show", first_slow)
    race, charts = load_race(RACE), load_chart_set()
    chances = [chance for chance, *_ in exact._outcomes(race, charts, reached=True)]
    in_order = 0.0
    for n, chance in enumerate(chances):
        in_order += chance * (1.0 if n == 0 else 1e-17)
    out_of_order = sum(chance * 1e-17 for chance in chances[1:]) + chances[0]
    assert in_order != out_of_order  # the made-up sums do tell the orders apart
    places = quickplay_chances(race, charts, workers=2).places
    assert places is not None
    assert (places.place == in_order).all() and (places.show_bound == in_order).all()


def _apr_chances_in_place(
    field: FieldArrays, tables: ChartArrays, paces: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``exact._apr_chances`` as first written: each chance added where it falls, in place,
    one after the other (the order its sums must keep to the bit)."""
    from homestretch.games.stretch.analysis.exact import APRS, ROLLS, TWO_DICE
    from homestretch.games.stretch.content.chart_arrays import TROUBLE_CODES

    h = len(field.start_apr)
    at = np.arange(len(paces))[:, None], np.arange(h)[None, :]
    base = field.start_apr + tables.pace_effects_quick[field.pace][:, paces].T
    jockey_fails = np.array([TWO_DICE[rating + 1 :].sum() for rating in field.trouble])
    clean, dq = np.zeros((len(paces), h, APRS)), np.zeros((len(paces), h, APRS))
    out = np.zeros(h)
    for roll in ROLLS:
        apr = at + (np.clip(base + tables.form_adj[field.form, roll], 0, APRS - 1),)
        checked = at + (np.clip(apr[2] - 2, 0, APRS - 1),)
        flagged = tables.form_trouble[field.form, roll]
        clean[apr] += TWO_DICE[roll] * ~flagged
        for trouble_roll in ROLLS:
            p = TWO_DICE[roll] * TWO_DICE[trouble_roll] * flagged
            code = tables.trouble[trouble_roll]
            if code == TROUBLE_CODES["out"]:
                out += p
            elif code == TROUBLE_CODES["none"]:
                clean[apr] += p
            elif code == TROUBLE_CODES["check-points"]:
                clean[apr] += p * (1 - jockey_fails)
                clean[checked] += p * jockey_fails
            elif code == TROUBLE_CODES["check-dq"]:
                clean[apr] += p * (1 - jockey_fails)
                dq[apr] += p * jockey_fails
            else:
                dq[apr] += p
    return clean, dq, out


@pytest.mark.parametrize("start", [None, 0, 1, 2])
def test_apr_chances_are_the_in_place_sums_to_the_bit(start: int | None) -> None:
    """The APR chances, added a roll at a time to APRs picked out once, are the sums
    added in place one by one, to the bit: also where a checked horse's APR is its own
    (APR 0; fields started low so that every roll reaches it)."""
    import dataclasses

    from homestretch.games.stretch.analysis import exact

    charts = load_chart_set()
    tables = charts.arrays
    field = FieldArrays.from_race(load_race(RACE), charts)
    if start is not None:
        field = dataclasses.replace(field, start_apr=np.full_like(field.start_apr, start))
    paces = [pace for pace, _ in exact._paces(field, tables)]
    made, known = (
        exact._apr_chances(field, tables, paces),
        _apr_chances_in_place(field, tables, paces),
    )
    for got, want in zip(made, known, strict=True):
        assert np.array_equal(got, want)
    if start == 0:
        assert (known[0][:, :, 0] > 0).all()  # the APR-0 case is really met
