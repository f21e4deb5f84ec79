"""The NumPy kernels agree with the reference engine in distribution."""

from __future__ import annotations

import math

import numpy as np
import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.analysis.kernel import FieldArrays, _disqualify, simulate
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import Pace, load_chart_set
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.finish import official_order

ENGINE_RACES = 1500
KERNEL_RACES = 200_000


@pytest.mark.parametrize("mode", ["quick", "full"])
def test_kernel_matches_engine_win_and_show_rates(mode: str) -> None:
    race = load_race("2009-champagne-stakes")
    charts = load_chart_set()
    game = RaceGame(race, mode)
    h = len(race.runners)
    engine_win, engine_show = np.zeros(h), np.zeros(h)
    for seed in range(ENGINE_RACES):
        state = play(game.new_initial_state(), SeededDice(seed), {})
        assert isinstance(state, RaceState)
        for i, line in enumerate(state.lines):
            engine_win[i] += line.finish == 1
            engine_show[i] += line.finish is not None and line.finish <= 3
    batch = simulate(
        FieldArrays.from_race(race, charts),
        ChartArrays.from_charts(charts),
        mode,
        KERNEL_RACES,
        np.random.default_rng(5),
        race.furlongs,
    )
    kernel_win = (batch.finish == 1).mean(axis=0)
    kernel_show = ((batch.finish >= 1) & (batch.finish <= 3)).mean(axis=0)
    for engine, kernel in (
        (engine_win / ENGINE_RACES, kernel_win),
        (engine_show / ENGINE_RACES, kernel_show),
    ):
        for p_engine, p_kernel in zip(engine, kernel, strict=True):
            # 4.5 standard errors of the engine's sample: a real difference in rules shows
            se = math.sqrt(max(p_kernel * (1 - p_kernel), 1e-4) / ENGINE_RACES)
            assert abs(p_engine - p_kernel) < 4.5 * se, (mode, engine, kernel)


def _engine_disqualify(finish: np.ndarray, dq: np.ndarray, die: np.ndarray) -> None:
    """The engine's rule, one race: official_order over the groups at the wire."""
    running = [i for i in range(len(finish)) if finish[i] > 0]
    groups: dict[int, list[int]] = {}
    for i in running:
        groups.setdefault(int(finish[i]), []).append(i)
    wire_order = [groups[place] for place in sorted(groups)]
    order = official_order(wire_order, {i: int(die[i]) for i in running if dq[i]})
    place = 1
    for group in order:
        for i in group:
            finish[i] = place
        place += len(group)


@pytest.mark.parametrize("disqualified_per_race", [0.3, 1.5])
def test_vectorized_disqualification_matches_the_engine_rule(
    disqualified_per_race: float,
) -> None:
    """Dead heats, horses out, one or several DQs per race: the same places as the engine."""
    rng = np.random.default_rng(3)
    n, h = 6000, 7
    key = rng.integers(0, 6, size=(n, h)) * 64 + rng.integers(0, 3, size=(n, h))
    out = rng.random((n, h)) < 0.1
    key = np.where(out, np.iinfo(np.int64).min, key)
    finish = 1 + (key[:, None, :] > key[:, :, None]).sum(axis=2)
    finish[out] = 0
    dq = (rng.random((n, h)) < disqualified_per_race / h) & ~out
    vectorized = finish.copy()
    _disqualify(vectorized, dq, np.random.default_rng(9))
    rows = np.flatnonzero(dq.any(axis=1))
    die = np.random.default_rng(9).integers(1, 7, size=(rows.size, h))
    expected = finish.copy()
    for k, row in enumerate(rows):
        _engine_disqualify(expected[row], dq[row], die[k])
    assert (dq.sum(axis=1) > 1).any()
    assert (vectorized == expected).all()


@pytest.mark.parametrize(
    "name", ["2009-breeders-cup-ladies-classic", "maiden-special-weight", "dream-derby"]
)
def test_kernel_morning_line_is_the_engines_for_the_same_odds_rolls(name: str) -> None:
    """Ruling S17: the kernel's generated odds are the board the engine shows after the
    same odds rolls, balanced book and all (a rulebook race, an even field whose chart
    book runs long, a dream field whose chart book runs very long)."""
    from homestretch.games.stretch.analysis.kernel import odds_from_dice

    race = load_race(name)
    charts = load_chart_set()
    field = FieldArrays.from_race(race, charts)
    rng = np.random.default_rng(11)
    red, white = rng.integers(1, 7, size=(2, 60, len(race.runners)))
    kernel = odds_from_dice(field, ChartArrays.from_charts(charts), red, white)
    balanced = 0
    for k in range(red.shape[0]):
        state = RaceGame(race, "quick", odds="chart").new_initial_state()
        for r, w in zip(red[k], white[k], strict=True):
            state.apply_chance((int(r), int(w)))
        board = [line.odds for line in state.lines]
        assert all(o is not None for o in board)
        assert list(kernel[k]) == [float(o.value) for o in board if o is not None]
        chart = [line.chart_odds for line in state.lines if line.chart_odds is not None]
        balanced += board != chart
    assert balanced > 0  # the balance was exercised, not only books already in the band


