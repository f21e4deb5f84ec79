"""benchmarks/across_tournament.py seats the kinds and picks the track so that seating and
track cross in full: every rotation of the seats meets every track. They stepped on
together, one each game, so at a table of four a rotation always met the same track."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[4] / "benchmarks"


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_every_rotation_meets_every_track(seats: int) -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import across_tournament as tournament
    finally:
        sys.path.remove(str(BENCHMARKS))
    tracks = len(tournament.TRACKS)
    met = []
    for game in range(tracks * seats):
        turn, block = tournament.seating(game, seats)
        met.append((turn, tournament.TRACKS[block % tracks]))
    assert sorted(met) == sorted({(t, k) for t in range(seats) for k in tournament.TRACKS})
