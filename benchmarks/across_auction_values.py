"""Across the Board: is there anything for a search to find in the auction?

    .venv/bin/python benchmarks/across_auction_values.py [--games N] [--seed S]

Plays N seeded four-player meets of sensible players and, for every horse, compares the
value the sensible player puts on it when it goes on the block (``horse_value``: its
share of the Winners Circles, purses included, and of the 8th-race bins, from the
track's finish table and the handles it expects, R29) with what the horse then earned its owners in the meet (every
Winners Circle it won, the 8th-race bin it took, the odd fifties). A search of the
auction (rollouts of the meet) would estimate the same expectation; it could only help
if the estimate were off on average. Prints the mean estimate, the mean earned, their
difference with a 95% interval, the spread of what a horse earns around its estimate
(the luck no bid can remove), the mean absolute error, and the two parts estimated and
earned. Then the four constants R29 reckons a race's Winners Circle by, measured in the
same meets (``bots.A_PLAYER``, ``OWNER_SHARE``, ``PURSE_TICKETS``, ``PURSE_OWNER_SHARE``):
tickets a player in a race without a purse and the share of its handle (carry-over
included) the Winners Circle paid; fifties of tickets a fifty of purse in races 3 and 5
and the share of their handle (purse and carry-over included) the Winners Circle paid.
``--constants A,S,T,P`` plays the meets with other values of the four (to compare a
recalibration on the same seeds).
"""

from __future__ import annotations

import argparse
import math
from statistics import mean, stdev

from homestretch.core.chance import SeededDice
from homestretch.core.protocol import JSON
from homestretch.core.referee import play
from homestretch.games.across import bots
from homestretch.games.across.bots import SensibleBot, track_chances
from homestretch.games.across.content.loader import HORSES, load_content
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.rules.totalizator import TICKET_PRICE

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")
BIN_WHY = ("win8 bin", "place8 bin", "show8 bin", "odd fifties")


def before_r29(horse: int, view: JSON) -> float:
    """``horse_value`` at the block as it was before R29: a seventh of one ticket a
    player to the owner for each race won, a seventh of the purses, and the unsold
    horses' receipts reckoned at twice their opening bids."""
    win, place, show = track_chances(view["track"])[horse]
    bins = view["bins"]
    cards = load_content().cards
    unsold = sum(cards[h].opening_bid for h in HORSES if str(h) not in view["owners"])
    final = win * bins["win8"] + place * bins["place8"] + show * bins["show8"]
    final += (win + place + show) * unsold * 2 / 5
    purses = (bins["race3"] + bins["race5"]) / 7 * win
    handle = TICKET_PRICE * len(view["cash"]) + view["carry"]
    return 8 * win * handle / 7 + final + purses


class Recording(SensibleBot):
    """A sensible player that notes its estimate of each lot when it first bids on it."""

    def __init__(
        self, seed: int, estimates: dict[int, tuple[float, float]], before: dict[int, float]
    ) -> None:
        super().__init__(seed)
        self.estimates, self.before = estimates, before

    def choose(self, player, view, legal):  # type: ignore[no-untyped-def]
        lot = view["lot"]
        if view["phase"] == "auction" and lot and lot["horse"] not in self.estimates:
            self.estimates[lot["horse"]] = self.horse_value_parts(lot["horse"], view)
            self.before[lot["horse"]] = before_r29(lot["horse"], view)
        return super().choose(player, view, legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--constants", help="A_PLAYER,OWNER_SHARE,PURSE_TICKETS,PURSE_OWNER_SHARE")
    args = parser.parse_args()
    if args.constants:
        a, s, t, p = (float(x) for x in args.constants.split(","))
        bots.A_PLAYER, bots.OWNER_SHARE, bots.PURSE_TICKETS, bots.PURSE_OWNER_SHARE = a, s, t, p
    # races without a purse: player-races, fifties of tickets, handle, Winners Circles paid;
    # purse races: purse, fifties of tickets, handle, Winners Circles paid
    plain, pursed = [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]
    estimated, earned, old = [], [], []
    parts: list[tuple[float, float, int, int]] = []  # circles, bins: estimated, earned
    for g in range(args.games):
        seed = args.seed * 100_003 + g
        game = AcrossGame(players=4, tracks=(TRACKS[g % len(TRACKS)],))
        estimates: dict[int, tuple[float, float]] = {}
        before: dict[int, float] = {}
        agents = {s: Recording(seed * 7919 + s, estimates, before) for s in range(4)}
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        circles, bins = dict.fromkeys(estimates, 0), dict.fromkeys(estimates, 0)
        for n in state.notices:
            if n["type"] == "windows_dealt":
                row = pursed if n["purse"] else plain
                row[0] += n["purse"] if n["purse"] else 4
                row[1] += n["tickets"]
                row[2] += n["handle"]
            if n["type"] == "window_payoff" and n["group"] == "winners circle":
                circles[n["horse"]] += n["pool"]
                (pursed if n["race"] in bots.PURSES else plain)[3] += n["pool"]
            elif n["type"] == "payment" and n["why"] in BIN_WHY and "horse" in n:
                bins[n["horse"]] += n["amount"]
        for horse, (circle, final) in estimates.items():
            estimated.append(circle + final)
            earned.append(circles[horse] + bins[horse])
            parts.append((circle, final, circles[horse], bins[horse]))
            old.append(before[horse])
    errors = [e - v for v, e in zip(estimated, earned, strict=True)]
    olds = [e - v for v, e in zip(old, earned, strict=True)]
    half = 1.96 * stdev(errors) / math.sqrt(len(errors))
    print(f"seed {args.seed}: {args.games} meets, {len(errors)} horses sold")
    print(f"mean estimate at the block  {mean(estimated):6.2f} fifties")
    print(f"mean earned in the meet     {mean(earned):6.2f} fifties")
    print(f"earned - estimate           {mean(errors):6.2f}  (95% CI +-{half:.2f})")
    print(f"spread of earned - estimate {stdev(errors):6.2f}  (one horse, one meet: luck)")
    print(f"mean absolute error         {mean(abs(e) for e in errors):6.2f}")
    half_old = 1.96 * stdev(olds) / math.sqrt(len(olds))
    print(
        f"the estimate before R29, the same horses: {mean(old):.2f}, earned - estimate"
        f" {mean(olds):.2f} (95% CI +-{half_old:.2f}), mean absolute error"
        f" {mean(abs(e) for e in olds):.2f}"
    )
    for k, part in enumerate(("Winners Circles", "8th-race bins")):
        est, got = mean(p[k] for p in parts), mean(p[k + 2] for p in parts)
        print(f"  {part:15} estimated {est:5.2f}, earned {got:5.2f}")
    played = (bots.A_PLAYER, bots.OWNER_SHARE, bots.PURSE_TICKETS, bots.PURSE_OWNER_SHARE)
    print("the constants played with: " + ", ".join(f"{x:g}" for x in played))
    print(
        f"measured in these meets: A_PLAYER {plain[1] / 3 / plain[0]:.3f},"
        f" OWNER_SHARE {plain[3] / plain[2]:.3f}, PURSE_TICKETS {pursed[1] / pursed[0]:.3f},"
        f" PURSE_OWNER_SHARE {pursed[3] / pursed[2]:.3f}"
    )


if __name__ == "__main__":
    main()
