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

Each 9th-or-worse share is printed with its 95% half-interval over the fields (a field's
races share its horses, so they are not independent draws: the interval is a ratio
estimator's, field by field), and the evenly matched fields are set against the other
fields of their size (11 or more, 9-12, and 11, 12, 13, 14 runners one by one): the
difference and its half-interval, field by field (a field's runs may fall on either side).

``--bundled N`` runs instead every bundled race in Fullplay on dice seeded 0 to N-1 (as
``stretch run RACE --mode full --seed S`` does) and counts what the race call says: a
winner that "closes to win" from the back half turning for home, from last, and the
winner's place turning for home 9th or worse.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.referee import play
from homestretch.games.stretch.analysis.calibrate import build_corpus
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.race import bundled_races, load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.report import race_json
from homestretch.games.stretch.rules.sheet import Line

BUCKETS = ("1st-4th", "5th-8th", "9th or worse")
SIZES = ["all", *(str(n) for n in range(5, 15)), "9-12", "11+", "9-12 even", "11+ even"]
SIDES = ["9-12", "11+", "11", "12", "13", "14"]
"""The sizes whose evenly matched fields are set against the others of that size."""
GROUPS = SIZES + [f"{size} {side}" for size in SIDES for side in ("even", "other")]
GROUPS = list(dict.fromkeys(GROUPS))
Tally = dict[str, dict[int, list[int]]]
"""Group -> field number -> [races, winners 9th or worse turning for home]."""


def bucket(place: int) -> str:
    return BUCKETS[0] if place <= 4 else BUCKETS[1] if place <= 8 else BUCKETS[2]


def measure(
    fields: int, races: int, seed: int, charts: Path | None
) -> tuple[Counter[str], dict[str, Counter[str]], Tally]:
    """(leaders' counts, the winner's place turning for home by field size, the same
    field by field)."""
    led: Counter[str] = Counter()
    where: dict[str, Counter[str]] = {size: Counter() for size in GROUPS}
    tally: Tally = {size: {} for size in GROUPS}
    for won in clean_wins(fields, races, seed, charts):
        winner, turn, running = won.winner, won.turn, won.running
        for at, name in ((0, "break"), (turn, "turn")):
            top = max(ln.race_points[at] for ln in running)
            leaders = [ln for ln in running if ln.race_points[at] == top]
            if len(leaders) == 1:
                led[f"{name} races"] += 1
                led[f"{name} wins"] += leaders[0] is winner
                led[f"{name} share"] += 1 / len(running)
        place = 1 + sum(ln.race_points[turn] > winner.race_points[turn] for ln in running)
        runners = len(won.state.lines)
        sizes = ["all", str(runners)]
        sizes += ["9-12"] * (9 <= runners <= 12) + ["11+"] * (runners >= 11)
        best = max(ln.final_apr for ln in running)
        even = sum(best - ln.final_apr >= 4 for ln in running) < len(running) / 4
        sizes += [f"{size} {'even' if even else 'other'}" for size in sizes if size in SIDES]
        for size in sizes:
            where[size][bucket(place)] += 1
            where[size]["races"] += 1
            counts = tally[size].setdefault(won.field, [0, 0])
            counts[0] += 1
            counts[1] += place >= 9
    return led, where, tally


class CleanWin(NamedTuple):
    """One Fullplay race of the study whose winner finished clean: the field's number in
    the corpus, the race's end, its winner, the index of the winner's race points turning
    for home, and the horses still running there."""

    field: int
    state: RaceState
    winner: Line
    turn: int
    running: list[Line]


def clean_wins(fields: int, races: int, seed: int, charts: Path | None) -> Iterator[CleanWin]:
    """The study's races (FIELDS everyday fields of corpus SEED, RACES dice each, the same
    dice for every chart set) whose winner finished clean and had a turn for home."""
    corpus = build_corpus(load_card_set(), fields, seed)
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
            yield CleanWin(number, state, winner, turn, running)


def share(tally: Tally, size: str) -> tuple[float, float, int]:
    """(the 9th-or-worse share, its 95% half-interval over the fields, fields)."""
    rows = list(tally[size].values())
    races = sum(n for n, _ in rows)
    p = sum(k for _, k in rows) / races
    m = len(rows)
    if m < 2:
        return p, float("nan"), m
    var = m / (m - 1) * sum((k - p * n) ** 2 for n, k in rows) / races**2
    return p, 1.96 * math.sqrt(var), m


def difference(tally: Tally, size: str) -> tuple[float, float, int]:
    """(even fields' 9th-or-worse share less the others', its 95% half-interval over
    the fields: one field's runs may be even in one race and not in the next, so each
    field adds its part of both shares' errors together, fields)."""
    even, other = tally[f"{size} even"], tally[f"{size} other"]
    n_even = sum(n for n, _ in even.values())
    n_other = sum(n for n, _ in other.values())
    p_even = sum(k for _, k in even.values()) / n_even
    p_other = sum(k for _, k in other.values()) / n_other
    parts = []
    for number in set(even) | set(other):
        ne, ke = even.get(number, [0, 0])
        no, ko = other.get(number, [0, 0])
        parts.append((ke - p_even * ne) / n_even - (ko - p_other * no) / n_other)
    m = len(parts)
    var = m / (m - 1) * sum(z * z for z in parts) if m > 1 else float("nan")
    return p_even - p_other, 1.96 * math.sqrt(var), m


def report(title: str, led: Counter[str], where: dict[str, Counter[str]], tally: Tally) -> None:
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
            p, half, m = share(tally, size)
            print(
                f"  winner's place turning for home, {size} ({counts['races']}): {shares}"
                f" (9th or worse {p:.1%} ±{half:.1%} over {m} fields)"
            )
    for size in SIDES:
        if where[f"{size} even"]["races"] and where[f"{size} other"]["races"]:
            d, half, m = difference(tally, size)
            print(
                f"  9th or worse, {size} even less {size} other: {d:+.1%} ±{half:.1%} ({m} fields)"
            )


def bundled(seeds: int, charts: Path | None) -> None:
    """Every bundled race in Fullplay on dice seeded 0 to SEEDS-1: what the call says."""
    runs = back = last = worse = 0
    places: Counter[str] = Counter()
    big: Counter[str] = Counter()  # the races of 9 or more runners, of 9-12
    for path in bundled_races():
        game = RaceGame(load_race(path), "full", charts=charts)
        for seed in range(seeds):
            state = play(game.new_initial_state(), SeededDice(seed), {})
            assert isinstance(state, RaceState)
            runs += 1
            words = " ".join(str(part["words"]) for part in race_json(state)["call"])
            won = ("turning for home, closes to win", "closes to dead-heat for the win")
            back += any(w in words for w in won)
            last += any(f"last {w}" in words for w in won)
            if state.finish is None or not state.finish.order:
                continue
            winner = state.lines[state.finish.order[0][0]]
            turn = len(winner.race_points) - 1
            if turn >= 0:
                running = [ln for ln in state.lines if len(ln.race_points) > turn and not ln.out]
                at = winner.race_points[turn]
                place = 1 + sum(ln.race_points[turn] > at for ln in running)
                worse += place >= 9
                places[bucket(place)] += 1
                for size in ["9+"] * (len(state.lines) >= 9) + ["9-12"] * (
                    9 <= len(state.lines) <= 12
                ):
                    big[size] += 1
                    big[f"{size} worse"] += place >= 9
    print(f"{charts or 'the standard set'}: {len(bundled_races())} bundled races x {seeds} seeds")
    print(
        f"  the call's winner closes from the back half turning for home: {back} of {runs}"
        f" ({back / runs:.1%}); from last: {last} ({last / runs:.1%});"
        f" the winner 9th or worse turning for home: {worse} ({worse / runs:.1%})"
    )
    counted = max(1, sum(places.values()))
    shares = ", ".join(f"{b} {places[b] / counted:.1%}" for b in BUCKETS)
    print(f"  the winner's place turning for home ({counted}): {shares}")
    for size in ("9+", "9-12"):
        if big[size]:
            print(
                f"  races of {size} runners ({big[size]}): the winner 9th or worse turning for"
                f" home {big[f'{size} worse']} ({big[f'{size} worse'] / big[size]:.1%})"
            )


def main(fields: int, races: int, seed: int, charts: Path | None, against: Path | None) -> None:
    print(f"Fullplay, {fields} everyday fields x {races} races, corpus seed {seed}")
    for name, folder in (("charts", charts), ("against", against)):
        if name == "against" and folder is None:
            continue
        led, where, tally = measure(fields, races, seed, folder)
        report(f"{name}: {folder or 'the standard set'}", led, where, tally)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("fields", type=int, nargs="?", default=150, help="fields (150)")
    parser.add_argument("races", type=int, nargs="?", default=20, help="races a field (20)")
    parser.add_argument("seed", type=int, nargs="?", default=1, help="corpus seed (1)")
    parser.add_argument("--charts", type=Path, help="a chart set to run (the standard set)")
    parser.add_argument("--against", type=Path, help="a second chart set, on the same dice")
    parser.add_argument(
        "--bundled", type=int, metavar="N", help="the bundled races on seeds 0 to N-1 instead"
    )
    args = parser.parse_args()
    if args.fields < 1 or args.races < 1 or (args.bundled is not None and args.bundled < 1):
        print(
            "stretch_pace_positions: FIELDS, RACES and --bundled must be at least 1",
            file=sys.stderr,
        )
        sys.exit(2)
    try:
        if args.bundled is not None:
            bundled(args.bundled, args.charts)
            if args.against is not None:
                bundled(args.bundled, args.against)
        else:
            main(args.fields, args.races, args.seed, args.charts, args.against)
    except HomestretchError as exc:
        print(f"stretch_pace_positions: {exc}", file=sys.stderr)
        sys.exit(2)
