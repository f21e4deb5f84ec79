"""Races run by the Top of the Stretch engine: the "race replay" when there is no live
race (section 1). The engine's charts set each horse's odds before the off, so the card
shows them as the board odds; its official finish (dead heats and disqualifications
settled) and those odds make the result. A horse that did not finish is unplaced.
"""

from __future__ import annotations

from pathlib import Path

from homestretch.core.errors import HomestretchError
from homestretch.games.derbycast.race import RaceRecord, Runner
from homestretch.games.stretch.api import simulated_race


def race_seed(game_seed: int, number: int) -> int:
    """Race ``number`` of a game runs with its own seed, so the races differ."""
    return game_seed + number - 1


def simulated_record(seed: int, race: Path | None = None, mode: str = "quick") -> RaceRecord:
    if mode not in ("quick", "full"):
        raise HomestretchError(f"unknown Top of the Stretch mode {mode!r} (quick or full)")
    name, runners = simulated_race(seed, race, "quick" if mode == "quick" else "full")
    record = RaceRecord(
        f"{name} (simulated, seed {seed})",
        tuple(Runner(r.horse, r.odds, r.finish) for r in runners),
    )
    problem = record.problem()
    if problem:
        raise HomestretchError(f"the simulated race with seed {seed} cannot be scored: {problem}")
    return record
