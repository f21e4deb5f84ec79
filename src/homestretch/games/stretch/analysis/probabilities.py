"""Probabilities for a bettor: win, place and show chances, fair odds, overlays."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from homestretch.core.odds import Odds
from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import ChartSet
from homestretch.games.stretch.rules.odds_payoffs import fair_odds

if TYPE_CHECKING:
    from homestretch.core.protocol import JSON
    from homestretch.games.stretch.content.race import Race
    from homestretch.games.stretch.content.race_plain import AnyRace

BATCH = 100_000


@dataclass(frozen=True)
class Chances:
    post: int
    horse: str
    win: float
    place: float
    show: float
    mean_final_speed: float | None
    """None where the chances were found exactly rather than by running races."""
    win_interval: tuple[float, float]
    """95% confidence interval of the win chance (Monte Carlo)."""

    @property
    def fair_odds(self) -> Odds | None:
        """Odds that would pay exactly what the win chance is worth: (1 - p) / p."""
        return fair_odds(self.win)

    def as_json(self) -> JSON:
        """The figures every JSON entry of chances starts with (a page's, `stretch odds`)."""
        return {
            "post": self.post,
            "horse": self.horse,
            "win": self.win,
            "place": self.place,
            "show": self.show,
            "win_interval": list(self.win_interval),
        }


def monte_carlo(
    race: Race,
    charts: ChartSet,
    mode: str,
    runs: int,
    seed: int,
    advance: Callable[[int], None] | None = None,
) -> list[Chances]:
    """Win, place and show chances by running ``runs`` races on the kernel."""
    field = FieldArrays.from_race(race, charts)
    tables = ChartArrays.from_charts(charts)
    rng = np.random.default_rng(seed)
    h = len(race.runners)
    wins, places, shows = np.zeros(h), np.zeros(h), np.zeros(h)
    speed_sum, speed_count = np.zeros(h), np.zeros(h)
    done = 0
    while done < runs:
        n = min(BATCH, runs - done)
        batch = simulate(field, tables, mode, n, rng, race.furlongs)
        finished = batch.finish > 0
        wins += (batch.finish == 1).sum(axis=0)
        places += (finished & (batch.finish <= 2)).sum(axis=0)
        shows += (finished & (batch.finish <= 3)).sum(axis=0)
        speed_sum += np.where(finished, batch.final_speed, 0).sum(axis=0)
        speed_count += finished.sum(axis=0)
        done += n
        if advance is not None:
            advance(n)
    result = []
    for i, runner in enumerate(race.runners):
        p = wins[i] / runs
        half = 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / runs)
        result.append(
            Chances(
                post=runner.post,
                horse=runner.horse.name,
                win=float(p),
                place=float(places[i] / runs),
                show=float(shows[i] / runs),
                mean_final_speed=float(speed_sum[i] / max(speed_count[i], 1)),
                win_interval=(max(0.0, p - half), min(1.0, p + half)),
            )
        )
    return result


def chart_odds_range(race: AnyRace, charts: ChartSet) -> list[tuple[Odds, Odds, Odds]]:
    """The shortest, middle and longest odds each horse's chart gives (doubles included);
    the middle readings are balanced as one book, as a rolled morning line is (S17)."""
    from homestretch.games.stretch.rules.odds_payoffs import balance_book, odds_classes, roll_odds

    ranges = []
    for cls in odds_classes([r.start_apr for r in race.runners], charts):
        offered = [
            roll_odds(cls, red, white, charts) for red in range(1, 7) for white in range(1, 7)
        ]
        offered.sort()
        ranges.append((offered[0], offered[len(offered) // 2], offered[-1]))
    middles = balance_book([middle for _, middle, _ in ranges], charts)
    return [(short, middle, long) for (short, _, long), middle in zip(ranges, middles, strict=True)]