def test_kernel_odds_sum_to_a_real_book() -> None:
    """The generated boards imply 120% (ruling S17), as the engine's do, where the chart
    prices of this dream field imply 260% and more; board prices are coarse, so a race's
    book lands near the target, not on it."""
    race = load_race("dream-derby")
    charts = load_chart_set()
    batch = simulate(
        FieldArrays.from_race(race, charts),
        ChartArrays.from_charts(charts),
        "full",
        2_000,
        np.random.default_rng(3),
        race.furlongs,
        with_odds=True,
    )
    assert batch.odds is not None
    books = (1 / (batch.odds + 1)).sum(axis=1)
    assert books.mean() == pytest.approx(1.20, abs=0.01)
    assert books.min() >= 1.10 and books.max() <= 1.30


def _pace_of(game: RaceGame, seed: int, whole_race: bool) -> Pace:
    """The engine's pace for a seeded race, read as soon as it is set (after the break
    and setup segments) instead of at the wire; ``whole_race``: run to the wire too, and
    the pace must not have changed on the way."""
    state = game.new_initial_state()
    dice = SeededDice(seed)
    while state.pace is None:
        assert not state.is_over(), "the race ended without a pace"
        state.apply_chance(dice.resolve(state.chance_node()))
    pace = state.pace
    if whole_race:
        state = play(state, dice, {})
        assert isinstance(state, RaceState) and state.pace == pace
    return pace


@pytest.mark.parametrize(("runners", "furlongs"), [(13, 6.0), (14, 10.0)])
def test_kernel_reads_the_field_size_term_as_the_engine_does(runners: int, furlongs: float) -> None:
    """Ruling S18: a 13-runner sprint loses a point off the top-two total on three faces
    of the Field die, a 14-runner route on four; the engine rolls the die only where it
    decides the row, the kernel every race, and their pace shares match; the field is
    one where dropping the term would show."""
    from dataclasses import replace

    from tests.games.stretch.analysis.test_stretch_kernel_identity import field_of

    from homestretch.games.stretch.content.chart_arrays import PACES

    race, charts = field_of(runners, furlongs), load_chart_set()
    assert charts.pace_term(runners, furlongs < 8) == (0, 3 if furlongs < 8 else 4)
    game = RaceGame(race, "full", odds="none")
    engine = np.zeros(3)
    for seed in range(4000):
        engine[PACES.index(_pace_of(game, seed, whole_race=seed < 20))] += 1 / 4000
    field, tables = FieldArrays.from_race(race, charts), ChartArrays.from_charts(charts)
    shares = {}
    for name, arrays in (
        ("term", tables),
        ("none", replace(tables, race_pace_faces=0 * tables.race_pace_faces)),
    ):
        batch = simulate(field, arrays, "full", 100_000, np.random.default_rng(9), furlongs)
        shares[name] = np.bincount(batch.pace, minlength=3) / 100_000
    se = np.sqrt(np.maximum(shares["term"] * (1 - shares["term"]), 1e-4) / 4000)
    assert (np.abs(engine - shares["term"]) < 4.5 * se).all(), (engine, shares)
    assert (np.abs(engine - shares["none"]) > 4.5 * se).any(), (engine, shares)


def test_kernel_refuses_a_mode_it_does_not_know() -> None:
    """Any mode but "quick" ran Fullplay silently (a benchmark's "null" side did)."""
    race = load_race("maiden-special-weight")
    charts = load_chart_set()
    field = FieldArrays.from_race(race, charts)
    tables = ChartArrays.from_charts(charts)
    with pytest.raises(ValueError, match="'quick' or 'full', not 'null'"):
        simulate(field, tables, "null", 10, np.random.default_rng(1), race.furlongs)


def test_every_generated_price_is_a_board_price() -> None:
    """Ruling S26: balancing a book (S17) read prices to the nearest whole number above
    5-1, so dream fields' boards showed 56-1, 13-1 and 293-1; every price is now one a
    morning line shows, in engine and kernel alike."""
    from homestretch.core.odds import BOARD_STEPS

    race = load_race("dream-derby")
    charts = load_chart_set()
    batch = simulate(
        FieldArrays.from_race(race, charts),
        ChartArrays.from_charts(charts),
        "quick",
        5_000,
        np.random.default_rng(5),
        race.furlongs,
        with_odds=True,
    )
    assert batch.odds is not None
    board = {float(step) for step in BOARD_STEPS}
    prices = set(np.unique(batch.odds).tolist())
    assert prices <= board
    assert prices - {float(o.value) for o in charts.odds_chart.values()}  # balanced ones too
    for seed in range(40):
        state = RaceGame(race, "quick", odds="chart").new_initial_state()
        dice = SeededDice(seed)
        while any(line.odds is None for line in state.lines):
            state.apply_chance(dice.resolve(state.chance_node()))
        assert all(line.odds is not None and line.odds.on_board for line in state.lines)
