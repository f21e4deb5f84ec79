"""Reading races from a results file (CSV or JSON; the format is in docs/derbycast.md).

CSV: one row per horse, columns ``race,horse,odds`` and optionally ``program`` and
``finish`` (any order); a race's rows are kept together. ``program`` is the saddle-cloth
number as printed (1, 1A); ``finish`` the official position (equal numbers for a dead
heat), blank when unplaced, ``scratched`` (known before post) or ``late`` (scratched
after the picks). JSON: ``{"races": [{"race": NAME, "runners": [{"program", "horse",
"odds", "finish", "scratched"}]}]}``. A race with no finish at all is a card: picks are
made from it and the result is typed after the race. Every problem names the file and
the line or race it is on.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from homestretch.core.content import check_header
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import (
    NAME_CHARS,
    check_nesting,
    is_whole,
    read_text,
    shown,
    shown_value,
    text_problem,
)
from homestretch.core.odds import Odds
from homestretch.games.derbycast.content.file_kinds import DAY_CARD, RESULTS_FILE, check_kind
from homestretch.games.derbycast.content.race_record import (
    PROGRAM,
    RaceRecord,
    Runner,
    program_number,
)

COLUMNS = ("race", "horse", "odds")
OPTIONAL = ("program", "finish")
SCRATCH_WORDS = {"scratched", "scr", "s"}
LATE_WORDS = {"late", "late scratch", "scratched late"}


def read_results(path: Path) -> list[RaceRecord]:
    """The races in a .csv or .json results file, in file order, each validated."""
    suffix = path.suffix.lower()
    if suffix == ".toml":  # a Top of the Stretch race file, said so (``check_kind``)
        check_kind(path, read_text(path, "results file"), RESULTS_FILE)
    if suffix not in (".json", ".csv"):
        raise ContentError(path, "a results file must end in .csv or .json")
    text = read_text(path, "results file")
    try:
        return parse_json(text, path) if suffix == ".json" else parse_csv(text, path)
    except ContentError:
        # an odds table given for races: said so, not as unknown columns
        check_kind(path, text, RESULTS_FILE)
        raise


def _odds(text: str, source: Path, where: str) -> Odds | None:
    if not text.strip():
        return None
    try:
        return Odds.parse(text)
    except HomestretchError as exc:
        raise ContentError(source, str(exc), where) from None


def _finish(value: object, source: Path, where: str) -> tuple[int | None, bool, bool]:
    """(finish position, scratched, scratched late) from a CSV cell or a JSON value."""
    if value is None:
        return None, False, False
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ContentError(source, f"finish {shown_value(value)} is not a position", where)
    text = str(value).strip().lower()
    if not text:
        return None, False, False
    if text in SCRATCH_WORDS or text in LATE_WORDS:
        return None, True, text in LATE_WORDS
    if not is_whole(text) or int(text) < 1:
        raise ContentError(
            source,
            f"finish {shown(str(value))} must be a position like 1, 2, 3, blank, scratched or late",
            where,
        )
    return int(text), False, False


def _program(value: object, source: Path, where: str) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ContentError(
            source, f"program number {shown(str(value))} is not like 1, 12 or 1A", where
        )
    number = program_number(str(value))
    if not PROGRAM.match(number):
        raise ContentError(
            source, f"program number {shown(str(value))} is not like 1, 12 or 1A", where
        )
    return number


def _checked(race: RaceRecord, source: Path, where: str) -> RaceRecord:
    problem = race.problem()
    if problem:
        raise ContentError(source, problem, where)
    return race


def parse_csv(text: str, source: Path) -> list[RaceRecord]:
    try:
        return _parse_csv(text, source)
    except csv.Error as exc:  # a cell past the csv module's 128 KiB, a stray NUL
        raise ContentError(source, f"cannot read it as CSV ({exc})") from None


def _parse_csv(text: str, source: Path) -> list[RaceRecord]:
    reader = csv.DictReader(io.StringIO(text))
    header = [name.strip().lower() for name in reader.fieldnames or []]
    check_header(source, header, "line 1")
    missing = [c for c in COLUMNS if c not in header]
    unknown = [c for c in header if c not in COLUMNS + OPTIONAL]
    if missing or unknown:
        problem = f"missing column(s) {', '.join(missing)}" if missing else ""
        if unknown:
            problem += ("; " if problem else "") + f"unknown column(s) {', '.join(unknown)}"
        columns = ",".join(COLUMNS) + " and optionally " + ",".join(OPTIONAL)
        raise ContentError(source, f"{problem} (columns: {columns})", "line 1")
    reader.fieldnames = header
    races: list[tuple[str, int, list[Runner]]] = []
    for row in reader:
        where = f"line {reader.line_num}"
        if None in row:  # more cells than the header: a comma inside a cell, likeliest
            raise ContentError(
                source,
                f"more than the header's {len(header)} cells (a cell holding a comma is "
                'written in double quotes: "a, b")',
                where,
            )
        if any(value is None for value in row.values()):
            raise ContentError(source, f"expected {len(header)} cells", where)
        name, horse = row["race"].strip(), row["horse"].strip()
        if not name or not horse:
            raise ContentError(source, "every row needs a race and a horse", where)
        finish, scratched, late = _finish(row.get("finish"), source, where)
        program = _program(row.get("program", "").strip(), source, where)
        odds = _odds(row["odds"], source, where)
        runner = Runner(horse, odds, finish, scratched, late, program)
        if races and races[-1][0] == name:
            races[-1][2].append(runner)
        elif any(seen == name for seen, _, _ in races):
            raise ContentError(
                source, f"race {shown(name)} appears again; keep its rows together", where
            )
        else:
            races.append((name, reader.line_num, [runner]))
    if not races:
        raise ContentError(source, "no races in the file")
    return [
        _checked(RaceRecord(name, tuple(runners)), source, f"race {shown(name)} (from line {line})")
        for name, line, runners in races
    ]


def races_from_data(data: Any, source: Path) -> list[RaceRecord]:
    """The races of an already-read JSON results file (``{"races": [...]}``)."""
    if not isinstance(data, dict) or not isinstance(data.get("races"), list):
        raise ContentError(source, 'expected an object with a "races" list')
    if not data["races"]:
        raise ContentError(source, "no races in the file")
    return [_json_race(item, n, source) for n, item in enumerate(data["races"], start=1)]


def parse_json(text: str, source: Path) -> list[RaceRecord]:
    check_nesting(source, text)
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(source, f"not valid JSON ({exc.msg})", f"line {exc.lineno}") from None
    except (RecursionError, ValueError) as exc:  # nested too deep; a number too long to read
        raise ContentError(source, f"not JSON we can read ({exc.__class__.__name__})") from None
    return races_from_data(data, source)


def _json_race(item: Any, number: int, source: Path) -> RaceRecord:
    where = f"race {number}"
    if not isinstance(item, dict) or not isinstance(item.get("runners"), list):
        raise ContentError(source, 'each race needs "race" (its name) and a "runners" list', where)
    name = item.get("race") or f"Race {number}"
    if not isinstance(name, str):
        raise ContentError(
            source, f'"race" must be the race\'s name, not {shown_value(name)}', where
        )
    name = name.strip()
    where = f"race {number} ({name})"
    runners = []
    for k, entry in enumerate(item["runners"], start=1):
        spot = f"{where}, runner {k}"
        horse = entry.get("horse") if isinstance(entry, dict) else None
        if not isinstance(horse, str) or not horse.strip():
            raise ContentError(source, 'each runner needs a "horse" name (text)', spot)
        unknown = set(entry) - {"program", "horse", "odds", "finish", "scratched"}
        if unknown:
            raise ContentError(source, f"unknown field(s) {', '.join(sorted(unknown))}", spot)
        finish, scratched, late = _finish(entry.get("finish"), source, spot)
        flag = entry.get("scratched", False)
        if not (isinstance(flag, bool) or flag == "late"):
            raise ContentError(
                source, f'"scratched" is true, false or "late", not {json.dumps(flag)}', spot
            )
        scratched, late = scratched or flag is not False, late or flag == "late"
        odds = entry.get("odds")
        if odds is not None and not isinstance(odds, str | int | float):
            raise ContentError(source, f"odds {shown_value(odds)} are not odds", spot)
        parsed = None if odds is None else _odds(str(odds), source, spot)
        program = _program(entry.get("program"), source, spot)
        runners.append(Runner(horse.strip(), parsed, finish, scratched, late, program))
    return _checked(RaceRecord(name, tuple(runners)), source, where)


MAX_UPLOAD = 12_000
"""The longest day's card taken from a browser, in characters (a day of 12 races of
14 horses is about 6,000)."""


def card_only(races: list[RaceRecord], source: Path) -> list[RaceRecord]:
    """A day's card holds the fields and morning lines only (R20). A finish in it would
    be no use (the keeper types the result after the race) and would go to every seat
    before the race is run, in the card as the log and the table's settings carry it."""
    for race in races:
        if race.has_result:
            problem = "a day's card holds no finish: the keeper posts the result after the race"
            raise ContentError(source, problem, f"race {shown(race.name)}")
    return races


def uploaded_card(name: str, text: str) -> list[RaceRecord]:
    """The races of a day's card file a browser sent (``name`` says CSV or JSON);
    HomestretchError names the file and the line or race of the first problem."""
    base = Path(name).name
    source = Path(base if base and text_problem(base, NAME_CHARS) is None else "the file")
    suffix = Path(base).suffix.lower()
    if suffix not in (".csv", ".json"):
        raise ContentError(source, "a day's card must be a .csv or .json file")
    if len(text) > MAX_UPLOAD:
        raise ContentError(source, f"a day's card is at most {MAX_UPLOAD} characters")
    try:
        races = parse_json(text, source) if suffix == ".json" else parse_csv(text, source)
    except ContentError:
        check_kind(source, text, DAY_CARD)  # an odds table uploaded as the day's card
        raise
    return card_only(races, source)
