"""Across the Board: how long a race is, and who wins, under three ways of playing.

    .venv/bin/python benchmarks/across_race_length.py [--races N] [--seed S] [--content DIR]

Prints for each shipped track (or each track of a content folder, ``--content DIR``), under the handicapper's three policies (ruling R21,
docs/rulings.md, Across the Board): ``computer`` (reject only a rival one X from home
while a horse of one's own runs: the computer players), ``people`` (reject every rival's
roll while a horse of one's own runs, as people at a table do) and ``accept`` (never
reject): mean rolls a race, the lowest and highest win shares, and the Odds note's
"rolled and accepted" per 50 rolls by group (longshots / field / favourites).
"""

from __future__ import annotations

import argparse
from statistics import mean

from homestretch.games.across.analysis.handicapper import POLICIES, TrackReport, simulate_track
from homestretch.games.across.content.loader import FAVOURITES, FIELD, LONGSHOTS, load_content


def per_50(report: TrackReport, numbers: tuple[int, ...]) -> float:
    return mean(h.accepted_per_50_rolls for h in report.horses if h.number in numbers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--content", default=None, help="a content folder (default: ours)")
    args = parser.parse_args()
    print(f"{args.races} races a track and policy, seed {args.seed}")
    print(f"{'track':16} {'policy':9} {'rolls':>6} {'min win':>8} {'max win':>8}  per 50 L/F/Fav")
    content = load_content(args.content)
    for key in sorted(content.tracks):
        for policy in POLICIES:
            report = simulate_track(content.track(key), args.races, args.seed, policy=policy)
            wins = [h.win for h in report.horses]
            groups = "/".join(f"{per_50(report, g):.2f}" for g in (LONGSHOTS, FIELD, FAVOURITES))
            print(
                f"{key:16} {policy:9} {report.mean_rolls_per_race:6.1f} {min(wins):8.2%} "
                f"{max(wins):8.2%}  {groups}"
            )


if __name__ == "__main__":
    main()
