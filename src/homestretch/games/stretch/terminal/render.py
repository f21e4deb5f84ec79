"""The race for people: the call, the scoresheet and the result chart as rich tables."""

from __future__ import annotations

from collections.abc import Callable

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from homestretch.cli.plain import Table
from homestretch.core.actions import Action
from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import is_whole
from homestretch.core.protocol import JSON
from homestretch.games.stretch.content.chart_set import charts_named, edited_copy
from homestretch.games.stretch.rules.betting import MIN_TICKET, Bet, Done
from homestretch.games.stretch.rules.engine import RaceState
from homestretch.games.stretch.rules.finish import format_lengths
from homestretch.games.stretch.rules.tote import POOLS
from homestretch.games.stretch.rules.words import (
    CAPTIONS,
    CHART_PAYOFFS,
    CHART_PAYOFFS_HOUSE,
    course_words,
)


def show_race(state: RaceState, console: Console) -> None:
    """The whole race at once: header, call, scoresheet, result chart."""
    show_header(state, console)
    Caller(console).call(state)
    show_sheets(state, console)


def show_header(state: RaceState, console: Console, blank: bool = True) -> None:
    """The race's name, track and date, then its conditions; ``blank``, a blank row
    after them (not in a bettor's window, at 80 x 24)."""
    race = state.race
    mode = "Fullplay" if state.mode == "full" else "Quickplay"
    header = " - ".join(x for x in (race.name, race.track, race.date) if x)
    console.rule(f"[bold]{escape(header)}[/bold]")
    course = course_words(race.course_seconds_per_furlong)
    clock = f" ({course})" if course else ""
    going = f"{race.distance} on the {race.surface}, {race.condition}{clock}; "
    said = f"{going}{mode}; charts: "
    line = said + _charts_words(state, console, cell_len(said))
    if course and cell_len(line) > console.width:
        # the course's note wrapped the header mid-phrase at 80 columns ("...; " /
        # "Quickplay; charts: ..."): the going and its note a row, the version and the
        # charts the next (two rows, as the wrapped header took)
        console.print(going.rstrip(), markup=False)
        said = f"{mode}; charts: "
        line = said + _charts_words(state, console, cell_len(said))
    console.print(line, markup=False)
    if blank:
        console.print()


def _charts_words(state: RaceState, console: Console, before: int) -> str:
    """The chart set as the header names it (``charts_named``), shortened at a terminal
    too narrow for it after ``before`` cells: an edited copy's "homestretch standard
    (edited copy: my-stretch/charts)" made the header two rows at 80 columns, and a
    bettor's window at 80 x 24 one row too many (its heading off the top). The folder
    goes first (the person named it; the JSON keeps it), then the words, never the fact
    that the copy is edited."""
    game = state.game
    named = charts_named(state.charts, game.charts_folder, game.charts_digest)
    if not console.is_terminal or not edited_copy(
        state.charts, game.charts_folder, game.charts_digest
    ):
        return named
    shorter = [named, f"{state.charts.name} (edited copy)", "standard (edited copy)", "edited"]
    return next((w for w in shorter if before + cell_len(w) <= console.width), shorter[-1])


def show_sheets(state: RaceState, console: Console) -> None:
    data = state.result()
    console.print()
    console.print(ratings_sheet(state))
    show_scoresheet(state, data, console)
    console.print(result_chart(data))
    if data["mode"] == "full" and state.finish is not None:
        # the beaten lengths unrounded, so the wire reads as the call and the chart say it
        beaten = state.finish.beaten  # by line index, the horses that finished
        exact = {ln.post: beaten[i] for i, ln in enumerate(state.lines) if i in beaten}
        console.print(running_positions(data, exact))
        console.print()
    if data.get("tote"):
        console.print(tote_paid(data))


PAGE_ROWS = 23
"""The rows of an 80 x 24 terminal above the question that ends a page."""


