"""Do Quickplay and Fullplay agree on pace and running styles, field size by field size?

    nice .venv/bin/python benchmarks/stretch_pace_agreement.py [FIELDS] [RACES] [SEED]
        [--charts DIR] [--distance sprint|route] [--also SEED] [--pairs K] [--null]
        [--format json]

Runs both versions on the calibration corpus (seed 1; 400 everyday fields by default,
with the even, big and dream fields `calibrate` adds) and prints, by field size 5-14,
the Fullplay-minus-Quickplay difference in slow and fast shares and in the win rates of
front-runners (Pace 8-9) and closers (Pace 0-2), each with a 95% interval. The two
versions run the very same fields, so the difference is taken field by field (a paired
comparison, fields the sampling unit): its interval is the sampling error of the
corpus's fields and races, far narrower than either version's own interval from
`calibrate`.

The criterion (ruling S18). Ten sizes times four measures are 40 intervals: even with
perfect agreement about two of them leave out 0 by chance alone. So each difference
also gets a two-sided p-value (normal approximation), and the 40 are judged together by
Holm-Bonferroni at a family-wise 5%: a difference is *significant* if Holm rejects it.
The versions agree on a corpus when nothing is significant; they agree when that holds
on two independent corpora (seed 1 and seed 101, 400 everyday fields and 500 races a
field and version, the sizes the ruling's numbers were measured with) and no (size,
measure) leaves out 0 in its raw 95% interval on both. ``--distance`` shows sprints or
routes alone, to see where a difference comes from. ``--also SEED`` runs a second
corpus too and gives the verdict on the pair. Seeds 1, 101, 201, 301, 401, 501 and the
fit's 1001-1003 have been used to choose charts, and 7001 and 7101 judged the standard
set (ruling S18); 61001 and 62001 (4,800 fields each) measured the slow-share lean
(docs/stretch-calibration.md): a change judged fairly needs a fresh pair, named before
it is run.

How often the criterion fails when nothing differs: ``--null`` runs Quickplay against
Quickplay on other dice in place of Fullplay, and ``--pairs K`` judges K pairs (SEED +
100k and SEED + 100k + 50) and counts those that agree. Run both ways, the failure rates
of the null and of the real comparison say whether what is left is sampling error.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

from homestretch.games.stretch.analysis.calibrate import build_corpus, dream_fields, extra_fields
from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import SETUP_MIN_FURLONGS, load_chart_set

SIZES = range(5, 15)
MEASURES = ("slow", "fast", "front-runners win", "closers win")
FAMILY_ALPHA = 0.05


def corpus(fields: int, seed: int) -> list:  # type: ignore[type-arg]
    """The fields `calibrate --fields FIELDS --seed SEED` runs."""
    cards = load_card_set()
    return (
        build_corpus(cards, fields, seed).races
        + build_corpus(cards, extra_fields(fields), seed + 1, kind="even").races
        + build_corpus(cards, extra_fields(fields), seed + 2, kind="big").races
        + build_corpus(cards, dream_fields(fields), seed, greats=True).races
    )


NULL_DICE = 10**6
"""Under ``--null`` the Fullplay side is Quickplay on the dice this far from its seed."""


def per_field(race, charts, tables, mode: str, n: int, seed: int) -> np.ndarray:  # type: ignore[no-untyped-def]
    """slow, fast (races), front-runner wins, starts, closer wins, starts; mode "null"
    is Quickplay on other dice."""
    if mode == "null":
        mode, seed = "quick", seed + NULL_DICE
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


def paired(hits_full: np.ndarray, hits_quick: np.ndarray, tries: np.ndarray) -> dict:  # type: ignore[type-arg]
    """Fullplay minus Quickplay over fields: the difference, the half-width of its 95%
    interval (a ratio estimator, fields the sampling unit) and a two-sided p-value."""
    keep = tries > 0
    e, s = (hits_full - hits_quick)[keep], tries[keep]
    if len(s) < 2:
        return {"difference": None, "half_width": None, "p": None}
    d = e.sum() / s.sum()
    se = math.sqrt(((e - d * s) ** 2).sum() * len(s) / (len(s) - 1)) / s.sum()
    p = math.erfc(abs(d) / se / math.sqrt(2)) if se > 0 else (1.0 if d == 0 else 0.0)
    return {"difference": d, "half_width": 1.96 * se, "p": p}


def holm(cells: list[dict]) -> None:  # type: ignore[type-arg]
    """Mark each cell ``significant`` by Holm-Bonferroni at a family-wise 5%."""
    tested = sorted((c for c in cells if c["p"] is not None), key=lambda c: c["p"])
    rejecting = True
    for rank, cell in enumerate(tested):
        rejecting = rejecting and cell["p"] <= FAMILY_ALPHA / (len(tested) - rank)
        cell["significant"] = rejecting
    for cell in cells:
        cell.setdefault("significant", False)


def agreement(
    fields: int,
    n: int,
    seed: int,
    charts_dir: Path | None = None,
    distance: str = "all",
    null: bool = False,
) -> list[dict]:  # type: ignore[type-arg]
    """One cell per (field size, measure) with its difference, interval and verdicts;
    ``distance`` "sprint" or "route" keeps those fields only (a breakdown, not the
    criterion); ``null`` puts Quickplay on other dice in Fullplay's place."""
    charts = load_chart_set(charts_dir)
    tables = ChartArrays.from_charts(charts)
    races = corpus(fields, seed)
    rows = {
        side: np.array([per_field(r, charts, tables, mode, n, k) for k, r in enumerate(races)])
        for side, mode in (("quick", "quick"), ("full", "null" if null else "full"))
    }
    sizes = np.array([len(r.runners) for r in races])
    sprints = np.array([r.furlongs < SETUP_MIN_FURLONGS for r in races])
    kept = np.ones(len(races), bool) if distance == "all" else sprints == (distance == "sprint")
    cells = []
    for size in SIZES:
        m = (sizes == size) & kept
        q, f = rows["quick"][m], rows["full"][m]
        races_ = np.full(m.sum(), float(n))
        for measure, (hits, tries) in zip(
            MEASURES,
            ((0, None), (1, None), (2, 3), (4, 5)),
            strict=True,
        ):
            cell = paired(f[:, hits], q[:, hits], races_ if tries is None else q[:, tries])
            miss = cell["p"] is not None and bool(abs(cell["difference"]) > cell["half_width"])
            cells.append({"runners": size, "fields": int(m.sum()), "measure": measure,
                          **cell, "outside_95": miss})  # fmt: skip
    holm(cells)
    return cells


