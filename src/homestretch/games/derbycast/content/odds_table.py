"""The Final Odds Calculator Table as printed (section 3): ``odds_table.csv`` holds one
row per printed odds value, validated on load with errors naming the file and line. How
odds between, below and past the printed rows read the table are rules (rules/table.py).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.odds import Odds

TABLE_FILE = Path(__file__).with_name("odds_table.csv")


@dataclass(frozen=True)
class Advance:
    """Spaces a pick at some final odds advances, by predicted level."""

    win: int
    place: int
    show: int

    def for_bet(self, bet: str) -> int:
        """The value for ``bet``: "win", "place" or "show" (a ``Bet`` is one of them)."""
        return {"win": self.win, "place": self.place, "show": self.show}[str(bet)]


@dataclass(frozen=True)
class TableRow:
    odds: Fraction
    advance: Advance


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