class Caller:
    """Tells the race as it is run: each notice once, as soon as the rules emit it (the
    morning line, the off, each part of the call, the official result, the tote).

    With ``pause`` (bettors at a terminal) the race after the windows close is told a
    page at a time, each page at most ``PAGE_ROWS`` rows before ``pause()`` asks for
    Enter: a 12-runner Fullplay call ran 45 rows and the sheets 90 more past the
    bettors' eyes, from their last answer to the end; and the morning line is not said
    (each bettor's board shows it: four rows of 80 x 24 at 12 runners)."""

    def __init__(self, console: Console, pause: Callable[[], None] | None = None) -> None:
        self.console = console
        self.told = 0
        self.pause = pause
        self.rows: int | None = None
        """Rows on the page so far, once the windows have closed (None before)."""

    def call(self, state: RaceState) -> None:
        for notice in state.notices[self.told :]:
            self.told += 1
            if self.pause is not None and notice["type"] == "morning-line":
                continue
            self.show(_told(notice))
            if self.pause is not None and notice["type"] == "betting-closed":
                self.rows = self.rows_of(_told(notice))

    def show(self, text: str | Text | Table, rows: int | None = None) -> None:
        """Print ``text`` (console markup, plain text, a table); when paging, after a
        pause if it would not fit on the page."""
        if self.pause is not None and self.rows is not None:
            rows = self.rows_of(text) if rows is None else rows
            if self.rows and self.rows + rows > PAGE_ROWS:
                self.next_page()
            self.rows += rows
        self.console.print(text)

    def next_page(self) -> None:
        """Ask for Enter before what comes next (paging; a page with nothing on it is not
        asked about)."""
        if self.pause is not None and self.rows:
            self.pause()
            self.rows = 0

    def rows_of(self, text: str | Text | Table) -> int:
        """The terminal rows ``text`` (console markup, plain text, a table) takes."""
        renderable = Text.from_markup(text) if isinstance(text, str) else text
        return len(self.console.render_lines(renderable, self.console.options, pad=False))


NOTICE_STYLES = {"official": "bold", "pool": "green", "payout": "green"}


def _told(notice: JSON) -> str:
    words = escape(notice["words"])
    if notice["type"] == "call":  # the part's heading in bold, as a caller stresses it
        heading = escape(notice["heading"])
        return f"[bold]{heading}.[/bold]{words.removeprefix(heading + '.')}"
    style = NOTICE_STYLES.get(notice["type"])
    return f"[{style}]{words}[/]" if style else words


def _table(title: str, padding: int = 1, edge: bool = True) -> Table:
    """A sheet's table; without ``edge``, not the blank rows above and below it (a
    bettor's window keeps to 80 x 24)."""
    return Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, padding, 0, 0),
        pad_edge=False,
        show_edge=edge,
    )


def ratings_sheet(state: RaceState, apr: bool = False, edge: bool = True) -> Table:
    """The left half of the paper scoresheet: every rating a reading is taken from (the
    starting APR opens the other half), and on a wet track the Wet rating that offset
    the going's effect on it (page 7). With ``apr``, the starting APR too: what a bettor
    handicaps from before the off, when the other half is still blank."""
    wet = state.race.wet_effect < 0
    title = "Ratings and starting APRs" if apr else "Ratings"
    table = _table(title, padding=0, edge=edge)  # one space between columns: inside 80
    for column in ("PP", "Horse"):
        table.add_column(column, justify="right" if column == "PP" else "left", no_wrap=True)
    table.add_column("Jockey")  # a long name folds onto two lines before a rating is cut
    for column in ("Pace", "Form", *(["Wet"] if wet else []), "Cls", "Spd", "Trp"):
        table.add_column(column, justify="right", min_width=len(column))
    for column in ("Wire", "Ride", "Trbl", *(["APR"] if apr else [])):
        table.add_column(column, justify="right", min_width=len(column))
    for line in state.lines:
        horse, jockey = line.runner.horse, line.runner.jockey
        table.add_row(
            str(line.post),
            horse.name,
            jockey.name,
            str(horse.pace),
            horse.form,
            *([str(horse.wet)] if wet else []),
            f"{horse.class_:+d}",
            f"{horse.speed:+d}",
            f"{horse.trip:+d}",
            str(horse.wire),
            f"{jockey.ride:+d}",
            str(jockey.trouble),
            *([str(line.runner.start_apr)] if apr else []),
        )
    return table


