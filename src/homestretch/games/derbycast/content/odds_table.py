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
from homestretch.core.inputs import is_whole, read_text, shown
from homestretch.core.odds import Odds
from homestretch.games.derbycast.content.file_kinds import ODDS_TABLE, check_kind

TABLE_FILE = Path(__file__).with_name("odds_table.csv")
MAX_ROWS = 1000
"""The most rows an odds table of one's own may have (the printed one has 34)."""
MAX_SPACES = 1000
"""The most spaces a row may advance a marker (the printed table's most is 20)."""


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
    """The odds table in the CSV file ``path`` (the printed one by default), checked."""
    text = read_text(path, "CSV odds table")  # an ordinary UTF-8 file, within the size limit
    return table_from_text(text, str(path))


def table_from_text(text: str, source: str) -> tuple[TableRow, ...]:
    """The odds table in ``text``, a CSV file's whole text (a file uploaded in the lobby),
    checked as ``load_table`` checks a file; errors name ``source`` (the file's name)."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, as read_text drops it
    # a comment line, and a blank one (a file's last line ended twice), is no row
    lines = [
        (n, line)
        for n, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.startswith("#")
    ]
    reader = csv.reader(line for _, line in lines)
    header = [cell.strip() for cell in next(reader, [])]  # "odds, win": spaces as in a row
    if header != ["odds", "win", "place", "show"]:
        check_kind(source, text, ODDS_TABLE)  # a results file given for the table: said so
        if len(header) == 1 and any(sep in header[0] for sep in ";\t"):
            found = "separated by semicolons or tabs, where a CSV file separates them by commas"
        else:
            found = f"not {','.join(header)}" if header else "missing"
        raise ContentError(source, f"the header must be odds,win,place,show ({found})", "header")
    numbered = [
        (f"line {number}", cells) for (number, _), cells in zip(lines[1:], reader, strict=False)
    ]
    return _checked(source, numbered)


def table_to_json(rows: tuple[TableRow, ...]) -> list[list[str | int]]:
    """A table as a game's configuration holds it: [odds, win, place, show] a row."""
    return [[str(Odds(r.odds)), r.advance.win, r.advance.place, r.advance.show] for r in rows]


def table_from_json(data: object) -> tuple[TableRow, ...]:
    """A table from a configuration (``table_to_json``), or a CSV file as uploaded in the
    lobby (``{"file": NAME, "text": TEXT}``, read by ``table_from_text``), checked as a
    file is."""
    if isinstance(data, dict) and set(data) == {"file", "text"}:
        name, text = data["file"], data["text"]
        if not isinstance(name, str) or not isinstance(text, str):
            raise ContentError("table", "an uploaded odds table is a file name and its text")
        return table_from_text(text, name)
    if not isinstance(data, list):
        raise ContentError("table", "the odds table is a list of [odds, win, place, show] rows")
    numbered = [
        (f"row {n}", [str(c) for c in row] if isinstance(row, list) else [str(row)])
        for n, row in enumerate(data, 1)
    ]
    return _checked("table", numbered)


def _checked(source: str, numbered: list[tuple[str, list[str]]]) -> tuple[TableRow, ...]:
    rows: list[TableRow] = []
    wheres: list[str] = []
    written: list[str] = []  # each row's odds as written
    for where, cells in numbered:
        if len(cells) != 4:
            raise ContentError(source, f"expected 4 cells, found {len(cells)}", where)
        try:
            odds = Odds.parse(cells[0]).value
        except HomestretchError as exc:
            raise ContentError(source, str(exc), where) from None
        for column, cell in zip(("win", "place", "show"), cells[1:], strict=True):
            if not is_whole(cell.strip()) or int(cell) > MAX_SPACES:
                raise ContentError(
                    source,
                    f"{column}: {shown(cell)} is not a number of points (0 to {MAX_SPACES})",
                    where,
                )
        win, place, show = (int(c) for c in cells[1:])
        if rows and odds == rows[-1].odds:
            raise ContentError(
                source, f"odds {cells[0].strip()} are already the row on {wheres[-1]}", where
            )
        if rows and odds < rows[-1].odds:
            raise ContentError(
                source,
                f"odds {cells[0].strip()} are below {wheres[-1]}'s {written[-1]}: odds must "
                "increase down the table",
                where,
            )
        rows.append(TableRow(odds, Advance(win, place, show)))
        wheres.append(where)
        written.append(cells[0].strip())
    if not rows:
        raise ContentError(source, "the table has no rows")
    if len(rows) > MAX_ROWS:
        raise ContentError(source, f"the table has {len(rows)} rows; at most {MAX_ROWS}")
    return tuple(rows)


@cache
def printed_table() -> tuple[TableRow, ...]:
    return load_table()
