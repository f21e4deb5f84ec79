"""Across the Board: whole games with each meet's stake carried or allotted (ruling R30).

    .venv/bin/python benchmarks/across_stake.py [--stake carry|allot] [--games N]
        [--seed S] [--meets M] [--betting-order rotate|totemaster]

Plays N whole games of four sensible players (seeds S, S+1, ..., as ``across simulate
--games`` does) with the option ``stake`` (R30: after the first meet each player has
what it ended the last with, or that and 40 fifties the new Trackmaster allots) and
prints ruling R25's five checks, each with what it measured and whether it is met.
``simulate --games`` plays "carry", the rules' default; this plays either.
"""

from __future__ import annotations

import argparse

from homestretch.games.across import _sensible
from homestretch.games.across.analysis.whole_game import checks, play_games
from homestretch.games.across.rules.game import BETTING_ORDERS, STAKES, AcrossGame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stake", choices=STAKES, default="allot")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--meets", type=int, default=4)
    parser.add_argument("--betting-order", choices=BETTING_ORDERS, default="rotate")
    args = parser.parse_args()
    game = AcrossGame(4, meets=args.meets, betting_order=args.betting_order, stake=args.stake)
    report = play_games(game, args.games, args.seed, _sensible)
    print(
        f"seed {args.seed}: {args.games} games of {args.meets} meets, stake {args.stake},"
        f" betting order {args.betting_order}"
    )
    for check in checks(report):
        print(f"{check.check}: {check.measured} ({'met' if check.met else 'NOT MET'})")


if __name__ == "__main__":
    main()