def show_scoresheet(state: RaceState, data: JSON, console: Console) -> None:
    """The scoresheet whole where it fits, else in two halves, each with the post and
    the horse: the run to the stretch, then the stretch to the finish (an 80-column
    terminal cut the Fullplay sheet's Speed figure, Photo, DQ die and Fin columns)."""
    whole = scoresheet(state, data)
    if _drawn_width(whole, console) <= console.width:
        console.print(whole)
        return
    console.print(scoresheet(state, data, "to the stretch"))
    console.print(scoresheet(state, data, "the stretch"))


def _drawn_width(table: Table, console: Console) -> int:
    """How wide ``table`` is drawn with room to spare (its last column's padding, which
    rich drops at the screen's edge, not counted)."""
    unbounded = console.options.update(width=1000, max_width=1000)
    lines = console.render_lines(table, unbounded, pad=False)
    return max((cell_len("".join(s.text for s in line).rstrip()) for line in lines), default=0)


def scoresheet(state: RaceState, data: JSON, part: str = "") -> Table:
    """The right half: every roll's reading, the adjustments to the APR and the figure,
    the photo totals and the disqualification die, as a paper player writes them. With
    ``part`` ("to the stretch" or "the stretch"), that half of it alone, for a narrow
    terminal: the post and the horse in both, the finish in the second."""
    full = state.mode == "full"
    table = _table(f"Scoresheet: {part}" if part else "Scoresheet")
    segments = ["Brk", *(["R2"] if "setup" in state.segments else []), "R3"] if full else []
    # the photo and disqualification columns only when someone rolled them, to keep the
    # sheet inside 80 columns
    photo = any(e["photo_total"] is not None for e in data["entries"])
    dq = any(e["dq_roll"] is not None for e in data["entries"])
    # Fullplay: the race points a horse lost turning for home, well below the best Final
    # APR or far down a big field's ratings (rulings S30, S31; already in R3, the picture
    # turning for home), when anyone did: a chart set without race_position_gap.csv and
    # race_position_rank.csv, or a field of eight within 3 points, drops nobody
    drop = full and any(e.get("drop_back") for e in data["entries"])
    headings = [
        "APR",
        *segments,
        "Pace\nadj",
        "Form\nroll",
        "Form\nadj",
        "Final\nAPR",
        *(["Drop\nback"] if drop else []),
        "Fact\nadj",
        "Spd\nroll",
        "Spd\nfig",
        *(["Photo"] if photo else []),
        *(["DQ\ndie"] if dq else []),
        "Fin",
    ]
    final_apr = headings.index("Final\nAPR")
    turn = final_apr + drop  # the last column to the top of the stretch
    shown = {
        "": range(len(headings)),
        "to the stretch": range(turn + 1),
        "the stretch": [final_apr, *range(turn + 1, len(headings))],
    }[part]
    table.add_column("PP", justify="right")
    table.add_column("Horse", no_wrap=True)
    for at in shown:
        column = headings[at]
        table.add_column(column, justify="right", min_width=max(map(len, column.split())))
    for entry in data["entries"]:
        points = [str(p) for p in entry.get("race_points", [])] if full else []
        points += [""] * (len(segments) - len(points))
        finish = {"out": "out", "disqualified": f"{entry['finish']} DQ"}.get(
            entry["status"], str(entry["finish"] or "")
        )
        cells = [
            str(entry["start_apr"]),
            *points,
            f"{entry['pace_adj']:+d}",
            _blank(entry["form_roll"]),
            f"{entry['form_adj']:+d}",
            str(entry["final_apr"]),
            *([_drop_back(entry)] if drop else []),
            f"{entry['factor_adj']:+d}",
            _blank(entry["speed_roll"]),
            _blank(entry["final_speed"]),
            *([_blank(entry["photo_total"])] if photo else []),
            *([_blank(entry["dq_roll"])] if dq else []),
            finish,
        ]
        table.add_row(str(entry["post"]), entry["horse"], *(cells[at] for at in shown))
    if full and state.pace is not None and part != "the stretch":
        table.caption = _race_pace_reading(state)
        if drop:  # R3 is the picture turning for home: the points are not taken off twice
            table.caption += "\nDrop back: lost turning for home, counted in R3 (S30, S31)"
    return table