def show(cells: list[dict], fields: int, n: int, seed: int, distance: str) -> None:  # type: ignore[type-arg]
    races = sum(c["fields"] for c in cells) // len(MEASURES)
    kind = "" if distance == "all" else f" {distance}s"
    print(
        f"seed {seed} ({fields} everyday fields; {races}{kind} of 5-14 runners) x {n} races a "
        "version\n* = the 95% interval leaves out 0; ! = significant after Holm-Bonferroni "
        "over all 40"
    )
    print("runners fields   " + "".join(f"{m + ', F-Q':22s}" for m in MEASURES))
    for size in SIZES:
        row = [c for c in cells if c["runners"] == size]
        text = []
        for c in row:
            if c["p"] is None:
                text.append(f"{'-':22s}")
                continue
            mark = ("*" if c["outside_95"] else " ") + ("!" if c["significant"] else " ")
            text.append(f"{c['difference']:+6.1%} ±{c['half_width']:4.1%}{mark} p={c['p']:.3f}")
        print(f"{size:7d} {row[0]['fields']:6d}   " + "  ".join(text))
    outside = sum(c["outside_95"] for c in cells)
    significant = sum(c["significant"] for c in cells)
    smallest = min(c["p"] for c in cells if c["p"] is not None)
    print(
        f"{outside} of {len(cells)} intervals leave out 0; {significant} significant after "
        f"Holm (smallest p {smallest:.4f}, against {FAMILY_ALPHA / len(cells):.5f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fields", nargs="?", type=int, default=400)
    parser.add_argument("races", nargs="?", type=int, default=500)
    parser.add_argument("seed", nargs="?", type=int, default=1)
    parser.add_argument("--charts", type=Path, default=None)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--distance", choices=("all", "sprint", "route"), default="all",
        help="sprints or routes only: a breakdown (the criterion takes all fields)",
    )  # fmt: skip
    parser.add_argument("--also", type=int, default=None, help="a second corpus's seed")
    parser.add_argument(
        "--pairs", type=int, default=None,
        help="judge this many pairs (SEED + 100k, SEED + 100k + 50) and count the failures",
    )  # fmt: skip
    parser.add_argument(
        "--null", action="store_true",
        help="Quickplay against Quickplay on other dice: how often the criterion fails by chance",
    )  # fmt: skip
    args = parser.parse_args()
    if args.pairs is not None:
        study(args)
        return
    seeds = [args.seed] + ([] if args.also is None else [args.also])
    runs = {seed: agreement(args.fields, args.races, seed, args.charts, args.distance)
            for seed in seeds}  # fmt: skip
    verdict = pair_verdict(runs) if len(runs) == 2 else None
    if args.format == "json":
        out = [{"seed": seed, "fields": args.fields, "races": args.races, "cells": cells}
               for seed, cells in runs.items()]  # fmt: skip
        print(json.dumps(out[0] if verdict is None else {"corpora": out, **verdict}, indent=1))
        return
    for seed, cells in runs.items():
        show(cells, args.fields, args.races, seed, args.distance)
    if verdict is not None:
        both = ", ".join(f"{n} runners {m}" for n, m in verdict["outside_on_both"]) or "none"
        print(
            f"outside on both corpora: {both}; significant on either: "
            f"{verdict['significant']}; the versions {'' if verdict['agree'] else 'do not '}agree"
        )


