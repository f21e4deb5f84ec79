"""Drawing a player's view in the terminal: the table, the training ring, the course."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from homestretch.cli.plain import Table
from homestretch.core.protocol import JSON
from homestretch.games.totopoly.content.loader import Content
from homestretch.games.totopoly.rules.tote import TOTE_PAYS
from homestretch.games.totopoly.rules.views import RING_CODES
from homestretch.games.totopoly.rules.words import guineas

STYLE = {
    "black": "bold white on grey23",
    "red": "bold red",
    "yellow": "bold yellow",
    "blue": "bold blue",
}
CELL_CHAR = {"black": "K", "red": "R", "yellow": "Y", "blue": "B"}
HALF = 30
NOTICE_LINES = 6


def money(pounds: int | None) -> str:
    """A sum of money, or that it is hidden (another's, until the auction ends, T41)."""
    return "hidden" if pounds is None else f"£{pounds}"


def cash_line(view: JSON, you: int | None) -> str:
    """Everyone's cash and the bank as a player at the table sees them: all of it in the
    open, or (T41: from the payment for the kept cards until the last lot is sold) his
    own alone, the others' and the bank's said hidden in words ("unseen" beside each
    name read as if the sum were not yet known to the game)."""
    players = view["players"]
    each = cash_each(view, you)
    if each is not None:
        return f"Cash: {', '.join(each[:-1])}; {each[-1]}"
    mine = next((p["cash"] for p in players if p["seat"] == you), None)
    if mine is None:
        return "Everyone's cash and the bank's are hidden until the auction ends"
    # in 80 columns with four figures of cash ("the others' cash and the bank's" left
    # "ends" alone on a second row)
    return f"Your cash: £{mine}; the others' and the bank's are hidden until the auction ends"


def cash_each(view: JSON, you: int | None) -> list[str] | None:
    """Everyone's cash and then the bank's, an entry each ("Ann £406 (you)", ..., "bank
    £1449"), when all of it is in the open."""
    players = view["players"]
    if any(p["cash"] is None for p in players) or view["bank"] is None:
        return None
    said = [f"{p['name']} £{p['cash']}{' (you)' if p['seat'] == you else ''}" for p in players]
    return [*said, f"bank £{view['bank']}"]


def players_table(view: JSON) -> Table:
    table = Table("seat", "player", "cash", "club", "colour cards", "white", "kept", "businesses")
    names = {p["seat"]: p["name"] for p in view["players"]}
    roles = [
        f"{names[view[role]]} is the {role}"
        for role in ("banker", "auctioneer")
        if view.get(role) is not None and view[role] in names
    ]
    # the roles said under the table: beside a name, at 80 columns, the column cut one
    # to "Computer 1 (auctionee…"
    table.caption = "; ".join(roles) if roles else None
    table.caption_justify = "left"
    for p in view["players"]:
        cards = ", ".join(f"{n} {c}" for c, n in p["cards"].items() if c != "white" and n)
        hidden = f"+{p['face_down']} face down" if p["face_down"] else ""
        table.add_row(
            str(p["seat"] + 1),  # counted from 1, as people count (and Across the Board)
            p["name"],
            money(p["cash"]),
            "member" if p["member"] else "",
            cards,
            str(p["cards"]["white"] or ""),
            ", ".join(k["special"] for k in p["kept"]),
            " ".join(part for part in (", ".join(p["businesses"]), hidden) if part),
        )
    return table


def card_text(card: JSON) -> Text:
    """A lease card as a player reads it: a horse's number and colour beside its name."""
    if "horse" not in card:
        return Text(f"{card['name']} (£{card['value']})")
    text = Text(f"No. {card['horse']} ")
    text.append(card["name"], style=STYLE[card["colour"]])
    text.append(f" ({card['colour']}, £{card['value']})")
    return text


def tote_pad(view: JSON) -> str:
    """The clerk's pad: "the amount laid in the appropriate space" for each horse."""
    laid = view["tote"]["by_horse"]
    spaces = [
        f"No. {h['number']} £{laid.get(str(h['number']), 0)}"
        for h in view["horses"]
        if h["status"] in ("running", "fallen", "finished", "out")
    ]
    return f"Tote pad (pool £{view['tote']['pool']}): " + "  ".join(spaces)


def on_course(horse: JSON) -> str:
    """Where a horse stands on the course: "length 7, track 3", or "at the gate, track 1"
    before its first throw (it said "length 0", a length the course has not)."""
    if horse["length"] == 0:
        return f"at the gate, track {horse['track']}"
    return f"length {horse['length']}, track {horse['track']}"


def horses_table(view: JSON, names: list[str]) -> Table:
    table = Table("no.", "horse", "colour", "owner", "status", "where")
    for h in view["horses"]:
        if h["status"] == "withdrawn" and h["owner"] is None:
            continue
        where = ""
        if "square" in h:
            where = f"ring square {h['square']}"
        if "length" in h:
            where = on_course(h)
        owner = "" if h["owner"] is None else names[h["owner"]]
        colour = Text(h["colour"], style=STYLE[h["colour"]])
        table.add_row(str(h["number"]), h["name"], colour, owner, h["status"], where)
    return table


def horse_keys(content: Content) -> dict[int, str]:
    """The letter a horse of two digits is drawn by on the course picture (No. 10 "a"),
    keyed under it: in a cell two characters wide "10" beside No. 7 read "710". The
    letters skip the squares' own (K R Y B and the written instructions' codes, either
    case), so a letter on the picture is a horse's."""
    taken = {code.lower() for code in (*CELL_CHAR.values(), *content.course.instructions)}
    letters = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in taken]
    numbers = sorted(n for n in content.horses if n >= 10)
    return dict(zip(numbers, letters, strict=False))


