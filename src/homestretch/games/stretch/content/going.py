"""The going chart (ruling S21): seconds a furlong the track's surface and condition add
to the Final Time chart's reading (page 12), which is a fast dirt track's.

The rulebook's Final Time chart is read by distance and figure alone, and its wet effect
(page 7) only lowers the horses' Power ratings, which a Wet rating offsets: a mudder's
figure on a sloppy track is its fast-track figure. The clock still runs slower in the
mud and on soft turf, and faster on firm turf, whoever is running: that is this chart.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from homestretch.core.content import choice_cell, read_csv, require_columns
from homestretch.core.errors import ContentError
from homestretch.games.stretch.content.conditions import CONDITIONS

SURFACES = ("dirt", "turf")
"""The chart's surfaces: synthetic tracks read dirt ("For now, synthetic surfaces are
treated as dirt surfaces", page 7)."""

Going = dict[tuple[str, str], float]
"""(surface, condition) -> seconds a furlong."""

STANDARD_GOING = Path(__file__).parent / "charts" / "standard"
"""The folder of the standard going chart, which a chart set without one runs on (S23)."""


def load_going_or_standard(folder: Path) -> tuple[Going, bool]:
    """The chart set's going chart, or the standard one where the set has none (ruling
    S23: a set copied before 2026-12-05, when the going chart came in, still runs);
    ``True`` beside it when the standard one stands in. A ``going.csv`` that is there
    but broken is refused as any chart is."""
    if os.path.lexists(folder / "going.csv"):  # a dangling link is there, and refused
        return load_going(folder), False
    return load_going(STANDARD_GOING), True


def load_going(folder: Path) -> Going:
    path = folder / "going.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["surface", "condition", "seconds_per_furlong"])
    going: Going = {}
    for line, row in rows:
        key = (
            choice_cell(path, line, "surface", row["surface"], SURFACES),
            choice_cell(path, line, "condition", row["condition"], CONDITIONS),
        )
        if key in going:
            raise ContentError(path, f"{key[0]} {key[1]} has two rows", f"line {line}")
        try:
            going[key] = float(row["seconds_per_furlong"])
        except ValueError:
            raise ContentError(
                path, "seconds_per_furlong must be a number", f"line {line}"
            ) from None
        if not math.isfinite(going[key]):
            raise ContentError(path, "seconds_per_furlong must be finite", f"line {line}")
    missing = [f"{s} {c}" for s in SURFACES for c in CONDITIONS if (s, c) not in going]
    if missing:
        raise ContentError(
            path, f"needs a row for every surface and condition: {', '.join(missing)}"
        )
    return going


def chart_surface(surface: str) -> str:
    return "turf" if surface == "turf" else "dirt"
