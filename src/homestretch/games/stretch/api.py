"""What other games need from Top of the Stretch: a simulated race's official result.

Derby Cast uses this as its "race replay" when there is no live race.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from homestretch.core.chance import SeededDice
from homestretch.core.odds import Odds
from homestretch.core.referee import play
from homestretch.games.stretch.engine import Mode, RaceGame, RaceState
from homestretch.games.stretch.race import bundled_races, load_race


@dataclass(frozen=True)
class RunnerResult:
    post: int
    horse: str
    finish: int | None
    """1 = winner, equal numbers for a dead heat, None = did not finish."""
    odds: Odds
    status: str
    """finished, out or disqualified."""


def simulated_race(
    seed: int, race: Path | None = None, mode: Mode = "quick"
) -> tuple[str, list[RunnerResult]]:
    """Run a race with seeded dice: (race name, runners in post order).

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
    return game.race.name, runners
