"""How the margins between consecutive finishers read, over seeded engine races.

    nice .venv/bin/python benchmarks/stretch_margins.py [RACES]

Runs each bundled race RACES times (default 100) with the reference engine and counts
the chart words (nose, head, neck, 1/2, 3/4, 1, ...) of every margin, by distance:
ruling S11 wants the small margins of a real chart at every distance.
"""

from __future__ import annotations

import argparse
from collections import Counter

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.content.race import bundled_races, load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.finish import format_lengths

SMALL = ("nose", "head", "neck", "1/2", "3/4", "1")


def main(races: int) -> None:
    by_distance: dict[str, Counter[str]] = {}
    for path in bundled_races():
        race = load_race(path)
        game = RaceGame(race, "quick")
        words = by_distance.setdefault(race.distance, Counter())
        for seed in range(races):
            state = play(game.new_initial_state(), SeededDice(seed), {})
            assert isinstance(state, RaceState) and state.finish is not None
            wire = sorted(state.finish.beaten.values())
            for ahead, behind in zip(wire, wire[1:], strict=False):
                words[format_lengths(behind - ahead)] += 1
    print(f"margins between consecutive horses at the wire, {races} races of each bundled race")
    print(f"{'distance':<16}" + "".join(f"{w:>8}" for w in (*SMALL, "longer")))
    for distance, words in sorted(by_distance.items()):
        total = sum(words.values())
        shares = [words[w] / total for w in SMALL]
        longer = 1 - sum(shares) - words["dead heat"] / total
        print(f"{distance:<16}" + "".join(f"{s:8.1%}" for s in (*shares, longer)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("n", type=int, nargs="?", default=100, help="races a bundled race (100)")
    main(parser.parse_args().n)
