"""The chart set: every chart the race is run on, read from a folder of files.

The standard set ships in ``content/charts/standard``; ``--charts DIR`` selects another
(docs/stretch-formats.md documents each file). Cells are validated on load, so a broken
chart is refused with the file, line and column rather than failing mid-race.
"""

from __future__ import annotations

import contextlib
import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, get_args

from homestretch.core.content import (
    choice_cell,
    content_folder,
    known_keys,
    read_csv,
    read_toml,
    require_columns,
    to_int,
    toml_table,
    toml_value,
)
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import escape_controls, shown, shown_folder, shown_path
from homestretch.core.odds import BOARD_STEPS, Odds
from homestretch.games.stretch.content.going import Going, chart_surface, load_going_or_standard

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from homestretch.games.stretch.content.chart_arrays import ChartArrays

Figure = TypeVar("Figure", float, "NDArray[Any]")
"""A Final Speed Figure, or an array of them (the calibration study's)."""

STANDARD = Path(__file__).parent / "charts" / "standard"
ROLLS = range(2, 13)
EVEN_FIELD = 11
"""The fewest runners of an evenly matched big field, whose tail turning for home reads
the chart set's ``race_position_rank_even.csv`` (ruling S33): chartset.toml's
``[turning_for_home]`` ``even_runners``, this when the set does not name it."""
EVEN_DROPPED = Fraction(1, 4)
"""An evenly matched big field has fewer than this share of its runners dropped back by
the gap chart (ruling S33): ``[turning_for_home]`` ``even_dropped``, this by default."""
FORMS = ("A", "B", "C", "D", "E")
ODDS_CLASSES = ("Fav", "A", "B", "C", "D", "E")
FIELD_SIZES = ("2-5", "6-8", "9-12", "13+")
SETUP_MIN_FURLONGS = 8
"""The Pace Setup segment is omitted in races under a mile (page 16): a sprint."""
FURLONGS = (4.5, 16.0)
"""The distances a race may be run at: those the standard Final Time chart covers (page
12 reads every race's time from it). Race files, `stretch new` and every chart set's
Final Time chart keep to the same range."""
BOOK_DEFAULTS = (("book_low", 1.15), ("book", 1.20), ("book_high", 1.25))
"""chartset.toml ``[odds]``: a rolled book outside low-high is balanced to the target."""
Pace = Literal["slow", "normal", "fast"]
Factor = Literal["class", "speed", "trip"]
TroubleResult = Literal["out", "none", "check-points", "check-dq", "dq"]
TROUBLE_RESULTS: tuple[str, ...] = get_args(TroubleResult)
FACTORS: tuple[str, ...] = get_args(Factor)


# Band, FinalTime and Payoffs are NamedTuples, not frozen dataclasses: every command
# that reads the charts builds these classes, and Python 3.11 builds a frozen dataclass
# by compiling each of its methods (0.75 ms a class here, a NamedTuple 0.1 ms)


class Band(NamedTuple):
    """A row of a chart read by ranges (race points, totals)."""

    low: int
    high: int


class FinalTime(NamedTuple):
    furlongs: float
    par_figure: int
    par_seconds: float
    seconds_per_point: float


class Payoffs(NamedTuple):
    stake: Fraction
    win_share: Fraction
    place_share: Fraction
    show_share: Fraction
    minimum: Fraction


