"""The score keeper's view as rich tables: the card, each race's report, the board."""

from __future__ import annotations

import io
from collections.abc import Collection
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.table import Column, Table

from homestretch.core.protocol import JSON, replay
from homestretch.games.derbycast.rules.winning import OFFICIAL_FINISH
from homestretch.games.derbycast.rules.words import (
    CAPTIONS,
    card_caption,
    nothing_in_the_money,
    ordinal,
    pick_line,
    placed_as,
    report_title,
    shared_places,
    standing,
)

if TYPE_CHECKING:
    from homestretch.session.table import Table as TableSession


def card_table(view: JSON) -> Table:
    """The race card: program number, horse, board odds and the Win/Place/Show spaces
    those odds are worth, and who has picked what."""
    card = view["card"]
    # the TV's and the phones' headings (the view's captions): the terminal's own said
    # "W/P/S spaces" where every other place said points
    headings = [CAPTIONS[k] for k in ("program", "horse", "odds", "spaces", "picked_by")]
    table = Table(
        *headings,
        title=escape(card_caption(view["race"], card["race"])),
    )
    # who picked each horse by name, as the TV and the phones say it ("Ann (win), you
    # (show)"): marker numbers alone ("1 (win)") sent a newcomer to the board to look
    words = (card.get("words") or {}).get("rows") or []
    pickers: dict[str, list[str]] = {}
    for pick in view["picks"]:
        if "horse" in pick:
            pickers.setdefault(pick["horse"], []).append(f"{pick['marker']} ({pick['bet']})")
    rows = zip(card["programs"], card["horses"], card["odds"], card["spaces"], strict=True)
    for at, (number, horse, odds, spaces) in enumerate(rows):
        name = escape(horse)
        shown = f"[strike]{name}[/strike] scratched" if horse in card["scratched"] else name
        worth = "" if spaces is None else f"{spaces['win']}/{spaces['place']}/{spaces['show']}"
        by = words[at]["picked_by"] if at < len(words) else ", ".join(pickers.get(horse, []))
        # a scratched horse has no odds to know: "?" there read as a line still to come
        known = "" if horse in card["scratched"] else odds or "?"
        table.add_row(number, shown, known, worth, escape(by))
    if view["picks"] and card["unselected"] is not None:  # None: picks are sealed
        left = len(card["unselected"])
        table.caption = f"{left} {'horse' if left == 1 else 'horses'} unselected"
    return table


def race_report(report: JSON) -> list[Table]:
    """The official result, the first four home, and each marker's pick in the words the
    TV and the phones show."""
    placed = sorted(
        (r for r in report["runners"] if r["finish"] is not None), key=lambda r: r["finish"]
    )
    result = Table("finish", "#", "horse", "final odds", title=escape(report_title(report)))
    numbers = {id(r): str(n) for n, r in enumerate(report["runners"], start=1)}
    shared = shared_places(placed)
    for runner in placed[:4]:
        result.add_row(
            placed_as(runner, runner["finish"] in shared),
            runner.get("program") or numbers[id(runner)],  # a replay's: its card's count
            escape(runner["horse"]),
            runner["odds"] or "",
        )
    scratched = [r["horse"] for r in report["runners"] if r["scratched"]]
    if scratched:
        result.caption = escape("scratched: " + ", ".join(scratched))
    picks = Table("pick", title="Points", show_header=False)
    for pick in report["picks"]:
        picks.add_row(escape(pick_line(pick)))
    return [result, picks]


def board_table(board: list[JSON], over: bool = False) -> Table:
    """The board by points, most first (marker order among equals). The track is never
    cut short: at 80 columns the other columns wrap to leave it its 20 spaces (it was
    cut to '################…' once a 'leader' note stood beside it). Once the game is
    ``over`` nobody "needs" more points (a set number of races run out said "needs 20
    more" beside a beaten marker), as the view's standings say: "to go" is then each
    marker's points short of the Official Finish (``to_go``)."""
    track_column = Column("Odds Advancement Table", min_width=len(track(0)) + 1, no_wrap=True)
    table = Table("marker", "player", "points", track_column, "to go", title="The board")
    table.caption = FINISH_CAPTION
    leader = max(row["points"] for row in board)
    for row in sorted(board, key=lambda r: (-r["points"], r["marker"])):
        who = said_name(row["name"], row["bot"])
        if row["team"]:
            who += " [team]"
        table.add_row(
            str(row["marker"]),
            escape(who),
            str(row["points"]),
            track(row["points"]),
            to_go(row, leader, over),
        )
    return table


def to_go(row: JSON, leader: int, over: bool) -> str:
    """A marker's "to go": while racing, what it needs ('needs 13 more, leader'); once the
    game is ``over``, the points it was short of the Official Finish, bare ('13', under
    "to go"), beside the winner's 'OFFICIAL FINISH' (the end's column was empty but
    that, nobody "needing" points after the last race)."""
    if over and not row["official_finish"]:
        return str(row["needs"])
    return standing(row, leader, over)