def _race_pace_reading(state: RaceState) -> str:
    """How the Race Pace chart was read: the top-two total, the field-size term and its
    Field die (ruling S18), and the Race Pace die."""
    words = f"Race Pace: top two {state.pace_total}"
    term = state.pace_term or 0
    if term or state.field_die is not None:
        change = f"{term} off" if term > 0 else (f"{-term} added" if term else "none off")
        words += f", {change} for {len(state.lines)} runners"
    if state.field_die is not None:
        words += f" (Field die {state.field_die})"
    if state.pace_roll is not None:
        words += f", die {state.pace_roll[0]}"
    return f"{words}: {state.pace}"


def _drop_back(entry: JSON) -> str:
    """A runner's Drop back cell: the race points it lost turning for home, 0 for none,
    blank for a horse out of the race (pulled up before the turn: none were read)."""
    return "" if entry["status"] == "out" else str(entry["drop_back"])


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


FRACTIONS = {"1/4": "\u00bc", "1/2": "\u00bd", "3/4": "\u00be"}
SHORT_MARGINS = {"nose": "ns", "head": "hd", "neck": "nk", "dead heat": "dh"}
"""A chart's running positions write a margin as a racing paper does: 1\u00bd, hd, nk."""


def _chart_lengths(lengths: float) -> str:
    text = format_lengths(lengths)
    if text in SHORT_MARGINS:
        return SHORT_MARGINS[text]
    whole, _, part = text.rpartition(" ") if " " in text else ("", "", text)
    if part in FRACTIONS:
        return f"{whole}{FRACTIONS[part]}"
    return text


MARGIN_LENGTHS = {"nose": 0.05, "head": 0.15, "neck": 0.3, "dead heat": 0.0}
"""What a short margin adds to the lengths behind the leader: the middle of its band
(``format_lengths``: a nose under 0.1 of a length, a head under 0.2, a neck under 3/8)."""


def _margin_value(margin: str) -> float | None:
    """A result chart's margin in lengths ("1 3/4" 1.75, "neck" 0.3); None for the
    winner's blank and a disqualified horse's dash."""
    if margin in MARGIN_LENGTHS:
        return MARGIN_LENGTHS[margin]
    if not margin or margin == "-":
        return None
    whole, _, part = margin.rpartition(" ") if " " in margin else ("", "", margin)
    top, _, bottom = part.partition("/")
    return float(whole or 0) + (int(top) / int(bottom) if bottom else float(top))


def margins_added(finishers: list[JSON]) -> dict[int, float]:
    """Each finisher's lengths behind the winner as the result chart's margins add up
    (a racing paper's beaten lengths), so the two tables agree: rounding each horse's
    own distance from the winner put a horse a length behind one beaten 1 3/4 at 2 1/2.
    A horse placed back by the stewards (margin "-") keeps its own distance at the wire
    and is not added to; a race without margins (none recorded) adds nothing."""
    added: dict[int, float] = {}
    slowest_ahead = 0.0
    for entry in finishers:
        margin = entry.get("margin")
        if margin is None:
            return {}
        value = _margin_value(margin)
        if margin == "":
            added[entry["post"]] = 0.0
        elif value is not None:
            slowest_ahead = added[entry["post"]] = slowest_ahead + value
    return added


