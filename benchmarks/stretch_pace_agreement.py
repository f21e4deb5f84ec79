"""Do Quickplay and Fullplay agree on pace and running styles, field size by field size?

    nice .venv/bin/python benchmarks/stretch_pace_agreement.py [FIELDS] [RACES_PER_FIELD] [SEED]

Runs both versions on the calibration corpus (seed 1; 400 everyday fields by default,
with the even, big and dream fields `calibrate` adds) and prints, by field size, the
Fullplay-minus-Quickplay difference in slow and fast shares and in the win rates of
front-runners (Pace 8-9) and closers (Pace 0-2), each with a 95% interval. The two
versions run the very same fields, so the difference is taken field by field (a paired
comparison): its interval is the sampling error of the corpus's fields and races, far
narrower than either version's own interval from `calibrate`. A difference whose interval
holds 0 is one the corpus cannot tell from none.
"""

from __future__ import annotations

import sys

import numpy as np

from homestretch.games.stretch.calibrate import build_corpus, dream_fields, extra_fields
from homestretch.games.stretch.cards import load_card_set
from homestretch.games.stretch.charts import load_chart_set
from homestretch.games.stretch.kernel import ChartArrays, FieldArrays, simulate


def corpus(fields: int, seed: int) -> list:  # type: ignore[type-arg]
    """The fields `calibrate --fields FIELDS --seed SEED` runs."""
    cards = load_card_set()
    return (
        build_corpus(cards, fields, seed).races
        + build_corpus(cards, extra_fields(fields), seed + 1, kind="even").races
        + build_corpus(cards, extra_fields(fields), seed + 2, kind="big").races
        + build_corpus(cards, dream_fields(fields), seed, greats=True).races
    )


def per_field(race, charts, tables, mode: str, n: int, seed: int) -> np.ndarray:  # type: ignore[no-untyped-def]
    """slow, fast (races), front-runner wins, starts, closer wins, starts."""
    field = FieldArrays.from_race(race, charts)
    batch = simulate(field, tables, mode, n, np.random.default_rng(seed), race.furlongs)
    won = (batch.finish == 1).sum(axis=0)
    front, closer = field.pace >= 8, field.pace <= 2
    return np.array(
        [
            (batch.pace == 0).sum(),
            (batch.pace == 2).sum(),
            won[front].sum(),
            front.sum() * n,
            won[closer].sum(),
            closer.sum() * n,
        ],
        dtype=float,
    )


def paired(hits_full: np.ndarray, hits_quick: np.ndarray, tries: np.ndarray) -> str:
    """Fullplay minus Quickplay over fields, with the 95% interval of a ratio estimator
    (fields are the sampling unit)."""
    keep = tries > 0
    e, s = (hits_full - hits_quick)[keep], tries[keep]
    if len(s) < 2:
        return "        -       "
    d = e.sum() / s.sum()
    half = 1.96 * np.sqrt(((e - d * s) ** 2).sum() * len(s) / (len(s) - 1)) / s.sum()
    flag = " " if abs(d) <= half else "*"
    return f"{d:+6.1%} ±{half:4.1%}{flag}"


def main(fields: int, n: int, seed: int) -> None:
    charts = load_chart_set()
    tables = ChartArrays.from_charts(charts)
    races = corpus(fields, seed)
    rows = {
        mode: np.array([per_field(r, charts, tables, mode, n, k) for k, r in enumerate(races)])
        for mode in ("quick", "full")
    }
    sizes = np.array([len(r.runners) for r in races])
    print(f"seed {seed}: {len(races)} fields x {n} races a version; * = the interval leaves out 0")
    print("runners fields   slow, F-Q        fast, F-Q        front-runners win  closers win")
    for size in sorted(set(sizes.tolist())):
        m = sizes == size
        q, f = rows["quick"][m], rows["full"][m]
        races_ = np.full(m.sum(), float(n))
        print(
            f"{size:7d} {m.sum():6d}  "
            + "  ".join(
                (
                    paired(f[:, 0], q[:, 0], races_),
                    paired(f[:, 1], q[:, 1], races_),
                    paired(f[:, 2], q[:, 2], q[:, 3]),
                    paired(f[:, 4], q[:, 4], q[:, 5]),
                )
            )
        )


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*(args + [400, 500, 1][len(args) :]))