def said_name(name: str, bot: bool) -> str:
    """A marker's player as the board names them: a computer player is said to be one once,
    in words a family reads: "Computer 1" (it was "Computer 1 (computer)", two rows at
    80 columns), "Robo (computer)" for one named otherwise."""
    return f"{name} (computer)" if bot and "computer" not in name.casefold() else name


FINISH_CAPTION = "| is the Official Finish: a marker passes it with more than 20 points"


def track(points: int) -> str:
    """A marker's way along the Odds Advancement Table: its 20 spaces, then the Official
    Finish, which only more than 20 points pass (section 4). The track was 20 spaces
    alone, so a marker on 20 drew full, as the winner's did, and looked home."""
    ahead = min(points, OFFICIAL_FINISH)
    past = "#" if points > OFFICIAL_FINISH else ""
    return "#" * ahead + "." * (OFFICIAL_FINISH - ahead) + "|" + past


def print_race(console: Console, report: JSON, board: list[JSON] | None = None) -> None:
    """A race's report, and the ``board`` after it (none: the last race's, the end's)."""
    for table in race_report(report):
        console.print(table)
    if board is not None:
        console.print(board_table(board))


def print_races(console: Console, history: list[JSON]) -> None:
    """Every race's report: a game's whole result, as ``replay`` shows it."""
    for report in history:
        print_race(console, report)


def print_race_fitted(
    console: Console,
    report: JSON,
    board: list[JSON],
    here: Collection[int] = (),
    rows: int | None = None,
) -> int:
    """A race's result and the board after it in 80 x 24 (the whole report,
    ``print_race``, was 32 to 34 rows there with six markers, its result off the top):
    the first four home, then the board with each marker's pick and what it scored, and
    one line of who leads; the picks in words and each marker's "needs" are
    ``print_race``'s. In ``rows`` lines (the screen's height; the question after it takes
    one more): with many markers (20 made it 34 rows) the board keeps its leader and the
    markers of the people ``here`` and leaves out the fewest points first, a line saying
    how many each gap holds. How many markers were left out (``m`` shows them)."""
    budget = (console.size.height if rows is None else rows) - 1
    ranked = sorted(board, key=lambda r: (-r["points"], r["marker"]))
    kept = list(ranked)
    keep = {ranked[0]["marker"], *here}
    droppable = [r for r in reversed(ranked) if r["marker"] not in keep]
    while True:
        parts = _fitted(report, board, kept)
        if _height(console.width, parts) <= budget or not droppable:
            break
        kept.remove(droppable.pop(0))
    for part in parts:
        console.print(part, highlight=False)
    return len(board) - len(kept)


def _fitted(report: JSON, board: list[JSON], kept: list[JSON]) -> list[RenderableType]:
    """The fitted screen's parts, the board's rows ``kept`` (in board order)."""
    parts: list[RenderableType] = [
        f"[bold]{escape(report_title(report))}[/bold]",
        _finish_table(report),
        "",
        _board_after(report, board, kept),
        escape(leader_line(board)),
    ]
    shown = {row["marker"] for row in kept}
    nothing = nothing_in_the_money(report, shown)
    if nothing:
        parts.append(escape(nothing))
    return parts


def _height(width: int, parts: list[RenderableType]) -> int:
    """How many lines ``parts`` take at ``width`` columns."""
    measure = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    for part in parts:
        measure.print(part, highlight=False)
    return len(measure.export_text().rstrip("\n").split("\n"))


def _compact(*columns: str | Column, title: str | None = None) -> Table:
    """A table in few rows: a rule under its header and no frame, two spaces apart."""
    return Table(
        *columns,
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )


def _finish_table(report: JSON) -> Table:
    placed = sorted(
        (r for r in report["runners"] if r["finish"] is not None), key=lambda r: r["finish"]
    )
    shared = shared_places(placed)
    numbers = {id(r): str(n) for n, r in enumerate(report["runners"], start=1)}
    table = _compact("finish", "#", "horse", "final odds")
    for runner in placed[:4]:
        table.add_row(
            placed_as(runner, runner["finish"] in shared),
            runner.get("program") or numbers[id(runner)],
            escape(runner["horse"]),
            runner["odds"] or "",
        )
    scratched = [r["horse"] for r in report["runners"] if r["scratched"]]
    if scratched:
        table.caption = escape("scratched: " + ", ".join(scratched))
        table.caption_justify = "left"
    return table