@dataclass(frozen=True)
class ChartSet:
    name: str
    folder: str
    seconds_per_length: float
    pace_scenario: dict[tuple[int, int], Pace]  # (sum of top-two Pace, roll)
    pace_effects_quick: dict[tuple[int, Pace], int]  # (Pace rating, pace)
    form_quick: dict[tuple[str, int], tuple[int, bool]]  # (Form, roll) -> (adj, trouble)
    trouble: dict[int, TroubleResult]
    race_factors: dict[int, tuple[Factor, bool]]  # die -> (factor by red, ride by white)
    final_speed: dict[tuple[int, int], int]  # (APR 0-29, roll)
    final_times: tuple[FinalTime, ...]
    break_points: dict[tuple[int, int], int]  # (Pace, roll)
    pace_setup: dict[tuple[int, int], int]  # (Pace, roll)
    race_pace: tuple[tuple[Band, tuple[Pace, ...]], ...]  # band of totals -> pace by one die
    pace_effects_full: tuple[tuple[Band, dict[Pace, int]], ...]
    race_position: dict[tuple[str, int], tuple[int, int, bool]]  # -> (pos, power, trouble)
    odds_class: dict[tuple[int, str], str]  # (difference, field size) -> class
    odds_chart: dict[tuple[str, int], Odds]  # (class, red die)
    payoffs: Payoffs
    going: Going
    """Seconds a furlong each (surface, condition) adds to the Final Time chart (S21)."""
    standard_going: bool = False
    """The set has no ``going.csv`` (copied before it came in): the standard going chart
    stands in (ruling S23), and the commands say so once."""
    book: tuple[float, float, float] = (1.15, 1.20, 1.25)
    """The morning line's band and target (ruling S17): (low, target, high)."""
    race_pace_shift: tuple[int, ...] = (0,) * 21
    """Points taken off the top-two total before the Race Pace chart is read, by field
    size (index = runners; ruling S18): more runners, higher top two by chance alone."""
    race_pace_shift_sprint: tuple[int, ...] = (0,) * 21
    """The same in races under a mile, where the Pace Setup segment is omitted, so the
    top two's total is one roll's, not two rolls' (ruling S18)."""
    race_pace_faces: tuple[int, ...] = (0,) * 21
    """The faces (1 to this, 0-5) of the Field die on which one more point comes off, by
    field size: the term's sixths of a point (ruling S18)."""
    race_pace_faces_sprint: tuple[int, ...] = (0,) * 21
    """The same in races under a mile."""
    race_pace_sprint: tuple[tuple[Band, tuple[Pace, ...]], ...] | None = None
    """The Race Pace chart of races under a mile, if the set has one (ruling S18): their
    top two's total is one roll's, so it spreads less than a route's."""
    race_position_gap: tuple[int, ...] = ()
    """Race points a horse drops back once the Race Position segment is tallied, by how
    far its Final Adjusted Power Rating is below the field's best (index = points below;
    a difference past the last reads the last): ruling S30. Empty without the chart."""
    race_position_rank: tuple[int, ...] = ()
    """Race points a horse drops back at the same moment by its place in the field on
    Final Adjusted Power Rating (index 0 = rank 1, the best; a rank past the last reads
    the last): ruling S31. A horse drops back the larger of this and S30's. Empty
    without the chart."""
    race_position_rank_even: tuple[int, ...] = ()
    """The same, read in its place in an evenly matched big field: ``even_runners`` or
    more, fewer than ``even_dropped`` of them dropped back by ``race_position_gap``
    (ruling S33; 11 and a quarter unless chartset.toml names others).
    Empty without the chart (``race_position_rank`` is read in every field)."""
    even_runners: int = EVEN_FIELD
    """The fewest runners of an evenly matched big field (ruling S33; chartset.toml's
    ``[turning_for_home]``)."""
    even_dropped: Fraction = EVEN_DROPPED
    """An evenly matched big field has fewer than this share of its runners dropped
    back by ``race_position_gap`` (ruling S33; chartset.toml's ``[turning_for_home]``)."""

    @cached_property
    def arrays(self) -> ChartArrays:
        """The charts as the kernels' lookup arrays, made once a chart set."""
        from homestretch.games.stretch.content.chart_arrays import ChartArrays  # NumPy

        return ChartArrays.from_charts(self)

    # --- readings -----------------------------------------------------------------------
    def pace_term(self, runners: int, sprint: bool) -> tuple[int, int]:
        """The field-size term (ruling S18): whole points off the top-two total, and the
        Field die's faces (1 to this) on which one more comes off."""
        shifts = self.race_pace_shift_sprint if sprint else self.race_pace_shift
        faces = self.race_pace_faces_sprint if sprint else self.race_pace_faces
        at = min(runners, len(shifts) - 1)
        return shifts[at], faces[at]

    def field_die_matters(self, total: int, runners: int, sprint: bool) -> bool:
        """Whether the Field die is rolled: the term has sixths, and the total it leaves
        reads another Race Pace row on the faces that take the extra point (S18)."""
        shift, faces = self.pace_term(runners, sprint)
        row = self.race_pace_row
        return faces > 0 and row(total - shift, sprint=sprint) != row(
            total - shift - 1, sprint=sprint
        )

    def race_pace_row(
        self,
        total: int,
        runners: int | None = None,
        sprint: bool = False,
        field_die: int | None = None,
    ) -> tuple[Pace, ...]:
        """The Race Pace chart's row for a top-two total (a sprint's chart in a sprint,
        if the set has one), less the field-size term when the number of runners is
        given (ruling S18): its whole points, and one more if the Field die was rolled
        and shows one of the term's faces."""
        if runners is not None:
            shift, faces = self.pace_term(runners, sprint)
            total -= shift + (field_die is not None and field_die <= faces)
        chart, name = self.race_pace, "race_pace.csv"
        if sprint and self.race_pace_sprint is not None:
            chart, name = self.race_pace_sprint, "race_pace_sprint.csv"
        for band, paces in chart:
            if band.low <= total <= band.high:
                return paces
        raise HomestretchError(
            f"{shown_path(Path(self.folder) / name)}: no row's low-high holds a top-two total of {total} "
            "(the rows must cover every total a race can reach: end the last at 999)"
        )

    def pace_effect_full(self, points: int, pace: Pace) -> int:
        if pace == "normal":
            return 0
        for band, effects in self.pace_effects_full:
            if band.low <= points <= band.high:
                return effects[pace]
        raise HomestretchError(
            f"{shown_path(Path(self.folder) / 'pace_effects_full.csv')}: no row's low-high holds "
            f"{points} race points (the rows must cover every total: end the last at 999)"
        )

    def drop_back(self, difference: int) -> int:
        """Race points (0 or fewer) for a horse ``difference`` points of Final APR below
        the field's best turning for home (ruling S30); 0 without the chart."""
        if not self.race_position_gap:
            return 0
        return self.race_position_gap[min(difference, len(self.race_position_gap) - 1)]

    def even_field(self, ratings: list[int]) -> bool:
        """Whether the horses running, rated ``ratings`` on Final APR turning for home,
        are an evenly matched big field (ruling S33): ``even_runners`` or more, fewer
        than ``even_dropped`` of them dropped back by the gap chart (ruling S30). On the
        standard set: 11 or more, fewer than a quarter 4 or more points below the best."""
        best = max(ratings, default=0)
        by_gap = sum(self.drop_back(best - apr) < 0 for apr in ratings)
        return len(ratings) >= self.even_runners and by_gap < len(ratings) * self.even_dropped

    def drop_back_rank(self, rank: int, even: bool = False) -> int:
        """Race points (0 or fewer) for a horse ranked ``rank`` (1 the best, tied horses
        sharing the better rank) on Final APR turning for home (ruling S31); 0 without
        the chart. ``even``: the field is an evenly matched big one (ruling S33), read on
        ``race_position_rank_even`` where the set has it."""
        chart = self.race_position_rank_even if even else ()
        chart = chart or self.race_position_rank
        if not chart:
            return 0
        return chart[min(rank, len(chart)) - 1]

    def odds_class_for(self, difference: int, field: int) -> str:
        size = next(s for s, hi in zip(FIELD_SIZES, (5, 8, 12, 99), strict=True) if field <= hi)
        deepest = max(d for d, _ in self.odds_class)
        return self.odds_class[(min(difference, deepest), size)]

    def final_seconds(
        self, figure: Figure, furlongs: float, surface: str, condition: str
    ) -> Figure:
        """A Final Speed Figure's time (page 12) on the race's surface and going: the
        Final Time chart's reading, a fast dirt track's, and the going chart's seconds
        a furlong (ruling S21). Figures may be an array of them."""
        time = self.final_time(furlongs)
        going = self.going[(chart_surface(surface), condition)]
        return (
            time.par_seconds
            - (figure - time.par_figure) * time.seconds_per_point
            + going * furlongs
        )

    def final_time(self, furlongs: float) -> FinalTime:
        """The chart's row for the distance; between two rows (a mile and 70 yards is
        8.32 furlongs) the par time and seconds per point are read in proportion."""
        rows = sorted(self.final_times, key=lambda r: r.furlongs)
        for low, high in zip(rows, rows[1:], strict=False):
            if low.furlongs <= furlongs <= high.furlongs:
                share = (furlongs - low.furlongs) / (high.furlongs - low.furlongs)
                if share in (0, 1):
                    return low if share == 0 else high
                return FinalTime(
                    furlongs,
                    round(low.par_figure + (high.par_figure - low.par_figure) * share),
                    low.par_seconds + (high.par_seconds - low.par_seconds) * share,
                    low.seconds_per_point
                    + (high.seconds_per_point - low.seconds_per_point) * share,
                )
        if len(rows) == 1 and rows[0].furlongs == furlongs:
            return rows[0]
        raise HomestretchError(
            f"a race of {furlongs:g} furlongs is outside the Final Time chart of "
            f"{shown_folder(self.folder)} ({rows[0].furlongs:g} to {rows[-1].furlongs:g} furlongs)"
        )


