"""Where Fullplay's winners were turning for home, and whether the leaders win.

    nice .venv/bin/python benchmarks/stretch_pace_positions.py [FIELDS] [RACES] [SEED]
        [--charts DIR] [--against DIR]

Runs the calibration study's everyday fields (FIELDS of them, default 150, corpus seed
SEED, default 1) RACES times each (default 20) in Fullplay with the reference engine and
counts, over the races whose winner finished clean: how often the horse alone in front
at the break, and the one alone in front turning for home (after the Race Position
segment, ruling S30's drop back included), wins, beside a runner's share (one over the
runners, averaged over those races); and the winner's place turning for home (one more
than the horses with more race points), in the buckets a racing paper counts (1st-4th,
5th-8th, 9th or worse), for every field, for each field size, for fields of 9-12 (about
the 10.8 runners of the real races the doc cites) and for fields of 11 or more; and for the evenly matched
fields among those two (fewer than a quarter of the runners 4 or more points of Final
APR below the best, so that S30's drop back by gap hardly moves them; ruling S31).
docs/stretch-calibration.md sets these beside real racing.

``--charts DIR`` runs a chart set of your own instead of the standard set; ``--against
DIR`` runs a second set on the very same dice and prints it below (a paired A/B: a
standard set with ``race_position_gap.csv`` removed is the set before ruling S30).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.referee import play
from homestretch.games.stretch.analysis.calibrate import build_corpus
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.rules.engine import RaceGame, RaceState

BUCKETS = ("1st-4th", "5th-8th", "9th or worse")
SIZES = ["all", *(str(n) for n in range(5, 15)), "9-12", "11+", "9-12 even", "11+ even"]


def bucket(place: int) -> str:
    return BUCKETS[0] if place <= 4 else BUCKETS[1] if place <= 8 else BUCKETS[2]


def measure(
    fields: int, races: int, seed: int, charts: Path | None
) -> tuple[Counter[str], dict[str, Counter[str]]]:
    """(leaders' counts, the winner's place turning for home by field size)."""
    corpus = build_corpus(load_card_set(), fields, seed)
    led: Counter[str] = Counter()
    where: dict[str, Counter[str]] = {size: Counter() for size in SIZES}
    for number, race in enumerate(corpus.races):
        game = RaceGame(race, "full", charts=charts, odds="chart")
        for run in range(races):
            dice = SeededDice(seed * 100_000 + number * 1_000 + run)
            state = play(game.new_initial_state(), dice, {})
            assert isinstance(state, RaceState) and state.finish is not None
            if not state.finish.order:
                continue
            winner = state.lines[state.finish.order[0][0]]
            turn = len(winner.race_points) - 1
            if winner.dq_roll is not None or turn < 0:
                continue
            running = [ln for ln in state.lines if len(ln.race_points) > turn and not ln.out]
            for at, name in ((0, "break"), (turn, "turn")):
                top = max(ln.race_points[at] for ln in running)
                leaders = [ln for ln in running if ln.race_points[at] == top]
                if len(leaders) == 1:
                    led[f"{name} races"] += 1
                    led[f"{name} wins"] += leaders[0] is winner
                    led[f"{name} share"] += 1 / len(running)
            place = 1 + sum(ln.race_points[turn] > winner.race_points[turn] for ln in running)
            runners = len(state.lines)
            sizes = ["all", str(runners)]
            sizes += ["9-12"] * (9 <= runners <= 12) + ["11+"] * (runners >= 11)
            best = max(ln.final_apr for ln in running)
            if sum(best - ln.final_apr >= 4 for ln in running) < len(running) / 4:
                sizes += [f"{size} even" for size in sizes if size in ("9-12", "11+")]
            for size in sizes:
                where[size][bucket(place)] += 1
                where[size]["races"] += 1
    return led, where


def report(title: str, led: Counter[str], where: dict[str, Counter[str]]) -> None:
    print(title)
    for name in ("break", "turn"):
        races = max(1, led[f"{name} races"])
        print(
            f"  alone in front at the {name}: wins {led[f'{name} wins'] / races:.1%} of "
            f"{led[f'{name} races']} (a runner's share {led[f'{name} share'] / races:.1%})"
        )
    for size, counts in where.items():
        if counts["races"]:
            shares = ", ".join(f"{b} {counts[b] / counts['races']:.1%}" for b in BUCKETS)
            print(f"  winner's place turning for home, {size} ({counts['races']}): {shares}")


def main(fields: int, races: int, seed: int, charts: Path | None, against: Path | None) -> None:
    print(f"Fullplay, {fields} everyday fields x {races} races, corpus seed {seed}")
    for name, folder in (("charts", charts), ("against", against)):
        if name == "against" and folder is None:
            continue
        led, where = measure(fields, races, seed, folder)
        report(f"{name}: {folder or 'the standard set'}", led, where)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("fields", type=int, nargs="?", default=150, help="fields (150)")
    parser.add_argument("races", type=int, nargs="?", default=20, help="races a field (20)")
    parser.add_argument("seed", type=int, nargs="?", default=1, help="corpus seed (1)")
    parser.add_argument("--charts", type=Path, help="a chart set to run (the standard set)")
    parser.add_argument("--against", type=Path, help="a second chart set, on the same dice")
    args = parser.parse_args()
    if args.fields < 1 or args.races < 1:
        print("stretch_pace_positions: FIELDS and RACES must be at least 1", file=sys.stderr)
        sys.exit(2)
    try:
        main(args.fields, args.races, args.seed, args.charts, args.against)
    except HomestretchError as exc:
        print(f"stretch_pace_positions: {exc}", file=sys.stderr)
        sys.exit(2)