WIDE_CELL = 3
"""A length's cell in a terminal of ``6 + WIDE_CELL * HALF`` columns or more (96): wide
enough for No. 10 to 12 to be drawn by their numbers, " 7 10" read apart, no key."""


def cell_width(width: int | None) -> int:
    """How many columns a length takes on the course picture: two ("K", " 7", a letter
    keyed for No. 10), three from 96 columns on (" 10")."""
    return WIDE_CELL if width is not None and width >= 6 + WIDE_CELL * HALF else 2


def course_rows(lengths: int, width: int | None) -> int:
    """The lengths a row of the course picture shows: ``HALF`` (the course in two
    halves at 80 columns), fewer when ``width`` is narrower than "trk 1 " and thirty
    cells, the course then in rows of even size, none wrapped."""
    if width is None or width >= 6 + 2 * HALF:
        return HALF
    room = max(5, (width - 6) // 2)
    rows = -(-lengths // room)
    return -(-lengths // rows)


def course_picture(
    view: JSON, content: Content, legend: bool = True, width: int | None = None
) -> Text:
    """The course in two halves (narrower than 66 columns, ``width``, in rows that fit),
    track 1 (the rails) at the bottom of each, each horse a character in a cell two
    wide, its number (one digit) or its letter keyed under the picture ("a = No. 10"),
    from 96 columns on a cell three wide and every horse its number; the lines under it
    (the gate, the key, the post, the squares' legend, ``legend``) broken between two
    items to fit ``width``, never inside one ("a = / No. 10" at 40 columns)."""
    course = content.course
    at = {(h["length"], h["track"] - 1): h for h in view["horses"] if "length" in h}
    cell_w = cell_width(width)
    keys = horse_keys(content) if cell_w == 2 else {}
    keyed: set[int] = set()
    per_row = course_rows(course.lengths, width)
    text = Text()
    for start in range(1, course.lengths + 1, per_row):
        stop = min(start + per_row - 1, course.lengths)
        wide = cell_w == WIDE_CELL  # a number over its cell's mark, as a horse's is drawn
        ruler = "".join(
            (f"{n:>{cell_w}}" if wide else f"{n:<{cell_w}}")
            if n % 5 == 0 or n == start
            else " " * cell_w
            for n in range(start, stop + 1)
        )
        text.append(f"      {ruler}\n", style="dim")
        for track in reversed(range(course.tracks)):
            text.append(f"trk {track + 1} ")
            for length in range(start, stop + 1):
                horse = at.get((length, track))
                cell = course.cell(length, track)
                if horse is not None:
                    number = horse["number"]
                    mark = keys.get(number, str(number))
                    if number in keys:
                        keyed.add(number)
                    style = STYLE[horse["colour"]] + " reverse"
                    text.append(f"{mark:>{cell_w}}", style=style)
                elif cell in CELL_CHAR:
                    text.append(f"{CELL_CHAR[cell]:>{cell_w}}", style=STYLE[cell])
                elif cell:
                    text.append(f"{cell:>{cell_w}}", style="magenta")
                else:
                    bend = course.on_bend(length)
                    text.append(f"{'~' if bend else '.':>{cell_w}}", style="dim")
            text.append("\n")
    room = width if width is not None else None
    gate = [str(h["number"]) for h in view["horses"] if h.get("length") == 0]
    key = [f"{keys[n]} = No. {n}" for n in sorted(keyed)]
    # in a line: the race screen has a row to spare for one (80 x 24)
    if gate:
        pieces = [f"{n}," for n in gate[:-1]] + [gate[-1] + (";" if key else "")]
        pieces += [f"{k}," for k in key[:-1]] + key[-1:]
        text.append(fitted("at the gate:", pieces, room))
    elif key:
        text.append(fitted("", [f"{k}," for k in key[:-1]] + key[-1:], room))
    if view["finish"]:
        home = [str(n) for n in view["finish"]]
        pieces = [f"{n}," for n in home[:-1]] + home[-1:]
        text.append(fitted("past the post:", pieces, room), style="bold")
    if legend:
        said = [f"{code}: {i.text}" for code, i in course.instructions.items()]
        pieces = ["K R Y B coloured squares; ~ the bend;", *said]
        text.append(fitted("", pieces, room, apart="  "), style="dim")
    return text


def fitted(head: str, pieces: list[str], width: int | None, apart: str = " ") -> str:
    """``head`` and ``pieces`` (each with its own mark: "1,", "a = No. 10") in rows of
    ``width`` broken only between two pieces, ``apart`` between two on a row (one line
    when ``width`` is None), each row ending in a newline."""
    if width is None:
        return (f"{head} " if head else "") + apart.join(pieces) + "\n"
    return "".join(row + "\n" for row in packed(head, pieces, width, apart))


RING_ROW = 16


def ring_picture(view: JSON, content: Content, legend: bool = True) -> Text:
    """The training ring as rows of squares, with the horses standing on them, and the
    squares' legend (``legend``)."""
    on: dict[int, list[JSON]] = {}
    for horse in view["horses"]:
        if "square" in horse:
            on.setdefault(horse["square"], []).append(horse)
    text = Text()
    for start in range(0, content.ring_size, RING_ROW):
        squares = range(start, min(start + RING_ROW, content.ring_size))
        text.append(" ".join(f"{n:>4}" for n in squares) + "\n", style="dim")
        codes = []
        for n in squares:
            square = content.ring.get(n)
            code = "" if square is None else RING_CODES[square.effect]
            if square is not None and square.effect == "pay":
                code += str(square.amount)
            codes.append(f"{code or '.':>4}")
        text.append(" ".join(codes) + "\n")
        depth = max((len(on.get(n, [])) for n in squares), default=0)
        for level in range(depth):
            for n in squares:
                here = on.get(n, [])
                if level < len(here):
                    horse = here[level]
                    text.append(f"{horse['number']:>4}", style=STYLE[horse["colour"]])
                else:
                    text.append("    ")
                text.append(" ")
            text.append("\n")
    if not legend:
        return text
    boxes = ", ".join(f"{h}:{sq}" for h, sq in sorted(content.boxes.items()))
    text.append(
        "ST stables  VT vet  £ pay  CF club fee  CO may join the club  C+ colour card  "
        f"W+ white card  BX back to the box; boxes open onto squares {boxes}\n",
        style="dim",
    )
    return text


RACE_MOVES = 3
"""The others' latest moves a race screen shows (``race_view``)."""


def _fitted_heading(console: Console, view: JSON, what: str) -> int | None:
    """The rule over a fitted screen, naming whose it is; this player's seat (None for
    a watcher)."""
    you = view.get("you")
    if not (isinstance(you, int) and 0 <= you < len(view["players"])):
        you = None
    whose = "" if you is None else f"{view['players'][you]['name']}: "
    console.rule(escape(f"Totopoly - {whose}{what} (m: the whole table)"))
    return you


def _fitted_foot(console: Console, view: JSON, moves: list[str]) -> None:
    """The others' latest moves and the question, under a fitted screen (at the Tote
    without how it pays, three rows the grid's title says in one)."""
    if moves:
        heading = since_heading(len(moves) - RACE_MOVES)
        tail = " m shows all):"  # kept together: "all):" alone on a row read ill
        words = heading.removesuffix(tail).split(" ")
        if heading.endswith(tail):
            words.append(tail.strip())
        for row in packed("", words, console.width):
            console.print(Text(row, style="bold"))
        for line in moves[-RACE_MOVES:]:
            console.print(f"  {escape(line)}")
    if view["prompt"]:
        asked = view["prompt"].replace(TOTE_PAYS, "") if view["phase"] == "tote" else view["prompt"]
        console.print(f"[bold]{escape(asked)}[/bold]")


def since_heading(left_off: int) -> str:
    """The heading over the others' latest moves, saying how many earlier ones the screen
    leaves off and that m says them all, as the hot seat's recap does ("Since your last
    move (5 earlier moves left off: m shows all):"); it showed the latest three, no more
    said."""
    if left_off <= 0:
        return "Since your last move:"
    moves = "move" if left_off == 1 else "moves"
    return f"Since your last move ({left_off} earlier {moves} left off: m shows all):"


def race_view(console: Console, view: JSON, content: Content, moves: list[str]) -> None:
    """A move in the race, in what fits an 80 x 24 terminal with its question and list:
    the course with every horse on it, where this player's horses are, the others'
    latest moves and the question. The whole table (the players, the Tote pad, the
    horses, the squares' legend, the news) was drawn at every move of the race, 60 to
    86 rows; it is ``show_view``, m at the prompt."""
    you = _fitted_heading(console, view, "race")
    console.print(course_picture(view, content, False, console.width), end="")
    _yours(console, view, you, "length", on_course)
    _fitted_foot(console, view, moves)


def _yours(
    console: Console, view: JSON, you: int | None, where: str, said: Callable[[JSON], str]
) -> None:
    """One line of where this player's horses stand (those with ``where`` in the view),
    broken between two horses to fit the terminal ("at / the gate" at 60 columns). Where
    the first horse does not fit beside "Yours:" (the race at 40 columns: "Yours: No. 1
    (black) at the gate, track 1;" is 42), "Yours:" stood alone on its row: there they
    are a list under a heading, a horse a row, as the latest moves are under theirs."""
    yours = [
        f"No. {h['number']} ({h['colour']}) {said(h)}"
        for h in view["horses"]
        if you is not None and h.get("owner") == you and where in h
    ]
    if not yours:
        return
    pieces = [f"{y};" for y in yours[:-1]] + yours[-1:]
    if cell_len(f"Yours: {pieces[0]}") > console.width:
        console.print(Text("Your horses:" if len(yours) > 1 else "Your horse:", style="bold"))
        for horse in yours:
            console.print(LIST_INDENT + horse)
        return
    first, *rest = packed("Yours:", pieces, console.width)
    console.print(Text("Yours:", style="bold") + Text(first.removeprefix("Yours:")))
    for row in rest:
        console.print(row)


FITTED = (
    "deal",
    "exchange",
    "discard",
    "auction",
    "training",
    "racecourse",
    "entry",
    "sales",
    "nomination",
    "tote",
)
"""The phases drawn by ``phase_view`` at each move, what fits 80 x 24 (m: ``show_view``);
the race is ``race_view``."""
NOTICES_FITTED = 2
"""The latest of a seat's money and cards notices a fitted screen says."""


LIST_INDENT = "  "
"""How a listed line's rows after its first begin (``listed_rows``)."""


def listed_rows(head: str, items: list[str], width: int, before_last: str = ",") -> list[str]:
    """``head`` and then ``items``, comma-separated, in rows of ``width``, broken only
    between two items (the rows after the first indented): the kept leases' line
    ("You paid £350 for the leases you kept: No. 8 £80, ...") wrapped inside a name at
    80 columns ("Stevedon Training" on one row, "Stables £130" on the next). An item
    wider than a row has a row of its own. ``before_last``: the mark after the last
    item but one (";" before the bank's cash)."""
    marks = ([","] * (len(items) - 2) + [before_last] if len(items) > 1 else []) + [""]
    pieces = [item + mark for item, mark in zip(items, marks, strict=False)]
    return packed(head, pieces, width)


def packed(head: str, pieces: list[str], width: int, apart: str = " ") -> list[str]:
    """``head`` and ``pieces`` in rows of ``width``, broken only between two pieces,
    ``apart`` between two on a row, the rows after the first indented (``LIST_INDENT``;
    with no ``head`` the first piece begins the first row). A piece wider than a row
    has a row of its own."""
    rows: list[str] = []
    row = head
    for piece in pieces:
        if row in ("", LIST_INDENT):
            row += piece
        elif cell_len(row) + len(gap := " " if row == head else apart) + cell_len(piece) <= width:
            row = f"{row}{gap}{piece}"
        else:
            rows.append(row)
            row = LIST_INDENT + piece
    return [*rows, row]


def phase_view(
    console: Console,
    view: JSON,
    content: Content,
    moves: list[str],
    notices: list[JSON] | None = None,
    tickets: list[tuple[int, int]] | None = None,
    paid: list[tuple[str, list[str]]] | None = None,
) -> None:
    """A move before the race, in what fits an 80 x 24 terminal with its question and
    list: everyone's cash (or that it is hidden) and under it ``paid`` (what this
    player's cash went on, each a line: the leases he kept, a lot he bought:
    ``listed_rows``), the lot and its bid (the auction), the
    ring with the horses on it and where this player's stand (training), the runners
    with their Tote pools and what they pay and this player's ``tickets`` (horse,
    pounds: the Tote), his hand and leases, his latest ``notices``, the others' latest
    moves. The whole table was drawn at every move, 65 rows in the ring with six
    players, 91 at the Tote; it is ``show_view``, m at the prompt."""
    names = [p["name"] for p in view["players"]]
    phase = view["phase"]
    you = _fitted_heading(console, view, phase)
    if phase != "tote":  # a bettor weighs his own money (tickets_line)
        each = cash_each(view, you)
        if each is None:  # hidden (T41): his own alone, in a line
            console.print(Text(cash_line(view, you)))
        else:  # broken between two players' sums, as the leases kept are
            for row in listed_rows("Cash:", each, console.width, before_last=";"):
                console.print(Text(row))
    for head, items in paid or []:
        for row in listed_rows(head, items, console.width):
            console.print(Text(row, style="bold"))
    if "lot" in view:
        lot = view["lot"]
        standing = (
            "no bid yet"
            if lot["bidder"] is None
            else f"{guineas(int(lot['bid']))} bid by {names[lot['bidder']]}"
        )
        console.print("[bold]On sale:[/bold] " + escape(f"{lot['name']} - {standing}"))
    if phase == "tote":
        console.print(runners_grid(view, names, you), end="")
        mine = None if you is None else view["players"][you]["cash"]
        console.print(Text(tickets_line(mine, tickets or []), style="bold"))
    elif phase == "training":
        console.print(ring_picture(view, content, legend=False), end="")
        _yours(console, view, you, "square", lambda h: f"square {h['square']}")
        if view.get("your_report"):
            console.print(Text("Your last report: ", style="bold") + Text(view["your_report"]))
    else:  # what he may offer, hold, and knows of the lots; his cards
        for label, key in (("Your hand", "hand"), ("Your leases", "leases")):
            if view.get(key):
                console.print(
                    Text(f"{label}: ", style="bold")
                    + Text(", ").join(card_text(c) for c in view[key])
                )
        choosing = phase == "auction" and "lot" not in view and you == view.get("auctioneer")
        if view.get("known_lots") and not choosing:  # the auctioneer's list names them
            console.print(
                Text("You know these lots: ")
                + Text(", ").join(card_text(c) for c in view["known_lots"])
            )
        cards = _cards_said(view, you)
        if cards:
            console.print(Text("Your cards: ", style="bold") + Text(cards))
        if phase != "auction":
            for notice in (notices or [])[-NOTICES_FITTED:]:
                console.print(Text(f"  {notice['words']}", style="dim"))
    _fitted_foot(console, view, moves)


def _cards_said(view: JSON, you: int | None) -> str:
    """This player's colour and white cards and the kept reports in a line ("2 black, 1
    white; kept: reins"), or nothing."""
    if you is None:
        return ""
    player = view["players"][you]
    said = ", ".join(f"{n} {c}" for c, n in player["cards"].items() if n)
    kept = ", ".join(k["special"] for k in player["kept"])
    return "; ".join(part for part in (said, f"kept: {kept}" if kept else "") if part)


LOT_CELL = 36
"""A lot in ``lots_listing``'s grid: two a row at 80 columns."""


def lots_listing(said: list[str]) -> list[str]:
    """The auctioneer's lots to choose from, ``said`` as the list words each ("put the
    lease of No. 1 Ebony Lantern up for auction"), two a row under one line saying what
    the numbers do, the numbers reading as ever: a line a lot, seventeen with two
    players, pushed the screen to 27 rows."""
    names = [
        words.removeprefix("put the lease of ").removeprefix("put ").removesuffix(" up for auction")
        for words in said
    ]
    cells = [f"{n:>3}  {short(name, LOT_CELL - 5)}" for n, name in enumerate(names, start=1)]
    rows = [
        "".join(cell.ljust(LOT_CELL) for cell in cells[at : at + 2]).rstrip()
        for at in range(0, len(cells), 2)
    ]
    return [f"1-{len(said)}  put that lease up for auction (m: what each is worth)", *rows]


COLOUR_LETTER = {"black": "K", "red": "R", "yellow": "Y", "blue": "B"}
TOTE_HALF = 38
"""A runner's cell in the Tote's grid: two a row at 80 columns."""


def pays(pool: int, laid: int) -> str:
    """What £1 on a horse brings back if it wins, the pool as it stands (T18: the clerk's
    10% rounded down, the rest shared by its tickets): "-" when nothing is on it."""
    if laid == 0:
        return "-"
    back = (pool - pool * 10 // 100) / laid
    return f"£{back:.2f}" if back < 100 else f"£{back:.0f}"


def short(name: str, room: int) -> str:
    """A name in ``room`` characters: cut with its last character kept ("Comput…4"),
    so two players of one family name stay apart."""
    return name if len(name) <= room else name[: room - 2] + "…" + name[-1]


def runners_grid(view: JSON, names: list[str], you: int | None) -> Text:
    """The runners at the Tote, two a row: each horse's number and colour (K R Y B),
    name, owner (* his nominee), the pounds on it and what £1 on it pays if it wins."""
    tote = view["tote"]
    nominees = {p["nominated"] for p in view["players"] if p.get("nominated")}
    runners = [h for h in view["horses"] if h["status"] in ("running", "fallen", "finished")]
    text = Text(
        f"Tote pool £{tote['pool']}, less 10%, to the winner's tickets; pays: for £1; "
        "* nominated\n",
        style="bold",
    )
    head = f"{'no.':<4}{'horse':<14}{'owner':<8}{'on it':>6}{'pays':>7}"
    text.append(f"{head}  {head}\n".rstrip() + "\n", style="dim")
    for n, horse in enumerate(runners):
        laid = tote["by_horse"].get(str(horse["number"]), 0)
        owner = horse["owner"]
        who = "" if owner is None else ("you" if owner == you else names[owner])
        star = "*" if horse["number"] in nominees else ""
        text.append(f"{horse['number']:>2}", style=STYLE[horse["colour"]])
        text.append(f"{COLOUR_LETTER[horse['colour']]} ")
        text.append(short(horse["name"] + star, 13).ljust(14))
        text.append(f"{short(who, 8):<8}{'£' + str(laid):>6}{pays(tote['pool'], laid):>7}")
        text.append("\n" if n % 2 or n == len(runners) - 1 else "  ")
    return text


def tickets_line(cash: int | None, tickets: list[tuple[int, int]]) -> str:
    """This player's money and Tote tickets in a line ("Your cash: £440; your tickets:
    No. 4 £5")."""
    said = ", ".join(f"No. {h} £{pounds}" for h, pounds in tickets) or "none yet"
    return ("" if cash is None else f"Your cash: £{cash}; your tickets: ") + said


def show_view(
    console: Console,
    view: JSON,
    content: Content,
    notices: list[JSON] | None = None,
    moves: list[str] | None = None,
) -> None:
    """The table as ``view`` shows it, the latest of the seat's typed ``notices``
    (payments, prizes, Tote payouts, cards dealt to him) in words, and ``moves``: the
    other players' moves since he last chose ("Computer 2: bid 37 guineas")."""
    names = [p["name"] for p in view["players"]]
    you = view.get("you")  # whose screen this is, at the top as at the prompt
    whose = f"{names[you]}: " if isinstance(you, int) and 0 <= you < len(names) else ""
    console.rule(escape(f"Totopoly - {whose}{view['phase']}"))
    console.print(players_table(view))
    console.print(f"bank (prize fund): {money(view['bank'])}")
    if view["phase"] in ("tote", "race", "over") and not view["short"]:
        console.print(tote_pad(view))
    if view["phase"] in (
        "auction",
        "training",
        "entry",
        "sales",
        "nomination",
        "tote",
        "race",
        "over",
    ):
        console.print(horses_table(view, names))
    if view["phase"] == "training":
        console.print(ring_picture(view, content))
    if view["phase"] in ("tote", "race", "over"):
        console.print(course_picture(view, content, width=console.width))
    if "lot" in view:
        lot = view["lot"]
        standing = (
            "no bid yet"
            if lot["bidder"] is None
            else f"{guineas(int(lot['bid']))} bid by {names[lot['bidder']]}"
        )
        console.print("[bold]On sale:[/bold] " + escape(f"{lot['name']} - {standing}"))
    for label, key in (("Your hand", "hand"), ("Your leases", "leases")):
        if view.get(key):
            console.print(
                Text(f"{label}: ", style="bold") + Text(", ").join(card_text(c) for c in view[key])
            )
    if view.get("known_lots"):
        console.print(
            Text("You know these lots: ")
            + Text(", ").join(card_text(c) for c in view["known_lots"])
        )
    for line in view["news"][-8:]:
        console.print(f"  [dim]{escape(line)}[/dim]")
    if notices:
        console.print(Text("Money and cards lately:", style="bold"))
        for notice in notices[-NOTICE_LINES:]:
            console.print(f"  {escape(notice['words'])}")
    if moves:
        console.print(Text("Since your last move:", style="bold"))
        for line in moves:
            console.print(f"  {escape(line)}")
    if view.get("your_report") and view["phase"] == "training":
        console.print(Text("Your last report: ", style="bold") + Text(view["your_report"]))
    if view["prompt"]:
        console.print(f"[bold]{escape(view['prompt'])}[/bold]")