def study(args: argparse.Namespace) -> None:
    """``--pairs``: each pair's verdict, then how many of them agree."""
    verdicts = []
    side = "Quickplay on other dice" if args.null else "Fullplay"
    for k in range(args.pairs):
        first = args.seed + 100 * k
        runs = {s: agreement(args.fields, args.races, s, args.charts, args.distance, args.null)
                for s in (first, first + 50)}  # fmt: skip
        verdict = {"seeds": [first, first + 50], **pair_verdict(runs)}
        verdict["significant_cells"] = [
            {"seed": s, "runners": c["runners"], "measure": c["measure"],
             "difference": c["difference"]}
            for s, cells in runs.items() for c in cells if c["significant"]
        ]  # fmt: skip
        verdicts.append(verdict)
        if args.format == "text":
            marks = [f"{n} runners {m} outside on both" for n, m in verdict["outside_on_both"]]
            marks += [f"{c['runners']} runners {c['measure']} {c['difference']:+.1%} significant "
                      f"on {c['seed']}" for c in verdict["significant_cells"]]  # fmt: skip
            print(f"{first}/{first + 50}: {'agree' if verdict['agree'] else 'do not agree'}"
                  + (f" ({'; '.join(marks)})" if marks else ""), flush=True)  # fmt: skip
    failed = sum(not v["agree"] for v in verdicts)
    if args.format == "json":
        print(json.dumps({"against": side, "pairs": verdicts, "failed": failed}, indent=1))
        return
    print(f"{side} against Quickplay: {failed} of {len(verdicts)} pairs fail the criterion")


def pair_verdict(runs: dict[int, list[dict]]) -> dict:  # type: ignore[type-arg]
    """The criterion on two corpora: nothing significant on either, and no (size,
    measure) outside its raw 95% interval on both."""
    first, second = (
        {(c["runners"], c["measure"]) for c in cells if c["outside_95"]} for cells in runs.values()
    )
    both = sorted(first & second)
    significant = sum(c["significant"] for cells in runs.values() for c in cells)
    return {"outside_on_both": both, "significant": significant,
            "agree": not both and not significant}  # fmt: skip


if __name__ == "__main__":
    main()
