"""The kernels' batches stay bit-identical to the ones recorded before they were sped up.

``kernel_digests.json`` holds a SHA-256 of every array two consecutive batches produced
(recorded with the kernels of 2026-12-02, before issue 17 changed their integer types
and passes), for fields of 6 to 20 horses, both versions, with and without generated
odds. Any change to what the kernels draw or compute shows here. A deliberate change of
the rules is recorded by that older kernel (commit 806d3b8) with the same change made
to it by hand, so the fast kernel is still checked bit for bit: so were the Fullplay
cases after ruling S18 changed the Break and Race Pace charts, and on 2026-12-03 the
Fullplay and odds cases after S18's sprint term and S17's balanced board in the kernel,
and again for the Fullplay cases after S18's Field die, sprint Race Pace chart and Pace
Effects from 21 points (the older kernel with those changes made by hand gave the 36
digests recorded before them first, then these), and again for the Fullplay cases when
S18's Pace Setup, Pace Effects and route Race Pace charts and terms were refitted (chart
cells only: the same by-hand kernel gave main's 36 digests on main's charts first, and
the 12 Quickplay cases did not change). On 2026-12-06 ruling S26 put the balanced
board's prices on the morning line's steps (``board_prices``, shared by engine and
kernel, not the kernel's own code): the 18 odds cases were re-recorded after checking
that the old rounding put back into the current kernel gives the recorded digests and
that every other array of those batches is the same with either rounding; the 36 cases
without odds did not change.
(``python tests/games/stretch/analysis/test_stretch_kernel_identity.py`` records with the
current kernel instead, for a change that is the kernel's own.)
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from homestretch.games.stretch.analysis.kernel import Batch, FieldArrays, simulate
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import Race, RaceSpec, build_race

DIGESTS = Path(__file__).with_name("kernel_digests.json")
SIZES = (6, 8, 10, 12, 14, 20)
RACES = 4_000


def field_of(horses: int, furlongs: float) -> Race:
    """A field of ``horses`` from the card set, each with a different jockey."""
    cards = load_card_set()
    runners = [h for h in cards.horses.values() if h.power_dirt is not None][
        3 * horses : 4 * horses
    ]
    riders = list(cards.jockeys)[:horses]
    spec = RaceSpec.model_validate(
        {
            "name": f"Identity Stakes ({horses})",
            "furlongs": furlongs,
            "entries": [{"horse": h, "jockey": j} for h, j in zip(runners, riders, strict=True)],
        }
    )
    return build_race(spec, cards)


def digest(batch: Batch) -> str:
    """The batch's values, independent of the integer types that hold them."""
    sha = hashlib.sha256()
    for name in ("finish", "final_speed", "out", "disqualified", "pace", "factor"):
        sha.update(np.ascontiguousarray(getattr(batch, name), dtype=np.int64).tobytes())
    if batch.odds is not None:
        sha.update(np.ascontiguousarray(batch.odds, dtype=np.float64).tobytes())
    return sha.hexdigest()


def cases() -> list[tuple[int, str, float, bool, int]]:
    return [
        (horses, mode, furlongs, odds, seed)
        for horses in SIZES
        for mode, furlongs in (("quick", 8.0), ("full", 6.0), ("full", 10.0))
        for odds, seed in ((False, horses), (True, 100 + horses))
    ]


def run(horses: int, mode: str, furlongs: float, odds: bool, seed: int) -> str:
    charts = load_chart_set()
    field = FieldArrays.from_race(field_of(horses, furlongs), charts)
    tables = ChartArrays.from_charts(charts)
    rng = np.random.default_rng(seed)
    first = simulate(field, tables, mode, RACES, rng, furlongs, with_odds=odds)
    second = simulate(field, tables, mode, RACES // 3, rng, furlongs, with_odds=odds)
    return digest(first) + digest(second)


def key(horses: int, mode: str, furlongs: float, odds: bool, seed: int) -> str:
    return f"{horses} {mode} {furlongs:g}f odds={odds} seed={seed}"


@pytest.mark.parametrize("case", cases(), ids=lambda c: key(*c))
def test_batches_are_bit_identical_to_the_recorded_ones(
    case: tuple[int, str, float, bool, int],
) -> None:
    recorded = json.loads(DIGESTS.read_text())
    assert run(*case) == recorded[key(*case)]


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps({key(*c): run(*c) for c in cases()}, indent=1) + "\n")