Grid = dict[tuple[str, int], tuple[str, int]]
"""A roll chart's raw cells: (column, roll) -> (cell, the line the roll's row is on)."""


def _number(path: Path, line: int, column: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ContentError(
            path, f"{column} must be a number, got {shown(text)}", f"line {line}"
        ) from None


def _par_time(path: Path, line: int, text: str) -> float:
    """A par time written minutes:seconds (1:35.20), in seconds."""
    minutes, colon, seconds = text.strip().partition(":")
    try:
        if colon and minutes.isdigit():
            return int(minutes) * 60 + float(seconds)
    except ValueError:
        pass
    raise ContentError(
        path,
        f"par_time must be minutes:seconds such as 1:35.20 or 0:50.68, got {shown(text)}",
        f"line {line}",
    )


def _off_board(odds: Odds) -> str:
    """Why a reading no morning line shows is refused, with the board prices either side
    (ruling S26)."""
    shorter = [step for step in BOARD_STEPS if step < odds.value]
    longer = [step for step in BOARD_STEPS if step > odds.value]
    near = " or ".join(str(Odds(step)) for step in (shorter[-1:] + longer[:1]))
    return (
        f"{odds} is not a price a morning line shows (ruling S26): write {near}; the board's "
        f"prices above 5-1 are {', '.join(str(Odds(s)) for s in BOARD_STEPS if s > 5)}"
    )


def _keyed(
    path: Path, rows: list[tuple[int, dict[str, str]]], column: str, keys: range
) -> list[tuple[int, int, dict[str, str]]]:
    """Each row with its key, the whole number in ``column``: every one of ``keys``
    exactly once, a row repeated or left out named by its line (a designer's copy of a
    row to edit, left with the number it was copied from)."""
    lines: dict[int, int] = {}
    keyed = []
    span = f"{keys[0]}-{keys[-1]}"
    for line, row in rows:
        key = to_int(path, line, column, row[column])
        if key not in keys:
            raise ContentError(path, f"{column} must be {span}, got {key}", f"line {line}")
        if key in lines:
            raise ContentError(
                path, f"{column} {key} is already the row on line {lines[key]}", f"line {line}"
            )
        lines[key] = line
        keyed.append((line, key, row))
    missing = [str(key) for key in keys if key not in lines]
    if missing:
        raise ContentError(
            path, f"no row for {column} {', '.join(missing)} (it needs one for each {span})"
        )
    return keyed


def _grid_int(folder: Path, name: str, columns: list[str]) -> Grid:
    """A chart with one row per 2d6 roll (2-12) and the given columns; raw cells, each
    with its row's line."""
    path = folder / name
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["roll", *columns])
    return {
        (column, roll): (row[column], line)
        for line, roll, row in _keyed(path, rows, "roll", ROLLS)
        for column in columns
    }


