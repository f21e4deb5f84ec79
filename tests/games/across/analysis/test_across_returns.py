"""The computer players' arithmetic agrees with the Totemaster's payoff, finish by finish."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from homestretch.games.across.analysis.returns import dealt, finishes, payouts, with_one_more
from homestretch.games.across.content.loader import HORSES
from homestretch.games.across.rules.totalizator import settle


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


@pytest.mark.parametrize("track", ["churchill-downs", "epsom-downs", "longchamp", "woodbine"])
def test_the_shipped_finish_tables_are_what_the_kernel_races(track: str) -> None:
    # If a card changes, rebuild them: python -m homestretch.games.across.analysis.returns
    from homestretch.games.across.analysis.returns import race_finishes
    from homestretch.games.across.content.loader import load_content

    shipped = finishes(track)
    raced = race_finishes(load_content(None).track(track))
    assert np.array_equal(shipped.horses, raced.horses)
    assert np.array_equal(shipped.weight, raced.weight)


def test_a_track_with_other_handicaps_is_raced_not_read(tmp_path: Path) -> None:
    import shutil

    from homestretch.games.across.content.loader import DEFAULT_DIR

    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, folder)
    card = folder / "tracks" / "woodbine.toml"
    card.write_text(card.read_text().replace("preprinted_x = 3.0", "preprinted_x = 3.5", 1))
    assert not np.array_equal(finishes("woodbine", str(folder)).weight, finishes("woodbine").weight)
