"""Totopoly: a tournament of computer players, average final money and race wins by kind.

Run: nice .venv/bin/python benchmarks/totopoly_tournament.py [games] [seed]
    [--bot search,sensible,sensible,random | --bots N --bot KIND] [--short] [--format json]

Plays seeded long games (``--short``: short games) with one computer player of each
kind --bot names a seat (as every game's --bot takes them; ``--kinds``, its old spelling,
still read), the kinds rotated round the seats from game to game (as
``homestretch totopoly tournament`` does), with a progress bar on stderr. Prints for each
kind its seats, average final money with a 95% interval (1.96 standard errors) and the
share of races its horses won a seat with a 95% interval. The targets: search beats
sensible, and both beat random, in money and in races. Every figure is measured in
this run (docs/totopoly.md, "The tournament").
"""

from __future__ import annotations

import argparse
import json

from bot_options import add_bot_options, seated
from homestretch.cli.common import progress_bar
from homestretch.core.protocol import JSON
from homestretch.games.totopoly.analysis.tournament import tournament
from homestretch.games.totopoly.rules.state import TotopolyGame
from homestretch.games.totopoly.terminal.cli import BOT_KINDS, TOURNAMENT_KINDS

Z95 = 1.96


def run(games: int, seed: int, kinds: list[str], short: bool) -> JSON:
    game = TotopolyGame(len(kinds), short=short)
    with progress_bar(games, "Totopoly tournament") as bar:
        return tournament(game, kinds, games, seed, lambda: bar.advance(bar.task_ids[0]))


def show(result: JSON, short: bool) -> None:
    game = "short" if short else "long"
    print(f"{result['games']} {game} games of {result['players']} players, seed {result['seed']}")
    print(f"{'kind':9} {'seats':>5} {'final money, 95%':>26} {'race wins a seat, 95%':>26}")
    for kind, row in result["kinds"].items():
        money, err = row["average_money"], row["average_money_stderr"]
        share, serr = row["race_win_rate_per_seat"], row["race_win_rate_stderr"]
        money_cell = f"£{money:.0f} [{money - Z95 * err:.0f}, {money + Z95 * err:.0f}]"
        low, high = max(0.0, share - Z95 * serr), share + Z95 * serr
        wins_cell = f"{share:.1%} [{low:.1%}, {high:.1%}]"
        print(f"{kind:9} {row['seats']:5} {money_cell:>26} {wins_cell:>26}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", type=int, nargs="?", default=240)
    parser.add_argument("seed", type=int, nargs="?", default=7)
    add_bot_options(parser, BOT_KINDS, TOURNAMENT_KINDS)
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    kinds = seated(
        parser,
        args,
        BOT_KINDS,
        TOURNAMENT_KINDS,
        (TotopolyGame.min_players, TotopolyGame.max_players),
    )
    result = run(args.games, args.seed, kinds, args.short)
    if args.format == "json":
        print(json.dumps(result, indent=2))
    else:
        show(result, args.short)


if __name__ == "__main__":
    main()