def _ints(path: Path, cells: Grid) -> dict[tuple[int, int], int]:
    return {
        (int(c), r): to_int(path, line, f"column {c}", v) for (c, r), (v, line) in cells.items()
    }


def _trouble_flag(path: Path, column: str, roll: int, line: int, text: str) -> tuple[str, bool]:
    if text.endswith("t"):
        if roll != 3:
            # page 22: "Only a dice roll of 3 leads to a check of the trouble chart!"
            raise ContentError(
                path, f"a t (Trouble) mark in column {column}", f"line {line} (roll {roll})"
            )
        return text[:-1], True
    if not text:
        raise ContentError(path, f"empty cell in column {column}", f"line {line} (roll {roll})")
    return text, False


def _bands(path: Path, line: int, row: dict[str, str]) -> Band:
    band = Band(to_int(path, line, "low", row["low"]), to_int(path, line, "high", row["high"]))
    if band.low > band.high:
        raise ContentError(path, "low is above high", f"line {line}")
    return band


def _check_bands(path: Path, bands: list[Band]) -> None:
    """Rows read by ranges must follow on from each other: no gap, no overlap."""
    ordered = sorted(bands, key=lambda b: b.low)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if after.low != before.high + 1:
            what = "overlap" if after.low <= before.high else "leave a gap"
            raise ContentError(
                path, f"the rows {before.low}-{before.high} and {after.low}-{after.high} {what}"
            )


def _pace(path: Path, line: int, text: str, allow_blank: bool) -> Pace:
    if allow_blank and not text.strip():
        return "normal"
    return choice_cell(path, line, "pace", text, get_args(Pace))  # type: ignore[return-value]


RacePaceChart = tuple[tuple[Band, tuple[Pace, ...]], ...]


def _race_pace_chart(path: Path) -> RacePaceChart:
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["low", "high", *[str(d) for d in range(1, 7)]])
    chart = tuple(
        (_bands(path, line, row), tuple(_pace(path, line, row[str(d)], False) for d in range(1, 7)))
        for line, row in rows
    )
    if not chart:
        raise ContentError(path, "the chart has no rows")
    _check_bands(path, [band for band, _ in chart])
    return chart


