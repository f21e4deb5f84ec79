"""What other games need from Top of the Stretch: a simulated race's official result,
and with it the race call and the whole race as JSON (the view Stretch's board draws).

Derby Cast uses this as its "race replay" when there is no live race.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from homestretch.core.chance import SeededDice
from homestretch.core.odds import Odds
from homestretch.core.protocol import JSON
from homestretch.core.referee import play
from homestretch.games.stretch.content.race import bundled_races, load_race
from homestretch.games.stretch.rules.engine import Mode, RaceGame, RaceState
from homestretch.games.stretch.rules.report import official_words, race_json


@dataclass(frozen=True)
class RunnerResult:
    post: int
    horse: str
    finish: int | None
    """1 = winner, equal numbers for a dead heat, None = did not finish."""
    odds: Odds
    status: str
    """finished, out or disqualified."""


@dataclass(frozen=True)
class SimulatedRun:
    """A race run with seeded dice, as far as another game needs it."""

    name: str
    runners: list[RunnerResult]
    """In post order."""
    call: list[dict[str, str]]
    """The race call, segment by segment: ``{"heading": ..., "words": ...}``, ending
    with the official result and the time (``"The result"``), which Stretch's own surfaces
    post apart from the call: a screen showing the call alone reads the whole race."""
    result: JSON
    """The finished race as JSON (scoresheet, result chart, call, official order): the
    view ``web/static/games/stretch.js`` draws."""


def simulated_run(seed: int, race: Path | None = None, mode: Mode = "quick") -> SimulatedRun:
    """Run a race with seeded dice: its result, its call and its JSON.

    With no race given, the seed also chooses one of the bundled sample races."""
    path = race if race is not None else bundled_races()[seed % len(bundled_races())]
    game = RaceGame(load_race(path), mode)
    state = play(game.new_initial_state(), SeededDice(seed), {})
    assert isinstance(state, RaceState)
    runners = []
    for line in state.lines:
        odds = state.used_odds(line)
        assert odds is not None  # every race generates or carries odds before it is run
        runners.append(RunnerResult(line.post, line.name, line.finish, odds, line.status))
    result = race_json(state)
    call = [{"heading": str(p["heading"]), "words": str(p["words"])} for p in result["call"]]
    call.append({"heading": "The result", "words": official_words(state)})
    return SimulatedRun(game.race.name, runners, call, result)


def simulated_race(
    seed: int, race: Path | None = None, mode: Mode = "quick"
) -> tuple[str, list[RunnerResult]]:
    """Run a race with seeded dice: (race name, runners in post order)."""
    run = simulated_run(seed, race, mode)
    return run.name, run.runners


def bundled_race_files() -> list[Path]:
    """The bundled sample races' files, in the order ``simulated_run`` draws among them:
    another game offers them by name (the file's stem) and runs one by its path."""
    return bundled_races()


def race_digest(race: Path) -> str:
    """A digest of the race a file gives, as ``simulated_run`` runs it: its entries with
    their cards (from whatever card set the file names) and its terms. A file edited
    without changing the race (a comment, its layout) keeps its digest."""
    import hashlib
    import json

    data = load_race(race).model_dump(mode="json", by_alias=True)
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:20]
