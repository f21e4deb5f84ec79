"""How many races a game of Derby Cast to 20 points takes (the rulebook's game: no set
number of races, the first marker past 20 points wins), the number the lobby's "Number
of races" field quotes (ruling R31).

Run: .venv/bin/python benchmarks/derbycast_game_length.py [games] [seed] [source]
``games`` games (200) of 2 to 6 computer players in turn (2, 3, 4, 5, 6, 2, ...), game i
seeded ``seed + i`` (the seed is printed); ``source`` is ``keeper`` (the lobby's
default: the computer keeps score and posts simulated Top of the Stretch races) or
``replays`` (the bundled race replays). Prints the median, the range and the middle
half of the races a game ran, for all the games and for each number of players. A
Standard Tie Rule tie-break's extra races count: they are the game's.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from homestretch.core.chance import SeededDice
from homestretch.core.referee import Agent, play
from homestretch.games.derbycast import ENTRY
from homestretch.games.derbycast.bots import ValueBot
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState


def races_in_a_game(players: int, seed: int, source: str) -> int:
    people = [{"name": f"C{m}", "bot": True} for m in range(1, players + 1)]
    game = DerbyCastGame({"entrants": people, "source": source, "races": None})
    agents: dict[int, Agent] = {m: ValueBot(seed * 1009 + m) for m in range(players)}
    assert ENTRY.input_agents is not None
    agents.update(ENTRY.input_agents(game, seed))  # the computer keeping score
    state = play(game.new_initial_state(), SeededDice(seed), agents)
    assert isinstance(state, DerbyCastState) and state.is_over()
    return len(state.history)


def summary(lengths: list[int]) -> str:
    quarters = (
        statistics.quantiles(lengths, n=4, method="inclusive") if lengths[1:] else lengths * 3
    )
    return (
        f"median {statistics.median(lengths):g}, range {min(lengths)}-{max(lengths)}, "
        f"middle half {quarters[0]:g}-{quarters[2]:g} ({len(lengths)} games)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("seed", type=int, nargs="?", default=20261206)
    parser.add_argument("source", nargs="?", default="keeper", choices=("keeper", "replays"))
    args = parser.parse_args()
    games, seed, source = args.games, args.seed, args.source
    print(f"{games} games of 2-6 computer players to 20 points, source {source}, seed {seed}")
    by_players: dict[int, list[int]] = defaultdict(list)
    for i in range(games):
        players = 2 + i % 5
        by_players[players].append(races_in_a_game(players, seed + i, source))
    every = [n for lengths in by_players.values() for n in lengths]
    print(f"races a game: {summary(every)}")
    for players, lengths in sorted(by_players.items()):
        print(f"  {players} players: {summary(lengths)}")


if __name__ == "__main__":
    main()