PaceTerms = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _race_pace_terms(path: Path) -> PaceTerms:
    """race_pace_field.csv (optional): ``runners``, ``shift`` and, optionally,
    ``sprint_shift`` (races under a mile; else ``shift``), ``faces`` and ``sprint_faces``
    (0-5; without them none, and without ``sprint_faces`` ``faces``): (shifts, sprint
    shifts, faces, sprint faces) by runners. A field larger than the last row reads the
    last row, and a chart set without the file has no term."""
    if not path.exists():
        return (0,) * 21, (0,) * 21, (0,) * 21, (0,) * 21
    header, rows = read_csv(path, whole_rows=True)
    optional = [c for c in ("sprint_shift", "faces", "sprint_faces") if c in header]
    require_columns(path, header, ["runners", "shift", *optional])
    if "sprint_faces" in header and "faces" not in header:
        raise ContentError(path, "sprint_faces needs a faces column too", "header")
    sprint_shift = "sprint_shift" if "sprint_shift" in header else "shift"
    faces = "faces" if "faces" in header else None
    sprint_faces = "sprint_faces" if "sprint_faces" in header else faces
    terms: dict[int, tuple[int, int, int, int]] = {}
    for line, row in rows:
        runners = to_int(path, line, "runners", row["runners"])
        if not 2 <= runners <= 20 or runners in terms:
            raise ContentError(path, "runners must be 2-20, each once", f"line {line}")
        die = [
            0 if column is None else to_int(path, line, column, row[column])
            for column in (faces, sprint_faces)
        ]
        if not all(0 <= d <= 5 for d in die):
            raise ContentError(path, "faces must be 0-5 (of the Field die)", f"line {line}")
        terms[runners] = (
            to_int(path, line, "shift", row["shift"]),
            to_int(path, line, sprint_shift, row[sprint_shift]),
            die[0],
            die[1],
        )
    if not terms or sorted(terms) != list(range(2, 2 + len(terms))):
        raise ContentError(path, "runners must run 2, 3, 4, ... without gaps")
    last = terms[max(terms)]
    by_size = [terms.get(max(n, 2), last) for n in range(21)]
    return tuple(tuple(t[k] for t in by_size) for k in range(4))  # type: ignore[return-value]


def _race_position_gap(path: Path, key: str = "difference", first: int = 0) -> tuple[int, ...]:
    """race_position_gap.csv (optional): ``difference`` 0, 1, 2, ... (Final APR below the
    field's best once the Race Position segment is tallied) and ``position`` (the race
    points the horse drops back, 0 or fewer; ruling S30). Without the file, none. With
    ``key`` "rank" and ``first`` 1, race_position_rank.csv (ruling S31): ``rank`` 1, 2,
    3, ... (the horse's place in the field on Final APR)."""
    if not path.exists():
        return ()
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, [key, "position"])
    if not rows:
        raise ContentError(path, "the chart has no rows")
    changes: dict[int, int] = {}
    lines: dict[int, int] = {}
    for line, row in rows:
        difference = to_int(path, line, key, row[key])
        if difference in lines:
            raise ContentError(
                path,
                f"{key} {difference} is already the row on line {lines[difference]}",
                f"line {line}",
            )
        change = to_int(path, line, "position", row["position"])
        if change > 0:
            raise ContentError(
                path,
                f"position must be 0 or less (the race points a horse drops back), got {change}",
                f"line {line}",
            )
        lines[difference], changes[difference] = line, change
    keys = range(first, first + len(rows))
    if set(changes) != set(keys):
        said = ", ".join(str(k) for k in range(first, first + 3))
        raise ContentError(path, f"{key}s must run {said}, ... without gaps")
    return tuple(changes[d] for d in keys)


def load_chart_set(folder: Path | None = None) -> ChartSet:
    folder = folder or STANDARD
    try:
        if folder != STANDARD:  # a person's: a file, the folder above or a slip said as such
            content_folder(folder, "chart-set", "chartset.toml", COPY_CHARTS)
        return _load_cached(folder.resolve())
    except ContentError as error:  # named as the person reads it (a run's kept path is whole)
        raise ContentError(shown_path(error.source), error.problem, error.where) from None


COPY_CHARTS = (
    "`homestretch stretch content DIR --part charts` copies the standard set to DIR/charts"
)


def charts_named(charts: ChartSet, folder: Path | None, digest: str | None) -> str:
    """The chart set as a race's header names it: its chartset.toml name, and for a copy
    of the standard set whose files differ from the bundled ones while its name is still
    the standard's, that it is an edited copy and where ("homestretch standard (edited
    copy: mine/charts)"; "this folder (.)" for the current one, as refusals say it,
    where "(edited copy: .)" read as a stray dot): an edited copy left with the
    standard's name read as the standard set. ``folder`` and ``digest``: the set a run named and its files' digest
    (``RaceGame.charts_folder``, ``charts_digest``), None for the standard set."""
    if folder is None or not edited_copy(charts, folder, digest):
        return charts.name
    return f"{charts.name} (edited copy: {escape_controls(shown_folder(folder))})"


def edited_copy(charts: ChartSet, folder: Path | None, digest: str | None) -> bool:
    """Whether the set is a copy of the standard one whose files differ from the bundled
    ones while its name is still the standard's (``charts_named``; a run's JSON says it as
    ``charts_edited``)."""
    if folder is None or digest is None or digest == _standard_digest():
        return False
    return charts.name == read_toml(STANDARD / "chartset.toml").get("name")  # not renamed


@cache
def _standard_digest() -> str:
    from homestretch.core.content import folder_digest

    return folder_digest(STANDARD)


