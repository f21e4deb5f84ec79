"""Which of Derby Cast's files a file is, when it is given where another kind goes: the
odds table (``odds,win,place,show``, as ``derbycast content FOLDER --part odds-table``
copies it, its comment lines first), a results file (``race,horse,odds``... or JSON
``{"races": [...]}``) or a Top of the Stretch race file (TOML). An odds table given to
``derbycast races`` was reported as a results file with unknown columns, the comment
line named as one; it is said plainly now what the file is (``OtherKindOfFile``), and
the command line adds where that kind goes (terminal/cli.py)."""

from __future__ import annotations

import csv
import json
import tomllib
from pathlib import Path

from homestretch.core.errors import ContentError

ODDS_TABLE = "odds table"
RESULTS_FILE = "results file"
RACE_FILE = "Top of the Stretch race file"
DAY_CARD = "day's card"

_WHAT = {
    ODDS_TABLE: "an odds table (its columns are odds,win,place,show)",
    RESULTS_FILE: "a results file (races and their horses)",
    RACE_FILE: "a Top of the Stretch race file (TOML)",
}
_ARTICLE = {ODDS_TABLE: "an", RESULTS_FILE: "a", RACE_FILE: "a", DAY_CARD: "a"}


class OtherKindOfFile(ContentError):
    """A file of another kind than the one wanted: ``kind`` is what it is."""

    def __init__(self, source: str | Path, kind: str, wanted: str) -> None:
        super().__init__(source, f"this is {_WHAT[kind]}, not {_ARTICLE[wanted]} {wanted}")
        self.kind, self.wanted = kind, wanted


def kind_of(name: str | Path, text: str) -> str | None:
    """What ``text`` (the whole of a file called ``name``) is, when it is plainly one of
    the three kinds; None when it is none of them plainly (its own checks say what is
    wrong with it then)."""
    text = text.removeprefix("\ufeff")
    if Path(name).suffix.lower() == ".toml":  # a race: its horses are its "entries"
        try:
            race = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError):
            return None
        return RACE_FILE if isinstance(race.get("entries"), list) else None
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None
        return RESULTS_FILE if isinstance(data, dict) and "races" in data else None
    # the first line that is neither blank nor a comment (an odds table opens with two)
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")), "")
    try:
        header = [cell.strip().lower() for cell in next(csv.reader([first]), [])]
    except csv.Error:
        return None
    if header == ["odds", "win", "place", "show"]:
        return ODDS_TABLE
    if {"race", "horse"} <= set(header):
        return RESULTS_FILE
    return None


def check_kind(name: str | Path, text: str, wanted: str) -> None:
    """OtherKindOfFile when ``text`` is plainly a file of another kind than ``wanted``
    (a day's card is a results file without the finish)."""
    kind = kind_of(name, text)
    same = RESULTS_FILE if wanted == DAY_CARD else wanted
    if kind is not None and kind != same:
        raise OtherKindOfFile(name, kind, wanted)
