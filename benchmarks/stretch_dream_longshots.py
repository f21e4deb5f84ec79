"""Dream fields' 20-1 to 29-1 longshots (ruling S17's one band outside; S32).

Runs the calibration study's dream fields of greats (``build_corpus(greats=True)``) in
one version and counts, at each board price from 15-1 to 40-1, the starts and wins, and
for the 20-1 to 29-1 band its win rate with the 95% half-interval over fields (fields
are the sampling unit, as the study's pace shares are). Several corpus seeds show how
far the band's rate moves from one set of 80 fields to another.

    nice .venv/bin/python benchmarks/stretch_dream_longshots.py [fields] [races] [mode] [seed ...]
"""

from __future__ import annotations

import argparse

import numpy as np

from homestretch.games.stretch.analysis.calibrate import build_corpus
from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import load_chart_set


def study(fields: int, races: int, mode: str, seed: int) -> None:
    charts, cards = load_chart_set(), load_card_set()
    tables = ChartArrays.from_charts(charts)
    corpus = build_corpus(cards, fields, seed, greats=True)
    rng = np.random.default_rng(seed)
    by_price: dict[float, list[int]] = {}
    hits, tries = [], []
    for race in corpus.races:
        arrays = FieldArrays.from_race(race, charts)
        batch = simulate(arrays, tables, mode, races, rng, race.furlongs, with_odds=True)
        odds = batch.odds
        assert odds is not None
        won = batch.finish == 1
        for price in np.unique(odds):
            if 15 <= price <= 40:
                at = odds == price
                row = by_price.setdefault(float(price), [0, 0])
                row[0] += int(at.sum())
                row[1] += int((at & won).sum())
        band = (odds >= 20) & (odds < 30)
        tries.append(int(band.sum()))
        hits.append(int((band & won).sum()))
    h, t = np.array(hits, float), np.array(tries, float)
    rate = h.sum() / t.sum()
    half = 1.96 * np.sqrt(((h - rate * t) ** 2).sum()) / t.sum() * np.sqrt(len(h) / (len(h) - 1))
    print(
        f"seed {seed}, {mode}, {fields} dream fields x {races}: 20-1 to 29-1 win "
        f"{rate:.2%} ±{half:.2%} ({int(t.sum())} starts)"
    )
    for price, (starts, wins) in sorted(by_price.items()):
        fair = 1 / (price + 1)
        print(
            f"  {price:g}-1: {starts} starts, win {wins / starts:.2%} "
            f"(the price's own chance {fair:.2%}, at a 120% book {fair / 1.2:.2%})"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("fields", type=int, nargs="?", default=80)
    parser.add_argument("races", type=int, nargs="?", default=500)
    parser.add_argument("mode", nargs="?", default="full", choices=("quick", "full"))
    parser.add_argument("seeds", type=int, nargs="*", default=[1], help="corpus seeds (1)")
    args = parser.parse_args()
    for seed in args.seeds:
        study(args.fields, args.races, args.mode, seed)