@cache
def _load_cached(folder: Path) -> ChartSet:
    """The chart set in ``folder``, read and checked once a process; the standard set's
    is kept with its lookup arrays (``core.kept``: read and checked again only when a
    file or a rule changes)."""
    if folder != STANDARD.resolve():
        return _read_chart_set(folder)
    import numpy

    from homestretch.core import content, inputs, kept, odds
    from homestretch.games.stretch.content import chart_arrays, conditions, going

    modules = (sys.modules[__name__], content, inputs, odds, chart_arrays, going, conditions)
    return kept.checked(
        "charts",
        folder,
        sorted(p.name for p in folder.iterdir() if p.suffix in (".csv", ".toml")),
        [Path(m.__file__ or "") for m in modules],
        f"numpy {numpy.__version__}",
        lambda: _with_arrays(_read_chart_set(folder)),
        lambda kept: isinstance(kept, ChartSet) and kept.folder == str(folder),
    )


def _with_arrays(charts: ChartSet) -> ChartSet:
    """``charts`` with its lookup arrays made (kept with it), where the charts allow."""
    with contextlib.suppress(HomestretchError):  # refused when a kernel first reads them
        charts.arrays  # noqa: B018 - made now, so they are kept
    return charts


CHARTSET_KEYS = (
    "name",
    "description",
    "seconds_per_length",
    "payoffs",
    "odds",
    "turning_for_home",
)
PAYOFF_KEYS = ("stake", "win_share", "place_share", "show_share", "minimum")
TURNING_KEYS = ("even_runners", "even_dropped")
"""chartset.toml ``[turning_for_home]`` (optional, each key too): ruling S33's evenly
matched big field, ``even_runners`` or more running and fewer than ``even_dropped`` (a
share, 0-1) of them dropped back by the gap chart. Without them, the ruling's 11 and 1/4."""


def _turning_for_home(path: Path, meta: dict[str, Any]) -> tuple[int, Fraction]:
    """chartset.toml's ``[turning_for_home]``: (even_runners, even_dropped), the ruling's
    values for a key not given (the standard set names neither: every saved game is
    marked with its chartset.toml, which would then differ)."""
    table = toml_table(path, "top", meta, "turning_for_home")
    where = "[turning_for_home]"
    runners = toml_value(path, where, table, "even_runners", int, default=EVEN_FIELD, minimum=2)
    dropped = toml_value(
        path, where, table, "even_dropped", float, default=float(EVEN_DROPPED), minimum=0, maximum=1
    )
    return runners, Fraction(str(dropped))


