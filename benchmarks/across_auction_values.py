"""Across the Board: is there anything for a search to find in the auction?

    .venv/bin/python benchmarks/across_auction_values.py [--games N] [--seed S]

Plays N seeded four-player meets of sensible players and, for every horse, compares the
value the sensible player puts on it when it goes on the block (``horse_value``: its
share of the Winners Circle, the purses and the 8th-race bins, from the track's finish
table and the handle) with what the horse then earned its owners in the meet (every
Winners Circle it won, the 8th-race bin it took, the odd fifties). A search of the
auction (rollouts of the meet) would estimate the same expectation; it could only help
if the estimate were off on average. Prints the mean estimate, the mean earned, their
difference with a 95% interval, and the spread of what a horse earns around its
estimate (the luck no bid can remove).
"""

from __future__ import annotations

import argparse
import math
from statistics import mean, stdev

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.across.bots import SensibleBot
from homestretch.games.across.rules.game import AcrossGame

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")
BIN_WHY = ("win8 bin", "place8 bin", "show8 bin", "odd fifties")


class Recording(SensibleBot):
    """A sensible player that notes its estimate of each lot when it first bids on it."""

    def __init__(self, seed: int, estimates: dict[int, float]) -> None:
        super().__init__(seed)
        self.estimates = estimates

    def choose(self, player, view, legal):  # type: ignore[no-untyped-def]
        lot = view["lot"]
        if view["phase"] == "auction" and lot and lot["horse"] not in self.estimates:
            self.estimates[lot["horse"]] = self.horse_value(lot["horse"], view)
        return super().choose(player, view, legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    estimated, earned = [], []
    for g in range(args.games):
        seed = args.seed * 100_003 + g
        game = AcrossGame(players=4, tracks=(TRACKS[g % len(TRACKS)],))
        estimates: dict[int, float] = {}
        agents = {s: Recording(seed * 7919 + s, estimates) for s in range(4)}
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        got = dict.fromkeys(estimates, 0)
        for n in state.notices:
            if n["type"] == "window_payoff" and n["group"] == "winners circle":
                got[n["horse"]] += n["pool"]
            elif n["type"] == "payment" and n["why"] in BIN_WHY and "horse" in n:
                got[n["horse"]] += n["amount"]
        for horse, value in estimates.items():
            estimated.append(value)
            earned.append(got[horse])
    errors = [e - v for v, e in zip(estimated, earned, strict=True)]
    half = 1.96 * stdev(errors) / math.sqrt(len(errors))
    print(f"seed {args.seed}: {args.games} meets, {len(errors)} horses sold")
    print(f"mean estimate at the block  {mean(estimated):6.2f} fifties")
    print(f"mean earned in the meet     {mean(earned):6.2f} fifties")
    print(f"earned - estimate           {mean(errors):6.2f}  (95% CI +-{half:.2f})")
    print(f"spread of earned - estimate {stdev(errors):6.2f}  (one horse, one meet: luck)")


if __name__ == "__main__":
    main()