def running_positions(data: JSON, exact: dict[int, float] | None = None) -> Table:
    """Fullplay's running positions as a race chart prints them: each horse's place at
    the break, down the backstretch (routes), turning for home and at the wire, and the
    lengths behind the leader beside it (the leader's: its lead), one race point being
    a half-length (page 17); at the wire the official place and the beaten lengths.
    Rows in the order of the finish, as on a chart; a horse out of the race has a dash
    from the segment it went out in. ``exact``: each post's beaten lengths unrounded."""
    calls = ["Break", "Back", "Turn"] if len(data["entries"][0]["race_points"]) == 3 else []
    calls = calls or ["Break", "Turn"]
    table = _table("Running positions")
    table.caption = "place, then lengths behind the leader (a leader alone: its lead)"
    table.caption_justify = "left"
    for column in ("PP", "Horse", *calls, "Fin"):
        table.add_column(column, justify="left" if column == "Horse" else "right")
    entries = data["entries"]

    def at(entry: JSON, segment: int) -> int | None:
        points = entry["race_points"]
        went_out = entry["status"] == "out" and segment == len(points) - 1
        return points[segment] if len(points) > segment and not went_out else None

    def cell(entry: JSON, segment: int) -> str:
        mine = at(entry, segment)
        if mine is None:
            return "-"
        field = sorted((p for e in entries if (p := at(e, segment)) is not None), reverse=True)
        place = 1 + sum(p > mine for p in field)
        if mine < field[0]:
            return f"{place} {_chart_lengths((field[0] - mine) / 2)}"
        if field.count(mine) > 1:  # level for the lead: no lead to give
            return str(place)
        lead = mine - next((p for p in field if p < mine), mine)
        return f"{place} {_chart_lengths(lead / 2)}" if lead else str(place)

    finishers = sorted(
        (e for e in entries if e["finish"] is not None), key=lambda e: (e["finish"], e["post"])
    )
    added = margins_added(finishers)

    def beaten_by(entry: JSON) -> float:
        if entry["post"] in added:
            return added[entry["post"]]
        return (exact or {}).get(entry["post"], entry["beaten_lengths"] or 0.0)

    second = sorted(beaten_by(e) for e in finishers)[1:2]
    for entry in [*finishers, *(e for e in entries if e["finish"] is None)]:
        beaten = beaten_by(entry)
        if entry["finish"] is None:
            fin = "-"
        elif beaten:
            fin = f"{entry['finish']} {_chart_lengths(beaten)}"
        else:  # the winner: its margin over the next past the wire
            fin = f"{entry['finish']} {_chart_lengths(second[0])}" if second and second[0] else "1"
        if entry["status"] == "disqualified":
            fin += " DQ"
        table.add_row(
            str(entry["post"]),
            entry["horse"],
            *(cell(entry, segment) for segment in range(len(calls))),
            fin,
        )
    return table


def result_chart(data: JSON, edge: bool = True) -> Table:
    """The official result, the chart's payoffs and times; without ``edge`` no blank rows
    round it (a bettor's page, at 80 x 24)."""
    table = _table(f"Result  (final time {data['final_time'] or '-'})", edge=edge)
    tote = data.get("tote")
    if tote and tote.get("settled") is not None:  # bettors were paid: say which sums are whose
        table.caption = CHART_PAYOFFS_HOUSE if tote.get("paid_by") == "house" else CHART_PAYOFFS
        table.caption_justify = "left"
    for column in ("Fin", "PP", "Horse", "Margin", "Odds", "Win", "Place", "Show", "Time"):
        table.add_column(
            column, justify="left" if column == "Horse" else "right", no_wrap=column == "Horse"
        )
    finishers = sorted(
        (e for e in data["entries"] if e["finish"] is not None),
        key=lambda e: (e["finish"], e["post"]),
    )
    for entry in finishers:
        pay = entry["payoffs"]
        status = " (DQ)" if entry["status"] == "disqualified" else ""
        table.add_row(
            str(entry["finish"]),
            str(entry["post"]),
            entry["horse"] + status,
            entry["margin"] or "",
            entry["odds"] or "",
            *(f"${pay[p]:.2f}" if pay[p] else "" for p in ("win", "place", "show")),
            entry["time"] or "",
        )
    for entry in data["entries"]:
        if entry["status"] == "out":
            table.add_row(
                "-",
                str(entry["post"]),
                entry["horse"] + " (out)",
                "",
                entry["odds"] or "",
                "",
                "",
                "",
                "",
            )
    return table


