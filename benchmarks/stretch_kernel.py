"""Top of the Stretch speed: kernel vs reference engine, kernel vs the dice alone.

Prints ratios measured in this one run (never a bare time as a target), on CPU time
so that other work on the machine does not skew them. Run with
`.venv/bin/python benchmarks/stretch_kernel.py`. Targets (issue 3): Quickplay at least
1,000,000 ten-horse races a second on one core and 100 times the reference engine;
Fullplay at least 300,000 a second; exact Quickplay odds for a 12-horse field in under
100 ms (the win chances, which set the fair odds; exact place and show chances take
seconds, and are timed here on the wall clock since they use two threads).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.analysis.exact import quickplay_chances, quickplay_win_chances
from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import RaceSpec, build_race, load_race
from homestretch.games.stretch.rules.engine import RaceGame
from stretch_fields import rate

KERNEL_RACES = 1_000_000
ENGINE_RACES = 1_000
EXACT_CALLS = 20


def ten_horse_field():  # type: ignore[no-untyped-def]
    cards = load_card_set()
    horses = [h for h in cards.horses.values() if h.power_dirt is not None][:10]
    spec = RaceSpec.model_validate(
        {
            "name": "Benchmark Stakes",
            "furlongs": 8,
            "entries": [{"horse": h, "jockey": "house-b"} for h in horses],
        }
    )
    return build_race(spec, cards)


def main() -> None:
    race = ten_horse_field()
    charts = load_chart_set()
    field, tables = FieldArrays.from_race(race, charts), ChartArrays.from_charts(charts)
    rng = np.random.default_rng(1)
    batch = 200_000

    def kernel(mode: str) -> None:
        for _ in range(KERNEL_RACES // batch):
            simulate(field, tables, mode, batch, rng, race.furlongs)

    def dice_only() -> None:
        # what the Quickplay rules roll for ten horses: pace, form, factors, speed, photo
        for _ in range(KERNEL_RACES // batch):
            rng.integers(1, 7, size=(2, batch, 10 * 3 + 2), dtype=np.int64)

    def engine(mode: str) -> None:
        game = RaceGame(race, mode)  # type: ignore[arg-type]
        for seed in range(ENGINE_RACES):
            play(game.new_initial_state(), SeededDice(seed), {})

    quick = rate(lambda: kernel("quick"), KERNEL_RACES)
    full = rate(lambda: kernel("full"), KERNEL_RACES)
    dice = rate(dice_only, KERNEL_RACES)
    quick_ref = rate(lambda: engine("quick"), ENGINE_RACES)
    full_ref = rate(lambda: engine("full"), ENGINE_RACES)
    print(
        f"Quickplay kernel: {quick:,.0f} ten-horse races/s; {quick / quick_ref:,.0f}x the "
        f"reference engine; {quick / dice:.2f} of the dice-only limit ({dice:,.0f}/s)"
    )
    print(
        f"Fullplay kernel:  {full:,.0f} ten-horse races/s; {full / full_ref:,.0f}x the "
        f"reference engine"
    )

    twelve = load_race("claiming-route-big-field")
    twelve_field = FieldArrays.from_race(twelve, charts)

    def exact() -> None:
        for _ in range(EXACT_CALLS):
            quickplay_win_chances(twelve, charts)

    def twelve_monte_carlo() -> None:
        for _ in range(KERNEL_RACES // batch):
            simulate(twelve_field, tables, "quick", batch, rng, twelve.furlongs)

    per_exact = 1 / rate(exact, EXACT_CALLS)
    per_million = 1 / rate(twelve_monte_carlo, 1)
    print(
        f"Exact Quickplay win chances, 12 horses: {per_exact * 1000:.0f} ms each; a "
        f"1,000,000-race Monte Carlo of the same field takes {per_million / per_exact:,.0f}x "
        f"as long"
    )
    start = time.perf_counter()
    places = quickplay_chances(twelve, charts).places
    wall = time.perf_counter() - start
    assert places is not None
    print(
        f"Exact Quickplay place and show chances, 12 horses: {wall:.1f} s on the wall clock "
        f"({wall / per_million:.1f}x a 1,000,000-race Monte Carlo's CPU time); show within "
        f"{places.show_bound.max():.1e}"
    )


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # --help; no options
    main()
