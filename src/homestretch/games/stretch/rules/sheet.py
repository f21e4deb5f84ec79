"""The scoresheet: one line per runner, filled in step by step as the race is run."""

from __future__ import annotations

from dataclasses import dataclass, field

from homestretch.core.odds import Odds
from homestretch.games.stretch.content.race import Runner


@dataclass
class Line:
    """A runner's line on the scoresheet (the rulebook's columns, plus what we show)."""

    runner: Runner
    odds_class: str | None = None
    odds_roll: tuple[int, int] | None = None
    odds: Odds | None = None  # the price on the board, after the book is balanced
    chart_odds: Odds | None = None  # the odds chart's reading
    pace_adj: int = 0
    form_adj: int = 0
    form_roll: int | None = None
    race_points: list[int] = field(default_factory=list)  # Fullplay: after each segment
    drop_back: int = 0  # Fullplay: race points lost turning for home, well below the best (S30) or far down the ratings (S31)
    trouble: list[str] = field(default_factory=list)  # what the Trouble chart did, in words
    out: bool = False
    dq_pending: bool = False
    dq_roll: int | None = None
    factor_adj: int = 0
    speed_roll: int | None = None
    speed_dice: tuple[int, int] | None = None  # (red, white): the red places it in its point
    final_speed: int | None = None
    photo_total: int | None = None
    finish: int | None = None
    seconds: float | None = None

    @property
    def post(self) -> int:
        return self.runner.post

    @property
    def name(self) -> str:
        return self.runner.horse.name

    @property
    def final_apr(self) -> int:
        return max(0, min(29, self.runner.start_apr + self.pace_adj + self.form_adj))

    @property
    def status(self) -> str:
        if self.out:
            return "out"
        return "disqualified" if self.dq_roll is not None else "finished"

    @property
    def points(self) -> int:
        return self.race_points[-1] if self.race_points else 0
