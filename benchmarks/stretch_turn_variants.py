"""Where Fullplay's winners are turning for home under other drop-back charts, from one run.

    nice .venv/bin/python benchmarks/stretch_turn_variants.py run FIELDS RACES SEED OUT
    nice .venv/bin/python benchmarks/stretch_turn_variants.py read OUT [OUT ...]

``run`` plays the calibration study's everyday fields (FIELDS of them, corpus seed SEED)
RACES times each in Fullplay on the standard set with the reference engine, on the very
dice ``benchmarks/stretch_pace_positions.py FIELDS RACES SEED`` uses, and keeps for each
race whose winner finished clean what the turning-for-home picture is made of: every
running horse's race points before the drop back and its Final APR, and the winner
(OUT, a JSON file). Race points decide nothing after the Race Position segment (ruling
S6) and the drop back rolls no die, so the same races turn for home under any other
gap, rank or even-field chart, or other even-field thresholds, exactly as the engine
would have run them: ``read`` recomputes the drop back for each variant (checking that
the standard set's reproduces the engine's, horse by horse) and prints the winner 9th or
worse turning for home by field size, for 9-12 and 11+ runners, and 1st-4th, each share
with its 95% interval over the fields.

The variants are the ``VARIANTS`` below: the standard set, without each chart, and the
candidates tried for ruling S34 (docs/stretch-calibration.md).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_pace_positions import clean_wins

STANDARD = load_chart_set()
GAP = STANDARD.race_position_gap
RANK = STANDARD.race_position_rank
EVEN = STANDARD.race_position_rank_even


class Variant(NamedTuple):
    gap: tuple[int, ...]
    rank: tuple[int, ...]
    even: tuple[int, ...]
    even_runners: int = 11
    even_dropped: Fraction = Fraction(1, 4)


def _steps(*drops: int) -> tuple[int, ...]:
    """A rank chart: none in the first eight, then ``drops`` from 9th."""
    return (0,) * 8 + drops


VARIANTS: dict[str, Variant] = {
    "standard (S30, S31, S33)": Variant(GAP, RANK, EVEN),
    "without S33 (S30, S31)": Variant(GAP, RANK, ()),
    "S30 alone": Variant(GAP, (), ()),
    "S31 and S33 alone (no gap chart)": Variant((), RANK, EVEN),
    "no drop back": Variant((), (), ()),
    "gap chart from 5 below (S30 a point later)": Variant((0, *GAP[:-1]), RANK, EVEN),
    "gap chart halved below 6": Variant(
        tuple(g if d >= 6 else g // 2 for d, g in enumerate(GAP)), RANK, EVEN
    ),
    "gap chart none at 4 below": Variant((0, 0, 0, 0, 0, *GAP[5:]), RANK, EVEN),
    "gap chart 5 below -1, 6 below -2 (then -4 ...)": Variant(
        (0, 0, 0, 0, -1, -1, -2, -4, -6, -8, -10, -12), RANK, EVEN
    ),
    "gap chart -3, -4, -6 at 6-8 below": Variant(
        (0, 0, 0, 0, -1, -2, -3, -4, -6, -8, -10, -12), RANK, EVEN
    ),
    "gap chart -3, -5, -7 at 6-8 below": Variant(
        (0, 0, 0, 0, -1, -2, -3, -5, -7, -9, -11, -12), RANK, EVEN
    ),
    "S31 1 a place (-1 at 9th to -6 at 14th)": Variant(GAP, _steps(-1, -2, -3, -4, -5, -6), EVEN),
    "S31 from 10th (-2 at 10th)": Variant(GAP, _steps(0, -2, -4, -6, -8, -10, -12), EVEN),
}


def run(fields: int, races: int, seed: int, out: Path) -> None:
    kept = []
    for won in clean_wins(fields, races, seed, None):
        running = won.running
        kept.append(
            {
                "field": won.field,
                "runners": len(won.state.lines),
                "winner": running.index(won.winner),
                "points": [ln.race_points[won.turn] - ln.drop_back for ln in running],
                "apr": [ln.final_apr for ln in running],
                "drop": [ln.drop_back for ln in running],
            }
        )
    out.write_text(json.dumps({"fields": fields, "races": races, "seed": seed, "kept": kept}))
    print(f"{out}: {len(kept)} races kept of {fields * races}")


def drops(v: Variant, apr: list[int]) -> list[int]:
    """Each running horse's drop back turning for home under ``v`` (as the engine's)."""
    best = max(apr)

    def gap(d: int) -> int:
        return v.gap[min(d, len(v.gap) - 1)] if v.gap else 0

    by_gap = sum(gap(best - a) < 0 for a in apr)
    even = len(apr) >= v.even_runners and by_gap < len(apr) * v.even_dropped
    chart = (v.even if even else ()) or v.rank
    out = []
    for a in apr:
        rank = 1 + sum(o > a for o in apr)
        by_rank = chart[min(rank, len(chart)) - 1] if chart else 0
        out.append(min(gap(best - a), by_rank))
    return out


Tally = dict[str, dict[int, list[int]]]
SIZES = [*(str(n) for n in range(5, 15)), "9-12", "11+", "5-8", "all"]


def groups(runners: int) -> list[str]:
    return (
        [str(runners), "all"]
        + ["9-12"] * (9 <= runners <= 12)
        + ["11+"] * (runners >= 11)
        + ["5-8"] * (runners <= 8)
    )


def share(rows: list[list[int]], at: int) -> tuple[float, float]:
    """(share of races with column ``at`` set, its 95% half-interval over the fields)."""
    races = sum(r[0] for r in rows)
    p = sum(r[at] for r in rows) / races
    m = len(rows)
    var = m / (m - 1) * sum((r[at] - p * r[0]) ** 2 for r in rows) / races**2 if m > 1 else 0
    return p, 1.96 * math.sqrt(var)


def read(paths: list[Path]) -> None:
    for path in paths:
        data = json.loads(path.read_text())
        kept = data["kept"]
        print(f"{path}: corpus seed {data['seed']}, {len(kept)} races")
        for name, variant in VARIANTS.items():
            tally: dict[str, dict[int, list[int]]] = {size: {} for size in SIZES}
            for race in kept:
                dropped = drops(variant, race["apr"])
                if variant == VARIANTS["standard (S30, S31, S33)"]:
                    assert dropped == race["drop"], race  # the engine's, horse by horse
                points = [p + d for p, d in zip(race["points"], dropped, strict=True)]
                place = 1 + sum(p > points[race["winner"]] for p in points)
                for size in groups(race["runners"]):
                    row = tally[size].setdefault(race["field"], [0, 0, 0])
                    row[0] += 1
                    row[1] += place >= 9
                    row[2] += place <= 4
            parts = []
            for size in SIZES:
                rows = list(tally[size].values())
                if not rows:
                    continue
                p, half = share(rows, 1)
                top, _ = share(rows, 2)
                parts.append(f"{size} {p:.1%}±{half:.1%} ({top:.1%} 1-4)")
            print(f"  {name}:\n    " + "\n    ".join(parts))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    ran = commands.add_parser("run", help="play a corpus and keep its pictures (OUT)")
    ran.add_argument("fields", type=int, help="fields of the corpus")
    ran.add_argument("races", type=int, help="races a field")
    ran.add_argument("seed", type=int, help="corpus seed")
    ran.add_argument("out", type=Path, help="the JSON file to write")
    reads = commands.add_parser("read", help="every variant on kept corpora")
    reads.add_argument("paths", type=Path, nargs="+", help="files `run` wrote")
    args = parser.parse_args()
    if args.command == "run":
        if args.fields < 1 or args.races < 1:
            print("stretch_turn_variants: FIELDS and RACES must be at least 1", file=sys.stderr)
            sys.exit(2)
        run(args.fields, args.races, args.seed, args.out)
    else:
        read(args.paths)
