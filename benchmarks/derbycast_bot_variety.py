"""How spread a table of Derby Cast computer players' picks are, and whether they still
pick for value, measured in one run.

Run: .venv/bin/python benchmarks/derbycast_bot_variety.py [players] [games]
For every bundled replay card, ``players`` computer players (seeded apart) pick; it
reports how many of them took the most-taken horse-and-bet (mean and worst over the
cards) and how many different picks were made. Then ``games`` two-player games over
the replays, value picks against uniformly random picks: the share the value player won.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.derbycast.bots import ValueBot
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.rules.game import DerbyCastGame
from homestretch.games.derbycast.terminal.keeper import card_of


def spread(players: int) -> tuple[float, int, float]:
    people = [{"name": f"C{i}"} for i in range(players)]
    game = DerbyCastGame({"entrants": people, "order": "rotate"})
    most, different = [], []
    for race in replay_library():
        state = game.new_initial_state()
        state.apply(game.keeper, card_of(race))
        view, legal = state.view(0), state.legal_actions(0)
        chosen = Counter(
            ValueBot(seat * 1009 + 7).choose(0, view, legal) for seat in range(players)
        )
        most.append(chosen.most_common(1)[0][1])
        different.append(len(chosen))
    return statistics.mean(most), max(most), statistics.mean(different)


def value_share(games: int) -> float:
    wins = 0
    for seed in range(games):
        value_seat = seed % 2
        game = DerbyCastGame(
            {"entrants": [{"name": "A"}, {"name": "B"}], "source": "replays", "draw": "fresh"}
        )
        agents = {value_seat: ValueBot(seed * 1009), 1 - value_seat: RandomBot(seed * 31 + 7)}
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        wins += any(w["marker"] - 1 == value_seat for w in state.result()["winners"])
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("players", type=int, nargs="?", default=17, help="players a card (17)")
    parser.add_argument("games", type=int, nargs="?", default=400, help="games, value vs random")
    args = parser.parse_args()
    players, games = args.players, args.games
    mean, worst, different = spread(players)
    print(f"{players} computer players on each of {len(replay_library())} replay cards:")
    print(f"  most-taken pick: {mean:.1f} of them on average, {worst} at worst")
    print(f"  different picks made: {different:.1f} on average")
    print(f"value picks beat random picks in {value_share(games):.0%} of {games} games")


if __name__ == "__main__":
    main()
