"""The computer players' arithmetic agrees with the Totemaster's payoff, finish by finish."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from homestretch.games.across.analysis.returns import dealt, finishes, payouts, with_one_more
from homestretch.games.across.content.loader import HORSES
from homestretch.games.across.rules.totalizator import settle

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")


@pytest.mark.parametrize("mode", ["exclusive", "across"])
@pytest.mark.parametrize("seed", range(30))
def test_payouts_match_settle_for_every_seat(seed: int, mode: str) -> None:
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    tickets = [
        (rng.randrange(players), rng.choice(HORSES[:6] if seed % 2 else HORSES))
        for _ in range(rng.randint(0, 12))
    ]
    owners = {h: (rng.randrange(players),) for h in HORSES}
    owners[7] = (0, 1)  # a syndicate
    windows = dealt(3 * len(tickets) + rng.randint(0, 9))
    triples = np.array([rng.sample(HORSES, 3) for _ in range(25)])
    for seat in range(players):
        fast = payouts(windows, tickets, seat, owners, triples, mode)
        for k, finish in enumerate(triples):
            out = settle(list(windows), tickets, tuple(finish), owners[finish[0]], mode)
            assert fast[k] == out.paid.get(seat, 0), (seat, tuple(finish))


def test_a_tracks_finishes_are_a_distribution_that_favours_its_picks() -> None:
    table = finishes("churchill-downs")
    assert table.weight.sum() == pytest.approx(1.0)
    chances = table.chances()
    assert sum(c[0] for c in chances.values()) == pytest.approx(1.0)
    assert chances[6][0] > chances[3][0]


def test_one_more_ticket_on_each_horse_is_payouts_with_that_ticket() -> None:
    rng = random.Random(3)
    tickets = [(rng.randrange(4), rng.choice(HORSES)) for _ in range(7)]
    owners = {h: (h % 4,) for h in HORSES}
    windows = dealt(3 * 8 + 2)
    triples = np.array([rng.sample(HORSES, 3) for _ in range(40)])
    for mode in ("exclusive", "across"):
        more = with_one_more(windows, tickets, 1, owners, triples, mode)
        for row, horse in enumerate(HORSES):
            alone = payouts(windows, [*tickets, (1, horse)], 1, owners, triples, mode)
            assert list(more[row]) == list(alone)


@pytest.mark.parametrize("track", TRACKS)
def test_the_shipped_finish_tables_are_what_the_kernel_races(track: str) -> None:
    # If a card changes, rebuild them: python -m homestretch.games.across.analysis.returns
    from homestretch.games.across.analysis.returns import race_finishes
    from homestretch.games.across.content.loader import load_content

    shipped = finishes(track)
    raced = race_finishes(load_content(None).track(track))
    assert np.array_equal(shipped.horses, raced.horses)
    assert np.array_equal(shipped.weight, raced.weight)


FRESH_RACES = 4000
WITHIN = 73.4
"""The 0.1% point of a chi-square of 40 degrees of freedom (ten free win shares a track,
four tracks): the tolerance the shipped tables are held to."""


@cache
def races_as_the_players_race(key: str, races: int, seed: int) -> dict[int, int]:
    """Wins per horse in ``races`` races run one roll at a time through ``race.py``, the
    horses dealt among four seats, each seat racing as the computer players do (R28):
    a rival's roll rejected while a horse of the roller's runs, unless half an X would
    bring the rival home anyway."""
    from homestretch.games.across.content.loader import load_content
    from homestretch.games.across.rules.race import Race

    rng = random.Random(seed)
    track = load_content(None).track(key)
    wins = dict.fromkeys(HORSES, 0)
    for _ in range(races):
        horses = list(HORSES)
        rng.shuffle(horses)
        owner = {h: i % 4 for i, h in enumerate(horses)}
        race = Race.start(1, track, roller=0)
        turn = 0
        while not race.over:
            roller = turn % 4
            if race.first_roll(rng.randint(1, 6) + rng.randint(1, 6)):
                h = race.rolled
                running = any(owner[x] == roller and not race.is_in(x) for x in HORSES)
                if owner[h] != roller and running and race.progress[h] + 1 < race.need[h]:
                    race.reject()
                    if not race.over:
                        race.second_roll(rng.randint(1, 6) + rng.randint(1, 6))
                else:
                    race.accept()
            turn += 1
        wins[race.finish[0]] += 1
    return wins


def misfit(tables: dict[str, dict[int, tuple[float, float, float]]]) -> float:
    """How far the tables' win chances are from a fresh sample of today's racing: the
    squared differences over their variance (the table's 10,000 races and the
    sample's), summed over the horses and the four tracks: a chi-square of 40."""
    total = 0.0
    for key in TRACKS:
        wins = races_as_the_players_race(key, FRESH_RACES, seed=11)
        for h in HORSES:
            p = tables[key][h][0]
            var = p * (1 - p) * (1 / FRESH_RACES + 1 / 10_000)
            total += (wins[h] / FRESH_RACES - p) ** 2 / var
    return total


def test_the_shipped_finish_tables_match_a_fresh_sample_of_todays_racing_r29() -> None:
    # Shipped: 42.6 (seed 11); the tables raced by R21's policy, five seats, 157.8.
    assert misfit({key: finishes(key).chances() for key in TRACKS}) < WITHIN


def test_tables_of_the_old_racing_fail_that_check() -> None:
    from homestretch.games.across.analysis.handicapper import run_races
    from homestretch.games.across.analysis.returns import Finishes
    from homestretch.games.across.content.loader import load_content

    old = {}
    for key in TRACKS:  # raced as before R29: R21's policy, among five seats
        track = load_content(None).track(key)
        order, _, _ = run_races(
            track.start_halves(), track.need_halves(), 10_000, np.random.default_rng(2)
        )
        triples, counts = np.unique(order, axis=0, return_counts=True)
        old[key] = Finishes(triples + HORSES[0], counts / counts.sum()).chances()
    assert misfit(old) > WITHIN


def test_a_track_with_other_handicaps_is_raced_not_read(tmp_path: Path) -> None:
    import shutil

    from homestretch.games.across.content.loader import DEFAULT_DIR

    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, folder)
    card = folder / "tracks" / "woodbine.toml"
    card.write_text(card.read_text().replace("preprinted_x = 3.0", "preprinted_x = 3.5", 1))
    assert not np.array_equal(finishes("woodbine", str(folder)).weight, finishes("woodbine").weight)