def _read_chart_set(folder: Path) -> ChartSet:
    path = folder / "chartset.toml"
    meta = read_toml(path)
    # a misspelt key would leave its default in place unseen (an [odds] book_hgh)
    known_keys(path, "top", meta, CHARTSET_KEYS)
    tables = (
        ("payoffs", PAYOFF_KEYS),
        ("odds", tuple(k for k, _ in BOOK_DEFAULTS)),
        ("turning_for_home", TURNING_KEYS),
    )
    for table, keys in tables:
        if table in meta:
            known_keys(path, f"[{table}]", meta[table], keys, CHARTSET_KEYS)
    if "payoffs" not in meta:
        raise ContentError(path, "the [payoffs] table is missing")
    # every value typed as TOML types it: a number written in quotes ("2.00") is a slip,
    # refused by its key, not read as the number it looks like
    pay = meta["payoffs"]
    payoffs = Payoffs(
        *(Fraction(str(toml_value(path, "[payoffs]", pay, k, float))) for k in PAYOFF_KEYS)
    )
    name = toml_value(path, "top", meta, "name", str)
    toml_value(path, "top", meta, "description", str, default="")
    seconds_per_length = toml_value(path, "top", meta, "seconds_per_length", float)
    if payoffs.stake <= 0 or not 0 < seconds_per_length <= 10:
        raise ContentError(
            path, "the stake must be above 0, and seconds_per_length above 0 and at most 10"
        )
    odds_meta = meta.get("odds", {})
    book = tuple(
        toml_value(path, "[odds]", odds_meta, k, float, default=d) for k, d in BOOK_DEFAULTS
    )
    if not 0 < book[0] <= book[1] <= book[2]:
        given = ", ".join(
            f"{key} {value:g}" for (key, _), value in zip(BOOK_DEFAULTS, book, strict=True)
        )
        raise ContentError(path, f"[odds] needs 0 < book_low <= book <= book_high; here {given}")
    if min(payoffs.win_share, payoffs.place_share, payoffs.show_share, payoffs.minimum) < 0:
        raise ContentError(path, "payoff shares and minimum cannot be negative")
    even_runners, even_dropped = _turning_for_home(path, meta)

    scenario_path = folder / "pace_scenario.csv"
    scenario_cells = _grid_int(folder, "pace_scenario.csv", [str(s) for s in range(19)])
    pace_scenario = {
        (int(c), r): _pace(scenario_path, line, v, allow_blank=True)
        for (c, r), (v, line) in scenario_cells.items()
    }

    path = folder / "pace_effects_quick.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["pace", "slow", "fast"])
    pace_effects_quick: dict[tuple[int, Pace], int] = {}
    for line, rating, row in _keyed(path, rows, "pace", range(10)):
        pace_effects_quick[(rating, "slow")] = to_int(path, line, "slow", row["slow"])
        pace_effects_quick[(rating, "fast")] = to_int(path, line, "fast", row["fast"])
        pace_effects_quick[(rating, "normal")] = 0

    path = folder / "form_quick.csv"
    form_quick = {}
    for (c, r), (v, line) in _grid_int(folder, "form_quick.csv", list(FORMS)).items():
        text, flag = _trouble_flag(path, c, r, line, v)
        form_quick[(c, r)] = (to_int(path, line, f"column {c}", text), flag)

    path = folder / "trouble.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["roll", "result"])
    trouble: dict[int, TroubleResult] = {}
    for line, roll, row in _keyed(path, rows, "roll", ROLLS):
        trouble[roll] = choice_cell(path, line, "result", row["result"], TROUBLE_RESULTS)  # type: ignore[assignment]

    path = folder / "race_factors.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["die", "factor", "ride"])
    race_factors: dict[int, tuple[Factor, bool]] = {}
    for line, die, row in _keyed(path, rows, "die", range(1, 7)):
        factor = choice_cell(path, line, "factor", row["factor"], FACTORS)
        ride = choice_cell(path, line, "ride", row["ride"], ("yes", "no"))
        race_factors[die] = (factor, ride == "yes")  # type: ignore[assignment]

    final_speed = _ints(
        folder / "final_speed.csv",
        _grid_int(folder, "final_speed.csv", [str(a) for a in range(30)]),
    )

    path = folder / "final_time.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["furlongs", "par_figure", "par_time", "seconds_per_point"])
    final_times = []
    for line, row in rows:
        final_times.append(
            FinalTime(
                _number(path, line, "furlongs", row["furlongs"]),
                to_int(path, line, "par_figure", row["par_figure"]),
                _par_time(path, line, row["par_time"]),
                _number(path, line, "seconds_per_point", row["seconds_per_point"]),
            )
        )
        last = final_times[-1]
        if not all(map(math.isfinite, (last.furlongs, last.par_seconds, last.seconds_per_point))):
            raise ContentError(path, "every number must be finite (not inf or nan)", f"line {line}")
        if last.seconds_per_point <= 0 or last.par_seconds <= 0 or last.furlongs <= 0:
            raise ContentError(
                path, "furlongs, par_time and seconds_per_point must be above 0", f"line {line}"
            )
        if len(final_times) > 1 and last.furlongs <= final_times[-2].furlongs:
            raise ContentError(
                path, "furlongs must increase down the chart (one row a distance)", f"line {line}"
            )
    if not final_times:
        raise ContentError(path, "the chart has no rows (it needs one a distance)")

    covered = sorted(row.furlongs for row in final_times)
    if not covered or covered[0] > FURLONGS[0] or covered[-1] < FURLONGS[1]:
        raise ContentError(
            path, f"the rows must cover every race distance, {FURLONGS[0]:g} to {FURLONGS[1]:g}"
        )

    break_points = _ints(
        folder / "break.csv", _grid_int(folder, "break.csv", [str(p) for p in range(10)])
    )
    pace_setup = _ints(
        folder / "pace_setup.csv", _grid_int(folder, "pace_setup.csv", [str(p) for p in range(10)])
    )

    race_pace = _race_pace_chart(folder / "race_pace.csv")
    sprint_chart = folder / "race_pace_sprint.csv"
    race_pace_sprint = _race_pace_chart(sprint_chart) if sprint_chart.exists() else None
    shifts, sprint_shifts, faces, sprint_faces = _race_pace_terms(folder / "race_pace_field.csv")

    path = folder / "pace_effects_full.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["low", "high", "slow", "fast"])
    pace_effects_full: tuple[tuple[Band, dict[Pace, int]], ...] = tuple(
        (
            _bands(path, line, row),
            {
                "slow": to_int(path, line, "slow", row["slow"]),
                "fast": to_int(path, line, "fast", row["fast"]),
                "normal": 0,
            },
        )
        for line, row in rows
    )
    if not pace_effects_full:
        raise ContentError(path, "the chart has no rows")
    _check_bands(path, [band for band, _ in pace_effects_full])

    path = folder / "race_position.csv"
    race_position = {}
    for (c, r), (v, line) in _grid_int(folder, "race_position.csv", list(FORMS)).items():
        text, flag = _trouble_flag(path, c, r, line, v)
        parts = text.split("/")
        if len(parts) != 2:
            raise ContentError(
                path, f"cell {v!r} must read position/power", f"line {line} (roll {r}), {c}"
            )
        race_position[(c, r)] = (
            to_int(path, line, c, parts[0]),
            to_int(path, line, c, parts[1]),
            flag,
        )

    race_position_gap = _race_position_gap(folder / "race_position_gap.csv")
    race_position_rank = _race_position_gap(folder / "race_position_rank.csv", "rank", 1)
    race_position_rank_even = _race_position_gap(folder / "race_position_rank_even.csv", "rank", 1)

    path = folder / "odds_class.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["difference", *FIELD_SIZES])
    odds_class = {}
    for line, row in rows:
        difference = to_int(path, line, "difference", row["difference"])
        for size in FIELD_SIZES:
            odds_class[(difference, size)] = choice_cell(
                path, line, "class", row[size], ODDS_CLASSES, size
            )
    if not rows or {d for d, _ in odds_class} != set(range(len(rows))):
        raise ContentError(path, "differences must run 0, 1, 2, ... without gaps")

    path = folder / "odds.csv"
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["red", *ODDS_CLASSES])
    odds_chart = {}
    for line, red, row in _keyed(path, rows, "red", range(1, 7)):
        for cls in ODDS_CLASSES:
            try:
                odds_chart[(cls, red)] = Odds.parse(row[cls])
            except HomestretchError as exc:
                raise ContentError(path, str(exc), f"line {line}, {cls}") from None
            if not odds_chart[(cls, red)].on_board:
                raise ContentError(path, _off_board(odds_chart[(cls, red)]), f"line {line}, {cls}")

    going, standard_going = load_going_or_standard(folder)
    return ChartSet(
        name=name,
        folder=str(folder),
        seconds_per_length=seconds_per_length,
        pace_scenario=pace_scenario,
        pace_effects_quick=pace_effects_quick,
        form_quick=form_quick,
        trouble=trouble,
        race_factors=race_factors,
        final_speed=final_speed,
        final_times=tuple(final_times),
        break_points=break_points,
        pace_setup=pace_setup,
        race_pace=race_pace,
        race_pace_sprint=race_pace_sprint,
        pace_effects_full=pace_effects_full,
        race_position=race_position,
        race_position_gap=race_position_gap,
        race_position_rank=race_position_rank,
        race_position_rank_even=race_position_rank_even,
        even_runners=even_runners,
        even_dropped=even_dropped,
        odds_class=odds_class,
        odds_chart=odds_chart,
        payoffs=payoffs,
        going=going,
        standard_going=standard_going,
        book=(book[0], book[1], book[2]),
        race_pace_shift=shifts,
        race_pace_shift_sprint=sprint_shifts,
        race_pace_faces=faces,
        race_pace_faces_sprint=sprint_faces,
    )


