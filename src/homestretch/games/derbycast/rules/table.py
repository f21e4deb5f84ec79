"""The Final Odds Calculator Table and the Win/Place/Show scoring rules (sections 3 and 5).

The table is content: ``content/odds_table.csv`` holds every printed row, validated on
load (``content/odds_table.py``). Odds between printed rows use the highest row at or
below them (ruling R1), odds shorter than the first row use the first row (R2), and odds
past the last row use the printed formula on the whole part of the odds (R3).
"""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction

from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.games.derbycast.content.odds_table import Advance, TableRow, printed_table


class Bet(StrEnum):
    """The predicted finish; ``level`` is the lowest place that still scores."""

    win = "win"
    place = "place"
    show = "show"

    @property
    def level(self) -> int:
        return {"win": 1, "place": 2, "show": 3}[self.value]

    @classmethod
    def parse(cls, text: str) -> Bet:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise HomestretchError(f"unknown bet {text!r} (use win, place or show)") from None


def formula(odds: Fraction) -> Advance:
    """'Odds above 20 to 1': Win = the odds, Place = half of Win, Show = half of Place,
    halves rounded down; the odds themselves are rounded down to whole spaces (R3)."""
    win = math.floor(odds)
    place = win // 2
    return Advance(win, place, place // 2)


def advance_for(odds: Odds, table: tuple[TableRow, ...] | None = None) -> Advance:
    """The Win/Place/Show values of a horse at these final odds."""
    rows = table if table is not None else printed_table()
    if odds.value > rows[-1].odds:
        return formula(odds.value)
    chosen = rows[0]  # shorter than the first row: the first row still applies (R2)
    for row in rows:
        if row.odds <= odds.value:
            chosen = row
    return chosen.advance


def points(
    odds: Odds, bet: Bet, finish: int | None, table: tuple[TableRow, ...] | None = None
) -> int:
    """Spaces a pick earns: the bet level's value if the horse finished at or above the
    predicted level (a Place bet scores on 1st or 2nd), nothing below it."""
    if finish is None or finish > bet.level:
        return 0
    return advance_for(odds, table).for_bet(bet)
