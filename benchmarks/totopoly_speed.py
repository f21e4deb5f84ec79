"""How fast the Totopoly reference engine plays, as ratios measured in one run.

Run: .venv/bin/python benchmarks/totopoly_speed.py [games]
Reports games per second with sensible and random players, and how many times slower
a whole game is than merely drawing its dice from the seeded generator (the
random-number limit), and than the same game with no views built for the players.
"""

from __future__ import annotations

import argparse
import time

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.protocol import CHANCE
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState


def play(game: TotopolyGame, seed: int, sensible: bool, views: bool) -> TotopolyState:
    state = game.new_initial_state()
    dice = SeededDice(seed)
    bots = {
        s: SensibleBot(game, s, seed) if sensible else RandomBot(seed + s)
        for s in range(game.players)
    }
    while not state.is_over():
        if state.to_act() == [CHANCE]:
            state.apply_chance(dice.resolve(state.chance_node()))
        else:
            player = state.to_act()[0]
            view = state.view(player) if views or sensible else {}
            state.apply(player, bots[player].choose(player, view, state.legal_actions(player)))
    return state


def main(games: int) -> None:
    game = TotopolyGame(4)
    timings = {}
    nodes = []
    for label, sensible, views in (
        ("sensible", True, True),
        ("random", False, True),
        ("random, no views", False, False),
    ):
        start = time.perf_counter()
        for seed in range(games):
            state = play(game, seed, sensible, views)
            if label == "sensible":
                nodes += [e for e in state.events if e.player == CHANCE]
        timings[label] = time.perf_counter() - start
    dice = SeededDice(0)
    start = time.perf_counter()
    for _ in nodes:
        dice._rng.randint(1, 6)
    rng = time.perf_counter() - start
    for label, seconds in timings.items():
        print(f"{label:>18}: {games / seconds:8.1f} games/s")
    print(f"sensible game / its dice alone: {timings['sensible'] / max(rng, 1e-9):.0f}x")
    print(f"random with views / without: {timings['random'] / timings['random, no views']:.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("n", type=int, nargs="?", default=100, help="games (100)")
    main(parser.parse_args().n)
