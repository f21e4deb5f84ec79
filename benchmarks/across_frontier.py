"""Across the Board: why "about 50 rolls a race" cannot hold with the Odds note's figures.

    .venv/bin/python benchmarks/across_frontier.py [--races N]

Prints the numbers behind ruling R21 (docs/rulings.md, Across the Board):

1. the plain dice frequencies per 50 rolls (the Odds note's figures are these);
2. an upper bound, over every track card and every accept/reject policy, on what the
   favourites can be "rolled and accepted" per 50 rolls when races average L rolls. A
   favourite takes at most 6 full X's in a race (5 unshaded), so the favourites' full
   X's are at most the sum over #6, #7, #8 of min(rolls showing it, 6); the race's end
   is a stopping time of the dice. Optimal stopping over the 7^3 states of those three
   counts gives the most any stopping rule can get for a given mean length (Lagrangian
   dual, exact for randomised rules). A real race does worse: it must end when the SHOW
   horse is in, and rejections give half X's;
3. with every roll accepted a race's length is the third-earliest finishing roll, and
   preprinted X's or an unshaded favourite only bring finishes earlier: the card with
   no preprinted X and all three favourites shaded is the longest for every sequence of
   dice. Its mean length, and the frontier of policies on it.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Callable

import numpy as np

from homestretch.games.across.analysis.handicapper import RollSeen, hold_back_rival, run_races

P_FAV = (5 / 36, 6 / 36, 5 / 36)
CAP = 6
FAV, FIELD, LONG = [4, 5, 6], [2, 3, 7, 8], [0, 1, 9, 10]


def stop_value(lam: float) -> tuple[float, float, float]:
    """Best E[F - lam * L] over stopping rules for the favourites' capped counts; with
    its E[L] and E[F]."""
    states = sorted(itertools.product(range(CAP + 1), repeat=3), key=lambda s: -sum(s))
    value: dict[tuple[int, ...], tuple[float, float, float]] = {}
    for s in states:
        moves = [
            (p, tuple(x + (j == i) for j, x in enumerate(s)))
            for i, (p, x) in enumerate(zip(P_FAV, s, strict=True))
            if x < CAP
        ]
        moving = sum(p for p, _ in moves)
        stop = (float(sum(s)), 0.0, float(sum(s)))
        if moving:
            v = (-lam + sum(p * value[t][0] for p, t in moves)) / moving
            if v > stop[0] + 1e-12:
                length = (1 + sum(p * value[t][1] for p, t in moves)) / moving
                got = sum(p * value[t][2] for p, t in moves) / moving
                value[s] = (v, length, got)
                continue
        value[s] = stop
    return value[(0, 0, 0)]


def favourite_bound(mean_length: float) -> float:
    """Most full X's the three favourites can take per race, races averaging
    ``mean_length`` rolls: min over lam of V(lam) + lam * L (convex in lam)."""
    lo, hi = 0.0, 2.0

    def dual(lam: float) -> float:
        return stop_value(lam)[0] + lam * mean_length

    for _ in range(60):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if dual(a) <= dual(b):
            hi = b
        else:
            lo = a
    return dual((lo + hi) / 2)


def policy(name: str) -> Callable[[RollSeen], np.ndarray]:
    """'accept' (every roll), 'block' (the default, R21), or 'ahead:T' (reject a rival
    over T of the way home and nearer home than all the roller's own)."""
    if name == "accept":
        return lambda seen: np.zeros(seen.live.size, dtype=bool)
    if name == "block":
        return hold_back_rival
    threshold = float(name[6:])

    def ahead(seen: RollSeen) -> np.ndarray:
        live, horse = seen.live, seen.horse
        mine = (seen.owner[live] == seen.roller) & ~seen.finished[live]
        frac = seen.progress[live] / seen.need
        best = np.where(mine, frac, -1.0).max(axis=1)
        here = frac[np.arange(live.size), horse]
        rival = seen.owner[live, horse] != seen.roller
        return rival & mine.any(axis=1) & (here > np.maximum(best, threshold))

    return ahead


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--races", type=int, default=200_000)
    args = parser.parse_args()
    ways = np.array([6 - abs(7 - h) for h in range(2, 13)])
    print("1. dice per 50 rolls, #2..#12:", " ".join(f"{50 * w / 36:.2f}" for w in ways))
    print("2. favourites' full X's a race, over every card and policy (optimal stopping):")
    for length in (36.5, 40.0, 42.0, 45.0, 50.0):
        most = favourite_bound(length)
        print(
            f"   races of {length:4.1f} rolls: at most {most:5.2f}, so at most "
            f"{50 * most / (3 * length):.2f} per favourite per 50 rolls"
        )
    lo, hi = 36.0, 60.0
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if 50 * favourite_bound(mid) / (3 * mid) >= 6 else (lo, mid)
    print(f"   favourites at 6 per 50 rolls need races of at most {lo:.1f} rolls on average")
    _, length, got = stop_value(0.0)
    print(
        f"   (ending only when all three have 6: {length:.1f} rolls, {50 * got / 3 / length:.2f})"
    )
    print("3. the longest card (no preprinted X, favourites shaded), policies compared:")
    start = np.zeros(11, dtype=np.int64)
    need = np.array([10, 10, 10, 10, 12, 12, 12, 10, 10, 10, 10])
    for name in ("accept", "block", "ahead:0.7", "ahead:0.5", "ahead:0.0"):
        order, rolls, acc = run_races(
            start, need, args.races, np.random.default_rng(1), policy(name)
        )
        per50 = 50 * acc / rolls.sum()
        win = np.bincount(order[:, 0], minlength=11) / args.races
        sem = rolls.std() / np.sqrt(args.races)
        print(
            f"   {name:9}: {rolls.mean():5.2f} +- {sem:.2f} rolls; per 50 longshots "
            f"{per50[LONG].mean():.2f}, field {per50[FIELD].mean():.2f}, favourites "
            f"{per50[FAV].mean():.2f}; #2 wins {100 * win[0]:.2f}%"
        )


if __name__ == "__main__":
    main()