def _board_after(report: JSON, board: list[JSON], kept: list[JSON] | None = None) -> Table:
    """The board by points, each marker's pick in this race beside it ("-": not in a
    tie-break race); only the rows ``kept`` (all: None), a line in each gap saying how
    many it leaves out and on what points ("... 12 more on 0 to 3 points")."""
    picks = {p["marker"]: p for p in report["picks"]}
    # the points stand on the track's line ("15 ####...|"): a column of their own left
    # a long horse's pick two rows at 80 columns
    wide = len(str(max(row["points"] for row in board)))
    table = _compact(
        Column("", justify="right"),
        "player",
        "this race",
        Column("points on the board", no_wrap=True),
        title=f"The board after race {report['race']}",
    )
    shown = None if kept is None else {row["marker"] for row in kept}
    gap: list[JSON] = []
    for row in sorted(board, key=lambda r: (-r["points"], r["marker"])):
        if shown is not None and row["marker"] not in shown:
            gap.append(row)
            continue
        if gap:
            table.add_row("...", "", _left_out(gap), "")
            gap = []
        who = said_name(row["name"], row["bot"]) + (" [team]" if row["team"] else "")
        table.add_row(
            str(row["marker"]),
            escape(who),
            escape(_this_race(picks.get(row["marker"]))),
            f"{row['points']:>{wide}} {track(row['points'])}",
        )
    if gap:
        table.add_row("...", "", _left_out(gap), "")
    return table


def _left_out(rows: list[JSON]) -> str:
    """A gap in the fitted board: '12 more on 0 to 3 points' (m shows them)."""
    high, low = rows[0]["points"], rows[-1]["points"]
    on = f"{low} to {high} points" if low != high else ("1 point" if low == 1 else f"{low} points")
    return f"{len(rows)} more on {on}"


def _this_race(pick: JSON | None) -> str:
    """'place 2 Winter Kettle: 3rd, +4'; 'sat out'; '-' for a marker that did not pick."""
    if pick is None:
        return "-"
    if pick.get("sat_out"):
        return "sat out"
    number = f"{pick['program']} " if pick.get("program") else ""
    return f"{pick['bet']} {number}{pick['horse']}: {ordinal(pick['finish'])}, +{pick['points']}"


def leader_line(board: list[JSON]) -> str:
    """Who leads and how far the Official Finish (the track's '|') is: the board's "to
    go" column in one line."""
    leader = max(row["points"] for row in board)
    ahead = [row["name"] for row in board if row["points"] == leader]
    names = ahead[0] if len(ahead) == 1 else f"{', '.join(ahead[:-1])} and {ahead[-1]}"
    if len(ahead) > 3:  # twenty markers named took three lines of 80 x 24: the board names them
        names = f"{len(ahead)} markers"
    if leader == 0:
        return "Nobody has scored yet: more than 20 points pass the Official Finish (|)."
    lead = "leads" if len(ahead) == 1 else "lead"
    if leader > OFFICIAL_FINISH:
        return f"{names} {lead} on {leader}, past the Official Finish (|)."
    more = OFFICIAL_FINISH + 1 - leader
    return f"{names} {lead} on {leader}: {more} more to pass the Official Finish (|)."


LOG_WORD = "log"
"""Typed at any prompt of a person at the terminal: the game's log so far (``log_lines``)."""
LOG_SAID = f"Type {LOG_WORD} for every pick and result so far."
"""What help says of ``log`` (at every question of a person at the terminal)."""
LOG_SHORT = f"{LOG_WORD}: all so far"
"""The hint where a question's line has little room (the pause between races)."""
LOGGED_NOTICES = ("official", "correction", "tie-break", "winner")
"""The notices said in the terminal's log, under the move that made them: each race's
official result (what it gave each marker), a correction, a tie-break, who won."""


def log_lines(table: TableSession) -> list[str]:
    """The table's log as the web page numbers it ("4: Ann: picked 2 Desert Sparrow to
    win", "3: race replay"), each move in the rules' words (``DerbyCastState.move_words``,
    rules/words.py ``move_said``), and under the move that made it each race's official
    result in the notices' words ("Race 1, ... is official: Ann +4, Bob +0."). The
    terminal had no log: a race's picks were on its card only until the next card. What
    every seat may know, the TV's log: a sealed pick is 'picked (sealed)' until picks
    close (R22), at anyone's prompt."""
    from homestretch.games.derbycast.rules.game import DerbyCastState

    state = replay(table.game, [])
    assert isinstance(state, DerbyCastState)
    lines: list[str] = []
    names = [seat.name for seat in table.seats]
    for entry, event in zip(table.log_for(None), table.state.events, strict=True):
        if "chance" in entry:
            faces = " and ".join(str(f) for f in entry.get("faces") or [])
            lines.append(f"{entry['position']}: {entry['chance']}{' ' + faces if faces else ''}")
        else:
            who = names[entry["player"]] if 0 <= entry["player"] < len(names) else "?"
            said = entry.get("words") or entry["action"].get("kind", "")
            lines.append(f"{entry['position']}: {who}: {said}")
        before = len(state.notices)
        state.apply_event(event)
        lines += [f"   {n['words']}" for n in state.notices[before:] if n["type"] in LOGGED_NOTICES]
    return lines


def print_log(console: Console, table: TableSession) -> None:
    """``log`` at a prompt: the log so far under a heading, then the question again."""
    lines = log_lines(table)
    console.print("The log so far, numbered as the table's page numbers it:", style="bold")
    for line in lines or ["nothing yet"]:
        console.print(line, markup=False, highlight=False)