# --- the players' tote (ruling S19) ------------------------------------------------------
def _dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def tote_board(view: JSON, edge: bool = True, apr: dict[int, int] | None = None) -> Table:
    """The pools on each horse, the tote's odds to win, and every player's tickets; at a
    sealed table while the windows are open, the player's own stakes alone (S25); alone
    with the house, the player's own stakes and no tote odds (S29). Without ``edge``
    (a bettor's window, at 80 x 24) no blank rows round it and no players under it
    (``players_line`` says them in a line or two, where they took a row each); ``apr``,
    each post's starting APR, a column beside the horse (the ratings sheet is m's)."""
    tote = view["tote"]
    own = tote["sealed_now"] or tote["house_pays"]
    table = _table(view["captions"]["tote"], edge=edge)
    # the line the tote's odds are read beside; a horse nobody backed shows no "$0.00"
    # (a board of twenty-four of them hid the few bets there were)
    columns = ("PP", "Horse", *(["APR"] if apr else []), "Morning line", "Win", "Place", "Show")
    for column in columns if tote["house_pays"] else (*columns, "Tote odds"):
        table.add_column(column, justify="left" if column == "Horse" else "right")
    for entry in view["entries"]:
        post = str(entry["post"])
        pools = [tote["pools"][p]["by_post"][post] for p in ("win", "place", "show")]
        table.add_row(
            post,
            entry["horse"],
            *([str(apr.get(entry["post"], ""))] if apr else []),
            entry["odds"] or "",
            *(_dollars(pool) if pool else "" for pool in pools),
            *(() if tote["house_pays"] else (tote["tote_odds"][post],)),
        )
    totals = [tote["pools"][p]["by_post"] for p in ("win", "place", "show")]
    table.add_row(
        "",
        "your stakes" if own else "pools",
        *([""] if apr else []),
        "",
        *(_dollars(sum(by_post.values())) for by_post in totals),
        *(() if tote["house_pays"] else ("",)),
        end_section=True,
    )
    if edge:
        table.caption = "".join(f"{said}\n" for said in _players_said(view, ": ", "; "))
        table.caption_justify = "left"  # set once: the table escapes what it is given
    return table


def players_line(view: JSON) -> str:
    """Every player's money and tickets in a line or two ("Ann $98.00 ($2 win #1); Bob
    $100.00"), under a bettor's board."""
    return "; ".join(_players_said(view, " ", " (", ")"))


PLAYERS_ROWS = 2
"""The most rows the players take under a bettor's board at a terminal (``players_lines``):
six bettors at fourteen runners took three, and the window 25 of the terminal's 24."""


def players_lines(view: JSON, width: int, you: int | None = None) -> list[str]:
    """Every player's money and tickets under a bettor's board, each line ``width`` wide at
    most and no player's words split over two, in ``PLAYERS_ROWS`` lines: each in full
    when they fit ("Ann $98.00 ($2 win #1); Bob $100.00"), else the other players'
    tickets counted ("Robo1 $80.00 (2 tickets)", ``you`` in full), else as many as fit
    and how many more ("and 2 more: m"). ``players_line`` says them all (m)."""
    full = _players_said(view, " ", " (", ")")
    lines = _packed(full, width)
    if len(lines) <= PLAYERS_ROWS:
        return lines
    tote, counted = view["tote"], []
    for said, player in zip(full, tote["players"], strict=True):
        held = sum(t["seat"] == player["seat"] for t in tote["tickets"])
        if player["seat"] != you and held:
            tickets = "ticket" if held == 1 else "tickets"
            said = f"{player['name']} {_dollars(player['cash'])} ({held} {tickets})"
        counted.append(said)
    lines, shown = _packed(counted, width), len(counted)
    while len(lines) > PLAYERS_ROWS and shown > 0:
        shown -= 1
        lines = _packed([*counted[:shown], f"and {len(counted) - shown} more: m"], width)
    return lines[:PLAYERS_ROWS]


