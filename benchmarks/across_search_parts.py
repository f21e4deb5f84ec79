"""Across the Board: which of the search player's two searches costs it at a mixed table?

    .venv/bin/python benchmarks/across_search_parts.py [--games N] [--seed S]
        [--variant sensible|search|own-dice|bets-as-sensible|races-as-sensible] [--kinds ...]

Plays the four-kind tournament of ``across_tournament.py`` (one of each kind at the table,
seats and tracks rotated, the same seeds) with the search seat's player replaced by a
variant: ``search`` as it is; ``own-dice`` its rollouts of the two choices each
with its own dice (before R31); ``bets-as-sensible`` racing by its rollouts but choosing its
tickets from the track's finish table as the sensible player does; ``races-as-sensible``
betting from its 3,000 races of this field but racing as the sensible player does;
``sensible`` a sensible player in the search player's seat (its neighbours' doing). Prints
each kind's mean fifties and, game by game, the search seat's fifties less the sensible
seat's (mean and 95% interval): the same seeds for every variant, so variants compare
pair by pair.

``--against V`` plays each meet a second time, the same seed, seats and track, with
variant V in the search seat instead, and prints the search seat's fifties under
``--variant`` less under V, meet by meet (mean and 95% interval): a paired measure of
what the player in that seat is worth against the same table and dice (``--against
sensible``: the search player against a sensible player in its place).
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from statistics import mean, stdev
from typing import Any

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.across import ENTRY
from homestretch.games.across.bots import SensibleBot
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.search import SearchBot

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")


class BetsAsSensible(SearchBot):
    _finishes = SensibleBot._finishes


class RacesAsSensible(SearchBot):
    _accepts = SensibleBot._accepts


class OwnDice(SearchBot):
    SAME_DICE = False


VARIANTS: dict[str, Any] = {
    "sensible": SensibleBot,
    "search": SearchBot,
    "own-dice": OwnDice,
    "bets-as-sensible": BetsAsSensible,
    "races-as-sensible": RacesAsSensible,
}


def make(kind: str, variant: str, game: AcrossGame, seat: int, seed: int) -> Any:
    if kind == "random":
        from homestretch.bots.random_bot import RandomBot

        return RandomBot(seed * 7919 + seat)
    if kind == "search":
        return VARIANTS[variant](seed * 7919 + seat, None)
    return ENTRY.bots[kind](game, seat, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="search")
    parser.add_argument("--kinds", default="search,sensible,never-bet,random")
    parser.add_argument("--against", choices=sorted(VARIANTS), default=None)
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    fifties: dict[str, list[int]] = defaultdict(list)
    diffs: list[float] = []
    paired: list[int] = []  # the search seat's fifties, --variant less --against
    for g in range(args.games):
        seed = args.seed * 100_003 + g
        seated = [kinds[(s + g) % len(kinds)] for s in range(4)]
        game = AcrossGame(players=4, tracks=(TRACKS[g % len(TRACKS)],))
        agents = {s: make(k, args.variant, game, s, seed) for s, k in enumerate(seated)}
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        cash = state.result()["fifties"]
        if args.against is not None:
            other = {s: make(k, args.against, game, s, seed) for s, k in enumerate(seated)}
            again = play(game.new_initial_state(), SeededDice(seed), other).result()["fifties"]
            seat = seated.index("search")
            paired.append(cash[seat] - again[seat])
        got: dict[str, list[int]] = defaultdict(list)
        for s, kind in enumerate(seated):
            fifties[kind].append(cash[s])
            got[kind].append(cash[s])
        diffs.append(mean(got["search"]) - mean(got["sensible"]))
    print(f"seed {args.seed}: {args.games} meets, search seat: {args.variant}")
    for kind in kinds:
        xs = fifties[kind]
        half = 1.96 * stdev(xs) / math.sqrt(len(xs))
        print(f"{kind:10} {mean(xs):6.2f} ({mean(xs) - half:.2f}-{mean(xs) + half:.2f})")
    half = 1.96 * stdev(diffs) / math.sqrt(len(diffs))
    print(
        f"search - sensible a meet: {mean(diffs):+.2f} ({mean(diffs) - half:+.2f} to {mean(diffs) + half:+.2f})"
    )
    if paired:
        half = 1.96 * stdev(paired) / math.sqrt(len(paired))
        print(
            f"the search seat, {args.variant} - {args.against} there, the same meets:"
            f" {mean(paired):+.2f} ({mean(paired) - half:+.2f} to {mean(paired) + half:+.2f})"
        )


if __name__ == "__main__":
    main()