class AddedChart(NamedTuple):
    """An optional chart the standard set gained after sets were first copied out: a set
    copied before it has none and runs as the rulebook's segment did then."""

    file: str
    added: str
    ruling: str
    without: str
    """What a Fullplay race does turning for home without it."""


ADDED_CHARTS = (
    AddedChart(
        "race_position_gap.csv",
        "2026-12-06",
        "S30",
        "a horse 4 or more points below the best rating does not drop back",
    ),
    AddedChart(
        "race_position_rank.csv",
        "2026-12-07",
        "S31",
        "a horse rated 9th or worse in a field of nine or more does not drop back",
    ),
    AddedChart(
        "race_position_rank_even.csv",
        "2026-12-07",
        "S33",
        "a horse rated 9th or worse in an evenly matched field of 11 or more drops back "
        "no further than in any big field",
    ),
)


def charts_missing(charts: ChartSet) -> tuple[list[AddedChart], bool]:
    """(the drop-back charts the standard set has and this set's folder lacks, whether
    their absence is all that sets the folder apart from today's standard set: every
    other file the same and the standard's name kept, so it reads as an "edited copy"
    for nothing else). None missing for the standard set itself."""
    folder = Path(charts.folder)
    if folder.resolve() == STANDARD.resolve():
        return [], False
    missing = [chart for chart in ADDED_CHARTS if not (folder / chart.file).exists()]
    if not missing:
        return [], False
    gone = {chart.file for chart in missing}
    ours = sorted(p.name for p in STANDARD.iterdir() if p.suffix in (".csv", ".toml"))
    theirs = sorted(p.name for p in folder.iterdir() if p.suffix in (".csv", ".toml"))
    same = theirs == [name for name in ours if name not in gone] and all(
        (folder / name).read_bytes() == (STANDARD / name).read_bytes() for name in theirs
    )
    return missing, same
