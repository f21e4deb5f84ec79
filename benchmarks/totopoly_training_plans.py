"""Is a trained lightweight's rarity the players' judgment? Two members who train
otherwise, each against the sensible player shipped.

Run: nice .venv/bin/python benchmarks/totopoly_training_plans.py [games] [seed] [--short]
         [--variant plan|yellow] [--format json]

The leftovers measured (docs/totopoly.md, "Trained once, seldom trained"): a blue given
training cards once (three blue cards) is almost never nominated, and in the short game
few yellows are trained. The variants change only which report a member reads:

- ``plan``: values a report by what the reports still to come this circuit (about one a
  throw of two dice, seven squares) could make of the horse's colour: the gain of the
  owner's best horse (his nominee) from the cards they may bring, shared among them,
  plus an also-ran's share of the horse's own gain. A horse one report from passing
  its stable-mate is trained towards it, not only the nominee of the moment.
- ``yellow``: reads the Stevedon trainer's report for its yellow whenever it may (the
  short game's question: would training the yellow pay?).

For each it plays ``games`` seeds twice (the variant at all four seats, then the shipped
player, alternating which goes first; ``totopoly_runners.paired``) for the per runner
rates by cards held, then ``games`` mixed tables of two of each, rotated round the seats
(the players' tournament), for each kind's final money and race wins with 95% intervals
(1.96 standard errors).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import totopoly_runners as runners  # noqa: E402
from homestretch.core.protocol import JSON  # noqa: E402
from homestretch.games.totopoly.analysis.tournament import tournament  # noqa: E402
from homestretch.games.totopoly.bots import OTHERS, TWO_DICE, SensibleBot  # noqa: E402
from homestretch.games.totopoly.rules.actions import DrawReport  # noqa: E402
from homestretch.games.totopoly.rules.state import TotopolyGame  # noqa: E402


class Planner(SensibleBot):
    """Reads the report whose cards, over the reports still to come, do most for the
    owner's best horse."""

    def reads_left(self, view: JSON) -> int:
        size = self.content.ring_size
        left = 1
        for h in view["horses"]:
            if h.get("owner") == self.seat and h["status"] == "training":
                square = h.get("square")
                box = self.content.boxes[h["number"]]
                done = 0 if square is None else (square - box) % size + 1
                left = max(left, math.ceil((size - done) / TWO_DICE))
        return left

    def report_gain(self, view: JSON, action: DrawReport) -> float:
        colour_odds, white = self.deck_odds(action.deck)
        colour = self.content.horses[action.horse].colour
        held = dict(view["players"][self.seat]["cards"])
        pile = (view.get("supply") or self.content.supply).get(colour, 0)
        if not pile:
            return -white * 1.5
        ours = [
            int(h["number"])
            for h in view["horses"]
            if h.get("owner") == self.seat and h["status"] in ("training", "home")
        ]
        left = self.reads_left(view)
        cards = min(pile, left * colour_odds * self.content.at_a_time[colour])
        more = {**held, colour: held[colour] + cards}
        best_now = max(self.lengths_gained(h, held) for h in ours)
        best_after = max(self.lengths_gained(h, more) for h in ours)
        own = self.lengths_gained(action.horse, more) - self.lengths_gained(action.horse, held)
        return (best_after - best_now + OTHERS * own) / left - white * 1.5


class YellowFirst(SensibleBot):
    """Reads the Stevedon trainer's report for its yellow whenever it may."""

    def report_gain(self, view: JSON, action: DrawReport) -> float:
        gain = super().report_gain(view, action)
        yellow = self.content.horses[action.horse].colour == "yellow"
        return max(gain, 0.0) + 100.0 if yellow and action.deck == "stevedon" else gain


VARIANTS: dict[str, type[SensibleBot]] = {"plan": Planner, "yellow": YellowFirst}


def measure(variant: str, games: int, seed: int, short: bool) -> JSON:
    kinds: dict[str, type[SensibleBot]] = {variant: VARIANTS[variant], "keep": SensibleBot}
    runners.KINDS.clear()
    runners.KINDS.update(kinds)
    paired = runners.paired(games, seed, short)
    game = TotopolyGame(4, short=short)
    seated = [variant, "keep", variant, "keep"]
    played = tournament(game, seated, games, seed, lambda: None, kinds)
    mixed: JSON = {}
    for kind, report in played["kinds"].items():
        mean, half = report["average_money"], runners.Z95 * report["average_money_stderr"]
        mixed[kind] = {
            "average_money": mean,
            "low": round(mean - half, 1),
            "high": round(mean + half, 1),
            "race_wins_a_seat": runners.rate(report["race_wins"], 2 * games),
        }
    return {"games": games, "seed": seed, "short": short, "paired": paired, "mixed": mixed}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", type=int, nargs="?", default=400)
    parser.add_argument("seed", type=int, nargs="?", default=2026)
    parser.add_argument("--short", action="store_true", help="the short game")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="plan")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    variant, games, seed = args.variant, args.games, args.seed
    result = measure(variant, games, seed, args.short)
    if args.format == "json":
        print(json.dumps(result, indent=2))
        sys.exit(0)
    print(f"{games} {'short' if result['short'] else 'long'} games, seed {seed}, {variant}")
    for kind, part in result["paired"].items():
        print(f"\n== {kind}")
        for key, row in part["by_cards"].items():
            if key.startswith(("yellow", "blue")):
                print(
                    f"{key:10} per runner {runners.show(row['per_runner']):28}"
                    f" nominated {row['nominated']:4.0%}"
                )
        print(
            "share of races: "
            + ", ".join(f"{c} {runners.show(r)}" for c, r in part["race_share"].items())
        )
    print(f"\nmixed tables, {games} games:")
    for kind, row in result["mixed"].items():
        print(
            f"  {kind}: £{row['average_money']} [{row['low']}, {row['high']}],"
            f" race wins a seat {runners.show(row['race_wins_a_seat'])}"
        )