def _packed(said: list[str], width: int) -> list[str]:
    """``said`` joined by "; " into lines of ``width`` at most, none split (one longer
    than ``width`` alone on its line)."""
    lines: list[str] = []
    for words in said:
        joined = f"{lines[-1]}; {words}" if lines else words
        if lines and cell_len(joined) < width:  # room for its ";" if it ends there
            lines[-1] = joined
        else:
            if lines:
                lines[-1] += ";"
            lines.append(words)
    return lines


def _players_said(view: JSON, between: str, before: str, after: str = "") -> list[str]:
    tote = view["tote"]
    said = []
    for player in tote["players"]:
        tickets = [
            f"${t['dollars']} {t['pool']} #{t['post']}"
            for t in tote["tickets"]
            if t["seat"] == player["seat"]
        ]
        held = f"{before}{', '.join(tickets)}{after}" if tickets else ""
        said.append(f"{player['name']}{between}{_dollars(player['cash'])}{held}")
    return said


def tote_paid(data: JSON) -> Table:
    tote = data["tote"]
    names = {str(p["seat"]): p["name"] for p in tote["players"]}
    horses = {str(e["post"]): e["horse"] for e in data["entries"]}
    house = tote.get("paid_by") == "house"  # a lone bettor's (ruling S29)
    table = _table(str(CAPTIONS["paid_house" if house else "paid"]))
    for column in ("Pool", "Horse", "$2 pays", "Paid to"):
        table.add_column(column)
    for pool in tote["settled"] or []:
        paid = ", ".join(f"{names[s]} {_dollars(c)}" for s, c in pool["paid"].items())
        if pool["refunded"]:
            table.add_row(pool["pool"], "no paying ticket: stakes given back", "", paid)
        for post, cents in pool["prices"].items():
            table.add_row(pool["pool"], f"{post} {horses[post]}", _dollars(cents), paid)
    kept = sum(pool["kept"] for pool in tote["settled"] or [])
    took = sum(pool["total"] for pool in tote["settled"] or [])
    kept_words = (
        f"the house took {_dollars(took)} in stakes and paid out {_dollars(took - kept)}"
        if house
        else f"kept by the tote {_dollars(kept)}"
    )
    table.caption = (
        "; ".join(
            f"{p['name']} {_dollars(p['cash'])} ({'+' if p['net'] >= 0 else '-'}"
            f"{_dollars(abs(p['net']))})"
            for p in tote["players"]
        )
        + f"; {kept_words}"
    )
    table.caption_justify = "left"
    return table


def parse_bet(text: str, example: str = "win 1 2") -> Action | None:
    """``win 3 10`` ($10 to win on #3), ``show 5`` ($2), or ``done``; a slip is shown
    ``example``, a bet the bettor may make now (``bet_example``)."""
    words = text.lower().replace("$", "").replace("#", "").split()
    if words == ["done"]:
        return Done()
    if not 2 <= len(words) <= 3 or words[0] not in POOLS:
        return None
    if not all(is_whole(w) for w in words[1:]):
        raise HomestretchError(
            f"cannot read {text.strip()!r}: a bet is POOL POST [DOLLARS] in whole numbers, "
            f"such as: {example}"
        )
    dollars = int(words[2]) if len(words) == 3 else MIN_TICKET
    return Bet(words[0], int(words[1]), dollars)


def bet_example(legal: list[Action], horse: Callable[[int], str]) -> tuple[str, str]:
    """A bet as it may be typed now and what it means, from the bets open to the bettor
    (a post in the race, a stake they hold): ("win 1 10", "$10 to win on #1 Super
    Saver"). The words were fixed, "win 3 10", naming a horse a two-horse race has not
    and a stake a bettor down to $4 cannot make. ("done", "") when no ticket is open."""
    bets = [action for action in legal if isinstance(action, Bet)]
    if not bets:
        return "done", ""
    stake = max(bet.dollars for bet in bets)
    bet = min((b for b in bets if b.dollars == stake), key=lambda b: (POOLS.index(b.pool), b.post))
    return f"{bet.pool} {bet.post} {bet.dollars}", f"{bet} {horse(bet.post)}"
