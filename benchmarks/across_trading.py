"""Across the Board: do the computer players trade horses, and does trading cost them?

    .venv/bin/python benchmarks/across_trading.py [--games N] [--seed S] [--players 4]
        [--format json]

Two sets of N seeded meets (one auction and eight races), the four tracks taken in turn:

1. ``trading``: every seat a sensible player (which trades, ``trading.py``); then the
   same seeds with every seat the pre-trading sensible player (``OldSensible`` below:
   it offered a horse at 30% above its value and bought only below it). Counts horses
   that changed hands per meet (accepted offers carried out), with 95% intervals.
2. ``mixed``: half the seats trading players, half pre-trading ones, the kinds
   alternating round the table and swapped from meet to meet. Mean fifties at the end
   by kind with 95% intervals, the paired difference per meet (the trading seats' mean
   less the others') with its interval, wins (ties shared), the trading players' share
   of the wins with its interval (normal approximation) and the horses traded.
"""

from __future__ import annotations

import argparse
import json
import math
from statistics import mean, stdev
from typing import Any

from homestretch.core.actions import Action
from homestretch.core.chance import SeededDice
from homestretch.core.protocol import JSON
from homestretch.core.referee import play
from homestretch.games.across.bots import BID_SHARE, SensibleBot
from homestretch.games.across.rules.actions import OfferHorse
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.trading import RESERVE

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")


class OldSensible(SensibleBot):
    """The sensible player before it traded (its offers and answers about horses as
    they were, random draws included)."""

    def _trade(self, seat: int, view: JSON) -> Action | None:
        if view["race"] < 4 or self._rng.random() < 0.5 or seat in view["offered"]:
            return None
        mine = [
            int(h) for h, o in view["owners"].items() if o[0] == seat and h not in view["in_hock"]
        ]
        others = [s for s in range(len(view["cash"])) if s != seat]
        if not mine or not others:
            return None
        horse = min(mine, key=lambda h: self.horse_value(h, view))
        buyer = max(others, key=lambda s: view["cash"][s])
        price = math.ceil(self.horse_value(horse, view) * 1.3) + 1
        if seat in view["owners"][str(horse)][1:] or price > view["cash"][buyer]:
            return None
        return OfferHorse(horse, buyer, price)

    def _agrees(self, seat: int, view: JSON) -> bool:
        offer = view["offer"]
        if offer["kind"] not in ("horse", "buy"):
            return super()._agrees(seat, view)
        value = self._rng.uniform(*BID_SHARE) * self.horse_value(offer["horse"], view)
        if offer["kind"] == "buy":
            return bool(offer["amount"] >= self.horse_value(offer["horse"], view) * 1.1)
        return offer["amount"] <= value and view["cash"][seat] - offer["amount"] >= RESERVE


def interval(values: list[float]) -> list[float]:
    half = 1.96 * stdev(values) / math.sqrt(len(values))
    return [round(mean(values) - half, 3), round(mean(values) + half, 3)]


def traded(state: Any) -> list[JSON]:
    """The horses that changed hands between players in a meet."""
    return [
        n
        for n in state.notices
        if n["type"] == "dealing" and n["kind"] in ("horse", "buy") and n["accepted"]
    ]


def meet(g: int, seed: int, players: int, kinds: list[str]) -> Any:
    game = AcrossGame(players=players, tracks=(TRACKS[g % len(TRACKS)],))
    make = {"trading": SensibleBot, "old": OldSensible}
    agents = {s: make[k](seed * 7919 + s) for s, k in enumerate(kinds)}
    return play(game.new_initial_state(), SeededDice(seed), agents)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    n, seeds = args.players, [args.seed * 100_003 + g for g in range(args.games)]
    counts: dict[str, list[float]] = {"trading": [], "old": []}
    for kind in counts:
        for g, seed in enumerate(seeds):
            counts[kind].append(len(traded(meet(g, seed, n, [kind] * n))))
    fifties: dict[str, list[float]] = {"trading": [], "old": []}
    wins = dict.fromkeys(fifties, 0.0)
    paired, mixed_trades, prices = [], [], []
    for g, seed in enumerate(seeds):
        kinds = [("trading", "old")[(s + g) % 2] for s in range(n)]
        state = meet(g, seed, n, kinds)
        cash = state.cash
        winners = [s for s in range(n) if cash[s] == max(cash)]
        for s, kind in enumerate(kinds):
            fifties[kind].append(cash[s])
            wins[kind] += (s in winners) / len(winners)
        paired.append(
            mean(c for c, k in zip(cash, kinds, strict=True) if k == "trading")
            - mean(c for c, k in zip(cash, kinds, strict=True) if k == "old")
        )
        deals = traded(state)
        mixed_trades.append(len(deals))
        prices += [d["amount"] for d in deals]
    share = wins["trading"] / args.games  # each meet has one win, a tie's shared
    half = 1.96 * math.sqrt(share * (1 - share) / args.games)
    report: JSON = {
        "seed": args.seed,
        "games": args.games,
        "players": n,
        "horses_traded_per_meet": {
            kind: {
                "mean": round(mean(c), 3),
                "ci95": interval(c),
                "meets_with_a_trade": sum(1 for x in c if x),
            }
            for kind, c in counts.items()
        },
        "mixed": {
            "kinds": {
                kind: {
                    "seats": len(f),
                    "mean_fifties": round(mean(f), 2),
                    "ci95": interval(f),
                    "wins": round(wins[kind], 1),
                }
                for kind, f in fifties.items()
            },
            "trading_less_old_per_meet": {"mean": round(mean(paired), 3), "ci95": interval(paired)},
            "trading_share_of_wins": {
                "mean": round(share, 3),
                "ci95": [round(share - half, 3), round(share + half, 3)],
            },
            "horses_traded_per_meet": round(mean(mixed_trades), 3),
            "mean_price": round(mean(prices), 2) if prices else None,
        },
    }
    if args.format == "json":
        print(json.dumps(report, indent=2))
        return
    print(f"seed {args.seed}: {args.games} meets of {n} players, twice")
    print("horses changing hands per meet (95% CI), all seats one kind:")
    for kind, row in report["horses_traded_per_meet"].items():
        low, high = row["ci95"]
        print(
            f"  {kind:8} {row['mean']:6.2f}  {low:.2f}-{high:.2f}  ({row['meets_with_a_trade']} meets with a trade)"
        )
    mixed = report["mixed"]
    print("half trading, half old (kinds alternating, swapped each meet):")
    for kind, row in mixed["kinds"].items():
        low, high = row["ci95"]
        print(
            f"  {kind:8} {row['seats']:4} seats  mean {row['mean_fifties']:6.2f}  "
            f"{low:.2f}-{high:.2f}  wins {row['wins']}"
        )
    diff = mixed["trading_less_old_per_meet"]
    print(
        f"  trading - old per meet: {diff['mean']:+.2f}  95% CI {diff['ci95'][0]:+.2f} to {diff['ci95'][1]:+.2f}"
    )
    low, high = mixed["trading_share_of_wins"]["ci95"]
    share = mixed["trading_share_of_wins"]["mean"]
    print(f"  the trading players' share of the wins: {share:.3f}  95% CI {low:.3f}-{high:.3f}")
    print(
        f"  horses traded per meet {mixed['horses_traded_per_meet']}, mean price {mixed['mean_price']}"
    )


if __name__ == "__main__":
    main()
