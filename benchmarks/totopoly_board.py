"""The designer's promise, measured: does our racecourse keep the rulebook's order?

"the black ones have more chance than the red ones, the reds more chance than the
yellow ones, and the blues least chance of all, but it may be found that, during
training, a blue or yellow horse has improved so much, that it has an equal chance
with the blacks and reds. Naturally, the horses with the most chance in the first
place ... but, as in real racing, an outsider can always give players a big surprise."

Run: nice .venv/bin/python benchmarks/totopoly_board.py [games] [seed] [races] [--format json]
[--content=DIR] (a board of one's own; ours without it)

Plays seeded long games of four sensible players twice: with the colour card piles
emptied (the board alone, "in the first place"), and as shipped (training). Prints the
share of races won by each colour with 95% confidence intervals, the win rate per
runner by the colour cards its owner held at the start of the race, and how often a
horse its owner had not nominated won. Then ``races`` match races of four horses (a
black, a red, a yellow and a blue), one a seat so that no nomination hands one of them
the best throws: all untrained (the board alone), then one of them alone holding k cards
of its colour against the untrained rest (the yellow 3 or 6; the blue 3, 6 or 9, as it
takes three at a time; the black and the red 3: training pays for every colour). Every figure is measured in this
run; each part is seeded on its own, so running a part alone gives the same numbers.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from homestretch.core.protocol import JSON
from homestretch.games.totopoly.analysis.simulate import (
    REPORTED_BUCKETS,
    simulate,
    training_study,
    without_colour_cards,
)
from homestretch.games.totopoly.content.loader import COLOURS
from homestretch.games.totopoly.rules.state import TotopolyGame

Z95 = 1.96
BLACK, RED, YELLOW, BLUE = 1, 4, 7, 10
MATCH_FIELDS = (
    (YELLOW, 3),
    (YELLOW, 6),
    (BLUE, 3),
    (BLUE, 6),
    (BLUE, 9),
    (BLACK, 3),
    (RED, 3),
)
"""The trained horse and its cards in each match race beside the untrained field."""


def interval(rate: float, stderr: float | None) -> str:
    half = Z95 * (stderr or 0.0)
    return f"{rate:6.1%} [{max(0.0, rate - half):5.1%}, {rate + half:5.1%}]"


def study(games: int, seed: int, races: int, content: str | None = None) -> JSON:
    def table() -> TotopolyGame:
        return TotopolyGame(4, content=content)

    board = simulate(without_colour_cards(table()), games, seed)
    trained = simulate(table(), games, seed)
    matches = [training_study(table(), races, seed)]
    matches += [training_study(table(), races, seed, horse, cards) for horse, cards in MATCH_FIELDS]
    return {
        "games": games,
        "seed": seed,
        "board_alone": board,
        "as_shipped": trained,
        "match_races": matches,
    }


def show(result: JSON) -> None:
    for name in ("board_alone", "as_shipped"):
        report = result[name]
        print(f"\n{name.replace('_', ' ')}: {report['games']} long games, 4 players")
        print("  share of races won, 95% interval:")
        for colour in COLOURS:
            rate = report["win_rate_by_colour"][colour]
            err = report["win_rate_stderr_by_colour"][colour]
            print(f"    {colour:7s} {interval(rate, err)}")
        rate, err = report["unnominated_win_rate"], report["unnominated_win_rate_stderr"]
        print(f"  won by a horse its owner had not nominated: {interval(rate, err)}")
    print("\nas shipped: win rate per runner by colour cards its owner held, 95% interval;")
    print("  then, of those runners, the nominees (or an owner's only runner): how many, and")
    print("  how often one won")
    cards = result["as_shipped"]["win_rate_by_advantage_cards"]
    for colour in COLOURS:
        cells = []
        for bucket in REPORTED_BUCKETS:
            row = cards[colour][bucket]
            if row["win_rate"] is None:
                cells.append(f"{bucket}: -")
            else:
                nominee = (
                    interval(row["nominee_win_rate"], row["nominee_stderr"])
                    if row["nominees"]
                    else "-"
                )
                cells.append(
                    f"{bucket}: {interval(row['win_rate'], row['stderr'])} n={row['runners']}"
                    f" | nominees {nominee} n={row['nominees']}"
                )
        print(f"  {colour:7s} " + "\n          ".join(cells))


def show_matches(result: JSON) -> None:
    print("\nmatch races, one horse a seat (nobody nominates): black No. 1, red No. 4,")
    print("yellow No. 7 and blue No. 10; one of them may hold k cards of its colour")
    for match in result["match_races"]:
        cells = [f"{c} {interval(match['win_rate'][c], match['stderr'][c])}" for c in COLOURS]
        who = f"{match['trained']} k={match['cards']}" if match["trained"] else "untrained"
        print(f"  {who:12s} " + "  ".join(cells) + f"  ({match['races']} races)")


def overlapping_steps(shares: JSON, errs: JSON) -> list[tuple[str, str]]:
    """The steps of the order black > red > yellow > blue whose 95% intervals overlap."""
    return [
        (COLOURS[i], COLOURS[i + 1])
        for i in range(3)
        if shares[COLOURS[i]] - Z95 * errs[COLOURS[i]]
        <= shares[COLOURS[i + 1]] + Z95 * errs[COLOURS[i + 1]]
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", type=int, nargs="?", default=1000)
    parser.add_argument("seed", type=int, nargs="?", default=2026)
    parser.add_argument("races", type=int, nargs="?", help="match races (4 x games)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--content", help="a board of one's own (ours without it)")
    args = parser.parse_args()
    games, seed = args.games, args.seed
    races = args.races if args.races is not None else 4 * games
    print(f"seed {seed}", file=sys.stderr)
    folder = args.content
    result = study(games, seed, races, str(Path(folder).resolve()) if folder else None)
    if args.format == "json":
        print(json.dumps(result, indent=2))
    else:
        show(result)
        show_matches(result)
        board = result["board_alone"]
        clean = result["match_races"][0]
        for name, shares, errs in (
            ("board alone, games", board["win_rate_by_colour"], board["win_rate_stderr_by_colour"]),
            ("board alone, match races", clean["win_rate"], clean["stderr"]),
        ):
            steps = overlapping_steps(shares, errs)
            print(
                f"\n{name}: black > red > yellow > blue with separated intervals:",
                "yes" if not steps else f"no, overlapping: {steps}",
            )
        print(
            f"(a 95% interval is {Z95} standard errors either side; sqrt(p(1-p)/n))",
            f"n={games}, half-width at 25%: {Z95 * math.sqrt(0.25 * 0.75 / games):.1%}",
        )
