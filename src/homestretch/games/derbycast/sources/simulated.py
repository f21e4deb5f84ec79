"""Races run by the Top of the Stretch engine: the "race replay" when there is no live
race (section 1). The engine's charts set each horse's odds before the off, so the card
shows them as the board odds; its official finish (dead heats and disqualifications
settled) and those odds make the result. A horse that did not finish is unplaced.

A race run from the keeper's desk (``desk_race``) also keeps the engine's race call,
for the TV (ruling R25).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from homestretch.core.errors import HomestretchError
from homestretch.games.derbycast.content.race_record import RaceRecord, Runner
from homestretch.games.stretch.api import bundled_race_files, race_digest, simulated_run


def race_seed(game_seed: int, number: int) -> int:
    """Race ``number`` of a game runs with its own seed, so the races differ."""
    return game_seed + number - 1


@dataclass(frozen=True)
class CalledRecord(RaceRecord):
    """A simulated race's official record and its race call (``{"heading", "words"}``
    part by part, as the terminal calls it), which the computer keeper posts with it."""

    call: tuple[dict[str, str], ...] = ()


def simulated_record(
    seed: int, race: Path | None = None, mode: str = "quick", say_seed: bool = True
) -> CalledRecord:
    """``say_seed`` False: the race named without its seed, for a table whose own
    seed ran it and is kept secret until the game ends (a player who read it in the
    race's name could run the races to come with it)."""
    if mode not in ("quick", "full"):
        raise HomestretchError(f"unknown Top of the Stretch mode {mode!r} (quick or full)")
    run = simulated_run(seed, race, "quick" if mode == "quick" else "full")
    record = CalledRecord(
        f"{run.name} (simulated, seed {seed})" if say_seed else f"{run.name} (simulated)",
        tuple(Runner(r.horse, r.odds, r.finish) for r in run.runners),
        tuple(run.call),
    )
    problem = record.problem()
    if problem:
        raise HomestretchError(f"the simulated race with seed {seed} cannot be scored: {problem}")
    return record


def simulated_call(feed: dict[str, object], number: int) -> list[dict[str, str]]:
    """The race call of race ``number`` of a ``simulate`` feed (its seed, race and mode),
    run again as the feed ran it (the same seeded dice give the same race)."""
    race = None if feed.get("race") is None else Path(str(feed["race"]))
    seed = race_seed(int(str(feed["seed"])), number)
    return simulated_run(
        seed, race, "quick" if feed.get("mode", "quick") == "quick" else "full"
    ).call


SIM_SEEDS = 1_000_000
"""The seeds a race run from the keeper's desk is drawn among (by the table's dice)."""


@dataclass(frozen=True)
class SimulatedRace:
    """A race Top of the Stretch ran for the keeper's desk: the card the players pick
    from (post positions as program numbers, the odds on the board), the official
    record, and the race call, unseen until the keeper runs the race."""

    card: RaceRecord
    record: RaceRecord
    call: list[dict[str, str]]


def stretch_races() -> list[str]:
    """The bundled Top of the Stretch races the desk may choose, by file name."""
    return [path.stem for path in bundled_race_files()]


def desk_race_problem(race: object, mode: object) -> str | None:
    if mode not in ("quick", "full"):
        return f"unknown Top of the Stretch mode {mode!r} (quick or full)"
    if race != "" and race not in stretch_races():
        return f"no bundled Top of the Stretch race is called {race!r}"
    return None


def desk_race(seed: int, race: str, mode: str) -> SimulatedRace:
    """Run ``race`` (blank: the seed chooses one) with seeded dice; its odds are the
    board odds and, the race being run at once, its final odds."""
    paths = {path.stem: path for path in bundled_race_files()}
    run = simulated_run(seed, paths[race] if race else None, "quick" if mode == "quick" else "full")
    runners = [Runner(r.horse, r.odds, r.finish, program=str(r.post)) for r in run.runners]
    record = RaceRecord(f"{run.name} (Top of the Stretch)", tuple(runners))
    problem = record.problem()
    if problem:
        raise HomestretchError(f"the simulated race with seed {seed} cannot be scored: {problem}")
    card = RaceRecord(record.name, tuple(replace(r, finish=None) for r in runners))
    return SimulatedRace(card, record, run.call)


def race_file_digest(race: Path) -> str:
    """A digest of the race a ``simulate`` feed's own race file gives (its cards too,
    wherever the file names them): what every race the feed posts is run from."""
    return race_digest(race)
