"""Across the Board: what racing as people do (R28) is worth, and how the search player races.

    .venv/bin/python benchmarks/across_racing.py [--games N] [--seed S]
    .venv/bin/python benchmarks/across_racing.py --search-rejections [--own-dice] [--games N]
        [--seed S]

The first plays N seeded four-player meets of sensible players, two racing as R28 has
them (a rival's roll rejected while a horse of the roller's own or backed runs, unless
half an X brings it home anyway) and two racing by R21's policy (only a rival one X
from home held back; ``R21Racer`` below, in all else today's sensible player), the kinds
alternating round the table and swapped from meet to meet, the four tracks in turn.
Prints the R28 racers' mean fifties less the R21 racers', meet by meet, with a 95%
interval, and the R28 racers' share of the wins (a shared win shared).

The second plays N meets of four search players and counts, of the rivals' rolls each
met with a horse of its own running (the rolls its rollouts decide), how many it
rejected (``--own-dice``: each choice's rollouts with dice of their own, as before R31).
"""

from __future__ import annotations

import argparse
import math
from statistics import mean, stdev
from typing import Any

from homestretch.core.actions import Action
from homestretch.core.chance import SeededDice
from homestretch.core.protocol import JSON
from homestretch.core.referee import play
from homestretch.games.across.bots import SensibleBot
from homestretch.games.across.content.loader import HORSES
from homestretch.games.across.rules.actions import Answer, Reject
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.search import SearchBot

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")


class R21Racer(SensibleBot):
    """Today's sensible player racing by R21's policy: it accepts every roll but a
    rival's one X from home while a horse of its own or backed still runs."""

    def _accepts(self, seat: int, view: JSON) -> bool:
        card = view["race_card"]
        rolled = str(card["rolled"])
        stakes = {h for h, owners in view["owners"].items() if seat in owners}
        stakes |= {str(h) for s, h in view["tickets"] if s == seat}
        if rolled in stakes or not any(int(h) not in card["finish"] for h in stakes):
            return True
        return bool(card["progress"][rolled] != card["need"][rolled] - 2)


class Counting(SearchBot):
    """A search player that counts the rolls its rollouts decide, and its rejections."""

    def __init__(self, seed: int, counts: list[int]) -> None:
        super().__init__(seed)
        self.counts = counts

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        action = super().choose(player, view, legal)
        if view["phase"] == "race" and Reject() in legal and Answer(True) not in legal:
            card = view["race_card"]
            stakes = {int(h) for h, o in view["owners"].items() if player in o}
            stakes |= {h for s, h in view["tickets"] if s == player}
            running = {h for h in HORSES if h not in card["finish"]}
            if card["rolled"] not in stakes and stakes & running:
                self.counts[0] += 1
                self.counts[1] += isinstance(action, Reject)
        return action


def racing(games: int, seed0: int) -> None:
    diffs, share = [], []
    for g in range(games):
        seed = seed0 * 100_003 + g
        kinds = [("r28", "r21")[(s + g) % 2] for s in range(4)]
        game = AcrossGame(players=4, tracks=(TRACKS[g % len(TRACKS)],))
        agents: dict[int, Any] = {
            s: (SensibleBot if k == "r28" else R21Racer)(seed * 7919 + s)
            for s, k in enumerate(kinds)
        }
        cash = play(game.new_initial_state(), SeededDice(seed), agents).result()["fifties"]
        r28 = [c for c, k in zip(cash, kinds, strict=True) if k == "r28"]
        r21 = [c for c, k in zip(cash, kinds, strict=True) if k == "r21"]
        diffs.append(mean(r28) - mean(r21))
        best = max(cash)
        share.append(sum(c == best for c in r28) / sum(c == best for c in cash))
    half = 1.96 * stdev(diffs) / math.sqrt(len(diffs))
    print(f"seed {seed0}: {games} meets, two racing as R28 has it against two by R21's policy")
    print(
        f"R28 less R21, fifties a meet: {mean(diffs):+.2f}"
        f" (95% CI {mean(diffs) - half:+.2f} to {mean(diffs) + half:+.2f})"
    )
    print(f"R28 racers' share of the wins: {mean(share):.3f}")


def rejections(games: int, seed0: int, own_dice: bool) -> None:
    counts = [0, 0]
    Counting.SAME_DICE = not own_dice
    for g in range(games):
        seed = seed0 * 100_003 + g
        game = AcrossGame(players=4, tracks=(TRACKS[g % len(TRACKS)],))
        agents = {s: Counting(seed * 7919 + s, counts) for s in range(4)}
        play(game.new_initial_state(), SeededDice(seed), agents)
    dice = "each choice its own dice" if own_dice else "both choices on the same dice"
    print(f"seed {seed0}: {games} meets of four search players, {dice}")
    print(
        f"rivals' rolls met with a horse of its own running: {counts[0]},"
        f" rejected {counts[1]} ({100 * counts[1] / max(counts[0], 1):.1f}%)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search-rejections", action="store_true")
    parser.add_argument("--own-dice", action="store_true")
    args = parser.parse_args()
    if args.search_rejections:
        rejections(args.games, args.seed, args.own_dice)
    else:
        racing(args.games, args.seed)


if __name__ == "__main__":
    main()
