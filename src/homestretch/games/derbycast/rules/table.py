"""The Final Odds Calculator Table and the Win/Place/Show scoring rules (sections 3 and 5).

The table is content: ``content/odds_table.csv`` holds every printed row, validated on load.
Odds between printed rows use the highest row at or below them (ruling R1), odds
shorter than the first row use the first row (R2), and odds past the last row use the
printed formula on the whole part of the odds (R3).
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from pathlib import Path

from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.odds import Odds

TABLE_FILE = Path(__file__).parent.parent / "content" / "odds_table.csv"


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


@dataclass(frozen=True)
class Advance:
    """Spaces a pick at some final odds advances, by predicted level."""

    win: int
    place: int
    show: int

    def for_bet(self, bet: Bet) -> int:
        return {Bet.win: self.win, Bet.place: self.place, Bet.show: self.show}[bet]


@dataclass(frozen=True)
class TableRow:
    odds: Fraction
    advance: Advance


def formula(odds: Fraction) -> Advance:
    """'Odds above 20 to 1': Win = the odds, Place = half of Win, Show = half of Place,
    halves rounded down; the odds themselves are rounded down to whole spaces (R3)."""
    win = math.floor(odds)
    place = win // 2
    return Advance(win, place, place // 2)


def load_table(path: Path = TABLE_FILE) -> tuple[TableRow, ...]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(path, f"cannot read the odds table ({exc.strerror})") from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if not line.startswith("#")]
    reader = csv.reader(line for _, line in lines)
    header = next(reader, None)
    if header != ["odds", "win", "place", "show"]:
        raise ContentError(path, "the header must be odds,win,place,show", "header")
    rows: list[TableRow] = []
    for (number, _), cells in zip(lines[1:], reader, strict=True):
        where = f"line {number}"
        if len(cells) != 4:
            raise ContentError(path, f"expected 4 cells, found {len(cells)}", where)
        try:
            odds = Odds.parse(cells[0]).value
            win, place, show = (int(c) for c in cells[1:])
        except (HomestretchError, ValueError) as exc:
            raise ContentError(path, f"cannot read {cells}: {exc}", where) from None
        if rows and odds <= rows[-1].odds:
            raise ContentError(path, "odds must increase down the table", where)
        rows.append(TableRow(odds, Advance(win, place, show)))
    if not rows:
        raise ContentError(path, "the table has no rows")
    return tuple(rows)


@cache
def printed_table() -> tuple[TableRow, ...]:
    return load_table()


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


def points(odds: Odds, bet: Bet, finish: int | None) -> int:
    """Spaces a pick earns: the bet level's value if the horse finished at or above the
    predicted level (a Place bet scores on 1st or 2nd), nothing below it."""
    if finish is None or finish > bet.level:
        return 0
    return advance_for(odds).for_bet(bet)
