"""The bundled race replays: "one race replay" (section 1) when there is no live race.

``replays.csv`` is in the results-file format (docs/derbycast.md): invented races with
invented horses, final odds and official finishes, including a dead heat and late
scratches so every rule comes up in play.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from homestretch.games.derbycast.content.race_record import RaceRecord
from homestretch.games.derbycast.content.results_file import read_results

LIBRARY_FILE = Path(__file__).with_name("replays.csv")


@cache
def replay_library() -> tuple[RaceRecord, ...]:
    return tuple(read_results(LIBRARY_FILE))
